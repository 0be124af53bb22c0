// How a cost grows with its input, measured inside the test: the same
// operation at a small size and at `factor` times that size, run alternately,
// keeping the best (least disturbed) run of each. A busy machine only ever
// adds time to a run, and alternating exposes both sizes to the same load, so
// the best runs' ratio stays near the algorithm's own: about `factor` for
// linear work, about factor² for quadratic work. Tests assert that ratio, never
// an absolute time (which is what fails on a loaded machine); speed itself is
// measured by the benchmarks in bench/.

/** The duration of `fn`, in milliseconds. */
export function timed(fn: () => unknown): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

/** The duration of `fn`'s promise, in milliseconds. */
export async function timedAsync(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

export interface Growth {
  /** Best time at the small size, ms. */
  small: number;
  /** Best time at the large size, ms. */
  large: number;
  /** large / small. */
  ratio: number;
}

/**
 * `small` and `large` each do any setup untimed and return the timed part's
 * duration (see timed()). One warm-up run of each (compilation, first-use
 * caches), then `runs` alternating runs; the best of each.
 */
export function growth(small: () => number, large: () => number, runs = 5): Growth {
  small();
  large();
  let s = Infinity;
  let l = Infinity;
  for (let i = 0; i < runs; i++) {
    s = Math.min(s, small());
    l = Math.min(l, large());
  }
  return { small: s, large: l, ratio: l / s };
}

/** growth() for asynchronous operations. */
export async function growthAsync(small: () => Promise<number>, large: () => Promise<number>, runs = 5): Promise<Growth> {
  await small();
  await large();
  let s = Infinity;
  let l = Infinity;
  for (let i = 0; i < runs; i++) {
    s = Math.min(s, await small());
    l = Math.min(l, await large());
  }
  return { small: s, large: l, ratio: l / s };
}
