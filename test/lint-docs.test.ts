// docs/lint/: a page per code, listed in the index, whose severity and fix
// kind are the registry's, whose example triggers the code, and whose shown
// output is what the linter prints today (npm run docs:lint rewrites them).
import { describe, expect, test } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ALL_CODES, CODES, formatText, lint, type DiagnosticCode, type LintOptions } from '../src/lint.js';

const DIR = fileURLToPath(new URL('../docs/lint/', import.meta.url));
const FIX: Record<string, string> = { none: 'none', safe: 'safe', unsafe: 'unsafe', either: 'safe or unsafe' };

interface Example {
  text?: string;
  base64?: string;
  repeat?: { head: string; line: string; count: number; tail: string };
  options?: LintOptions;
}

function exampleOf(page: string): { body: string | Uint8Array; options: LintOptions } {
  const m = /<!-- example \(checked by test\/lint-docs\.test\.ts\): (.*) -->/.exec(page);
  if (!m) throw new Error('no example marker');
  const e = JSON.parse(m[1]!) as Example;
  const body =
    e.text ??
    (e.base64 !== undefined
      ? new Uint8Array(Buffer.from(e.base64, 'base64'))
      : e.repeat!.head +
        Array.from({ length: e.repeat!.count }, (_, i) => e.repeat!.line.replace('{i}', String(i))).join('') +
        e.repeat!.tail);
  return { body, options: e.options ?? {} };
}

describe('docs/lint', () => {
  test('every page is what npm run docs:lint writes from its prose (scripts/lint-docs/data.mjs) and the built linter', () => {
    const script = fileURLToPath(new URL('../scripts/lint-docs/pages.mjs', import.meta.url));
    const run = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  const index = readFileSync(`${DIR}README.md`, 'utf8');

  test('a page for every code and none for a code that does not exist; the index lists each', () => {
    expect(
      readdirSync(DIR)
        .filter((f) => f !== 'README.md')
        .sort(),
    ).toEqual(ALL_CODES.map((c) => `${c}.md`).sort());
    for (const code of ALL_CODES)
      expect(index, code).toContain(`| [\`${code}\`](${code}.md) | ${CODES[code].severity} |`);
  });

  test.each(ALL_CODES)(
    "%s: severity, fix, sources, and an example whose output is the linter's",
    (code: DiagnosticCode) => {
      const page = readFileSync(`${DIR}${code}.md`, 'utf8');
      expect(page.startsWith(`# \`${code}\`: ${CODES[code].title}\n`)).toBe(true);
      expect(page).toContain(`| ${CODES[code].severity} | ${FIX[CODES[code].fix]} |`);
      expect(page).toMatch(/## Why it matters\n\n[\s\S]+Sources?:/);
      expect(page).toMatch(/Google|RFC 9309|Yandex|Bing|sitemaps\.org/);
      const { body, options } = exampleOf(page);
      const found = lint(body, { ...options, select: [code] });
      expect(found.map((d) => d.code)).toContain(code);
      const label = options.source ? 'https://example.com/robots.txt' : 'robots.txt';
      expect(page).toContain(formatText(label, found).trimEnd());
    },
  );
});
