// crawlDelay() reads records, as the crawlers that honour Crawl-delay do
// (docs/behaviour.md, section 2), while rules keep Google's grouping.
import { describe, expect, test } from 'vitest';
import { crawlDelay, parse } from '../src/index.js';
import { growth, timed } from './support/growth.js';

const delays = (body: string, agents: string[], mode: 'google' | 'rfc' = 'google') => {
  const robots = parse(body, { mode });
  try {
    return agents.map((a) => crawlDelay(robots, a));
  } finally {
    robots.dispose();
  }
};

describe('crawl-delay belongs to its record', () => {
  test('a User-agent line after any other line starts a new record, even where Google merges the groups', () => {
    const body = 'User-agent: a\nCrawl-delay: 1\nUser-agent: b\nDisallow: /d\n';
    expect(delays(body, ['a', 'b', 'c'])).toEqual([1, undefined, undefined]);
    const robots = parse(body);
    expect(robots.isAllowed('/d', 'a')).toBe(false); // rules: Google's one group {a, b}
    robots.dispose();
  });

  test('consecutive User-agent lines share one record', () => {
    expect(delays('User-agent: a\nUser-agent: b\nCrawl-delay: 2\n', ['a', 'B', 'c'])).toEqual([2, 2, undefined]);
  });

  test('the * record only when no record names the agent', () => {
    const body = 'User-agent: *\nCrawl-delay: 10\n\nUser-agent: FooBot\nCrawl-delay: 0.5\n\nUser-agent: BarBot\nDisallow: /\n';
    expect(delays(body, ['FooBot', 'foobot', 'Other', 'BarBot'])).toEqual([0.5, 0.5, 10, undefined]);
  });

  test('comments, blank lines and unparseable lines do not end a run of User-agent lines', () => {
    expect(delays('User-agent: a\n# note\n\nnonsense\nUser-agent: b\nCrawl-delay: 3\n', ['a', 'b'])).toEqual([3, 3]);
    expect(delays('User-agent: a\nSitemap: https://e.com/s.xml\nUser-agent: b\nCrawl-delay: 3\n', ['a', 'b'])).toEqual([undefined, 3]);
  });

  test('the first valid delay of the records naming the agent; invalid values skipped', () => {
    expect(delays('User-agent: x\nCrawl-delay: soon\nCrawl-delay: -1\nCrawl-delay: 3\nCrawl-delay: 4\n', ['x'])).toEqual([3]);
    expect(delays('User-agent: x\nCrawl-delay: 5\nDisallow: /a\nUser-agent: x\nCrawl-delay: 6\n', ['x'])).toEqual([5]);
  });

  test('names are product tokens, and agents that are not tokens name no record', () => {
    expect(delays('User-agent: Googlebot/2.1\nCrawl-delay: 7\nUser-agent: *\nCrawl-delay: 1\n', ['googlebot', 'Googlebot/2.1'])).toEqual([7, 1]);
    const robots = parse('User-agent: a\nCrawl-delay: 2\nUser-agent: b\nCrawl-delay: 3\n');
    expect(crawlDelay(robots, ['x', 'b'])).toBe(3);
    robots.dispose();
  });

  test('`* text` is the * record in Google mode only; typo keys are User-agent lines in Google mode only', () => {
    expect(delays('User-agent: * x\nCrawl-delay: 4\n', ['bot'], 'google')).toEqual([4]);
    expect(delays('User-agent: * x\nCrawl-delay: 4\n', ['bot'], 'rfc')).toEqual([undefined]);
    expect(delays('Useragent: bot\nCrawl-delay: 4\n', ['bot'], 'google')).toEqual([4]);
    expect(delays('Useragent: bot\nCrawl-delay: 4\n', ['bot'], 'rfc')).toEqual([undefined]);
  });

  test('no record at all, and a delay before any User-agent line', () => {
    expect(delays('Crawl-delay: 5\nDisallow: /\n', ['x'])).toEqual([undefined]);
    expect(delays('', ['x'])).toEqual([undefined]);
  });
});

