// The README and docs stand alone. The published ones (README, CHANGELOG,
// docs/, as package.json's `files` ships them) link only to files that are
// in the package, to headings that exist, or to absolute URLs, so every link
// resolves where a user reads them; the repository's other documents link
// only to files in the repository.
import { describe, expect, test } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const shipped: string[] = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).files;
const published = ['README.md', 'CHANGELOG.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`),
  ...readdirSync(join(root, 'docs/lint')).filter((f) => f.endsWith('.md')).map((f) => `docs/lint/${f}`)];
const repositoryOnly = ['bench/corpus/README.md', 'python/README.md', 'examples/crawlee/README.md', 'examples/mv3-extension/README.md', 'examples/cloudflare-worker/README.md'];

/** Markdown links, outside code blocks and code spans. */
function links(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

/** The anchors of a document's headings, as GitHub and npm make them. */
function anchors(text: string): Set<string> {
  const prose = text.replace(/```[\s\S]*?```/g, '');
  return new Set([...prose.matchAll(/^#{1,6} +(.+)$/gm)].map((m) => m[1]!.trim().toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-')));
}

const inPackage = (path: string) => shipped.some((entry) => path === entry || path.startsWith(`${entry}/`));

describe('documentation links', () => {
  test.each(published)('%s (published) links only to files in the package, headings that exist, or absolute URLs', (document) => {
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
      expect(inPackage(inRepo), `${document}: ${target} is not in the published package (package.json files)`).toBe(true);
      if (fragment !== undefined && file.endsWith('.md')) {
        expect(anchors(readFileSync(file, 'utf8')).has(fragment), `${document}: ${target}: no such heading`).toBe(true);
      }
    }
  });

  test.each(repositoryOnly)('%s links only to files in the repository', (document) => {
    const text = readFileSync(join(root, document), 'utf8');
    for (const target of links(text)) {
      expect(target, `${document}: ${target}`).not.toMatch(/^[a-z]+:/i);
      const file = join(dirname(join(root, document)), target.split('#')[0]!);
      expect(relative(root, file).startsWith('..'), `${document}: ${target} leaves the repository`).toBe(false);
      expect(existsSync(file), `${document}: ${target} does not exist`).toBe(true);
    }
  });

  test('the README is for users of the package: install and quick start first, the repository\'s commands last', () => {
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
