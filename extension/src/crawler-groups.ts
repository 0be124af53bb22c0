// The registry's crawlers in the groups the tester page shows (search, ads,
// AI training, AI search and assistants, others), and how much a
// disallowed crawler of each group weighs on the badge.

import type { CrawlerEntry } from 'robotsmatch/crawlers';
import { entriesOf, PURPOSE_GROUPS } from '../../site/src/crawler-choices.js';

/** How loud a group's disallowed crawlers are on the badge: search (and ads) over AI over the rest. */
export type Weight = 'search' | 'ai' | 'other';

export interface CrawlerGroup {
  /** Stable key for storage: the group's first purpose. */
  id: string;
  title: string;
  weight: Weight;
  entries: CrawlerEntry[];
}

const WEIGHTS: Record<string, Weight> = {
  search: 'search',
  ads: 'search',
  'ai-training': 'ai',
  'ai-search': 'ai',
};

export const CRAWLER_GROUPS: readonly CrawlerGroup[] = PURPOSE_GROUPS.map(({ title, purposes }) => ({
  id: purposes[0]!,
  title,
  weight: WEIGHTS[purposes[0]!] ?? 'other',
  entries: entriesOf(purposes),
}));

/** The groups with these ids, in the page's order. */
export const groupsOf = (ids: readonly string[]): CrawlerGroup[] => CRAWLER_GROUPS.filter((g) => ids.includes(g.id));

/** The id of the group a crawler is in. */
export const groupOf = (entry: CrawlerEntry): string => CRAWLER_GROUPS.find((g) => g.entries.includes(entry))!.id;
