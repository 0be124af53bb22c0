// Per-agent rule indexes (docs/behaviour.md: section 2 to choose the rules, section 3 to decide).
//
// Building: the rules of the applying groups are keyed by their literal first
// segment, sorted, and each key learns its longest prefix key (its parent)
// and the best plain-prefix allow and disallow along that chain.
//
// Deciding a path: one binary search finds the greatest key <= path; walking
// up its parents to the first key no longer than the common prefix gives the
// longest key that is a prefix of the path, and with it the best plain-prefix
// rules; a `literal$` rule is decided by that key too (it matches when the
// path equals its key). Only wildcard rules hanging off the key's chain are
// then matched one by one, highest priority first, after a cheap check that
// the path holds every byte and byte pair their literal parts need. A file of
// thousands of plain rules costs O(log n) per path; wildcard rules cost in
// proportion to how many share the path's prefixes.

import { lower } from "./bytes";
import { patternMatches } from "./match";
import { prefixWord, findByte } from "./scan";
import { markPath, patternNeeds, hasNeeds, mayMatch, PREFILTER_PATH } from "./masks";
import { sortRecords, RECORD_SIZE } from "./sort";
import { allocate, release } from "./heap";
import { ORDER, KEYS, KEY_WORDS, EXTRAS, SORT_TEMP, AGENT_SET, PURPOSE, BUCKETS, reserve, reserveKeep, bufferPtr } from "./buffers";
import {
  R_GROUP_COUNT, R_GROUPS, R_TOKENS, R_RULES, R_RULE_COUNT, R_ARENA, R_MODE,
  G_TOKEN_START, G_TOKEN_COUNT, G_RULE_START, G_RULE_COUNT, G_GLOBAL, G_USAGE_START, G_USAGE_COUNT, G_SIZE,
  R_USAGE, T_OFFSET, T_LENGTH, T_SIZE,
  RULE_LINE, RULE_FLAGS, RULE_PATTERN, RULE_LENGTH, RULE_SIZE, RULE_ALLOW, RULE_WILDCARD, RULE_ANCHORED,
  A_ROBOTS, A_KIND, A_GROUP_COUNT, A_GROUPS, A_KEY_COUNT, A_KEYS, A_EXTRA_COUNT, A_EXTRAS, A_WORDS, A_SCAN, A_RULE_COUNT, A_CHOSEN, A_HEADER,
  SELECT_NONE, SELECT_SPECIFIC, SELECT_GLOBAL, HOW_FULL, HOW_CRAWLER, HOW_IGNORES_GLOBAL,
  K_OFFSET, K_LENGTH, K_PARENT, K_ALLOW_PRIORITY, K_ALLOW_RULE, K_DISALLOW_PRIORITY, K_DISALLOW_RULE,
  K_EXTRA_START, K_EXTRA_COUNT, K_EXACT_ALLOW_RULE, K_EXACT_DISALLOW_RULE, K_SIZE, X_NEEDS, X_RULE, X_PRIORITY, X_SIZE,
  V_ALLOWED, V_LINE, V_RULE, V_SIZE,
} from "./layout";

export const VERDICT = memory.data(V_SIZE);

// ---- Choosing the groups ---------------------------------------------------

// The caller's agents as a hash set (open addressing, linear probing): per
// slot the agent's address (0: empty) and length. Whether a group names one
// of them is then one lookup per token of the group, so choosing the groups
// costs the file's tokens plus the agents, never their product (a caller may
// pass thousands of agents, a file hold thousands of groups).
let agentSlots: usize = 0;
let agentMask: u32 = 0;

