// The join: each URL against its origin's outcome in an archive, for one
// or more agents at once. Matching is the core's (a compiled Robots and one
// AgentMatcher per agent), so a verdict for an origin whose robots.txt was
// fetched with 2xx is parse(body).check(url, agent), exactly; the other
// outcomes answer without a file: unavailable allows, unreachable disallows
// (line 0, no rule), unknown answers neither (allowed: null).

import { parse, type Agent, type Mode, type Verdict } from '../index.js';
import { purpose as purposeOf, type Purpose } from '../usage.js';
import type { RobotsArchive } from './archive.js';
import { CompiledCache, type OriginEntry } from './compiled-cache.js';
import { originOf } from './origin.js';
import { notInArchive } from '../fetch/outcome.js';
import type { ArchiveOutcome } from './resolve.js';
import { Batch } from './batch.js';
import { answer, OUTCOMES, type RowOutcome, type RowsJoin } from './verdicts.js';
import { lineRowsOf, rowsOf, type RowForm, type RowOptions } from './rows.js';

export interface JoinOptions {
  /**
   * Who asks: each element is answered separately (a product token, a
   * crawler from robotsmatch/crawlers, or an array of tokens read as one
   * agent, their union). Default: Googlebot.
   */
  agents?: readonly Agent[];
  /** Also say whether the file opts each allowed URL out of this use (train-ai, search, ...): `optedOut`. */
  purpose?: string | Purpose;
  /** google (default) or rfc. */
  mode?: Mode;
  /** Bound of the compiled files held at once, in bytes (default 64 MiB). */
  cacheBytes?: number;
}

export interface AgentVerdict {
  /** The agent as given: its token, the crawler's name, or the tokens joined by ", ". */
  agent: string;
  /** true or false; null when the origin's outcome is unknown. */
  allowed: boolean | null;
  /** The robots.txt line that decided, 0 when no rule did or no file answered. */
  line: number;
  rule: Verdict['rule'];
  /** With a purpose: the URL may be crawled but the file opts it out of that use. */
  optedOut?: boolean;
}

export interface ArchiveVerdicts {
  url: string;
  /** The robots.txt URL of the URL's origin; undefined when the URL has none (not an absolute http(s) URL as WHATWG reads it: then the outcome is `invalid`). */
  robotsUrl: string | undefined;
  /** The origin's outcome; `invalid` for a URL with no http(s) origin, and (joinArchive) an input with no URL string. */
  outcome: RowOutcome;
  /** Outcome unreachable: why, as the live fetch says it ("HTTP 503 (a server error)", "no answer") or the capture's reader ("the captured response cannot be read whole (...)"). */
  reason?: string;
  /** One per agent, in the order given. */
  verdicts: AgentVerdict[];
}

const FORMS: readonly RowForm[] = ['allowed', 'disallowed', 'labelled', 'verdicts', 'json', 'blocked-agents'];

const labelOf = (agent: Agent) =>
  typeof agent === 'string'
    ? agent
    : Array.isArray(agent)
      ? (agent as readonly string[]).join(', ')
      : ((agent as { name?: string; tokens: readonly string[] }).name ??
        (agent as { tokens: readonly string[] }).tokens[0] ??
        '*');

export class ArchiveMatcher {
  readonly #archive: RobotsArchive;
  readonly #agents: readonly Agent[];
  readonly #labels: string[];
  readonly #purpose: Purpose | undefined;
  readonly #mode: Mode;
  readonly #cache: CompiledCache;
  readonly #one = new Uint8Array(1);
  readonly #rowsJoin: RowsJoin;

