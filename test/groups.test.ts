// Groups and the crawler's tokens (docs/behaviour.md, section 2).
import { describe, expect, test } from 'vitest';
import { crawlDelay, lines, parse, isPlainToken } from '../src/index.js';
import { allowed, verdict, RFC } from './support/verdict.js';

describe('2.1 groups', () => {
  const body =
    'allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\nallow: /y/\n\n\n' +
    'allow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\nallow: /z/\ndisallow: /\n';

  test('2.1 user-agent lines then rules make a group; blank lines do not end it', () => {
    expect(allowed(body, 'FooBot', 'http://foo.bar/x/b')).toBe(true);
    expect(allowed(body, 'FooBot', 'http://foo.bar/z/d')).toBe(true);
    expect(allowed(body, 'FooBot', 'http://foo.bar/y/c')).toBe(false);
    expect(allowed(body, 'BarBot', 'http://foo.bar/y/c')).toBe(true);
    expect(allowed(body, 'BarBot', 'http://foo.bar/w/a')).toBe(true);
    expect(allowed(body, 'BarBot', 'http://foo.bar/z/d')).toBe(false);
    expect(allowed(body, 'BazBot', 'http://foo.bar/z/d')).toBe(true);
  });

  test('2.1 rules before the first user-agent line are ignored', () => {
    for (const agent of ['FooBot', 'BarBot', 'BazBot']) {
      expect(allowed(body, agent, 'http://foo.bar/foo/bar/')).toBe(false);
    }
    expect(allowed('Disallow: /\nUser-agent: *\n', 'FooBot', '/x')).toBe(true);
  });

  test('2.1 sitemap lines do not end a group', () => {
    const text = 'User-agent: BarBot\nSitemap: https://foo.bar/sitemap\nUser-agent: *\nDisallow: /\n';
    expect(allowed(text, 'FooBot', 'http://foo.bar/')).toBe(false);
    expect(allowed(text, 'BarBot', 'http://foo.bar/')).toBe(false);
  });

  test('2.1 other records do not end a group', () => {
    const text = 'User-agent: FooBot\nInvalid-Unknown-Line: unknown\nUser-agent: *\nDisallow: /\n';
    expect(allowed(text, 'FooBot', 'http://foo.bar/')).toBe(false);
    expect(allowed(text, 'BarBot', 'http://foo.bar/')).toBe(false);
    expect(allowed(text, 'BarBot', 'http://foo.bar/', RFC)).toBe(false);
  });

  test('2.1 Google example: a sitemap between two user-agent lines keeps one group', () => {
    const text = 'user-agent: a\nsitemap: https://example.com/sitemap.xml\n\nuser-agent: b\ndisallow: /\n';
    expect(allowed(text, 'a', '/x')).toBe(false);
    expect(allowed(text, 'b', '/x')).toBe(false);
  });

  test('2.1 Google example: four groups a, b, e+f, h', () => {
    const text =
      'user-agent: a\ndisallow: /c\n\nuser-agent: b\ndisallow: /d\n\nuser-agent: e\nuser-agent: f\ndisallow: /g\n\nuser-agent: h\n';
    expect(allowed(text, 'a', '/c')).toBe(false);
    expect(allowed(text, 'a', '/d')).toBe(true);
    expect(allowed(text, 'b', '/d')).toBe(false);
    expect(allowed(text, 'e', '/g')).toBe(false);
    expect(allowed(text, 'f', '/g')).toBe(false);
    expect(allowed(text, 'h', '/c')).toBe(true);
  });
});

describe('2.2 product tokens in the file', () => {
  test('2.2 user-agent values are case-insensitive', () => {
    for (const ua of ['FOO BAR', 'foo bar', 'FoO bAr']) {
      const text = `User-Agent: ${ua}\nAllow: /x/\nDisallow: /\n`;
      for (const agent of ['Foo', 'foo']) {
        expect(allowed(text, agent, 'http://foo.bar/x/y')).toBe(true);
        expect(allowed(text, agent, 'http://foo.bar/a/b')).toBe(false);
      }
    }
  });

  test('2.2 the token stops at the first character outside [A-Za-z_-]', () => {
    const text = 'User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n';
    expect(allowed(text, 'Foo', 'http://foo.bar/x/y')).toBe(true);
    expect(allowed(text, 'Foo Bar', 'http://foo.bar/x/y')).toBe(false);
  });

  test('2.2 agent token stops at a digit', () => {
    const text = 'User-agent: AB42bot\nDisallow: /\n';
    expect(allowed(text, 'AB', '/x')).toBe(false);
    expect(allowed(text, 'AB42bot', '/x')).toBe(true);
  });

  test('2.2 Googlebot/2.1 in the file is the token Googlebot', () => {
    expect(allowed('User-agent: Googlebot/2.1\nDisallow: /\n', 'googlebot', '/x')).toBe(false);
    expect(allowed('User-agent: googlebot*\nDisallow: /\n', 'Googlebot', '/x')).toBe(false);
  });

  test('2.2 (G) "*" followed by whitespace and text is still the global group', () => {
    const text = 'User-agent: * foo\nDisallow: /\n';
    expect(allowed(text, 'Bar', '/x')).toBe(false);
    expect(allowed('User-agent: *\tfoo\nDisallow: /\n', 'Bar', '/x')).toBe(false);
  });

  test('2.2 (R) only a lone "*" is the global group', () => {
    expect(allowed('User-agent: * foo\nDisallow: /\n', 'Bar', '/x', RFC)).toBe(true);
    expect(allowed('User-agent: *\nDisallow: /\n', 'Bar', '/x', RFC)).toBe(false);
  });

  test('2.2 "*foo" is not the global group', () => {
    expect(allowed('User-agent: *foo\nDisallow: /\n', 'Bar', '/x')).toBe(true);
  });
});

