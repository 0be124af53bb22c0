// Line events in, a compact rule table out: one heap block per robots.txt
// holding its groups, product tokens, rules and their bytes (layout.ts).
// Everything matching needs is here, so the input can be dropped.

import { is, SPACE, BLANK, TOKEN, lower, equalsIgnoreCase } from "./bytes";
import * as K from "./keywords";
import { ARENA, GROUPS, RULES, USAGE, TOKENS, EVENTS, RECORDS, bufferPtr, reserveKeep, roomFor } from "./buffers";
import { normalize, valueShape, VALUE_NEEDS_WORK, VALUE_HAS_STAR } from "./normalize";
import { findByte } from "./scan";
import { allocate } from "./heap";
import {
  MODE_RFC, KIND_MASK, FLAG_GLOBAL_AGENT, KIND_USER_AGENT, KIND_ALLOW, KIND_DISALLOW, KIND_SITEMAP, KIND_OTHER,
  EV_LINE, EV_KIND, EV_KEY_START, EV_KEY_END, EV_VALUE_START, EV_VALUE_END, EV_GROUP, EV_SIZE,
  R_MODE, R_GROUP_COUNT, R_GROUPS, R_TOKEN_COUNT, R_TOKENS, R_RULE_COUNT, R_RULES, R_ARENA, R_SIZE,
  R_RECORD_COUNT, R_RECORDS, R_USAGE_COUNT, R_USAGE, R_INDEXES, R_HEADER,
  REC_KIND, REC_LINE, REC_GROUP, REC_AGENT, REC_KEY, REC_KEY_LENGTH, REC_VALUE_LENGTH, REC_SIZE,
  G_TOKEN_START, G_TOKEN_COUNT, G_RULE_START, G_RULE_COUNT, G_GLOBAL, G_USAGE_START, G_USAGE_COUNT, G_SIZE,
  T_OFFSET, T_LENGTH, T_SIZE,
  RULE_LINE, RULE_FLAGS, RULE_PATTERN, RULE_LENGTH, RULE_RAW_LENGTH, RULE_SIZE,
  RULE_ALLOW, RULE_WILDCARD, RULE_ANCHORED, RULE_IMPLIED, RULE_RAW_AFTER,
} from "./layout";

let arenaLength: usize = 0;
let groupCount: u32 = 0;
let tokenCount: u32 = 0;
let ruleCount: u32 = 0;
let usageCount: u32 = 0;
let recordCount: u32 = 0;
let lastAgent: i32 = -1; // token of the latest user-agent line; -2 for '*'

/** Appends bytes to the arena and returns their offset in it. */
@inline function arenaAppend(src: usize, n: usize): u32 {
  let at = arenaLength;
  memory.copy(roomFor(ARENA, at + n) + at, src, n);
  arenaLength += n;
  return <u32>at;
}

export function compile(input: usize, eventCount: u32, mode: u32): usize {
  let rfc = mode == MODE_RFC;
  arenaLength = 0;
  groupCount = 0;
  tokenCount = 0;
  ruleCount = 0;
  usageCount = 0;
  recordCount = 0;
  lastAgent = -1;

  for (let i: u32 = 0; i < eventCount; i++) {
    let ev = bufferPtr(EVENTS) + <usize>i * EV_SIZE;
    let kind = load<u32>(ev + EV_KIND) & KIND_MASK;
    let g = load<i32>(ev + EV_GROUP);
    if (kind == KIND_SITEMAP || kind == KIND_OTHER) {
      addRecord(input, ev, kind, g);
      // A Content-Usage line is also a rule of its group (docs/usage-signals.md): its
      // path goes into the usage table, matched like allow/disallow.
      let key = input + load<u32>(ev + EV_KEY_START);
      if (kind == KIND_OTHER && g >= 0 && equalsIgnoreCase(key, <usize>(load<u32>(ev + EV_KEY_END) - load<u32>(ev + EV_KEY_START)), K.CONTENT_USAGE, K.CONTENT_USAGE_LEN)) {
        addUsage(load<u32>(ev + EV_LINE), input + load<u32>(ev + EV_VALUE_START), <usize>(load<u32>(ev + EV_VALUE_END) - load<u32>(ev + EV_VALUE_START)), rfc);
      }
      continue;
    }
    if (g < 0) continue; // rules before the first user-agent line are ignored
    let value = input + load<u32>(ev + EV_VALUE_START);
    let valueLen = <usize>(load<u32>(ev + EV_VALUE_END) - load<u32>(ev + EV_VALUE_START));
    if (kind == KIND_USER_AGENT) {
      if (<u32>g == groupCount) openGroup();
      addAgent(value, valueLen, (load<u32>(ev + EV_KIND) & FLAG_GLOBAL_AGENT) != 0);
    } else if (kind == KIND_ALLOW || kind == KIND_DISALLOW) {
      addRule(load<u32>(ev + EV_LINE), kind == KIND_ALLOW, value, valueLen, rfc);
    }
  }
  return seal(mode);
}

