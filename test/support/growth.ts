// Costs compared inside the test rather than against a clock: two operations
// (the same one at a small size and at `k` times that size, or an operation
// and the one it must stay within a small factor of), run alternately,
// keeping the best (least disturbed) run of each. A busy machine only ever
// adds time to a run, and alternating exposes both to the same load, so the
// best runs' ratio stays near the algorithms' own: for growth, about k for
// linear work and k² for quadratic work. Tests assert such a ratio with a wide
// margin on both sides, never an absolute time (which is what fails on a
// loaded machine); speed itself is measured by the benchmarks in bench/.

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

export interface Ratio {
  /** Best time of the baseline, ms. */
  baseline: number;
  /** Best time of the subject, ms. */
  subject: number;
  /** subject / baseline. */
  ratio: number;
  /** For an assertion's message. */
  note: string;
}

const ratioOf = (baseline: number, subject: number): Ratio => ({
  baseline,
  subject,
  ratio: subject / baseline,
  note: `best ${baseline.toFixed(2)} ms, then ${subject.toFixed(2)} ms`,
});

/**
 * `baseline` and `subject` each do any setup untimed and return the timed
 * part's duration (see timed()). One warm-up run of each (compilation,
 * first-use caches), then `runs` alternating runs; the best of each.
 */
export function bestRatio(baseline: () => number, subject: () => number, runs = 5): Ratio {
  baseline();
  subject();
  let b = Infinity;
  let s = Infinity;
  for (let i = 0; i < runs; i++) {
    b = Math.min(b, baseline());
    s = Math.min(s, subject());
  }
  return ratioOf(b, s);
}

/** bestRatio() for asynchronous operations. */
export async function bestRatioAsync(
  baseline: () => Promise<number>,
  subject: () => Promise<number>,
  runs = 5,
): Promise<Ratio> {
  await baseline();
  await subject();
  let b = Infinity;
  let s = Infinity;
  for (let i = 0; i < runs; i++) {
    b = Math.min(b, await baseline());
    s = Math.min(s, await subject());
  }
  return ratioOf(b, s);
}
