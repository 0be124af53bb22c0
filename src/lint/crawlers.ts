// The crawlers the linter speaks for when a file does not name them: a fixed
// set of plain product tokens, in one place so that a registry of crawlers
// can replace it. Googlebot-Image follows the Googlebot group when the file
// has none of its own, as Google's image crawler does.

import { crawlerRegistry } from '../crawlers/registry.js';

/** The tokens (lower-cased) of registry crawlers that ignore the `*` group (AdsBot-Google, Mediapartners-Google): a `*` rule is nothing to them. */
export const IGNORES_STAR: ReadonlySet<string> = /* @__PURE__ */ new Set(crawlerRegistry.filter((c) => !c.obeysGlobalGroup).map((c) => c.tokens[0]!.toLowerCase()));

export interface Crawler {
  token: string;
  /** The token whose group it follows when no group names it (before falling back to `*`). */
  fallback?: string;
}

export const CRAWLERS: readonly Crawler[] = [
  { token: 'Googlebot' },
  { token: 'Googlebot-Image', fallback: 'Googlebot' },
  { token: 'Bingbot' },
  { token: 'GPTBot' },
  { token: 'ClaudeBot' },
  { token: 'CCBot' },
];

/**
 * Well-known product tokens, by their lower-case form: for telling a
 * crawler's name apart from a word (`Googlebot Image` meant
 * `Googlebot-Image`, `Google Bot` meant `Googlebot`).
 */
export const KNOWN_TOKENS: ReadonlyMap<string, string> = /* @__PURE__ */ new Map([
  'Googlebot', 'Googlebot-Image', 'Googlebot-News', 'Googlebot-Video', 'Googlebot-Mobile', 'AdsBot-Google', 'AdsBot-Google-Mobile',
  'Mediapartners-Google', 'Storebot-Google', 'Google-Extended', 'GoogleOther', 'Google-InspectionTool', 'APIs-Google',
  'Bingbot', 'msnbot', 'BingPreview', 'AdIdxBot', 'Slurp', 'DuckDuckBot', 'Baiduspider', 'Yandex', 'YandexBot', 'Applebot',
  'Applebot-Extended', 'GPTBot', 'ChatGPT-User', 'OAI-SearchBot', 'ClaudeBot', 'Claude-Web', 'anthropic-ai', 'CCBot',
  'PerplexityBot', 'Bytespider', 'Amazonbot', 'FacebookBot', 'facebookexternalhit', 'Twitterbot', 'LinkedInBot', 'PetalBot',
  'AhrefsBot', 'SemrushBot', 'DotBot', 'SeznamBot', 'Exabot', 'ia_archiver',
].map((t) => [t.toLowerCase(), t]));

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

/** Every product token the linter knows (its own list and the registry's), by lower-case form: a name near one of them and none itself is a typo. */
export const ALL_TOKENS: ReadonlyMap<string, string> = /* @__PURE__ */ (() => {
  const out = new Map(KNOWN_TOKENS);
  for (const c of crawlerRegistry) for (const t of c.tokens) if (!out.has(t.toLowerCase())) out.set(t.toLowerCase(), t);
  return out;
})();

/**
 * Crawlers' names that are no product token, lower-cased: Google reads the
 * leading letters, `-` and `_` only (`AI2Bot` as `AI`, `img2dataset` as
 * `img`, `360Spider` as nothing). From the registry's User-Agent names and
 * ai.robots.txt's list.
 */
export const CUT_NAMES: ReadonlySet<string> = /* @__PURE__ */ (() => {
  const out = new Set(['ai2bot', 'ai2bot-dolma', 'img2dataset', '360spider', 'mj12bot', 'archive.org_bot']);
  for (const c of crawlerRegistry) for (const t of c.userAgentTokens) if (/^[A-Za-z0-9._-]+$/.test(t) && /[0-9.]/.test(t)) out.add(t.toLowerCase());
  return out;
})();