/** Fills the set with the agents ('\n'-separated, `count` of them), lower-cased where they are (the input is ours). */
function collectAgents(agents: usize, agentsLen: usize, count: u32): void {
  let size: u32 = 16;
  while (size < count * 2) size <<= 1; // at most half full: probes stay short
  agentMask = size - 1;
  agentSlots = reserve(AGENT_SET, <usize>size << 3);
  memory.fill(agentSlots, 0, <usize>size << 3);
  let a = agents;
  let end = agents + agentsLen;
  for (let i: u32 = 0; i < count; i++) {
    let e = findByte(a, end, 0x0a);
    for (let p = a; p < e; p++) store<u8>(p, <u8>lower(load<u8>(p)));
    let slot = agentSlot(a, e - a);
    store<u32>(slot, <u32>a);
    store<u32>(slot, <u32>(e - a), 4);
    a = e + 1;
  }
}

/** The slot holding the lower-cased bytes [p, p+n), or the empty slot where they would go. */
function agentSlot(p: usize, n: usize): usize {
  let h: u32 = 0x811c9dc5; // FNV-1a
  for (let i: usize = 0; i < n; i++) h = (h ^ load<u8>(p + i)) * 0x01000193;
  while (true) {
    let at = agentSlots + (<usize>(h & agentMask) << 3);
    let agent = <usize>load<u32>(at);
    if (agent == 0 || (<usize>load<u32>(at, 4) == n && memory.compare(agent, p, n) == 0)) return at;
    h++;
  }
  return 0;
}

/** Does the group name one of the agents collectAgents() took? (Tokens are stored lower-cased.) */
function namesAgent(robots: usize, group: usize): bool {
  let tokens = robots + load<u32>(robots + R_TOKENS);
  let arena = robots + load<u32>(robots + R_ARENA);
  let first = load<u32>(group + G_TOKEN_START);
  let n = load<u32>(group + G_TOKEN_COUNT);
  for (let t = first; t < first + n; t++) {
    let token = tokens + <usize>t * T_SIZE;
    if (load<u32>(agentSlot(arena + load<u32>(token + T_OFFSET), <usize>load<u32>(token + T_LENGTH))) != 0) return true;
  }
  return false;
}

/** Does any group of `robots` name one of the agents collectAgents() took? */
function anyGroupNames(robots: usize): bool {
  let groups = robots + load<u32>(robots + R_GROUPS);
  let groupCount = load<u32>(robots + R_GROUP_COUNT);
  for (let g: u32 = 0; g < groupCount; g++) {
    if (namesAgent(robots, groups + <usize>g * G_SIZE)) return true;
  }
  return false;
}

// ---- Keys ------------------------------------------------------------------

// Module state for the sort comparators (AssemblyScript has no closures).
let sortRules: usize = 0;
let sortArena: usize = 0;

@inline function ruleAt(index: u32): usize {
  return sortRules + <usize>index * RULE_SIZE;
}

/** The literal first segment of a rule: up to its first '*', without a final '$'. */
function keyLength(rule: usize): u32 {
  let flags = load<u32>(rule + RULE_FLAGS);
  let length = <u32>load<u16>(rule + RULE_LENGTH);
  if (flags & RULE_WILDCARD) {
    let p = sortArena + load<u32>(rule + RULE_PATTERN);
    let n: u32 = 0;
    while (load<u8>(p + n) != 0x2a) n++;
    return n;
  }
  return flags & RULE_ANCHORED ? length - 1 : length;
}

@inline function isPlainPrefix(rule: usize): bool {
  return (load<u32>(rule + RULE_FLAGS) & (RULE_WILDCARD | RULE_ANCHORED)) == 0;
}

/** `literal$`: matches exactly the path that equals its key. */
@inline function isExact(rule: usize): bool {
  return (load<u32>(rule + RULE_FLAGS) & (RULE_WILDCARD | RULE_ANCHORED)) == RULE_ANCHORED;
}

/**
 * Byte order of two byte strings; a proper prefix sorts first. Rarely asked:
 * index builds compare 16 bytes as words first.
 */
function compareBytes(a: usize, an: u32, b: usize, bn: u32): i32 {
  let c = memory.compare(a, b, min(an, bn));
  return c != 0 ? c : <i32>an - <i32>bn;
}

