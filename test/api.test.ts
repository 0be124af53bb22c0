// The public API's contract: argument checks, dispose, helpers.
import { describe, expect, test } from 'vitest';
import { crawlDelay, parse, productToken, normalizeUrl, pathOf, RobotsDisposedError, lines } from '../src/index.js';

describe('arguments', () => {
  test('a body that is not a string or bytes is a TypeError naming it', () => {
    for (const bad of [undefined, null, 42, {}, [1, 2]]) {
      expect(() => parse(bad as never)).toThrow(TypeError);
      expect(() => parse(bad as never)).toThrow(/body/);
      expect(() => lines(bad as never)).toThrow(/body/);
    }
  });

  test('an agent that is not a string or strings is a TypeError naming it', () => {
    const robots = parse('User-agent: *\nDisallow: /\n');
    for (const bad of [undefined, null, 42, {}, [1], ['a', null]]) {
      expect(() => robots.isAllowed('/x', bad as never)).toThrow(TypeError);
      expect(() => robots.check('/x', bad as never)).toThrow(/agent/);
    }
    robots.dispose();
  });

  test('a URL that is not a string or a URL object is a TypeError naming it', () => {
    const robots = parse('User-agent: *\nDisallow: /\n');
    expect(() => robots.isAllowed({ href: 'http://e.com/' } as never, 'x')).toThrow(/url/);
    expect(() => robots.isAllowed(42 as never, 'x')).toThrow(TypeError);
    expect(() => normalizeUrl(1 as never)).toThrow(TypeError);
    expect(() => pathOf(null as never)).toThrow(TypeError);
    robots.dispose();
  });

  test('bad options are RangeErrors naming the option', () => {
    expect(() => parse('', { mode: 'bing' as never })).toThrow(/options.mode/);
    expect(() => parse('', { maxBytes: -1 })).toThrow(RangeError);
    expect(() => parse('', { maxBytes: 1.5 })).toThrow(/options.maxBytes/);
    expect(() => parse('', 'rfc' as never)).toThrow(TypeError);
  });

  test('Buffer and Uint8Array subarrays are read from their own offset', () => {
    const whole = new TextEncoder().encode('xxxxUser-agent: *\nDisallow: /a\n');
    expect(parse(whole.subarray(4)).isAllowed('/a', 'z')).toBe(false);
    expect(parse(Buffer.from('User-agent: *\nDisallow: /a\n')).isAllowed('/a', 'z')).toBe(false);
  });
});

describe('dispose', () => {
  test('use after dispose throws RobotsDisposedError', () => {
    const robots = parse('User-agent: *\nDisallow: /\n');
    robots.dispose();
    robots.dispose(); // twice is fine
    expect(() => robots.isAllowed('/', 'x')).toThrow(RobotsDisposedError);
    expect(() => robots.check('/', 'x')).toThrow(/disposed/);
    expect(() => crawlDelay(robots, 'x')).toThrow(RobotsDisposedError);
    expect(() => robots.sitemaps).toThrow(RobotsDisposedError);
  });

  test('Symbol.dispose frees it too (using declarations)', () => {
    const robots = parse('User-agent: *\nDisallow: /\n');
    robots[Symbol.dispose]();
    expect(() => robots.isAllowed('/', 'x')).toThrow(RobotsDisposedError);
  });

  test('one robots does not disturb another', () => {
    const a = parse('User-agent: *\nDisallow: /a\n');
    const b = parse('User-agent: *\nDisallow: /b\n');
    expect(a.isAllowed('/a', 'x')).toBe(false);
    expect(b.isAllowed('/a', 'x')).toBe(true);
    a.dispose();
    expect(b.isAllowed('/b', 'x')).toBe(false);
    b.dispose();
  });

  test('many agent sets on one robots stay correct past the selection cache', () => {
    const robots = parse(
      Array.from({ length: 40 }, (_, i) => `User-agent: bot${'x'.repeat(i)}\nDisallow: /${i}\n`).join(''),
    );
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 40; i++) {
        expect(robots.check(`/${i}`, `bot${'x'.repeat(i)}`)).toMatchObject({ allowed: false, line: 2 * i + 2 });
      }
    }
    robots.dispose();
  });
});

describe('productToken', () => {
  const cases: [string, string][] = [
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Googlebot'],
    [
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/120.0.0.0 Safari/537.36',
      'Googlebot',
    ],
    [
      'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.71 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Googlebot',
    ],
    ['Googlebot-Image/1.0', 'Googlebot-Image'],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'bingbot'],
    ['DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)', 'DuckDuckBot'],
    ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 'facebookexternalhit'],
    ['Googlebot', 'Googlebot'],
    ['curl/8.4.0', 'curl'],
    ['', ''],
  ];
  for (const [header, token] of cases) {
    test(`productToken(${JSON.stringify(header.slice(0, 50))}) is ${token}`, () => {
      expect(productToken(header)).toBe(token);
    });
  }
});
