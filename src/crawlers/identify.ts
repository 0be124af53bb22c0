// Who sent a request: the known crawlers a User-Agent header names.
//
// A crawler is recognised by its product token standing whole in the header
// (bounded by characters outside [A-Za-z0-9_-], case-insensitive), wherever
// it stands: GPTBot hides inside a browser-like header, `Googlebot-Image/1.0`
// is Googlebot-Image and not Googlebot. Robots.txt-only tokens
// (Google-Extended, Applebot-Extended) are never sent, so they are never
// identified. Nothing here verifies a claim: a header is whatever the client
// chose to send (see docs/crawlers.md on reverse DNS and published IP ranges).
// A token right after the word "like" (or "compatible with") is a
// comparison, not a claim: FreshRSS says "like Googlebot", Feedly "like
// FeedFetcher-Google", TelegramBot "(like TwitterBot)", SentiBot
// "(compatible with Googlebot)"; none of them is the crawler it names.
//
// A word joined to an id by `_` (`bedrockbot_<UUID>`, as AWS documents its
// Bedrock crawler's header) is also read up to the `_`; a word joined to
// another word (`Slurp_Test`) is not.
//
// Cost: one pass over the header, hashing each word as it goes (folded to
// lower case) and looking the hash up in a map; a string is made only for a
// word whose hash is a known token's, to confirm it. No regular expression.

import { isbot } from 'isbot';
import { crawlerRegistry, type CrawlerEntry } from './registry.js';

/** A word's hash, folded to lower case (the same as scanning it in a header). */
function hashOf(word: string): number {
  let hash = 0;
  for (let i = 0; i < word.length; i++) hash = (Math.imul(hash, 31) + (word.charCodeAt(i) | 0x20)) | 0;
  return hash;
}

/** Known tokens (lower case) by hash; a hash may stand for more than one. */
const byHash = new Map<number, { token: string; entry: CrawlerEntry }[]>();
for (const entry of crawlerRegistry) {
  if (!entry.sentInRequests) continue;
  for (const token of entry.userAgentTokens) {
    const key = token.toLowerCase();
    const bucket = byHash.get(hashOf(key)) ?? [];
    if (!bucket.some((b) => b.token === key)) bucket.push({ token: key, entry });
    byHash.set(hashOf(key), bucket);
  }
}

const LIKE = hashOf('like');
const WITH = hashOf('with');
const COMPATIBLE = hashOf('compatible');

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
  if (typeof userAgentHeader !== 'string')
    throw new TypeError(
      `userAgentHeader must be a string, got ${userAgentHeader === null ? 'null' : typeof userAgentHeader}`,
    );
  const header = userAgentHeader;
  let found: CrawlerEntry[] | undefined;
  let afterLike = false; // the previous word was "like" (or "with" after "compatible") and only spaces follow it
  let afterCompatible = false; // the previous word was "compatible" and only spaces follow it
  for (let i = 0; i < header.length; ) {
    if (!isWordUnit(header.charCodeAt(i))) {
      if (header.charCodeAt(i) !== 0x20) afterLike = afterCompatible = false;
      i++;
      continue;
    }
    const start = i;
    let hash = 0;
    // The word up to its first `_` too: Amazon's Bedrock crawler sends `bedrockbot_` and a UUID as one word.
    let stem = -1;
    let stemHash = 0;
    for (let c = header.charCodeAt(i); i < header.length && isWordUnit(c); c = header.charCodeAt(++i)) {
      if (c === 0x5f && stem < 0) {
        stem = i;
        stemHash = hash;
      }
      hash = (Math.imul(hash, 31) + (c | 0x20)) | 0;
    }
    const compared = afterLike;
    const word = hash === LIKE || hash === WITH || hash === COMPATIBLE ? header.slice(start, i).toLowerCase() : '';
    afterLike = word === 'like' || (afterCompatible && word === 'with');
    afterCompatible = word === 'compatible';
    if (compared) continue;
    const entry =
      known(header, hash, start, i) ??
      (stem > start && isId(header.slice(stem + 1, i)) ? known(header, stemHash, start, stem) : undefined);
    if (entry && !found?.includes(entry)) (found ??= []).push(entry);
  }
  return found ?? [];
}

/** What follows `_` in `bedrockbot_<UUID>`: an id (it starts with 8 hex digits, as a UUID does), not a word (`Slurp_Test` is no Slurp). */
function isId(rest: string): boolean {
  return /^[0-9A-Fa-f]{8}/.test(rest);
}

/** The registry entry whose token is header[from, to) (its hash: `hash`), if any. */
function known(header: string, hash: number, from: number, to: number): CrawlerEntry | undefined {
  const bucket = byHash.get(hash);
  if (!bucket) return undefined;
  const token = header.slice(from, to).toLowerCase();
  return bucket.find((b) => b.token === token)?.entry;
}

/**
 * Is this a bot at all? True for a known crawler, and for any other client
 * the isbot package recognises (a maintained list of bot patterns); false
 * for browsers.
 */
export function isBot(userAgentHeader: string): boolean {
  return identify(userAgentHeader).length > 0 || isbot(userAgentHeader);
}
