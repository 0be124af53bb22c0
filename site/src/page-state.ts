// Everything a test is made of: the file, the URLs, the crawlers, the mode
// and the view. It is what a share link carries, so a link reproduces a test.

import type { Mode } from 'robotsmatch';

export type View = 'test' | 'audit' | 'diff' | 'generate';
export type RowFilter = 'all' | 'disallowed' | 'differs';

export interface PageState {
  /** The robots.txt being tested (the draft). */
  robots: string;
  /** URLs or paths, one a line, as typed. */
  urls: string;
  /** Registry crawlers chosen, by name. */
  crawlers: string[];
  /** Product tokens typed by hand, as typed. */
  tokens: string;
  /** How the file is read first; the other mode is shown where it differs. */
  mode: Mode;
  view: View;
  filter: RowFilter;
  /** The other version of the file, for the diff. */
  other: string;
}

/** A first file that shows what the page does: a typo to fix, AI crawlers shut out, a rule Google and RFC 9309 read apart. */
export const EXAMPLE_ROBOTS = `# An example: edit it, paste your own, open a file or fetch one.
User-agent: *
Disallow: /private/
Allow: /private/press/
Dissallow: /tmp/
Disallow: /*.pdf$

User-agent: Googlebot
Disallow: /search
Allow: /search/about

User-agent: GPTBot
User-agent: ClaudeBot
Disallow: /

Sitemap: https://example.com/sitemap.xml
`;

export const EXAMPLE_URLS = `https://example.com/
https://example.com/private/report.html
https://example.com/private/press/launch.html
https://example.com/tmp/cache.html
https://example.com/files/brochure.pdf
https://example.com/search?q=robots
https://example.com/search/about
`;

export const DEFAULT_CRAWLERS = ['Googlebot', 'Googlebot-Image', 'bingbot', 'GPTBot', 'ClaudeBot'];

export function defaultState(): PageState {
  return {
    robots: EXAMPLE_ROBOTS,
    urls: EXAMPLE_URLS,
    crawlers: [...DEFAULT_CRAWLERS],
    tokens: '',
    mode: 'google',
    view: 'test',
    filter: 'all',
    other: '',
  };
}

const VIEWS: readonly View[] = ['test', 'audit', 'diff', 'generate'];
const FILTERS: readonly RowFilter[] = ['all', 'disallowed', 'differs'];

/**
 * A state read from a link, field by field: a link may be old, cut short or
 * edited by hand, so anything missing or of the wrong kind takes its default
 * rather than breaking the page.
 */
export function stateFrom(value: unknown): PageState {
  const base = defaultState();
  if (typeof value !== 'object' || value === null) return base;
  const v = value as Record<string, unknown>;
  const text = (x: unknown, fallback: string) => (typeof x === 'string' ? x : fallback);
  return {
    robots: text(v.robots, base.robots),
    urls: text(v.urls, base.urls),
    crawlers: Array.isArray(v.crawlers) ? v.crawlers.filter((c): c is string => typeof c === 'string') : base.crawlers,
    tokens: text(v.tokens, base.tokens),
    mode: v.mode === 'rfc' ? 'rfc' : 'google',
    view: VIEWS.includes(v.view as View) ? (v.view as View) : base.view,
    filter: FILTERS.includes(v.filter as RowFilter) ? (v.filter as RowFilter) : base.filter,
    other: text(v.other, base.other),
  };
}
