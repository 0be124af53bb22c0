// Crawl-delay as the crawlers that honour it read it (SPEC 2.6): Google
// ignores it; Bing, Yandex, robots-parser and Protego give it to the *record*
// it is in, the run of User-agent lines directly above it, where a
// User-agent line after any other line starts a new record. Rule grouping
// stays Google's; this reading is for the delay alone.

import type { RobotsLine } from './lines.js';
import { agentTokens, type Agent } from '../rules/agent.js';
import { L } from '../core/layout.js';
import { attached, robotsInternals, type Robots } from '../rules/robots.js';
import { readingOf } from './reading.js';

const RECORDS = Symbol('robotsmatch.crawl-delay');

/**
 * The Crawl-delay in seconds for `agent`, as the crawlers that honour it
 * read it (Google does not): from the record naming the agent (the
 * User-agent lines directly above the delay), else from a `*` record, else
 * undefined. Allow/disallow grouping is not affected.
 */
export function crawlDelay(robots: Robots, agent: Agent): number | undefined {
  robotsInternals(robots); // a live Robots, before the agent's getters run
  // The tokens that can name a record, as check() keeps them (others name none).
  const { tokens, how } = agentTokens(agent);
  const records = attached(robots, RECORDS, () => delayRecords(readingOf(robots)));
  return delayFor(records, tokens, how);
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
export function delayRecords(reading: readonly RobotsLine[]): DelayRecord[] {
  const out: DelayRecord[] = [];
  let record: DelayRecord | undefined;
  let used = false; // `record` is in `out`
  let afterOther = true; // the next User-agent line starts a new record
  for (const line of reading) {
    if (line.kind === 'empty' || line.kind === 'comment' || line.kind === 'invalid') continue;
    if (line.kind === 'user-agent') {
      if (afterOther || !record) {
        record = { tokens: new Set(), global: false, seconds: undefined };
        used = false;
        afterOther = false;
      }
      if (line.agent === '*') record.global = true;
      else record.tokens.add(line.agent!.toLowerCase());
      continue;
    }
    afterOther = true;
    const delay = line.kind === 'other' && line.key!.toLowerCase() === 'crawl-delay';
    if (!record || !(delay || line.kind === 'allow' || line.kind === 'disallow')) continue;
    if (!used) {
      out.push(record);
      used = true;
    }
    if (delay) record.seconds ??= delaySeconds(line.value);
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
 * tokens that a record names, and `*` only if it obeys `*`.
 */
export function delayFor(records: readonly DelayRecord[], tokens: readonly string[], how = 0): number | undefined {
  const names = tokens.map((a) => a.toLowerCase());
  let applying: DelayRecord[] = [];
  if (how & L.HOW_CRAWLER) {
    for (const name of names) {
      applying = records.filter((r) => r.tokens.has(name));
      if (applying.length) break;
    }
    if (!applying.length && !(how & L.HOW_IGNORES_GLOBAL)) applying = records.filter((r) => r.global);
  } else {
    applying = records.filter((r) => names.some((n) => r.tokens.has(n)));
    if (!applying.length) applying = records.filter((r) => r.global);
  }
  return applying.find((r) => r.seconds !== undefined)?.seconds;
}