describe('2.3 the crawler names itself', () => {
  const text = 'user-agent: FooBot\ndisallow: /\n';
  test('2.3 tokens are compared whole: Googlebot/2.1 from the caller names no group', () => {
    expect(allowed('User-agent: Googlebot\nDisallow: /\nUser-agent: *\nAllow: /\n', 'Googlebot/2.1', '/x')).toBe(true);
    expect(allowed('User-agent: Googlebot\nDisallow: /\nUser-agent: *\nDisallow: /a\n', 'Googlebot/2.1', '/a')).toBe(
      false,
    );
  });

  test('2.3 "Foo Bar" from the caller names no group', () => {
    expect(allowed('User-agent: Foo\nDisallow: /\n', 'Foo Bar', '/x')).toBe(true);
  });

  test('2.3 an empty caller token names only an empty user-agent token', () => {
    expect(allowed(text, '', '')).toBe(true);
    expect(allowed('User-agent:\nDisallow: /\n', '', '/x')).toBe(false);
    expect(allowed('User-agent: 123\nDisallow: /\n', '', '/x')).toBe(false);
    expect(allowed('User-agent: 123\nDisallow: /\n', 'x', '/x')).toBe(true);
  });

  test('2.3 several tokens: a group naming any of them applies', () => {
    const t = 'User-agent: FooBot\nDisallow: /foo\nUser-agent: BarBot\nDisallow: /bar\nUser-agent: *\nDisallow: /\n';
    expect(allowed(t, ['FooBot', 'BarBot'], '/foo')).toBe(false);
    expect(allowed(t, ['FooBot', 'BarBot'], '/bar')).toBe(false);
    expect(allowed(t, ['FooBot', 'BarBot'], '/baz')).toBe(true);
    expect(allowed(t, ['QuxBot', 'Googlebot/2.1'], '/baz')).toBe(false);
    expect(allowed(t, [], '/baz')).toBe(false);
  });

  test('2.3 plain tokens are [A-Za-z_-]+ (linter helper)', () => {
    for (const ok of ['Foobot', 'Foobot-Bar', 'Foo_Bar']) expect(isPlainToken(ok)).toBe(true);
    for (const bad of ['', 'ツ', 'Foobot*', ' Foobot ', 'Foobot/2.1', 'Foobot Bar'])
      expect(isPlainToken(bad)).toBe(false);
  });
});

describe('2.4 choosing groups', () => {
  test('2.4 the specific group wins over the global one', () => {
    const t = 'user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n';
    expect(allowed(t, 'FooBot', 'http://foo.bar/x/y')).toBe(false);
    expect(allowed(t, 'BarBot', 'http://foo.bar/x/y')).toBe(true);
  });

  test('2.4 no group and no global group: everything allowed', () => {
    expect(allowed('', 'FooBot', 'http://foo.bar/x/y')).toBe(true);
    const t = 'user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\nuser-agent: BazBot\ndisallow: /\n';
    expect(allowed(t, 'QuxBot', 'http://foo.bar/x/y')).toBe(true);
  });

  test('2.4 specific and global rules are never mixed', () => {
    const t = 'User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n';
    expect(allowed(t, 'FooBot', 'http://foo.bar/x/page')).toBe(true);
    expect(allowed(t, 'FooBot', 'http://foo.bar/y/page')).toBe(false);
  });

  test('2.4 a specific group with no rules allows everything', () => {
    const t = 'User-agent: *\nDisallow: /\nUser-agent: FooBot\n';
    expect(verdict(t, 'FooBot', '/x')).toEqual({ allowed: true, line: 0, rule: null });
  });

  test('2.4 Google example: groups for googlebot-news, *, googlebot', () => {
    const t =
      'user-agent: googlebot-news\ndisallow: /1\n\nuser-agent: *\ndisallow: /2\n\nuser-agent: googlebot\ndisallow: /3\n';
    const group = (agent: string) => [1, 2, 3].find((n) => !allowed(t, agent, `/${n}`));
    expect(group('Googlebot-News')).toBe(1);
    expect(group('Googlebot')).toBe(3);
    expect(group('Storebot-Google')).toBe(2);
    expect(group('Otherbot')).toBe(2);
  });

  test('2.4 Google example: groups for one agent are merged', () => {
    const t =
      'user-agent: googlebot-news\ndisallow: /fish\n\nuser-agent: *\ndisallow: /carrots\n\nuser-agent: googlebot-news\ndisallow: /shrimp\n';
    expect(allowed(t, 'googlebot-news', '/fish')).toBe(false);
    expect(allowed(t, 'googlebot-news', '/shrimp')).toBe(false);
    expect(allowed(t, 'googlebot-news', '/carrots')).toBe(true);
    expect(allowed(t, 'otherbot', '/carrots')).toBe(false);
    expect(allowed(t, 'otherbot', '/fish')).toBe(true);
  });

  test('2.4 a group naming both * and the agent is the specific group', () => {
    const t = 'User-agent: *\nUser-agent: FooBot\nDisallow: /a\nUser-agent: *\nDisallow: /b\n';
    expect(allowed(t, 'FooBot', '/a')).toBe(false);
    expect(allowed(t, 'FooBot', '/b')).toBe(true);
    expect(allowed(t, 'BarBot', '/a')).toBe(false);
    expect(allowed(t, 'BarBot', '/b')).toBe(false);
  });
});

