// One chunk of the join's input, read once for every output form: its
// non-blank lines (lines.ts), what each line needs (JSON escaping, or a
// decoding when it is not ASCII), each line's URL (the line itself, or the
// "url" of a JSON Lines record), and each URL's origin group (origin-table.ts),
// so that the URLs of one origin are answered together.

import { isAscii, isUtf8 } from 'node:buffer';
import { linesOf, onlyJsonSpace } from './lines.js';
import { OriginTable } from './origin-table.js';

/** Per byte: 1 when a JSON string cannot hold it as it is (a control, `"`, `\`), 3 when it is not ASCII (decoded, and escaped as JSON.stringify does). */
const CARE = new Uint8Array(256);
for (let c = 0; c < 256; c++) CARE[c] = c >= 0x80 ? 3 : c < 0x20 || c === 0x22 || c === 0x5c ? 1 : 0;
/** What a line needs: JSON escaping (bit 1), a decoding (bit 2). */
export const ESCAPE = 1;
export const NOT_ASCII = 2;

/** A line with no usable URL (with `strict`): a JSON Lines line that is not a record with a "url" string, or a URL with no http(s) origin; `at` is where the line starts in the chunk. */
export class RecordLineError extends Error {
  override name = 'RecordLineError';
  constructor(
    readonly at: number,
    readonly problem: 'not-json' | 'no-url' | 'not-http',
  ) {
    super(
      problem === 'not-json'
        ? 'not JSON'
        : problem === 'no-url'
          ? 'a record needs "url", a string'
          : 'not an http(s) URL',
    );
  }
}

