// What a robots.txt says, group by group, as the matcher reads it: the
// agents each group names (as written, and the token or `*` each names),
// its rules with their lines, and each record's Crawl-delay. Built on the
// per-line reading, so it never disagrees with matching.

import type { Robots } from '../rules/robots.js';
import type { RuleType } from '../rules/compiled.js';
import { readingOf } from './reading.js';
import { delaySeconds } from './crawl-delay.js';

export interface RobotsGroup {
  /** The group's number in the file, from 0 (explain's groups use the same lines). */
  index: number;
  /** The User-agent values as written, with their lines. */
  userAgents: { line: number; value: string; names: string }[];
  /** The allow and disallow rules, in file order, patterns as written. */
  rules: { line: number; type: RuleType; pattern: string }[];
  /**
   * The Crawl-delay lines written in the group (after its first User-agent
   * line, before the next group's), as written, with the seconds they give
   * (undefined when the value is not a number of seconds). Google ignores
   * Crawl-delay; for who gets which delay as Bing and Yandex read it, ask
   * crawlDelay(robots, agent).
   */
  crawlDelays: { line: number; value: string; seconds: number | undefined }[];
}

/**
 * The file's groups in order: who each names (`names` is `*` for the
 * global group, else the product token the matcher compares) and its rules.
 * Rules before the first User-agent line belong to no group and are left out,
 * as every crawler leaves them out.
 */
export function groups(robots: Robots): RobotsGroup[] {
  const out: RobotsGroup[] = [];
  let current: RobotsGroup | undefined; // the group the lines are written in
  const reading = readingOf(robots);
  for (let i = 0; i < reading.count; i++) {
    const kind = reading.kind(i);
    if (kind === 'other' && current && reading.key(i).toLowerCase() === 'crawl-delay') {
      current.crawlDelays.push({
        line: reading.line(i),
        value: reading.value(i),
        seconds: delaySeconds(reading.value(i)),
      });
      continue;
    }
    if (kind !== 'user-agent' && kind !== 'allow' && kind !== 'disallow') continue;
    const g = reading.group(i);
    if (g < 0) continue;
    const group = (current = out[g] ??= { index: g, userAgents: [], rules: [], crawlDelays: [] });
    if (kind === 'user-agent')
      group.userAgents.push({ line: reading.line(i), value: reading.value(i), names: reading.agent(i) });
    else group.rules.push({ line: reading.line(i), type: kind, pattern: reading.value(i) });
  }
  return out.filter(Boolean);
}
