// Cheap necessary conditions for a wildcard rule to match: every byte of its
// literal segments must occur in the path (64 byte classes), and so must
// every pair of adjacent bytes within a segment (256 bigram classes). A rule
// whose masks are not covered by the path's is skipped without matching.

export const MASK_WORDS: usize = 5; // 1 word of byte classes, 4 of bigram classes
export const MASK_BYTES: usize = MASK_WORDS * 8;

@inline function byteBit(c: u32): u64 {
  return (<u64>1) << (<u64>(c & 63));
}

@inline function pairIndex(a: u32, b: u32): u32 {
  return (a * 31 + b) & 255;
}

@inline function addPair(masks: usize, a: u32, b: u32): void {
  let i = pairIndex(a, b);
  let at = masks + 8 + ((<usize>i >> 6) << 3);
  store<u64>(at, load<u64>(at) | ((<u64>1) << (<u64>(i & 63))));
}

/** The masks of a path's bytes, written to `masks` (MASK_BYTES). */
export function pathMasks(path: usize, len: usize, masks: usize): void {
  memory.fill(masks, 0, MASK_BYTES);
  let bytes: u64 = 0;
  let prev: u32 = 0x100; // no pair before the first byte
  for (let i: usize = 0; i < len; i++) {
    let c = <u32>load<u8>(path + i);
    bytes |= byteBit(c);
    if (prev != 0x100) addPair(masks, prev, c);
    prev = c;
  }
  store<u64>(masks, bytes);
}

/** What a pattern's literal segments require (a final '$' and the '*'s are not literal). */
export function patternMasks(p: usize, n: usize, masks: usize): void {
  memory.fill(masks, 0, MASK_BYTES);
  let body = n > 0 && load<u8>(p + n - 1) == 0x24 ? n - 1 : n;
  let bytes: u64 = 0;
  let prev: u32 = 0x100;
  for (let i: usize = 0; i < body; i++) {
    let c = <u32>load<u8>(p + i);
    if (c == 0x2a) { prev = 0x100; continue; }
    bytes |= byteBit(c);
    if (prev != 0x100) addPair(masks, prev, c);
    prev = c;
  }
  store<u64>(masks, bytes);
}

/** Does the path (pathMasks) have everything the rule (patternMasks) needs? */
@inline export function covers(path: usize, rule: usize): bool {
  return ((load<u64>(rule) & ~load<u64>(path)) |
    (load<u64>(rule, 8) & ~load<u64>(path, 8)) |
    (load<u64>(rule, 16) & ~load<u64>(path, 16)) |
    (load<u64>(rule, 24) & ~load<u64>(path, 24)) |
    (load<u64>(rule, 32) & ~load<u64>(path, 32))) == 0;
}
