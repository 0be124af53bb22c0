// One shared model of a robots.txt for every check, the fixes and diff: its
// lines as the core reads them (Google's reading; RFC 9309's on demand), its
// groups, who follows which group, and the parsed file for verdicts. Built
// once per file; everything in it comes from the core's own parser, so the
// linter never disagrees with what parse() does.

// The package entry, not its modules: robotsmatch/lint shares the main
// entry's core (the build keeps this import as an import of the package).
import { crawlDelay, lines, parse, type Mode, type Robots, type RobotsLine } from '../index.js';
import { resolveParseOptions, type ParseOptions } from '../common/options.js';
import { CRAWLERS } from './crawlers.js';
import { agentDisplayName, firstAgentLine } from './groups-model.js';
import type { LintSource } from './types.js';

export type { RobotsLine };

/** A group as Google reads it: its User-agent lines, its rules, and the other keys between them. */
export interface Group {
  index: number;
  agents: RobotsLine[];
  rules: RobotsLine[];
  /** Lines with other keys (Crawl-delay, ...) from the group's first line to the next group's. */
  others: RobotsLine[];
  /** The tokens its User-agent lines name, lower-cased: `*` for every crawler, '' for none. */
  tokens: string[];
}

export interface ModelOptions extends ParseOptions {
  source?: LintSource | undefined;
}

const encoder = /* @__PURE__ */ new TextEncoder();

export class FileModel {
  readonly bytes: Uint8Array;
  readonly mode: Mode;
  readonly maxBytes: number;
  readonly source: LintSource | undefined;
  /** Every line, as Google reads it (as far as maxBytes). */
  readonly lines: RobotsLine[];
  readonly groups: Group[] = [];
  /** Lower-cased product token -> the groups naming it, in file order. */
  readonly named = new Map<string, number[]>();
  /** The `*` groups, in file order. */
  readonly star: number[] = [];
  /** Allow and Disallow lines that belong to a group. */
  readonly ruleCount: number;
  /** True when the file is longer than maxBytes (its last line read may be cut). */
  readonly truncated: boolean;
  #rfc: RobotsLine[] | undefined;
  #robots: Robots | undefined;

  constructor(body: string | Uint8Array, options?: ModelOptions) {
    const { mode, maxBytes } = resolveParseOptions(options);
    this.mode = mode;
    this.maxBytes = maxBytes;
    this.source = options?.source;
    this.bytes = typeof body === 'string' ? encoder.encode(body) : body;
    this.truncated = this.bytes.length > maxBytes;
    this.lines = lines(this.bytes, { mode: 'google', maxBytes });
    let rules = 0;
    let current: Group | undefined;
    for (const line of this.lines) {
      const g = line.group;
      if (g !== undefined && g >= 0) {
        let group = this.groups[g];
        if (!group) {
          group = { index: g, agents: [], rules: [], others: [], tokens: [] };
          this.groups[g] = group;
        }
        current = group;
        if (line.kind === 'user-agent') {
          const token = line.agent!.toLowerCase();
          group.agents.push(line);
          if (!group.tokens.includes(token)) {
            group.tokens.push(token);
            if (token === '*') this.star.push(g);
            else if (token !== '') {
              const list = this.named.get(token);
              if (!list) this.named.set(token, [g]);
              else if (list[list.length - 1] !== g) list.push(g);
            }
          }
        } else {
          group.rules.push(line);
          rules++;
        }
      } else if (line.kind === 'other' && current) {
        current.others.push(line);
      }
    }
    this.ruleCount = rules;
  }

