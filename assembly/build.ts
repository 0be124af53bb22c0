// Building per-agent rule indexes (docs/behaviour.md: section 2 to choose the rules).
//
// Building: the rules of the applying groups are keyed by their literal first
// segment, sorted, and each key learns its longest prefix key (its parent)
// and the best plain-prefix allow and disallow along that chain.
//
// decide.ts reads the index; keys.ts orders the keys; select.ts chooses the groups.

import { prefixWord, findByte } from "./scan";
import { patternNeeds } from "./masks";
import { sortRecords, RECORD_SIZE } from "./sort";
import { allocate, release } from "./heap";
import { ORDER, KEYS, KEY_WORDS, EXTRAS, SORT_TEMP, reserve, reserveKeep, bufferPtr } from "./buffers";
import {
  R_GROUP_COUNT, R_GROUPS, R_MODE, G_RULE_START, G_RULE_COUNT, G_GLOBAL, G_SIZE, RULE_FLAGS, RULE_PATTERN,
  RULE_LENGTH, RULE_ALLOW, A_ROBOTS, A_KIND, A_GROUP_COUNT, A_GROUPS, A_KEY_COUNT, A_KEYS, A_EXTRA_COUNT, A_EXTRAS,
  A_WORDS, A_SCAN, A_RULE_COUNT, A_CHOSEN, A_SCANS_LEFT, A_FULL, A_NEXT, A_PREV, A_HEADER, R_INDEXES, SELECT_NONE, SELECT_SPECIFIC, SELECT_GLOBAL, HOW_FULL,
  HOW_CRAWLER, HOW_IGNORES_GLOBAL, K_OFFSET, K_LENGTH, K_PARENT, K_ALLOW_PRIORITY, K_ALLOW_RULE, K_DISALLOW_PRIORITY,
  K_DISALLOW_RULE, K_EXTRA_START, K_EXTRA_COUNT, K_EXACT_ALLOW_RULE, K_EXACT_DISALLOW_RULE, K_SIZE, X_NEEDS, X_RULE,
  X_PRIORITY, X_SIZE,
} from "./layout";
import { collectAgents, namesAgent, anyGroupNames } from "./select";
import { useRules, sortArena, ruleAt, keyLength, isPlainPrefix, isExact, keyOrder, keyTie, SR_RULE, SR_LENGTH } from "./keys";

/**
 * Resolves the agents' groups in `robots` and builds their index (free with
 * releaseIndex). `how` (HOW_*): tokens are a union (Google's C++ API: every
 * group naming any of them), or a crawler's tokens in fallback order
 * (docs/crawlers.md: the first token that names a group decides), which may ignore `*`.
 * A light index (no HOW_FULL) keeps only the applying groups: it costs one
 * pass over the group table, and decide() then scans their rules, as
 * Google's matcher does. That wins until an agent has been asked about a
 * handful of URLs; check() then builds the full index (answering()).
 */
export function buildIndex(robots: usize, agents: usize, agentsLen: usize, count: u32, how: u32): usize {
  let groups = robots + load<u32>(robots + R_GROUPS);
  let groupCount = load<u32>(robots + R_GROUP_COUNT);
  useRules(robots);
  let full = (how & HOW_FULL) != 0;

  // A crawler: the first of its tokens that a group names is the one agent.
  let chosen: i32 = -1;
  if (how & HOW_CRAWLER) {
    let a = agents;
    let end = agents + agentsLen;
    for (let t: u32 = 0; t < count && chosen < 0; t++) {
      let e = findByte(a, end, 0x0a);
      collectAgents(a, e - a, 1);
      if (anyGroupNames(robots)) chosen = <i32>t;
      a = e + 1;
    }
    if (chosen < 0) collectAgents(agents, 0, 0);
  } else collectAgents(agents, agentsLen, count);
  let obeysGlobal = (how & HOW_IGNORES_GLOBAL) == 0;
  let specific = anyGroupNames(robots);
  // The applying groups, in file order (kept for crawl-delay), into SORT_TEMP.
  let applying: u32 = 0;
  for (let g: u32 = 0; g < groupCount; g++) {
    let group = groups + <usize>g * G_SIZE;
    let applies = specific ? namesAgent(robots, group) : obeysGlobal && load<u32>(group + G_GLOBAL) != 0;
    if (!applies) continue;
    store<u32>(reserveKeep(SORT_TEMP, <usize>(applying + 1) * 4) + <usize>applying * 4, g);
    applying++;
  }
  let kind = applying == 0 ? SELECT_NONE : specific ? SELECT_SPECIFIC : SELECT_GLOBAL;
  let index = indexOfGroups(robots, applying, kind, chosen, full);
  // Listed on its robots, so that freeing the robots frees it too (releaseIndexes): a host frees a
  // file and every index on it in one call.
  let first = load<u32>(robots + R_INDEXES);
  store<u32>(index + A_NEXT, first);
  if (first) store<u32>(<usize>first + A_PREV, <u32>index);
  store<u32>(robots + R_INDEXES, <u32>index);
  return index;
}

