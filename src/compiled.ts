// The core memory behind one parsed robots.txt: its compiled table, the
// per-agent indexes built on it, and the moves of URLs in and verdicts out.
// Robots and AgentMatcher are thin typed facades over this.

import type { Core } from './core/wasm.js';
import * as L from './core/layout.js';
import { agentTokens, type AgentTokens } from './agent.js';
import { RobotsDisposedError, typeError } from './errors.js';
import { concatBytes } from './bytes.js';

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

/** filterLines' result: the selected lines and counts. */
export interface FilteredLines {
  /** The lines kept, each ending in LF (labelled: `allowed\t` or `disallowed\t` in front of every line). */
  output: Uint8Array;
  /** Lines read, URLs among them (non-blank lines), allowed URLs. */
  lines: number;
  urls: number;
  allowed: number;
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
/** URLs per core call in a batch: amortises the call, bounds the verdicts buffer. */
const BATCH = 4096;
/** Room for one batch of URLs as UTF-16 (a URL longer than this goes alone). */
const BATCH_BYTES = 1 << 20;
/** Bytes (or UTF-16 units) of newline-separated URLs per core call in matchLines. */
const LINES_CHUNK = 1 << 20;

export class Compiled {
  readonly core: Core;
  readonly #robots: number;
  #disposed = false;
  /** Indexes for check()/isAllowed(), least recently built first. */
  #cached: Map<string, number> | undefined;
  /** The last agent name asked for and its index: most callers repeat it. */
  #lastAgent: string | undefined;
  #lastIndex = 0;
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
  #build(tokens: AgentTokens): number {
    const robots = this.live();
    return this.core.exports.select(robots, this.core.writeShort(tokens.joined, 'agent'), tokens.count);
  }

