// Work counted rather than timed: how many times `body` calls the given
// methods of `owner` (a prototype, say). A count does not change when the
// machine is busy, so it can guard against a superlinear regression where a
// wall-clock bound would fail under load. Past `cap` calls the counter throws,
// so a regression fails at once instead of running for minutes.

export class TooManyCallsError extends Error {
  override name = 'TooManyCallsError';
}

export function countCalls<T extends object>(owner: T, methods: readonly (keyof T & string)[], cap: number, body: () => unknown): number {
  let count = 0;
  const originals = methods.map((m) => [m, owner[m]] as const);
  for (const [m, original] of originals) {
    if (typeof original !== 'function') throw new TypeError(`${m} is not a method`);
    (owner as Record<string, unknown>)[m] = function (this: unknown, ...args: unknown[]) {
      if (++count > cap) throw new TooManyCallsError(`more than ${cap} calls of ${methods.join(' or ')}`);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
  try {
    body();
  } finally {
    for (const [m, original] of originals) (owner as Record<string, unknown>)[m] = original;
  }
  return count;
}
