/**
 * Every reference in the repository to one of its documents leads somewhere: a cited file exists, and a
 * cited heading (`money-and-billing.md "Billing"`, `product.md "Validation rules", "Error catalogue"`,
 * `operations.md#backups`, a decision by number `decisions/074`) exists in it. References to documents
 * outside the repository (the old spec numbers, `../shared/`) fail, so a clone explains itself
 * (docs/README.md).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const DOCS = join(ROOT, 'docs');
const SCANNED = ['apps', 'packages', 'emulators', 'e2e', 'bench', 'scripts', 'docs', '.ci'];
const ROOT_FILES = [
  'README.md',
  'Dockerfile',
  'compose.yaml',
  'Caddyfile',
  'package.json',
  'biome.json',
  '.dependency-cruiser.cjs',
  'module-order.json',
];
const SKIPPED = new Set(['node_modules', 'dist', 'data', '.git', 'test-results', 'playwright-report']);
const TEXT = /\.(ts|tsx|mts|mjs|cjs|js|json|md|css|html|ya?ml|sh)$|(^|\/)(run|Dockerfile|Caddyfile)$/;
/** Where a document named without a folder is looked for, in this order. */
const SEARCH = ['docs', 'docs/reference', 'docs/decisions', '.'];

/** Documents a program writes (the screenshot walk's report), named but not kept in the repository. */
const GENERATED = new Set(['clipped.md']);

/** The old ways of pointing outside the repository. */
const OUTSIDE = [
  /\bspec(?: section)? \d/i,
  /\.\.\/shared\b/,
  /\bshared\/(?:spec|docs|reference)\//,
  /product-spec/,
];

/** A cited document: `name.md` with an optional `#anchor`, or `"Heading"`s after it (comma-separated). */
const CITATION =
  /(?<![\w/:.%-])((?:[\w.-]+\/)*[\w.-]+\.md)(?:#([\w-]+)|((?:,?\s"[^"\n]+")(?:,\s"[^"\n]+")*))?/g;
/** A decision cited by number: decisions/074, docs/decisions/074 (the file name may follow). */
const DECISION = /(?<![\w-])decisions\/(\d{3})(?![\d])/g;

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (SKIPPED.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return TEXT.test(path) ? [path] : [];
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/**
 * A heading as citations name it: without its `#`s, a leading "N. ", backticks and a closing remark in
 * parentheses ("Staff lists (issue 31, ...)" is cited as "Staff lists"), in lower case.
 */
/** Whether a cited heading names `heading`: the same, or its start (a heading may be cited shortened). */
function namesHeading(heading: string, cited: string): boolean {
  return heading === cited || heading.startsWith(`${cited} `) || heading.startsWith(`${cited},`);
}

function headingName(heading: string): string {
  return heading
    .replace(/^\d+\.\s+/, '')
    .replace(/`/g, '')
    .replace(/\s+\(.*\)$/, '')
    .trim()
    .toLowerCase();
}

const headingsOf = new Map<string, { names: Set<string>; slugs: Set<string> }>();
function headings(path: string) {
  let found = headingsOf.get(path);
  if (!found) {
    const lines = readFileSync(path, 'utf8')
      .replace(/```[\s\S]*?```/g, '')
      .split('\n')
      .filter((line) => /^#{1,6}\s/.test(line))
      .map((line) => line.replace(/^#+\s+/, '').trim());
    found = { names: new Set(lines.map(headingName)), slugs: new Set(lines.map(slug)) };
    headingsOf.set(path, found);
  }
  return found;
}

/** The document a citation in `from` names, or null: beside `from`, from the root, or in SEARCH. */
function resolveDocument(from: string, name: string): string | null {
  const candidates = [
    join(dirname(from), name),
    join(ROOT, name),
    ...SEARCH.map((dir) => join(ROOT, dir, name)),
  ];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

function brokenReferences(): string[] {
  const decisions = readdirSync(join(DOCS, 'decisions'));
  const scanned = [
    ...SCANNED.flatMap((dir) => files(join(ROOT, dir))),
    ...ROOT_FILES.map((f) => join(ROOT, f)),
  ];
  const broken: string[] = [];
  for (const path of scanned.filter((p) => existsSync(p) && p !== import.meta.filename)) {
    const file = relative(ROOT, path);
    const lines = readFileSync(path, 'utf8').split('\n');
    lines.forEach((line, i) => {
      const at = `${file}:${i + 1}`;
      for (const pattern of OUTSIDE)
        if (pattern.test(line)) broken.push(`${at} points outside the repository: ${line.trim()}`);
      for (const match of line.matchAll(CITATION)) {
        const [, name = '', anchor, quoted] = match;
        // Addresses of other projects' files (a URL, or a path in a package) are not ours to check.
        const before = line.slice(0, match.index);
        // A file name in a string literal of code is data (a test's document), not a citation.
        if (
          /:\/\/\S*$/.test(before) ||
          /['"]$/.test(before) ||
          name.startsWith('node_modules/') ||
          GENERATED.has(name)
        )
          continue;
        const target = resolveDocument(path, name);
        if (!target) {
          broken.push(`${at} cites ${name}, which does not exist`);
          continue;
        }
        const { names, slugs } = headings(target);
        if (anchor && !slugs.has(anchor))
          broken.push(`${at} cites ${name}#${anchor}, a heading it does not have`);
        const cited = quoted ? [...quoted.matchAll(/"([^"\n]+)"/g)].map((m) => m[1] ?? '') : [];
        // `"<heading>"` is how a page says it is cited, not a citation.
        for (const heading of cited.filter((h) => !h.startsWith('<')))
          if (![...names].some((name) => namesHeading(name, headingName(heading))))
            broken.push(`${at} cites ${name} "${heading}", a heading it does not have`);
      }
      for (const match of line.matchAll(DECISION))
        if (!decisions.some((d) => d.startsWith(`${match[1]}-`)))
          broken.push(`${at} cites decision ${match[1]}, which does not exist`);
    });
  }
  return broken;
}

describe('references to our documents', () => {
  it('name files and headings that exist, and nothing outside the repository', () => {
    expect(brokenReferences()).toEqual([]);
  });
});

describe('docs/architecture.md', () => {
  it('draws the module order of module-order.json, the one list', () => {
    const { api } = JSON.parse(readFileSync(join(ROOT, 'module-order.json'), 'utf8')) as { api: string[] };
    const page = readFileSync(join(DOCS, 'architecture.md'), 'utf8');
    expect(page).toContain(`  ${api.join(' → ')}\n`);
  });
});
