// A URL list in random order over more origins than the compiled cache
// holds: the join partitions the rest of the list by origin on disk, and
// writes exactly what the join in memory writes, in every form, compiling
// far fewer files, with no temporary file left behind.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

const CLI = join(import.meta.dirname, '..', 'dist', 'cli', 'main.js');
const dir = mkdtempSync(join(tmpdir(), 'any-order-'));
const spillDir = mkdtempSync(join(tmpdir(), 'any-order-spill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterAll(() => rmSync(spillDir, { recursive: true, force: true }));

// 3,000 origins, 20 long URLs each (about 11 MB: three chunks), shuffled.
const M = 3000;
const archive = Array.from({ length: M }, (_, i) =>
  JSON.stringify(
    i % 10 === 7
      ? { url: `https://h${i}.example/robots.txt`, status: 404, body: '' }
      : {
          url: `https://h${i}.example/robots.txt`,
          status: 200,
          body: `User-agent: *\nDisallow: /p${i % 13}\nAllow: /p${i % 13}/ok\n`,
        },
  ),
);
writeFileSync(join(dir, 'archive.jsonl'), `${archive.join('\n')}\n`);
const rows: string[] = [];
for (let i = 0; i < M; i++)
  for (let j = 0; j < 20; j++)
    rows.push(`https://h${i}.example/p${(i + j) % 13}/${j % 3 ? 'ok' : 'no'}/${'a'.repeat(150)}${j}`);
rows.push('https://other.example/x', '', 'not a url', 'https://h1.example/caf\u00e9');
let seed = 12345;
for (let i = rows.length - 1; i > 0; i--) {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  const k = Math.floor((seed / 2 ** 32) * (i + 1));
  [rows[i], rows[k]] = [rows[k]!, rows[i]!];
}
writeFileSync(join(dir, 'random.txt'), `${rows.join('\n')}\n`);

const run = (form: string[], cache: string[]) =>
  spawnSync(
    process.execPath,
    [CLI, 'filter', '--robots-archive', join(dir, 'archive.jsonl'), ...cache, ...form, join(dir, 'random.txt')],
    { maxBuffer: 1 << 28 },
  );

describe('filter --robots-archive over a random-order list larger than the cache', () => {
  for (const form of [[], ['--json'], ['--verdicts']])
    test(`${form.join(' ') || 'plain'}: the rows of the join in memory, byte for byte`, () => {
      const small = run(form, ['--cache-bytes', '300000', '--tmp-dir', spillDir]);
      const whole = run(form, []);
      expect(small.status).toBe(0);
      expect(Buffer.compare(small.stdout, whole.stdout)).toBe(0);
      const summary = small.stderr.toString();
      expect(summary).toContain('partitioned by origin');
      // Each origin compiled at most once per chunk read in memory (two before the switch) and about once after it.
      const compiles = Number(/([\d,]+) files compiled/.exec(summary)![1]!.replaceAll(',', ''));
      expect(compiles).toBeLessThan(2 * M + M);
      expect(readdirSync(spillDir)).toEqual([]);
    });
});
