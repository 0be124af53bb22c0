// The core memory behind one parsed robots.txt: its compiled table, the
// per-agent indexes built on it, and the moves of URLs in and verdicts out.
// Robots and AgentMatcher are thin typed facades over this.

import type { Core } from '../core/wasm.js';
import { Layout } from '../core/layout.js';
import { agentTokens, type Agent, type AgentTokens } from './agent.js';
import { RobotsDisposedError, typeError } from '../common/errors.js';
import { Export } from '../core/exports.js';

export type RuleType = 'allow' | 'disallow';

/** A line whose key is not a rule, a user-agent or a sitemap (crawl-delay, host, ...). */
export interface OtherRecord {
  line: number;
  key: string;
  value: string;
}

/** What the file says besides rules, decoded from the core on first use. */
export interface Records {
  sitemaps: readonly string[];
  others: readonly OtherRecord[];
}

export interface Verdict {
  /** May the crawler fetch the URL? */
  allowed: boolean;
  /** 1-based line of the deciding rule; 0 when no rule decided. */
  line: number;
  /** The deciding rule, its pattern as written in the file; null when none. */
  rule: { type: RuleType; pattern: string } | null;
}

/** Agent sets whose indexes a Robots keeps for its own check()/isAllowed(). */
const MAX_CACHED_AGENT_SETS = 16;
/**
 * One agent set's index for check()/isAllowed(): a light one (the applying
 * groups only: the core scans their rules, as Google's matcher does), which
 * the core itself switches to the full index after a few answers
 * (assembly/build.ts, answering()). Crawlers ask a handful of URLs per
 * file; bulk users go through forAgent(), which builds the full index at once.
 */
interface CachedIndex {
  index: number;
}

/** One matcher's index, as its finalizer sees it (`released` once disposed). */
export interface OwnedIndex {
  compiled: Compiled;
  index: number;
  released: boolean;
}

/**
 * Robots and matchers dropped without dispose() free their core memory when
 * collected: a Robots its Compiled, a matcher its index. dispose() does not
 * unregister (that costs more than the rest of a small parse): freeing twice
 * does nothing, and a matcher's `released` flag is its own (the index's
 * address may belong to a newer matcher by then). Some runtimes (workerd)
 * have no FinalizationRegistry: there, dispose() frees. A finalizer must
 * never throw: an exception there ends the process.
 */
export const finalizer =
  typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry<Compiled | OwnedIndex>((held) => {
        try {
          if (held instanceof Compiled) held.free();
          else if (!held.released && !held.compiled.disposed) held.compiled.releaseIndex(held.index);
        } catch {
          // nothing to report to anyone at collection time
        }
      })
    : undefined;

export class Compiled {
  readonly core: Core;
  readonly #robots: number;
  #disposed = false;
  /** Indexes for check()/isAllowed(), least recently built first. */
  #cached: Map<string, CachedIndex> | undefined;
  /** The last agent name asked for and its index: most callers repeat it. */
  #lastAgent: string | undefined;
  #last: CachedIndex | undefined;
  /** Indexes owned by AgentMatchers. */
  #owned: Set<number> | undefined;
  #rules: (Verdict['rule'] | undefined)[] | undefined;
  #records: Records | undefined;

  constructor(core: Core, robots: number) {
    this.core = core;
    this.#robots = robots;
  }

  get disposed(): boolean {
    return this.#disposed;
  }

  live(): number {
    if (this.#disposed) throw new RobotsDisposedError();
    return this.#robots;
  }

  /** Builds an index for tokens already read from the caller's argument (no user code runs here). */
  #build(tokens: AgentTokens, full: boolean): number {
    const robots = this.live();
    return this.core.exports[Export.select](
      robots,
      this.core.writeShort(tokens.joined, 'agent'),
      tokens.count,
      tokens.how | (full ? Layout.HOW_FULL : 0),
    );
  }

  /** The index for an agent set: light for its first answers, then full; cached. */
  indexFor(agent: Agent): number {
    this.live();
    let entry = typeof agent === 'string' && agent === this.#lastAgent ? this.#last : undefined;
    if (entry === undefined) {
      // Reading an array runs user code (getters): before anything below touches the core.
      entry = this.#entryFor(agentTokens(agent));
      // Only a string is safe to recognise by identity: an array may change.
      this.#lastAgent = typeof agent === 'string' ? agent : undefined;
      this.#last = entry;
    }
    return entry.index;
  }

  /** indexFor() for tokens already read from the caller's argument. */
  indexForTokens(tokens: AgentTokens): number {
    return this.#entryFor(tokens).index;
  }

