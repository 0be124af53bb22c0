// `robotsmatch filter --verdicts` as a pipe stage, run the way distributed
// engines run one (docs/pipelines.md): a block of lines on stdin, stdin
// closed, the answer read back line by line, one process per block.
import { describe, expect, test } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '../src/index.js';
import { cli, robotsmatch } from './support/cli.js';
import { corpusUrls, CORPUS_DIR } from './support/corpus.js';

const ROBOTS = join(CORPUS_DIR, 'www.nytimes.com.txt');
const urls = corpusUrls(40_000);
const expected = parse(readFileSync(ROBOTS)).forAgent('Googlebot').matchMany(urls);
const verdictOf = (i: number) => (expected[i] ? 'allowed' : 'disallowed');

/** The engine's side: split the input into blocks, run the stage on each (concurrently), read back lines. */
async function runBlocks(blocks: string[][], args: string[]): Promise<string[][]> {
  return Promise.all(
    blocks.map(async (block) => {
      const r = await robotsmatch(
        ['filter', '--robots', ROBOTS, '--quiet', '--workers', '1', ...args],
        block.map((l) => `${l}\n`).join(''),
      );
      expect(r.status).toBe(0);
      expect(r.stderr).toBe('');
      const lines = r.stdout.split('\n');
      expect(lines.pop()).toBe(''); // every answer line ends with a line break
      return lines;
    }),
  );
}

const split = (n: number) =>
  Array.from({ length: n }, (_, p) =>
    urls.slice(Math.floor((p * urls.length) / n), Math.floor(((p + 1) * urls.length) / n)),
  );

describe.skipIf(!existsSync(cli))('filter as a stage of distributed engines', () => {
  test("Spark's RDD.pipe: each partition's elements in, one line back per element, in order", async () => {
    const partitions = split(4);
    const answers = await runBlocks(partitions, ['--verdicts']);
    const joined = answers.flat(); // rdd.pipe(...).collect() keeps partition order
    expect(joined).toHaveLength(urls.length);
    joined.forEach((line, i) => {
      if (line !== `${verdictOf(i)}\t${urls[i]}`) throw new Error(`element ${i}: ${line}`);
    });
  });

  test('Hadoop streaming: a mapper whose output lines split at the first tab into key (verdict) and value (URL)', async () => {
    const [block] = await runBlocks([urls.slice(0, 10_000)], ['--verdicts']);
    const pairs = block!.map((line) => {
      const tab = line.indexOf('\t');
      return [line.slice(0, tab), line.slice(tab + 1)];
    });
    expect(pairs).toEqual(urls.slice(0, 10_000).map((u, i) => [verdictOf(i), u]));
    const counts = new Map<string, number>(); // what a reducer counting by key sees
    for (const [key] of pairs) counts.set(key!, (counts.get(key!) ?? 0) + 1);
    expect((counts.get('allowed') ?? 0) + (counts.get('disallowed') ?? 0)).toBe(10_000);
  });

  test('ClickHouse executable UDF, TabSeparated: a block of rows in, exactly one row back per row', async () => {
    // ClickHouse sends blocks of up to max_block_size rows to a new process each (type executable).
    const blocks = split(7);
    const answers = await runBlocks(blocks, ['--verdicts-only']);
    for (const [b, rows] of answers.entries()) expect(rows).toHaveLength(blocks[b]!.length);
    expect(answers.flat()).toEqual(urls.map((_, i) => verdictOf(i)));
  });

  test('an empty block gives an empty answer', async () => {
    const r = await robotsmatch(['filter', '--robots', ROBOTS, '--quiet', '--verdicts'], '');
    expect(r).toMatchObject({ status: 0, stdout: '', stderr: '' });
  });
});
