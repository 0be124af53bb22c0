// Work counted rather than timed: how many times `body` calls the given
// methods of `owner` (a prototype, say), or the total `weight` of those calls
// (bytes copied, say). A count does not change when the machine is busy, so it
// can guard against a superlinear regression where a wall-clock bound would
// fail under load. Past `cap` the counter throws, so a regression fails at
// once instead of running for minutes.

export class TooManyCallsError extends Error {
  override name = 'TooManyCallsError';
}

/** What one call weighs, from its arguments (1 per call unless given). */
// biome-ignore lint/suspicious/noExplicitAny: a weight is patched onto methods of any signature
type Weight = (...args: any[]) => number;

function patch<T extends object>(owner: T, methods: readonly (keyof T & string)[], cap: number, weight: Weight) {
  const counter = { count: 0, restore: () => {} };
  const originals = methods.map((m) => [m, Object.getOwnPropertyDescriptor(owner, m), owner[m]] as const);
  for (const [m, , original] of originals) {
    if (typeof original !== 'function') throw new TypeError(`${m} is not a method`);
    Object.defineProperty(owner, m, {
      configurable: true,
      writable: true,
      value: function (this: unknown, ...args: unknown[]) {
        counter.count += weight(...args);
        if (counter.count > cap)
          throw new TooManyCallsError(`more than ${cap} (calls of ${methods.join(' or ')}, weighed)`);
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      },
    });
  }
  counter.restore = () => {
    // Put back what was there: the owner's own method, or none (an inherited one).
    for (const [m, own] of originals)
      if (own) Object.defineProperty(owner, m, own);
      else delete owner[m];
  };
  return counter;
}

export function countCalls<T extends object>(
  owner: T,
  methods: readonly (keyof T & string)[],
  cap: number,
  body: () => unknown,
  weight: Weight = () => 1,
): number {
  const counter = patch(owner, methods, cap, weight);
  try {
    body();
  } finally {
    counter.restore();
  }
  return counter.count;
}

/** countCalls() for an asynchronous body (nothing else should run meanwhile). */
export async function countCallsAsync<T extends object>(
  owner: T,
  methods: readonly (keyof T & string)[],
  cap: number,
  body: () => Promise<unknown>,
  weight: Weight = () => 1,
): Promise<number> {
  const counter = patch(owner, methods, cap, weight);
  try {
    await body();
  } finally {
    counter.restore();
  }
  return counter.count;
}
