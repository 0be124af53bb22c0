// Percent-encoding normalisation of patterns and, in RFC mode, of URL paths
// (docs/behaviour.md, sections 1 and 3). Output is never more than three times the input.

import { is, HEX, UNRESERVED, hexDigit, hexValue, upper } from "./bytes";
import { matchBytes } from "./scan";

export const VALUE_NEEDS_WORK: u32 = 1; // has '%' or a byte >= 0x80: normalise() may change it
export const VALUE_HAS_STAR: u32 = 2;

/**
 * One pass over a rule value: does normalisation have work to do, and does
 * it hold a '*'? (Normalisation never adds, removes or moves '*' or '$'.)
 */
export function valueShape(p: usize, len: usize): u32 {
  let end = p + len;
  let shape: u32 = 0;
  while (p + 8 <= end) {
    let word = load<u64>(p, 0, 1);
    if ((word & 0x8080808080808080) | matchBytes(word, 0x25)) shape |= VALUE_NEEDS_WORK;
    if (matchBytes(word, 0x2a)) shape |= VALUE_HAS_STAR;
    p += 8;
  }
  while (p < end) {
    let c = load<u8>(p++);
    if (c >= 0x80 || c == 0x25) shape |= VALUE_NEEDS_WORK;
    if (c == 0x2a) shape |= VALUE_HAS_STAR;
  }
  return shape;
}

/** Would normalising a URL path (escapeSpecials) change it? No '%', '*', '$' or byte >= 0x80. */
export function urlNeedsWork(p: usize, len: usize): bool {
  let end = p + len;
  while (p + 8 <= end) {
    let word = load<u64>(p, 0, 1);
    if ((word & 0x8080808080808080) | matchBytes(word, 0x25) | matchBytes(word, 0x2a) | matchBytes(word, 0x24)) return true;
    p += 8;
  }
  while (p < end) {
    let c = load<u8>(p++);
    if (c >= 0x80 || c == 0x25 || c == 0x2a || c == 0x24) return true;
  }
  return false;
}

/**
 * Writes the normalised form of [src, src+len) to dst and returns its length.
 * Google: `%xx` gets upper-case hex, bytes >= 0x80 become `%XX`.
 * RFC (decodeUnreserved): `%XX` of an unreserved character is decoded too.
 * escapeSpecials: `*` and `$` become `%2A` and `%24`, so that a URL's literal
 * special characters can be matched by a percent-encoded pattern (RFC 9309
 * section 2.2.3); used for URLs only, where they carry no meaning.
 */
export function normalize(src: usize, len: usize, dst: usize, decodeUnreserved: bool, escapeSpecials: bool): usize {
  let out = dst;
  let end = src + len;
  let p = src;
  while (p < end) {
    let c = <u32>load<u8>(p);
    if (c == 0x25 && p + 2 < end && is(load<u8>(p + 1), HEX) && is(load<u8>(p + 2), HEX)) {
      let hi = <u32>load<u8>(p + 1);
      let lo = <u32>load<u8>(p + 2);
      let decoded = (hexValue(hi) << 4) | hexValue(lo);
      if (decodeUnreserved && is(decoded, UNRESERVED)) {
        store<u8>(out++, <u8>decoded);
      } else {
        store<u8>(out, 0x25);
        store<u8>(out + 1, <u8>upper(hi));
        store<u8>(out + 2, <u8>upper(lo));
        out += 3;
      }
      p += 3;
      continue;
    }
    if (c >= 0x80 || (escapeSpecials && (c == 0x2a || c == 0x24))) {
      store<u8>(out, 0x25);
      store<u8>(out + 1, hexDigit(c >> 4));
      store<u8>(out + 2, hexDigit(c));
      out += 3;
    } else {
      store<u8>(out++, <u8>c);
    }
    p++;
  }
  return out - dst;
}
