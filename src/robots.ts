// A parsed robots.txt: the compiled rule table lives in the core's memory;
// this object holds its address, what the file says besides rules, and the
// per-agent rule selections it has resolved.

import { getCore, type Core } from './core/wasm.js';
import * as L from './core/layout.js';
import { agentTokens } from './agent.js';
import { RobotsDisposedError, typeError } from './errors.js';
import { resolveParseOptions, type Mode, type ParseOptions } from './options.js';

export type RuleType = 'allow' | 'disallow';

export interface Verdict {
  /** May the crawler fetch the URL? */
  allowed: boolean;
  /** 1-based line of the deciding rule; 0 when no rule decided. */
  line: number;
  /** The deciding rule, its pattern as written in the file; null when none. */
  rule: { type: RuleType; pattern: string } | null;
}

/** A line whose key is not a rule, a user-agent or a sitemap (crawl-delay, host, ...). */
export interface OtherRecord {
  line: number;
  key: string;
  value: string;
}

/** Where an other record stands: its group, and the user-agent line just above it. */
interface RecordPlace {
  group: number;
  /** Product token of the nearest user-agent line above ('*' for global), lower-cased. */
  agent: string;
}

/** What must be freed, kept apart from Robots so the finalizer can reach it. */
interface Handle {
  robots: number;
  /** Resolved selections by agent set, in least-recently-used order. */
  selections: Map<string, number>;
  disposed: boolean;
}

const MAX_CACHED_AGENT_SETS = 16;

/** The product token a user-agent line names, lower-cased; '*' for the global group. */
function agentOfLine(value: string): string {
  if (value.startsWith('*')) return '*';
  return /^[A-Za-z_-]*/.exec(value)![0].toLowerCase();
}

function release(handle: Handle): void {
  if (handle.disposed) return;
  handle.disposed = true;
  const { exports } = getCore();
  for (const selection of handle.selections.values()) exports.dispose(selection);
  handle.selections.clear();
  exports.dispose(handle.robots);
}

// Robots dropped without dispose() are freed when collected.
const finalizer = new FinalizationRegistry<Handle>(release);

const disposeSymbol: typeof Symbol.dispose = Symbol.dispose ?? Symbol.for('Symbol.dispose');

export class Robots {
  /** Sitemap URLs, in file order, as written. */
  readonly sitemaps: readonly string[];
  /** True when the file was longer than maxBytes and only its start was parsed. */
  readonly truncated: boolean;
  readonly mode: Mode;
  /** Lines with keys that do not affect matching, in file order. */
  readonly otherRecords: readonly OtherRecord[];
  readonly #otherPlaces: readonly RecordPlace[];
  readonly #core: Core;
  readonly #handle: Handle;
  readonly #ruleCache: (Verdict['rule'] | undefined)[] = [];

