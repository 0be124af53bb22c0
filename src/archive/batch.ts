// One chunk of the join's input, read once for every output form: its
// non-blank lines (lines.ts), what each line needs (JSON escaping, or a
// decoding when it is not ASCII), each line's URL (the line itself, or the
// "url" of a JSON Lines record), and each URL's origin group (origin-table.ts),
// so that the URLs of one origin are answered together.

import { linesOf } from './lines.js';
import { OriginTable } from './origin-table.js';

/** Lines are decoded one at a time: a byte-order mark is the input's to strip (at its start), not each line's. */
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const encoder = new TextEncoder();

/** Per byte: 1 when a JSON string cannot hold it as it is (a control, `"`, `\`), 3 when it is not ASCII (decoded, and escaped as JSON.stringify does). */
const CARE = new Uint8Array(256);
for (let c = 0; c < 256; c++) CARE[c] = c >= 0x80 ? 3 : c < 0x20 || c === 0x22 || c === 0x5c ? 1 : 0;
/** What a line needs: JSON escaping (bit 1), a decoding (bit 2). */
export const ESCAPE = 1;
export const NOT_ASCII = 2;

/** A JSON Lines line that is not a record with a "url" string; `at` is where the line starts in the chunk. */
export class RecordLineError extends Error {
  override name = 'RecordLineError';
  constructor(readonly at: number, readonly problem: 'not-json' | 'no-url') {
    super(problem === 'not-json' ? 'not JSON' : 'a record needs "url", a string');
  }
}

export class Batch {
  readonly bytes: Buffer;
  readonly count: number;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  /** Per line: ESCAPE and NOT_ASCII. */
  readonly care: Uint8Array;
  /** The text of each line that is not ASCII, as decoded (U+FFFD for bytes that are not UTF-8), and that text as UTF-8: what is matched and written. */
  readonly texts = new Map<number, string>();
  readonly recoded = new Map<number, Uint8Array>();
  /** JSON Lines input: each line's record and its URL (URLs given as strings: those alone). */
  readonly records: Record<string, unknown>[] | undefined;
  readonly urls: readonly string[] | undefined;
  /** Each line's origin group; the groups' origins (undefined: no origin); each group's lines. */
  readonly groupOf: Int32Array;
  readonly origins: readonly (string | undefined)[];
  readonly groupStarts: Int32Array;
  readonly groupLines: Int32Array;

  /** The lines of `input`: URLs, or (`records`) JSON Lines records with a "url" string (else a RecordLineError); or URLs given as strings. */
  constructor(input: Uint8Array | readonly string[], records = false) {
    if (!(input instanceof Uint8Array)) {
      // URLs as strings (ArchiveMatcher.matchMany): no lines to write back.
      this.bytes = Buffer.alloc(0);
      this.count = input.length;
      this.starts = this.ends = new Int32Array(0);
      this.care = new Uint8Array(0);
      this.records = undefined;
      this.urls = input;
      const table = new OriginTable();
      const groupOf = (this.groupOf = new Int32Array(input.length));
      for (let k = 0; k < input.length; k++) groupOf[k] = table.ofString(input[k]!);
      this.origins = table.origins;
      const { starts, lines } = table.groups(groupOf, input.length);
      this.groupStarts = starts;
      this.groupLines = lines;
      return;
    }
    const bytes = (this.bytes = Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength));
    const { count, starts, ends } = linesOf(bytes);
    this.count = count;
    this.starts = starts;
    this.ends = ends;
    const care = (this.care = new Uint8Array(count));
    const groupOf = (this.groupOf = new Int32Array(count));
    const table = new OriginTable();
    const urls: string[] | undefined = records ? new Array(count) : undefined;
    this.records = records ? new Array(count) : undefined;
    this.urls = urls;
    for (let k = 0; k < count; k++) {
      const s = starts[k]!;
      const e = ends[k]!;
      let c = 0;
      for (let i = s; i < e; i++) c |= CARE[bytes[i]!]!;
      care[k] = c;
      if (c & NOT_ASCII) {
        const text = decoder.decode(bytes.subarray(s, e));
        this.texts.set(k, text);
        this.recoded.set(k, encoder.encode(text));
      }
      if (urls !== undefined) {
        urls[k] = this.#record(k);
        groupOf[k] = table.ofString(urls[k]!);
      } else groupOf[k] = table.ofBytes(bytes, s, e, () => this.line(k));
    }
    this.origins = table.origins;
    const { starts: groupStarts, lines } = table.groups(groupOf, count);
    this.groupStarts = groupStarts;
    this.groupLines = lines;
  }

  /** Line k as text. */
  line(k: number): string {
    return this.texts.get(k) ?? this.bytes.toString('latin1', this.starts[k]!, this.ends[k]!);
  }

  /** Line k's URL: the line, or its record's "url". */
  url(k: number): string {
    return this.urls === undefined ? this.line(k) : this.urls[k]!;
  }

  /** Line k's record, read, checked and kept; returns its URL. */
  #record(k: number): string {
    let record: unknown;
    try {
      record = JSON.parse(this.line(k));
    } catch {
      throw new RecordLineError(this.starts[k]!, 'not-json');
    }
    if (typeof record !== 'object' || record === null || typeof (record as { url?: unknown }).url !== 'string') throw new RecordLineError(this.starts[k]!, 'no-url');
    this.records![k] = record as Record<string, unknown>;
    return (record as { url: string }).url;
  }
}
