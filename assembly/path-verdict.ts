// Deciding one path: the URL's path as the rules see it (RFC mode normalises
// it, and always allows /robots.txt), then the index's verdict.

import { NORMAL, reserve } from "./buffers";
import { decide, VERDICT } from "./decide";
import { extractedPath, extractPath } from "./url";
import { normalize, urlNeedsWork } from "./normalize";
import * as K from "./keywords";
import { V_ALLOWED, V_LINE, V_RULE } from "./layout";

// The path the rules see, set by preparePath().
export let matchedPath: usize = 0;
export let matchedLength: usize = 0;

/**
 * The path just extracted (extractedPath(), `pathLen` bytes) as the rules see
 * it: in RFC mode normalised like patterns. Sets matchedPath/matchedLength;
 * returns true when RFC mode always allows it (it is /robots.txt).
 */
@inline export function preparePath(pathLen: usize, rfc: bool): bool {
  let path = extractedPath();
  if (rfc && urlNeedsWork(path, pathLen)) {
    // Most paths are already in normal form: normalise only those that are not.
    let normal = reserve(NORMAL, pathLen * 3);
    pathLen = normalize(path, pathLen, normal, true, true);
    path = normal;
  }
  matchedPath = path;
  matchedLength = pathLen;
  return rfc && isRobotsTxt(path, pathLen);
}

/** Decides the path just extracted (extractedPath(), `pathLen` bytes); returns the verdict record. */
export function decidePath(index: usize, pathLen: usize, rfc: bool): usize {
  if (preparePath(pathLen, rfc)) {
    store<i32>(VERDICT + V_ALLOWED, 1);
    store<i32>(VERDICT + V_LINE, 0);
    store<i32>(VERDICT + V_RULE, -1);
    return VERDICT;
  }
  return decide(index, matchedPath, <u32>matchedLength);
}


/** RFC 9309 2.2.2: the /robots.txt URI is implicitly allowed. */
function isRobotsTxt(path: usize, len: usize): bool {
  let n = K.ROBOTS_TXT_LEN;
  if (len < n || memory.compare(path, K.ROBOTS_TXT, n) != 0) return false;
  return len == n || load<u8>(path + n) == 0x3f;
}

/** Decides the URL [start, end) of a line: true when allowed. */
@inline export function lineAllowed(index: usize, start: usize, end: usize, rfc: bool): bool {
  return load<i32>(decidePath(index, extractPath(start, end - start), rfc) + V_ALLOWED) != 0;
}
