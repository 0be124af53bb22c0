// At most `max` fetches hold a slot at once; the rest wait their turn in
// order. A fetch that has not finished after `slowAfterMs` gives its slot up
// and goes on as a slow fetch (until it answers or times out), so origins
// that accept connections and never answer cannot starve the others; at most
// `maxSlow` slow fetches run at once, so the total stays bounded
// (max + maxSlow). (A few lines, so not worth a dependency: the usual
// package for plain limits is ESM-only, which our CommonJS build could not
// require on Node 20, and none has the slow lane.)

export class Limit {
  readonly #max: number;
  readonly #slowAfterMs: number;
  readonly #maxSlow: number;
  #active = 0;
  #slow = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(max: number, slowAfterMs = Infinity, maxSlow = 0) {
    this.#max = max;
    this.#slowAfterMs = slowAfterMs;
    this.#maxSlow = maxSlow;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active >= this.#max) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#active++;
    let holdsSlot = true;
    let slow = false;
    const release = () => {
      if (!holdsSlot) return;
      holdsSlot = false;
      this.#active--;
      this.#waiting.shift()?.();
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const graceOver = () => {
      if (this.#slow < this.#maxSlow) {
        this.#slow++;
        slow = true;
        release();
      } else {
        timer = later(graceOver, this.#slowAfterMs); // the slow lane is full: keep the slot, look again later
      }
    };
    if (Number.isFinite(this.#slowAfterMs)) timer = later(graceOver, this.#slowAfterMs);
    try {
      return await task();
    } finally {
      clearTimeout(timer);
      if (slow) this.#slow--;
      release();
    }
  }
}

/** A timer that does not keep a Node process alive by itself. */
function later(callback: () => void, ms: number): ReturnType<typeof setTimeout> {
  const timer = setTimeout(callback, ms);
  (timer as { unref?: () => void }).unref?.();
  return timer;
}