/**
 * A light index answers its first URLs by scanning; once it has answered
 * SCAN_CALLS of them, and its groups hold more than SCAN_RULES rules, the
 * scans have cost about what building the full index would, and check()
 * builds it (answering()). Crawlers ask a handful of URLs per file; bulk
 * callers ask for the full index at once (HOW_FULL).
 */
const SCAN_CALLS: u32 = 6;
const SCAN_RULES: u32 = 8;
/** A_SCANS_LEFT of a light index that never switches (SCAN_RULES rules or fewer). */
const SCANS_ALWAYS: u32 = 0xffffffff;

/**
 * The index check() answers with: `index` itself, or for a light index
 * past its first SCAN_CALLS answers the full index, built once from the
 * light one's groups and kept in it (A_FULL; disposeIndex frees both).
 */
export function answering(index: usize): usize {
  if (!load<u32>(index + A_SCAN)) return index;
  let full = <usize>load<u32>(index + A_FULL);
  if (full) return full;
  let left = load<u32>(index + A_SCANS_LEFT);
  if (left == SCANS_ALWAYS) return index;
  if (left) {
    store<u32>(index + A_SCANS_LEFT, left - 1);
    return index;
  }
  let robots = <usize>load<u32>(index + A_ROBOTS);
  let applying = load<u32>(index + A_GROUP_COUNT);
  let groupBytes = <usize>applying * 4;
  memory.copy(reserve(SORT_TEMP, max<usize>(groupBytes, 4)), index + load<u32>(index + A_GROUPS), groupBytes);
  useRules(robots);
  full = indexOfGroups(robots, applying, load<u32>(index + A_KIND), load<i32>(index + A_CHOSEN), true);
  store<u32>(index + A_FULL, <u32>full);
  return full;
}

/** Frees an agent index select() built and the full index check() built for it, if any. */
export function releaseIndex(index: usize): void {
  let next = load<u32>(index + A_NEXT);
  let prev = load<u32>(index + A_PREV);
  if (prev) store<u32>(<usize>prev + A_NEXT, next);
  else store<u32>(<usize>load<u32>(index + A_ROBOTS) + R_INDEXES, next);
  if (next) store<u32>(<usize>next + A_PREV, prev);
  freeIndex(index);
}

/** Frees every index select() built on `robots` (with their full indexes). */
export function releaseIndexes(robots: usize): void {
  let index = <usize>load<u32>(robots + R_INDEXES);
  while (index) {
    let next = <usize>load<u32>(index + A_NEXT);
    freeIndex(index);
    index = next;
  }
  store<u32>(robots + R_INDEXES, 0);
}

function freeIndex(index: usize): void {
  let full = <usize>load<u32>(index + A_FULL);
  if (full) release(full);
  release(index);
}