describe('2.5 sitemaps and other records', () => {
  test('2.5 sitemaps are collected from anywhere, in order', () => {
    const robots = parse(
      'Sitemap: http://foo.bar/a.xml\nUser-Agent: foo\nAllow: /some/path\nsitemap: http://foo.bar/b.xml\n\n\nSitemap:   http://foo.bar/c.xml  \n',
    );
    expect(robots.sitemaps).toEqual(['http://foo.bar/a.xml', 'http://foo.bar/b.xml', 'http://foo.bar/c.xml']);
    robots.dispose();
  });

  test('2.6 crawl-delay comes from the record naming the crawler, else the * record', () => {
    const robots = parse(
      'User-agent: *\nCrawl-delay: 10\nDisallow:\n\nUser-agent: FooBot\nCrawl-delay: 0.5\nDisallow: /x\n\nUser-agent: BarBot\nDisallow: /\n',
    );
    expect(crawlDelay(robots, 'FooBot')).toBe(0.5);
    expect(crawlDelay(robots, 'foobot')).toBe(0.5);
    expect(crawlDelay(robots, 'Other')).toBe(10);
    expect(crawlDelay(robots, 'BarBot')).toBeUndefined();
    robots.dispose();
  });

  test('2.6 crawl-delay skips values that are not numbers', () => {
    const robots = parse('User-agent: *\nCrawl-delay: soon\nCrawl-delay: -1\nCrawl-delay: 3\n');
    expect(crawlDelay(robots, 'x')).toBe(3);
    robots.dispose();
  });
});

describe('2.6 crawl-delay where Google merges groups', () => {
  test("2.6 a delay under the crawler's own user-agent line is its record's, though the rules share one group", () => {
    // No rule separates the two user-agent lines, so Google reads one group {*, FooBot}.
    const robots = parse('User-agent: *\nCrawl-delay: 10\n\nUser-agent: FooBot\nCrawl-delay: 0.5\nDisallow: /x\n');
    expect(crawlDelay(robots, 'FooBot')).toBe(0.5);
    expect(robots.isAllowed('/x', 'Other')).toBe(false); // the merged group is also the global one
    expect(crawlDelay(robots, 'Other')).toBe(10);
    robots.dispose();
  });
});

describe('2.2 the per-line reading reports whom a user-agent line names, as the matcher reads it', () => {
  const body =
    'User-agent: *\nUser-agent: * Disallow: /\nUser-agent: Googlebot/2.1\nUser-agent: 123\nUser-agent: *bot\n';
  test('Google mode: `* text` is the global group', () => {
    expect(
      lines(body)
        .filter((l) => l.kind === 'user-agent')
        .map((l) => l.agent),
    ).toEqual(['*', '*', 'Googlebot', '', '']);
    // ...and the matcher agrees: the second line's group is the global one.
    expect(allowed('User-agent: * Disallow: /\nDisallow: /x\n', 'AnyBot', '/x')).toBe(false);
  });
  test('RFC mode: `* text` names no crawler', () => {
    expect(
      lines(body, RFC)
        .filter((l) => l.kind === 'user-agent')
        .map((l) => l.agent),
    ).toEqual(['*', '', 'Googlebot', '', '']);
    expect(allowed('User-agent: * Disallow: /\nDisallow: /x\n', 'AnyBot', '/x', RFC)).toBe(true);
  });
});
