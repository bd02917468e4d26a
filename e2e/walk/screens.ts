/**
 * Screenshots of every route and dialog of the walk (walk.ts) at 360 and 1280 px in all five languages,
 * and a list of the text cut off by overflow at each. Not a test: run it against a running demo (demo mode,
 * for the captured mail and the Mollie emulator) with
 *
 *   npx tsx e2e/walk/screens.ts http://localhost:3000 [folder]
 *
 * It makes its own customer (with a server); the master logs in with MASTER_PASSWORD when given, else its
 * password is reset through the mailed link (which ends the master's other logins).
 * Files: <folder>/<lang>-<width>-<route-or-dialog>.png, <folder>/clipped.md and clipped.json (default
 * folder e2e/.artifacts/screens). LANGS=en,cs and WIDTHS=360 limit the run. clipped.md also lists what
 * the pages wrote to the console as errors or warnings (a hydration mismatch among them), and their
 * uncaught errors.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import {
  LANGUAGES,
  type Language,
  type Place,
  prepareAccounts,
  walkCustomer,
  walkGuest,
  walkStaff,
} from './walk';

/** One element whose text is cut: what it is, its text, and how much of it shows. */
export interface Clipped {
  lang: string;
  width: number;
  place: string;
  element: string;
  text: string;
  scrollWidth: number;
  clientWidth: number;
  why: string;
}

/**
 * Finds cut text in the page as drawn (with a dialog open, in the dialog): an element with its own text (or a button's label) whose content is
 * wider than its box while overflow is hidden or clipped, or text-overflow is ellipsis; a button whose label
 * reaches past the button's edge; and a page wider than the window (a sideways scroll on phones).
 */
async function findClipped(page: Page, dialog: boolean) {
  // tsx keeps function names with a helper the page lacks; give the page a stand-in.
  await page.evaluate('globalThis.__name ??= (f) => f');
  return page.evaluate((dialog) => {
    const found: Omit<Clipped, 'lang' | 'width' | 'place'>[] = [];
    const name = (el: Element) => {
      const id = el.getAttribute('data-testid');
      const cls = [...el.classList]
        .filter((c) => c.startsWith('mantine-') || c.startsWith('fh-'))
        .slice(0, 2);
      return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}${cls.map((c) => `.${c}`).join('')}`;
    };
    const ownText = (el: Element) =>
      [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
    // With a dialog open, only the dialog and its lists: the page under it was listed before.
    const scope = dialog ? '[role="dialog"] *, [role="listbox"] *' : 'body *';
    for (const el of document.querySelectorAll<HTMLElement>(scope)) {
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const style = getComputedStyle(el);
      const text = (el.textContent ?? '').trim();
      if (!text) continue;
      const labelOfButton =
        !!el.closest('button, [role="button"], a') && !el.matches('button, [role="button"], a');
      if (!ownText(el) && !labelOfButton) continue;
      const hides = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      if (hides && el.scrollWidth > el.clientWidth + 1)
        found.push({
          element: name(el),
          text: text.slice(0, 80),
          scrollWidth: el.scrollWidth,
          clientWidth: el.clientWidth,
          why: style.textOverflow === 'ellipsis' ? 'ellipsis' : `overflow ${style.overflowX}`,
        });
      else if (labelOfButton && ownText(el)) {
        const button = el.closest('button, [role="button"], a') as HTMLElement;
        const box = button.getBoundingClientRect();
        const label = el.getBoundingClientRect();
        if (label.right > box.right + 1 || label.left < box.left - 1)
          found.push({
            element: `${name(button)} > ${name(el)}`,
            text: text.slice(0, 80),
            scrollWidth: Math.round(label.width),
            clientWidth: Math.round(box.width),
            why: 'label wider than its button',
          });
      }
    }
    const root = document.documentElement;
    if (!dialog && root.scrollWidth > root.clientWidth + 1)
      found.push({
        element: 'html',
        text: '(the page scrolls sideways)',
        scrollWidth: root.scrollWidth,
        clientWidth: root.clientWidth,
        why: 'page wider than the window',
      });
    return found;
  }, dialog);
}

async function main(): Promise<void> {
  const baseURL = process.argv[2];
  if (!baseURL) throw new Error('usage: tsx e2e/walk/screens.ts <demo URL> [folder]');
  const folder = resolve(process.argv[3] ?? join(import.meta.dirname, '../.artifacts/screens'));
  mkdirSync(folder, { recursive: true });
  const langs = (process.env.LANGS?.split(',') ?? LANGUAGES) as Language[];
  const widths = (process.env.WIDTHS?.split(',') ?? ['360', '1280']).map(Number);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  const clipped: Clipped[] = [];
  const failed: string[] = [];
  const logged: string[] = [];
  /** Writes the lists so far (after each part, so a long run can be read while it goes on). */
  const write = () => {
    writeFileSync(join(folder, 'clipped.json'), JSON.stringify(clipped, null, 2));
    const lines = [
      ...new Set(
        clipped.map(
          (c) =>
            `- ${c.lang} ${c.width} ${c.place}: ${c.element} "${c.text}" (${c.why}, ${c.scrollWidth} > ${c.clientWidth})`,
        ),
      ),
    ];
    writeFileSync(
      join(folder, 'clipped.md'),
      `# Clipped text\n\n${lines.join('\n') || 'none'}\n\n# Console errors and warnings\n\n${[...new Set(logged)].join('\n') || 'none'}\n\n# Walk failures\n\n${failed.join('\n') || 'none'}\n`,
    );
    return lines;
  };
  try {
    const accounts = await prepareAccounts(browser, baseURL, process.env.MASTER_PASSWORD);
    for (const lng of langs)
      for (const width of widths) {
        const visit = async (page: Page, place: Place) => {
          await page.screenshot({
            path: join(folder, `${lng}-${width}-${place.name}.png`),
            fullPage: !place.dialog,
          });
          for (const c of await findClipped(page, place.dialog))
            clipped.push({ lang: lng, width, place: place.name, ...c });
        };
        const onPage = (page: Page) => {
          const where = () => `${lng} ${width} ${new URL(page.url()).pathname}`;
          page.on('console', (message) => {
            if (message.type() === 'error' || message.type() === 'warning')
              logged.push(
                `- ${where()}: ${message.type()} ${message.text().slice(0, 200)} (${message.location().url})`,
              );
          });
          page.on('pageerror', (error) =>
            logged.push(`- ${where()}: uncaught ${error.message.slice(0, 200)}`),
          );
        };
        const o = {
          browser,
          baseURL,
          lng,
          visit,
          onPage,
          context: { viewport: { width, height: width < 600 ? 780 : 800 } },
        };
        for (const [part, walk] of [
          ['guest', walkGuest],
          ['customer', walkCustomer],
          ['staff', walkStaff],
        ] as const) {
          const started = Date.now();
          try {
            await walk(o, accounts);
          } catch (error) {
            // One broken place must not lose the rest of the walk: say where, go on with the next part.
            failed.push(
              `${lng} ${width} ${part}: ${error instanceof Error ? error.message.split('\n').slice(0, 4).join(' / ') : error}`,
            );
          }
          console.log(`${lng} ${width} ${part}: ${Date.now() - started} ms`);
          write();
        }
      }
  } finally {
    await browser.close();
  }

  const lines = write();
  console.log(lines.join('\n') || 'no clipped text');
  console.log([...new Set(logged)].join('\n') || 'nothing written to the console as an error or warning');
  if (failed.length) {
    console.error(`walk failures:\n${failed.join('\n')}`);
    process.exitCode = 1;
  }
}

await main();