/** The index of the `applying` groups whose numbers are in SORT_TEMP (useRules(robots) done). */
function indexOfGroups(robots: usize, applying: u32, kind: u32, chosen: i32, full: bool): usize {
  let groups = robots + load<u32>(robots + R_GROUPS);
  let n: u32 = 0;
  for (let a: u32 = 0; a < applying; a++) {
    let group = groups + <usize>load<u32>(bufferPtr(SORT_TEMP) + <usize>a * 4) * G_SIZE;
    let first = load<u32>(group + G_RULE_START);
    let rules = load<u32>(group + G_RULE_COUNT);
    if (full) {
      let order = reserveKeep(ORDER, <usize>(n + rules) * RECORD_SIZE);
      for (let r: u32 = 0; r < rules; r++) store<u32>(order + <usize>(n + r) * RECORD_SIZE + SR_RULE, first + r);
    }
    n += rules;
  }
  let groupBytes = <usize>applying * 4;
  // A light index is its header and group list, read from SORT_TEMP; a
  // full one keeps the list out of SORT_TEMP, which its sorts reuse.
  let groupList = bufferPtr(SORT_TEMP);
  let keyCount: u32 = 0;
  let extraCount: u32 = 0;
  if (full) {
    groupList = allocate(max<usize>(groupBytes, 4));
    if (applying) memory.copy(groupList, bufferPtr(SORT_TEMP), groupBytes);
    buildKeys(n);
    keyCount = builtKeys;
    extraCount = builtExtras;
  }

  // One block: header | groups | words | keys | extras.
  let groupsOff = A_HEADER;
  let wordsOff = groupsOff + ((groupBytes + 7) & ~7);
  let keysOff = wordsOff + <usize>keyCount * 16;
  let extrasOff = keysOff + ((<usize>keyCount * K_SIZE + 7) & ~7);
  let block = allocate(extrasOff + <usize>extraCount * X_SIZE);
  store<u32>(block + A_ROBOTS, <u32>robots);
  store<u32>(block + A_KIND, kind);
  store<u32>(block + A_GROUP_COUNT, applying);
  store<u32>(block + A_GROUPS, <u32>groupsOff);
  store<u32>(block + A_KEY_COUNT, keyCount);
  store<u32>(block + A_KEYS, <u32>keysOff);
  store<u32>(block + A_EXTRA_COUNT, extraCount);
  store<u32>(block + A_EXTRAS, <u32>extrasOff);
  store<u32>(block + A_WORDS, <u32>wordsOff);
  store<u32>(block + A_SCAN, <u32>!full);
  store<u32>(block + A_RULE_COUNT, n);
  store<i32>(block + A_CHOSEN, chosen);
  store<u32>(block + A_SCANS_LEFT, full ? 0 : n > SCAN_RULES ? SCAN_CALLS : SCANS_ALWAYS);
  store<u32>(block + A_FULL, 0);
  store<u32>(block + A_NEXT, 0);
  store<u32>(block + A_PREV, 0);
  if (applying) memory.copy(block + groupsOff, groupList, groupBytes);
  if (full) release(groupList);
  if (keyCount) {
    memory.copy(block + keysOff, bufferPtr(KEYS), <usize>keyCount * K_SIZE);
    memory.copy(block + wordsOff, bufferPtr(KEY_WORDS), <usize>keyCount * 16);
  }
  let extras = bufferPtr(EXTRAS);
  for (let x: u32 = 0; x < extraCount; x++) {
    let index = load<u32>(extras + <usize>x * RECORD_SIZE);
    let rule = ruleAt(index);
    let at = block + extrasOff + <usize>x * X_SIZE;
    patternNeeds(sortArena + load<u32>(rule + RULE_PATTERN), load<u16>(rule + RULE_LENGTH), at + X_NEEDS);
    store<u32>(at + X_RULE, index);
    store<u32>(at + X_PRIORITY, load<u16>(rule + RULE_LENGTH));
  }
  return block;
}

// The counts of keys and extras buildKeys() wrote.
let builtKeys: u32 = 0;
let builtExtras: u32 = 0;

/**
 * The full index's keys, for the `n` rules whose indexes are in ORDER's
 * records: sorts them and writes each key (KEYS, KEY_WORDS), its parent and
 * inherited bests, and its extras (EXTRAS), in order.
 */
