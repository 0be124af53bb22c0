// A WARC file's bytes as gzip-members.ts hands them on, split where a
// member was cut short: each segment is read as WARC on its own, knowing
// which of its bytes are known sound (read-warc.ts holds a record back
// until they are).

import { type Cut, type Piece, WHOLE } from './gzip-members.js';

/** A run of bytes up to the next cut or the end: read once (iterating again reads on from where it stopped). */
export class Segment implements AsyncIterable<Uint8Array> {
  /** Whether all of it has been read. */
  done = false;
  /** Bytes read so far. */
  position = 0;
  /** Bytes known to be as written (all of them once done, unless cut). */
  verified = 0;
  /** Where it ends at a cut (once that is reached, or looked ahead to), the bytes before the cut member: after them a record may be cut short. */
  cut: Cut | undefined;
  /** Pieces looked ahead to (cutAhead), not yet read. */
  private readonly ahead: Piece[] = [];
  private ended = false;

  constructor(private readonly source: AsyncIterator<Piece>) {}

  async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array> {
    while (!this.done) {
      const next = await this.pull();
      if (next === undefined) {
        this.done = true;
        if (!this.cut) this.verified = this.position;
        return;
      }
      if (next === WHOLE) this.verified = this.position;
      else {
        this.position += next.length;
        yield next;
      }
    }
  }

  /**
   * Whether the segment ends at a cut within the next `most` bytes (read
   * ahead and kept): a record that makes no sense just before a cut was
   * inflated from bytes that were never the file's.
   */
  async cutAhead(most: number): Promise<boolean> {
    let bytes = 0;
    while (!this.ended && bytes < most) {
      const next = await this.source.next();
      if (next.done || !(next.value instanceof Uint8Array || next.value === WHOLE)) {
        this.ended = true;
        if (!next.done) this.cut = next.value as Cut;
      } else {
        this.ahead.push(next.value);
        if (next.value !== WHOLE) bytes += next.value.length;
      }
    }
    return this.cut !== undefined;
  }

  /** The next piece of the segment (bytes or WHOLE), undefined at its end. */
  private async pull(): Promise<Uint8Array | typeof WHOLE | undefined> {
    const kept = this.ahead.shift();
    if (kept !== undefined) return kept as Uint8Array | typeof WHOLE;
    if (this.ended) return undefined;
    const next = await this.source.next();
    if (next.done || !(next.value instanceof Uint8Array || next.value === WHOLE)) {
      this.ended = true;
      if (!next.done) this.cut = next.value as Cut;
      return undefined;
    }
    return next.value;
  }
}

/** The pieces split at each cut, one Segment after another (the next once the last is read to its end). */
export async function* segments(pieces: AsyncIterable<Piece>): AsyncGenerator<Segment> {
  const source = pieces[Symbol.asyncIterator]();
  for (;;) {
    const segment = new Segment(source);
    yield segment;
    for await (const _ of segment); // what its reader left
    if (!segment.cut) return;
  }
}