  /** The cached entry for an agent set, made (light) on first use. */
  #entryFor(tokens: AgentTokens): CachedIndex {
    this.live();
    const cache = (this.#cached ??= new Map());
    let entry = cache.get(tokens.cacheKey);
    if (entry === undefined) {
      if (cache.size >= MAX_CACHED_AGENT_SETS) {
        const [oldestKey, oldest] = cache.entries().next().value as [string, CachedIndex];
        cache.delete(oldestKey);
        this.core.exports[Export.disposeIndex](oldest.index);
        if (oldest === this.#last) this.#lastAgent = undefined;
      }
      entry = { index: this.#build(tokens, false) };
      cache.set(tokens.cacheKey, entry);
    }
    return entry;
  }

  /** A fresh index owned by the caller (an AgentMatcher); free with releaseIndex. */
  ownIndex(tokens: AgentTokens): number {
    const index = this.#build(tokens, true);
    (this.#owned ??= new Set()).add(index);
    return index;
  }

  releaseIndex(index: number): void {
    if (this.#owned?.delete(index)) this.core.exports[Export.disposeIndex](index);
  }

  /** Decides one URL; returns the address of the verdict record. */
  decide(index: number, url: string | URL): number {
    if (url instanceof URL) url = url.href;
    if (typeof url !== 'string') throw typeError('url', 'a string', url);
    // One URL goes in as UTF-8 (encodeInto): faster for one string than
    // copying its UTF-16 units, which pays only for batches (bulk.ts).
    const core = this.core;
    return core.exports[Export.check](index, core.writeShort(url));
  }

  allowed(verdict: number): boolean {
    return this.core.u32[(verdict + Layout.V_ALLOWED) >>> 2] !== 0;
  }

  verdict(verdict: number): Verdict {
    const u32 = this.core.u32;
    return {
      allowed: u32[(verdict + Layout.V_ALLOWED) >>> 2] !== 0,
      line: u32[(verdict + Layout.V_LINE) >>> 2]!,
      rule: this.rule(u32[(verdict + Layout.V_RULE) >>> 2]! | 0),
    };
  }

  /** Rule `index` as written in the file (an implied index.html rule: the rule it came from). */
  rule(index: number): Verdict['rule'] {
    if (index < 0) return null;
    const decoded = (this.#rules ??= []);
    let rule = decoded[index];
    if (!rule) {
      const robots = this.#robots;
      const u32 = this.core.u32;
      const rules = robots + u32[(robots + Layout.R_RULES) >>> 2]!;
      const arena = robots + u32[(robots + Layout.R_ARENA) >>> 2]!;
      let record = rules + index * Layout.RULE_SIZE;
      // An implied index.html rule reports the rule it came from, just before it.
      if (u32[(record + Layout.RULE_FLAGS) >>> 2]! & Layout.RULE_IMPLIED) record -= Layout.RULE_SIZE;
      const flags = u32[(record + Layout.RULE_FLAGS) >>> 2]!;
      const length = u32[(record + Layout.RULE_LENGTH) >>> 2]! & 0xffff;
      const rawLength = u32[(record + Layout.RULE_LENGTH) >>> 2]! >>> 16;
      const pattern = arena + u32[(record + Layout.RULE_PATTERN) >>> 2]!;
      const raw = flags & Layout.RULE_RAW_AFTER ? pattern + length : pattern;
      rule = { type: flags & Layout.RULE_ALLOW ? 'allow' : 'disallow', pattern: this.core.read(raw, rawLength) };
      decoded[index] = rule;
    }
    return { ...rule };
  }

  records(): Records {
    if (this.#records) return this.#records;
    const robots = this.live();
    const u32 = this.core.u32;
    const word = (at: number) => u32[at >>> 2]!;
    const arena = robots + word(robots + Layout.R_ARENA);
    const records = robots + word(robots + Layout.R_RECORDS);
    const sitemaps: string[] = [];
    const others: OtherRecord[] = [];
    for (let i = 0; i < word(robots + Layout.R_RECORD_COUNT); i++) {
      const at = records + i * Layout.REC_SIZE;
      const key = arena + word(at + Layout.REC_KEY);
      const keyLength = word(at + Layout.REC_KEY_LENGTH);
      const value = this.core.read(key + keyLength, word(at + Layout.REC_VALUE_LENGTH));
      if (word(at + Layout.REC_KIND) === Layout.KIND_SITEMAP) {
        sitemaps.push(value);
        continue;
      }
      others.push({ line: word(at + Layout.REC_LINE), key: this.core.read(key, keyLength), value });
    }
    this.#records = { sitemaps: Object.freeze(sitemaps), others: Object.freeze(others) };
    return this.#records;
  }

  byteSize(): number {
    return this.core.u32[(this.live() + Layout.R_SIZE) >>> 2]!;
  }

  /** An index's bytes, with the full index the core may have built for a light one. */
  indexByteSize(index: number): number {
    this.live();
    const u32 = this.core.u32;
    const full = u32[(index + Layout.A_FULL) >>> 2]!;
    const own = u32[(index + Layout.A_EXTRAS) >>> 2]! + u32[(index + Layout.A_EXTRA_COUNT) >>> 2]! * Layout.X_SIZE;
    return full === 0 ? own : own + this.indexByteSize(full);
  }

  /** Frees the table and every index built on it (the core frees those with it). */
  free(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#cached = undefined;
    this.#owned = undefined;
    // A finalizer registry may hold this object until the event loop turns:
    // drop what it decoded and the last agent asked for (which may be a
    // string of any length), so a synchronous loop of parse/dispose keeps
    // nothing large.
    this.#lastAgent = undefined;
    this.#last = undefined;
    this.#rules = undefined;
    this.#records = undefined;
    this.core.exports[Export.dispose](this.#robots);
  }
}
