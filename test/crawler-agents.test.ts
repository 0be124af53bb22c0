// Crawlers as well as tokens (docs/crawlers.md). A token or an array keeps Google's C++
// API (a union of groups); a crawler follows the group of the first of its
// tokens that a group names, and `*` only if it obeys `*`. Cases from
// Google's robots.txt documentation, "Order of precedence for user agents".
import { describe, expect, test } from 'vitest';
import { crawlDelay, parse, type Crawler } from '../src/index.js';
import { explain } from '../src/explain.js';

const googlebot: Crawler = { name: 'Googlebot', tokens: ['Googlebot'] };
const news: Crawler = { name: 'Googlebot-News', tokens: ['Googlebot-News', 'Googlebot'] };
const image: Crawler = { name: 'Googlebot-Image', tokens: ['Googlebot-Image', 'Googlebot'] };
const storebot: Crawler = { name: 'Storebot-Google', tokens: ['Storebot-Google'] };
const otherbot: Crawler = { name: 'Otherbot', tokens: ['Otherbot'] };
const adsbot: Crawler = { name: 'AdsBot-Google', tokens: ['AdsBot-Google'], obeysGlobalGroup: false };

// Google's example: three groups, each rule naming its group.
const THREE_GROUPS = `user-agent: googlebot-news
disallow: /group-1

user-agent: *
disallow: /group-2

user-agent: googlebot
disallow: /group-3
`;
const groupOf = (robots: ReturnType<typeof parse>, who: Crawler | string) => {
  for (const n of [1, 2, 3]) if (!robots.isAllowed(`/group-${n}`, who)) return n;
  return 0;
};

describe('6.2 a crawler follows the most specific group (Google: order of precedence)', () => {
  const robots = parse(THREE_GROUPS);
  test.each([
    ['Googlebot News follows group 1: googlebot-news is the most specific group', news, 1],
    ['Googlebot (web) follows group 3', googlebot, 3],
    ['Googlebot Storebot follows group 2: there is no Storebot-Google group', storebot, 2],
    ['Otherbot follows group 2', otherbot, 2],
    ['Googlebot-Image has no group of its own and falls back to the Googlebot group, not `*`', image, 3],
  ] as const)('%s', (_, crawler, group) => {
    expect(groupOf(robots, crawler)).toBe(group);
  });

  test('only one group applies: Googlebot-News does not also get the Googlebot group', () => {
    expect(robots.isAllowed('/group-3', news)).toBe(true);
  });

  test('a token array keeps the C++ API meaning: every named group merged', () => {
    expect(robots.isAllowed('/group-1', ['Googlebot-News', 'Googlebot'])).toBe(false);
    expect(robots.isAllowed('/group-3', ['Googlebot-News', 'Googlebot'])).toBe(false);
    // and a plain token that names no group gets `*`, as Google's parser gives it
    expect(groupOf(robots, 'Googlebot-Image')).toBe(2);
  });

  test('groups naming the chosen token are merged (Google: grouping of rules)', () => {
    const merged = parse(
      'user-agent: googlebot-news\ndisallow: /fish\n\nuser-agent: *\ndisallow: /carrots\n\nuser-agent: googlebot-news\ndisallow: /shrimp\n',
    );
    expect([
      merged.isAllowed('/fish', news),
      merged.isAllowed('/shrimp', news),
      merged.isAllowed('/carrots', news),
    ]).toEqual([false, false, true]);
  });

  test('the same answers from forAgent(), in RFC mode, and after the full index is built', () => {
    for (const mode of ['google', 'rfc'] as const) {
      const r = parse(THREE_GROUPS, { mode });
      for (const [crawler, group] of [
        [news, 1],
        [googlebot, 3],
        [storebot, 2],
        [image, 3],
      ] as const) {
        const m = r.forAgent(crawler);
        const found = [1, 2, 3].find((n) => !m.isAllowed(`/group-${n}`));
        expect(found).toBe(group);
        for (let i = 0; i < 10; i++) expect(groupOf(r, crawler)).toBe(group); // across the light-to-full switch
      }
    }
  });
});

describe("6.2 crawlers that ignore `*` (Google's special-case crawlers)", () => {
  const robots = parse('User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nAllow: /\n');
  test('AdsBot ignores the `*` group: only a group naming it binds it', () => {
    expect(robots.isAllowed('/anything', adsbot)).toBe(true);
    expect(robots.isAllowed('/anything', 'AdsBot-Google')).toBe(false); // the token alone: Google's parser, `*` applies
    const named = parse('User-agent: *\nDisallow: /\n\nUser-agent: AdsBot-Google\nDisallow: /checkout\n');
    expect([named.isAllowed('/checkout', adsbot), named.isAllowed('/', adsbot)]).toEqual([false, true]);
  });
  test('explain says why nothing binds it', () => {
    const e = explain(robots, '/anything', adsbot);
    expect(e).toMatchObject({ allowed: true, groups: [], selectedBy: { token: null } });
    expect(e.message).toBe(
      'AdsBot-Google may fetch /anything: no group names AdsBot-Google, and it ignores the `*` group, so nothing in this file restricts it.',
    );
  });
});

describe('6.2 explain names the token that chose the group', () => {
  const robots = parse(THREE_GROUPS);
  test('a fallback token', () => {
    const e = explain(robots, '/group-3', image);
    expect(e.selectedBy).toEqual({
      token: 'Googlebot',
      why: 'no group names Googlebot-Image, so it follows the Googlebot group',
    });
    expect(e.message).toBe(
      'Googlebot-Image may not fetch /group-3: no group names Googlebot-Image, so it follows the Googlebot group, and line 8 `disallow: /group-3` is the longest matching rule (8 bytes).',
    );
  });
  test('the global group', () => {
    expect(explain(robots, '/group-2', storebot).selectedBy).toEqual({
      token: '*',
      why: 'no group names Storebot-Google, so it follows the `*` group',
    });
  });
  test('a token array has no selection: it is a union', () => {
    expect(explain(robots, '/group-2', ['Googlebot-News', 'Googlebot']).selectedBy).toBeUndefined();
  });
});

describe('6.2 crawl-delay follows the same choice', () => {
  const robots = parse('User-agent: Googlebot\nCrawl-delay: 3\n\nUser-agent: *\nCrawl-delay: 9\n');
  test('fallback token, `*`, and a crawler that ignores `*`', () => {
    expect(crawlDelay(robots, image)).toBe(3);
    expect(crawlDelay(robots, storebot)).toBe(9);
    expect(crawlDelay(robots, adsbot)).toBeUndefined();
    expect(crawlDelay(robots, 'Googlebot-Image')).toBe(9);
  });
});

describe('crawler arguments are checked', () => {
  const robots = parse(THREE_GROUPS);
  test.each([
    [{ tokens: 'Googlebot' }, /agent.tokens must be an array of strings/],
    [{ tokens: ['a', 1] }, /agent must be/],
    [{}, /agent.tokens must be an array/],
    [42, /agent must be a string, an array of strings or a crawler/],
  ])('%j is a TypeError', (agent, message) => {
    expect(() => robots.isAllowed('/', agent as never)).toThrow(message);
  });
  test('a crawler with no usable token follows `*` (or nothing)', () => {
    expect(groupOf(robots, { tokens: ['Googlebot/2.1'] })).toBe(2);
    expect(groupOf(robots, { tokens: [], obeysGlobalGroup: false })).toBe(0);
  });
});