// The sort records (sort.ts) of an index build. A rule's: its key's first 16
// bytes as two big-endian words (zero-padded: patterns hold no NUL byte, so
// the words order like the bytes; keys in one directory often share 8), the
// rule's index, the key's length; keys are found once, before the sort (a
// wildcard rule's key ends at its first `*`, which takes a scan to find). An
// extra's: its rule index, then 0xffff less its priority (longest first, then
// file order), so its first word alone orders it.
const SR_RULE: usize = 16;
const SR_LENGTH: usize = 20;

/** The order of two rule records' keys whose first 16 bytes are equal (as compareBytes). */
function keyOrder(a: usize, b: usize): i32 {
  let la = load<u32>(a + SR_LENGTH);
  let lb = load<u32>(b + SR_LENGTH);
  if (la <= 16 || lb <= 16) return <i32>la - <i32>lb;
  return compareBytes(sortArena + load<u32>(ruleAt(load<u32>(a + SR_RULE)) + RULE_PATTERN) + 16, la - 16, sortArena + load<u32>(ruleAt(load<u32>(b + SR_RULE)) + RULE_PATTERN) + 16, lb - 16);
}

/**
 * Orders two rule records whose first 16 key bytes are equal, by the rest of
 * the key. Equal keys stay in file order: the records start in it and the
 * sort is stable.
 */
function keyTie(a: usize, b: usize): bool {
  return keyOrder(a, b) < 0;
}

// ---- Building --------------------------------------------------------------

/**
 * Resolves the agents' groups in `robots` and builds their index (free with
 * heap.free). `how` (HOW_*): tokens are a union (Google's C++ API: every
 * group naming any of them), or a crawler's tokens in fallback order
 * (docs/crawlers.md: the first token that names a group decides), which may ignore `*`.
 * A light index (no HOW_FULL) keeps only the applying groups: it costs one
 * pass over the group table, and decide() then scans their rules, as
 * Google's matcher does. That wins until an agent has been asked about a
 * handful of URLs; the caller then builds the full index.
 */
