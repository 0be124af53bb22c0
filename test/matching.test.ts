// Matching a URL (docs/behaviour.md, section 3).
import { describe, expect, test } from 'vitest';
import { normalizeUrl, parse, pathOf } from '../src/index.js';
import { allowed, verdict, RFC } from './support/verdict.js';

describe('3.1 the path of a URL', () => {
  const cases: [string, string][] = [
    ['', '/'],
    ['http://www.example.com', '/'],
    ['http://www.example.com/', '/'],
    ['http://www.example.com/a', '/a'],
    ['http://www.example.com/a/', '/a/'],
    ['http://www.example.com/a/b?c=http://d.e/', '/a/b?c=http://d.e/'],
    ['http://www.example.com/a/b?c=d&e=f#fragment', '/a/b?c=d&e=f'],
    ['example.com', '/'],
    ['example.com/', '/'],
    ['example.com/a', '/a'],
    ['example.com/a/', '/a/'],
    ['example.com/a/b?c=d&e=f#fragment', '/a/b?c=d&e=f'],
    ['a', '/'],
    ['a/', '/'],
    ['/a', '/a'],
    ['a/b', '/b'],
    ['example.com?a', '/?a'],
    ['example.com/a;b#c', '/a;b'],
    ['//a/b/c', '/b/c'],
    ['http://example.com;p=1', '/;p=1'],
    ['http://example.com#frag/x', '/'],
    ['http://example.com/../a/./b', '/../a/./b'],
    ['https://user:pw@example.com:8080/p?q#f', '/p?q'],
  ];
  for (const [url, path] of cases) {
    test(`3.1 path of ${JSON.stringify(url)} is ${JSON.stringify(path)}`, () => {
      expect(pathOf(url)).toBe(path);
    });
  }

  test('3.1 an empty URL means / (and / can be disallowed)', () => {
    expect(allowed('user-agent: FooBot\ndisallow: /\n', 'FooBot', '')).toBe(false);
    expect(allowed('', 'FooBot', '')).toBe(true);
    expect(allowed('user-agent: FooBot\ndisallow: /\n', '', '')).toBe(true);
  });

  test('3.1 the fragment never takes part in matching', () => {
    expect(allowed('User-agent: *\nDisallow: /a#b\n', 'x', 'http://e.com/a#b')).toBe(false);
    expect(allowed('User-agent: *\nDisallow: /*b\n', 'x', 'http://e.com/a#b')).toBe(true);
  });
});

describe('3.2 URL escaping', () => {
  test('3.2 (G) the URL is matched as given: raw non-ASCII does not match its escaped pattern', () => {
    const t = 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n';
    expect(allowed(t, 'FooBot', 'http://foo.bar/foo/bar/%E3%83%84')).toBe(true);
    expect(allowed(t, 'FooBot', 'http://foo.bar/foo/bar/ツ')).toBe(false);
  });

  test('3.2 (G) %aa in the URL does not match a pattern %aa (which became %AA)', () => {
    expect(allowed('User-agent: *\nDisallow: /%aa\n', 'x', '/%aa')).toBe(true);
  });

  test('3.2 (R) the URL is normalised like patterns', () => {
    const t = 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n';
    expect(allowed(t, 'FooBot', 'http://foo.bar/foo/bar/ツ', RFC)).toBe(true);
    expect(allowed(t, 'FooBot', 'http://foo.bar/foo/bar/%e3%83%84', RFC)).toBe(true);
    expect(allowed('User-agent: *\nDisallow: /%aa\n', 'x', '/%aa', RFC)).toBe(false);
  });

  // RFC 9309 section 2.2.2, the table of percent-encoded URI components.
  const rfcTable: [string, string, string][] = [
    ['/foo/bar?baz=quz', '/foo/bar?baz=quz', '/foo/bar?baz=quz'],
    ['/foo/bar/ツ', '/foo/bar/%E3%83%84', '/foo/bar/%E3%83%84'],
    ['/foo/bar/%E3%83%84', '/foo/bar/%E3%83%84', '/foo/bar/%E3%83%84'],
    ['/foo/bar/%62%61%7A', '/foo/bar/%62%61%7A', '/foo/bar/baz'],
  ];
  for (const [pattern, url, normal] of rfcTable) {
    test(`3.2 (R) RFC table: ${pattern} matches ${url}`, () => {
      expect(normalizeUrl(url)).toBe(normal);
      const t = `User-agent: *\nDisallow: /\nAllow: ${pattern}\n`;
      expect(allowed(t, 'x', `https://example.com${url}`, RFC)).toBe(true);
      expect(allowed(t, 'x', `https://example.com${normal}`, RFC)).toBe(true);
    });
  }

  test('3.2 (R) RFC 2.2.3: a %2A or %24 pattern matches a literal * or $ in the URL', () => {
    const t = 'User-agent: *\nDisallow: /path/file-with-a-%2A.html\nDisallow: /path/foo-%24\n';
    expect(allowed(t, 'x', 'https://www.example.com/path/file-with-a-*.html', RFC)).toBe(false);
    expect(allowed(t, 'x', 'https://www.example.com/path/foo-$', RFC)).toBe(false);
    expect(allowed(t, 'x', 'https://www.example.com/path/file-with-a-x.html', RFC)).toBe(true);
  });

  test('3.2 normalizeUrl works in either mode and is idempotent', () => {
    expect(normalizeUrl('/foo/bar/%62%61%7a')).toBe('/foo/bar/baz');
    expect(normalizeUrl('/caf\u00e9?q=%2f')).toBe('/caf%C3%A9?q=%2F');
    expect(normalizeUrl('/a*b$')).toBe('/a%2Ab%24');
    const once = normalizeUrl('/%7e%41ツ%zz%');
    expect(normalizeUrl(once)).toBe(once);
  });
});