/** Runs of the bytes a line is looked at for: not ASCII; and for JSON, those a JSON string cannot hold as they are (a control other than LF, `"`, `\`). */
const NOT_ASCII_RUNS = /[\x80-\xff]+/g;
const CARE_RUNS = /[\x00-\x09\x0b-\x1f"\\\x80-\xff]+/g;

/**
 * Marks in `care` the lines with a byte `runs` finds, found in the chunk
 * read as Latin-1 text (native search: nearly every line has none).
 */
function markCare(
  bytes: Buffer,
  lines: { count: number; starts: Int32Array; ends: Int32Array },
  care: Uint8Array,
  runs: RegExp,
): void {
  const text = bytes.toString('latin1');
  const { count, starts, ends } = lines;
  let k = 0;
  runs.lastIndex = 0;
  for (let m = runs.exec(text); m !== null; m = runs.exec(text)) {
    const p = m.index;
    while (k < count && ends[k]! <= p) k++;
    if (k === count) break;
    if (starts[k]! > p) continue; // a CR before LF: no line's
    // A run ends at a LF: within line k (and perhaps its CR).
    const run = m[0];
    for (let i = 0; i < run.length && p + i < ends[k]!; i++) care[k]! |= CARE[run.charCodeAt(i)]!;
  }
}

export class Batch {
  readonly bytes: Buffer;
  readonly count: number;
  /** Blank lines among them (only when asked for: they are no URLs, with no origin). */
  readonly blanks: number;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  /** Per line: ESCAPE and NOT_ASCII. */
  readonly care: Uint8Array;
  /** The text of lines that are not ASCII, as decoded (U+FFFD for bytes that are not UTF-8), once asked for. */
  readonly #texts = new Map<number, string>();
  /** The lines that are not UTF-8: their text as UTF-8, what is matched and written instead of their bytes. */
  readonly recoded = new Map<number, Uint8Array>();
  /** JSON Lines input: each line's record and its URL (URLs given as strings: those alone). */
  readonly recordAt: Record<string, unknown>[] | undefined;
  /** JSON Lines lines with no URL string (not JSON, not an object, "url" missing, null or not a string): outcome invalid. Not JSON or not an object: no record. */
  readonly invalid = new Set<number>();
  readonly urls: readonly string[] | undefined;
  /** Each line's origin group; the groups' origins (undefined: no origin); each group's lines. */
  readonly groupOf: Int32Array;
  readonly origins: readonly (string | undefined)[];
  readonly groupStarts: Int32Array;
  readonly groupLines: Int32Array;

  /**
   * The lines of `input`: URLs, or (`records`) JSON Lines records with a
   * "url" string (`strict`: else a RecordLineError; otherwise such a line
   * is `invalid`, answered on its own); or URLs given as strings.
   * `escapes`: mark the lines a JSON string cannot hold as they are (ESCAPE).
   * `blanks`: blank lines are lines too (no URL, no origin).
   */
  constructor(
    input: Uint8Array | readonly string[],
    records = false,
    escapes = false,
    blanks = false,
    readonly strict = false,
  ) {
    if (!(input instanceof Uint8Array)) {
      // URLs as strings (ArchiveMatcher.matchMany): no lines to write back.
      this.bytes = Buffer.alloc(0);
      this.count = input.length;
      this.blanks = 0;
      this.starts = this.ends = new Int32Array(0);
      this.care = new Uint8Array(0);
      this.recordAt = undefined;
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
    const bytes = (this.bytes = Buffer.isBuffer(input)
      ? input
      : Buffer.from(input.buffer, input.byteOffset, input.byteLength));
    const { count, starts, ends, blanks: blankLines } = linesOf(bytes, blanks, records);
    this.count = count;
    this.blanks = blankLines;
    this.starts = starts;
    this.ends = ends;
    const care = (this.care = new Uint8Array(count));
    const groupOf = (this.groupOf = new Int32Array(count));
    const table = new OriginTable();
    // Most lines are ASCII, and need nothing (with `escapes`, nearly all;
    // a record's own fields are written as JSON.stringify writes them).
    if (escapes && !records) markCare(bytes, this, care, CARE_RUNS);
    else if (!isAscii(bytes)) markCare(bytes, this, care, NOT_ASCII_RUNS);
    const urls: string[] | undefined = records ? new Array(count) : undefined;
    this.recordAt = records ? new Array(count) : undefined;
    this.urls = urls;
    for (let k = 0; k < count; k++) {
      const s = starts[k]!;
      const e = ends[k]!;
      // Bytes that are not UTF-8 are read as U+FFFD, and written and matched so.
      if (care[k]! & NOT_ASCII && !isUtf8(bytes.subarray(s, e))) this.recoded.set(k, Buffer.from(this.line(k)));
      if (this.blank(k)) {
        if (urls !== undefined) urls[k] = '';
        groupOf[k] = table.ofText(undefined);
        continue;
      }
      if (urls !== undefined) {
        urls[k] = this.#record(k);
        // A line with no URL joins the group of lines with no origin; answer() gives it its own outcome.
        groupOf[k] = this.invalid.has(k) ? table.ofText(undefined) : table.ofString(urls[k]!);
      } else groupOf[k] = table.ofBytes(bytes, s, e, this, k);
      // A URL with no http(s) origin is answered `invalid` (verdicts.ts); with `strict` it is an error (a line
      // with no URL at all has thrown already).
      if (strict && table.origins[groupOf[k]!] === undefined) throw new RecordLineError(s, 'not-http');
    }
    this.origins = table.origins;
    const { starts: groupStarts, lines } = table.groups(groupOf, count);
    this.groupStarts = groupStarts;
    this.groupLines = lines;
  }

  /** Whether line k is blank: empty, or for JSON Lines white space only (no record; lines.ts). URLs given as strings have no blank lines. */
  blank(k: number): boolean {
    if (this.starts.length === 0) return false;
    const s = this.starts[k]!;
    const e = this.ends[k]!;
    return s === e || (this.recordAt !== undefined && onlyJsonSpace(this.bytes, s, e));
  }

  /** Line k as text (a byte-order mark kept: the input's start is not the line's). */
  line(k: number): string {
    if (!(this.care[k]! & NOT_ASCII)) return this.bytes.toString('latin1', this.starts[k]!, this.ends[k]!);
    let text = this.#texts.get(k);
    if (text === undefined) this.#texts.set(k, (text = this.bytes.toString('utf8', this.starts[k]!, this.ends[k]!)));
    return text;
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
      if (this.strict) throw new RecordLineError(this.starts[k]!, 'not-json');
      this.invalid.add(k);
      return '';
    }
    const isObject = typeof record === 'object' && record !== null && !Array.isArray(record);
    if (isObject) this.recordAt![k] = record as Record<string, unknown>;
    if (!isObject || typeof (record as { url?: unknown }).url !== 'string') {
      if (this.strict) throw new RecordLineError(this.starts[k]!, 'no-url');
      this.invalid.add(k);
      return '';
    }
    return (record as { url: string }).url;
  }
}
