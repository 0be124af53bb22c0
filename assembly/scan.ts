// Word-at-a-time byte search (SWAR): eight bytes per step for the scans that
// run over every URL. The zero-byte test is exact for the lowest match, which
// is the only one used. Loads are marked align=1: they are unaligned, which
// WebAssembly allows, and wasm2js (robotsmatch/js) only gets right when told.

const ONES: u64 = 0x0101010101010101;
const HIGHS: u64 = 0x8080808080808080;

/** Bytes equal to `b` in `word` have their high bit set in the result (lowest one exact). */
@inline export function matchBytes(word: u64, b: u64): u64 {
  let x = word ^ (ONES * b);
  return (x - ONES) & ~x & HIGHS;
}

/** First position in [p, end) holding byte `b`, or `end`. */
export function findByte(p: usize, end: usize, b: u32): usize {
  while (p + 8 <= end) {
    let hit = matchBytes(load<u64>(p, 0, 1), <u64>b);
    if (hit) return p + <usize>(ctz(hit) >> 3);
    p += 8;
  }
  while (p < end && <u32>load<u8>(p) != b) p++;
  return p;
}

/** First position in [p, end) holding byte `a` or `b`, or `end`. */
export function findEither(p: usize, end: usize, a: u32, b: u32): usize {
  while (p + 8 <= end) {
    let word = load<u64>(p, 0, 1);
    let hit = matchBytes(word, <u64>a) | matchBytes(word, <u64>b);
    if (hit) return p + <usize>(ctz(hit) >> 3);
    p += 8;
  }
  while (p < end) {
    let c = <u32>load<u8>(p);
    if (c == a || c == b) break;
    p++;
  }
  return p;
}

/** Bit mask keeping the matches of the first n (< 8) bytes of a word. */
@inline function firstBytes(n: usize): u64 {
  return ((<u64>1) << (<u64>(n << 3))) - 1;
}

/**
 * Like findEither, for buffers with at least 7 readable bytes after `end`
 * (the input buffer keeps that slack): whole words only, no byte-wise tail.
 */
export function findEitherPadded(p: usize, end: usize, a: u32, b: u32): usize {
  while (p < end) {
    let word = load<u64>(p, 0, 1);
    let hit = matchBytes(word, <u64>a) | matchBytes(word, <u64>b);
    if (end - p < 8) hit &= firstBytes(end - p);
    if (hit) return p + <usize>(ctz(hit) >> 3);
    p += 8;
  }
  return end;
}

/** First position in [p, end) of any of four bytes; padded like findEitherPadded. */
export function findAnyPadded(p: usize, end: usize, a: u32, b: u32, c: u32, d: u32): usize {
  while (p < end) {
    let word = load<u64>(p, 0, 1);
    let hit = matchBytes(word, <u64>a) | matchBytes(word, <u64>b) | matchBytes(word, <u64>c) | matchBytes(word, <u64>d);
    if (end - p < 8) hit &= firstBytes(end - p);
    if (hit) return p + <usize>(ctz(hit) >> 3);
    p += 8;
  }
  return end;
}

/** The first min(n, 8) bytes at p as a big-endian word, zero-padded: compares like the bytes do. */
@inline export function prefixWord(p: usize, n: usize): u64 {
  if (n >= 8) return bswap<u64>(load<u64>(p, 0, 1));
  let word: u64 = 0;
  for (let i: usize = 0; i < n; i++) word |= (<u64>load<u8>(p + i)) << (<u64>(56 - (i << 3)));
  return word;
}
