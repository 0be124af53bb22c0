// The core's exports. The TypeScript side writes bytes into INPUT, calls one
// of these, and reads flat records back (layout.ts); no objects cross over.

import { INPUT, EVENTS, NORMAL, VERDICTS, UTF8, OUTPUT, MATCHES, PURPOSE, reserve, reserveKeep, bufferPtr } from "./buffers";
import { utf16ToUtf8 } from "./utf16";
import { parseLines } from "./parser";
import { compile as compileEvents } from "./compile";
import { buildIndex, decide, indexMode, scanRules, scanUsage, bucketUsage, VERDICT } from "./agent";
import { extractPath, extractPathInBatch, extractedPath, urlEnd } from "./url";
import { normalize, urlNeedsWork } from "./normalize";
import { findByte } from "./scan";
import { release } from "./heap";
import * as K from "./keywords";
import {
  MODE_RFC, R_MODE, R_SIZE, R_USAGE_COUNT, A_RULE_COUNT, A_ROBOTS,
  A_EXTRAS, A_EXTRA_COUNT, X_SIZE, V_ALLOWED, V_LINE, V_RULE, PURPOSE_NONE, PURPOSE_ALL,
} from "./layout";

/** Room for `size` input bytes; returns where to write them. */
function input(size: u32): usize {
  // 8 bytes of slack: the parser's word-at-a-time scans may read past the end.
  return reserve(INPUT, <usize>size + 8);
}

/**
 * Parses the input into line events; returns their count (see events()).
 * `lines` 1: an event for every line; 2: for all but empty and comment lines.
 */
function scan(len: u32, mode: u32, lines: u32): u32 {
  return parseLines(bufferPtr(INPUT), len, mode, lines);
}

/** Where the last scan's or compile's line events are. */
function events(): usize {
  return bufferPtr(EVENTS);
}

/** Parses and compiles the input; returns the compiled robots (free with dispose). */
function compile(len: u32, mode: u32): usize {
  let count = parseLines(bufferPtr(INPUT), len, mode, 0);
  return compileEvents(bufferPtr(INPUT), count, mode);
}


/** Frees a compiled robots or an agent index. */
function dispose(block: usize): void {
  release(block);
}


/**
 * Builds the index for the agents in the input ('\n'-separated, `count` of
 * them), chosen as `how` says (layout.ts HOW_*: full or light, a union of
 * tokens or a crawler's fallback order, obeying `*` or not).
 */
function select(robots: usize, agentsLen: u32, count: u32, how: u32): usize {
  return buildIndex(robots, bufferPtr(INPUT), agentsLen, count, how);
}

// The path the rules see, set by preparePath().
let matchedPath: usize = 0;
let matchedLength: usize = 0;

/**
 * The path just extracted (extractedPath(), `pathLen` bytes) as the rules see
 * it: in RFC mode normalised like patterns. Sets matchedPath/matchedLength;
 * returns true when RFC mode always allows it (it is /robots.txt).
 */
@inline function preparePath(pathLen: usize, rfc: bool): bool {
  let path = extractedPath();
  if (rfc && urlNeedsWork(path, pathLen)) {
    // Most paths are already in normal form: normalise only those that are not.
    let normal = reserve(NORMAL, pathLen * 3);
    pathLen = normalize(path, pathLen, normal, true, true);
    path = normal;
  }
  matchedPath = path;
  matchedLength = pathLen;
  return rfc && isRobotsTxt(path, pathLen);
}

/** Decides the path just extracted (extractedPath(), `pathLen` bytes); returns the verdict record. */
function decidePath(index: usize, pathLen: usize, rfc: bool): usize {
  if (preparePath(pathLen, rfc)) {
    store<i32>(VERDICT + V_ALLOWED, 1);
    store<i32>(VERDICT + V_LINE, 0);
    store<i32>(VERDICT + V_RULE, -1);
    return VERDICT;
  }
  return decide(index, matchedPath, <u32>matchedLength);
}

/**
 * For the explain view: the path of the URL in the input as the rules of
 * `robots` see it. Returns its length n, or -1 - n when RFC mode always
 * allows it (/robots.txt); the bytes are at matchedPathAt().
 */
