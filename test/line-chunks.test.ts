// The command line's line reader (src/cli/line-chunks.ts): whole lines in
// chunks of about LINES_CHUNK bytes, linear in the input whatever the length of a
// line, and a line over MAX_LINE refused as soon as it is over.
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { lineChunks, LineTooLongError, MAX_LINE } from '../src/cli/line-chunks.js';
import { cli } from './support/cli.js';
import { countCallsAsync } from './support/count-calls.js';
import { CORPUS_DIR } from './support/corpus.js';

const PIPE_READ = 64 << 10; // what a pipe gives a read

/** `total` bytes of one line (`a`s) in pipe-sized pieces, then `tail`; counts the bytes handed out. */
function longLine(total: number, tail = '\n/next\n') {
  const piece = new Uint8Array(PIPE_READ).fill(0x61);
  const source = {
    given: 0,
    async *[Symbol.asyncIterator]() {
      for (let at = 0; at < total; at += PIPE_READ) {
        const n = Math.min(PIPE_READ, total - at);
        source.given += n;
        yield piece.subarray(0, n);
      }
      yield new TextEncoder().encode(tail);
    },
  };
  return source;
}

async function collect(source: AsyncIterable<Uint8Array>, size?: number): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for await (const chunk of lineChunks(source, size)) out.push(chunk);
  return out;
}

describe('lineChunks', () => {
  test('a 32 MiB line arriving in 64 KiB pieces costs its length, not its length squared', async () => {
    // Guards against re-joining the pending line on every read (7 s on a pipe
    // in the report, 1.8 s from a file): 512 reads copying 8 GiB in all. Not a
    // wall-clock bound: the bytes copied into typed arrays (Uint8Array's set(),
    // which joining uses) counted during the read, at most a few times the
    // input's length. Past that the count throws, so the old way fails at once.
    let chunks: Uint8Array[] = [];
    const copied = await countCallsAsync(
      Uint8Array.prototype,
      ['set'],
      3 * (32 << 20),
      async () => (chunks = await collect(longLine(32 << 20))),
      (from: ArrayLike<number>) => from.length,
    );
    expect(copied).toBeGreaterThanOrEqual(32 << 20); // the line is joined once
    expect(copied).toBeLessThanOrEqual(3 * (32 << 20));
    expect(chunks.map((c) => c.length)).toEqual([(32 << 20) + 7]); // whole lines: the long one and `/next`
    expect(chunks[0]![0]).toBe(0x61);
    expect(chunks[0]!.at(-1)).toBe(0x0a);
  });

  test('a 200 MiB line is refused once it passes MAX_LINE, without reading on', async () => {
    const source = longLine(200 << 20);
    await expect(collect(source)).rejects.toThrow(LineTooLongError);
    // Refused without reading on: counted in bytes handed out, not timed (25 s
    // in the report came from re-joining, which the test above guards).
    expect(source.given).toBeLessThanOrEqual(MAX_LINE + PIPE_READ);
  }, 30_000); // a hang guard only

  test('whole lines, in order, whatever the pieces', async () => {
    const text = fc
      .array(fc.oneof(fc.constantFrom('\n', '\r\n', 'a', '/x', 'é'), fc.string({ maxLength: 40 })), { maxLength: 60 })
      .map((parts) => parts.join(''));
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 1, max: 64 }),
        async (body, cuts, size) => {
          const bytes = new TextEncoder().encode(body);
          const pieces: Uint8Array[] = [];
          for (let at = 0, i = 0; at < bytes.length; i++) {
            const n = cuts[i % cuts.length]!;
            pieces.push(bytes.slice(at, at + n));
            at += n;
          }
          const chunks = await collect(
            (async function* () {
              yield* pieces;
            })(),
            size,
          );
          expect(Buffer.concat(chunks)).toEqual(Buffer.from(bytes));
          chunks.slice(0, -1).forEach((c) => {
            expect(c.at(-1)).toBe(0x0a); // every chunk but the last ends a line
            expect(c.length).toBeGreaterThanOrEqual(1);
          });
          // Each in its own buffer, shared with no other chunk nor with the pieces read (which may be pooled): it is moved to a worker.
          const buffers = new Set<ArrayBufferLike>(chunks.map((c) => c.buffer));
          expect(buffers.size).toBe(chunks.length);
          for (const p of pieces) expect(buffers.has(p.buffer)).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe.skipIf(!existsSync(cli))('robotsmatch filter on a pipe', () => {
  test('a line longer than 64 MiB on standard input ends the command quickly, with one error line', async () => {
    const child = spawn(
      process.execPath,
      [cli, 'filter', '--robots', join(CORPUS_DIR, 'www.nytimes.com.txt'), '--quiet'],
      { stdio: ['pipe', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.stdin.on('error', () => {}); // it stops reading: EPIPE
    const piece = Buffer.alloc(PIPE_READ, 0x61);
    let written = 0;
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    let open = true;
    void closed.then(() => (open = false));
    while (open && written < 200 << 20) {
      if (!child.stdin.write(piece))
        await new Promise((resolve) => {
          child.stdin.once('drain', resolve);
          void closed.then(resolve);
        });
      written += piece.length;
    }
    child.stdin.end();
    expect(await closed).toBe(2);
    // It stops as soon as the line passes 64 MiB: measured in bytes written
    // before it closed, not in time (the test's timeout only stops a hang).
    expect(written).toBeLessThan(200 << 20);
    expect(stderr).toMatch(/^robotsmatch: a line of the input is longer than 64 MiB/);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  }, 60_000);
});
