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

// Where the last extracted path is (in the URL itself, or in the PATH buffer
// when a '/' had to be put in front), and the byte classes it contains.
let lastPath: usize = 0;
let lastMask: u64 = 0;

@inline export function extractedPath(): usize {
  return lastPath;
}

@inline export function extractedMask(): u64 {
  return lastMask;
}

/**
 * Finds the path of the URL [u, u+len) and returns its length; the bytes are
 * at extractedPath(). Copies only when the path does not start with '/'.
 */
export function extractPath(u: usize, len: usize): usize {
  let searchStart: usize = len >= 2 && load<u8>(u) == 0x2f && load<u8>(u + 1) == 0x2f ? 2 : 0;
  let earlyPath = findPathStart(u, searchStart, len);
  let schemeEnd = findSchemeEnd(u, searchStart, len);
  if (earlyPath < schemeEnd) schemeEnd = NONE; // a '/' before '://' means no scheme
  let pathStart = findPathStart(u, schemeEnd == NONE ? searchStart : schemeEnd + 3, len);
  if (pathStart == NONE) return root();
  let pathEnd = len;
  for (let i = pathStart; i < len; i++) {
    if (load<u8>(u + i) == 0x23) { pathEnd = i; break; }
  }
  // A '#' before the path start (found from searchStart) means no path at all.
  for (let i = searchStart; i < pathStart; i++) {
    if (load<u8>(u + i) == 0x23) return root();
  }
  let start = u + pathStart;
  let n = pathEnd - pathStart;
  if (load<u8>(start) != 0x2f) {
    let out = reserve(PATH, n + 1);
    store<u8>(out, 0x2f);
    memory.copy(out + 1, start, n);
    start = out;
    n++;
  }
  // Google matches a C string: a NUL byte ends the path.
  let mask: u64 = 0;
  for (let i: usize = 0; i < n; i++) {
    let c = <u32>load<u8>(start + i);
    if (c == 0) { n = i; break; }
    mask |= (<u64>1) << (c & 63);
  }
  lastPath = start;
  lastMask = mask;
  return n;
}

function root(): usize {
  let out = reserve(PATH, 1);
  store<u8>(out, 0x2f);
  lastPath = out;
  lastMask = (<u64>1) << (0x2f & 63);
  return 1;
}

/** Recomputes the mask after the path was rewritten (RFC normalisation). */
export function setExtracted(path: usize, len: usize): void {
  let mask: u64 = 0;
  for (let i: usize = 0; i < len; i++) mask |= (<u64>1) << (<u32>load<u8>(path + i) & 63);
  lastPath = path;
  lastMask = mask;
}
