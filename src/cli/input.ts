// The URL input of `filter`: a file or standard input, plain or gzip (told
// by its magic bytes, not its name), as a stream of byte chunks.

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import { Readable } from 'node:stream';
import { UsageError } from './errors.js';
import { describeFsError } from './robots-source.js';

export interface Input {
  chunks: AsyncIterable<Uint8Array>;
  /** Bytes of the file as stored (compressed, for gzip), when known. */
  size: number | undefined;
  /** Bytes of it read so far (for progress). */
  read(): number;
}

export async function openInput(path: string | undefined): Promise<Input> {
  let raw: Readable;
  let size: number | undefined;
  if (path === undefined || path === '-') {
    raw = process.stdin;
  } else {
    try {
      const info = await stat(path);
      if (info.isDirectory()) throw Object.assign(new Error('directory'), { code: 'EISDIR' });
      size = info.isFile() ? info.size : undefined;
    } catch (error) {
      throw new UsageError(`cannot read ${path}: ${describeFsError(error)}`);
    }
    raw = createReadStream(path, { highWaterMark: 1 << 20 });
  }
  let read = 0;
  const counted = (async function* () {
    try {
      for await (const chunk of raw) {
        read += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    } catch (error) {
      throw new UsageError(`cannot read ${path ?? 'standard input'}: ${describeFsError(error)}`);
    }
  })();
  return { chunks: ungzipIfNeeded(counted, path ?? 'standard input'), size, read: () => read };
}

/** Passes bytes through, or gunzips them when they start with gzip's magic bytes 1f 8b. */
async function* ungzipIfNeeded(source: AsyncIterable<Buffer>, name: string): AsyncGenerator<Uint8Array> {
  const it = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headLength = 0;
  while (headLength < 2) {
    const next = await it.next();
    if (next.done) break;
    head.push(next.value);
    headLength += next.value.length;
  }
  const first = Buffer.concat(head);
  const rest = (async function* () {
    if (first.length) yield first;
    for (;;) {
      const next = await it.next();
      if (next.done) return;
      yield next.value;
    }
  })();
  if (!(first[0] === 0x1f && first[1] === 0x8b)) {
    yield* rest;
    return;
  }
  const gunzip = Readable.from(rest).pipe(createGunzip({ chunkSize: 1 << 20 }));
  try {
    for await (const chunk of gunzip) yield chunk as Buffer;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${name} is not valid gzip: ${(error as Error).message}`);
  }
}