describe('3.3 patterns', () => {
  // Google's path-matching table.
  const table: [string, string[], string[]][] = [
    ['/', ['/', '/x', '/a/b?c'], []],
    ['/*', ['/', '/x', '/a/b?c'], []],
    ['/$', ['/'], ['/x', '/?a']],
    [
      '/fish',
      ['/fish', '/fish.html', '/fish/salmon.html', '/fishheads', '/fishheads/yummy.html', '/fish.php?id=anything'],
      ['/Fish.asp', '/catfish', '/?id=fish', '/desert/fish'],
    ],
    [
      '/fish*',
      ['/fish', '/fish.html', '/fish/salmon.html', '/fishheads', '/fishheads/yummy.html', '/fish.php?id=anything'],
      ['/Fish.asp', '/catfish', '/?id=fish', '/desert/fish'],
    ],
    [
      '/fish/',
      ['/fish/', '/fish/?id=anything', '/fish/salmon.htm'],
      ['/fish', '/fish.html', '/animals/fish/', '/Fish/Salmon.asp'],
    ],
    [
      '/*.php',
      [
        '/index.php',
        '/filename.php',
        '/folder/filename.php',
        '/folder/filename.php?parameters',
        '/folder/any.php.file.html',
        '/filename.php/',
        '/index?f=filename.php/',
      ],
      ['/', '/windows.PHP', '/php/', '/index?php'],
    ],
    [
      '/*.php$',
      ['/filename.php', '/folder/filename.php'],
      [
        '/filename.php?parameters',
        '/filename.php/',
        '/filename.php5',
        '/windows.PHP',
        '/php/',
        '/filename?php',
        '/aaaphpaaa',
      ],
    ],
    ['/fish*.php', ['/fish.php', '/fishheads/catfish.php?parameters'], ['/Fish.PHP']],
  ];
  for (const [pattern, hits, misses] of table) {
    test(`3.3 Google table: ${pattern}`, () => {
      const t = `user-agent: FooBot\ndisallow: /\nallow: ${pattern}\n`;
      const rule = { type: 'allow', pattern };
      for (const path of hits)
        expect(verdict(t, 'FooBot', `http://foo.bar${path}`), path).toMatchObject({ allowed: true, rule });
      for (const path of misses)
        expect(verdict(t, 'FooBot', `http://foo.bar${path}`), path).toMatchObject({ allowed: false });
    });
  }

  test('3.3 * matches across slashes', () => {
    const t = 'User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n';
    expect(allowed(t, 'FooBot', 'http://foo.bar/foo/bar/quz')).toBe(false);
    expect(allowed(t, 'FooBot', 'http://foo.bar/foo/quz')).toBe(true);
    expect(allowed(t, 'FooBot', 'http://foo.bar/foo//quz')).toBe(true);
    expect(allowed(t, 'FooBot', 'http://foo.bar/foo/bax/quz')).toBe(true);
    expect(allowed('User-agent: *\nDisallow: /a*b*c\n', 'x', '/a/x/b/y/c/z')).toBe(false);
  });

  test('3.3 $ anchors only at the end of a pattern', () => {
    const t = 'User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n';
    expect(allowed(t, 'FooBot', 'http://foo.bar/foo/bar')).toBe(false);
    expect(allowed(t, 'FooBot', 'http://foo.bar/foo/bar/qux')).toBe(true);
    expect(allowed(t, 'FooBot', 'http://foo.bar/foo/bar/')).toBe(true);
    expect(allowed(t, 'FooBot', 'http://foo.bar/foo/bar/baz')).toBe(true);
    expect(allowed('User-agent: *\nDisallow: /a$b\n', 'x', '/a$b')).toBe(false);
    expect(allowed('User-agent: *\nDisallow: /a$b\n', 'x', '/a')).toBe(true);
    expect(allowed('User-agent: *\nDisallow: /a$$\n', 'x', '/a$')).toBe(false);
    expect(allowed('User-agent: *\nDisallow: /a*$\n', 'x', '/abc')).toBe(false);
    expect(allowed('User-agent: *\nDisallow: $\n', 'x', '/')).toBe(true);
  });

  test('3.3 matching is case-sensitive', () => {
    expect(allowed('user-agent: FooBot\ndisallow: /x/\n', 'FooBot', 'http://foo.bar/x/y')).toBe(false);
    expect(allowed('user-agent: FooBot\ndisallow: /X/\n', 'FooBot', 'http://foo.bar/x/y')).toBe(true);
  });
});