export function buildIndex(robots: usize, agents: usize, agentsLen: usize, count: u32, how: u32): usize {
  let groups = robots + load<u32>(robots + R_GROUPS);
  let groupCount = load<u32>(robots + R_GROUP_COUNT);
  sortRules = robots + load<u32>(robots + R_RULES);
  sortArena = robots + load<u32>(robots + R_ARENA);
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
  // The applying groups (kept for crawl-delay) and their rules, in file order.
  let applying: u32 = 0;
  let n: u32 = 0;
  for (let g: u32 = 0; g < groupCount; g++) {
    let group = groups + <usize>g * G_SIZE;
    let applies = specific ? namesAgent(robots, group) : obeysGlobal && load<u32>(group + G_GLOBAL) != 0;
    if (!applies) continue;
    store<u32>(reserveKeep(SORT_TEMP, <usize>(applying + 1) * 4) + <usize>applying * 4, g);
    applying++;
    let first = load<u32>(group + G_RULE_START);
    let rules = load<u32>(group + G_RULE_COUNT);
    if (!full) { n += rules; continue; }
    let order = reserveKeep(ORDER, <usize>(n + rules) * RECORD_SIZE);
    for (let r: u32 = 0; r < rules; r++) store<u32>(order + <usize>(n + r) * RECORD_SIZE + SR_RULE, first + r);
    n += rules;
  }
  let kind = applying == 0 ? SELECT_NONE : specific ? SELECT_SPECIFIC : SELECT_GLOBAL;
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

// ---- Deciding ----------------------------------------------------------------

/** How many leading bytes the key found by floorKey shares with the path. */
let sharedPrefix: u32 = 0;

/**
 * The greatest key <= path, or -1. Keys compare by their first 16 bytes as two
 * big-endian words (kept densely in A_WORDS), by their bytes only on a tie;
 * paths and patterns hold no NUL bytes, so zero padding orders like the bytes.
 */
function floorKey(keys: usize, words: usize, count: u32, arena: usize, path: usize, pathLen: u32): i32 {
  let pathWord = prefixWord(path, pathLen);
  let pathWord2 = pathLen > 8 ? prefixWord(path + 8, pathLen - 8) : 0;
  let lo: i32 = 0;
  let hi: i32 = <i32>count - 1;
  let found: i32 = -1;
  while (lo <= hi) {
    let mid = (lo + hi) >>> 1;
    let at = words + (<usize>mid << 4);
    let word = load<u64>(at);
    let notAfter: bool;
    if (word != pathWord) notAfter = word < pathWord;
    else {
      let word2 = load<u64>(at, 8);
      if (word2 != pathWord2) notAfter = word2 < pathWord2;
      else {
        let key = keys + <usize>mid * K_SIZE;
        notAfter = compareBytes(arena + load<u32>(key + K_OFFSET), load<u32>(key + K_LENGTH), path, pathLen) <= 0;
      }
    }
    if (notAfter) { found = mid; lo = mid + 1; }
    else hi = mid - 1;
  }
  if (found >= 0) {
    let key = keys + <usize>found * K_SIZE;
    let n = min(load<u32>(key + K_LENGTH), pathLen);
    let diff = load<u64>(words + (<usize>found << 4)) ^ pathWord;
    let shared = diff != 0 ? <u32>(clz(diff) >> 3) : 8;
    if (shared >= 8) {
      let k = arena + load<u32>(key + K_OFFSET);
      while (shared < n && load<u8>(k + shared) == load<u8>(path + shared)) shared++;
    }
    sharedPrefix = min(shared, n);
  }
  return found;
}

/**
 * Decides a path (already extracted and, in RFC mode, normalised) against an
 * index. Writes and returns VERDICT.
 */
export function decide(index: usize, path: usize, pathLen: u32): usize {
  if (load<u32>(index + A_SCAN)) return scanDecide(index, path, pathLen);
  let robots = <usize>load<u32>(index + A_ROBOTS);
  let rules = robots + load<u32>(robots + R_RULES);
  let arena = robots + load<u32>(robots + R_ARENA);
  let keys = index + load<u32>(index + A_KEYS);
  let extras = index + load<u32>(index + A_EXTRAS);

  let allowPriority: i32 = -1, allowRule: i32 = -1;
  let disallowPriority: i32 = -1, disallowRule: i32 = -1;
  let k = floorKey(keys, index + load<u32>(index + A_WORDS), load<u32>(index + A_KEY_COUNT), arena, path, pathLen);
  // Up to the longest key that is a prefix of the path.
  while (k >= 0 && load<u32>(keys + <usize>k * K_SIZE + K_LENGTH) > sharedPrefix) {
    k = load<i32>(keys + <usize>k * K_SIZE + K_PARENT);
  }
  if (k >= 0) {
    let key = keys + <usize>k * K_SIZE;
    allowPriority = load<i32>(key + K_ALLOW_PRIORITY);
    allowRule = load<i32>(key + K_ALLOW_RULE);
    disallowPriority = load<i32>(key + K_DISALLOW_PRIORITY);
    disallowRule = load<i32>(key + K_DISALLOW_RULE);
    // `key$` rules, when the path is the key: one byte longer than the key,
    // so they beat every plain prefix rule on the chain.
    if (load<u32>(key + K_LENGTH) == pathLen) {
      let exact = <i32>pathLen + 1;
      let rule = load<i32>(key + K_EXACT_ALLOW_RULE);
      if (rule >= 0) { allowPriority = exact; allowRule = rule; }
      rule = load<i32>(key + K_EXACT_DISALLOW_RULE);
      if (rule >= 0) { disallowPriority = exact; disallowRule = rule; }
    }
  }
  // Wildcard rules of every key on the chain.
  let masked = false;
  while (k >= 0) {
    let key = keys + <usize>k * K_SIZE;
    let x = extras + <usize>load<u32>(key + K_EXTRA_START) * X_SIZE;
    let end = x + <usize>load<u32>(key + K_EXTRA_COUNT) * X_SIZE;
    for (; x < end; x += X_SIZE) {
      let priority = <i32>load<u32>(x + X_PRIORITY);
      if (priority < allowPriority && priority < disallowPriority) break; // the rest are shorter still
      let ruleIndex = <i32>load<u32>(x + X_RULE);
      let rule = rules + <usize>ruleIndex * RULE_SIZE;
      let flags = load<u32>(rule + RULE_FLAGS);
      let allow = (flags & RULE_ALLOW) != 0;
      let bestPriority = allow ? allowPriority : disallowPriority;
      let bestRule = allow ? allowRule : disallowRule;
      // Longer wins; of equal length, the earlier rule (Google keeps the first).
      if (priority < bestPriority || (priority == bestPriority && ruleIndex > bestRule)) continue;
      if (!masked) { markPath(path, pathLen); masked = true; } // first wildcard rule that could decide
      if (!hasNeeds(x + X_NEEDS)) continue;
      if (!patternMatches(arena + load<u32>(rule + RULE_PATTERN), <usize>priority, flags, path, pathLen)) continue;
      if (allow) { allowPriority = priority; allowRule = ruleIndex; }
      else { disallowPriority = priority; disallowRule = ruleIndex; }
    }
    k = load<i32>(key + K_PARENT);
  }
  return writeVerdict(rules, allowPriority, allowRule, disallowPriority, disallowRule);
}

/**
 * decide() for a light index: every rule of the applying groups, in file
 * order, matched in full unless it cannot change the outcome (a rule no
 * longer than the best of its kind, an allow shorter than the best
 * disallow, a disallow no longer than the best allow). Each match is linear
 * (match.ts), so a path costs O(rules x (path + pattern)) at worst, the
 * bound of Google's own matcher; a long path first goes through the full
 * index's prefilter (masks.ts), as decide() does.
 */
function scanDecide(index: usize, path: usize, pathLen: u32): usize {
  scanRules(index, path, pathLen, 0);
  return VERDICT;
}

/**
 * The scan of scanDecide(), or with `out` (the explain view) every rule that
 * matches, skipping none for priority: their indexes, in file order, go to
 * `out` and their count is returned. One loop for both, so that explain
 * matches exactly as check() does.
 */
export function scanRules(index: usize, path: usize, pathLen: u32, out: usize): u32 {
  let robots = <usize>load<u32>(index + A_ROBOTS);
  let groups = robots + load<u32>(robots + R_GROUPS);
  let rules = robots + load<u32>(robots + R_RULES);
  let arena = robots + load<u32>(robots + R_ARENA);
  let list = index + load<u32>(index + A_GROUPS);
  let count = load<u32>(index + A_GROUP_COUNT);
  let allowPriority: i32 = -1, allowRule: i32 = -1;
  let disallowPriority: i32 = -1, disallowRule: i32 = -1;
  let masked = false;
  let n: u32 = 0;
  for (let g: u32 = 0; g < count; g++) {
    let group = groups + <usize>load<u32>(list + <usize>g * 4) * G_SIZE;
    let r = load<u32>(group + G_RULE_START);
    let end = r + load<u32>(group + G_RULE_COUNT);
    for (; r < end; r++) {
      let rule = rules + <usize>r * RULE_SIZE;
      let priority = <i32>load<u16>(rule + RULE_LENGTH);
      let flags = load<u32>(rule + RULE_FLAGS);
      let allow = (flags & RULE_ALLOW) != 0;
      if (!out && (allow ? priority <= allowPriority || priority < disallowPriority : priority <= disallowPriority || priority <= allowPriority)) continue;
      let pattern = arena + load<u32>(rule + RULE_PATTERN);
      // A long path gets the full index's prefilter, so that a file of
      // wildcard rules costs no search of the whole path per rule.
      if (flags & RULE_WILDCARD && pathLen >= PREFILTER_PATH) {
        if (!masked) { markPath(path, pathLen); masked = true; }
        if (!mayMatch(pattern, priority)) continue;
      }
      if (!patternMatches(pattern, <usize>priority, flags, path, pathLen)) continue;
      if (out) { store<u32>(out + (<usize>n << 2), r); n++; }
      else if (allow) { allowPriority = priority; allowRule = <i32>r; }
      else { disallowPriority = priority; disallowRule = <i32>r; }
    }
  }
  if (!out) writeVerdict(rules, allowPriority, allowRule, disallowPriority, disallowRule);
  return n;
}

// ---- A purpose over many URLs ------------------------------------------------
//
// Every Content-Usage path starts with `/` (or is empty), and so does every
// path: a rule whose second byte is a literal can match only paths with the
// same second byte. For the bulk loops, the index's usage rules are bucketed
// by that byte (bucket 256: rules that may match any path: empty, `/`, a
// `*` or the end anchor second), so a URL tries its bucket and bucket 256,
// not every rule. BUCKETS holds 258 u32 starts, then per rule its index and
// its literal first bytes (up to 4) with their mask: a path whose first
// bytes differ is passed over without calling the matcher.

const ANY_PATH: u32 = 256;

/** The bucket of a usage rule: its pattern's second byte when that is a literal, else ANY_PATH. */
@inline function bucketOf(pattern: usize, length: u32, flags: u32): u32 {
  if (length < 2) return ANY_PATH;
  let c = <u32>load<u8>(pattern + 1);
  if (c == 0x2a || (c == 0x24 && length == 2 && flags & RULE_ANCHORED)) return ANY_PATH;
  return c;
}

/** Buckets the index's Content-Usage rules for scanUsage(). */
export function bucketUsage(index: usize): void {
  let robots = <usize>load<u32>(index + A_ROBOTS);
  let groups = robots + load<u32>(robots + R_GROUPS);
  let usage = robots + load<u32>(robots + R_USAGE);
  let arena = robots + load<u32>(robots + R_ARENA);
  let list = index + load<u32>(index + A_GROUPS);
  let count = load<u32>(index + A_GROUP_COUNT);
  let total: u32 = 0;
  for (let g: u32 = 0; g < count; g++) total += load<u32>(groups + <usize>load<u32>(list + <usize>g * 4) * G_SIZE + G_USAGE_COUNT);
  let starts = reserve(BUCKETS, (258 + 3 * <usize>total) << 2);
  memory.fill(starts, 0, 258 << 2);
  // Two passes: count per bucket, then place (starts[b + 1] counts, then is a cursor).
  for (let pass = 0; pass < 2; pass++) {
    for (let g: u32 = 0; g < count; g++) {
      let group = groups + <usize>load<u32>(list + <usize>g * 4) * G_SIZE;
      let r = load<u32>(group + G_USAGE_START);
      let end = r + load<u32>(group + G_USAGE_COUNT);
      for (; r < end; r++) {
        let rule = usage + <usize>r * RULE_SIZE;
        let pattern = arena + load<u32>(rule + RULE_PATTERN);
        let length = <u32>load<u16>(rule + RULE_LENGTH);
        let flags = load<u32>(rule + RULE_FLAGS);
        let b = bucketOf(pattern, length, flags);
        let slot = starts + (<usize>(b + 1) << 2);
        if (pass == 0) { store<u32>(slot, load<u32>(slot) + 1); continue; }
        let at = load<u32>(slot);
        let entry = starts + ((258 + 3 * <usize>at) << 2);
        // The literal bytes before any `*` and the end anchor, up to 4.
        let literal = flags & RULE_ANCHORED ? length - 1 : length;
        let word: u32 = 0;
        let n: u32 = 0;
        while (n < 4 && n < literal && load<u8>(pattern + n) != 0x2a) {
          word |= <u32>load<u8>(pattern + n) << (n << 3);
          n++;
        }
        store<u32>(entry, r);
        store<u32>(entry + 4, word);
        store<u32>(entry + 8, n == 4 ? 0xffffffff : (1 << (n << 3)) - 1);
        store<u32>(slot, at + 1);
      }
    }
    if (pass == 0) {
      // Counts to starts: starts[b + 1] becomes where bucket b begins (its cursor).
      let sum: u32 = 0;
      for (let b: usize = 1; b < 258; b++) {
        let n = load<u32>(starts + (b << 2));
        store<u32>(starts + (b << 2), sum);
        sum += n;
      }
    }
  }
  // Placing moved each cursor starts[b + 1] to the end of bucket b, which is
  // where bucket b + 1 begins: starts[b] is now bucket b's start.
}

/**
 * The Content-Usage rules of the index's applying groups that decide a path
 * (docs/usage-signals.md): those that match it with the longest pattern, all of them,
 * since equal ones combine (the most restrictive preference wins). Tries
 * only the rules bucketUsage() put in the path's bucket and in ANY_PATH,
 * with the pattern matcher of allow/disallow, behind the same prefilter for
 * long paths. With `out`, writes their indexes in the usage table there and
 * returns their count; without, returns the purpose's combined preference
 * from the PURPOSE table (0 unknown, 1 y, 2 n: the highest).
 */
export function scanUsage(index: usize, path: usize, pathLen: u32, out: usize): u32 {
  let robots = <usize>load<u32>(index + A_ROBOTS);
  let usage = robots + load<u32>(robots + R_USAGE);
  let arena = robots + load<u32>(robots + R_ARENA);
  let starts = bufferPtr(BUCKETS);
  let rules = starts + (258 << 2);
  let purpose = bufferPtr(PURPOSE);
  let best: i32 = -1;
  let n: u32 = 0; // with `out`, the rules written; without, the combined preference
  let masked = false;
  // May read past the path's end: its buffer has slack, and a path shorter
  // than a rule's literal bytes cannot match it whatever is read there.
  let first = load<u32>(path);
  // The path's own bucket first: its rules are the longer ones, so the
  // rules for any path (often one without a path, priority 0) are then
  // mostly skipped by priority without being matched.
  for (let pass = 0; pass < 2; pass++) {
    let b: usize = pass == 1 ? ANY_PATH : pathLen >= 2 ? <usize>load<u8>(path + 1) : ANY_PATH;
    if (pass == 0 && b == ANY_PATH) continue;
    let i = load<u32>(starts + (b << 2));
    let end = load<u32>(starts + ((b + 1) << 2));
    for (; i < end; i++) {
      let entry = rules + <usize>i * 12;
      if ((first & load<u32>(entry + 8)) != load<u32>(entry + 4)) continue;
      let r = load<u32>(entry);
      let rule = usage + <usize>r * RULE_SIZE;
      let priority = <i32>load<u16>(rule + RULE_LENGTH);
      if (priority < best) continue;
      let flags = load<u32>(rule + RULE_FLAGS);
      let pattern = arena + load<u32>(rule + RULE_PATTERN);
      if (flags & RULE_WILDCARD && pathLen >= PREFILTER_PATH) {
        if (!masked) { markPath(path, pathLen); masked = true; }
        if (!mayMatch(pattern, priority)) continue;
      }
      if (!patternMatches(pattern, <usize>priority, flags, path, pathLen)) continue;
      if (priority > best) { best = priority; n = 0; }
      if (out) { store<u32>(out + (<usize>n << 2), r); n++; }
      else n = max<u32>(n, <u32>load<u8>(purpose + r));
    }
  }
  return n;
}

/** The verdict of the best allow and disallow rules found (-1: none). */
function writeVerdict(rules: usize, allowPriority: i32, allowRule: i32, disallowPriority: i32, disallowRule: i32): usize {
  // An empty rule has priority 0: it is reported, but cannot disallow.
  let disallowed = disallowPriority > allowPriority && disallowPriority > 0;
  let decidingRule = disallowPriority > allowPriority ? disallowRule : allowRule;
  store<i32>(VERDICT + V_ALLOWED, disallowed ? 0 : 1);
  store<i32>(VERDICT + V_LINE, decidingRule < 0 ? 0 : <i32>load<u32>(rules + <usize>decidingRule * RULE_SIZE + RULE_LINE));
  store<i32>(VERDICT + V_RULE, decidingRule);
  return VERDICT;
}
