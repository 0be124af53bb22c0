// The README and docs stand alone. The published ones (README, CHANGELOG,
// docs/, as package.json's `files` ships them) link only to files that are
// in the package, to headings that exist, or to absolute URLs, so every link
// resolves where a user reads them; the repository's other documents link
// only to files in the repository.
import { describe, expect, test } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const shipped: string[] = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).files;
const published = [
  'README.md',
  'CHANGELOG.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  ...readdirSync(join(root, 'docs/lint'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/lint/${f}`),
];
const repositoryOnly = [
  'bench/corpus/README.md',
  'python/README.md',
  'examples/crawlee/README.md',
  'extension/README.md',
  'examples/cloudflare-worker/README.md',
];

/** Markdown links, outside code blocks and code spans. */
function links(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

/** The anchors of a document's headings, as GitHub and npm make them. */
function anchors(text: string): Set<string> {
  const prose = text.replace(/```[\s\S]*?```/g, '');
  return new Set(
    [...prose.matchAll(/^#{1,6} +(.+)$/gm)].map((m) =>
      m[1]!
        .trim()
        .toLowerCase()
        .replace(/[^\w\- ]/g, '')
        .replace(/ /g, '-'),
    ),
  );
}

const inPackage = (path: string) => shipped.some((entry) => path === entry || path.startsWith(`${entry}/`));

describe('documentation links', () => {
  test.each(published)(
    '%s (published) links only to files in the package, headings that exist, or absolute URLs',
    (document) => {
      const text = readFileSync(join(root, document), 'utf8');
      for (const target of links(text)) {
        if (/^[a-z]+:/i.test(target)) {
          expect(target, `${document}: ${target}`).toMatch(/^https:\/\//);
          continue;
        }
        const [path, fragment] = target.split('#') as [string, string | undefined];
        const file = path === '' ? join(root, document) : join(dirname(join(root, document)), path);
        const inRepo = relative(root, file).replaceAll('\\', '/');
        expect(existsSync(file), `${document}: ${target} does not exist`).toBe(true);
        expect(inPackage(inRepo), `${document}: ${target} is not in the published package (package.json files)`).toBe(
          true,
        );
        if (fragment !== undefined && file.endsWith('.md')) {
          expect(anchors(readFileSync(file, 'utf8')).has(fragment), `${document}: ${target}: no such heading`).toBe(
            true,
          );
        }
      }
    },
  );

  test.each(repositoryOnly)('%s links only to files in the repository', (document) => {
    const text = readFileSync(join(root, document), 'utf8');
    for (const target of links(text)) {
      expect(target, `${document}: ${target}`).not.toMatch(/^[a-z]+:/i);
      const file = join(dirname(join(root, document)), target.split('#')[0]!);
      expect(relative(root, file).startsWith('..'), `${document}: ${target} leaves the repository`).toBe(false);
      expect(existsSync(file), `${document}: ${target} does not exist`).toBe(true);
    }
  });

  test("the README is for users of the package: install and quick start first, the repository's commands last", () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const headings = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(headings.slice(0, 3)).toEqual(['Install', 'Quick start', 'API']);
    expect(headings.at(-1)).toBe('Developing');
    expect(readme).toContain('npm test');
    expect(readme).not.toMatch(/npm ci|fresh clone|budget|before this version|test\/[\w-]+\.test\.ts/);
    // An array of tokens is a union; what Googlebot-News does is crawler('Googlebot-News').
    expect(readme).toContain("crawler('Googlebot-News')");
  });
});

// What the documents state must stay true of the code they describe.
describe('the documents say what the code does', () => {
  const documents = [...published, ...repositoryOnly];

  test('a count of lint codes is the count of the code list (ALL_CODES)', async () => {
    const { ALL_CODES } = await import('../src/lint.js');
    // CHANGELOG.md is history: each entry counts the codes of its own version.
    for (const document of documents.filter((d) => d !== 'CHANGELOG.md')) {
      const text = readFileSync(join(root, document), 'utf8');
      for (const m of text.matchAll(/\b(\d+) (?:stable |lint )?codes\b|\((\d+) of them, one page each/g)) {
        expect(Number(m[1] ?? m[2]), `${document}: "${m[0]}"`).toBe(ALL_CODES.length);
      }
    }
  });

  test('no document, source, test or script cites SPEC.md or an issue number, which a reader cannot follow: they cite our own docs', () => {
    // (CHANGELOG.md is history, left as written.)
    const sources = (folder: string): string[] =>
      readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
        .filter((e) => e.isFile() && /\.(ts|md|mjs|py|json)$/.test(e.name) && !e.parentPath.includes('node_modules'))
        .map((e) => relative(root, join(e.parentPath, e.name)));
    const files = [
      ...documents.filter((d) => d !== 'CHANGELOG.md'),
      ...['src', 'assembly', 'test', 'scripts', 'python/src', 'python/tests'].flatMap(sources),
    ];
    expect(files).toContain('test/reading.test.ts');
    // This file names what it looks for.
    for (const file of files.filter((f) => f !== 'test/docs.test.ts')) {
      const text = readFileSync(join(root, file), 'utf8');
      expect(text, file).not.toMatch(/\bSPEC(\.md| \d| section)/);
      expect(text, file).not.toMatch(/\b[Ii]ssues? #?\d+/);
    }
  });

  test('docs/site.md: the usage-signal columns are described as working, not as waiting to be wired in', () => {
    const site = readFileSync(join(root, 'docs/site.md'), 'utf8');
    expect(site).not.toMatch(/until the\s+library's reading of usage signals is wired in/);
    expect(site).toMatch(/library's `usage\(\)` reads them/);
  });

  test("docs/site.md: the page's size is the size the build makes (within 10%)", () => {
    const out = mkdtempSync(join(tmpdir(), 'robotsmatch-site-size-'));
    try {
      const printed = execFileSync(process.execPath, [join(root, 'scripts/build-site.mjs')], {
        cwd: root,
        env: { ...process.env, SITE_OUT: out },
        encoding: 'utf8',
      });
      const [, built, zipped] = /app\.js ([\d.]+) KB, ([\d.]+) KB gzipped/.exec(printed)!;
      const [, said, saidZipped] = /about\s+(\d+) KB minified, (\d+) KB gzipped/.exec(
        readFileSync(join(root, 'docs/site.md'), 'utf8'),
      )!;
      expect(
        Math.abs(Number(said) / Number(built) - 1),
        `docs/site.md says ${said} KB, the build makes ${built} KB`,
      ).toBeLessThan(0.1);
      expect(
        Math.abs(Number(saidZipped) / Number(zipped) - 1),
        `docs/site.md says ${saidZipped} KB gzipped, the build makes ${zipped} KB`,
      ).toBeLessThan(0.1);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