describe('3.3 literal `$` and `*`, written as they are or percent-encoded, on each side', () => {
  // [pattern, URL path, disallowed in Google mode, disallowed in RFC mode]
  const cases: [string, string, boolean, boolean][] = [
    ['/a$b', '/a$b', true, true], // `$` inside a pattern is literal: both modes (RFC: both sides become %24)
    ['/a$b', '/a%24b', false, true], // Google matches the URL as given; RFC normalises it
    ['/a%24b', '/a$b', false, true],
    ['/a%24b', '/a%24b', true, true],
    ['/a%2Ab', '/a*b', false, true], // an encoded star is a literal star
    ['/a%2Ab', '/a%2Ab', true, true],
    ['/a%2ab', '/a%2Ab', true, true], // hex case does not matter in patterns
    ['/a*b', '/a*b', true, true], // a written star is a wildcard
    ['/a*b', '/aXYb', true, true],
    ['/a$b$', '/a$b', true, true], // the last `$` anchors, the inner one is literal
    ['/a$b$', '/a$bc', false, false],
    ['/x$', '/x$', false, false], // a final `$` is the anchor, not a literal
    ['/x$', '/x', true, true],
  ];
  test.each(cases)('Disallow: %s, URL %s: Google %s, RFC %s', (pattern, path, google, rfc) => {
    const body = `User-agent: *\nDisallow: ${pattern}\n`;
    expect(allowed(body, 'bot', `https://e.com${path}`), 'google').toBe(!google);
    expect(allowed(body, 'bot', `https://e.com${path}`, RFC), 'rfc').toBe(!rfc);
  });

  test('the deciding rule is reported as written', () => {
    expect(verdict('User-agent: *\nDisallow: /a$b\n', 'bot', '/a$b', RFC)).toEqual({
      allowed: false,
      line: 2,
      rule: { type: 'disallow', pattern: '/a$b' },
    });
  });
});