  /** The index for an agent set, built once and cached. */
  indexFor(agent: string | readonly string[]): number {
    this.live();
    if (typeof agent === 'string' && agent === this.#lastAgent) return this.#lastIndex;
    // Reading an array runs user code (getters): before anything below touches the core.
    const tokens = agentTokens(agent);
    this.live();
    const cache = (this.#cached ??= new Map());
    let index = cache.get(tokens.cacheKey);
    if (index === undefined) {
      if (cache.size >= MAX_CACHED_AGENT_SETS) {
        const [oldestKey, oldest] = cache.entries().next().value as [string, number];
        cache.delete(oldestKey);
        this.core.exports.dispose(oldest);
        if (oldest === this.#lastIndex) this.#lastAgent = undefined;
      }
      index = this.#build(tokens);
      cache.set(tokens.cacheKey, index);
    }
    // Only a string is safe to recognise by identity: an array may change.
    this.#lastAgent = typeof agent === 'string' ? agent : undefined;
    this.#lastIndex = index;
    return index;
  }

  /** A fresh index owned by the caller (an AgentMatcher); free with releaseIndex. */
  ownIndex(agent: string | readonly string[]): number {
    const index = this.#build(agentTokens(agent));
    (this.#owned ??= new Set()).add(index);
    return index;
  }

  releaseIndex(index: number): void {
    if (this.#owned?.delete(index)) this.core.exports.dispose(index);
  }

  /** Decides one URL; returns the address of the verdict record. */
  decide(index: number, url: string): number {
    if (typeof url !== 'string') throw typeError('url', 'a string', url);
    const core = this.core;
    if (core.takesUnits) return core.exports.check16(index, core.writeUnit(url));
    return core.exports.check(index, core.writeShort(url));
  }

  allowed(verdict: number): boolean {
    return this.core.u32[(verdict + L.V_ALLOWED) >>> 2] !== 0;
  }

  verdict(verdict: number): Verdict {
    const u32 = this.core.u32;
    return {
      allowed: u32[(verdict + L.V_ALLOWED) >>> 2] !== 0,
      line: u32[(verdict + L.V_LINE) >>> 2]!,
      rule: this.#rule(u32[(verdict + L.V_RULE) >>> 2]! | 0),
    };
  }

  /** The groups an index applies, and whether they name the agent. */
  groupsOf(index: number): { groups: Set<number>; specific: boolean } {
    const u32 = this.core.u32;
    const at = index >>> 2;
    const count = u32[at + (L.A_GROUP_COUNT >> 2)]!;
    const first = (index + u32[at + (L.A_GROUPS >> 2)]!) >>> 2;
    const groups = new Set<number>();
    for (let i = 0; i < count; i++) groups.add(u32[first + i]!);
    return { groups, specific: u32[at + (L.A_KIND >> 2)] === L.SELECT_SPECIFIC };
  }

  /**
   * Decides many URLs with one core call per batch: they go in NUL-separated
   * (as UTF-16 units where the runtime can copy them, else joined and encoded
   * once); the core splits them, finds each path and writes a byte per URL.
   * A URL containing NUL makes the count come out wrong, and that batch is
   * redone one URL at a time.
   *
   * Each batch is copied out of `urls` first: an element getter or a Proxy
   * runs user code, which may dispose the robots or grow the core's memory.
   * `live` is asked for the index only after that, so no user code runs
   * between it and the core call.
   */
  matchMany(live: () => number, urls: readonly string[], out: Uint8Array): void {
    const core = this.core;
    const count = urls.length;
    for (let start = 0; start < count; ) {
      const batch = Array.prototype.slice.call(urls, start, Math.min(start + BATCH, count)) as unknown[];
      for (let i = 0; i < batch.length; i++) {
        if (typeof batch[i] !== 'string') throw typeError(`urls[${start + i}]`, 'a string', batch[i]);
      }
      const strings = batch as string[];
      let done = 0;
      while (done < strings.length) {
        const index = live();
        let end: number;
        let held: number;
        if (core.takesUnits) {
          end = core.writeUnits(strings, done, BATCH, BATCH_BYTES, 'urls', start);
          held = core.exports.checkBatch16(index, core.unitsWritten, end - done);
        } else {
          end = strings.length;
          held = core.exports.checkBatch(index, core.writeShort(strings.slice(done).join('\0'), 'urls'), end - done);
        }
        if (held === end - done) {
          const at = core.exports.verdicts();
          out.set(core.u8.subarray(at, at + held), start + done);
        } else {
          for (let i = done; i < end; i++) out[start + i] = this.allowed(this.decide(index, strings[i]!)) ? 1 : 0;
        }
        done = end;
      }
      start += strings.length;
    }
  }

  /**
   * Decides every line of a newline-separated text or byte buffer, in chunks
   * of about LINES_CHUNK bytes cut at line breaks: no per-URL string at all,
   * so the cost is the core's plus one copy (bytes) or one encode (text).
   */
  matchLines(index: number, input: string | Uint8Array, out?: Uint8Array): Uint8Array {
    const core = this.core;
    let result = out ?? new Uint8Array(1024);
    let count = 0;
    this.#lineChunks(input, (length) => {
      const lines = core.exports.checkLines(index, length);
      if (count + lines > result.length) {
        if (out) throw new RangeError(`out has room for ${out.length} verdicts, more lines were given`);
        const bigger = new Uint8Array(Math.max(result.length * 2, count + lines));
        bigger.set(result.subarray(0, count));
        result = bigger;
      }
      const at = core.exports.verdicts();
      result.set(core.u8.subarray(at, at + lines), count);
      count += lines;
    });
    return out ? out.subarray(0, count) : result.slice(0, count);
  }

  /** The lines `keep` selects (or every line labelled with its verdict), as the core writes them. */
  filterLines(index: number, input: string | Uint8Array, keep: number): FilteredLines {
    const core = this.core;
    const parts: Uint8Array[] = [];
    const totals = { lines: 0, urls: 0, allowed: 0 };
    let length = 0;
    this.#lineChunks(input, (inputLength) => {
      const written = core.exports.filterLines(index, inputLength, keep);
      const at = core.exports.output();
      parts.push(core.u8.slice(at, at + written));
      length += written;
      const counts = core.exports.filterCounts() >>> 2;
      const u32 = core.u32;
      totals.lines += u32[counts]!;
      totals.urls += u32[counts + 1]!;
      totals.allowed += u32[counts + 2]!;
    });
    return { output: parts.length === 1 ? parts[0]! : concatBytes(parts, length), ...totals };
  }

  /** Writes `input` into the core a chunk of whole lines at a time and calls `take` with each chunk's byte length. */
  #lineChunks(input: string | Uint8Array, take: (length: number) => void): void {
    const core = this.core;
    const text = typeof input === 'string';
    if (!text && !(input instanceof Uint8Array)) throw typeError('lines', 'a string or a Uint8Array', input);
    for (let from = 0; from < input.length; ) {
      let to = Math.min(input.length, from + LINES_CHUNK);
      if (to < input.length) {
        // Cut after the chunk's last line break; a line longer than a chunk
        // makes the chunk longer, never two lines.
        const cut = text ? input.lastIndexOf('\n', to - 1) : input.lastIndexOf(10, to - 1);
        const next = text ? input.indexOf('\n', to) : input.indexOf(10, to);
        to = cut >= from ? cut + 1 : next < 0 ? input.length : next + 1;
      }
      take(text ? core.writeShort(input.slice(from, to), 'lines') : core.writeBytes(input.subarray(from, to)).length);
      from = to;
    }
  }

  // ---- For the explain view: the rules as the core holds them ----------------

  /** The rules of group `group`: indexes start .. start + count - 1, in file order. */
  groupRules(group: number): { start: number; count: number } {
    const robots = this.live();
    const u32 = this.core.u32;
    const at = (robots + u32[(robots + L.R_GROUPS) >>> 2]! + group * L.G_SIZE) >>> 2;
    return { start: u32[at + (L.G_RULE_START >> 2)]!, count: u32[at + (L.G_RULE_COUNT >> 2)]! };
  }

