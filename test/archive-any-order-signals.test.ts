// The join partitioned by origin (a random-order list over more origins than
// the compiled cache holds), ended by SIGINT or SIGTERM: no temporary file
// left, the exit status a shell gives a command the signal ended, and
// output that ends with a whole row. And how many files it compiles, on a
// list long enough (ten chunks) that compiling each origin once per chunk
// would be far over the bound.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, test } from 'vitest';

const CLI = join(import.meta.dirname, '..', 'dist', 'cli', 'main.js');
const dir = mkdtempSync(join(tmpdir(), 'any-order-signals-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// 500 origins, 80 URLs of about 1 KB each (40 MB: ten 4 MiB chunks), shuffled.
const M = 500;
const CHUNK = 4 << 20;
writeFileSync(
  join(dir, 'archive.jsonl'),
  `${Array.from({ length: M }, (_, i) =>
    JSON.stringify({
      url: `https://h${i}.example/robots.txt`,
      status: 200,
      body: `User-agent: *\nDisallow: /p${i % 13}\nAllow: /p${i % 13}/ok\n`,
    }),
  ).join('\n')}\n`,
);
const rows: string[] = [];
for (let j = 0; j < 80; j++)
  for (let i = 0; i < M; i++)
    rows.push(`https://h${i}.example/p${(i + j) % 13}/${j % 3 ? 'ok' : 'no'}/${'a'.repeat(1000)}${j}`);
let seed = 1;
for (let i = rows.length - 1; i > 0; i--) {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  const k = Math.floor((seed / 2 ** 32) * (i + 1));
  [rows[i], rows[k]] = [rows[k]!, rows[i]!];
}
const list = join(dir, 'random.txt');
writeFileSync(list, `${rows.join('\n')}\n`);
const inputLines = new Set(rows);

const args = (tmp: string) => [
  CLI,
  'filter',
  '--robots-archive',
  join(dir, 'archive.jsonl'),
  '--cache-bytes',
  '30000',
  '--tmp-dir',
  tmp,
  list,
];

/** The files of the join's temporary directory in `tmp` (undefined while there is none). */
function spillFiles(tmp: string): string[] | undefined {
  const [sub] = readdirSync(tmp);
  if (sub === undefined) return undefined;
  try {
    return readdirSync(join(tmp, sub));
  } catch {
    return undefined; // removed meanwhile
  }
}

async function until(what: () => boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(5);
  }
}

/** Runs the join; `signal` is called with the child and the temporary directory, and sends the signal when it sees fit. */
async function signalled(
  signal: (child: ReturnType<typeof spawn>, tmp: string) => Promise<void>,
): Promise<{ code: number | null; ended: NodeJS.Signals | null; stdout: string; stderr: string; left: string[] }> {
  const tmp = mkdtempSync(join(dir, 'spill-'));
  const child = spawn(process.execPath, args(tmp), { stdio: ['ignore', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout!.on('data', (b: Buffer) => out.push(b));
  child.stderr!.on('data', (b: Buffer) => err.push(b));
  const closed = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on('close', (code, ended) => resolve([code, ended])),
  );
  await signal(child, tmp);
  const [code, ended] = await closed;
  return {
    code,
    ended,
    stdout: Buffer.concat(out).toString(),
    stderr: Buffer.concat(err).toString(),
    left: readdirSync(tmp),
  };
}

/** Every line of the output is one of the input's, whole. */
function wholeRows(stdout: string): void {
  expect(stdout === '' || stdout.endsWith('\n')).toBe(true);
  const lines = stdout.split('\n').slice(0, -1);
  expect(lines.filter((line) => !inputLines.has(line))).toEqual([]);
}

describe('filter --robots-archive partitioned by origin, ended by a signal', () => {
  test('SIGTERM while partitioning: ended by SIGTERM after its cleanup, no temporary file left, whole rows', async () => {
    const { code, ended, stdout, stderr, left } = await signalled(async (child, tmp) => {
      await until(() => spillFiles(tmp)?.includes('part-0') === true);
      child.kill('SIGTERM');
    });
    // Raised again once cleaned up: the caller sees a command SIGTERM ended, not an exit status.
    expect([code, ended]).toEqual([null, 'SIGTERM']);
    expect(left).toEqual([]);
    wholeRows(stdout);
    expect(stderr).toContain('stopped by SIGTERM');
  }, 120_000);

  test('SIGINT while a slow reader takes the rows: ended by SIGINT, no temporary file left, the last row whole', async () => {
    const { code, ended, stdout, left } = await signalled(async (child, tmp) => {
      // The reader stops taking rows once the partitions are written, so the join waits in the middle of a piece.
      await until(() => spillFiles(tmp) !== undefined);
      child.stdout!.pause();
      await until(() => {
        const files = spillFiles(tmp) ?? [];
        return files.includes('rows') && !files.some((f) => f.startsWith('part-'));
      });
      await sleep(300);
      child.kill('SIGINT');
      await sleep(100);
      child.stdout!.resume();
    });
    expect([code, ended]).toEqual([null, 'SIGINT']);
    expect(left).toEqual([]);
    wholeRows(stdout);
  }, 120_000);
});

describe('filter --robots-archive partitioned by origin: files compiled', () => {
  test('at most three per origin over ten chunks (two chunks in memory, then once each)', () => {
    // In memory each chunk compiles every origin once (its URLs are answered by origin): ten chunks, 5,000 files.
    expect(statSync(list).size).toBeGreaterThan(9.5 * CHUNK);
    const tmp = mkdtempSync(join(dir, 'spill-'));
    const done = spawnSync(process.execPath, args(tmp), { maxBuffer: 1 << 28 });
    expect(done.status).toBe(0);
    const summary = done.stderr.toString();
    expect(summary).toContain('partitioned by origin');
    const compiles = Number(/([\d,]+) files compiled/.exec(summary)![1]!.replaceAll(',', ''));
    expect(compiles).toBeLessThanOrEqual(3 * M);
    expect(existsSync(tmp) && readdirSync(tmp)).toEqual([]);
    wholeRows(done.stdout.toString());
  }, 120_000);
});
