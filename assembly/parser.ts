// The robots.txt reader: bytes in, one event per line out (docs/behaviour.md, sections 1 and 2).
//
// It follows Google's robots.cc line for line where the two modes agree, and
// adds the RFC mode's stricter key rules. It never fails: every line becomes
// an event, and lines that do not parse are events of KIND_INVALID. One pass,
// O(bytes), no allocation beyond the reusable event buffer.

import { is, SPACE, BLANK, lower, startsWithIgnoreCase, equalsIgnoreCase } from "./bytes";
import { findByte, findEitherPadded, findAnyPadded } from "./scan";
import * as K from "./keywords";
import { EVENTS, roomFor } from "./buffers";
import {
  MODE_RFC, MAX_LINE_BYTES,
  KIND_USER_AGENT, KIND_ALLOW, KIND_DISALLOW, KIND_SITEMAP, KIND_OTHER,
  KIND_EMPTY, KIND_COMMENT, KIND_INVALID,
  FLAG_TYPO, FLAG_MISSING_COLON, FLAG_TOO_LONG, FLAG_COMMENT, FLAG_NUL, FLAG_NO_GROUP, FLAG_GLOBAL_AGENT,
  EV_LINE, EV_KIND, EV_KEY_START, EV_KEY_END, EV_VALUE_START, EV_VALUE_END,
  EV_GROUP, EV_LINE_START, EV_LINE_END, EV_SIZE,
} from "./layout";

// Parser state for one call; module globals keep the per-line helper cheap.
let base: usize = 0;       // input start, so events hold offsets
let rfc = false;
let reported: u32 = 0;     // 0: lines the matcher uses; 1: every line (linting); 2: all but empty and comment lines
let eventCount: u32 = 0;
let group: i32 = -1;       // the group the next rule belongs to
let groupCount: i32 = 0;
let ruleSinceAgent = false;

/**
 * Splits `len` bytes at `input` into lines and emits an event per line.
 * Returns the number of events written to the EVENTS buffer.
 */
export function parseLines(input: usize, len: usize, mode: u32, lines: u32): u32 {
  base = input;
  rfc = mode == MODE_RFC;
  reported = lines;
  eventCount = 0;
  group = -1;
  groupCount = 0;
  ruleSinceAgent = false;

  let end = input + len;
  let p = input + byteOrderMarkLength(input, len);
  let lineNumber: u32 = 0;
  while (true) {
    // One pass finds the line end, or a '#' or NUL that ends the content first.
    let stop = findAnyPadded(p, end, 0x0a, 0x0d, 0x23, 0);
    let e = stop;
    if (stop < end) {
      let c = load<u8>(stop);
      if (c == 0x23 || c == 0) e = findEitherPadded(stop, end, 0x0a, 0x0d);
    }
    parseLine(++lineNumber, p, e, stop);
    if (e >= end) break;
    // CRLF is one line end; a lone CR or LF is one too (so CR CR LF is two).
    p = load<u8>(e) == 0x0d && e + 1 < end && load<u8>(e + 1) == 0x0a ? e + 2 : e + 1;
  }
  return eventCount;
}

/**
 * Google skips whatever prefix of EF BB BF the file starts with; the RFC mode
 * skips only a whole byte order mark.
 */
function byteOrderMarkLength(p: usize, len: usize): usize {
  let n: usize = 0;
  while (n < 3 && n < len && load<u8>(p + n) == (n == 0 ? 0xef : n == 1 ? 0xbb : 0xbf)) n++;
  return rfc && n < 3 ? 0 : n;
}

/**
 * One line [start, end); `stop` is where a '#' or NUL ends its content (a
 * NUL because Google works on C strings), or `end`.
 */
function parseLine(lineNumber: u32, start: usize, end: usize, stop: usize): void {
  let flags: u32 = 0;
  let contentEnd = end;
  if (end - start > MAX_LINE_BYTES) {
    contentEnd = start + MAX_LINE_BYTES;
    flags |= FLAG_TOO_LONG;
  }
  if (stop < contentEnd) {
    flags |= load<u8>(stop) == 0 ? FLAG_NUL : FLAG_COMMENT;
    contentEnd = stop;
  }
  let s = start;
  let e = contentEnd;
  while (s < e && is(load<u8>(s), SPACE)) s++;
  while (e > s && is(load<u8>(e - 1), SPACE)) e--;
  if (s == e) {
    if (reported == 1) emit(lineNumber, (flags & FLAG_COMMENT ? KIND_COMMENT : KIND_EMPTY) | flags, s, s, s, s, start, end);
    return;
  }

  // `key: value`, or (Google) `key value` with exactly two tokens.
  let sep = findByte(s, e, 0x3a);
  if (sep == e) {
    sep = s;
    while (sep < e && !is(load<u8>(sep), BLANK)) sep++;
    let v = sep;
    while (v < e && is(load<u8>(v), BLANK)) v++;
    let third = v;
    while (third < e && !is(load<u8>(third), BLANK)) third++;
    if (sep == e || third < e || rfc) {
      if (reported) emit(lineNumber, KIND_INVALID | flags | (sep < e && third == e ? FLAG_MISSING_COLON : 0), s, e, e, e, start, end);
      return;
    }
    flags |= FLAG_MISSING_COLON;
  }
  let keyEnd = sep;
  while (keyEnd > s && is(load<u8>(keyEnd - 1), SPACE)) keyEnd--;
  if (keyEnd == s) {
    if (reported) emit(lineNumber, KIND_INVALID | flags, s, s, sep + 1, e, start, end);
    return;
  }
  let v = sep + 1;
  while (v < e && is(load<u8>(v), SPACE)) v++;

  let kind = rfc ? exactKind(s, keyEnd - s) : googleKind(s, keyEnd - s);
  flags |= kind & FLAG_TYPO;
  kind &= ~FLAG_TYPO;

  // Groups: user-agent lines open a group unless the group has no rule yet.
  if (kind == KIND_USER_AGENT) {
    if (group < 0 || ruleSinceAgent) {
      group = groupCount++;
      ruleSinceAgent = false;
    }
    // docs/behaviour.md, section 2: `*` names the global group; Google also reads `*` followed
    // by whitespace and more text so (`User-agent: * Disallow: /`). The one
    // place this is decided: compile and the per-line reading take the flag.
    if (v < e && load<u8>(v) == 0x2a && (v + 1 == e || (!rfc && is(load<u8>(v + 1), SPACE)))) flags |= FLAG_GLOBAL_AGENT;
  } else if (kind == KIND_ALLOW || kind == KIND_DISALLOW) {
    if (group < 0) flags |= FLAG_NO_GROUP;
    else ruleSinceAgent = true;
  }
  emit(lineNumber, kind | flags, s, keyEnd, v, e, start, end);
}

