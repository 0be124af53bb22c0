// The compiled robots.txt files of the origins asked about lately, bounded
// by bytes: the core memory of each compiled table and its agents' indexes,
// plus an estimate of the JavaScript objects. Eviction is CLOCK (second
// chance): a hit only marks its entry used, and the oldest entry is let go
// unless marked since it was last passed over (then it goes to the back):
// nearly least-recently-used, without reordering the Map on every URL.
// So a join over millions of origins holds a bounded number of them, and an
// origin asked about again is compiled again (with the same answers:
// compiling is deterministic).

import type { AgentMatcher, Robots } from '../index.js';
import type { ArchiveOutcome } from './resolve.js';

/** Default bound: 64 MiB of compiled files. */
export const DEFAULT_CACHE_BYTES = 64 << 20;
/**
 * What an entry costs on the JavaScript heap beyond the core's memory,
 * measured (a heap snapshot's difference over 20,000 small files, Node 20):
 * the Map slot and the entry, the Robots and its Compiled (about 800 bytes),
 * and each agent's matcher (about 700). Counting only the core's bytes let
 * a cache of many small files hold four times its bound.
 */
const ENTRY_OVERHEAD = 256;
const ROBOTS_OVERHEAD = 800;
const MATCHER_OVERHEAD = 700;
/** The most --json record tails the entries hold in all (about 100 bytes each). */
const MAX_TAILS = 1 << 16;
/** Bits of the set of origins whose file was let go (1 MiB): a file compiled for one of them is counted as compiled again. */
const LET_GO_BITS = 1 << 23;

export interface OriginEntry {
  outcome: ArchiveOutcome;
  /** Outcome unreachable: why (Resolution.reason). */
  reason?: string | undefined;
  /** The compiled file (outcome ok) and one matcher per agent, in the join's order. */
  robots: Robots | undefined;
  agentMatchers: AgentMatcher[];
  bytes: number;
  /** Asked about since the clock last passed it. */
  used: boolean;
  /** The --json rows' encoded record tails, by agent and verdict (verdicts.ts, tails.ts): a few per origin, about 100 bytes each; at most MAX_TAILS over all entries (noteTails). */
  tails?: Map<number, Uint8Array>;
}

export class CompiledCache {
  readonly #entries = new Map<string, OriginEntry>();
  readonly #limit: number;
  #bytes = 0;
  #tails = 0;
  /** Origins whose file was let go, hashed (a bit may be shared by two origins: `recompiles` can overcount a little, never undercount). */
  readonly #letGo = new Uint8Array(LET_GO_BITS >>> 3);
  compiles = 0;
  evictions = 0;
  /** Files compiled for an origin whose file had been let go before: what a smaller input, or one in another order, would not have compiled. */
  recompiles = 0;

  constructor(limit = DEFAULT_CACHE_BYTES) {
    if (!Number.isSafeInteger(limit) || limit < 0)
      throw new RangeError(`cacheBytes must be a whole number of bytes, got ${String(limit)}`);
    this.#limit = limit;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The entry of an origin, marked used; undefined when not held. */
  get(key: string): OriginEntry | undefined {
    const entry = this.#entries.get(key);
    if (entry !== undefined) entry.used = true;
    return entry;
  }

  /** Holds a new entry, then disposes of the least recently used ones while over the bound (never the new one). */
  set(key: string, entry: OriginEntry): void {
    entry.bytes =
      ENTRY_OVERHEAD +
      key.length * 2 +
      (entry.robots
        ? ROBOTS_OVERHEAD +
          entry.robots.byteSize +
          entry.agentMatchers.reduce((n, m) => n + MATCHER_OVERHEAD + m.byteSize, 0)
        : 0);
    if (entry.robots) {
      this.compiles++;
      const bit = bitOf(key);
      if (this.#letGo[bit >>> 3]! & (1 << (bit & 7))) this.recompiles++;
    }
    entry.used = false;
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    this.#evict(entry);
  }

  /**
   * Notes `count` tails an entry gained. Past MAX_TAILS held in all, every
   * entry lets its tails go (they are made again when asked for): so the
   * tails, and the shared slabs they are cut from (tails.ts), stay a few
   * megabytes whatever the bound, instead of one surviving tail keeping a
   * whole slab alive for as long as its origin stays.
   */
  noteTails(count: number): void {
    this.#tails += count;
    if (this.#tails <= MAX_TAILS) return;
    for (const entry of this.#entries.values()) entry.tails = undefined;
    this.#tails = 0;
  }

  /** The --json record tails the entries hold, in all. */
  get tails(): number {
    return this.#tails;
  }

  /** Disposes of the least recently used entries while over the bound, never `entry` (what the caller is about to use). */
  #evict(entry: OriginEntry): void {
    while (this.#bytes > this.#limit && this.#entries.size > 1) {
      const [oldKey, old] = this.#entries.entries().next().value as [string, OriginEntry];
      this.#entries.delete(oldKey);
      if (old.used && old !== entry) {
        old.used = false; // a second chance, at the back
        this.#entries.set(oldKey, old);
        continue;
      }
      if (old === entry) {
        this.#entries.set(oldKey, old); // never the new one: it is what the caller is about to use
        if (this.#entries.size === 1) break;
        continue;
      }
      this.#bytes -= old.bytes;
      this.#tails -= old.tails?.size ?? 0;
      if (old.robots) {
        // Files let go (an origin with no file, a 404 or a 500, costs only its entry).
        old.robots.dispose();
        this.evictions++;
        const bit = bitOf(oldKey);
        this.#letGo[bit >>> 3]! |= 1 << (bit & 7);
      }
    }
  }

  /** Disposes of every compiled file. */
  clear(): void {
    for (const entry of this.#entries.values()) entry.robots?.dispose();
    this.#entries.clear();
    this.#bytes = 0;
    this.#tails = 0;
  }
}

/** An origin's bit in the let-go set (FNV-1a over its UTF-16 code units). */
function bitOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (h >>> 0) & (LET_GO_BITS - 1);
}
