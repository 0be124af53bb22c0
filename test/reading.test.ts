// Reading the file (docs/behaviour.md, section 1).
import { describe, expect, test } from 'vitest';
import { parse, lines } from '../src/index.js';
import { allowed, verdict, bytes, RFC } from './support/verdict.js';

const URL = 'http://foo.bar/x/y';

describe('1.1 size limit', () => {
  test('1.1 rules past the first 512,000 bytes are ignored by default', () => {
    const head = `User-agent: *\n#${'a'.repeat(512_000 - 16)}\n`;
    const robots = parse(`${head}Disallow: /\n`);
    expect(robots.truncated).toBe(true);
    expect(robots.isAllowed(URL, 'FooBot')).toBe(true);
    robots.dispose();
  });

  test('1.1 a rule that ends exactly at the limit is kept and not reported as cut', () => {
    const body = 'User-agent: *\nDisallow: /x';
    const robots = parse(body, { maxBytes: body.length });
    expect(robots.truncated).toBe(false);
    expect(robots.isAllowed(URL, 'FooBot')).toBe(false);
    robots.dispose();
  });

  test('1.1 maxBytes cuts strings and bytes at the same byte', () => {
    const body = 'User-agent: *\nDisallow: /ツツ\n';
    for (let limit = 20; limit < body.length + 6; limit++) {
      const fromString = parse(body, { maxBytes: limit });
      const fromBytes = parse(new TextEncoder().encode(body), { maxBytes: limit });
      expect(fromString.truncated).toBe(fromBytes.truncated);
      for (const url of ['/ツ', '/%E3%83%84', '/%E3%83%84%E3', '/%E3%83%84%E3%83%84']) {
        expect(fromString.check(url, 'a')).toEqual(fromBytes.check(url, 'a'));
      }
      fromString.dispose();
      fromBytes.dispose();
    }
  });

  test('1.1 the limit is an option', () => {
    const robots = parse('User-agent: *\nDisallow: /x/\n', { maxBytes: 20 });
    expect(robots.truncated).toBe(true);
    expect(robots.isAllowed(URL, 'FooBot')).toBe(true); // "Disallow: /" was cut to "Disall"
    robots.dispose();
  });
});

describe('1.2 byte order mark', () => {
  const rules = 'User-Agent: foo\nDisallow: /x/\n';
  test('1.2 a full UTF-8 BOM is skipped', () => {
    expect(allowed(bytes([0xef, 0xbb, 0xbf], rules), 'foo', URL)).toBe(false);
    expect(allowed(bytes([0xef, 0xbb, 0xbf], rules), 'foo', URL, RFC)).toBe(false);
    expect(allowed(`\uFEFF${rules}`, 'foo', URL)).toBe(false);
  });

  test('1.2 (G) a partial BOM prefix is skipped too', () => {
    expect(allowed(bytes([0xef, 0xbb], rules), 'foo', URL)).toBe(false);
    expect(allowed(bytes([0xef], rules), 'foo', URL)).toBe(false);
  });

  test('1.2 (R) a partial BOM is not a BOM: the first line is garbage', () => {
    expect(allowed(bytes([0xef, 0xbb], rules), 'foo', URL, RFC)).toBe(true);
  });

  test('1.2 a broken BOM leaves garbage on the first line', () => {
    // EF is skipped, then 11 BF "User-Agent" is an unknown key.
    const report = lines(bytes([0xef, 0x11, 0xbf], rules));
    expect(report[0]!.kind).toBe('other');
    expect(allowed(bytes([0xef, 0x11, 0xbf], rules), 'foo', URL)).toBe(true);
  });

  test('1.2 a BOM in the middle of the file is not skipped', () => {
    const body = bytes('User-Agent: foo\n', [0xef, 0xbb, 0xbf], 'Disallow: /x/\n');
    expect(allowed(body, 'foo', URL)).toBe(true);
  });
});

