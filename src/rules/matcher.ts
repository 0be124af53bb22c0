// One agent's view of a robots.txt: rules resolved and indexed once, for
// checking many URLs (single calls, or batches with one core call each).

import { finalizer, type Compiled, type OwnedIndex, type Verdict } from './compiled.js';
import { matchMany, matchLines, filterLines, type FilteredLines } from './bulk.js';
// Type only: the matcher's `robots` property. No runtime import goes back to robots.ts.
import type { Robots } from './robots.js';
import { RobotsDisposedError, typeError } from '../common/errors.js';
import { agentTokens, type Agent, type AgentTokens } from './agent.js';
import { Layout } from '../core/layout.js';

/**
 * A use of the content (made by purpose(): `train-ai`, `search`,
 * `ai-input` or another AIPREF label): what a bulk call asks the file's
 * Content-Signal and Content-Usage statements about.
 */
export interface Purpose {
  readonly name: string;
  /** Its AIPREF Content-Usage label, null when the vocabulary has none. */
  readonly label: string | null;
  /** Its Content-Signal key, null when Content-Signal has none. */
  readonly signal: string | null;
}

/**
 * Bulk options: with a purpose, the allowed URLs the file opts out of it
 * (by Content-Signal or Content-Usage) are marked too (docs/usage-signals.md).
 */
export interface PurposeOptions {
  purpose?: Purpose;
}

/**
 * How each Purpose sets the core up for an index (purpose.ts registers it).
 * Held here, not imported: the readers of usage statements stay out of
 * bundles that only match.
 */
export const purposeSetups = new WeakMap<object, (compiled: Compiled, index: number) => number>();

export type { FilteredLines } from './bulk.js';

/** filterLines' `keep`, as the core numbers it. */
const KEEP: readonly unknown[] = ['disallowed', 'allowed', 'labelled', 'verdicts'];

let matcherInternals: (matcher: AgentMatcher) => { index: number; tokens: AgentTokens };
let makeMatcher: (robots: Robots, compiled: Compiled, agent: Agent) => AgentMatcher;

/** A new matcher (robots.forAgent()). */
export function newAgentMatcher(robots: Robots, compiled: Compiled, agent: Agent): AgentMatcher {
  return makeMatcher(robots, compiled, agent);
}

/** A live matcher's index and agent, for explain (throws RobotsDisposedError after dispose). */
export function agentMatcherInternals(matcher: AgentMatcher): { index: number; tokens: AgentTokens } {
  return matcherInternals(matcher);
}

/** How to set the core up for the purpose a bulk call asks about (read once from its options). */
function purposeOption(
  options: PurposeOptions | undefined,
): ((compiled: Compiled, index: number) => number) | undefined {
  if (options === undefined) return undefined;
  if (typeof options !== 'object' || options === null) throw typeError('options', 'an object', options);
  const purpose: unknown = options.purpose;
  if (purpose === undefined) return undefined;
  const setup = typeof purpose === 'object' && purpose !== null ? purposeSetups.get(purpose) : undefined;
  if (!setup)
    throw typeError(
      'options.purpose',
      "a Purpose from purpose('train-ai') (or 'search', 'ai-input', an AIPREF label)",
      purpose,
    );
  return setup;
}

export class AgentMatcher {
  /** The robots.txt this matcher reads (kept alive by it). */
  readonly robots: Robots;
  readonly #compiled: Compiled;
  readonly #index: number;
  readonly #owned: OwnedIndex;
  readonly #tokens: AgentTokens;

