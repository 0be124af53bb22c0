// A parsed robots.txt: what the file says besides rules, and matching for
// any agent. The compiled rules live in the core (compiled.ts).

import { getCore, type Core } from './core/wasm.js';
import * as L from './core/layout.js';
import { Compiled, type OtherRecord, type Verdict } from './compiled.js';
import { AgentMatcher } from './matcher.js';
import { resolveParseOptions, type Mode, type ParseOptions } from './options.js';
import { explain, explainCore, type Explanation } from './explain.js';
import { lines, type RobotsLine } from './lines.js';
import { agentTokens } from './agent.js';
import { delayRecords, delayFor, type DelayRecord } from './crawl-delay.js';

export type { Verdict, RuleType, OtherRecord } from './compiled.js';

// Robots dropped without dispose() are freed when collected. dispose() does
// not unregister (that costs more than the rest of a small parse): free() of
// an already freed Compiled does nothing.
// Some runtimes (workerd) have no FinalizationRegistry: there, dispose() frees.
// A finalizer must never throw: an exception there ends the process.
const finalizer = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry<Compiled>((compiled) => {
    try {
      compiled.free();
    } catch {
      // nothing to report to anyone at collection time
    }
  })
  : undefined;

interface ExplainContext {
  lines: RobotsLine[];
  otherLines: RobotsLine[];
  other: Robots;
}

/** Only parse() makes a Robots: the constructor checks for this key. */
const MADE_BY_PARSE = Symbol('robotsmatch.parse');

declare global {
  // Empty here. Where TypeScript's esnext (or esnext.disposable) lib or
  // @types/node declares the standard Disposable, this merges with it, so
  // Robots has [Symbol.dispose] in its type exactly where `using` exists;
  // elsewhere our types never mention Symbol.dispose (which would be TS2550).
  interface Disposable {}
}

/** A Robots is Disposable (`using robots = parse(...)`) where the lib knows Disposable. */
export interface Robots extends Disposable {}

export class Robots {
  /** True when the file was longer than maxBytes and only its start was parsed. */
  readonly truncated: boolean;
  readonly mode: Mode;
  readonly #compiled: Compiled;
  /** The body as parsed (bytes copied), for explain's group lines and other mode. */
  #source: string | Uint8Array | undefined;
  readonly #maxBytes: number;
  #explaining: ExplainContext | undefined;
  #lines: RobotsLine[] | undefined;
  #delays: DelayRecord[] | undefined;