// Case folding a word at a time: `| 0x20` lower-cases letters and leaves '-'
// and ' ' alone; the only other bytes it maps onto the keywords' bytes are CR
// and NUL, which never occur inside a line's content.
const FOLD: u64 = 0x2020202020202020;

@inline function keyWord(k: usize): u64 {
  return load<u64>(k, 0, 1) | FOLD; // may read past the key: the input buffer has slack
}

@inline function prefixOf(word: u64, keyword: usize, n: usize): bool {
  let mask: u64 = n >= 8 ? <u64>-1 : ((<u64>1) << (<u64>(n << 3))) - 1;
  return (word & mask) == (load<u64>(keyword, 0, 1) & mask);
}

/** Google: a key is recognised when it starts with a keyword or a known typo. */
function googleKind(k: usize, n: usize): u32 {
  let word = keyWord(k);
  // Every keyword starts with u, a, d or s.
  switch (<u32>(word & 0xff)) {
    case 0x75: // u
      if (n >= K.USER_AGENT_LEN && word == load<u64>(K.USER_AGENT, 0, 1) && (load<u16>(k + 8, 0, 1) | 0x2020) == load<u16>(K.USER_AGENT + 8, 0, 1)) {
        return KIND_USER_AGENT;
      }
      if (startsWithIgnoreCase(k, n, K.USERAGENT, K.USERAGENT_LEN) ||
          startsWithIgnoreCase(k, n, K.USER_AGENT_SPACE, K.USER_AGENT_SPACE_LEN)) return KIND_USER_AGENT | FLAG_TYPO;
      break;
    case 0x61: // a
      if (n >= K.ALLOW_LEN && prefixOf(word, K.ALLOW, K.ALLOW_LEN)) return KIND_ALLOW;
      break;
    case 0x64: // d
      if (n >= K.DISALLOW_LEN && word == load<u64>(K.DISALLOW, 0, 1)) return KIND_DISALLOW;
      if (startsWithIgnoreCase(k, n, K.DISSALLOW, K.DISSALLOW_LEN) ||
          startsWithIgnoreCase(k, n, K.DISSALOW, K.DISSALOW_LEN) ||
          startsWithIgnoreCase(k, n, K.DISALOW, K.DISALOW_LEN) ||
          startsWithIgnoreCase(k, n, K.DIASLLOW, K.DIASLLOW_LEN) ||
          startsWithIgnoreCase(k, n, K.DISALLAW, K.DISALLAW_LEN)) return KIND_DISALLOW | FLAG_TYPO;
      break;
    case 0x73: // s
      if (n >= K.SITEMAP_LEN && prefixOf(word, K.SITEMAP, K.SITEMAP_LEN)) return KIND_SITEMAP;
      if (startsWithIgnoreCase(k, n, K.SITE_MAP, K.SITE_MAP_LEN)) return KIND_SITEMAP | FLAG_TYPO;
      break;
  }
  return KIND_OTHER;
}

/** RFC: a key is recognised only when it equals a keyword. */
function exactKind(k: usize, n: usize): u32 {
  if (equalsIgnoreCase(k, n, K.USER_AGENT, K.USER_AGENT_LEN)) return KIND_USER_AGENT;
  if (equalsIgnoreCase(k, n, K.ALLOW, K.ALLOW_LEN)) return KIND_ALLOW;
  if (equalsIgnoreCase(k, n, K.DISALLOW, K.DISALLOW_LEN)) return KIND_DISALLOW;
  if (equalsIgnoreCase(k, n, K.SITEMAP, K.SITEMAP_LEN)) return KIND_SITEMAP;
  return KIND_OTHER;
}

function emit(
  lineNumber: u32, kindAndFlags: u32,
  keyStart: usize, keyEnd: usize, valueStart: usize, valueEnd: usize,
  lineStart: usize, lineEnd: usize,
): void {
  let at = roomFor(EVENTS, (<usize>eventCount + 1) * EV_SIZE) + <usize>eventCount * EV_SIZE;
  store<u32>(at + EV_LINE, lineNumber);
  store<u32>(at + EV_KIND, kindAndFlags);
  store<u32>(at + EV_KEY_START, <u32>(keyStart - base));
  store<u32>(at + EV_KEY_END, <u32>(keyEnd - base));
  store<u32>(at + EV_VALUE_START, <u32>(valueStart - base));
  store<u32>(at + EV_VALUE_END, <u32>(valueEnd - base));
  store<i32>(at + EV_GROUP, group);
  store<u32>(at + EV_LINE_START, <u32>(lineStart - base));
  store<u32>(at + EV_LINE_END, <u32>(lineEnd - base));
  eventCount++;
}
