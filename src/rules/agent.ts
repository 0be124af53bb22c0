// Crawler names: product tokens (docs/behaviour.md, section 2).

import { typeError } from '../common/errors.js';
import { Layout } from '../core/layout.js';

const PLAIN_TOKEN = /^[A-Za-z_-]*$/;

const BROWSER_PRODUCTS =
  /^(Mozilla|AppleWebKit|KHTML|Chrome|Chromium|CriOS|Safari|Version|Mobile|Gecko|Firefox|Edge?|Edg|OPR|Opera|Build|Trident)$/i;
const CRAWLER_WORDS = /bot|crawl|spider|slurp|fetch|archiver/i;

/**
 * The product token of a full User-Agent header, as robots.txt groups name
 * crawlers: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://...)" gives
 * "Googlebot". Among the header's `name/version` products (browser and
 * platform names skipped) it prefers one that looks like a crawler, then the
 * first; a header with no product is taken as a token itself. The result is
 * cut to its leading [A-Za-z_-] run, and is '' when nothing is left.
 */
export function productToken(userAgentHeader: string): string {
  if (typeof userAgentHeader !== 'string') throw typeError('userAgentHeader', 'a string', userAgentHeader);
  const names: string[] = [];
  for (const m of userAgentHeader.matchAll(/(?<![\w.\-/+:])([A-Za-z_][\w-]*)\/[^\s;()]*/g)) {
    if (!BROWSER_PRODUCTS.test(m[1]!)) names.push(m[1]!);
  }
  const name = names.find((n) => CRAWLER_WORDS.test(n)) ?? names[0];
  return leadingToken(name ?? userAgentHeader.trim());
}

/** The leading run of [A-Za-z_-]: the product token a User-agent value names (docs/behaviour.md, section 2), '' when none. */
export function leadingToken(text: string): string {
  return /^[A-Za-z_-]*/.exec(text)![0];
}

/** True when `agent` names a group as it is: non-empty and only [A-Za-z_-]. */
export function isPlainToken(agent: string): boolean {
  if (typeof agent !== 'string') throw typeError('agent', 'a string', agent);
  return agent.length > 0 && PLAIN_TOKEN.test(agent);
}

/**
 * A crawler as robots.txt groups see it (docs/crawlers.md): its product tokens in
 * fallback order, the first that names a group deciding (Googlebot-Image:
 * `['Googlebot-Image', 'Googlebot']`), and whether it obeys the `*` group
 * when none does (Google's AdsBot does not). The registry's entries
 * (robotsmatch/crawlers) are crawlers; so is any object of this shape.
 */
export interface Crawler {
  readonly tokens: readonly string[];
  /** Default true. */
  readonly obeysGlobalGroup?: boolean;
  /** For messages: defaults to the first token. */
  readonly name?: string;
  /**
   * crawlDelay() only: when the record naming it has no Crawl-delay, the
   * `*` record's applies (Bing: a bingbot section overrides the `*`
   * directives except Crawl-delay). Default false.
   */
  readonly crawlDelayFromGlobal?: boolean;
}

/**
 * Who is asking: one product token, several (Google's C++ API: every group
 * naming any of them is merged, else `*`), or a crawler (its tokens in
 * fallback order).
 */
export type Agent = string | readonly string[] | Crawler;

/**
 * The caller's tokens as the core compares them: '\n'-joined, keeping only
 * the tokens that could ever equal a group's token (others, like
 * "Googlebot/2.1", name no group, exactly as in Google's parser). `how`
 * says how the core chooses groups with them (layout HOW_*); `cacheKey`
 * tells apart sets that join alike ([] and [''] both join to '').
 */
export interface AgentTokens {
  joined: string;
  count: number;
  how: number;
  cacheKey: string;
  /** The tokens kept, in order (a crawler's chosen token is one of these). */
  tokens: readonly string[];
  /** What the caller gave: every token as written (a copy), and a crawler's name. */
  given: readonly string[];
  name?: string;
}

const AGENT = 'a string, an array of strings or a crawler';

export function agentTokens(agent: Agent): AgentTokens {
  let list: unknown = agent;
  let how = 0;
  let name: string | undefined;
  if (typeof agent === 'string') {
    // The common case, without copies: one token, plain or naming no group.
    const given = [agent];
    const plain = PLAIN_TOKEN.test(agent);
    return {
      joined: plain ? agent : '',
      count: plain ? 1 : 0,
      how: 0,
      cacheKey: plain ? `0\n1\n${agent}` : '0\n0\n',
      tokens: plain ? given : [],
      given,
    };
  } else if (!Array.isArray(agent) && typeof agent === 'object' && agent !== null) {
    // One read of each property: they may be getters.
    const crawler = agent as Crawler;
    list = crawler.tokens;
    if (!Array.isArray(list)) throw typeError('agent.tokens', 'an array of strings', list);
    how = Layout.HOW_CRAWLER | (crawler.obeysGlobalGroup === false ? Layout.HOW_IGNORES_GLOBAL : 0);
    name = crawler.name;
  } else if (!Array.isArray(agent)) throw typeError('agent', AGENT, agent);
  const given = Array.from(list as unknown[]);
  for (const one of given) if (typeof one !== 'string') throw typeError('agent', AGENT, one);
  const usable = (given as string[]).filter((one) => PLAIN_TOKEN.test(one));
  const joined = usable.join('\n');
  return {
    joined,
    count: usable.length,
    how,
    cacheKey: `${how}\n${usable.length}\n${joined}`,
    tokens: usable,
    given: given as string[],
    name,
  };
}
