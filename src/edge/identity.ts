// Who sent a request, remembered per User-Agent header: identify() runs once
// per distinct header, not per request. The memory is bounded: two maps of
// at most half the limit each; when the newer one fills, the older one is
// dropped and the newer takes its place, and a header found only in the
// older one moves to the newer. Headers seen again stay; headers not seen
// for a while go. No per-hit reordering, no allocation per hit.

import { productToken } from '../index.js';
import { identify, isBot } from '../crawlers/identify.js';
import type { CrawlerEntry } from '../crawlers/registry.js';

export const BROWSER = 0;
export const BOT = 1;
export const CRAWLER = 2;

/** Longer headers are identified every time instead of being remembered (they would make the memory bound a matter of header size). */
const LONGEST_REMEMBERED = 512;
/**
 * Only the first this many characters of a header are read to identify it.
 * Published crawler headers are a few hundred characters at most; a header of
 * tens of KB (a client may send one, and servers accept up to 64 KB or more)
 * would otherwise cost a scan of all of it on every request, since it is not
 * remembered.
 */
export const LONGEST_SCANNED = 1024;

export interface Identity {
  readonly kind: typeof BROWSER | typeof BOT | typeof CRAWLER;
  /** The first registry crawler the header names. */
  readonly crawler: CrawlerEntry | undefined;
  /** An unknown bot's product token (as it would name a group), '' when it has none. */
  readonly token: string;
  /** Whether robots.txt applies to it at all (options.crawlers, options.unknownBots). */
  readonly enforced: boolean;
  /** The enforcer's per-robots state for it, valid while `generation` is the enforcer's (set by the enforcer). */
  state: unknown;
  generation: number;
}

const BROWSER_IDENTITY: Identity = Object.freeze({
  kind: BROWSER,
  crawler: undefined,
  token: '',
  enforced: false,
  state: undefined,
  generation: -1,
}) as Identity;

export class Identities {
  readonly #half: number;
  readonly #selected: ReadonlySet<CrawlerEntry> | undefined;
  readonly #enforceBots: boolean;
  #newer = new Map<string, Identity>();
  #older = new Map<string, Identity>();

  constructor(max: number, selected: ReadonlySet<CrawlerEntry> | undefined, enforceBots: boolean) {
    this.#half = Math.max(1, max >> 1);
    this.#selected = selected;
    this.#enforceBots = enforceBots;
  }

  /** Distinct headers remembered now. */
  get size(): number {
    return this.#newer.size + this.#older.size;
  }

  of(header: string): Identity {
    let identity = this.#newer.get(header);
    if (identity !== undefined) return identity;
    identity = this.#older.get(header);
    if (identity === undefined) {
      identity = this.#identify(header);
      if (header.length > LONGEST_REMEMBERED) return identity;
    }
    if (this.#newer.size >= this.#half) {
      this.#older = this.#newer;
      this.#newer = new Map();
    }
    this.#newer.set(header, identity);
    return identity;
  }

  #identify(whole: string): Identity {
    if (whole === '') return BROWSER_IDENTITY;
    const header = whole.length > LONGEST_SCANNED ? whole.slice(0, LONGEST_SCANNED) : whole;
    const crawler = identify(header)[0];
    if (crawler !== undefined) {
      const enforced = this.#selected === undefined || this.#selected.has(crawler);
      return { kind: CRAWLER, crawler, token: '', enforced, state: undefined, generation: -1 };
    }
    if (!isBot(header)) return BROWSER_IDENTITY;
    return {
      kind: BOT,
      crawler: undefined,
      token: productToken(header),
      enforced: this.#enforceBots,
      state: undefined,
      generation: -1,
    };
  }

  clear(): void {
    this.#newer = new Map();
    this.#older = new Map();
  }
}
