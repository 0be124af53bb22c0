// How summaries and messages word counts and lists: "1 file", "2 files", "a, b and 3 more".
import { describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { plural } from '../src/common/count.js';
import { listOf } from '../src/lint/wording.js';
import { formatMatrix } from '../src/generate/format.js';

describe('counts and lists', () => {
  test('one thing is singular, any other number plural, in en-US digits', () => {
    expect(plural(1, 'file')).toBe('1 file');
    expect(plural(0, 'file')).toBe('0 files');
    expect(plural(1234, 'URL')).toBe('1,234 URLs');
    expect(plural(2, 'capture', 'captures')).toBe('2 captures');
    expect(plural(1, 'entry', 'entries')).toBe('1 entry');
  });

  test('a list says how many it leaves out, in the singular for one', () => {
    expect(listOf(['a'])).toBe('a');
    expect(listOf(['a', 'b', 'c'])).toBe('a, b and c');
    expect(listOf(['a', 'b', 'c', 'd'])).toBe('a, b, c and 1 more');
    expect(listOf(['a', 'b', 'c', 'd', 'e'], 3, 'crawlers')).toBe('a, b, c and 2 crawlers');
  });

  test("a proof matrix on one path says '1 path', not '1 paths'", () => {
    const text = formatMatrix({ rows: [], paths: ['/'] });
    expect(text.split('\n')[0]).toMatch(/^0 crawlers x 1 path, read as/);
  });
});

describe('the archive join summary', () => {
  test('one URL, one capture, one file: singular, and the outcome counts say they count URLs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'robotsmatch-wording-'));
    const archive = join(dir, 'archive.jsonl');
    writeFileSync(
      archive,
      `${JSON.stringify({ url: 'https://a.example/robots.txt', status: 200, body: 'User-agent: *\nDisallow: /x\n' })}\n`,
    );
    const cli = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
    const r = spawnSync(process.execPath, [cli, 'filter', '--robots-archive', archive, '-a', 'Googlebot'], {
      input: 'https://a.example/y\n',
      encoding: 'utf8',
    });
    expect(r.stdout).toBe('https://a.example/y\n');
    expect(r.stderr).toMatch(
      /^robotsmatch filter: 1 URL for Googlebot, 1 kept; URLs by their origin's robots.txt: 1 read, 0 none \(allowed\), .*; 1 capture read in [\d.]+ s, 1 file compiled /,
    );
    const rows = spawnSync(
      process.execPath,
      [cli, 'filter', '--robots-archive', archive, '-a', 'Googlebot', '--json'],
      {
        input: '{"url":"https://a.example/y"}\n{"id":2}\n',
        encoding: 'utf8',
      },
    );
    expect(rows.stderr).toContain(', 1 row with no http(s) URL (invalid');
  });
});
