// A parsed robots.txt: what the file says besides rules, and matching for
// any agent. The compiled rules live in the core (compiled.ts); what the
// report/ modules (explain, crawl-delay, the per-line reading) keep for a
// Robots hangs off it through `attach` and goes with dispose().

import { Compiled, finalizer, type OtherRecord, type Verdict } from './compiled.js';
import { newAgentMatcher, type AgentMatcher } from './matcher.js';
import type { Mode } from '../common/options.js';
import type { Agent } from './agent.js';

export type { Verdict, RuleType, OtherRecord } from './compiled.js';

/** What the library's own modules read of a Robots (never part of the public API). */
export interface RobotsInternals {
  readonly compiled: Compiled;
  /** The body as parsed: the caller's string, or bytes the Robots owns. */
  readonly source: string | Uint8Array;
  readonly maxBytes: number;
}

/** A value kept for a Robots until its dispose(), with what frees it. */
interface Attached {
  value: unknown;
  release?: (value: unknown) => void;
}

let internalsOf: (robots: Robots) => RobotsInternals;
let attachTo: (robots: Robots, key: symbol, make: () => unknown, release?: (value: unknown) => void) => unknown;
let makeRobots: (
  compiled: Compiled,
  mode: Mode,
  truncated: boolean,
  source: string | Uint8Array,
  maxBytes: number,
) => Robots;

/**
 * The ESM and CommonJS builds and robotsmatch/js each hold their own copy
 * of this class, and one copy cannot read another's #private fields. So a
 * Robots answers this shared key with what another copy needs to read it:
 * its body and options (which that copy parses again, once) and a way to
 * keep that parse until this Robots is disposed. See own.ts.
 */
export const VIEW = Symbol.for('robotsmatch.Robots');
export type View = [
  source: string | Uint8Array,
  mode: Mode,
  maxBytes: number,
  keep: (key: symbol, make: () => unknown, release: (value: unknown) => void) => unknown,
];

declare global {
  // Empty here. Where TypeScript's esnext (or esnext.disposable) lib or
  // @types/node declares the standard Disposable, this merges with it, so
  // Robots has [Symbol.dispose] in its type exactly where `using` exists;
  // elsewhere our types never mention Symbol.dispose (which would be TS2550).
  interface Disposable {}
}

/** A Robots is Disposable (`using robots = parse(...)`) where the lib knows Disposable. */
export interface Robots extends Disposable {}

// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the merge only adds Disposable's [Symbol.dispose], which the class defines
export class Robots {
  /** True when the file was longer than maxBytes and only its start was parsed. */
  readonly truncated: boolean;
  readonly mode: Mode;
  readonly #compiled: Compiled;
  #source: string | Uint8Array | undefined;
  readonly #maxBytes: number;
  #attached: Map<symbol, Attached> | undefined;

  /** Use parse(): constructing a Robots directly throws a TypeError. */
  private constructor(
    compiled: Compiled,
    mode: Mode,
    truncated: boolean,
    source: string | Uint8Array,
    maxBytes: number,
  ) {
    // Only parse() makes a Robots (with a Compiled that no caller can get).
    if (!(compiled instanceof Compiled)) throw new TypeError('use parse() to make a Robots');
    this.mode = mode;
    this.truncated = truncated;
    this.#compiled = compiled;
    this.#source = source;
    this.#maxBytes = maxBytes;
    finalizer?.register(this, compiled);
  }

  static {
    makeRobots = (compiled, mode, truncated, source, maxBytes) =>
      new Robots(compiled, mode, truncated, source, maxBytes);
    internalsOf = (robots) => {
      robots.#compiled.live();
      return { compiled: robots.#compiled, source: robots.#source!, maxBytes: robots.#maxBytes };
    };
    attachTo = (robots, key, make, release) => {
      robots.#compiled.live();
      const attached = (robots.#attached ??= new Map());
      let entry = attached.get(key);
      if (!entry) attached.set(key, (entry = { value: make(), release })); // make() runs no user code
      return entry.value;
    };
    Object.defineProperty(Robots.prototype, VIEW, {
      value(this: Robots): View {
        return [
          internalsOf(this).source,
          this.mode,
          this.#maxBytes,
          (key, make, release) => attachTo(this, key, make, release),
        ];
      },
    });
  }

  /** Sitemap URLs, in file order, as written. */
  get sitemaps(): readonly string[] {
    return this.#compiled.records().sitemaps;
  }

  /** Lines with keys that do not affect matching, in file order. */
  get otherRecords(): readonly OtherRecord[] {
    return this.#compiled.records().others;
  }

  /**
   * May `agent` fetch `url`? One product token; several (every group naming
   * any of them, as Google's C++ API merges them); or a crawler (its tokens
   * in fallback order: the first that names a group decides, and `*` only
   * if it obeys `*`).
   */
  isAllowed(url: string | URL, agent: Agent): boolean {
    const compiled = this.#compiled;
    return compiled.allowed(compiled.decide(compiled.indexFor(agent), url));
  }

  /** The verdict for `url` with the rule and line that decided it. */
  check(url: string | URL, agent: Agent): Verdict {
    const compiled = this.#compiled;
    return compiled.verdict(compiled.decide(compiled.indexFor(agent), url));
  }

  /**
   * A matcher for one agent (or agent set), with its rules resolved and
   * indexed once: the fast path for many URLs. It lives as long as this
   * Robots; dispose() of either frees it.
   */
  forAgent(agent: Agent): AgentMatcher {
    return newAgentMatcher(this, this.#compiled, agent);
  }

  /** Bytes of core memory this robots.txt's compiled table uses. */
  get byteSize(): number {
    return this.#compiled.byteSize();
  }

  /** Frees the core memory now (and every matcher's); later use throws RobotsDisposedError. */
  dispose(): void {
    this.#compiled.free();
    this.#source = undefined;
    const attached = this.#attached;
    this.#attached = undefined;
    for (const { value, release } of attached?.values() ?? []) release?.(value);
  }
}

// [Symbol.dispose] is added outside the class so that the declarations do not
// name Symbol.dispose (see Disposable above); runtimes without it get the
// well-known registry symbol, which is what polyfills use.
Object.defineProperty(Robots.prototype, Symbol.dispose ?? Symbol.for('Symbol.dispose'), {
  value: function dispose(this: Robots) {
    this.dispose();
  },
  writable: true,
  configurable: true,
});

/** The compiled table and body of a live Robots of this copy (throws RobotsDisposedError after dispose); own.ts takes any copy's. */
export function robotsInternals(robots: Robots): RobotsInternals {
  if (!(robots instanceof Robots))
    throw new TypeError(`robots must be a Robots from parse(), got ${robots === null ? 'null' : typeof robots}`);
  return internalsOf(robots);
}

/**
 * A value made once per Robots of this copy under `key` (a per-line
 * reading, the other mode's parse) and kept until dispose(), which calls
 * `release` on it; own.ts takes any copy's.
 */
export function attached<T>(robots: Robots, key: symbol, make: () => T, release?: (value: T) => void): T {
  return attachTo(robots, key, make, release as ((value: unknown) => void) | undefined) as T;
}

/** A new Robots over a compiled table (parse.ts). */
export function newRobots(
  compiled: Compiled,
  mode: Mode,
  truncated: boolean,
  source: string | Uint8Array,
  maxBytes: number,
): Robots {
  return makeRobots(compiled, mode, truncated, source, maxBytes);
}
