// crawlDelay() reads records, as the crawlers that honour Crawl-delay do
// (docs/behaviour.md, section 2), while rules keep Google's grouping.
import { describe, expect, test } from 'vitest';
import { crawlDelay, parse } from '../src/index.js';
import { countCalls } from './support/count-calls.js';

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
    const body =
      'User-agent: *\nCrawl-delay: 10\n\nUser-agent: FooBot\nCrawl-delay: 0.5\n\nUser-agent: BarBot\nDisallow: /\n';
    expect(delays(body, ['FooBot', 'foobot', 'Other', 'BarBot'])).toEqual([0.5, 0.5, 10, undefined]);
  });

  test('comments, blank lines and unparseable lines do not end a run of User-agent lines', () => {
    expect(delays('User-agent: a\n# note\n\nnonsense\nUser-agent: b\nCrawl-delay: 3\n', ['a', 'b'])).toEqual([3, 3]);
    expect(delays('User-agent: a\nSitemap: https://e.com/s.xml\nUser-agent: b\nCrawl-delay: 3\n', ['a', 'b'])).toEqual([
      undefined,
      3,
    ]);
  });

  test('the first valid delay of the records naming the agent; invalid values skipped', () => {
    expect(
      delays('User-agent: x\nCrawl-delay: soon\nCrawl-delay: -1\nCrawl-delay: 3\nCrawl-delay: 4\n', ['x']),
    ).toEqual([3]);
    expect(delays('User-agent: x\nCrawl-delay: 5\nDisallow: /a\nUser-agent: x\nCrawl-delay: 6\n', ['x'])).toEqual([5]);
  });

  test('names are product tokens, and agents that are not tokens name no record', () => {
    expect(
      delays('User-agent: Googlebot/2.1\nCrawl-delay: 7\nUser-agent: *\nCrawl-delay: 1\n', [
        'googlebot',
        'Googlebot/2.1',
      ]),
    ).toEqual([7, 1]);
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

describe('agent arrays cost records plus agents', () => {
  // A product token per number: letters only, so every one names a record.
  const name = (prefix: string, i: number) =>
    prefix + i.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26)));
  const body = Array.from(
    { length: 6_000 },
    (_, i) => `User-agent: ${name('bot', i)}\nCrawl-delay: ${(i % 5) + 1}\nDisallow: /${i}\n`,
  ).join('');
  // 40,000 tokens, one of which (near the end) names record 4,321.
  const agents = Array.from({ length: 40_000 }, (_, i) => (i === 39_990 ? name('bot', 4_321) : name('agent', i)));

  test('crawlDelay() with 40,000 tokens against 6,000 records: the record a token near the end names', () => {
    const robots = parse(body);
    crawlDelay(robots, 'warm'); // the reading, made once per Robots
    expect(crawlDelay(robots, agents)).toBe((4_321 % 5) + 1);
    expect(
      crawlDelay(
        robots,
        agents.filter((_, i) => i !== 39_990),
      ),
    ).toBeUndefined();
    robots.dispose();
  });

  test('crawlDelay() asks a set about each record token once, not each record about every token', () => {
    // Guards against matching every record against every token (records x
    // agents: 6,000 x 40,000 set lookups, 1.4 s here). Not a wall-clock bound:
    // the set lookups counted during the call (a count does not change on a
    // busy machine): at least one per record, at most a few per record and
    // token. Past the bound the count throws, so the old way fails at once.
    const robots = parse(body);
    crawlDelay(robots, 'warm'); // the reading, made once per Robots
    let seconds: number | undefined;
    const lookups = countCalls(
      Set.prototype,
      ['has'],
      4 * (6_000 + 40_000),
      () => (seconds = crawlDelay(robots, agents)),
    );
    expect(seconds).toBe((4_321 % 5) + 1);
    expect(lookups).toBeGreaterThanOrEqual(6_000);
    expect(lookups).toBeLessThanOrEqual(4 * (6_000 + 40_000));
    robots.dispose();
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
    const robots = parse(
      'User-agent: *\nCrawl-delay: 10\n\nUser-agent: bingbot\nCrawl-delay: 2\n\nUser-agent: GPTBot\nDisallow: /x\n',
    );
    try {
      expect(crawlDelay(robots, bing)).toBe(2);
      expect(crawlDelay(robots, crawler('GPTBot')!)).toBeUndefined();
      expect(crawlDelay(robots, { tokens: ['GPTBot'], crawlDelayFromGlobal: true })).toBe(10);
    } finally {
      robots.dispose();
    }
  });
});