describe('1.3 lines', () => {
  const variants = {
    LF: 'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /\n',
    CRLF: 'User-Agent: foo\r\nAllow: /some/path\r\nUser-Agent: bar\r\n\r\n\r\nDisallow: /\r\n',
    CR: 'User-Agent: foo\rAllow: /some/path\rUser-Agent: bar\r\r\rDisallow: /\r',
    'no final newline': 'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /',
    mixed: 'User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /',
  };
  for (const [name, body] of Object.entries(variants)) {
    test(`1.3 ${name} line ends count lines alike`, () => {
      const v = verdict(body, 'bar', 'http://foo.bar/a');
      expect(v).toEqual({ allowed: false, line: 6, rule: { type: 'disallow', pattern: '/' } });
    });
  }

  test('1.3 CR CR LF is two line ends', () => {
    expect(verdict('User-agent: a\r\r\nDisallow: /\r\n', 'a', '/x').line).toBe(3);
  });

  test('1.3 (G) a line keeps its first 16,663 bytes', () => {
    const prefix = 'disallow: ';
    const longline = `/x/${'a'.repeat(16663 - prefix.length - 3 + 1)}`;
    const body = `user-agent: FooBot\n${prefix}${longline}/qux\n`;
    expect(allowed(body, 'FooBot', 'http://foo.bar/fux')).toBe(true);
    // The kept part of the pattern is the first 16,663 - 10 bytes.
    expect(allowed(body, 'FooBot', `http://foo.bar${longline.slice(0, 16653)}/fux`)).toBe(false);
    expect(allowed(body, 'FooBot', `http://foo.bar${longline.slice(0, 16652)}/fux`)).toBe(true);
    expect(lines(body)[1]!.problems).toContain('too-long');
  });

  test('1.3 (G) the cut allow rule still matches what remains', () => {
    const a = `/x/${'a'.repeat(16663 - 7 - 3 + 1)}`;
    const b = `/x/${'b'.repeat(16663 - 7 - 3 + 1)}`;
    const body = `user-agent: FooBot\ndisallow: /\nallow: ${a}/qux\nallow: ${b}/qux\n`;
    expect(allowed(body, 'FooBot', 'http://foo.bar/')).toBe(false);
    expect(allowed(body, 'FooBot', `http://foo.bar${a}/qux`)).toBe(true);
    expect(allowed(body, 'FooBot', `http://foo.bar${b}/fux`)).toBe(true);
  });

  test('1.3 (G) a NUL byte ends the line content', () => {
    const body = bytes('User-agent: *\nDisallow: /a', [0], 'bc\nDisallow: /z\n');
    expect(verdict(body, 'x', '/a').allowed).toBe(false);
    expect(verdict(body, 'x', '/abc').line).toBe(2);
    expect(verdict(body, 'x', '/z').line).toBe(3);
    expect(lines(body)[1]!.problems).toContain('nul-byte');
  });
});

describe('1.4 comments', () => {
  test('1.4 # starts a comment anywhere on the line', () => {
    const body = 'User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n';
    expect(allowed(body, 'FooBot', 'http://foo.bar/foo/bar')).toBe(true);
    expect(allowed(body, 'FooBot', 'http://foo.bar/foo/quz')).toBe(false);
    expect(verdict(body, 'FooBot', 'http://foo.bar/foo/quzqux').rule).toEqual({
      type: 'disallow',
      pattern: '/foo/quz',
    });
  });

  test('1.4 a comment inside the user-agent value ends it', () => {
    expect(allowed('User-agent: FooBot#BarBot\nDisallow: /\n', 'FooBot', URL)).toBe(false);
  });
});

describe('1.5 whitespace', () => {
  test('1.5 space, tab, VT and FF around line, key and value are ignored', () => {
    const body = ' \t User-agent \v:\f FooBot \t\nDisallow\t:\t/x/ \v\f\n';
    expect(verdict(body, 'FooBot', URL)).toEqual({
      allowed: false,
      line: 2,
      rule: { type: 'disallow', pattern: '/x/' },
    });
  });
});

describe('1.6 key: value', () => {
  test('1.6 (G) whitespace stands in for a missing colon', () => {
    expect(allowed('user-agent FooBot\ndisallow /\n', 'FooBot', URL)).toBe(false);
    expect(lines('disallow /\n')[0]!.problems).toContain('missing-colon');
  });

  test('1.6 (R) a missing colon makes the line unparseable', () => {
    expect(allowed('user-agent FooBot\ndisallow /\n', 'FooBot', URL, RFC)).toBe(true);
    expect(allowed('user-agent: FooBot\ndisallow /\n', 'FooBot', URL, RFC)).toBe(true);
  });

  test('1.6 (G) three tokens without a colon are not a rule', () => {
    expect(allowed('user-agent: FooBot\ndisallow / x\n', 'FooBot', URL)).toBe(true);
    expect(lines('disallow / x\n')[0]!.kind).toBe('invalid');
  });

  test('1.6 lines that do not parse are ignored and parsing goes on', () => {
    const body = 'foo\n:bar\nUser-agent: FooBot\n???\nDisallow: /\n';
    expect(verdict(body, 'FooBot', URL)).toMatchObject({ allowed: false, line: 5 });
    expect(lines(body).map((l) => l.kind)).toEqual([
      'invalid',
      'invalid',
      'user-agent',
      'invalid',
      'disallow',
      'empty',
    ]);
  });

  test('1.6 the value may contain colons', () => {
    const body = 'User-agent: *\nAllow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\nDisallow: /\n';
    expect(allowed(body, 'FooBot', 'http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par')).toBe(true);
  });
});

