// Pattern matching (docs/behaviour.md, section 3): `*` matches any run of bytes, a final `$`
// anchors at the end of the path, every other byte is literal, and a pattern
// matches when it matches a prefix of the path.
//
// Worst case: linear. The segments between stars are placed greedily, each
// at its leftmost occurrence after the previous one, which is optimal for
// star-only globs (an earlier end never removes a later choice), so the
// search never backtracks and each segment search starts where the last one
// ended. A segment of up to LONG_SEGMENT bytes is searched naively (a byte
// scan, then at most LONG_SEGMENT compares per candidate: a constant); a
// longer one with Knuth-Morris-Pratt, whose table is built in a reused
// scratch buffer. One rule against one path therefore costs
// O(path + pattern), whatever the input (a 16 KB segment against a 1 MB
// path included).

import { RULE_WILDCARD, RULE_ANCHORED } from "./layout";
import { findByte } from "./scan";
import { KMP, reserve } from "./buffers";

/** Segments longer than this are searched in linear time (KMP); shorter ones naively. */
const LONG_SEGMENT: usize = 32;

/** Short byte strings (segments, prefixes): a word at a time, then bytes. */
@inline function equalBytes(a: usize, b: usize, n: usize): bool {
  let i: usize = 0;
  while (i + 8 <= n) {
    if (load<u64>(a + i, 0, 1) != load<u64>(b + i, 0, 1)) return false;
    i += 8;
  }
  while (i < n) {
    if (load<u8>(a + i) != load<u8>(b + i)) return false;
    i++;
  }
  return true;
}

/** Leftmost position >= from where [seg, seg+n) occurs in [from, end), or -1. */
function find(from: usize, end: usize, seg: usize, n: usize): isize {
  if (n == 0) return <isize>from;
  if (end - from < n) return -1;
  if (n > LONG_SEGMENT) return findLong(from, end, seg, n);
  let first = <u32>load<u8>(seg);
  let last = end - n + 1; // candidates start before this
  let p = from;
  while (true) {
    p = findByte(p, last, first);
    if (p >= last) return -1;
    if (equalBytes(p + 1, seg + 1, n - 1)) return <isize>p;
    p++;
  }
  return -1;
}

/** find() for long segments: Knuth-Morris-Pratt, O(n) to build, O(end - from) to scan. */
function findLong(from: usize, end: usize, seg: usize, n: usize): isize {
  // fail[i]: the length of the longest proper border of seg[0..i].
  let fail = reserve(KMP, n << 2);
  store<u32>(fail, 0);
  let k: usize = 0;
  for (let i: usize = 1; i < n; i++) {
    let c = load<u8>(seg + i);
    while (k > 0 && load<u8>(seg + k) != c) k = <usize>load<u32>(fail + ((k - 1) << 2));
    if (load<u8>(seg + k) == c) k++;
    store<u32>(fail + (i << 2), <u32>k);
  }
  let q: usize = 0;
  for (let p = from; p < end; p++) {
    let c = load<u8>(p);
    while (q > 0 && load<u8>(seg + q) != c) q = <usize>load<u32>(fail + ((q - 1) << 2));
    if (load<u8>(seg + q) == c) q++;
    if (q == n) return <isize>(p + 1 - n);
  }
  return -1;
}

export function patternMatches(pat: usize, patLen: usize, flags: u32, path: usize, pathLen: usize): bool {
  let anchored = (flags & RULE_ANCHORED) != 0;
  let body = anchored ? patLen - 1 : patLen;
  if ((flags & RULE_WILDCARD) == 0) {
    if (anchored ? body != pathLen : body > pathLen) return false;
    return equalBytes(pat, path, body);
  }
  let patEnd = pat + body;
  let pathEnd = path + pathLen;
  // The first segment is anchored at the start of the path.
  let star = pat;
  while (load<u8>(star) != 0x2a) star++;
  let n = star - pat;
  if (n > pathLen || !equalBytes(pat, path, n)) return false;
  let at = path + n;
  let seg = star + 1;
  while (true) {
    let next = seg;
    while (next < patEnd && load<u8>(next) != 0x2a) next++;
    n = next - seg;
    if (next == patEnd) {
      // The last segment: anywhere after `at`, or (anchored) at the very end.
      if (anchored) return pathEnd - at >= n && equalBytes(pathEnd - n, seg, n);
      return find(at, pathEnd, seg, n) >= 0;
    }
    let found = find(at, pathEnd, seg, n);
    if (found < 0) return false;
    at = <usize>found + n;
    seg = next + 1;
  }
  return false;
}