  /** Use robots.forAgent(). */
  private constructor(robots: Robots, compiled: Compiled, agent: Agent) {
    this.robots = robots;
    this.#compiled = compiled;
    this.#tokens = agentTokens(agent); // one read of the caller's array or crawler
    this.#index = compiled.ownIndex(this.#tokens);
    this.#owned = { compiled, index: this.#index, released: false };
    finalizer?.register(this, this.#owned);
  }

  static {
    matcherInternals = (matcher) => ({ index: matcher.#live(), tokens: matcher.#tokens });
    makeMatcher = (robots, compiled, agent) => new AgentMatcher(robots, compiled, agent);
  }

  #live(): number {
    this.#compiled.live();
    if (this.#owned.released) throw new RobotsDisposedError('this matcher was disposed: call forAgent() again');
    return this.#index;
  }

  isAllowed(url: string | URL): boolean {
    return this.#compiled.allowed(this.#compiled.decide(this.#live(), url));
  }

  check(url: string | URL): Verdict {
    return this.#compiled.verdict(this.#compiled.decide(this.#live(), url));
  }

  /** A byte per URL, in order: 1 allowed, 0 disallowed. Reuses `out` when given. */
  matchMany(urls: readonly string[], out?: Uint8Array): Uint8Array {
    this.#live();
    if (!Array.isArray(urls)) throw typeError('urls', 'an array of strings', urls);
    const count = urls.length;
    if (out === undefined) out = new Uint8Array(count);
    else if (!(out instanceof Uint8Array)) throw typeError('out', 'a Uint8Array', out);
    else if (out.length < count) throw new RangeError(`out has room for ${out.length} verdicts, ${count} needed`);
    matchMany(this.#compiled, () => this.#live(), urls, out);
    return out.length === count ? out : out.subarray(0, count);
  }

  /**
   * One byte per line (1 allowed, 0 disallowed; with a purpose, 2 for an
   * allowed URL the file opts out of it) for newline-separated URLs,
   * as text or as bytes read from a file or a socket: the fast path for logs
   * and URL lists, with no JavaScript string per URL. LF or CRLF line breaks;
   * a final line break does not start another line.
   */
  matchLines(lines: string | Uint8Array, out?: Uint8Array, options?: PurposeOptions): Uint8Array {
    const purpose = purposeOption(options); // first: reading it may run user code
    const index = this.#live();
    if (out !== undefined && !(out instanceof Uint8Array)) throw typeError('out', 'a Uint8Array', out);
    return matchLines(
      this.#compiled,
      index,
      lines,
      out,
      purpose === undefined ? Layout.PURPOSE_NONE : purpose(this.#compiled, index),
    );
  }

  /**
   * matchLines() that returns text: the allowed lines (`keep: 'disallowed'`:
   * the disallowed ones), each ending in LF, or with `keep: 'labelled'` every
   * line with its verdict in front (`allowed\t...`, `disallowed\t...`), so
   * line N of the output answers line N of the input, or with `keep:
   * 'verdicts'` each line's verdict alone (`allowed` or `disallowed`). Blank
   * lines are kept only by these two. With a purpose, an allowed URL the
   * file opts out of it is not kept as allowed (it is with 'disallowed')
   * and is labelled `opted-out`. The fast path for URL files and pipes: the core
   * writes the output, with no JavaScript per line.
   */
  filterLines(
    lines: string | Uint8Array,
    keep: 'allowed' | 'disallowed' | 'labelled' | 'verdicts' = 'allowed',
    options?: PurposeOptions,
  ): FilteredLines {
    const purpose = purposeOption(options); // first: reading it may run user code
    const index = this.#live();
    const mode = KEEP.indexOf(keep);
    if (mode < 0) throw new RangeError(`keep must be one of ${KEEP.join(', ')}; got ${JSON.stringify(keep)}`);
    return filterLines(
      this.#compiled,
      index,
      lines,
      mode,
      purpose === undefined ? undefined : purpose(this.#compiled, index),
    );
  }

  /** The allowed URLs, in order. */
  filter(urls: Iterable<string>): string[] {
    if (urls == null || typeof urls === 'string' || typeof (urls as Iterable<string>)[Symbol.iterator] !== 'function') {
      throw typeError('urls', 'an iterable of strings, not a string', urls);
    }
    // A copy: user code (getters, iterators) runs here, before any matching,
    // and the URLs returned are the ones that were matched.
    const list = Array.from(urls);
    const verdicts = this.matchMany(list);
    return list.filter((_, i) => verdicts[i]);
  }

  /** Bytes of core memory this matcher's index uses (on top of the robots' table). */
  get byteSize(): number {
    return this.#compiled.indexByteSize(this.#live());
  }

  /** Frees this matcher's index now (the robots stays usable). */
  dispose(): void {
    if (this.#owned.released) return;
    this.#owned.released = true;
    if (!this.#compiled.disposed) this.#compiled.releaseIndex(this.#index);
  }
}
