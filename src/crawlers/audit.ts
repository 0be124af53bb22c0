// Who can reach a site: every known crawler's reading of one robots.txt,
// and what the file says to it about using the site (usage signals).
// Built on the public API (usage, selection, groups), so it agrees with
// check() and usage() for every crawler by construction; the tests hold it
// to that.

import { groups, selection, type Robots, type Verdict } from '../index.js';
import { purpose, usage, type ContentSignal, type ContentUsage, type Preference, type SignalValue } from '../usage.js';
import type { CrawlerEntry, ReadsRobotsTxt } from './registry.js';
import { selectCrawlers, type CrawlerSelection } from './lookup.js';

/** blocked: `/` is disallowed; partly: `/` is allowed but some path is not; open: nothing it asks for is disallowed. */
export type Access = 'blocked' | 'partly' | 'open';

export interface AuditRow {
  crawler: CrawlerEntry;
  /** The token whose group it follows, `*` for the global group, null when no group applies. */
  group: string | null;
  /** The verdict for `/`, as check() gives it. */
  root: Verdict;
  access: Access;
  /** A path it may not fetch (for partly: one its rules disallow; for blocked: `/`). */
  example?: string;
  /** partly: how many other disallow rules of its groups also keep it from a path (shown as "+N more"). */
  more?: number;
  /** Whether it reads robots.txt at all: user-triggered fetchers and some bots do not, whatever the file says. */
  readsRobotsTxt: ReadsRobotsTxt;
  /** The Content-Signal lines of the groups it follows, combined (usage()); null when they have none. */
  contentSignal: ContentSignal | null;
  /** The Content-Usage preferences for `/` (usage()); null when no rule matches `/` or it may not fetch `/`. */
  contentUsage: ContentUsage | null;
  /** The file's License URLs: global, the same in every row. */
  licenses: string[];
  /**
   * Where its Content-Signal and the Content-Usage preferences for `/` say
   * opposite things about one purpose (ai-train=no with train-ai=y, or
   * search=yes with search=n); empty when they agree or one is silent.
   */
  usageConflicts: UsageConflict[];
}

/** One purpose on which the two usage mechanisms disagree for a crawler. */
export interface UsageConflict {
  /** The purpose, by its AIPREF label: `train-ai` or `search`. */
  purpose: string;
  /** The Content-Signal key and value (`ai-train`, `no`). */
  signalKey: string;
  signal: SignalValue;
  /** The Content-Usage preference for `/` (`y` or `n`). */
  preference: Preference;
  /** What applies where both are read and the most restrictive wins (robotsmatch's purpose filters): always `no`. */
  stricter: 'no';
}

/** The purposes both mechanisms name (Content-Signal's key and the AIPREF label), from usage's own table. */
const SHARED_PURPOSES = /* @__PURE__ */ (() => ['train-ai', 'search'].map((name) => purpose(name)))();

/** The purposes on which a crawler's Content-Signal and its Content-Usage for `/` disagree. */
export function usageConflicts(
  contentSignal: ContentSignal | null,
  contentUsage: ContentUsage | null,
): UsageConflict[] {
  if (!contentSignal || !contentUsage) return [];
  const out: UsageConflict[] = [];
  for (const p of SHARED_PURPOSES) {
    const signal = contentSignal.values[p.signal!];
    const preference = contentUsage.preferences[p.label!];
    if ((signal === 'no' && preference === 'y') || (signal === 'yes' && preference === 'n')) {
      out.push({ purpose: p.label!, signalKey: p.signal!, signal, preference, stricter: 'no' });
    }
  }
  return out;
}

/**
 * One row per crawler (default: the whole registry; or 'ai', a purpose, or
 * names). `partly` is shown only with a path that check() disallows: each
 * disallow rule of the crawler's groups is tried on the paths it matches
 * most plainly (wildcards as nothing and as a letter, with and without a
 * further segment), so `open` means none of those is disallowed. Each row
 * also has usage(robots, '/', crawler)'s usage signals: the Content-Signal
 * of its groups, the Content-Usage preferences for `/`, the licenses, and
 * the purposes on which the first two disagree.
 */
export function audit(robots: Robots, crawlers: CrawlerSelection = 'all'): AuditRow[] {
  const list = selectCrawlers(crawlers);
  const fileGroups = groups(robots);
  return list.map((crawler) => {
    // usage() is check()'s verdict for `/` with the usage signals, in one call.
    const { contentSignal, contentUsage, licenses, ...root } = usage(robots, '/', crawler);
    const chosen = selection(robots, crawler);
    const row: AuditRow = {
      crawler,
      group: chosen.token,
      root,
      access: 'open',
      readsRobotsTxt: crawler.readsRobotsTxt,
      contentSignal,
      contentUsage,
      licenses,
      usageConflicts: usageConflicts(contentSignal, contentUsage),
    };
    if (!root.allowed) return { ...row, access: 'blocked', example: '/' };
    // Every disallow rule that keeps it from some path counts, so a table cell can say "+N more" rather than hide them.
    const examples: string[] = [];
    for (const g of chosen.groups) {
      for (const rule of fileGroups.find((f) => f.index === g)?.rules ?? []) {
        if (rule.type !== 'disallow' || rule.pattern === '') continue;
        const example = witnesses(rule.pattern).find((path) => !robots.isAllowed(path, crawler));
        if (example && !examples.includes(example)) examples.push(example);
      }
    }
    if (!examples.length) return row;
    return { ...row, access: 'partly', example: examples[0]!, more: examples.length - 1 };
  });
}

/** Paths a pattern matches plainly: `*` as nothing or as a letter, `$` dropped, with and without more after it. */
function witnesses(pattern: string): string[] {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const out = new Set<string>();
  for (const star of ['', 'a']) {
    let path = body.split('*').join(star);
    if (!path.startsWith('/')) path = `/${path}`;
    out.add(path);
    if (!anchored) out.add(`${path}a`).add(`${path}/a`);
  }
  return [...out];
}