function addRecord(input: usize, ev: usize, kind: u32, group: i32): void {
  let key = input + load<u32>(ev + EV_KEY_START);
  let keyLength = <usize>(load<u32>(ev + EV_KEY_END) - load<u32>(ev + EV_KEY_START));
  let value = input + load<u32>(ev + EV_VALUE_START);
  let valueLength = <usize>(load<u32>(ev + EV_VALUE_END) - load<u32>(ev + EV_VALUE_START));
  let offset = arenaAppend(key, keyLength);
  arenaAppend(value, valueLength);
  let at = roomFor(RECORDS, <usize>(recordCount + 1) * REC_SIZE) + <usize>recordCount * REC_SIZE;
  store<u32>(at + REC_KIND, kind);
  store<u32>(at + REC_LINE, load<u32>(ev + EV_LINE));
  store<i32>(at + REC_GROUP, group);
  store<i32>(at + REC_AGENT, lastAgent);
  store<u32>(at + REC_KEY, offset);
  store<u32>(at + REC_KEY_LENGTH, <u32>keyLength);
  store<u32>(at + REC_VALUE_LENGTH, <u32>valueLength);
  recordCount++;
}

@inline function currentGroup(): usize {
  return bufferPtr(GROUPS) + <usize>(groupCount - 1) * G_SIZE;
}

function openGroup(): void {
  let at = reserveKeep(GROUPS, <usize>(groupCount + 1) * G_SIZE) + <usize>groupCount * G_SIZE;
  store<u32>(at + G_TOKEN_START, tokenCount);
  store<u32>(at + G_TOKEN_COUNT, 0);
  store<u32>(at + G_RULE_START, ruleCount);
  store<u32>(at + G_RULE_COUNT, 0);
  store<u32>(at + G_GLOBAL, 0);
  store<u32>(at + G_USAGE_START, usageCount);
  store<u32>(at + G_USAGE_COUNT, 0);
  groupCount++;
}

/**
 * docs/behaviour.md, section 2: `*` marks the global group (the parser flags it, parser.ts);
 * anything else names the product token made of its leading [A-Za-z_-]
 * run, which may be empty.
 */
function addAgent(value: usize, len: usize, global: bool): void {
  let g = currentGroup();
  if (global) {
    store<u32>(g + G_GLOBAL, 1);
    lastAgent = -2;
    return;
  }
  lastAgent = <i32>tokenCount;
  let n: usize = 0;
  while (n < len && is(load<u8>(value + n), TOKEN)) n++;
  let offset = arenaAppend(value, n);
  let bytes = bufferPtr(ARENA) + offset;
  for (let i: usize = 0; i < n; i++) store<u8>(bytes + i, <u8>lower(load<u8>(bytes + i)));
  let at = roomFor(TOKENS, <usize>(tokenCount + 1) * T_SIZE) + <usize>tokenCount * T_SIZE;
  store<u32>(at + T_OFFSET, offset);
  store<u32>(at + T_LENGTH, <u32>n);
  tokenCount++;
  store<u32>(g + G_TOKEN_COUNT, load<u32>(g + G_TOKEN_COUNT) + 1);
}

// Where addPattern() put the pattern, and its length.
let patternAt: u32 = 0;
let patternLength: u32 = 0;

/**
 * Normalises a path pattern straight into the arena, keeping the raw text
 * after it only if it differs; sets patternAt/patternLength and returns the
 * pattern's RULE_WILDCARD, RULE_ANCHORED and RULE_RAW_AFTER flags.
 */
