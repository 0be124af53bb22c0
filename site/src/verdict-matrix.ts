// Every URL by every crawler, in both modes: the page's main computation.
// Each crawler gets a matcher (its rules resolved and indexed once) and the
// whole URL list goes through matchLines(): one core call per megabyte of
// URLs, no JavaScript string per URL, a byte per verdict. The deciding line
// is looked up (check()) only for the cells on screen, so 100,000 URLs cost
// the bulk pass and nothing per URL in JavaScript.

import { parse, type AgentMatcher, type Mode, type Robots, type Verdict } from 'robotsmatch';
import { readUrlList, type UrlList } from './url-list.js';
import type { CrawlerChoice } from './crawler-choices.js';
import type { RowFilter } from './page-state.js';
import { otherMode } from './verdict-text.js';

export interface Cell {
  verdict: Verdict;
  /** The other mode's verdict, when it differs (allowed in one, disallowed in the other). */
  other: Verdict | null;
}

export class VerdictMatrix {
  readonly list: UrlList;
  readonly choices: readonly CrawlerChoice[];
  readonly mode: Mode;
  /** The file read in `mode`, and in the other mode. Owned: dispose() frees them. */
  readonly robots: Robots;
  readonly otherRobots: Robots;
  /** Per crawler, a byte per URL: 1 allowed, 0 disallowed. */
  readonly allowed: Uint8Array[] = [];
  readonly otherAllowed: Uint8Array[] = [];
  /** Per crawler, URLs disallowed in `mode`, and URLs whose verdict the other mode changes. */
  readonly disallowedCounts: number[] = [];
  readonly differsCounts: number[] = [];
  /** Milliseconds from reading the URL text to every verdict in both modes. */
  readonly ms: number;
  readonly #matchers: AgentMatcher[] = [];
  readonly #otherMatchers: AgentMatcher[] = [];
  readonly #rows = new Map<RowFilter, Int32Array>();

  constructor(robotsText: string, urlText: string, choices: readonly CrawlerChoice[], mode: Mode) {
    const start = performance.now();
    this.list = readUrlList(urlText);
    this.choices = choices;
    this.mode = mode;
    this.robots = parse(robotsText, { mode });
    this.otherRobots = parse(robotsText, { mode: otherMode(mode) });
    const joined = this.list.joined;
    for (const choice of choices) {
      const matcher = this.robots.forAgent(choice.agent);
      const otherMatcher = this.otherRobots.forAgent(choice.agent);
      const allowed = matcher.matchLines(joined);
      const other = otherMatcher.matchLines(joined);
      let disallowed = 0;
      let differs = 0;
      for (let i = 0; i < allowed.length; i++) {
        if (allowed[i] === 0) disallowed++;
        if (allowed[i] !== other[i]) differs++;
      }
      this.#matchers.push(matcher);
      this.#otherMatchers.push(otherMatcher);
      this.allowed.push(allowed);
      this.otherAllowed.push(other);
      this.disallowedCounts.push(disallowed);
      this.differsCounts.push(differs);
    }
    this.ms = performance.now() - start;
  }

  get rowCount(): number {
    return this.list.urls.length;
  }

  /** One cell with its deciding line (and the other mode's, where the verdict differs). */
  cell(row: number, column: number): Cell {
    const url = this.list.urls[row]!;
    const verdict = this.#matchers[column]!.check(url);
    const differs = this.allowed[column]![row] !== this.otherAllowed[column]![row];
    return { verdict, other: differs ? this.#otherMatchers[column]!.check(url) : null };
  }

  /** The rows a filter shows, in list order (made once per filter). */
  rows(filter: RowFilter): Int32Array {
    let rows = this.#rows.get(filter);
    if (rows) return rows;
    const count = this.rowCount;
    const kept = new Int32Array(count);
    let n = 0;
    for (let row = 0; row < count; row++) {
      if (filter === 'all' || this.#matches(filter, row)) kept[n++] = row;
    }
    rows = kept.subarray(0, n);
    this.#rows.set(filter, rows);
    return rows;
  }

  #matches(filter: RowFilter, row: number): boolean {
    for (let c = 0; c < this.choices.length; c++) {
      const allowed = this.allowed[c]![row];
      if (filter === 'disallowed' ? allowed === 0 : allowed !== this.otherAllowed[c]![row]) return true;
    }
    return false;
  }

  dispose(): void {
    this.robots.dispose(); // its matchers with it
    this.otherRobots.dispose();
  }
}
