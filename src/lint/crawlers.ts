// The crawler facts the linter uses, all read from the registry
// (data/crawlers.json): the crawlers it speaks for when a file does not name
// them, the names a User-agent line can mean, the names Google reads
// shorter, and who ignores `*`. Googlebot-Image follows the Googlebot group
// when the file has none of its own, as the registry's tokens say.

import { crawlerRegistry } from '../crawlers/registry.js';

/** The tokens (lower-cased) of registry crawlers that ignore the `*` group (AdsBot-Google, Mediapartners-Google): a `*` rule is nothing to them. */
export const IGNORES_STAR: ReadonlySet<string> = /* @__PURE__ */ new Set(crawlerRegistry.filter((c) => !c.obeysGlobalGroup).map((c) => c.tokens[0]!.toLowerCase()));

export interface Crawler {
  token: string;
  /** The token whose group it follows when no group names it (before falling back to `*`): the registry's second token. */
  fallback?: string;
}

/** The crawlers messages name to say who `*` stands for (a choice of well-known ones); their tokens come from the registry. */
const SPOKEN_FOR = ['Googlebot', 'Googlebot-Image', 'bingbot', 'GPTBot', 'ClaudeBot', 'CCBot'];

export const CRAWLERS: readonly Crawler[] = /* @__PURE__ */ SPOKEN_FOR.map((name) => {
  const entry = crawlerRegistry.find((c) => c.name === name)!;
  return entry.tokens.length > 1 ? { token: entry.tokens[0]!, fallback: entry.tokens[1]! } : { token: entry.tokens[0]! };
});

/** Yandex's crawlers: Yandex has ignored Crawl-delay since 2018. */
export function isYandexToken(token: string): boolean {
  return /^yandex[a-z]*$/i.test(token);
}

/** Google's crawlers and tokens: none of them reads Crawl-delay. */
export function isGoogleToken(token: string): boolean {
  return /^(googlebot(-[a-z]+)*|adsbot-google(-mobile)?|mediapartners-google|storebot-google|google-[a-z-]+|googleother(-[a-z]+)*|apis-google|feedfetcher-google)$/i.test(token);
}

/**
 * Search engines' crawlers that honour Crawl-delay (Bing's and Yahoo's,
 * Seznam's): a long one slows how fast they find the site's pages. (Google,
 * Yandex and Baidu ignore it.)
 */
export function isSearchToken(token: string): boolean {
  return /^(bingbot|msnbot|bingpreview|adidxbot|slurp|seznambot)$/i.test(token);
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
const READINGS: ReadonlySet<string> = /* @__PURE__ */ new Set(crawlerRegistry.flatMap((c) => (c.googleReads === undefined ? [] : [c.googleReads.toLowerCase()])));

/**
 * Names still written in files that no registry entry has as a token or
 * name: Google's retired `Googlebot-Mobile` and Bing's former `msnbot`.
 */
const RETIRED = ['Googlebot-Mobile', 'msnbot'];

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
  for (const t of RETIRED) add(t);
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
 * with a `googleReads`, and the User-Agent names with digits or dots; and
 * 360Spider, which ai.robots.txt lists and the registry has no entry for.
 */
export const CUT_NAMES: ReadonlySet<string> = /* @__PURE__ */ (() => {
  const out = new Set(['360spider']);
  for (const c of crawlerRegistry) {
    if (c.googleReads !== undefined && /^[A-Za-z0-9._-]+$/.test(c.name)) out.add(c.name.toLowerCase());
    for (const t of c.userAgentTokens) if (/^[A-Za-z0-9._-]+$/.test(t) && /[0-9.]/.test(t)) out.add(t.toLowerCase());
  }
  return out;
})();