function addPattern(value: usize, len: usize, rfc: bool): u32 {
  let shape = valueShape(value, len);
  let at = arenaLength;
  let n = len;
  let flags = (shape & VALUE_HAS_STAR ? RULE_WILDCARD : 0) |
    (len > 0 && load<u8>(value + len - 1) == 0x24 ? RULE_ANCHORED : 0);
  // RFC mode normalises a URL's literal `$` to %24; a `$` that is not the
  // final anchor is literal in a pattern, so it gets the same form.
  let innerDollars = rfc ? countInnerDollars(value, len) : 0;
  if (shape & VALUE_NEEDS_WORK || innerDollars) {
    let out = reserveKeep(ARENA, at + len * 3 + innerDollars * 2) + at;
    n = normalize(value, len, out, rfc, false);
    if (innerDollars) n = escapeInnerDollars(out, n, innerDollars);
    arenaLength += n;
    if (n != len || memory.compare(out, value, len) != 0) {
      arenaAppend(value, len); // right after the pattern
      flags |= RULE_RAW_AFTER;
    }
  } else {
    arenaAppend(value, len);
  }
  patternAt = <u32>at;
  patternLength = <u32>n;
  return flags;
}

function addRule(line: u32, allow: bool, value: usize, len: usize, rfc: bool): void {
  let flags = addPattern(value, len, rfc) | (allow ? RULE_ALLOW : 0);
  let at = <usize>patternAt;
  let n = <usize>patternLength;
  pushRule(line, flags, patternAt, patternLength, <u32>len);

  // Google (docs/behaviour.md, section 3): an allow of `<dir>/index.htm...` also allows `<dir>/$`.
  if (!allow || rfc) return;
  let pattern = bufferPtr(ARENA) + at;
  let slash = <isize>n - 1;
  while (slash >= 0 && load<u8>(pattern + slash) != 0x2f) slash--;
  if (slash < 0 || n - <usize>slash < K.INDEX_HTM_LEN) return;
  if (memory.compare(pattern + slash, K.INDEX_HTM, K.INDEX_HTM_LEN) != 0) return;
  let dirLen = <usize>slash + 1;
  let implied = arenaLength;
  let arena = reserveKeep(ARENA, implied + dirLen + 1); // may move `pattern`
  memory.copy(arena + implied, arena + at, dirLen);
  store<u8>(arena + implied + dirLen, 0x24);
  arenaLength += dirLen + 1;
  flags = RULE_ALLOW | RULE_IMPLIED | shapeOf(arena + implied, dirLen + 1);
  pushRule(line, flags, <u32>implied, <u32>(dirLen + 1), 0);
}

/**
 * AIPREF attach: `Content-Usage: [path] preference`. The path starts with
 * `/` and ends at the first space or tab; without one the rule covers the
 * whole group (an empty pattern: it matches every path, priority 0). The
 * preference stays in the line's record, for the TypeScript side to read.
 */
function addUsage(line: u32, value: usize, len: usize, rfc: bool): void {
  let n: usize = 0;
  if (len > 0 && load<u8>(value) == 0x2f) while (n < len && !is(load<u8>(value + n), BLANK)) n++;
  let flags = addPattern(value, n, rfc);
  let at = reserveKeep(USAGE, <usize>(usageCount + 1) * RULE_SIZE) + <usize>usageCount * RULE_SIZE;
  storeRule(at, line, flags, patternAt, patternLength, <u32>n);
  usageCount++;
  let g = currentGroup();
  store<u32>(g + G_USAGE_COUNT, load<u32>(g + G_USAGE_COUNT) + 1);
}

/** How many `$` stand before the last byte (the last one is the anchor, if it is a `$`). */
function countInnerDollars(p: usize, n: usize): usize {
  let count: usize = 0;
  for (let i: usize = 0; i + 1 < n; i++) if (load<u8>(p + i) == 0x24) count++;
  return count;
}

/**
 * Rewrites, in place, each `$` before the last byte of [p, p+n) as `%24`
 * (room for `count` * 2 more bytes is there); returns the new length.
 */
