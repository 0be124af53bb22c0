// Many hosts (docs/behaviour.md, section 4): one robots.txt per origin, fetched once and answered
// from memory until it expires; concurrent requests for an origin share one
// fetch; fetches over all origins are bounded; while a server errors, the
// last good copy keeps answering.

import type { Robots, Verdict } from '../rules/robots.js';
import type { AgentMatcher } from '../rules/matcher.js';
import type { Agent } from '../rules/agent.js';
import { parse, reparse } from '../rules/parse.js';
import { typeError } from '../common/errors.js';
import { Limit } from './limit.js';
import { Retirement } from './retirement.js';
import { robotsTxtUrl } from './location.js';
import { fetchFrom, type FetchedRobots, type FetchOutcome } from './fetch-robots.js';
import {
  resolveCacheOptions,
  resolveBatchSize,
  UNREACHABLE_LIMIT_MS,
  type CacheOptions,
  type ResolvedCacheOptions,
} from '../common/options.js';

/** check()'s answer: the verdict, and which robots.txt gave it. */
export interface CachedVerdict extends Verdict {
  /** The robots.txt URL of the URL's origin. */
  robotsUrl: string;
  /** How the latest fetch of it went. */
  outcome: FetchOutcome;
  status: number | undefined;
  /** The answer came from the last good copy, because the latest fetch was unreachable. */
  stale: boolean;
}

interface Entry {
  latest: FetchedRobots;
  /** The latest answer that was not "unreachable" (ok or unavailable). */
  lastGood: FetchedRobots | undefined;
  /** When the run of unreachable fetches began. */
  unreachableSince: number | undefined;
  /** One matcher per agent name, for batches. */
  matchers: Map<string, AgentMatcher>;
}

interface Answer {
  robots: Robots;
  entry: Entry;
  stale: boolean;
}

export class RobotsCache {
  readonly #options: ResolvedCacheOptions;
  readonly #entries = new Map<string, Entry>();
  readonly #inflight = new Map<string, Promise<Entry>>();
  readonly #limit: Limit;
  readonly #retirement = new Retirement();
  #allowAll: Robots | undefined;

  constructor(options?: CacheOptions) {
    this.#options = resolveCacheOptions(options);
    this.#limit = new Limit(this.#options.concurrency, this.#options.slowAfterMs, this.#options.maxSlowFetches);
  }

  /** Number of origins held. */
  get size(): number {
    return this.#entries.size;
  }

