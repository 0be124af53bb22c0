// Random order for the archive benchmarks: a seeded Fisher-Yates shuffle, so a
// run's "random order" URL table is the same bytes every time it is made.

/** 0..n-1 in a seeded random order. */
export function shuffledIndexes(n, seed) {
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let s = seed >>> 0;
  for (let i = n - 1; i > 0; i--) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0; // a 32-bit LCG: enough spread for a benchmark's order
    const k = Math.floor((s / 2 ** 32) * (i + 1));
    const t = order[i];
    order[i] = order[k];
    order[k] = t;
  }
  return order;
}
