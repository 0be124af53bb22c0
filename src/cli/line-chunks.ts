// Cuts a byte stream into chunks of whole lines (about LINES_CHUNK bytes
// each, cut after a LF as src/common/lines.ts says), each in its own
// ArrayBuffer so it can be moved to a worker thread.

import { concatBytes } from '../common/bytes.js';
import { LF, LINES_CHUNK } from '../common/lines.js';

/** A line longer than this is an error, not a reason to buffer without bound. */
export const MAX_LINE = 64 << 20;

export class LineTooLongError extends Error {
  override name = 'LineTooLongError';
}

/**
 * Whole lines of `source`, about `size` bytes at a time (more when a line is
 * longer). Linear whatever the lines: each piece read is searched for a line
 * break once, and the pending bytes are joined only when whole lines can be
 * cut off them, so a long line costs one copy, not one per read (a 32 MiB
 * line on a pipe arrives in 512 reads). A line longer than MAX_LINE is
 * refused as soon as that much of it is pending.
 */
export async function* lineChunks(source: AsyncIterable<Uint8Array>, size = LINES_CHUNK): AsyncGenerator<Uint8Array> {
  let parts: Uint8Array[] = [];
  let length = 0;
  /** Where the whole lines of the pending bytes end (just after their last line break); -1 when none has one. */
  let whole = -1;
  for await (const piece of source) {
    if (piece.length === 0) continue;
    const last = piece.lastIndexOf(LF);
    if (last >= 0) whole = length + last + 1;
    parts.push(piece);
    length += piece.length;
    if (length - Math.max(whole, 0) > MAX_LINE)
      throw new LineTooLongError(
        `a line of the input is longer than ${MAX_LINE / (1 << 20)} MiB; is it a list of URLs?`,
      );
    if (whole < 0 || length < size) continue;
    const joined = concatBytes(parts, length);
    // The rest of the last line starts the next chunk (a copy: the chunk's
    // buffer may be moved to a worker).
    const tail = joined.slice(whole);
    parts = tail.length ? [tail] : [];
    length = tail.length;
    const chunk = joined.subarray(0, whole);
    whole = -1;
    yield chunk;
  }
  if (length) yield concatBytes(parts, length);
}
