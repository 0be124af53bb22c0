// Every lint finding a person reads names the docs page that explains it,
// as a user runs the command: text and GitHub annotations end the message
// with the page, and --format json carries it as a `docs` field.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { robotsmatch } from './support/cli.js';
import { scratchDir } from './support/files.js';

// Line 2 lacks its colon (missing-colon), line 3 is outside any group's rules (a crawl delay for *).
const ROBOTS = 'User-agent: *\nDisallow /private/\nCrawl-delay: 5\n';
const { file } = scratchDir('lint-docs-links');
const robots = file('robots.txt', ROBOTS);
const packageFile = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

describe('lint names the docs page of every finding', () => {
  test('text: each finding line ends with its page, and the page exists', async () => {
    const r = await robotsmatch(['lint', robots]);
    const lines = r.stdout.split('\n').filter((l) => l.startsWith(`${robots}:`));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const code = /: (?:error|warning|info) ([a-z0-9-]+): /.exec(line)?.[1];
      expect(line, line).toMatch(new RegExp(` See docs/lint/${code}\\.md\\.$`));
      expect(existsSync(packageFile(`docs/lint/${code}.md`)), code).toBe(true);
    }
  });

  test('github: each annotation names its page', async () => {
    const r = await robotsmatch(['lint', robots, '--format', 'github']);
    const annotations = r.stdout.split('\n').filter((l) => l.startsWith('::'));
    expect(annotations.length).toBeGreaterThan(0);
    for (const a of annotations) {
      const code = /title=robotsmatch ([a-z0-9-]+)::/.exec(a)?.[1];
      expect(a, a).toContain(` See docs/lint/${code}.md.`);
    }
  });

  test('json: each diagnostic carries a docs field', async () => {
    const r = await robotsmatch(['lint', robots, '--format', 'json']);
    const [result] = JSON.parse(r.stdout).files as { diagnostics: { code: string; docs: string; message: string }[] }[];
    expect(result?.diagnostics.length).toBeGreaterThan(0);
    for (const d of result?.diagnostics ?? []) {
      expect(d.docs).toBe(`docs/lint/${d.code}.md`);
      // The message stays the plain sentence: the page is its own field.
      expect(d.message).not.toContain('docs/lint/');
    }
  });
});