describe('3.4 precedence', () => {
  const url = 'http://foo.bar/x/page.html';
  const cases: [string, string, boolean][] = [
    ['disallow: /x/page.html\nallow: /x/\n', url, false],
    ['allow: /x/page.html\ndisallow: /x/\n', url, true],
    ['allow: /x/page.html\ndisallow: /x/\n', 'http://foo.bar/x/', false],
    ['disallow: \nallow: \n', url, true],
    ['disallow: /\nallow: /\n', url, true],
    ['disallow: /x\nallow: /x/\n', 'http://foo.bar/x', false],
    ['disallow: /x\nallow: /x/\n', 'http://foo.bar/x/', true],
    ['disallow: /x/page.html\nallow: /x/page.html\n', url, true],
    ['allow: /page\ndisallow: /*.html\n', 'http://foo.bar/page.html', false],
    ['allow: /page\ndisallow: /*.html\n', 'http://foo.bar/page', true],
    ['allow: /x/page.\ndisallow: /*.html\n', url, true],
    ['allow: /x/page.\ndisallow: /*.html\n', 'http://foo.bar/x/y.html', false],
    // Google's precedence examples.
    ['allow: /p\ndisallow: /\n', 'http://example.com/page', true],
    ['allow: /folder\ndisallow: /folder\n', 'http://example.com/folder/page', true],
    ['allow: /page\ndisallow: /*.htm\n', 'http://example.com/page.htm', false],
    ['allow: /page\ndisallow: /*.ph\n', 'http://example.com/page.php5', true],
    ['allow: /$\ndisallow: /\n', 'http://example.com/', true],
    ['allow: /$\ndisallow: /\n', 'http://example.com/page.htm', false],
  ];
  for (const [rules, u, expected] of cases) {
    test(`3.4 ${JSON.stringify(rules)} on ${u} is ${expected ? 'allowed' : 'disallowed'}`, () => {
      expect(allowed(`user-agent: FooBot\n${rules}`, 'FooBot', u)).toBe(expected);
      expect(allowed(`user-agent: FooBot\n${rules}`, 'FooBot', u, RFC)).toBe(expected);
    });
  }

  test('3.4 the longest pattern counts its bytes after normalisation', () => {
    // "/ツ" is 3 bytes long escaped to 10; "/%E3%83" is 7.
    const t = 'User-agent: *\nAllow: /ツ\nDisallow: /%E3%83%84x\n';
    expect(verdict(t, 'a', '/%E3%83%84xyz')).toMatchObject({ allowed: false, line: 3 });
    expect(verdict('User-agent: *\nDisallow: /%E3%83\nAllow: /ツ\n', 'a', '/%E3%83%84')).toMatchObject({
      allowed: true,
      line: 3,
    });
  });

  test('3.4 an empty allow/disallow value matches nothing', () => {
    expect(allowed('User-agent: *\nDisallow:\n', 'x', '/anything')).toBe(true);
  });

  test('3.4 RFC simple example', () => {
    const t =
      'User-Agent: *\nDisallow: *.gif$\nDisallow: /example/\nAllow: /publications/\n\nUser-Agent: foobot\nDisallow:/\nAllow:/example/page.html\nAllow:/example/allowed.gif\n\nUser-Agent: barbot\nUser-Agent: bazbot\nDisallow: /example/page.html\n\nUser-Agent: quxbot\n';
    for (const mode of [undefined, RFC]) {
      expect(allowed(t, 'foobot', '/example/page.html', mode)).toBe(true);
      expect(allowed(t, 'foobot', '/example/allowed.gif', mode)).toBe(true);
      expect(allowed(t, 'foobot', '/other', mode)).toBe(false);
      expect(allowed(t, 'barbot', '/example/page.html', mode)).toBe(false);
      expect(allowed(t, 'bazbot', '/example/other.html', mode)).toBe(true);
      expect(allowed(t, 'quxbot', '/example/page.html', mode)).toBe(true);
      expect(allowed(t, 'otherbot', '/example/x', mode)).toBe(false);
      expect(allowed(t, 'otherbot', '/publications/x', mode)).toBe(true);
      expect(allowed(t, 'otherbot', '/a.gif', mode)).toBe(false); // "*" matches the leading "/" too
      expect(allowed(t, 'otherbot', '/a.gifs', mode)).toBe(true);
      expect(allowed(t, 'otherbot', '/publications/a.gif', mode)).toBe(true); // 14 bytes beat 7
    }
  });

  test('3.4 RFC longest-match example', () => {
    const t = 'User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n';
    expect(allowed(t, 'foobot', 'http://example.com/example/page/disallow.gif', RFC)).toBe(true);
    expect(allowed(t, 'foobot', 'http://example.com/example/page/disallowed.gif', RFC)).toBe(false);
  });
});