function explainPath(robots: usize, urlLen: u32): i32 {
  let always = preparePath(extractPath(bufferPtr(INPUT), urlLen), load<u32>(robots + R_MODE) == MODE_RFC);
  return always ? -1 - <i32>matchedLength : <i32>matchedLength;
}

function matchedPathAt(): usize {
  return matchedPath;
}

/**
 * For the explain view: every rule of the index's applying groups that
 * matches the path explainPath() prepared (with the same robots), in file
 * order, as u32 rule indexes at matches(); returns their count. The scan a
 * light index decides with (agent.ts scanRules), keeping every match: the
 * matcher's own pattern matching, behind the prefilter for long paths, so
 * it costs what check() costs rather than rules x path.
 */
function matchingRules(index: usize): u32 {
  let out = reserve(MATCHES, <usize>max<u32>(load<u32>(index + A_RULE_COUNT), 1) << 2);
  return scanRules(index, matchedPath, <u32>matchedLength, out);
}

/**
 * For usage(): the Content-Usage rules of the index's applying groups that
 * decide the path explainPath() prepared (the longest matches, all of
 * them), as u32 indexes in the usage table at matches(); returns their count.
 */
function usageRules(index: usize): u32 {
  let robots = <usize>load<u32>(index + A_ROBOTS);
  let out = reserve(MATCHES, <usize>max<u32>(load<u32>(robots + R_USAGE_COUNT), 1) << 2);
  bucketUsage(index);
  return scanUsage(index, matchedPath, <u32>matchedLength, out);
}

/**
 * Sets up `index` for a purpose over many URLs: returns room for the
 * purpose's preference per Content-Usage rule of its robots (one byte
 * each: 0 unknown, 1 y, 2 n), for the caller to write before checkLines or
 * filterLines with PURPOSE_TABLE.
 */
function purposeTable(index: usize): usize {
  bucketUsage(index);
  let robots = <usize>load<u32>(index + A_ROBOTS);
  return reserve(PURPOSE, max<u32>(load<u32>(robots + R_USAGE_COUNT), 1));
}

/** 1 allowed, 0 disallowed, 2 allowed but opted out of the purpose. */
@inline function lineVerdict(index: usize, start: usize, end: usize, rfc: bool, purpose: u32): u32 {
  if (!lineAllowed(index, start, end, rfc)) return 0;
  if (purpose == PURPOSE_NONE || start == end) return 1; // a blank line is no URL: nothing to opt out of
  if (purpose == PURPOSE_ALL) return 2;
  return scanUsage(index, matchedPath, <u32>matchedLength, 0) == 2 ? 2 : 1;
}

function matches(): usize {
  return bufferPtr(MATCHES);
}

/** Decides the URL in the input; returns the verdict record. */
function check(index: usize, urlLen: u32): usize {
  return decidePath(index, extractPath(bufferPtr(INPUT), urlLen), indexMode(index) == MODE_RFC);
}

/**
 * Decides `count` URLs given in the input as `units` UTF-16LE code units,
 * NUL-separated, and writes one byte each (1 allowed, 0 disallowed) to
 * verdicts(). Returns how many URLs the text held; the caller falls back to
 * one call per URL when that is not `count` (a URL contained a NUL).
 */
function checkBatch16(index: usize, units: u32, count: u32): u32 {
  let len = encodeInput(units);
  let text = bufferPtr(UTF8);
  return decideBatch(index, text, text + len, count);
}

/** Encodes the input's UTF-16 units as UTF-8 into UTF8; returns the byte length. */
function encodeInput(units: u32): usize {
  let out = reserve(UTF8, <usize>units * 3 + 8); // + 8: findPath reads a word at a time
  return utf16ToUtf8(bufferPtr(INPUT), units, out);
}

function decideBatch(index: usize, start: usize, end: usize, count: u32): u32 {
  let rfc = indexMode(index) == MODE_RFC;
  let out = reserve(VERDICTS, max<u32>(count, 1));
  let n: u32 = 0;
  while (true) {
    let pathLen = extractPathInBatch(start, end);
    if (n < count) store<u8>(out + n, <u8>load<i32>(decidePath(index, pathLen, rfc) + V_ALLOWED));
    n++;
    let e = urlEnd();
    if (e >= end) break;
    start = e + 1;
  }
  return n;
}

