// robotsmatch/compat against robots-parser itself, on every corpus file and
// the corpus URL list: they agree, except in the differences docs/compat.md
// lists, and each disagreement is checked to be one of them.
import { describe, expect, test } from 'vitest';
import { createRequire } from 'node:module';
import robotsParser from '../src/compat.js';
import { corpusFiles, corpusUrls } from './support/corpus.js';

const require = createRequire(import.meta.url);
const original = require('robots-parser') as (
  url: string,
  body: string,
) => {
  isAllowed(url: string, ua?: string): boolean | undefined;
  getMatchingLineNumber(url: string, ua?: string): number;
  getCrawlDelay(ua?: string): number | undefined;
  getSitemaps(): string[];
  getPreferredHost(): string | null;
};

const AGENTS = [
  undefined,
  'Googlebot',
  'bingbot',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Twitterbot/1.0',
  'MJ12bot',
  'Mediapartners-Google',
  'Slurp',
  'msnbot',
];

/** robots-parser's name for a User-Agent (lower-cased, cut at `/`, trimmed). */
const rpName = (ua: string) => ua.toLowerCase().split('/')[0]!.trim();

/** Which documented difference explains a disagreement, or undefined. */
function explainDifference(body: string, url: string, ua: string | undefined): string | undefined {
  // 1. An empty query: robots-parser's URL has lost the `?` (URL.search is ''); Google keeps it.
  if (/\?(#|$)/.test(url)) return 'empty-query';
  // 2. /robots.txt is always allowed (RFC 9309).
  if (/^https?:\/\/[^/]+\/robots\.txt(\?|#|$)/.test(url)) return 'robots-txt';
  // 3. A User-agent value that is not a product token names a different group:
  //    robots-parser compares `mediapartners-google*` whole, robotsmatch its token.
  const agent = rpName(ua ?? '*');
  const token = /^[a-z_-]*/.exec(agent)![0];
  for (const m of body.matchAll(/^\s*user-agent\s*:\s*([^#\r\n]*)/gim)) {
    const name = rpName(m[1]!);
    if (
      name !== '*' &&
      name !== /^[a-z_-]*/.exec(name)![0] &&
      (name.startsWith(token) || token === /^[a-z_-]*/.exec(name)![0])
    )
      return 'agent-token';
  }
  // 4. Percent-encoded letters, digits or -._~: RFC 9309 decodes them on both sides, robots-parser does not.
  if (
    /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[de]|5f|7e)/i.test(url) ||
    /^\s*(dis)?allow\s*:.*%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[de]|5f|7e)/im.test(body)
  )
    return 'unreserved-escapes';
  return undefined;
}

describe('robotsmatch/compat agrees with robots-parser on the corpus, except where documented', () => {
  const urls = corpusUrls(4_000).map((u) => u.replace(/^http:/, 'https:'));
  for (const { name, body: bytes } of corpusFiles()) {
    test(name, () => {
      const body = new TextDecoder().decode(bytes);
      const theirs = original('https://example.com/robots.txt', body);
      const ours = robotsParser('https://example.com/robots.txt', body);
      expect(ours.getSitemaps()).toEqual(theirs.getSitemaps());
      expect(ours.getPreferredHost()).toBe(theirs.getPreferredHost());
      for (const ua of AGENTS) expect(ours.getCrawlDelay(ua), `crawl-delay ${ua}`).toBe(theirs.getCrawlDelay(ua));
      const unexplained: string[] = [];
      let checks = 0;
      let differences = 0;
      for (const ua of AGENTS) {
        for (const url of urls) {
          checks++;
          if (ours.isAllowed(url, ua) === theirs.isAllowed(url, ua)) continue;
          differences++;
          if (!explainDifference(body, url, ua))
            unexplained.push(
              `${ua} ${url}: robots-parser ${theirs.isAllowed(url, ua)} (line ${theirs.getMatchingLineNumber(url, ua)}), compat ${ours.isAllowed(url, ua)} (line ${ours.getMatchingLineNumber(url, ua)})`,
            );
        }
      }
      expect(unexplained.slice(0, 10)).toEqual([]);
      // The documented differences are rare: the same answer on at least 85% of checks on every file (most files: all but a few).
      expect(differences / checks).toBeLessThan(0.15);
    });
  }
});
