// Crawler names: product tokens (SPEC 2.2-2.3).

import { typeError } from '../common/errors.js';

const PLAIN_TOKEN = /^[A-Za-z_-]*$/;

const BROWSER_PRODUCTS = /^(Mozilla|AppleWebKit|KHTML|Chrome|Chromium|CriOS|Safari|Version|Mobile|Gecko|Firefox|Edge?|Edg|OPR|Opera|Build|Trident)$/i;
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

/** The leading run of [A-Za-z_-]: the product token a User-agent value names (SPEC 2.2), '' when none. */
export function leadingToken(text: string): string {
  return /^[A-Za-z_-]*/.exec(text)![0];
}

/** True when `agent` names a group as it is: non-empty and only [A-Za-z_-]. */
export function isPlainToken(agent: string): boolean {
  if (typeof agent !== 'string') throw typeError('agent', 'a string', agent);
  return agent.length > 0 && PLAIN_TOKEN.test(agent);
}

/**
 * The caller's tokens as the core compares them: '\n'-joined, keeping only
 * the tokens that could ever equal a group's token (others, like
 * "Googlebot/2.1", name no group, exactly as in Google's parser). `cacheKey`
 * tells apart sets that join alike ([] and [''] both join to '').
 */
export interface AgentTokens {
  joined: string;
  count: number;
  cacheKey: string;
}

export function agentTokens(agent: string | readonly string[]): AgentTokens {
  if (typeof agent === 'string') {
    return PLAIN_TOKEN.test(agent)
      ? { joined: agent, count: 1, cacheKey: '1\n' + agent }
      : { joined: '', count: 0, cacheKey: '0\n' };
  }
  if (!Array.isArray(agent)) throw typeError('agent', 'a string or an array of strings', agent);
  const usable: string[] = [];
  for (const one of agent as unknown[]) {
    if (typeof one !== 'string') throw typeError('agent', 'a string or an array of strings', one);
    if (PLAIN_TOKEN.test(one)) usable.push(one);
  }
  const joined = usable.join('\n');
  return { joined, count: usable.length, cacheKey: `${usable.length}\n${joined}` };
}

