// Deciding a path with a per-agent index (docs/behaviour.md, section 3).
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

import { patternMatches } from "./match";
import { prefixWord } from "./scan";
import { markPath, hasNeeds, mayMatch, PREFILTER_PATH } from "./masks";
import {
  R_GROUPS, R_RULES, R_ARENA, G_RULE_START, G_RULE_COUNT, G_SIZE, RULE_LINE, RULE_FLAGS, RULE_PATTERN, RULE_LENGTH,
  RULE_SIZE, RULE_ALLOW, RULE_WILDCARD, A_ROBOTS, A_GROUP_COUNT, A_GROUPS, A_KEY_COUNT, A_KEYS, A_EXTRAS, A_WORDS,
  A_SCAN, K_OFFSET, K_LENGTH, K_PARENT, K_ALLOW_PRIORITY, K_ALLOW_RULE, K_DISALLOW_PRIORITY, K_DISALLOW_RULE,
  K_EXTRA_START, K_EXTRA_COUNT, K_EXACT_ALLOW_RULE, K_EXACT_DISALLOW_RULE, K_SIZE, X_NEEDS, X_RULE, X_PRIORITY,
  X_SIZE, V_ALLOWED, V_LINE, V_RULE, V_SIZE,
} from "./layout";
import { compareBytes } from "./keys";

export const VERDICT = memory.data(V_SIZE);


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