  /** @internal Use parse(): constructing a Robots directly throws a TypeError. */
  constructor(key: typeof MADE_BY_PARSE, core: Core, robots: number, mode: Mode, truncated: boolean, source: string | Uint8Array, maxBytes: number) {
    if (key !== MADE_BY_PARSE) throw new TypeError('Robots cannot be constructed directly; use parse(body) to get one');
    this.mode = mode;
    this.truncated = truncated;
    this.#compiled = new Compiled(core, robots);
    this.#source = source;
    this.#maxBytes = maxBytes;
    finalizer?.register(this, this.#compiled);
  }

  /** Sitemap URLs, in file order, as written. */
  get sitemaps(): readonly string[] {
    return this.#compiled.records().sitemaps;
  }

  /** Lines with keys that do not affect matching, in file order. */
  get otherRecords(): readonly OtherRecord[] {
    return this.#compiled.records().others;
  }

  /** May `agent` (one product token, or several) fetch `url`? */
  isAllowed(url: string, agent: string | readonly string[]): boolean {
    const compiled = this.#compiled;
    return compiled.allowed(compiled.decide(compiled.indexFor(agent), url));
  }

  /** The verdict for `url` with the rule and line that decided it. */
  check(url: string, agent: string | readonly string[]): Verdict {
    const compiled = this.#compiled;
    return compiled.verdict(compiled.decide(compiled.indexFor(agent), url));
  }

  /**
   * Why `url` is allowed or not for `agent`: the groups that apply, every
   * rule that matches with its priority, the winner and the reason, and the
   * other mode's answer when it differs. Agrees with check() on every input;
   * slower (it matches each rule of the applying groups).
   */
  explain(url: string, agent: string | readonly string[]): Explanation {
    // One read of the caller's array (its getters are user code), then only the copy.
    const agents = typeof agent === 'string' || !Array.isArray(agent) ? agent : Array.from(agent as readonly string[]);
    return this.explainWith(this.#compiled.indexFor(agents), url, agents);
  }

  /** @internal explain() with an index already built (AgentMatcher's). */
  explainWith(index: number, url: string, agent: string | readonly string[]): Explanation {
    const compiled = this.#compiled;
    compiled.live();
    const context = this.#explainContext();
    return explain({
      compiled,
      index,
      mode: this.mode,
      agentLabel: agentLabel(agent),
      lines: () => context.lines,
      other: () => {
        const other = context.other.#compiled;
        const core = explainCore(other, other.indexFor(agent), url);
        return { verdict: { allowed: core.allowed, line: core.line, rule: core.rule }, path: core.path, reason: core.reason, lines: context.otherLines };
      },
    }, url);
  }

  /**
   * What explain reads besides the compiled rules, made on its first call and
   * kept until dispose(): this mode's per-line reading, and the file parsed
   * in the other mode.
   */
  #explainContext(): ExplainContext {
    if (this.#explaining) return this.#explaining;
    const source = this.#source!;
    const otherOptions = { mode: this.mode === 'google' ? 'rfc' as const : 'google' as const, maxBytes: this.#maxBytes };
    this.#explaining = {
      lines: this.#reading(),
      otherLines: lines(source, otherOptions),
      other: parseBody(source, otherOptions, true), // its own bytes: shared, not copied again
    };
    return this.#explaining;
  }

  /**
   * A matcher for one agent (or agent set), with its rules resolved and
   * indexed once: the fast path for many URLs. It lives as long as this
   * Robots; dispose() of either frees it.
   */
  forAgent(agent: string | readonly string[]): AgentMatcher {
    return new AgentMatcher(this, this.#compiled, agent);
  }

  /**
   * The Crawl-delay in seconds for `agent`, as the crawlers that honour it
   * read it (Google does not): from the record naming the agent (the
   * User-agent lines directly above the delay), else from a `*` record, else
   * undefined. Allow/disallow grouping is not affected.
   */
  crawlDelay(agent: string | readonly string[]): number | undefined {
    this.#compiled.live();
    // The tokens that can name a record, as check() keeps them (others name none).
    const { joined, count } = agentTokens(agent);
    this.#delays ??= delayRecords(this.#reading(), this.mode);
    return delayFor(this.#delays, count ? joined.split('\n') : []);
  }

  /** This mode's per-line reading of the file (for crawl-delay and explain), made once. */
  #reading(): RobotsLine[] {
    return (this.#lines ??= lines(this.#source!, { mode: this.mode, maxBytes: this.#maxBytes }));
  }

  /** @internal A new Robots from the same body, owned by whoever asked (RobotsCache.get). */
  copy(): Robots {
    this.#compiled.live();
    return parseBody(this.#source!, { mode: this.mode, maxBytes: this.#maxBytes }, true);
  }

  /** Bytes of core memory this robots.txt's compiled table uses. */
  get byteSize(): number {
    return this.#compiled.byteSize();
  }

  /** Frees the core memory now (and every matcher's); later use throws RobotsDisposedError. */
  dispose(): void {
    this.#compiled.free();
    this.#source = undefined;
    this.#explaining?.other.dispose();
    this.#explaining = undefined;
    this.#lines = undefined;
    this.#delays = undefined;
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

/** Parses a robots.txt (text, or bytes as fetched) for matching. */
export function parse(body: string | Uint8Array, options?: ParseOptions): Robots {
  return parseBody(body, options, false);
}

/**
 * @internal parse() for bytes the library owns (a fetched body): kept as the
 * Robots' source without a copy.
 */
export function parseOwned(body: Uint8Array, options?: ParseOptions): Robots {
  return parseBody(body, options, true);
}

function parseBody(body: string | Uint8Array, options: ParseOptions | undefined, owned: boolean): Robots {
  const { mode, maxBytes } = resolveParseOptions(options);
  const core = getCore();
  const written = core.writeBody(body, maxBytes);
  const robots = core.exports.compile(written.length, mode === 'rfc' ? L.MODE_RFC : L.MODE_GOOGLE);
  // Bytes are copied (the caller may reuse the buffer); strings are immutable.
  const source = typeof body === 'string' ? body : owned ? body.subarray(0, written.length) : body.slice(0, written.length);
  return new Robots(MADE_BY_PARSE, core, robots, mode, written.cut, source, maxBytes);
}

function agentLabel(agent: string | readonly string[]): string {
  const names = typeof agent === 'string' ? [agent] : [...agent];
  agentTokens(agent); // the same argument checks as check()
  return names.length === 0 ? 'A crawler with no name' : names.join(' / ');
}
