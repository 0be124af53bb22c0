// A purpose over many URLs: the Content-Usage rules of an index, bucketed for the bulk loops.

import { patternMatches } from "./match";
import { markPath, mayMatch, PREFILTER_PATH } from "./masks";
import { PURPOSE, BUCKETS, reserve, bufferPtr } from "./buffers";
import {
  R_GROUPS, R_ARENA, G_USAGE_START, G_USAGE_COUNT, G_SIZE, R_USAGE, RULE_FLAGS, RULE_PATTERN, RULE_LENGTH, RULE_SIZE,
  RULE_WILDCARD, RULE_ANCHORED, A_ROBOTS, A_GROUP_COUNT, A_GROUPS,
} from "./layout";

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
    let b: usize = pass == 1 ? <usize>ANY_PATH : pathLen >= 2 ? <usize>load<u8>(path + 1) : <usize>ANY_PATH;
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
