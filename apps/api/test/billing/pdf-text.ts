/** Reading a rendered PDF back as text, for the invoice tests. */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The PDF's pages as text, one string per page, every run of spaces and line breaks one plain space. */
export async function readPdf(pdf: Buffer): Promise<{ pages: string[]; title: unknown; author: unknown }> {
  const document = await getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('');
      pages.push(plain(text));
    }
    const info = (await document.getMetadata()).info as Record<string, unknown>;
    return { pages, title: info.Title, author: info.Author };
  } finally {
    await document.destroy();
  }
}

/** Every run of spaces and line breaks as one plain space. */
export function plain(text: string): string {
  return text.replace(/\s+/g, ' ');
}
