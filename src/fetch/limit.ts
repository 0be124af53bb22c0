// At most `max` tasks at a time; the rest wait their turn in order. (Twenty
// lines, so not worth a dependency: the usual package for this is ESM-only,
// which our CommonJS build could not require on Node 20.)

export class Limit {
  readonly #max: number;
  #active = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(max: number) {
    this.#max = max;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active >= this.#max) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#active++;
    try {
      return await task();
    } finally {
      this.#active--;
      this.#waiting.shift()?.();
    }
  }
}