  /** @internal Use parse(). */
  constructor(core: Core, robots: number, mode: Mode, truncated: boolean) {
    this.#core = core;
    this.mode = mode;
    this.truncated = truncated;
    this.#handle = { robots, selections: new Map(), disposed: false };
    finalizer.register(this, this.#handle, this.#handle);

    // The events of the compile are still in the core: collect what is not a rule.
    const sitemaps: string[] = [];
    const others: OtherRecord[] = [];
    const otherPlaces: RecordPlace[] = [];
    let lastAgent = '';
    const count = core.exports.eventCount();
    const base = core.exports.events() >>> 2;
    const u32 = core.u32;
    for (let i = 0; i < count; i++) {
      const ev = base + i * L.EV_WORDS;
      const kind = u32[ev + L.EV_KIND]! & L.KIND_MASK;
      if (kind === L.KIND_USER_AGENT) {
        lastAgent = agentOfLine(core.readInput(u32[ev + L.EV_VALUE_START]!, u32[ev + L.EV_VALUE_END]!));
      } else if (kind === L.KIND_SITEMAP) {
        sitemaps.push(core.readInput(u32[ev + L.EV_VALUE_START]!, u32[ev + L.EV_VALUE_END]!));
      } else if (kind === L.KIND_OTHER) {
        others.push({
          line: u32[ev + L.EV_LINE]!,
          key: core.readInput(u32[ev + L.EV_KEY_START]!, u32[ev + L.EV_KEY_END]!),
          value: core.readInput(u32[ev + L.EV_VALUE_START]!, u32[ev + L.EV_VALUE_END]!),
        });
        otherPlaces.push({ group: u32[ev + L.EV_GROUP]! | 0, agent: lastAgent });
      }
    }
    this.sitemaps = Object.freeze(sitemaps);
    this.otherRecords = Object.freeze(others);
    this.#otherPlaces = otherPlaces;
  }

  /** May `agent` (one product token, or several) fetch `url`? */
  isAllowed(url: string, agent: string | readonly string[]): boolean {
    const verdict = this.#decide(url, this.#selection(agent));
    return this.#core.u32[(verdict + L.V_ALLOWED) >>> 2] !== 0;
  }

  /** The verdict for `url` with the rule and line that decided it. */
  check(url: string, agent: string | readonly string[]): Verdict {
    const verdict = this.#decide(url, this.#selection(agent));
    const u32 = this.#core.u32;
    return {
      allowed: u32[(verdict + L.V_ALLOWED) >>> 2] !== 0,
      line: u32[(verdict + L.V_LINE) >>> 2]!,
      rule: this.#rule(u32[(verdict + L.V_RULE) >>> 2]! | 0),
    };
  }

  /**
   * The Crawl-delay in seconds for `agent`, from the groups that apply to it,
   * or undefined when they have none. Google's grouping merges
   * `User-agent: *` / `Crawl-delay: 10` / `User-agent: FooBot` into one group
   * (no rule separates them), so within the applying groups a delay written
   * right under a user-agent line naming the crawler (or `*`, for the global
   * groups) is preferred; otherwise the first valid one counts.
   */
  crawlDelay(agent: string | readonly string[]): number | undefined {
    const selection = this.#selection(agent);
    const u32 = this.#core.u32;
    const at = selection >>> 2;
    const groupCount = u32[at + (L.S_GROUP_COUNT >> 2)]!;
    const groups = new Set<number>();
    for (let i = 0; i < groupCount; i++) groups.add(u32[at + (L.S_GROUPS >> 2) + i]!);
    const specific = u32[at + (L.S_KIND >> 2)] === L.SELECT_SPECIFIC;
    const names = new Set(specific ? (typeof agent === 'string' ? [agent] : agent).map((a) => a.toLowerCase()) : ['*']);
    let fallback: number | undefined;
    for (let i = 0; i < this.otherRecords.length; i++) {
      const record = this.otherRecords[i]!;
      const place = this.#otherPlaces[i]!;
      if (!groups.has(place.group) || record.key.toLowerCase() !== 'crawl-delay') continue;
      const seconds = Number(record.value);
      if (record.value === '' || !Number.isFinite(seconds) || seconds < 0) continue;
      if (names.has(place.agent)) return seconds;
      fallback ??= seconds;
    }
    return fallback;
  }

  /** Bytes of core memory this robots.txt's compiled table uses. */
  get byteSize(): number {
    return this.#core.exports.size(this.#live());
  }

  /** Frees the core memory now; any later use throws RobotsDisposedError. */
  dispose(): void {
    if (this.#handle.disposed) return;
    finalizer.unregister(this.#handle);
    release(this.#handle);
  }

  [disposeSymbol](): void {
    this.dispose();
  }

  #live(): number {
    if (this.#handle.disposed) throw new RobotsDisposedError();
    return this.#handle.robots;
  }

  /** The core's rule selection for an agent set, resolved once and cached. */
  #selection(agent: string | readonly string[]): number {
    const robots = this.#live();
    const { joined, count, cacheKey } = agentTokens(agent);
    const cache = this.#handle.selections;
    const cached = cache.get(cacheKey);
    if (cached !== undefined) return cached;
    const length = this.#core.writeShort(joined);
    const selection = this.#core.exports.select(robots, length, count);
    if (cache.size >= MAX_CACHED_AGENT_SETS) {
      const [oldestKey, oldest] = cache.entries().next().value as [string, number];
      cache.delete(oldestKey);
      this.#core.exports.dispose(oldest);
    }
    cache.set(cacheKey, selection);
    return selection;
  }

  /** Decides `url`; returns the address of the verdict record in core memory. */
  #decide(url: string, selection: number): number {
    if (typeof url !== 'string') throw typeError('url', 'a string', url);
    return this.#core.exports.check(selection, this.#core.writeShort(url));
  }

  #rule(index: number): Verdict['rule'] {
    if (index < 0) return null;
    const cached = this.#ruleCache[index];
    if (cached) return { ...cached };
    const robots = this.#handle.robots;
    const u32 = this.#core.u32;
    const rule = robots + u32[(robots + L.R_RULES) >>> 2]! + index * L.RULE_SIZE;
    const arena = robots + u32[(robots + L.R_ARENA) >>> 2]!;
    const flags = u32[(rule + L.RULE_FLAGS) >>> 2]!;
    const raw = arena + u32[(rule + L.RULE_RAW) >>> 2]!;
    const pattern = this.#core.read(raw, u32[(rule + L.RULE_RAW_LENGTH) >>> 2]!);
    const result = { type: (flags & L.RULE_ALLOW ? 'allow' : 'disallow') as RuleType, pattern };
    this.#ruleCache[index] = result;
    return { ...result };
  }
}

/** Parses a robots.txt (text, or bytes as fetched) for matching. */
export function parse(body: string | Uint8Array, options?: ParseOptions): Robots {
  const { mode, maxBytes } = resolveParseOptions(options);
  const core = getCore();
  let written: { length: number; cut: boolean };
  if (typeof body === 'string') written = core.writeString(body, maxBytes);
  else if (body instanceof Uint8Array) written = core.writeBytes(body, maxBytes);
  else throw typeError('body', 'a string or a Uint8Array', body);
  const modeCode = mode === 'rfc' ? L.MODE_RFC : L.MODE_GOOGLE;
  const robots = core.exports.compile(written.length, modeCode);
  return new Robots(core, robots, mode, written.cut);
}
