// Byte classes of the robots.txt grammar, one static table so every test in
// the hot loops is a single load and mask instead of a chain of compares.

/** C isspace(): space, \t, \n, \v, \f, \r. What Google trims lines, keys and values with. */
export const SPACE: u8 = 1;
/** [A-Za-z_-]: the characters of a user-agent product token. */
export const TOKEN: u8 = 2;
/** [0-9A-Fa-f] */
export const HEX: u8 = 4;
/** RFC 3986 unreserved: [A-Za-z0-9._~-]. */
export const UNRESERVED: u8 = 8;
/** Space and tab only: what may stand in for a missing colon. */
export const BLANK: u8 = 16;

const CLASSES = memory.data<u8>([
  0, 0, 0, 0, 0, 0, 0, 0, 0, 17, 1, 1, 1, 1, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  17, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 8, 0,
  12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 0, 0, 0, 0, 0, 0,
  0, 14, 14, 14, 14, 14, 14, 10, 10, 10, 10, 10, 10, 10, 10, 10,
  10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 0, 0, 0, 0, 10,
  0, 14, 14, 14, 14, 14, 14, 10, 10, 10, 10, 10, 10, 10, 10, 10,
  10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 0, 0, 0, 8, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
]);

const HEX_DIGITS = memory.data<u8>([
  0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37,
  0x38, 0x39, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46,
]);

@inline export function is(c: u32, cls: u8): bool {
  return (load<u8>(CLASSES + c) & cls) != 0;
}

/** Upper-case hex digit for a nibble. */
@inline export function hexDigit(nibble: u32): u8 {
  return load<u8>(HEX_DIGITS + (nibble & 15));
}

/** ASCII-only lower-casing, as absl::ascii_tolower. */
@inline export function lower(c: u32): u32 {
  return c - 0x41 < 26 ? c | 0x20 : c;
}

/** ASCII-only upper-casing, as absl::ascii_toupper. */
@inline export function upper(c: u32): u32 {
  return c - 0x61 < 26 ? c & 0xdf : c;
}

@inline export function hexValue(c: u32): u32 {
  return c <= 0x39 ? c - 0x30 : (c | 0x20) - 0x57;
}

/** Case-insensitive (ASCII) test that [p, p+len) starts with the keyword at kw. */
export function startsWithIgnoreCase(p: usize, len: usize, kw: usize, kwLen: usize): bool {
  if (len < kwLen) return false;
  for (let i: usize = 0; i < kwLen; i++) {
    if (lower(load<u8>(p + i)) != <u32>load<u8>(kw + i)) return false;
  }
  return true;
}

/** Case-insensitive (ASCII) equality of [p, p+len) with the lower-case keyword at kw. */
@inline export function equalsIgnoreCase(p: usize, len: usize, kw: usize, kwLen: usize): bool {
  return len == kwLen && startsWithIgnoreCase(p, len, kw, kwLen);
}
