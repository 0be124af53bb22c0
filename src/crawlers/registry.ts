// Known web crawlers: who runs them, which robots.txt product tokens they
// answer to, and how to recognise them in a User-Agent header.
//
// The facts live in data/crawlers.json, the one source that every surface
// (this package, its CLI, the tester page, the docs, the Python package)
// reads. Its `$comment` says where the facts come from, how to refresh them
// and what each field means; each entry names its `source` (the operator's
// own page, or the public list where the operator publishes none), and a
// `note` where a fact needs a word of why (or could not be confirmed). The
// JSON is bundled into this subpath as data (tsup.config.ts leaves out the
// `$comment` and the notes, which no code reads); test/crawlers.test.ts
// holds every entry to the types below.

import data from '../../data/crawlers.json' with { type: 'json' };

export type CrawlerPurpose =
  | 'search'
  | 'ads'
  | 'ai-training'
  | 'ai-search'
  | 'ai-assistant'
  | 'archive'
  | 'seo'
  | 'social'
  | 'other';

/**
 * 'yes': it applies robots.txt to its own crawling; 'user-triggered': it
 * fetches on a person's request and its operator says robots.txt generally
 * does not (or may not) apply then; 'no': documented or reported not to
 * follow robots.txt; 'unknown': its operator documents nothing either way
 * (shown as "not documented", never as "ignores robots.txt").
 */
export type ReadsRobotsTxt = 'yes' | 'user-triggered' | 'no' | 'unknown';

export interface CrawlerEntry {
  /** Display name, e.g. 'Googlebot-Image'. Unique (case-insensitive). */
  readonly name: string;
  readonly operator: string;
  /** Its main purpose: `purposes[0]`. */
  readonly purpose: CrawlerPurpose;
  /**
   * Every purpose its data serves, the main one first: a search crawler
   * whose operator or ai.robots.txt says its data also feeds AI (CCBot,
   * Diffbot, Applebot, ...) has an AI purpose too, so that the `'ai'`
   * selection reaches it.
   */
  readonly purposes: readonly CrawlerPurpose[];
  /** robots.txt product tokens in fallback order: the first that names a group decides. e.g. ['Googlebot-Image', 'Googlebot']. Plain [A-Za-z_-]+ tokens only. */
  readonly tokens: readonly string[];
  /**
   * Only for a crawler whose name is not a product token (MJ12bot, AI2Bot,
   * img2dataset, archive.org_bot...): the token Google's parser reads from a
   * `User-agent:` line naming it (`MJ`, `AI`, `img`, `archive`), which is
   * then its `tokens[0]`, so that such a line's group is the one it follows.
   */
  readonly googleReads?: string;
  /** false for crawlers that ignore the `*` group (Google's special-case crawlers such as AdsBot-Google, AdsBot-Google-Mobile, Mediapartners-Google, APIs-Google...). */
  readonly obeysGlobalGroup: boolean;
  /** Only where the operator says so (bingbot): crawlDelay() takes the `*` record's Crawl-delay when the record naming it has none. */
  readonly crawlDelayFromGlobal?: boolean;
  /** Only where the operator documents it: false for Google's and Yandex's crawlers (they ignore Crawl-delay), true for bingbot and Slurp (they wait). Absent: not documented. */
  readonly readsCrawlDelay?: boolean;
  readonly readsRobotsTxt: ReadsRobotsTxt;
  /** true when the token appears in real request User-Agent headers; false for robots.txt-only controls (Google-Extended, Applebot-Extended, ...). */
  readonly sentInRequests: boolean;
  /** How to recognise it in a User-Agent header: product tokens that appear in the header (case-insensitive, matched as a whole token bounded by non [A-Za-z0-9_-] chars, e.g. 'GPTBot', 'Googlebot-Image'). Empty for robots-only entries. */
  readonly userAgentTokens: readonly string[];
  /** One line in OUR OWN WORDS (never copied text) saying what it does. */
  readonly description: string;
  /** URL of the operator's documentation (or the public list) the facts come from. */
  readonly source: string;
}

/** When the facts were last checked against their sources (data/crawlers.json's `date`). */
export const REGISTRY_DATE: string = data.date;

/** Every known crawler, in data/crawlers.json's order (grouped by operator). */
export const crawlerRegistry: readonly CrawlerEntry[] = Object.freeze(data.crawlers as readonly CrawlerEntry[]);
