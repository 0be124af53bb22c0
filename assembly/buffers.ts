// Growable scratch buffers, reused across calls so that steady-state work
// allocates nothing. A buffer is two words in static memory: pointer, capacity.

export const INPUT = memory.data(8);   // robots.txt bytes or URL bytes from the caller
export const EVENTS = memory.data(8);  // line events of the last parse
export const PATH = memory.data(8);    // the path being matched
export const NORMAL = memory.data(8);  // RFC-mode normalised path
export const RULES = memory.data(8);   // compile: rule records
export const USAGE = memory.data(8);   // compile: Content-Usage rule records
export const GROUPS = memory.data(8);  // compile: group records
export const TOKENS = memory.data(8);  // compile: token records
export const ARENA = memory.data(8);   // compile: pattern and token bytes
export const RECORDS = memory.data(8); // compile: sitemap and other records
export const SORT_TEMP = memory.data(8); // merge sort scratch
export const ORDER = memory.data(8);   // index build: rule order
export const KEYS = memory.data(8);    // index build: key entries
export const KEY_WORDS = memory.data(8); // index build: each key's first 16 bytes as two words, from its sort record
export const EXTRAS = memory.data(8);  // index build: wildcard and anchored rules
export const VERDICTS = memory.data(8); // batch verdicts, one byte per URL
export const UTF8 = memory.data(8);     // URLs given as UTF-16, encoded
export const OUTPUT = memory.data(8);   // filterLines: the lines it keeps
export const KMP = memory.data(8);      // match: the table of a long segment's search
export const AGENT_SET = memory.data(8); // index build: the caller's agents as a hash set
export const MATCHES = memory.data(8);  // explain: the rules that match a path
export const PURPOSE = memory.data(8);  // a purpose's preference per Content-Usage rule (0 unknown, 1 y, 2 n)
export const BUCKETS = memory.data(8);  // a purpose's Content-Usage rules by the second byte of their path

import { allocate, release, reallocate } from "./heap";

@inline export function bufferPtr(buf: usize): usize {
  return load<u32>(buf);
}

/** Makes room for `size` bytes; the old contents are not kept. */
export function reserve(buf: usize, size: usize): usize {
  let cap = <usize>load<u32>(buf, 4);
  if (size > cap) {
    let old = <usize>load<u32>(buf);
    let next = max(size, max(cap << 1, 256));
    // Allocate before freeing: if memory cannot grow, the allocation traps
    // and the buffer must still be the old, valid one.
    let block = allocate(next);
    if (old) release(old);
    store<u32>(buf, <u32>block);
    store<u32>(buf, <u32>next, 4);
  }
  return <usize>load<u32>(buf);
}

/** reserveKeep() without the call when the buffer has room (the per-line paths of parse and compile). */
@inline export function roomFor(buf: usize, size: usize): usize {
  return size <= <usize>load<u32>(buf, 4) ? <usize>load<u32>(buf) : reserveKeep(buf, size);
}

/** Makes room for `size` bytes, keeping the contents. */
export function reserveKeep(buf: usize, size: usize): usize {
  let cap = <usize>load<u32>(buf, 4);
  if (size > cap) {
    let old = <usize>load<u32>(buf);
    let next = max(size, max(cap << 1, 256));
    store<u32>(buf, <u32>(old ? reallocate(old, next) : allocate(next)));
    store<u32>(buf, <u32>next, 4);
  }
  return <usize>load<u32>(buf);
}
