// Who sent a request: the known crawlers a User-Agent header names.
//
// A crawler is recognised by its product token standing whole in the header
// (bounded by characters outside [A-Za-z0-9_-], case-insensitive), wherever
// it stands: GPTBot hides inside a browser-like header, `Googlebot-Image/1.0`
// is Googlebot-Image and not Googlebot. Robots.txt-only tokens
// (Google-Extended, Applebot-Extended) are never sent, so they are never
// identified. Nothing here verifies a claim: a header is whatever the client
// chose to send (see docs/crawlers.md on reverse DNS and published IP ranges).
//
// Cost: one pass over the header and one map look-up per word of a
// plausible length, with no regular expression per entry.

import { isbot } from 'isbot';
import { crawlerRegistry, type CrawlerEntry } from './registry.js';

const byUserAgentToken = new Map<string, CrawlerEntry>();
let shortest = Infinity;
let longest = 0;
for (const entry of crawlerRegistry) {
  if (!entry.sentInRequests) continue;
  for (const token of entry.userAgentTokens) {
    const key = token.toLowerCase();
    if (!byUserAgentToken.has(key)) byUserAgentToken.set(key, entry);
    shortest = Math.min(shortest, key.length);
    longest = Math.max(longest, key.length);
  }
}

/** [A-Za-z0-9_-] */
function isWordUnit(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x5f;
}

/**
 * The known crawlers a User-Agent header names, in the order their tokens
 * first appear in it (a header that claims several: the first is the one
 * it leads with). Browsers and unknown clients: an empty array.
 */
export function identify(userAgentHeader: string): CrawlerEntry[] {
  if (typeof userAgentHeader !== 'string') throw new TypeError(`userAgentHeader must be a string, got ${userAgentHeader === null ? 'null' : typeof userAgentHeader}`);
  const header = userAgentHeader;
  let found: CrawlerEntry[] | undefined;
  for (let i = 0; i < header.length; ) {
    if (!isWordUnit(header.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < header.length && isWordUnit(header.charCodeAt(i))) i++;
    const length = i - start;
    if (length < shortest || length > longest) continue;
    const entry = byUserAgentToken.get(header.slice(start, i).toLowerCase());
    if (entry && !found?.includes(entry)) (found ??= []).push(entry);
  }
  return found ?? [];
}

/**
 * Is this a bot at all? True for a known crawler, and for any other client
 * the isbot package recognises (a maintained list of bot patterns); false
 * for browsers.
 */
export function isBot(userAgentHeader: string): boolean {
  return identify(userAgentHeader).length > 0 || isbot(userAgentHeader);
}
