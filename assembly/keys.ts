// The keys of a full index: each rule's literal first segment, and the sort
// records and comparators that order them (build.ts builds the index from them).

import {
  R_RULES, R_ARENA, RULE_FLAGS, RULE_PATTERN, RULE_LENGTH, RULE_SIZE, RULE_WILDCARD, RULE_ANCHORED,
} from "./layout";


// Module state for the sort comparators (AssemblyScript has no closures):
// the rules and arena of the file whose index is being built.
let sortRules: usize = 0;
export let sortArena: usize = 0;

/** Points the comparators at `robots`' rules and pattern bytes (before an index build). */
export function useRules(robots: usize): void {
  sortRules = robots + load<u32>(robots + R_RULES);
  sortArena = robots + load<u32>(robots + R_ARENA);
}

@inline export function ruleAt(index: u32): usize {
  return sortRules + <usize>index * RULE_SIZE;
}

/** The literal first segment of a rule: up to its first '*', without a final '$'. */
export function keyLength(rule: usize): u32 {
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

@inline export function isPlainPrefix(rule: usize): bool {
  return (load<u32>(rule + RULE_FLAGS) & (RULE_WILDCARD | RULE_ANCHORED)) == 0;
}

/** `literal$`: matches exactly the path that equals its key. */
@inline export function isExact(rule: usize): bool {
  return (load<u32>(rule + RULE_FLAGS) & (RULE_WILDCARD | RULE_ANCHORED)) == RULE_ANCHORED;
}

/**
 * Byte order of two byte strings; a proper prefix sorts first. Rarely asked:
 * index builds compare 16 bytes as words first.
 */
export function compareBytes(a: usize, an: u32, b: usize, bn: u32): i32 {
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
export const SR_RULE: usize = 16;
export const SR_LENGTH: usize = 20;

/** The order of two rule records' keys whose first 16 bytes are equal (as compareBytes). */
export function keyOrder(a: usize, b: usize): i32 {
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
export function keyTie(a: usize, b: usize): bool {
  return keyOrder(a, b) < 0;
}
