// The part of a URL that robots.txt rules see (docs/behaviour.md, section 3): path, params and
// query, without scheme, authority and fragment, always starting with '/'.
// This is Google's GetPathParamsQuery() on bytes, so odd inputs (no scheme,
// '//' prefixes, '?' right after the host) come out as Google's do.

import { PATH, reserve } from "./buffers";
import { findByte, findEither, matchBytes } from "./scan";

// Where the last extracted path is: in the URL itself, or in the PATH buffer
// when a '/' had to be put in front.
let lastPath: usize = 0;

@inline export function extractedPath(): usize {
  return lastPath;
}

// In a batch, URLs are separated by NUL bytes. A path ends at NUL anyway, so
// the scan for the end of the path usually finds the end of the URL too, and
// each URL is read once. (URLs holding a NUL are checked one by one instead.)
let batchUrlEnd: usize = 0;

/** Where the URL whose path extractPathInBatch found ends (its NUL, or the text end). */
@inline export function urlEnd(): usize {
  return batchUrlEnd;
}

const HTTPS: u64 = 0x2f2f3a7370747468; // "https://" read as a little-endian word
const HTTP: u64 = 0x002f2f3a70747468;  // "http://"

let hashBefore = false;

/**
 * Scans [p, end) for '/', '?' or ';' (or, in a batch, the NUL that ends the
 * URL), noting a '#' on the way: a word at a time, then byte by byte after a
 * '#' (rare) and for the last few bytes.
 */
function scanToPathStart(p: usize, end: usize, batch: bool): usize {
  // A word at a time: the bytes that end the authority, and '#'.
  while (p + 8 <= end) {
    let word = load<u64>(p, 0, 1);
    let hit = matchBytes(word, 0x2f) | matchBytes(word, 0x3f) | matchBytes(word, 0x3b) | matchBytes(word, 0x23);
    if (batch) hit |= matchBytes(word, 0);
    if (hit) {
      p += <usize>(ctz(hit) >> 3);
      if (load<u8>(p) != 0x23) return p;
      hashBefore = true;
      return scanBytesToPathStart(p + 1, end, batch);
    }
    p += 8;
  }
  return scanBytesToPathStart(p, end, batch);
}

function scanBytesToPathStart(p: usize, end: usize, batch: bool): usize {
  while (p < end) {
    let c = load<u8>(p);
    if (c == 0x2f || c == 0x3f || c == 0x3b || (batch && c == 0)) break;
    if (c == 0x23) hashBefore = true;
    p++;
  }
  return p;
}

/** Finds the path of the URL [u, u+len) and returns its length; the bytes are at extractedPath(). */
export function extractPath(u: usize, len: usize): usize {
  return findPath(u, u + len, false);
}

/** extractPath() for the URL starting at u in a NUL-separated text ending at `end`; see urlEnd(). */
export function extractPathInBatch(u: usize, end: usize): usize {
  return findPath(u, end, true);
}

function findPath(u: usize, end: usize, batch: bool): usize {
  hashBefore = false;
  let p: usize;
  // Nearly every URL starts with https:// or http://: skip straight to the host.
  // (Buffers keep 8 bytes of slack, so the word read is safe near the end.)
  let head = load<u64>(u, 0, 1);
  if (u + 8 <= end && head == HTTPS) {
    p = scanToPathStart(u + 8, end, batch);
  } else if (u + 7 <= end && (head & 0x00ffffffffffffff) == HTTP) {
    p = scanToPathStart(u + 7, end, batch);
  } else {
    // Google looks for '://' and ignores it when '/', '?' or ';' comes first.
    // '://' holds a '/', so there is a scheme exactly when the first of those
    // is the '/' of a '://'.
    let searchStart = u + 2 <= end && load<u8>(u) == 0x2f && load<u8>(u + 1) == 0x2f ? u + 2 : u;
    p = scanToPathStart(searchStart, end, batch);
    if (p < end && load<u8>(p) == 0x2f && p > searchStart && p + 1 < end &&
        load<u8>(p - 1) == 0x3a && load<u8>(p + 1) == 0x2f) {
      p = scanToPathStart(p + 2, end, batch); // scheme://authority
    }
  }
  // No path at all, or a '#' before it: the path is '/'.
  if (p >= end || (batch && load<u8>(p) == 0) || hashBefore) {
    if (batch) batchUrlEnd = findByte(p, end, 0);
    return root();
  }
  // The path ends at the fragment, or (Google matches a C string) at a NUL byte.
  let pathEnd = findEither(p, end, 0x23, 0);
  if (batch) batchUrlEnd = pathEnd < end && load<u8>(pathEnd) == 0x23 ? findByte(pathEnd, end, 0) : pathEnd;
  let n = pathEnd - p;
  if (load<u8>(p) != 0x2f) {
    // A '?' or ';' right after the authority: Google puts a '/' in front.
    let out = reserve(PATH, n + 1);
    store<u8>(out, 0x2f);
    memory.copy(out + 1, p, n);
    p = out;
    n++;
  }
  lastPath = p;
  return n;
}

function root(): usize {
  let out = reserve(PATH, 1);
  store<u8>(out, 0x2f);
  lastPath = out;
  return 1;
}