  constructor(archive: RobotsArchive, options: JoinOptions = {}) {
    this.#archive = archive;
    this.#agents = options.agents?.length ? [...options.agents] : ['Googlebot'];
    this.#labels = this.#agents.map(labelOf);
    this.#purpose = typeof options.purpose === 'string' ? purposeOf(options.purpose) : options.purpose;
    this.#mode = options.mode ?? 'google';
    this.#cache = new CompiledCache(options.cacheBytes);
    this.#rowsJoin = {
      labels: this.#labels,
      purpose: this.#purpose,
      entry: (origin) => this.#entry(origin),
      noteTails: (count) => this.#cache.noteTails(count),
      check: (url) => this.check(url),
    };
  }

  /** The agents' labels, in order. */
  get agents(): readonly string[] {
    return this.#labels;
  }

  /**
   * What the bounded cache holds and has done: origins, bytes, files
   * compiled, files disposed of, files compiled again for an origin whose
   * file had been disposed of (can overcount by a few: the origins let go
   * are remembered as bits of a 1 MiB hash set), and the --json record
   * tails held (at most 65,536).
   */
  get stats(): {
    origins: number;
    bytes: number;
    compiles: number;
    evictions: number;
    recompiles: number;
    tails: number;
  } {
    const c = this.#cache;
    return {
      origins: c.size,
      bytes: c.bytes,
      compiles: c.compiles,
      evictions: c.evictions,
      recompiles: c.recompiles,
      tails: c.tails,
    };
  }

  /** The outcome of `url`'s origin; `invalid` when it has none (not an absolute http(s) URL). */
  outcome(url: string): RowOutcome {
    const origin = originOf(url);
    return origin === undefined ? 'invalid' : this.#entry(origin).outcome;
  }

  /** Every agent's verdict for `url`. */
  check(url: string): ArchiveVerdicts {
    const origin = originOf(url);
    return this.#row(url, origin, origin === undefined ? undefined : this.#entry(origin));
  }

  #row(url: string, origin: string | undefined, entry: OriginEntry | undefined): ArchiveVerdicts {
    const outcome: RowOutcome = origin === undefined ? 'invalid' : (entry?.outcome ?? notInArchive());
    const verdicts: AgentVerdict[] = [];
    for (let i = 0; i < this.#labels.length; i++) {
      const agent = this.#labels[i]!;
      let v: AgentVerdict;
      if (outcome === 'ok') {
        const matcher = entry!.agentMatchers[i]!;
        const { allowed, line, rule } = matcher.check(url);
        v = { agent, allowed, line, rule };
        // One line to match (a URL holding a LF has nothing to opt out of); a CR at its end is the URL's, not a line break's.
        if (this.#purpose)
          v.optedOut =
            allowed &&
            !url.includes('\n') &&
            matcher.matchLines(url.endsWith('\r') ? `${url}\r` : url, this.#one, { purpose: this.#purpose })[0] === 2;
      } else {
        const known = outcome !== 'unknown' && outcome !== 'invalid';
        v = { agent, allowed: known ? outcome === 'unavailable' : null, line: 0, rule: null };
        if (this.#purpose) v.optedOut = false;
      }
      verdicts.push(v);
    }
    const row: ArchiveVerdicts = {
      url,
      robotsUrl: origin === undefined ? undefined : `${origin}/robots.txt`,
      outcome,
      verdicts,
    };
    if (entry?.reason !== undefined) row.reason = entry.reason;
    return row;
  }

  /**
   * Every agent's verdict for each URL, in order: check() for each, with
   * the URLs of one origin answered together (a chunk of a host-interleaved
   * table touches each compiled file once, not once per URL).
   */
  checkMany(urls: readonly string[]): ArchiveVerdicts[] {
    const batch = batchOf(urls);
    const out = new Array<ArchiveVerdicts>(urls.length);
    for (let g = 0; g < batch.origins.length; g++) {
      const origin = batch.origins[g];
      const entry = origin === undefined ? undefined : this.#entry(origin);
      for (let k = batch.groupStarts[g]!; k < batch.groupStarts[g + 1]!; k++) {
        const i = batch.groupLines[k]!;
        out[i] = this.#row(urls[i]!, origin, entry);
      }
    }
    return out;
  }

  /**
   * For the forms that only keep or drop URLs: each URL's outcome, and a
   * byte per URL and agent (`verdicts[url * agents + agent]`): 1 allowed,
   * 0 disallowed, 2 allowed but opted out of the purpose, 3 unknown, each
   * as check() answers. One core call per origin and agent (matchLines).
   */
  matchMany(urls: readonly string[]): { outcomes: RowOutcome[]; verdicts: Uint8Array } {
    const { outcomes, codes } = answer(this.#rowsJoin, batchOf(urls), false);
    return { outcomes: Array.from(outcomes, (o) => OUTCOMES[o]!), verdicts: codes };
  }

  /**
   * check() for every URL of newline-separated bytes (as read from a file
   * or a pipe: LF or CRLF line breaks, blank lines skipped), written as JSON
   * Lines, one record per URL and agent in input order: `{"url", "agent",
   * "allowed", "line", "rule", "outcome"}` (and `"optedOut"` with a
   * purpose), the records `filter --robots-archive --json` writes: rows(lines, 'json').
   * `counts`, when given, gets each URL's outcome added.
   */
  jsonLines(lines: Uint8Array, counts?: Record<ArchiveOutcome, number>): Generator<Uint8Array, void, undefined> {
    return this.rows(lines, 'json', { counts });
  }

  /**
   * The output of `filter --robots-archive` in any of its forms, from bytes
   * to bytes: for every URL of `lines` (newline-separated, LF or CRLF, blank
   * lines skipped; with `jsonInput`, JSON Lines records with a "url" string,
   * their other fields kept, and a line of spaces, tabs and CRs only blank
   * too), in input order. `form`: 'allowed' (the lines
   * every agent may fetch), 'disallowed' (the others), 'labelled' (`allowed`,
   * `disallowed`, `opted-out` or `unknown`, a TAB, the line), 'verdicts'
   * (the label alone; these two answer blank lines too, `unknown`, so that
   * line N of the output answers line N of the input), 'json' (a record per URL and agent) or
   * 'blocked-agents' (`URL<TAB>agent,agent`, or the record with "outcome"
   * and "blockedAgents"). The URLs of one origin are answered together.
   * Yields pieces of up to about a megabyte, each written into the same
   * buffer: write a piece (and let the write finish) or copy it before
   * asking for the next; leave `lines` unchanged until the iteration ends.
   * A JSON Lines line with no "url" string (not JSON, not an object, the
   * field missing, null or not a string) is a row of its own, outcome
   * `invalid` (allowed null, labelled `invalid`), its fields kept; with
   * `strict` it is a RecordLineError (at the first piece asked for, before
   * any is made).
   */
  rows(lines: Uint8Array, form: RowForm = 'json', options: RowOptions = {}): Generator<Uint8Array, void, undefined> {
    if (!(lines instanceof Uint8Array))
      throw new TypeError(`lines must be a Uint8Array, got ${lines === null ? 'null' : typeof lines}`);
    if (!FORMS.includes(form))
      throw new RangeError(`form must be one of ${FORMS.join(', ')}; got ${JSON.stringify(form)}`);
    return rowsOf(this.#rowsJoin, lines, form, options);
  }

  /**
   * rows(), a line at a time: for each line of `lines` that rows() answers,
   * the bytes it writes for that line (empty when the form drops it), each a
   * view of a buffer the next one is written into. For writing the rows in
   * another order than they were answered in (a join partitioned by origin).
   */
  lineRows(
    lines: Uint8Array,
    form: RowForm = 'json',
    options: RowOptions = {},
  ): Generator<Uint8Array, void, undefined> {
    if (!(lines instanceof Uint8Array))
      throw new TypeError(`lines must be a Uint8Array, got ${lines === null ? 'null' : typeof lines}`);
    if (!FORMS.includes(form))
      throw new RangeError(`form must be one of ${FORMS.join(', ')}; got ${JSON.stringify(form)}`);
    return lineRowsOf(this.#rowsJoin, lines, form, options);
  }

  /** Frees every compiled file held. The matcher may be used again (it compiles them again). */
  dispose(): void {
    this.#cache.clear();
  }

  /** The entry of an origin (scheme://host[:port]), compiled on a miss. */
  #entry(origin: string): OriginEntry {
    const held = this.#cache.get(origin);
    if (held) return held;
    const { outcome, capture, reason } = this.#archive.resolve(`${origin}/robots.txt`);
    const entry: OriginEntry = { outcome, reason, robots: undefined, agentMatchers: [], bytes: 0, used: false };
    if (outcome === 'ok') {
      const robots = parse(this.#archive.body(capture!), { mode: this.#mode, maxBytes: this.#archive.maxBytes });
      entry.robots = robots;
      entry.agentMatchers = this.#agents.map((agent) => robots.forAgent(agent));
    }
    this.#cache.set(origin, entry);
    return entry;
  }
}

/** `urls` grouped by origin (Batch), each checked to be a string first. */
function batchOf(urls: readonly string[]): Batch {
  if (!Array.isArray(urls))
    throw new TypeError(`urls must be an array of strings, got ${urls === null ? 'null' : typeof urls}`);
  for (let i = 0; i < urls.length; i++)
    if (typeof urls[i] !== 'string')
      throw new TypeError(`urls[${i}] must be a string, got ${urls[i] === null ? 'null' : typeof urls[i]}`);
  return new Batch(urls);
}

/** A row of joinArchive: the verdicts, and the input record when the input gave objects. */
export interface JoinedRow<R> extends ArchiveVerdicts {
  record: R;
}

/**
 * Streams URLs (strings, or objects with a `url` string, from any iterable
 * or async iterable: a Node Readable in object mode is one) through the
 * archive, one row per input, in input order. An input with no URL string
 * (an object whose `url` is missing, null or not a string, or anything
 * else) is a row too: outcome `invalid`, `url` "", no robotsUrl, every
 * agent allowed null; with `strict` it is a TypeError instead. The
 * compiled files are freed when the iteration ends, however it ends.
 */
export async function* joinArchive<R extends string | { url: string }>(
  archive: RobotsArchive,
  urls: AsyncIterable<R> | Iterable<R>,
  options?: JoinOptions & { strict?: boolean },
): AsyncGenerator<JoinedRow<R>> {
  const matcher = new ArchiveMatcher(archive, options);
  try {
    for await (const record of urls) {
      const url = typeof record === 'string' ? record : (record as { url?: unknown } | null)?.url;
      if (typeof url === 'string') {
        yield { ...matcher.check(url), record };
        continue;
      }
      if (options?.strict)
        throw new TypeError('joinArchive: each input must be a URL string or an object with a "url" string');
      const verdicts = matcher.agents.map((agent) => {
        const v: AgentVerdict = { agent, allowed: null, line: 0, rule: null };
        if (options?.purpose !== undefined) v.optedOut = false;
        return v;
      });
      yield { url: '', robotsUrl: undefined, outcome: 'invalid', verdicts, record };
    }
  } finally {
    matcher.dispose();
  }
}