describe('agent arrays cost records plus agents (issue 19.8)', () => {
  // A product token per number: letters only, so every one names a record.
  const name = (prefix: string, i: number) => prefix + i.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26)));
  const bodyOf = (records: number) => Array.from({ length: records }, (_, i) => `User-agent: ${name('bot', i)}\nCrawl-delay: ${i % 5 + 1}\nDisallow: /${i}\n`).join('');
  // `count` tokens, one of which (near the end) names record `named`.
  const agentsOf = (count: number, named: number) => Array.from({ length: count }, (_, i) => (i === count - 10 ? name('bot', named) : name('agent', i)));
  const body = bodyOf(6_000);
  const agents = agentsOf(40_000, 4_321);

  test('crawlDelay() with 40,000 tokens against 6,000 records: linear, not records x agents', () => {
    const robots = parse(body);
    crawlDelay(robots, 'warm'); // the reading, made once per Robots
    expect(crawlDelay(robots, agents)).toBe(4_321 % 5 + 1);
    expect(crawlDelay(robots, agents.filter((_, i) => i !== 39_990))).toBeUndefined();
    robots.dispose();
  });

  test('crawlDelay() grows linearly when records and tokens both grow 16-fold', () => {
    // Guards against matching every record against every token (records x
    // agents: 1.4 s at 6,000 x 40,000 here). Not a wall-clock bound: the
    // growth of the call's cost from 375 records x 2,500 tokens to 6,000 x
    // 40,000, best of alternating runs (test/support/growth.ts), which a busy
    // machine does not change: about 16 for linear work, 256 for the product.
    const made: ReturnType<typeof parse>[] = [];
    const sized = (records: number, tokens: number) => {
      const robots = parse(bodyOf(records));
      made.push(robots);
      crawlDelay(robots, 'warm'); // the reading, made once per Robots
      const list = agentsOf(tokens, records - 1);
      return () => {
        let seconds: number | undefined;
        const ms = timed(() => (seconds = crawlDelay(robots, list)));
        expect(seconds).toBe((records - 1) % 5 + 1);
        return ms;
      };
    };
    const small = sized(375, 2_500);
    const large = sized(6_000, 40_000);
    const g = growth(small, large);
    for (const robots of made) robots.dispose();
    expect(g.ratio, `best ${g.small.toFixed(2)} ms, then ${g.large.toFixed(2)} ms`).toBeLessThan(64);
  });
});

describe('bingbot: a * Crawl-delay applies even when a bingbot record exists (Bing: a bingbot section overrides the default directives except Crawl-delay)', async () => {
  const { crawler } = await import('../src/crawlers.js');
  const bing = crawler('bingbot')!;
  const body = 'User-agent: *\nCrawl-delay: 10\nDisallow: /private/\n\nUser-agent: bingbot\nDisallow: /search\n';
  test('the registry entry takes the * delay; the plain token, read as the records say, does not', () => {
    const robots = parse(body);
    try {
      expect(crawlDelay(robots, bing)).toBe(10);
      expect(crawlDelay(robots, 'bingbot')).toBeUndefined();
      // its rules stay its own group's: the * Disallow does not reach it
      expect(robots.isAllowed('/private/x', bing)).toBe(true);
    } finally {
      robots.dispose();
    }
  });
  test("its own record's delay still wins; a crawler without the flag keeps the record reading", () => {
    const robots = parse('User-agent: *\nCrawl-delay: 10\n\nUser-agent: bingbot\nCrawl-delay: 2\n\nUser-agent: GPTBot\nDisallow: /x\n');
    try {
      expect(crawlDelay(robots, bing)).toBe(2);
      expect(crawlDelay(robots, crawler('GPTBot')!)).toBeUndefined();
      expect(crawlDelay(robots, { tokens: ['GPTBot'], crawlDelayFromGlobal: true })).toBe(10);
    } finally {
      robots.dispose();
    }
  });
});