  /**
   * One rule: its line, type and pattern as written, its priority (the
   * matched pattern's length in bytes) and whether it is Google's implied
   * `<dir>/$` allow of an `index.htm` rule (reported as the rule it came from).
   */
  ruleInfo(index: number): { line: number; type: RuleType; pattern: string; priority: number; indexHtml: boolean } {
    const robots = this.live();
    const u32 = this.core.u32;
    const record = robots + u32[(robots + L.R_RULES) >>> 2]! + index * L.RULE_SIZE;
    const rule = this.#rule(index)!;
    return {
      line: u32[(record + L.RULE_LINE) >>> 2]!,
      type: rule.type,
      pattern: rule.pattern,
      priority: u32[(record + L.RULE_LENGTH) >>> 2]! & 0xffff,
      indexHtml: (u32[(record + L.RULE_FLAGS) >>> 2]! & L.RULE_IMPLIED) !== 0,
    };
  }

  /**
   * Prepares `url`'s path for ruleMatches() and returns it as the rules see
   * it; `always` when RFC mode allows it whatever the rules (/robots.txt).
   */
  preparePath(url: string): { path: string; always: boolean } {
    const robots = this.live();
    const core = this.core;
    if (typeof url !== 'string') throw typeError('url', 'a string', url);
    const result = core.exports.explainPath(robots, core.writeShort(url));
    const always = result < 0;
    return { path: core.read(core.exports.matchedPathAt(), always ? -1 - result : result), always };
  }

  /** Does rule `index` match the path preparePath() prepared? (The core's matcher.) */
  ruleMatches(index: number): boolean {
    return this.core.exports.ruleMatches(this.live(), index) !== 0;
  }

  #rule(index: number): Verdict['rule'] {
    if (index < 0) return null;
    const decoded = (this.#rules ??= []);
    let rule = decoded[index];
    if (!rule) {
      const robots = this.#robots;
      const u32 = this.core.u32;
      const rules = robots + u32[(robots + L.R_RULES) >>> 2]!;
      const arena = robots + u32[(robots + L.R_ARENA) >>> 2]!;
      let record = rules + index * L.RULE_SIZE;
      // An implied index.html rule reports the rule it came from, just before it.
      if (u32[(record + L.RULE_FLAGS) >>> 2]! & L.RULE_IMPLIED) record -= L.RULE_SIZE;
      const flags = u32[(record + L.RULE_FLAGS) >>> 2]!;
      const length = u32[(record + L.RULE_LENGTH) >>> 2]! & 0xffff;
      const rawLength = u32[(record + L.RULE_LENGTH) >>> 2]! >>> 16;
      const pattern = arena + u32[(record + L.RULE_PATTERN) >>> 2]!;
      const raw = flags & L.RULE_RAW_AFTER ? pattern + length : pattern;
      rule = { type: flags & L.RULE_ALLOW ? 'allow' : 'disallow', pattern: this.core.read(raw, rawLength) };
      decoded[index] = rule;
    }
    return { ...rule };
  }

  records(): Records {
    if (this.#records) return this.#records;
    const robots = this.live();
    const u32 = this.core.u32;
    const word = (at: number) => u32[at >>> 2]!;
    const arena = robots + word(robots + L.R_ARENA);
    const records = robots + word(robots + L.R_RECORDS);
    const sitemaps: string[] = [];
    const others: OtherRecord[] = [];
    for (let i = 0; i < word(robots + L.R_RECORD_COUNT); i++) {
      const at = records + i * L.REC_SIZE;
      const key = arena + word(at + L.REC_KEY);
      const keyLength = word(at + L.REC_KEY_LENGTH);
      const value = this.core.read(key + keyLength, word(at + L.REC_VALUE_LENGTH));
      if (word(at + L.REC_KIND) === L.KIND_SITEMAP) {
        sitemaps.push(value);
        continue;
      }
      others.push({ line: word(at + L.REC_LINE), key: this.core.read(key, keyLength), value });
    }
    this.#records = { sitemaps: Object.freeze(sitemaps), others: Object.freeze(others) };
    return this.#records;
  }

  byteSize(): number {
    return this.core.exports.size(this.live());
  }

  indexByteSize(index: number): number {
    this.live();
    return this.core.exports.indexSize(index);
  }

  /** Frees the table and every index built on it. */
  free(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    const { exports } = this.core;
    for (const index of this.#cached?.values() ?? []) exports.dispose(index);
    for (const index of this.#owned ?? []) exports.dispose(index);
    this.#cached = undefined;
    this.#owned = undefined;
    // A finalizer registry holds this object until the event loop turns:
    // drop what it decoded, so a synchronous loop of parse/dispose keeps nothing large.
    this.#rules = undefined;
    this.#records = undefined;
    this.#lastAgent = undefined;
    exports.dispose(this.#robots);
  }
}
