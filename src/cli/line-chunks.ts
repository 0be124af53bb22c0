// Cuts a byte stream into chunks of whole lines (about CHUNK bytes each),
// each in its own ArrayBuffer so it can be moved to a worker thread.

import { concatBytes } from '../common/bytes.js';

/** Bytes per chunk: big enough to amortise a core call or a worker message. */
export const CHUNK = 1 << 20;
/** A line longer than this is an error, not a reason to buffer without bound. */
export const MAX_LINE = 64 << 20;

export class LineTooLongError extends Error {
  override name = 'LineTooLongError';
}

export async function* lineChunks(source: AsyncIterable<Uint8Array>, size = CHUNK): AsyncGenerator<Uint8Array> {
  let parts: Uint8Array[] = [];
  let length = 0;
  for await (const piece of source) {
    if (piece.length === 0) continue;
    parts.push(piece);
    length += piece.length;
    if (length < size) continue;
    const joined = concatBytes(parts, length);
    const cut = joined.lastIndexOf(10);
    if (cut < 0) {
      if (length > MAX_LINE) throw new LineTooLongError(`a line of the input is longer than ${MAX_LINE / (1 << 20)} MiB; is it a list of URLs?`);
      parts = [joined];
      continue;
    }
    // The tail after the last line break starts the next chunk (a copy: the
    // chunk's buffer may be moved to a worker).
    const tail = joined.slice(cut + 1);
    parts = tail.length ? [tail] : [];
    length = tail.length;
    yield joined.subarray(0, cut + 1);
  }
  if (length) yield concatBytes(parts, length);
}