function escapeInnerDollars(p: usize, n: usize, count: usize): usize {
  let to = n + count * 2;
  // Right to left, so nothing is overwritten before it is read. The last
  // byte stays what it is: a final `$` is the anchor.
  let j = to - 1;
  store<u8>(p + j, load<u8>(p + n - 1));
  for (let i = n - 1; i > 0; ) {
    i--;
    let c = load<u8>(p + i);
    if (c == 0x24) {
      store<u8>(p + j - 1, 0x34); // '4'
      store<u8>(p + j - 2, 0x32); // '2'
      store<u8>(p + j - 3, 0x25); // '%'
      j -= 3;
    } else {
      store<u8>(p + j - 1, c);
      j--;
    }
  }
  return to;
}

/** RULE_ANCHORED for a final '$', RULE_WILDCARD for a '*' before it. */
function shapeOf(p: usize, n: usize): u32 {
  let flags: u32 = 0;
  let body = n;
  if (n > 0 && load<u8>(p + n - 1) == 0x24) { flags |= RULE_ANCHORED; body--; }
  if (findByte(p, p + body, 0x2a) < p + body) flags |= RULE_WILDCARD;
  return flags;
}

@inline function storeRule(at: usize, line: u32, flags: u32, pattern: u32, length: u32, rawLength: u32): void {
  store<u32>(at + RULE_LINE, line);
  store<u32>(at + RULE_FLAGS, flags);
  store<u32>(at + RULE_PATTERN, pattern);
  store<u16>(at + RULE_LENGTH, <u16>length);
  store<u16>(at + RULE_RAW_LENGTH, <u16>rawLength);
}

@inline function pushRule(line: u32, flags: u32, pattern: u32, length: u32, rawLength: u32): void {
  let at = roomFor(RULES, <usize>(ruleCount + 1) * RULE_SIZE) + <usize>ruleCount * RULE_SIZE;
  storeRule(at, line, flags, pattern, length, rawLength);
  ruleCount++;
  let g = currentGroup();
  store<u32>(g + G_RULE_COUNT, load<u32>(g + G_RULE_COUNT) + 1);
}

/** Copies the scratch tables into one block of exactly the size needed. */
function seal(mode: u32): usize {
  let groupsOff = R_HEADER;
  let tokensOff = groupsOff + <usize>groupCount * G_SIZE;
  let rulesOff = tokensOff + <usize>tokenCount * T_SIZE;
  let usageOff = rulesOff + <usize>ruleCount * RULE_SIZE;
  let recordsOff = usageOff + <usize>usageCount * RULE_SIZE;
  let arenaOff = recordsOff + <usize>recordCount * REC_SIZE;
  let size = arenaOff + arenaLength;
  let block = allocate(size);
  store<u32>(block + R_MODE, mode);
  store<u32>(block + R_GROUP_COUNT, groupCount);
  store<u32>(block + R_GROUPS, <u32>groupsOff);
  store<u32>(block + R_TOKEN_COUNT, tokenCount);
  store<u32>(block + R_TOKENS, <u32>tokensOff);
  store<u32>(block + R_RULE_COUNT, ruleCount);
  store<u32>(block + R_RULES, <u32>rulesOff);
  store<u32>(block + R_ARENA, <u32>arenaOff);
  store<u32>(block + R_SIZE, <u32>size);
  store<u32>(block + R_RECORD_COUNT, recordCount);
  store<u32>(block + R_RECORDS, <u32>recordsOff);
  store<u32>(block + R_USAGE_COUNT, usageCount);
  store<u32>(block + R_USAGE, <u32>usageOff);
  store<u32>(block + R_INDEXES, 0);
  if (groupCount) memory.copy(block + groupsOff, bufferPtr(GROUPS), <usize>groupCount * G_SIZE);
  if (tokenCount) memory.copy(block + tokensOff, bufferPtr(TOKENS), <usize>tokenCount * T_SIZE);
  if (ruleCount) memory.copy(block + rulesOff, bufferPtr(RULES), <usize>ruleCount * RULE_SIZE);
  if (usageCount) memory.copy(block + usageOff, bufferPtr(USAGE), <usize>usageCount * RULE_SIZE);
  if (recordCount) memory.copy(block + recordsOff, bufferPtr(RECORDS), <usize>recordCount * REC_SIZE);
  if (arenaLength) memory.copy(block + arenaOff, bufferPtr(ARENA), arenaLength);
  return block;
}
