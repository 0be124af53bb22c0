// The core's exports. The TypeScript side writes bytes into INPUT, calls one
// of these, and reads flat records back (layout.ts); no objects cross over.

import { INPUT, EVENTS, NORMAL, VERDICTS, UTF8, MATCHES, PURPOSE, reserve, bufferPtr } from "./buffers";
import { utf16ToUtf8 } from "./utf16";
import { parseLines } from "./parser";
import { compile as compileEvents } from "./compile";
import { buildIndex, indexMode, answering, releaseIndex, releaseIndexes } from "./build";
import { scanRules } from "./decide";
import { decidePath, preparePath, matchedPath, matchedLength } from "./path-verdict";
import { checkLines, filterLines, output, filterCounts } from "./lines";
import { scanUsage, bucketUsage } from "./usage-scan";
import { extractPath, extractPathInBatch, extractedPath, urlEnd } from "./url";
import { normalize } from "./normalize";
import { release } from "./heap";
import {
  MODE_RFC, R_MODE, R_SIZE, R_USAGE_COUNT, A_RULE_COUNT, A_ROBOTS,
  A_EXTRAS, A_EXTRA_COUNT, X_SIZE, V_ALLOWED, V_LINE, V_RULE, V_INDEX,
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


/** Frees a compiled robots and every agent index select() built on it. */
function dispose(block: usize): void {
  releaseIndexes(block);
  release(block);
}

/** Frees an agent index (and the full index check() may have built for it) before its robots. */
function disposeIndex(index: usize): void {
  releaseIndex(index);
}


/**
 * Builds the index for the agents in the input ('\n'-separated, `count` of
 * them), chosen as `how` says (layout.ts HOW_*: full or light, a union of
 * tokens or a crawler's fallback order, obeying `*` or not).
 */
function select(robots: usize, agentsLen: u32, count: u32, how: u32): usize {
  return buildIndex(robots, bufferPtr(INPUT), agentsLen, count, how);
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
 * light index decides with (decide.ts scanRules), keeping every match: the
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

function matches(): usize {
  return bufferPtr(MATCHES);
}

/**
 * Decides the URL in the input; returns the verdict record. A light index
 * answers its first URLs itself, then through its full index (answering()).
 */
function check(index: usize, urlLen: u32): usize {
  return decideUrl(index, bufferPtr(INPUT), urlLen);
}

function decideUrl(index: usize, url: usize, urlLen: u32): usize {
  index = answering(index);
  return decidePath(index, extractPath(url, urlLen), indexMode(index) == MODE_RFC);
}

/**
 * select() and check() in one call, for a file's first answer for an agent:
 * the input holds the agents (as select() takes them) and then the URL.
 * Returns the verdict record, with the light index built at V_INDEX.
 */
function selectCheck(robots: usize, agentsLen: u32, count: u32, how: u32, urlLen: u32): usize {
  let index = buildIndex(robots, bufferPtr(INPUT), agentsLen, count, how);
  let verdict = decideUrl(index, bufferPtr(INPUT) + agentsLen, urlLen);
  store<u32>(verdict + V_INDEX, <u32>index);
  return verdict;
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

function verdicts(): usize {
  return bufferPtr(VERDICTS);
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
  disposeIndex as x,
  selectCheck as y,
};
