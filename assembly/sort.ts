// A stable bottom-up merge sort of u32 items, for building indexes. The
// comparator is a plain function reference (no closures in AssemblyScript);
// what it compares lives in module state of the caller.

import { SORT_TEMP, reserve } from "./buffers";

export function sortU32(items: usize, n: u32, less: (a: u32, b: u32) => bool): void {
  if (n < 2) return;
  let tmp = reserve(SORT_TEMP, <usize>n * 4);
  let src = items;
  let dst = tmp;
  for (let width: u32 = 1; width < n; width <<= 1) {
    for (let lo: u32 = 0; lo < n; lo += width << 1) {
      let mid = min(lo + width, n);
      let hi = min(lo + (width << 1), n);
      let i = lo, j = mid, k = lo;
      while (i < mid && j < hi) {
        let a = load<u32>(src + <usize>i * 4);
        let b = load<u32>(src + <usize>j * 4);
        // Take from the right only when strictly less: keeps the sort stable.
        if (less(b, a)) { store<u32>(dst + <usize>k * 4, b); j++; }
        else { store<u32>(dst + <usize>k * 4, a); i++; }
        k++;
      }
      while (i < mid) { store<u32>(dst + <usize>k * 4, load<u32>(src + <usize>i * 4)); i++; k++; }
      while (j < hi) { store<u32>(dst + <usize>k * 4, load<u32>(src + <usize>j * 4)); j++; k++; }
    }
    let t = src; src = dst; dst = t;
  }
  if (src != items) memory.copy(items, src, <usize>n * 4);
}