/**
 * Decides every line of the input (URLs separated by LF or CRLF, as in a log
 * or a URL list) and writes one byte per line to verdicts() (1 allowed, 0
 * disallowed, 2 allowed but opted out of the `purpose`); returns the number
 * of lines. A final line break does not start another line.
 */
function checkLines(index: usize, textLen: u32, purpose: u32): u32 {
  let rfc = indexMode(index) == MODE_RFC;
  let start = bufferPtr(INPUT);
  let end = start + <usize>textLen;
  let out = reserve(VERDICTS, textLen + 1); // empty lines: as many lines as bytes
  let n: u32 = 0;
  while (start < end) {
    let e = findByte(start, end, 0x0a);
    store<u8>(out + n, <u8>lineVerdict(index, start, contentEnd(start, e), rfc, purpose));
    n++;
    start = e + 1;
  }
  return n;
}

/** Where a line [start, e) ends without its CR (CRLF line breaks). */
@inline function contentEnd(start: usize, e: usize): usize {
  return e > start && load<u8>(e - 1) == 0x0d ? e - 1 : e;
}

/** Decides the URL [start, end) of a line: true when allowed. */
@inline function lineAllowed(index: usize, start: usize, end: usize, rfc: bool): bool {
  return load<i32>(decidePath(index, extractPath(start, end - start), rfc) + V_ALLOWED) != 0;
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
function filterLines(index: usize, textLen: u32, keep: u32, purpose: u32): u32 {
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

function output(): usize {
  return bufferPtr(OUTPUT);
}

/** filterLines' counts: lines, URLs (non-blank lines), allowed URLs, those opted out of the purpose, at 4 u32. */
const COUNTS = memory.data(16);
function filterCounts(): usize {
  store<u32>(COUNTS, filteredLines);
  store<u32>(COUNTS + 4, filteredUrls);
  store<u32>(COUNTS + 8, filteredAllowed);
  store<u32>(COUNTS + 12, filteredOptedOut);
  return COUNTS;
}

function verdicts(): usize {
  return bufferPtr(VERDICTS);
}

/** RFC 9309 2.2.2: the /robots.txt URI is implicitly allowed. */
function isRobotsTxt(path: usize, len: usize): bool {
  let n = K.ROBOTS_TXT_LEN;
  if (len < n || memory.compare(path, K.ROBOTS_TXT, n) != 0) return false;
  return len == n || load<u8>(path + n) == 0x3f;
}

/** Normalises the input (RFC mode rules, docs/behaviour.md, section 3); returns the length, bytes at normalized(). */
function normalizeInput(len: u32): u32 {
  let out = reserve(NORMAL, <usize>len * 3);
  return <u32>normalize(bufferPtr(INPUT), len, out, true, true);
}

function normalized(): usize {
  return bufferPtr(NORMAL);
}

/** Path extraction on its own (docs/behaviour.md, section 3), for tests and the explain view. */
function pathOfInput(len: u32): u32 {
  return <u32>extractPath(bufferPtr(INPUT), len);
}

function path(): usize {
  return extractedPath();
}

// The exports go by one letter each: their names are bytes of every bundle
// that inlines the core. This list is the one declaration of them: the build
// writes src/core/exports.ts and python/src/robotsmatch/_layout.py from it
// (scripts/core-interface.mjs); keep to one `name as letter,` per line.
export {
  input as a,
  scan as b,
  events as c,
  compile as d,
  dispose as e,
  select as f,
  check as g,
  checkBatch16 as h,
  checkLines as i,
  verdicts as j,
  filterLines as k,
  output as l,
  filterCounts as m,
  normalizeInput as n,
  normalized as o,
  pathOfInput as p,
  path as q,
  explainPath as r,
  matchedPathAt as s,
  matchingRules as t,
  matches as u,
  usageRules as v,
  purposeTable as w,
};
