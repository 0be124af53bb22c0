// What a site says about the use of a URL, beyond whether it may be
// crawled (docs/usage-signals.md): the Content-Signal values of the crawler's groups, the
// Content-Usage preferences of the rules that decide the path (matched in
// the core, like allow and disallow), and the file's License lines.

import type { Compiled, Verdict } from '../rules/compiled.js';
import { agentTokens, type Agent } from '../rules/agent.js';
import type { Robots } from '../rules/robots.js';
import { isRobots, robotsInternals } from '../rules/own.js';
import { agentMatcherInternals, AgentMatcher } from '../rules/matcher.js';
import type { Preference } from '../rules/preferences.js';
import type { SignalValue } from '../rules/content-signal.js';
import { signalsOf } from '../rules/purpose.js';
import { applyingGroups, preferencesOf, usagePath, usageStatements } from '../rules/usage-table.js';
import { preparePath } from './rule-table.js';
import { Export } from '../core/exports.js';

export type { Preference, PreferenceEntry } from '../rules/preferences.js';
export type { SignalValue, UseLevel } from '../rules/content-signal.js';

/** The Content-Signal lines of the groups the crawler follows, combined. */
export interface ContentSignal {
  /**
   * Each key (lower-cased) to `yes` or `no`, and `use` to its level. Keys
   * repeated across lines take the most restrictive value (`no` over `yes`,
   * the lesser `use` level).
   */
  values: Record<string, SignalValue>;
  /** The Content-Signal lines read (1-based), in file order. */
  lines: number[];
}

/** The Content-Usage rules that decide the URL's path, combined. */
export interface ContentUsage {
  /**
   * Each AIPREF label to `y`, `n` or `unknown`. Several rules with equally
   * long paths combine label by label: `n` over `y` over `unknown`.
   */
  preferences: Record<string, Preference>;
  /** The deciding Content-Usage lines (1-based), in file order. */
  lines: number[];
  /** Their path as written; '' when they name none (the whole group). */
  path: string;
}

export interface Usage extends Verdict {
  /** null when the crawler's groups have no Content-Signal line. */
  contentSignal: ContentSignal | null;
  /**
   * null when no Content-Usage rule of the crawler's groups matches the
   * path, or when the URL may not be crawled (preferences apply only to
   * what may be crawled: AIPREF attach).
   */
  contentUsage: ContentUsage | null;
  /** The file's License URLs (RSL), as written: they are global, not a group's. */
  licenses: string[];
}

/**
 * May `agent` crawl `url`, and what does the file say about using it:
 * check()'s verdict with the Content-Signal values and Content-Usage
 * preferences that apply and the file's licenses. With a matcher from
 * forAgent(), its agent is used and `agent` is not given.
 */
export function usage(robots: Robots, url: string | URL, agent: Agent): Usage;
export function usage(matcher: AgentMatcher, url: string | URL): Usage;
export function usage(target: Robots | AgentMatcher, url: string | URL, agent?: Agent): Usage {
  if (target instanceof AgentMatcher) {
    const { index } = agentMatcherInternals(target);
    return usageAt(robotsInternals(target.robots).compiled, index, url);
  }
  if (!isRobots(target))
    throw new TypeError(
      `usage() takes a Robots from parse() or a matcher from forAgent(), got ${target === null ? 'null' : typeof target}`,
    );
  const { compiled } = robotsInternals(target);
  const tokens = agentTokens(agent!); // one read of the caller's argument
  return usageAt(compiled, compiled.indexForTokens(tokens), url);
}

/** usage() for an index already built (explain's). */
export function usageAt(compiled: Compiled, index: number, url: string | URL): Usage {
  const href = url instanceof URL ? url.href : url;
  const verdict = compiled.verdict(compiled.decide(index, href));
  const statements = usageStatements(compiled);
  const signals = signalsOf(compiled, applyingGroups(compiled, index)); // shared: the caller gets copies
  return {
    ...verdict,
    contentSignal: signals && {
      values: Object.assign(Object.create(null) as Record<string, SignalValue>, signals.values),
      lines: signals.lines.slice(),
    },
    contentUsage: verdict.allowed ? contentUsageAt(compiled, index, href) : null,
    licenses: statements.licenses.map((record) => record.value),
  };
}

/** The Content-Usage rules deciding the path (the core's longest matches), their preferences combined. */
function contentUsageAt(compiled: Compiled, index: number, url: string): ContentUsage | null {
  const statements = usageStatements(compiled);
  if (!statements.ruleLines.length) return null;
  preparePath(compiled, url);
  const core = compiled.core;
  const count = core.exports[Export.usageRules](index);
  if (!count) return null;
  const at = core.exports[Export.matches]() >>> 2;
  const lines = Array.from(core.u32.subarray(at, at + count), (rule) => statements.ruleLines[rule]!).sort(
    (a, b) => a - b,
  );
  const preferences = Object.create(null) as Record<string, Preference>;
  for (const line of lines) {
    for (const [label, value] of Object.entries(preferencesOf(statements, line).preferences)) {
      const before = preferences[label];
      preferences[label] = before === 'n' || value === 'n' ? 'n' : before === 'y' || value === 'y' ? 'y' : 'unknown';
    }
  }
  return { preferences, lines, path: usagePath(statements.usages.get(lines[0]!)!.value) };
}
