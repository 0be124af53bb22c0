// The line loops: every line of the input (URLs separated by LF or CRLF, as
// in a log or a URL list) decided in one call, as verdict bytes (checkLines)
// or as the lines a filter keeps, labelled or not (filterLines).

import { INPUT, VERDICTS, OUTPUT, reserve, reserveKeep, bufferPtr } from "./buffers";
import { indexMode } from "./build";
import { scanUsage } from "./usage-scan";
import { findByte } from "./scan";
import { MODE_RFC, PURPOSE_NONE, PURPOSE_ALL, V_LINE, NUMBERED_LINE_SHIFT } from "./layout";
import { lineAllowed, matchedPath, matchedLength } from "./path-verdict";
import { VERDICT } from "./decide";

/** 1 allowed, 0 disallowed, 2 allowed but opted out of the purpose. */
@inline function lineVerdict(index: usize, start: usize, end: usize, rfc: bool, purpose: u32): u32 {
  if (!lineAllowed(index, start, end, rfc)) return 0;
  if (purpose == PURPOSE_NONE || start == end) return 1; // a blank line is no URL: nothing to opt out of
  if (purpose == PURPOSE_ALL) return 2;
  return scanUsage(index, matchedPath, <u32>matchedLength, 0) == 2 ? 2 : 1;
}

/**
 * Decides every line of the input (URLs separated by LF or CRLF, as in a log
 * or a URL list) and writes one byte per line to verdicts() (1 allowed, 0
 * disallowed, 2 allowed but opted out of the `purpose`); returns the number
 * of lines. A final line break does not start another line. With `numbered`
 * (1), each line's answer is a u32 instead: the verdict in its low two bits,
 * the deciding line (check()'s V_LINE, 0 when no rule decided) above them,
 * so that a join's deciding lines cost no call per URL.
 */
export function checkLines(index: usize, textLen: u32, purpose: u32, numbered: u32): u32 {
  let rfc = indexMode(index) == MODE_RFC;
  let start = bufferPtr(INPUT);
  let end = start + <usize>textLen;
  let out = reserve(VERDICTS, (<usize>textLen + 1) << (numbered ? 2 : 0)); // empty lines: as many lines as bytes
  let n: usize = 0;
  while (start < end) {
    let e = findByte(start, end, 0x0a);
    let verdict = lineVerdict(index, start, contentEnd(start, e), rfc, purpose);
    if (numbered) store<u32>(out + (n << 2), verdict | (load<u32>(VERDICT + V_LINE) << NUMBERED_LINE_SHIFT));
    else store<u8>(out + n, <u8>verdict);
    n++;
    start = e + 1;
  }
  return <u32>n;
}

/** Where a line [start, e) ends without its CR (CRLF line breaks). */
@inline function contentEnd(start: usize, e: usize): usize {
  return e > start && load<u8>(e - 1) == 0x0d ? e - 1 : e;
}


// What filterLines keeps.
const KEEP_DISALLOWED: u32 = 0;
const KEEP_ALLOWED: u32 = 1;
const KEEP_LABELLED: u32 = 2; // every line, as "allowed\t<line>" or "disallowed\t<line>"
const KEEP_VERDICTS: u32 = 3; // every line's verdict alone: "allowed" or "disallowed"

const ALLOWED_TAB = memory.data<u8>([0x61, 0x6c, 0x6c, 0x6f, 0x77, 0x65, 0x64, 0x09]); // "allowed\t"
const DISALLOWED_TAB = memory.data<u8>([0x64, 0x69, 0x73, 0x61, 0x6c, 0x6c, 0x6f, 0x77, 0x65, 0x64, 0x09]); // "disallowed\t"
const OPTED_OUT_TAB = memory.data<u8>([0x6f, 0x70, 0x74, 0x65, 0x64, 0x2d, 0x6f, 0x75, 0x74, 0x09]); // "opted-out\t"

// Counts of the last filterLines call: lines, non-blank lines, allowed non-blank lines, those opted out.
let filteredLines: u32 = 0;
let filteredUrls: u32 = 0;
let filteredAllowed: u32 = 0;
let filteredOptedOut: u32 = 0;

/**
 * checkLines() that writes text instead of verdicts: the input's lines (LF
 * or CRLF) that `keep` selects, each ending in LF, or every line with its
 * verdict in front, or every line's verdict alone. With a `purpose`, an
 * allowed line opted out of it counts as not allowed (kept with
 * KEEP_DISALLOWED) and is labelled `opted-out`. Blank lines are kept
 * only when labelled. Returns the
 * output's length (bytes at output()); counts at filterCounts().
 */
export function filterLines(index: usize, textLen: u32, keep: u32, purpose: u32): u32 {
  let rfc = indexMode(index) == MODE_RFC;
  let start = bufferPtr(INPUT);
  let end = start + <usize>textLen;
  let out = reserve(OUTPUT, <usize>textLen + 64);
  let room = out + <usize>load<u32>(OUTPUT, 4);
  let at = out;
  let lines: u32 = 0, urls: u32 = 0, allowedCount: u32 = 0, optedOutCount: u32 = 0;
  while (start < end) {
    let e = findByte(start, end, 0x0a);
    let lineEnd = contentEnd(start, e);
    let length = lineEnd - start;
    let verdict = lineVerdict(index, start, lineEnd, rfc, purpose);
    let allowed = verdict == 1;
    lines++;
    if (length && verdict) { if (allowed) allowedCount++; else optedOutCount++; }
    if (length) urls++;
    let label: usize = 0, labelLength: usize = 0;
    if (keep >= KEEP_LABELLED) {
      label = allowed ? ALLOWED_TAB : verdict ? OPTED_OUT_TAB : DISALLOWED_TAB;
      labelLength = allowed ? 8 : verdict ? 10 : 11;
      if (keep == KEEP_VERDICTS) {
        labelLength--; // without the tab
        length = 0;    // nor the line
      }
    } else if (length == 0 || allowed != (keep == KEEP_ALLOWED)) {
      start = e + 1;
      continue;
    }
    let needed = labelLength + length + 1;
    if (at + needed > room) {
      // Labels make the output longer than the input: grow, keeping what is written.
      let written = at - out;
      out = reserveKeep(OUTPUT, (written + needed) * 2);
      room = out + <usize>load<u32>(OUTPUT, 4);
      at = out + written;
    }
    if (labelLength) { memory.copy(at, label, labelLength); at += labelLength; }
    memory.copy(at, start, length);
    at += length;
    store<u8>(at++, 0x0a);
    start = e + 1;
  }
  filteredLines = lines;
  filteredUrls = urls;
  filteredAllowed = allowedCount + optedOutCount;
  filteredOptedOut = optedOutCount;
  return <u32>(at - out);
}

export function output(): usize {
  return bufferPtr(OUTPUT);
}

/** filterLines' counts: lines, URLs (non-blank lines), allowed URLs, those opted out of the purpose, at 4 u32. */
const COUNTS = memory.data(16);
export function filterCounts(): usize {
  store<u32>(COUNTS, filteredLines);
  store<u32>(COUNTS + 4, filteredUrls);
  store<u32>(COUNTS + 8, filteredAllowed);
  store<u32>(COUNTS + 12, filteredOptedOut);
  return COUNTS;
}