describe('1.7 keys', () => {
  const cases = [
    'USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n',
    'user-agent: FooBot\nallow: /x/\ndisallow: /\n',
    'uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n',
  ];
  for (const body of cases) {
    test(`1.7 keys are case-insensitive: ${JSON.stringify(body.slice(0, 10))}`, () => {
      expect(allowed(body, 'FooBot', 'http://foo.bar/x/y')).toBe(true);
      expect(allowed(body, 'FooBot', 'http://foo.bar/a/b')).toBe(false);
      expect(allowed(body, 'FooBot', 'http://foo.bar/a/b', RFC)).toBe(false);
    });
  }

  test('1.7 unknown keys do not affect matching', () => {
    expect(allowed('foo: FooBot\nbar: /\n', 'FooBot', URL)).toBe(true);
  });

  for (const typo of ['useragent', 'user agent']) {
    test(`1.7 (G) "${typo}" is accepted as user-agent and reported as a typo`, () => {
      expect(allowed(`${typo}: FooBot\ndisallow: /\n`, 'FooBot', URL)).toBe(false);
      expect(lines(`${typo}: FooBot\n`)[0]).toMatchObject({ kind: 'user-agent', problems: ['typo'] });
      expect(allowed(`${typo}: FooBot\ndisallow: /\n`, 'FooBot', URL, RFC)).toBe(true);
    });
  }

  for (const typo of ['dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw']) {
    test(`1.7 (G) "${typo}" is accepted as disallow and reported as a typo`, () => {
      expect(allowed(`user-agent: FooBot\n${typo}: /\n`, 'FooBot', URL)).toBe(false);
      expect(lines(`${typo}: /\n`)[0]).toMatchObject({ kind: 'disallow' });
      expect(lines(`${typo}: /\n`)[0]!.problems).toContain('typo');
      expect(allowed(`user-agent: FooBot\n${typo}: /\n`, 'FooBot', URL, RFC)).toBe(true);
    });
  }

  test('1.7 (G) site-map is a sitemap typo', () => {
    const robots = parse('Site-map: https://a.example/s.xml\n');
    expect(robots.sitemaps).toEqual(['https://a.example/s.xml']);
    expect(parse('Site-map: https://a.example/s.xml\n', RFC).sitemaps).toEqual([]);
  });

  test('1.7 (G) a key is recognised when it starts with the keyword', () => {
    expect(allowed('User-agentX: FooBot\nDisallowed: /\n', 'FooBot', URL)).toBe(false);
    expect(allowed('User-agent: FooBot\nAllowance: /x/\nDisallow: /\n', 'FooBot', URL)).toBe(true);
  });

  test('1.7 allow has no accepted typos', () => {
    expect(allowed('User-agent: FooBot\nDisallow: /\nalow: /x/\n', 'FooBot', URL)).toBe(false);
  });

  test('1.7 other records are kept in file order', () => {
    const robots = parse('User-agent: *\nCrawl-delay: 5\nHost: example.com\nClean-param: ref /a\n');
    expect(robots.otherRecords).toEqual([
      { line: 2, key: 'Crawl-delay', value: '5' },
      { line: 3, key: 'Host', value: 'example.com' },
      { line: 4, key: 'Clean-param', value: 'ref /a' },
    ]);
  });
});

describe('1.8 pattern normalisation', () => {
  test('1.8 non-ASCII bytes in a pattern become %XX', () => {
    const body = 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n';
    expect(allowed(body, 'FooBot', 'http://foo.bar/foo/bar/%E3%83%84')).toBe(true);
    expect(allowed(body, 'FooBot', 'http://foo.bar/foo/bar/ツ')).toBe(false);
  });

  test('1.8 %xx in a pattern gets upper-case hex', () => {
    const body = 'User-agent: FooBot\nDisallow: /%aa\n';
    expect(allowed(body, 'FooBot', '/%AA')).toBe(false);
    expect(allowed(body, 'FooBot', '/%aa')).toBe(true);
  });

  test('1.8 the reported pattern is the one written in the file', () => {
    const v = verdict('User-agent: *\nDisallow: /caf\u00e9/%aa\n', 'x', '/caf%C3%A9/%AA/x');
    expect(v.rule).toEqual({ type: 'disallow', pattern: '/caf\u00e9/%aa' });
  });

  test('1.8 (G) escapes of unreserved characters are kept', () => {
    const body = 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n';
    expect(allowed(body, 'FooBot', 'http://foo.bar/foo/bar/baz')).toBe(false);
    expect(allowed(body, 'FooBot', 'http://foo.bar/foo/bar/%62%61%7A')).toBe(true);
  });

  test('1.8 (R) escapes of unreserved characters are decoded (RFC 9309 2.2.2 table)', () => {
    const body = 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n';
    expect(allowed(body, 'FooBot', 'http://foo.bar/foo/bar/baz', RFC)).toBe(true);
    expect(allowed(body, 'FooBot', 'http://foo.bar/foo/bar/%62%61%7A', RFC)).toBe(true);
  });

  test('1.8 user-agent and sitemap values are kept as written', () => {
    const robots = parse('Sitemap: https://ja.example.org/テスト-サイトマップ.xml \nSitemap: http://a/%aa\n');
    expect(robots.sitemaps).toEqual(['https://ja.example.org/テスト-サイトマップ.xml', 'http://a/%aa']);
  });
});

describe('1.9 RFC keys', () => {
  test('1.9 (R) keys must equal the keyword exactly', () => {
    expect(allowed('User-agentX: FooBot\nDisallow: /\n', 'FooBot', URL, RFC)).toBe(true);
    expect(allowed('User-agent: FooBot\nDisallowed: /\n', 'FooBot', URL, RFC)).toBe(true);
    expect(allowed('User-agent: FooBot\nDisallow: /\n', 'FooBot', URL, RFC)).toBe(false);
  });
});
