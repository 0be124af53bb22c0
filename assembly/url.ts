// The part of a URL that robots.txt rules see (SPEC 3.1): path, params and
// query, without scheme, authority and fragment, always starting with '/'.
// This is Google's GetPathParamsQuery() on bytes, so odd inputs (no scheme,
// '//' prefixes, '?' right after the host) come out as Google's do.

import { PATH, reserve } from "./buffers";

const NONE: usize = usize.MAX_VALUE;

@inline function isPathStart(c: u32): bool {
  return c == 0x2f || c == 0x3f || c == 0x3b; // '/', '?', ';'
}

function findPathStart(u: usize, from: usize, len: usize): usize {
  for (let i = from; i < len; i++) if (isPathStart(load<u8>(u + i))) return i;
  return NONE;
}

function findSchemeEnd(u: usize, from: usize, len: usize): usize {
  for (let i = from; i + 3 <= len; i++) {
    if (load<u8>(u + i) == 0x3a && load<u8>(u + i + 1) == 0x2f && load<u8>(u + i + 2) == 0x2f) return i;
  }
  return NONE;
}

/** Writes the path of [u, u+len) to the PATH buffer and returns its length. */
export function extractPath(u: usize, len: usize): usize {
  let out = reserve(PATH, len + 1);
  let searchStart: usize = len >= 2 && load<u8>(u) == 0x2f && load<u8>(u + 1) == 0x2f ? 2 : 0;
  let earlyPath = findPathStart(u, searchStart, len);
  let schemeEnd = findSchemeEnd(u, searchStart, len);
  if (earlyPath < schemeEnd) schemeEnd = NONE; // a '/' before '://' means no scheme
  let pathStart = findPathStart(u, schemeEnd == NONE ? searchStart : schemeEnd + 3, len);
  if (pathStart == NONE) return root(out);
  let pathEnd = len;
  for (let i = searchStart; i < len; i++) {
    if (load<u8>(u + i) == 0x23) { pathEnd = i; break; }
  }
  if (pathEnd < pathStart) return root(out);
  let n: usize = 0;
  if (load<u8>(u + pathStart) != 0x2f) store<u8>(out + n++, 0x2f);
  // Google matches a C string: a NUL byte ends the path.
  for (let i = pathStart; i < pathEnd; i++) {
    let c = load<u8>(u + i);
    if (c == 0) break;
    store<u8>(out + n++, c);
  }
  return n;
}

@inline function root(out: usize): usize {
  store<u8>(out, 0x2f);
  return 1;
}
