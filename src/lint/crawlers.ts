// The crawler facts the linter uses, all read from the registry
// (data/crawlers.json): the crawlers it speaks for when a file does not name
// them, the names a User-agent line can mean, the names Google reads
// shorter, and who ignores `*`. Googlebot-Image follows the Googlebot group
// when the file has none of its own, as the registry's tokens say.

import { crawlerRegistry, type CrawlerEntry } from '../crawlers/registry.js';

/** The tokens (lower-cased) of registry crawlers that ignore the `*` group (AdsBot-Google, Mediapartners-Google): a `*` rule is nothing to them. */
export const IGNORES_STAR: ReadonlySet<string> = /* @__PURE__ */ new Set(
  crawlerRegistry.filter((c) => !c.obeysGlobalGroup).map((c) => c.tokens[0]!.toLowerCase()),
);

export interface Crawler {
  token: string;
  /** The token whose group it follows when no group names it (before falling back to `*`): the registry's second token. */
  fallback?: string;
}

/** The crawlers messages name to say who `*` stands for (a choice of well-known ones); their tokens come from the registry. */
const SPOKEN_FOR = ['Googlebot', 'Googlebot-Image', 'bingbot', 'GPTBot', 'ClaudeBot', 'CCBot'];

export const CRAWLERS: readonly Crawler[] = /* @__PURE__ */ SPOKEN_FOR.map((name) => {
  const entry = crawlerRegistry.find((c) => c.name === name)!;
  return entry.tokens.length > 1
    ? { token: entry.tokens[0]!, fallback: entry.tokens[1]! }
    : { token: entry.tokens[0]! };
});

/**
 * Names still written in files that no registry entry has as a token or
 * name: Google's retired `Googlebot-Mobile` and Bing's former `msnbot`, with
 * their operators.
 */
const RETIRED: ReadonlyMap<string, string> = /* @__PURE__ */ new Map([
  ['Googlebot-Mobile', 'Google'],
  ['msnbot', 'Microsoft'],
]);

/** Each registry entry's own names (its first token, its name, its User-Agent names), lower-cased, with its operator. */
const OWN: ReadonlyMap<string, string> = /* @__PURE__ */ new Map(
  crawlerRegistry.flatMap((c) =>
    [c.tokens[0]!, c.name, ...c.userAgentTokens].map((n) => [n.toLowerCase(), c.operator] as const),
  ),
);

/**
 * The lower-cased names a `User-agent:` line can give an entry: its own, and
 * its fallback tokens unless another operator's crawler has that name
 * (`Yandex` is every Yandex robot's; `Googlebot`, which Applebot falls back
 * to, stays Google's).
 */
const namesOf = (c: CrawlerEntry): string[] =>
  [...c.tokens, c.name, ...c.userAgentTokens]
    .map((t) => t.toLowerCase())
    .filter((n) => (OWN.get(n) ?? c.operator) === c.operator);

/**
 * The operator of every registry crawler whose operator documents that it
 * ignores Crawl-delay (`readsCrawlDelay: false`: Google's, Yandex's), by
 * lower-cased name, with Google's retired Googlebot-Mobile.
 */
const IGNORES_DELAY: ReadonlyMap<string, string> = /* @__PURE__ */ (() => {
  const out = new Map<string, string>();
  for (const c of crawlerRegistry) if (c.readsCrawlDelay === false) for (const n of namesOf(c)) out.set(n, c.operator);
  for (const [name, operator] of RETIRED)
    if ([...out.values()].includes(operator)) out.set(name.toLowerCase(), operator);
  return out;
})();

/** The operator (`Google`, `Yandex`) whose crawler this `User-agent:` name is, when that operator documents that its crawlers ignore Crawl-delay. */
export function ignoresCrawlDelay(token: string): string | undefined {
  return IGNORES_DELAY.get(token.toLowerCase());
}

/**
 * The operator of every registry crawler whose operator documents that it
 * waits Crawl-delay seconds (`readsCrawlDelay: true`: bingbot, Slurp,
 * SeznamBot), by lower-cased name: a long delay slows how fast they find
 * the site's pages.
 */
const READS_DELAY: ReadonlyMap<string, string> = /* @__PURE__ */ new Map(
  crawlerRegistry.filter((c) => c.readsCrawlDelay === true).flatMap((c) => namesOf(c).map((n) => [n, c.operator])),
);

/** Is this `User-agent:` name a crawler documented to wait Crawl-delay seconds between requests? */
export function readsCrawlDelay(token: string): boolean {
  return READS_DELAY.has(token.toLowerCase());
}

/** The operator (`Microsoft`, `Yahoo`) of the crawler this `User-agent:` name is, when it documents that the crawler waits Crawl-delay seconds. */
export function crawlDelayReader(token: string): string | undefined {
  return READS_DELAY.get(token.toLowerCase());
}

/** Browsers' product names, which Google reads from a full User-Agent header (`Mozilla/5.0 (...)`): no crawler is named so. */
export function isBrowserToken(token: string): boolean {
  return /^(Mozilla|Opera|Safari|Chrome|AppleWebKit|Dalvik|Lynx|Links)$/i.test(token);
}

/**
 * What Google reads of the registry's crawlers whose names are no product
 * token (`MJ` for MJ12bot, `archive` for archive.org_bot), lower-cased: a
 * group's name for them, not a crawler's name, so never offered as "did you
 * mean" (`archiver` did not mean `archive`).
 */
const READINGS: ReadonlySet<string> = /* @__PURE__ */ new Set(
  crawlerRegistry.flatMap((c) => (c.googleReads === undefined ? [] : [c.googleReads.toLowerCase()])),
);

/**
 * Every crawler name a `User-agent:` line can be meant to write, by
 * lower-case form: the registry's product tokens (not Google's readings of
 * non-token names) and its names that are tokens (`BingPreview`), and the
 * retired ones above. A name near one of them and none itself is a typo.
 */
export const ALL_TOKENS: ReadonlyMap<string, string> = /* @__PURE__ */ (() => {
  const out = new Map<string, string>();
  const add = (t: string) => {
    const key = t.toLowerCase();
    if (!out.has(key) && !READINGS.has(key) && /^[A-Za-z_-]+$/.test(t)) out.set(key, t);
  };
  for (const c of crawlerRegistry) for (const t of c.tokens) add(t);
  for (const c of crawlerRegistry) add(c.name);
  for (const t of RETIRED.keys()) add(t);
  return out;
})();

/** Names Google reads from a `User-agent:` line that are no crawler's name but the registry's reading of one (`MJ`, `archive`): known, never a typo. */
export function isReading(token: string): boolean {
  return READINGS.has(token.toLowerCase());
}

/**
 * Crawlers' names that are no product token, lower-cased: Google reads the
 * leading letters, `-` and `_` only (`AI2Bot` as `AI`, `img2dataset` as
 * `img`, `360Spider` as nothing). The registry's: the names of its entries
 * with a `googleReads`, and the User-Agent names with digits or dots
 * (360Spider's among them).
 */
export const CUT_NAMES: ReadonlySet<string> = /* @__PURE__ */ (() => {
  const out = new Set<string>();
  for (const c of crawlerRegistry) {
    if (c.googleReads !== undefined && /^[A-Za-z0-9._-]+$/.test(c.name)) out.add(c.name.toLowerCase());
    for (const t of c.userAgentTokens) if (/^[A-Za-z0-9._-]+$/.test(t) && /[0-9.]/.test(t)) out.add(t.toLowerCase());
  }
  return out;
})();
