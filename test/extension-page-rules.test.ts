// How the extension reads a page's own robots rules (X-Robots-Tag values,
// robots meta tags) and which pages it has nothing to check on: plain
// functions, tested without a browser (test/extension.test.ts runs them in Chromium).
import { describe, expect, test } from 'vitest';
import { crawler, crawlers } from '../src/crawlers.js';
import {
  headerDirectives,
  keepsOutOfIndex,
  meaningOf,
  metaDirective,
  pageReaders,
  readBy,
} from '../extension/src/page-directives.js';
import { whyUnchecked } from '../extension/src/page-kind.js';

const tokensOf = (name: string) => crawler(name)!.tokens;

describe('X-Robots-Tag values', () => {
  test('rules with no name are for every crawler; a name starts rules for that crawler until the next', () => {
    expect(headerDirectives('noindex, nofollow')).toEqual([
      { source: 'X-Robots-Tag', agent: 'robots', rules: ['noindex', 'nofollow'] },
    ]);
    expect(headerDirectives('googlebot: noindex, nofollow, BingBot: noarchive')).toEqual([
      { source: 'X-Robots-Tag', agent: 'googlebot', rules: ['noindex', 'nofollow'] },
      { source: 'X-Robots-Tag', agent: 'bingbot', rules: ['noarchive'] },
    ]);
  });

  test('rules written name: value are rules, and a date keeps its comma', () => {
    expect(headerDirectives('max-snippet: 20, unavailable_after: Sunday, 25-Jun-2028 15:00:00 GMT')).toEqual([
      {
        source: 'X-Robots-Tag',
        agent: 'robots',
        rules: ['max-snippet:20', 'unavailable_after:sunday, 25-jun-2028 15:00:00 gmt'],
      },
    ]);
  });

  test('empty and odd values give nothing, never an error', () => {
    for (const value of ['', ',,', ' , ', 'googlebot:', ':', 'googlebot: ,']) {
      expect(headerDirectives(value), value).toEqual([]);
    }
  });
});

describe('robots meta tags', () => {
  const tokens = new Set(['googlebot', 'bingbot']);

  test('robots and crawler names count; other meta names do not', () => {
    expect(metaDirective('Robots', 'NoIndex, NOFOLLOW', tokens)).toEqual({
      source: 'meta',
      agent: 'robots',
      rules: ['noindex', 'nofollow'],
    });
    expect(metaDirective('googlebot', 'noai', tokens)?.agent).toBe('googlebot');
    expect(metaDirective('description', 'noindex', tokens)).toBeNull();
    expect(metaDirective('robots', ' , ', tokens)).toBeNull();
  });

  test('a crawler reads rules naming any of its tokens: Googlebot-Image reads googlebot ones, bingbot does not', () => {
    const googlebot = metaDirective('googlebot', 'noindex', tokens)!;
    expect(readBy(googlebot, tokensOf('Googlebot-Image'))).toBe(true);
    expect(readBy(googlebot, tokensOf('bingbot'))).toBe(false);
    expect(readBy(metaDirective('robots', 'noindex', tokens)!, tokensOf('GPTBot'))).toBe(true);
  });

  test('what rules ask, in words', () => {
    expect(keepsOutOfIndex('none')).toBe(true);
    expect(meaningOf('noindex')).toBe('not to show the page in search results');
    expect(meaningOf('max-snippet:20')).toBe('to show at most 20 characters of it as a snippet');
    expect(meaningOf('index')).toBeNull();
  });
});

describe('pages with nothing to check', () => {
  test('http and https pages are checked; the others get a sentence', () => {
    expect(whyUnchecked('https://example.com/a')).toBeNull();
    expect(whyUnchecked('http://127.0.0.1:8080/')).toBeNull();
    expect(whyUnchecked('chrome://extensions/')).toMatch(/browser's own pages/);
    expect(whyUnchecked('about:blank')).toMatch(/browser's own pages/);
    expect(whyUnchecked('file:///tmp/report.pdf')).toMatch(/file on this computer/);
    expect(whyUnchecked('moz-extension://abc/popup.html')).toMatch(/extension's page/);
    expect(whyUnchecked('data:text/html,hi')).toBe(
      'Pages at data: addresses are not on the web: they have no robots.txt.',
    );
    expect(whyUnchecked('')).toBe('This tab shows no web page: there is no robots.txt to check.');
  });
});

describe("which crawlers read a page's own rules", () => {
  test('robots.txt-only tokens fetch no pages, so they neither read nor ignore meta tags and X-Robots-Tag', () => {
    const verdicts = crawlers.map((c) => ({ name: c.name, fetchesPages: c.sentInRequests }));
    const readers = pageReaders(verdicts).map((v) => v.name);
    expect(readers).toContain('Googlebot');
    expect(readers).toContain('GPTBot');
    for (const name of ['Google-Extended', 'Applebot-Extended']) {
      expect(crawler(name)?.sentInRequests, name).toBe(false);
      expect(readers, name).not.toContain(name);
    }
  });
});