function buildKeys(n: u32): void {
  let order = bufferPtr(ORDER);
  for (let i: u32 = 0; i < n; i++) {
    let record = order + <usize>i * RECORD_SIZE;
    let rule = ruleAt(load<u32>(record + SR_RULE));
    let length = keyLength(rule);
    let bytes = sortArena + load<u32>(rule + RULE_PATTERN);
    store<u64>(record, prefixWord(bytes, min<u32>(length, 8)));
    store<u64>(record, length > 8 ? prefixWord(bytes + 8, min<u32>(length - 8, 8)) : 0, 8);
    store<u32>(record + SR_LENGTH, length);
  }
  sortRecords(order, n, keyTie);

  // One key per run of equal first segments; plain-prefix rules become the
  // key's own best, the others its extras.
  let keyCount: u32 = 0;
  let extraCount: u32 = 0;
  let i: u32 = 0;
  while (i < n) {
    let first = order + <usize>i * RECORD_SIZE;
    let keyOff = load<u32>(ruleAt(load<u32>(first + SR_RULE)) + RULE_PATTERN);
    let keyLen = load<u32>(first + SR_LENGTH);
    let key = reserveKeep(KEYS, <usize>(keyCount + 1) * K_SIZE) + <usize>keyCount * K_SIZE;
    let words = reserveKeep(KEY_WORDS, <usize>(keyCount + 1) * 16) + <usize>keyCount * 16;
    store<u64>(words, load<u64>(first)); // the words floorKey searches: the sort's own
    store<u64>(words, load<u64>(first, 8), 8);
    store<u32>(key + K_OFFSET, keyOff);
    store<u32>(key + K_LENGTH, keyLen);
    store<i32>(key + K_PARENT, -1);
    store<i32>(key + K_ALLOW_PRIORITY, -1);
    store<i32>(key + K_ALLOW_RULE, -1);
    store<i32>(key + K_DISALLOW_PRIORITY, -1);
    store<i32>(key + K_DISALLOW_RULE, -1);
    store<i32>(key + K_EXACT_ALLOW_RULE, -1);
    store<i32>(key + K_EXACT_DISALLOW_RULE, -1);
    store<u32>(key + K_EXTRA_START, extraCount);
    let j = i;
    while (j < n) {
      let record = order + <usize>j * RECORD_SIZE;
      let index = load<u32>(record + SR_RULE);
      let r = ruleAt(index);
      if (j > i && (load<u64>(record) != load<u64>(first) || load<u64>(record, 8) != load<u64>(first, 8) || keyOrder(first, record) != 0)) break; // the next key
      // Sorted by rule index within a run, so the first of a type is its best.
      let allowRule = (load<u32>(r + RULE_FLAGS) & RULE_ALLOW) != 0;
      if (isPlainPrefix(r)) {
        let slot = allowRule ? K_ALLOW_RULE : K_DISALLOW_RULE;
        if (load<i32>(key + slot) < 0) {
          store<i32>(key + slot, <i32>index);
          store<i32>(key + slot - 4, <i32>keyLen);
        }
      } else if (isExact(r)) {
        let slot = allowRule ? K_EXACT_ALLOW_RULE : K_EXACT_DISALLOW_RULE;
        if (load<i32>(key + slot) < 0) store<i32>(key + slot, <i32>index);
      } else {
        let extra = reserveKeep(EXTRAS, <usize>(extraCount + 1) * RECORD_SIZE) + <usize>extraCount * RECORD_SIZE;
        store<u32>(extra, index);
        store<u32>(extra, 0xffff - <u32>load<u16>(r + RULE_LENGTH), 4);
        store<u64>(extra, 0, 8);
        extraCount++;
      }
      j++;
    }
    // The key's extras: highest priority first, then file order (their words differ).
    let extraStart = load<u32>(key + K_EXTRA_START);
    store<u32>(key + K_EXTRA_COUNT, extraCount - extraStart);
    sortRecords(bufferPtr(EXTRAS) + <usize>extraStart * RECORD_SIZE, extraCount - extraStart, keyTie);
    keyCount++;
    i = j;
  }

  // Parents and inherited bests: keys are sorted, so a stack of the current
  // chain of prefixes yields each key's longest prefix key. The stack holds
  // the key before and its prefix keys: those no longer than the bytes it
  // shares with this key are this key's prefixes too (and shorter: keys are
  // distinct and sorted), the others are not. So one count of shared bytes
  // per key decides every pop, mostly from the keys' words, which lie in
  // order, instead of comparing bytes scattered in the arena per entry.
  let keys = bufferPtr(KEYS);
  let words = bufferPtr(KEY_WORDS);
  let stack = reserve(SORT_TEMP, <usize>max<u32>(keyCount, 1) * 4);
  let depth: u32 = 0;
  for (let k: u32 = 0; k < keyCount; k++) {
    let key = keys + <usize>k * K_SIZE;
    let shared: u32 = 0;
    if (k > 0) {
      // Up to 16 from the words (their padding never matches: patterns
      // hold no NUL byte), the rest byte by byte.
      let w = words + (<usize>k << 4);
      let diff = load<u64>(w - 16) ^ load<u64>(w);
      shared = diff != 0 ? <u32>clz(diff) >> 3 : 8 + (<u32>clz(load<u64>(w - 8) ^ load<u64>(w, 8)) >> 3);
      if (shared == 16) {
        let prev = key - K_SIZE;
        let a = sortArena + load<u32>(prev + K_OFFSET);
        let b = sortArena + load<u32>(key + K_OFFSET);
        let n = min(load<u32>(prev + K_LENGTH), load<u32>(key + K_LENGTH));
        while (shared < n && load<u8>(a + shared) == load<u8>(b + shared)) shared++;
      }
    }
    while (depth > 0 && load<u32>(keys + <usize>load<u32>(stack + <usize>(depth - 1) * 4) * K_SIZE + K_LENGTH) > shared) depth--;
    if (depth > 0) {
      let parentIndex = load<u32>(stack + <usize>(depth - 1) * 4);
      let parent = keys + <usize>parentIndex * K_SIZE;
      store<i32>(key + K_PARENT, <i32>parentIndex);
      for (let slot = K_ALLOW_PRIORITY; slot <= K_DISALLOW_PRIORITY; slot += 8) {
        if (load<i32>(key + slot + 4) < 0) {
          store<i32>(key + slot, load<i32>(parent + slot));
          store<i32>(key + slot + 4, load<i32>(parent + slot + 4));
        }
      }
    }
    store<u32>(stack + <usize>depth * 4, k);
    depth++;
  }
  builtKeys = keyCount;
  builtExtras = extraCount;
}

export function indexMode(index: usize): u32 {
  return load<u32>(<usize>load<u32>(index + A_ROBOTS) + R_MODE);
}
