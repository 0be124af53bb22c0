// The line rules of the archive join's input, written once: lines are cut
// at LF, a CR just before the LF is the line break's and not the line's
// (CRLF files), a final LF starts no line, and a line with nothing else in
// it is blank: no URL (answered only by the forms that answer every line,
// --verdicts and --verdicts-only). In JSON Lines a line of JSON's white
// space only (spaces, tabs, CRs) holds no record either, and is blank too. Every reader of the input (the rows of every output form, the
// test that tells JSON Lines from plain URLs, the CLI's line numbers) cuts
// lines here, by the line rule of src/common/lines.ts.

import { CR, contentEnd, LF } from '../common/lines.js';

/** The lines of a buffer: line k is bytes [starts[k], ends[k]), its CR before LF left out. */
export interface Lines {
  count: number;
  /** How many of them are blank (0 unless asked for). */
  blanks: number;
  starts: Int32Array;
  ends: Int32Array;
}

/** Where the line `cut` was last asked about ends, its CR before LF left out. */
let lineEnd = 0;

/** The line of `bytes` that starts at `s`: sets lineEnd, and returns where the next line starts. */
function cut(bytes: Uint8Array, s: number): number {
  let e = bytes.indexOf(LF, s);
  if (e < 0) e = bytes.length;
  lineEnd = contentEnd(bytes, s, e);
  return e + 1;
}

/** Whether bytes [s, e) are JSON's white space only (space, tab, CR; LF ends the line), or none: a JSON Lines line with no record. */
export function onlyJsonSpace(bytes: Uint8Array, s: number, e: number): boolean {
  for (let p = s; p < e; p++) {
    const b = bytes[p];
    if (b !== 32 && b !== 9 && b !== CR) return false;
  }
  return true;
}

/**
 * Where each non-blank line of `bytes` starts and ends (`blanks`: every
 * line, blank ones too). `json`: a line of white space only is blank too.
 */
export function linesOf(bytes: Uint8Array, blanks = false, json = false): Lines {
  // Room for lines of 32 bytes on average, grown if shorter.
  let starts: Int32Array = new Int32Array(Math.max(256, bytes.length >>> 5));
  let ends: Int32Array = new Int32Array(starts.length);
  let count = 0;
  let blank = 0;
  for (let s = 0; s < bytes.length; ) {
    const next = cut(bytes, s);
    const isBlank = lineEnd === s || (json && onlyJsonSpace(bytes, s, lineEnd));
    if (isBlank) blank++;
    if (!isBlank || blanks) {
      if (count === starts.length) {
        starts = doubled(starts);
        ends = doubled(ends);
      }
      starts[count] = s;
      ends[count] = lineEnd;
      count++;
    }
    s = next;
  }
  return { count, starts, ends, blanks: blanks ? blank : 0 };
}

/** The first line of `bytes` that is not blank nor white space only (spaces, tabs, CRs) as [start, end), or undefined when there is none. */
export function firstLine(bytes: Uint8Array): [number, number] | undefined {
  for (let s = 0; s < bytes.length; ) {
    const next = cut(bytes, s);
    if (!onlyJsonSpace(bytes, s, lineEnd)) return [s, lineEnd];
    s = next;
  }
  return undefined;
}

/** How many lines (blank ones too) of `bytes` start before `at`: the number of LFs before it. */
export function linesBefore(bytes: Uint8Array, at: number): number {
  let n = 0;
  for (let i = bytes.indexOf(LF); i >= 0 && i < at; i = bytes.indexOf(LF, i + 1)) n++;
  return n;
}

/** How many lines (blank ones too) `bytes` holds: a last line without its LF counts, a final LF starts none. */
export function lineCount(bytes: Uint8Array): number {
  const n = linesBefore(bytes, bytes.length);
  return bytes.length > 0 && bytes[bytes.length - 1] !== LF ? n + 1 : n;
}

function doubled(old: Int32Array): Int32Array {
  const bigger = new Int32Array(old.length * 2);
  bigger.set(old);
  return bigger;
}
