// Frees the robots a cache has let go of (evicted, replaced by a newer copy,
// cleared) as soon as nothing can still be using them. Leaving them to the
// finalizer is not enough: workerd has no FinalizationRegistry, and elsewhere
// a busy crawler would hold core memory until the collector runs.
//
// The cache's operations are numbered as they start. A copy let go of when
// operation n was the latest to start can only be held by operations n and
// older (later ones look it up after it is gone), so it is freed when the
// oldest operation still running is newer than n. Under constant load this
// still frees everything, as each operation ends.

import type { Robots } from '../rules/robots.js';

interface Retired {
  robots: Robots;
  /** The latest operation started when it was let go of. */
  after: number;
}

export class Retirement {
  #started = 0;
  /** Operations still running, oldest first (a Set keeps insertion order). */
  readonly #running = new Set<number>();
  /** Let go of, oldest first. */
  #retired: Retired[] = [];

  /** Runs one cache operation; what it can reach stays alive until it ends. */
  async run<T>(operation: () => Promise<T>): Promise<T> {
    const number = ++this.#started;
    this.#running.add(number);
    try {
      return await operation();
    } finally {
      this.#running.delete(number);
      this.#sweep();
    }
  }

  retire(robots: Robots): void {
    this.#retired.push({ robots, after: this.#started });
    this.#sweep();
  }

  #sweep(): void {
    const oldest: number = this.#running.values().next().value ?? Infinity;
    let freed = 0;
    for (; freed < this.#retired.length && this.#retired[freed]!.after < oldest; freed++) {
      const { robots } = this.#retired[freed]!;
      robots.dispose();
    }
    if (freed) this.#retired.splice(0, freed);
  }
}
