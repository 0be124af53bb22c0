// Where a usage line stands: between the User-agent lines of one group, or in a group
// whose crawlers may fetch nothing.

import { listOf } from '../../wording.js';
import type { Findings } from '../../findings.js';
import type { Group, RobotsLine } from '../../model.js';
import { NAME, blocksRoot, ruleText, capital } from './common.js';

// ---- where a line stands ----

/**
 * usage-joins-groups: a usage line with User-agent lines of its group after
 * it. Google (and RFC 9309 crawlers) end a group only at an Allow or
 * Disallow line, so the User-agent lines before and after it are one group.
 */
export function joinsGroups(f: Findings, group: Group, joined: Set<number>): void {
  const usage = group.others.filter((o) => NAME[(o.key ?? '').toLowerCase()] !== undefined);
  if (usage.length === 0 || group.agents.length < 2) return;
  const reported = new Set<number>();
  // For each User-agent line that follows a usage line, the last usage line before it.
  for (const after of group.agents) {
    const before = group.agents.filter((a) => a.line < after.line);
    const between = usage.filter((u) => u.line < after.line && !before.some((a) => a.line > u.line));
    const at = between[between.length - 1];
    if (!at || reported.has(at.line) || before.length === 0) continue;
    const earlier = names(before);
    const later = names(group.agents.filter((a) => a.line > at.line));
    // Nothing joins when the crawlers after are already named before (`User-agent: *` twice).
    if (!earlier.length || !later.length || later.every((n) => earlier.includes(n))) continue;
    reported.add(at.line);
    joined.add(group.index);
    const rules = group.rules;
    const one = earlier.length === 1;
    const effect = rules.length
      ? `${listOf(earlier, 3, 'more')} also ${one ? 'follows' : 'follow'} ${listOf(
          rules.map((r) => `${ruleText(r)} (line ${r.line})`),
          3,
          'more rules',
        )}, and this line applies to ${listOf(later, 3, 'more')} too`
      : `this line applies to ${listOf(later, 3, 'more')} too`;
    f.add('usage-joins-groups', at.line, {
      key: NAME[(at.key ?? '').toLowerCase()]!,
      before: listOf(earlier, 3, 'more'),
      beforeLine: before[0]!.line,
      after: listOf(later, 3, 'more'),
      afterLine: group.agents.find((a) => a.line > at.line)!.line,
      effect,
    });
  }
}

/** The crawlers User-agent lines name, as written (`*` in backticks). */
function names(agents: RobotsLine[]): string[] {
  const out: string[] = [];
  for (const a of agents) {
    const name = a.agent === '*' ? '`*`' : (a.agent ?? '');
    if (name && !out.includes(name)) out.push(name);
  }
  return out;
}

/**
 * usage-never-applies: every crawler that follows the line's group may fetch
 * no URL (a rule that disallows every path and no Allow), so no preference
 * of the line ever applies (AIPREF attach: preferences apply only to what
 * may be crawled).
 */
/** Per file and token: the rules that disallow it every path, or null when it may fetch something. */
const blockedCache = new WeakMap<object, Map<string, RobotsLine[] | null>>();

function blockedBy(f: Findings, token: string): RobotsLine[] | null {
  const m = f.model;
  let cache = blockedCache.get(m);
  if (!cache) blockedCache.set(m, (cache = new Map()));
  let found = cache.get(token);
  if (found !== undefined) return found;
  const groups = token === '*' ? m.star : m.groupsFor(token);
  const rules = groups.flatMap((g) => m.groups[g]!.rules);
  const root = rules.filter(blocksRoot);
  // The core decides: `/` is disallowed for the crawler (and with no Allow, so is every path).
  found =
    root.length === 0 || rules.some((r) => r.kind === 'allow' && r.value !== '') || m.robots.check('/', token).allowed
      ? null
      : root; // the token, which is what groups name (`MJ12bot` names `MJ`)
  cache.set(token, found);
  return found;
}

export function neverApplies(f: Findings, l: RobotsLine, group: Group, key: string): void {
  const m = f.model;
  const tokens = group.tokens.filter((t) => t !== '');
  if (tokens.length === 0) return;
  const blocking: RobotsLine[] = [];
  for (const token of tokens) {
    const root = blockedBy(f, token);
    if (root === null) return;
    blocking.push(...root);
  }
  const rule = blocking.sort((a, b) => a.line - b.line)[0]!;
  const named = tokens.filter((t) => t !== '*').map((t) => m.displayName(t));
  const who = [...named, ...(tokens.includes('*') ? ['every crawler without a group of its own'] : [])];
  f.add('usage-never-applies', l.line, {
    who: capital(listOf(who, 3, 'more crawlers')),
    rule: `${ruleText(rule)} on line ${rule.line}`,
    key,
    them: who.length === 1 && named.length === 1 ? 'it' : 'them',
  });
}
