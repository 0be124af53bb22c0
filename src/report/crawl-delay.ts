// Crawl-delay as the crawlers that honour it read it (docs/behaviour.md, section 2): Google
// ignores it; Bing, Yandex, robots-parser and Protego give it to the *record*
// it is in, the run of User-agent lines directly above it, where a
// User-agent line after any other line starts a new record. Rule grouping
// stays Google's; this reading is for the delay alone.

import type { LineEvents } from './lines.js';
import { agentTokens, type Agent, type Crawler } from '../rules/agent.js';
import { Layout } from '../core/layout.js';
import type { Robots } from '../rules/robots.js';
import { attached, robotsInternals } from '../rules/own.js';
import { readingOf } from './reading.js';

const RECORDS = Symbol('robotsmatch.crawl-delay');

/**
 * The Crawl-delay in seconds for `agent`, as the crawlers that honour it
 * read it (Google does not): from the record naming the agent (the
 * User-agent lines directly above the delay), else from a `*` record, else
 * undefined. A crawler with `crawlDelayFromGlobal` (bingbot) takes the `*`
 * record's delay also when a record names it without a delay of its own.
 * Allow/disallow grouping is not affected.
 */
export function crawlDelay(robots: Robots, agent: Agent): number | undefined {
  robotsInternals(robots); // a live Robots, before the agent's getters run
  // The tokens that can name a record, as check() keeps them (others name none).
  const { tokens, how } = agentTokens(agent);
  const records = attached(robots, RECORDS, () => delayRecords(readingOf(robots)));
  // A string or an array has no such property: only a crawler that says so.
  return delayFor(records, tokens, how, (agent as Crawler).crawlDelayFromGlobal === true);
}

/** A record: the product tokens it names (lower-cased) or `*`, and its first valid delay. */
export interface DelayRecord {
  tokens: Set<string>;
  global: boolean;
  seconds: number | undefined;
}

/**
 * The records that have rules or a delay under them, in file order (a
 * record with nothing under it names nobody, as in robots-parser).
 */
export function delayRecords(reading: LineEvents): DelayRecord[] {
  const out: DelayRecord[] = [];
  let record: DelayRecord | undefined;
  let used = false; // `record` is in `out`
  let afterOther = true; // the next User-agent line starts a new record
  for (let i = 0; i < reading.count; i++) {
    if (!reading.hasKey(i)) continue; // empty, comment and unparseable lines
    const kind = reading.kind(i);
    if (kind === 'user-agent') {
      if (afterOther || !record) {
        record = { tokens: new Set(), global: false, seconds: undefined };
        used = false;
        afterOther = false;
      }
      const agent = reading.agent(i);
      if (agent === '*') record.global = true;
      else record.tokens.add(agent.toLowerCase());
      continue;
    }
    afterOther = true;
    const delay = kind === 'other' && reading.key(i).toLowerCase() === 'crawl-delay';
    if (!record || !(delay || kind === 'allow' || kind === 'disallow')) continue;
    if (!used) {
      out.push(record);
      used = true;
    }
    if (delay) record.seconds ??= delaySeconds(reading.value(i));
  }
  return out;
}

/** A Crawl-delay value's seconds: a finite number, 0 or more; undefined for anything else. */
export function delaySeconds(value = ''): number | undefined {
  const seconds = Number(value);
  return value && seconds >= 0 && seconds < 1 / 0 ? seconds : undefined;
}

/**
 * The delay for the caller's product tokens (as agentTokens() keeps them):
 * from the records naming one of them (the first valid one), else, only
 * when no record names them, from the `*` records; undefined when those
 * have none. A crawler (HOW_CRAWLER in `how`) follows the first of its
 * tokens that a record names, and `*` only if it obeys `*`; with
 * `fromGlobal`, also when the records naming it have no delay.
 */
export function delayFor(
  records: readonly DelayRecord[],
  tokens: readonly string[],
  how = 0,
  fromGlobal = false,
): number | undefined {
  let applying: DelayRecord[] = [];
  if (how & Layout.HOW_CRAWLER) {
    // A crawler: its tokens in order (a handful), the first a record names.
    for (const name of tokens) {
      applying = records.filter((r) => r.tokens.has(name.toLowerCase()));
      if (applying.length) break;
    }
    if (!(how & Layout.HOW_IGNORES_GLOBAL) && !applying.some((r) => !fromGlobal || r.seconds !== undefined))
      applying = records.filter((r) => r.global);
  } else {
    // A Set of the names, then one lookup per token of each record: linear in
    // records plus tokens (a caller may pass thousands of tokens).
    const names = new Set(tokens.map((a) => a.toLowerCase()));
    applying = names.size ? records.filter((r) => namesOne(r, names)) : [];
    if (!applying.length) applying = records.filter((r) => r.global);
  }
  return applying.find((r) => r.seconds !== undefined)?.seconds;
}

function namesOne(record: DelayRecord, names: ReadonlySet<string>): boolean {
  for (const token of record.tokens) if (names.has(token)) return true;
  return false;
}