describe('3.5 index.html', () => {
  const t = 'User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n';
  test('3.5 (G) allowing <dir>/index.html allows <dir>/', () => {
    expect(verdict(t, 'foobot', 'http://foo.com/allowed-slash/')).toEqual({
      allowed: true,
      line: 2,
      rule: { type: 'allow', pattern: '/allowed-slash/index.html' },
    });
    expect(allowed(t, 'foobot', 'http://foo.com/allowed-slash/index.htm')).toBe(false);
    expect(allowed(t, 'foobot', 'http://foo.com/allowed-slash/index.html')).toBe(true);
    expect(allowed(t, 'foobot', 'http://foo.com/allowed-slash/x')).toBe(false);
    expect(allowed(t, 'foobot', 'http://foo.com/anyother-url')).toBe(false);
  });

  test('3.5 (G) index.htm and anything after it count too; an earlier slash does not', () => {
    expect(allowed('User-Agent: *\nAllow: /d/index.htmx\nDisallow: /\n', 'a', '/d/')).toBe(true);
    expect(allowed('User-Agent: *\nAllow: /d/index.html?x=/y\nDisallow: /\n', 'a', '/d/')).toBe(false);
    expect(allowed('User-Agent: *\nAllow: /d/Index.html\nDisallow: /\n', 'a', '/d/')).toBe(false);
  });

  test('3.5 disallow rules never get this', () => {
    expect(allowed('User-Agent: *\nDisallow: /d/index.html\n', 'a', '/d/')).toBe(true);
  });

  test('3.5 (R) the RFC mode has no index.html rule', () => {
    expect(allowed(t, 'foobot', 'http://foo.com/allowed-slash/', RFC)).toBe(false);
  });
});

describe('3.6 /robots.txt', () => {
  const t = 'User-agent: *\nDisallow: /\n';
  test('3.6 (R) /robots.txt is always allowed', () => {
    expect(verdict(t, 'x', 'https://example.com/robots.txt', RFC)).toEqual({ allowed: true, line: 0, rule: null });
    expect(allowed(t, 'x', 'https://example.com/robots.txt?x=1', RFC)).toBe(true);
    expect(allowed(t, 'x', 'https://example.com/robots.txt.bak', RFC)).toBe(false);
  });

  test('3.6 (G) /robots.txt is matched like any other path', () => {
    expect(allowed(t, 'x', 'https://example.com/robots.txt')).toBe(false);
  });
});

describe('3.7 verdicts name the deciding rule', () => {
  test('3.7 the deciding rule and its 1-based line', () => {
    const t = 'User-agent: *\nDisallow: /a\nAllow: /a/b\n';
    expect(verdict(t, 'x', '/a/c')).toEqual({ allowed: false, line: 2, rule: { type: 'disallow', pattern: '/a' } });
    expect(verdict(t, 'x', '/a/b')).toEqual({ allowed: true, line: 3, rule: { type: 'allow', pattern: '/a/b' } });
    expect(verdict(t, 'x', '/z')).toEqual({ allowed: true, line: 0, rule: null });
  });

  test('3.7 on a tie the allow line is reported', () => {
    expect(verdict('User-agent: *\nDisallow: /a\nAllow: /a\n', 'x', '/a')).toMatchObject({ allowed: true, line: 3 });
    expect(verdict('User-agent: *\nAllow: /a\nDisallow: /a\n', 'x', '/a')).toMatchObject({ allowed: true, line: 2 });
  });

  test('3.7 of equal rules the first is reported', () => {
    expect(verdict('User-agent: *\nDisallow: /a\nDisallow: /a\nDisallow: /*\n', 'x', '/a')).toMatchObject({ line: 2 });
    expect(verdict('User-agent: *\nDisallow: /b\nUser-agent: *\nDisallow: /b\n', 'x', '/b')).toMatchObject({ line: 2 });
  });

  test('3.7 an empty rule that applies is reported with its line but allows', () => {
    expect(verdict('User-agent: *\nDisallow:\n', 'x', '/a')).toEqual({
      allowed: true,
      line: 2,
      rule: { type: 'disallow', pattern: '' },
    });
    expect(verdict('User-agent: *\nDisallow:\nAllow:\n', 'x', '/a')).toEqual({
      allowed: true,
      line: 3,
      rule: { type: 'allow', pattern: '' },
    });
  });

  test('3.7 when a specific group applies, the line comes from it', () => {
    const t = 'User-agent: *\nDisallow: /\nUser-agent: FooBot\nAllow: /x\n';
    expect(verdict(t, 'FooBot', '/y')).toEqual({ allowed: true, line: 0, rule: null });
    expect(verdict(t, 'FooBot', '/x')).toMatchObject({ allowed: true, line: 4 });
    expect(verdict(t, 'Other', '/x')).toMatchObject({ allowed: false, line: 2 });
  });

  test('3.7 check and isAllowed agree', () => {
    const robots = parse('User-agent: *\nDisallow: /a\nAllow: /a/b\nDisallow: /*.gif$\n');
    for (const url of ['/a', '/a/b', '/a/b.gif', '/c.gif', '/c.gifx', '/']) {
      expect(robots.isAllowed(url, 'x')).toBe(robots.check(url, 'x').allowed);
    }
    robots.dispose();
  });
});