  /** May `agent` fetch `url`? Fetches the origin's robots.txt first if needed. */
  isAllowed(url: string | URL, agent: Agent): Promise<boolean> {
    return this.#retirement.run(async () => {
      const { robots } = await this.#answer(robotsTxtUrl(url));
      return robots.isAllowed(String(url), agent);
    });
  }

  /**
   * The verdict for `url`, with the robots.txt that answered and how its
   * fetch went. While the robots.txt is unreachable (and no good copy is
   * held) every URL is disallowed by no rule of any file: `line` is 0 and
   * `rule` null, and `outcome` says why.
   */
  check(url: string | URL, agent: Agent): Promise<CachedVerdict> {
    return this.#retirement.run(async () => {
      const { robots, entry, stale } = await this.#answer(robotsTxtUrl(url));
      const { latest } = entry;
      let verdict = robots.check(String(url), agent);
      if (robots === latest.robots && latest.outcome === 'unreachable')
        verdict = { allowed: false, line: 0, rule: null };
      return { ...verdict, robotsUrl: latest.url, outcome: latest.outcome, status: latest.status, stale };
    });
  }

  /**
   * The robots.txt answer for `url`'s origin, fetching it if it is missing or
   * expired. Its `robots` is a copy that is yours alone: the cache never
   * uses or frees it, and disposing it changes nothing for the cache
   * (dispose() it when done, or leave it to the finalizer).
   */
  get(url: string | URL): Promise<FetchedRobots & { stale: boolean }> {
    return this.#retirement.run(async () => {
      const { robots, entry, stale } = await this.#answer(robotsTxtUrl(url));
      return { ...entry.latest, robots: reparse(robots, { mode: robots.mode }), stale };
    });
  }

  /**
   * The URLs `agent` may fetch, in order. URLs are grouped by origin, each
   * origin's robots.txt fetched once (at most `concurrency` fetches at a
   * time), and each group matched in one batch. URLs that cannot have a
   * robots.txt (not absolute, not http/https/ftp) are left out.
   */
  filter(urls: Iterable<string>, agent: Agent): Promise<string[]> {
    return this.#retirement.run(() => this.#filter(urls, agent));
  }

  async #filter(urls: Iterable<string>, agent: Agent): Promise<string[]> {
    if (urls == null || typeof urls === 'string' || typeof (urls as Iterable<string>)[Symbol.iterator] !== 'function') {
      throw typeError('urls', 'an iterable of strings, not a string', urls);
    }
    const list = Array.from(urls);
    const groups = new Map<string, number[]>();
    for (let i = 0; i < list.length; i++) {
      const url = list[i];
      if (typeof url !== 'string') throw typeError(`urls[${i}]`, 'a string', url);
      let key: string;
      try {
        key = robotsTxtUrl(url);
      } catch {
        continue; // no robots.txt for it: left out
      }
      let group = groups.get(key);
      if (!group) groups.set(key, (group = []));
      group.push(i);
    }
    const allowed = new Uint8Array(list.length);
    await Promise.all(
      [...groups].map(async ([key, indexes]) => {
        const answer = await this.#answer(key);
        const verdicts = this.#matchMany(
          answer,
          agent,
          indexes.map((i) => list[i]!),
        );
        for (let j = 0; j < indexes.length; j++) allowed[indexes[j]!] = verdicts[j]!;
      }),
    );
    return list.filter((_, i) => allowed[i] === 1);
  }

  /**
   * filter() over a stream of URLs (an async iterable such as lines of a
   * log), `batchSize` at a time, yielding the allowed ones in order. Memory
   * stays at one batch plus the cache, whatever the stream's length.
   */
  async *filterStream(
    urls: AsyncIterable<string> | Iterable<string>,
    agent: Agent,
    options?: { batchSize?: number },
  ): AsyncGenerator<string> {
    const batchSize = resolveBatchSize(options?.batchSize);
    let batch: string[] = [];
    for await (const url of urls) {
      batch.push(url);
      if (batch.length >= batchSize) {
        yield* await this.filter(batch, agent);
        batch = [];
      }
    }
    if (batch.length) yield* await this.filter(batch, agent);
  }

  /** Forgets every origin (and frees their robots once no check still uses them). */
  clear(): void {
    for (const entry of this.#entries.values()) this.#letGo(entry);
    this.#entries.clear();
  }

  /** What to match with for an origin, per docs/behaviour.md, section 4. */
  async #answer(key: string): Promise<Answer> {
    const entry = await this.#fresh(key);
    const { latest, lastGood } = entry;
    if (latest.outcome !== 'unreachable') return { robots: latest.robots, entry, stale: false };
    // Unreachable: the last good copy if there is one; else disallow all, until
    // 30 days of it make the robots.txt count as missing (allow all).
    if (lastGood) return { robots: lastGood.robots, entry, stale: true };
    if (this.#options.now() - entry.unreachableSince! >= UNREACHABLE_LIMIT_MS) {
      // This cache's own allow-all: nothing outside it ever holds it (get() copies).
      return { robots: (this.#allowAll ??= parse('')), entry, stale: false };
    }
    return { robots: latest.robots, entry, stale: false };
  }

  /** The entry for an origin, fetched if missing or expired; one fetch per origin at a time. */
  async #fresh(key: string): Promise<Entry> {
    const entry = this.#entries.get(key);
    if (entry && this.#options.now() < entry.latest.expires) {
      // Least recently used order: touch it.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      return entry;
    }
    let pending = this.#inflight.get(key);
    if (!pending) {
      const fetching: Promise<Entry> = this.#limit
        .run(() => fetchFrom(key, this.#options)) // resolved without a signal
        .then((latest) => this.#store(key, latest))
        .finally(() => {
          if (this.#inflight.get(key) === fetching) this.#inflight.delete(key); // if #store did not
        });
      this.#inflight.set(key, (pending = fetching));
    }
    return pending;
  }

  #store(key: string, latest: FetchedRobots): Entry {
    const previous = this.#entries.get(key);
    const unreachable = latest.outcome === 'unreachable';
    const entry: Entry = {
      latest,
      lastGood: unreachable ? previous?.lastGood : latest,
      unreachableSince: unreachable ? (previous?.unreachableSince ?? latest.fetchedAt) : undefined,
      matchers: new Map(), // a new robots.txt: its own matchers
    };
    if (previous) this.#letGo(previous, entry);
    // From now on checks find the entry in #entries, never through the fetch:
    // an entry evicted before the fetch's promise settles is then out of reach
    // of checks that start after the eviction (which Retirement relies on).
    this.#inflight.delete(key);
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    while (this.#entries.size > this.#options.maxEntries) {
      const [oldest, evicted] = this.#entries.entries().next().value!;
      this.#entries.delete(oldest);
      this.#letGo(evicted);
    }
    return entry;
  }

  /** Hands an entry's robots (those its successor does not keep) to be freed. */
  #letGo(entry: Entry, successor?: Entry): void {
    const kept = [successor?.latest.robots, successor?.lastGood?.robots];
    for (const robots of new Set([entry.latest.robots, entry.lastGood?.robots])) {
      if (robots && !kept.includes(robots)) this.#retirement.retire(robots);
    }
  }

  /** Verdicts for one origin's URLs, with a matcher kept per agent name. */
  #matchMany({ robots, entry }: Answer, agent: Agent, urls: string[]): Uint8Array {
    if (typeof agent !== 'string') {
      // Agent sets are not kept: one index per call, freed right after.
      const matcher = robots.forAgent(agent);
      try {
        return matcher.matchMany(urls);
      } finally {
        matcher.dispose();
      }
    }
    let matcher = entry.matchers.get(agent);
    if (!matcher || matcher.robots !== robots) {
      matcher?.dispose();
      matcher = robots.forAgent(agent);
      entry.matchers.set(agent, matcher);
    }
    return matcher.matchMany(urls);
  }
}