  /** Line `n` (1-based) as Google reads it. */
  line(n: number): RobotsLine | undefined {
    const at = this.lines[n - 1];
    if (at?.line === n) return at;
    // Lines are in order: a binary search, not a scan (a lookup per rule of a large file).
    let lo = 0;
    let hi = this.lines.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const l = this.lines[mid]!;
      if (l.line === n) return l;
      if (l.line < n) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  /** Every line as RFC 9309 crawlers read it (read on first use). */
  get rfc(): RobotsLine[] {
    return (this.#rfc ??= lines(this.bytes, { mode: 'rfc', maxBytes: this.maxBytes }));
  }

  /** The lines as the linter's mode reads them (rule-outside-group follows this grouping). */
  get primary(): RobotsLine[] {
    return this.mode === 'rfc' ? this.rfc : this.lines;
  }

  /** The file parsed in Google's mode, for verdicts (parsed on first use, freed by dispose). */
  get robots(): Robots {
    return (this.#robots ??= parse(this.bytes, { mode: 'google', maxBytes: this.maxBytes }));
  }

  /** The groups a crawler with this token follows (Google: every group naming it, else every `*` group). */
  groupsFor(token: string): number[] {
    return this.named.get(token.toLowerCase()) ?? this.star;
  }

  /** The token to match a fixed-set crawler with: its own, or the one it falls back to when no group names it. */
  agentFor(token: string): string {
    const crawler = CRAWLERS.find((c) => c.token.toLowerCase() === token.toLowerCase());
    if (crawler?.fallback && !this.named.has(token.toLowerCase()) && this.named.has(crawler.fallback.toLowerCase()))
      return crawler.fallback;
    return token;
  }

  /** The rules a crawler follows, as `allow /x` / `disallow /y` lines in file order: equal lists mean equal verdicts. */
  ruleSignature(token: string): string {
    const groups = token === '*' ? this.star : this.groupsFor(this.agentFor(token));
    let out = '';
    for (const g of groups) for (const r of this.groups[g]!.rules) out += `${r.kind} ${r.value}\n`;
    return out;
  }

  /**
   * The token as Google reads it, spelt as the file's first User-agent line
   * naming it spells it: `MJ` for `MJ12bot` (Google reads the leading run of
   * letters, `-` and `_`). Verdicts are asked with it, so they are Google's.
   */
  nameOf(token: string): string {
    return firstAgentLine(this, token)?.agent ?? token;
  }

  /**
   * How messages name a token: as the file writes the crawler's name, with
   * the group Google reads when that is shorter (`MJ12bot (group \`MJ\`)`).
   */
  displayName(token: string): string {
    return agentDisplayName(firstAgentLine(this, token), token);
  }

  /** The Crawl-delay for `token` as the crawlers that honour it read it (crawlDelay(), records of User-agent lines). */
  delayFor(token: string): number | undefined {
    return crawlDelay(this.robots, token);
  }

  dispose(): void {
    this.#robots?.dispose();
    this.#robots = undefined;
  }
}

/**
 * A path a pattern matches (its wildcards as nothing, `$` at the end
 * dropped, non-ASCII, spaces and controls percent-encoded as a crawler sends
 * them), or undefined for a pattern that matches no path.
 */
export function samplePath(pattern: string): string | undefined {
  if (pattern === '') return undefined;
  let path = pattern.replace(/\*/g, '');
  // `/*/feed/` without its `*` would start `//`, which a URL reads as a host (`//feed/`): the `*` stands for a segment instead.
  if (path.startsWith('//') && !pattern.startsWith('//')) path = pattern.replace('*', 'x').replace(/\*/g, '');
  if (path.endsWith('$')) path = path.slice(0, -1);
  if (path === '' && pattern.startsWith('*')) path = '/';
  if (!path.startsWith('/')) return undefined;
  return encodeForRequest(path);
}

/** Percent-encodes what a crawler never sends raw: non-ASCII, spaces, controls. */
export function encodeForRequest(path: string): string {
  // eslint-disable-next-line no-control-regex
  return /[^\x21-\x7e]/.test(path) ? path.replace(/[^\x21-\x7e]/gu, encodeChar) : path;
}

function encodeChar(c: string): string {
  try {
    return encodeURIComponent(c); // upper-case hex, as crawlers send it
  } catch {
    return '%EF%BF%BD'; // a lone surrogate: what TextEncoder makes of it
  }
}
