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

export type ReadsRobotsTxt = 'yes' | 'user-triggered' | 'no';

export interface CrawlerEntry {
  /** Display name, e.g. 'Googlebot-Image'. Unique (case-insensitive). */
  readonly name: string;
  readonly operator: string;
  readonly purpose: CrawlerPurpose;
  /** robots.txt product tokens in fallback order: the first that names a group decides. e.g. ['Googlebot-Image', 'Googlebot']. Plain [A-Za-z_-]+ tokens only. */
  readonly tokens: readonly string[];
  /** false for crawlers that ignore the `*` group (Google's special-case crawlers such as AdsBot-Google, AdsBot-Google-Mobile, Mediapartners-Google, APIs-Google...). */
  readonly obeysGlobalGroup: boolean;
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
