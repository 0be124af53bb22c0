// A stable bottom-up merge sort of 24-byte records, for building indexes.
// A record starts with two u64 words that order it (compared in the merge
// loop itself: most comparisons end there), then two u32: a value and a
// length. Records with equal words are ordered by the length, then the
// value (the u64 they make), unless both lengths are over 16: then by
// `tie`, a plain function reference (no closures in AssemblyScript; what it
// compares lives in the caller's module state). Index keys are 16 bytes in
// the words: only longer ones need more than the record to be ordered.

import { SORT_TEMP, reserve } from "./buffers";

export const RECORD_SIZE: usize = 24;

export function sortRecords(items: usize, n: u32, tie: (a: usize, b: usize) => bool): void {
  if (n < 2) return;
  let bytes = <usize>n * RECORD_SIZE;
  let src = items;
  let dst = reserve(SORT_TEMP, bytes);
  for (let width = RECORD_SIZE; width < bytes; width <<= 1) {
    for (let lo: usize = 0; lo < bytes; lo += width << 1) {
      let i = src + lo;
      let iEnd = src + min(lo + width, bytes);
      let j = iEnd;
      let jEnd = src + min(lo + (width << 1), bytes);
      let k = dst + lo;
      while (i < iEnd && j < jEnd) {
        let wi = load<u64>(i);
        let wj = load<u64>(j);
        // From the right only when strictly less: keeps the sort stable.
        let right = wj < wi;
        if (wj == wi) {
          let vi = load<u64>(i, 8);
          let vj = load<u64>(j, 8);
          right = vj < vi;
          if (vj == vi) {
            let ti = load<u64>(i, 16);
            let tj = load<u64>(j, 16);
            right = ti >> 32 > 16 && tj >> 32 > 16 ? tie(j, i) : tj < ti;
          }
        }
        // Selects, not branches: which side comes next is a coin toss on
        // unsorted keys, and a mispredicted branch costs more than the record.
        let from = select<usize>(j, i, right);
        store<u64>(k, load<u64>(from));
        store<u64>(k, load<u64>(from, 8), 8);
        store<u64>(k, load<u64>(from, 16), 16);
        j += select<usize>(RECORD_SIZE, 0, right);
        i += select<usize>(0, RECORD_SIZE, right);
        k += RECORD_SIZE;
      }
      // The rest of one run, copied a word at a time: most merges are of a
      // few records, and a call to memory.copy costs more than they do.
      for (; i < iEnd; i += 8, k += 8) store<u64>(k, load<u64>(i));
      for (; j < jEnd; j += 8, k += 8) store<u64>(k, load<u64>(j));
    }
    let t = src; src = dst; dst = t;
  }
  if (src != items) memory.copy(items, src, bytes);
}
