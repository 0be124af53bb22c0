// robotsmatch/compat against robots-parser 3.x's documented behaviour: its
// own test cases restated as data (inputs and expected results are facts),
// and a differential test against robots-parser itself on the corpus.
import { describe, expect, test } from 'vitest';
import { createRequire } from 'node:module';
import robotsParser from '../src/compat.js';

const E = 'http://www.example.com';
const rules = (...lines: string[]) => lines.join('\n');

/** [what, robots.txt URL, contents, URLs allowed (isAllowed true), URLs disallowed (isDisallowed true)] */
const verdictCases: [string, string, string, string[], string[]][] = [
  [
    'disallow',
    `${E}/robots.txt`,
    rules('User-agent: *', 'Disallow: /fish/', 'Disallow: /test.html'),
    [`${E}/fish`, `${E}/Test.html`],
    [`${E}/fish/index.php`, `${E}/fish/`, `${E}/test.html`],
  ],
  [
    'allow',
    `${E}/robots.txt`,
    rules('User-agent: *', 'Disallow: /fish/', 'Disallow: /test.html', 'Allow: /fish/test.html', 'Allow: /test.html'),
    [`${E}/fish`, `${E}/fish/test.html`, `${E}/Test.html`, `${E}/test.html`],
    [`${E}/fish/index.php`, `${E}/fish/`],
  ],
  [
    'patterns',
    `${E}/robots.txt`,
    rules('User-agent: *', 'Disallow: /fish*.php', 'Disallow: /*.dext$', 'Disallow: /dir*'),
    [`${E}/Fish.PHP`, `${E}/Fish.dext1`, `${E}/folder/dir.html`, `${E}/folder/dir/test.html`],
    [
      `${E}/fish.php`,
      `${E}/fishheads/catfish.php?parameters`,
      `${E}/AnYthInG.dext`,
      `${E}/Fish.dext.dext`,
      `${E}/dir/test.html`,
      `${E}/directory.html`,
    ],
  ],
  [
    'allow and disallow precedence',
    `${E}/robots.txt`,
    rules(
      'User-agent: *',
      'Disallow: /fish*.php',
      'Allow: /fish/index.php',
      'Disallow: /test',
      'Allow: /test/',
      'Disallow: /aa/',
      'Allow: /aa/',
      'Allow: /bb/',
      'Disallow: /bb/',
    ),
    [`${E}/test/index.html`, `${E}/fish/index.php`, `${E}/test/`, `${E}/aa/`, `${E}/bb/`, `${E}/x/`],
    [`${E}/fish.php`, `${E}/fishheads/catfish.php?parameters`, `${E}/test`],
  ],
  [
    'wildcard precedence',
    `${E}/robots.txt`,
    rules('User-agent: *', 'Disallow: /*/', 'Allow: /x/'),
    [`${E}/x/`, `${E}/fish.php`, `${E}/test`],
    [`${E}/a/`, `${E}/xx/`, `${E}/test/index.html`],
  ],
  [
    'CR line ends',
    `${E}/robots.txt`,
    ['User-agent: *', 'Disallow: /fish/', 'Disallow: /test.html'].join('\r'),
    [`${E}/fish`, `${E}/Test.html`],
    [`${E}/fish/index.php`, `${E}/fish/`, `${E}/test.html`],
  ],
  [
    'CRLF line ends',
    `${E}/robots.txt`,
    ['User-agent: *', 'Disallow: /fish/', 'Disallow: /test.html'].join('\r\n'),
    [`${E}/fish`, `${E}/Test.html`],
    [`${E}/fish/index.php`, `${E}/fish/`, `${E}/test.html`],
  ],
  [
    'mixed line ends',
    `${E}/robots.txt`,
    'User-agent: *\rDisallow: /fish/\r\nDisallow: /test.html\n\n',
    [`${E}/fish`, `${E}/Test.html`],
    [`${E}/fish/index.php`, `${E}/fish/`, `${E}/test.html`],
  ],
  [
    'rules outside a group',
    `${E}/robots.txt`,
    rules('Disallow: /secret.html', 'Disallow: /test'),
    [`${E}/secret.html`, `${E}/test/index.html`, `${E}/test/`],
    [],
  ],
  [
    'comments',
    `${E}/robots.txt`,
    rules(
      '#',
      '# This is a comment',
      '#',
      'User-agent: *',
      '# This is a comment',
      'Disallow: /fish/ # ignore',
      '# Disallow: fish',
      'Disallow: /test.html',
    ),
    [`${E}/fish`, `${E}/Test.html`],
    [`${E}/fish/index.php`, `${E}/fish/`, `${E}/test.html`],
  ],
  [
    'invalid lines',
    `${E}/robots.txt`,
    rules(
      'invalid line',
      'User-agent: *',
      'Disallow: /fish/',
      ':::::another invalid line:::::',
      'Disallow: /test.html',
      'Unknown: tule',
    ),
    [`${E}/fish`, `${E}/Test.html`],
    [`${E}/fish/index.php`, `${E}/fish/`, `${E}/test.html`],
  ],
  [
    'empty user-agent lines',
    `${E}/robots.txt`,
    rules('User-agent:', 'Disallow: /fish/', 'Disallow: /test.html'),
    [`${E}/fish`, `${E}/Test.html`, `${E}/fish/index.php`, `${E}/fish/`, `${E}/test.html`],
    [],
  ],
  [
    'Unicode, percent-encoded and punycode hosts (Unicode host)',
    'http://www.münich.com/robots.txt',
    rules('User-agent: *', 'Disallow: /secret.html', 'Disallow: /test'),
    [
      'http://www.münich.com/index.html',
      'http://www.xn--mnich-kva.com/index.html',
      'http://www.m%C3%BCnich.com/index.html',
    ],
    [
      'http://www.münich.com/secret.html',
      'http://www.xn--mnich-kva.com/secret.html',
      'http://www.m%C3%BCnich.com/secret.html',
    ],
  ],
  [
    'Unicode, percent-encoded and punycode hosts (punycode host)',
    'http://www.xn--mnich-kva.com/robots.txt',
    rules('User-agent: *', 'Disallow: /secret.html', 'Disallow: /test'),
    ['http://www.münich.com/index.html', 'http://www.m%C3%BCnich.com/index.html'],
    ['http://www.münich.com/secret.html', 'http://www.m%C3%BCnich.com/secret.html'],
  ],
  [
    'Unicode, percent-encoded and punycode hosts (percent-encoded host)',
    'http://www.m%C3%BCnich.com/robots.txt',
    rules('User-agent: *', 'Disallow: /secret.html', 'Disallow: /test'),
    ['http://www.münich.com/index.html', 'http://www.xn--mnich-kva.com/index.html'],
    ['http://www.münich.com/secret.html', 'http://www.xn--mnich-kva.com/secret.html'],
  ],
  [
    'Unicode and percent-encoded paths',
    `${E}/robots.txt`,
    rules(
      'User-agent: *',
      'Disallow: /%CF%80',
      'Disallow: /%e2%9d%83',
      'Disallow: /%a%a',
      'Disallow: /💩',
      'Disallow: /✼*t$',
      'Disallow: /%E2%9C%A4*t$',
      'Disallow: /✿%a',
      'Disallow: /http%3A%2F%2Fexample.org',
    ),
    [
      `${E}/✼testing`,
      `${E}/%E2%9C%BCtesting`,
      `${E}/✤testing`,
      `${E}/%E2%9C%A4testing`,
      `${E}/http://example.org`,
      `${E}/http:%2F%2Fexample.org`,
    ],
    [
      `${E}/%CF%80`,
      `${E}/%CF%80/index.html`,
      `${E}/π`,
      `${E}/π/index.html`,
      `${E}/%e2%9d%83`,
      `${E}/%E2%9D%83/index.html`,
      `${E}/❃`,
      `${E}/❃/index.html`,
      `${E}/%F0%9F%92%A9`,
      `${E}/%F0%9F%92%A9/index.html`,
      `${E}/💩`,
      `${E}/💩/index.html`,
      `${E}/%a%a`,
      `${E}/%a%a/index.html`,
      `${E}/✼test`,
      `${E}/%E2%9C%BCtest`,
      `${E}/✤test`,
      `${E}/%E2%9C%A4testt`,
      `${E}/✿%a`,
      `${E}/%E2%9C%BF%atest`,
      `${E}/http%3A%2F%2Fexample.org`,
    ],
  ],
  [
    'host case is ignored',
    'http://www.eXample.com/robots.txt',
    rules('User-agent: *', 'Disallow: /secret.html', 'Disallow: /test'),
    [`${E}/index.html`, 'http://www.ExAmPlE.com/index.html', 'http://www.EXAMPLE.com/index.html'],
    [`${E}/secret.html`, 'http://www.ExAmPlE.com/secret.html', 'http://www.EXAMPLE.com/secret.html'],
  ],
  [
    'an empty robots.txt allows all',
    `${E}/robots.txt`,
    '',
    [`${E}/secret.html`, `${E}/test/index.html`, `${E}/test/`],
    [],
  ],
  [
    'large wildcards',
    'http://www.eXample.com/robots.txt',
    rules('User-agent: *', `Disallow: /${'*'.repeat(2048)}.html`),
    [`${E}/${'sub'.repeat(2048)}folder/index.php`],
    [`${E}/secret.html`],
  ],
  [
    'a given port',
    'http://www.example.com:8080/robots.txt',
    rules('User-agent: *', 'Disallow: /fish/', 'Disallow: /test.html'),
    ['http://www.example.com:8080/fish', 'http://www.example.com:8080/Test.html'],
    // isDisallowed is !isAllowed: a URL on another origin (undefined) counts as disallowed.
    [`${E}/fish`, `${E}/Test.html`, 'http://www.example.com:80/fish', 'http://www.example.com:80/Test.html'],
  ],
  [
    'port 80 by default for http',
    `${E}/robots.txt`,
    rules('User-agent: *', 'Disallow: /fish/', 'Disallow: /test.html'),
    ['http://www.example.com:80/fish', 'http://www.example.com:80/Test.html'],
    [
      'http://www.example.com:443/fish',
      'http://www.example.com:443/Test.html',
      'http://www.example.com:80/fish/index.php',
      'http://www.example.com:80/fish/',
      'http://www.example.com:80/test.html',
    ],
  ],
  [
    'port 443 by default for https',
    'https://www.example.com/robots.txt',
    rules('User-agent: *', 'Disallow: /fish/', 'Disallow: /test.html'),
    [
      'https://www.example.com:443/fish',
      'https://www.example.com:443/Test.html',
      'https://www.example.com/fish',
      'https://www.example.com/Test.html',
    ],
    [
      'http://www.example.com:80/fish',
      'http://www.example.com:80/Test.html',
      'http://www.example.com:443/fish/index.php',
      'http://www.example.com:443/fish/',
      'http://www.example.com:443/test.html',
    ],
  ],
];

describe("robots-parser's cases: verdicts", () => {
  test.each(verdictCases)('%s', (_, url, contents, allowed, disallowed) => {
    const robots = robotsParser(url, contents);
    for (const u of allowed) expect(robots.isAllowed(u), u).toBe(true);
    for (const u of disallowed) expect(robots.isDisallowed(u), u).toBe(true);
  });
});

describe("robots-parser's cases: the rest of the API", () => {
  test('groups with several user agents, case-insensitive', () => {
    expect(
      robotsParser(`${E}/robots.txt`, rules('User-agent: agenta', 'User-agent: agentb', 'Disallow: /fish')).isAllowed(
        `${E}/fish`,
        'agenta',
      ),
    ).toBe(false);
  });

  test('URLs of another origin, or that do not parse, are undefined (the line number -1, as in robots-parser)', () => {
    const robots = robotsParser(`${E}/robots.txt`, rules('User-agent: *', 'Disallow: /secret.html', 'Disallow: /test'));
    for (const u of [
      'http://example.com/secret.html',
      'http://ex ample.com/secret.html',
      'http://www.example.net/test/index.html',
      'http://www.examsple.com/test/',
      'example.com/test/',
      ':::::;;`\\|/.example.com/test/',
    ]) {
      expect(robots.isAllowed(u), u).toBeUndefined();
      expect(robots.getMatchingLineNumber(u), u).toBe(-1);
      expect(robots.isExplicitlyDisallowed(u, 'bot'), u).toBeUndefined();
    }
  });

  test('relative paths resolve against a relative robots.txt URL, and only then', () => {
    const body = rules('User-agent: *', 'Disallow: /fish', 'Allow: /fish/test');
    const relative = robotsParser('/robots.txt', body);
    expect([relative.isAllowed('/fish/test'), relative.isAllowed('/fish')]).toEqual([true, false]);
    expect([relative.isAllowed(`${E}/fish/test`), relative.isAllowed(`${E}/fish`)]).toEqual([undefined, undefined]);
    const absolute = robotsParser(`${E}/robots.txt`, body);
    expect([absolute.isAllowed('/fish/test'), absolute.isAllowed('/fish')]).toEqual([undefined, undefined]);
    const invalid = robotsParser('https://ex ample.com/robots.txt', body);
    expect([invalid.isAllowed('/fish/test'), invalid.isAllowed('/fish')]).toEqual([undefined, undefined]);
  });

  test('null contents allow everything', () => {
    const robots = robotsParser(`${E}/robots.txt`, null as never);
    expect([robots.isAllowed(`${E}/`, 'userAgent'), robots.isAllowed(`${E}/`)]).toEqual([true, true]);
  });

  test('robots.txt URLs that are missing or invalid: no URL is on their origin; host and sitemaps still read', () => {
    for (const url of [undefined, null, 'null', ':/wom/test/']) {
      const robots = robotsParser(
        url as never,
        rules('user-agent: *', 'disallow: /', 'host: www.example.com', 'sitemap: /sitemap.xml'),
      );
      expect(robots.isAllowed(`${E}/index.html`)).toBeUndefined();
      expect(robots.getPreferredHost()).toBe('www.example.com');
      expect(robots.getSitemaps()).toEqual(['/sitemap.xml']);
    }
  });

  test('crawl-delay by record', () => {
    const robots = robotsParser(
      `${E}/robots.txt`,
      rules(
        'user-agent: a',
        'crawl-delay: 1',
        'user-agent: b',
        'disallow: /d',
        'user-agent: c',
        'user-agent: d',
        'crawl-delay: 10',
      ),
    );
    expect(['a', 'b', 'c', 'd', undefined].map((ua) => robots.getCrawlDelay(ua))).toEqual([
      1,
      undefined,
      10,
      10,
      undefined,
    ]);
  });

  test('invalid crawl-delays are ignored', () => {
    const robots = robotsParser(
      `${E}/robots.txt`,
      rules(
        'user-agent: a',
        'crawl-delay: 1.2.1',
        'user-agent: b',
        'crawl-delay: 1.a0',
        'user-agent: c',
        'user-agent: d',
        'crawl-delay: 10a',
      ),
    );
    expect(['a', 'b', 'c', 'd'].map((ua) => robots.getCrawlDelay(ua))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  test('sitemaps in order, trimmed', () => {
    const robots = robotsParser(
      `${E}/robots.txt`,
      rules(
        'user-agent: a',
        'crawl-delay: 1',
        'sitemap: http://example.com/test.xml',
        'user-agent: b',
        'disallow: /d',
        'sitemap: /sitemap.xml',
        'sitemap:     http://example.com/test/sitemap.xml     ',
      ),
    );
    expect(robots.getSitemaps()).toEqual([
      'http://example.com/test.xml',
      '/sitemap.xml',
      'http://example.com/test/sitemap.xml',
    ]);
  });

  test('the last Host line is the preferred host; none is null', () => {
    expect(
      robotsParser(
        `${E}/robots.txt`,
        rules(
          'user-agent: a',
          'crawl-delay: 1',
          'host: www.example.net',
          'user-agent: b',
          'disallow: /d',
          'host: example.com',
        ),
      ).getPreferredHost(),
    ).toBe('example.com');
    expect(
      robotsParser(
        `${E}/robots.txt`,
        rules(
          'user-agent: a',
          'host: www.example.net',
          'user-agent: b',
          'disallow: /d',
          'host: example.net',
          'host: example.com',
        ),
      ).getPreferredHost(),
    ).toBe('example.com');
    expect(
      robotsParser(
        `${E}/robots.txt`,
        rules('user-agent: a', 'crawl-delay: 1', 'user-agent: b', 'disallow: /d'),
      ).getPreferredHost(),
    ).toBeNull();
  });

  test('empty and invalid directives parse', () => {
    expect(() =>
      robotsParser(
        `${E}/robots.txt`,
        rules(
          'user-agent:',
          'user-agent:::: a::',
          'crawl-delay:',
          'crawl-delay:::: 0:',
          'host:',
          'host:: example.com',
          'sitemap:',
          'sitemap:: site:map.xml',
          'disallow:',
          'disallow::: /:',
          'allow:',
          'allow::: /:',
        ),
      ),
    ).not.toThrow();
  });

  test('a crawler with no record of its own falls back to *; one with rules does not', () => {
    const robots = robotsParser(
      `${E}/robots.txt`,
      rules(
        'user-agent: *',
        'crawl-delay: 1',
        'user-agent: b',
        'crawl-delay: 12',
        'user-agent: c',
        'user-agent: d',
        'crawl-delay: 10',
      ),
    );
    expect([robots.getCrawlDelay('should-fall-back'), robots.getCrawlDelay('d'), robots.getCrawlDelay('dd')]).toEqual([
      1, 10, 1,
    ]);
    expect(
      robotsParser(
        `${E}/robots.txt`,
        rules('user-agent: *', 'crawl-delay: 1', 'user-agent: b', 'disallow:'),
      ).getCrawlDelay('b'),
    ).toBeUndefined();
  });

  test('user agents named like object properties', () => {
    const robots = robotsParser(`${E}/robots.txt`, rules('User-agent: *', 'Disallow: /fish'));
    expect([robots.isAllowed(`${E}/fish`, 'constructor'), robots.isAllowed(`${E}/fish`, '__proto__')]).toEqual([
      false,
      false,
    ]);
  });

  test('version numbers in the user agent are ignored', () => {
    const robots = robotsParser(
      `${E}/robots.txt`,
      rules(
        'user-agent: *',
        'crawl-delay: 1',
        'user-agent: b',
        'crawl-delay: 12',
        'user-agent: c',
        'user-agent: d',
        'crawl-delay: 10',
      ),
    );
    expect(['should-fall-back/1.0.0', 'd/12', 'dd / 0-32-3', 'b / 1.0'].map((ua) => robots.getCrawlDelay(ua))).toEqual([
      1, 10, 1, 12,
    ]);
  });

  test('the line number of the deciding rule', () => {
    const robots = robotsParser(
      `${E}/robots.txt`,
      rules(
        '',
        'User-agent: *',
        '',
        'Disallow: /fish/',
        'Disallow: /test.html',
        'Allow: /fish/test.html',
        'Allow: /test.html',
        '',
        'User-agent: a',
        'allow: /',
        '',
        'User-agent: b',
        'disallow: /test',
        'disallow: /t*t',
        '',
        'User-agent: c',
        'Disallow: /fish*.php',
        'Allow: /fish/index.php',
      ),
    );
    const at = (path: string, ua?: string) => robots.getMatchingLineNumber(`${E}${path}`, ua);
    expect([
      at('/fish'),
      at('/fish/test.html'),
      at('/Test.html'),
      at('/fish/index.php'),
      at('/fish/'),
      at('/test.html'),
    ]).toEqual([-1, 6, -1, 4, 4, 7]);
    expect([at('/test.html', 'a'), at('/fish.php', 'c'), at('/fish/index.php', 'c')]).toEqual([10, 17, 18]);
  });
});

describe('where robotsmatch/compat follows Google or RFC 9309 instead (docs/compat.md)', () => {
  test('a lone surrogate becomes U+FFFD in patterns and URLs alike, so they match (robots-parser: never)', () => {
    const robots = robotsParser(`${E}/robots.txt`, rules('User-agent: *', 'Disallow: /\uD800', 'Disallow: /\uDC00'));
    expect(robots.isAllowed(`${E}/\uDC00`)).toBe(false);
    expect(robots.isAllowed(`${E}/ok`)).toBe(true);
  });

  test("Google's grouping: a User-agent line after a Crawl-delay line joins the group (robots-parser: a new group)", () => {
    const robots = robotsParser(
      `${E}/robots.txt`,
      rules('User-agent: a', 'Crawl-delay: 1', 'User-agent: b', 'Disallow: /d'),
    );
    expect(robots.isAllowed(`${E}/d`, 'a')).toBe(false);
    expect(robots.getCrawlDelay('b')).toBeUndefined(); // the delay still belongs to a's record
  });

  test('isExplicitlyDisallowed: only a group naming the agent counts', () => {
    const robots = robotsParser(
      `${E}/robots.txt`,
      rules('User-agent: *', 'Disallow: /all', 'User-agent: bot', 'Disallow: /bot'),
    );
    expect(robots.isExplicitlyDisallowed(`${E}/bot`, 'Bot/1.0')).toBe(true);
    expect(robots.isExplicitlyDisallowed(`${E}/all`, 'other')).toBe(false);
    expect(robots.isExplicitlyDisallowed(`${E}/all`, 'bot')).toBe(false);
  });

  test('RFC 9309: /robots.txt itself is always allowed', () => {
    expect(robotsParser(`${E}/robots.txt`, rules('User-agent: *', 'Disallow: /')).isAllowed(`${E}/robots.txt`)).toBe(
      true,
    );
  });
});

describe('contents and user agents as robots-parser takes them', () => {
  const rp = createRequire(import.meta.url)('robots-parser') as typeof robotsParser;
  const BODY = 'User-agent: *\nDisallow: /private/\n';

  test('bytes are parsed as bytes (Uint8Array and Buffer), not stringified into a file that allows everything', () => {
    for (const contents of [
      new TextEncoder().encode(BODY),
      Buffer.from(BODY),
      new TextEncoder().encode(`\uFEFF${BODY}`),
    ]) {
      const robots = robotsParser(`${E}/robots.txt`, contents as never);
      expect(robots.isAllowed(`${E}/private/x`), contents.constructor.name).toBe(false);
      expect(robots.getMatchingLineNumber(`${E}/private/x`)).toBe(2);
      expect(robots.isAllowed(`${E}/public`)).toBe(true);
    }
  });

  test('other contents robots-parser rejects are a TypeError naming contents; what it reads as empty stays empty', () => {
    for (const contents of [42, true, {}, [], new ArrayBuffer(4), Symbol('x'), () => BODY]) {
      expect(() => rp(`${E}/robots.txt`, contents as never), String(typeof contents)).toThrow(TypeError);
      expect(() => robotsParser(`${E}/robots.txt`, contents as never), String(typeof contents)).toThrow(TypeError);
      expect(() => robotsParser(`${E}/robots.txt`, contents as never)).toThrow(/contents/);
    }
    for (const contents of [0, false, '', null, undefined, NaN]) {
      expect(robotsParser(`${E}/robots.txt`, contents as never).isAllowed(`${E}/private/x`), String(contents)).toBe(
        true,
      );
      expect(rp(`${E}/robots.txt`, contents as never).isAllowed(`${E}/private/x`), String(contents)).toBe(true);
    }
    expect(robotsParser(`${E}/robots.txt`, new String(BODY) as never).isAllowed(`${E}/private/x`)).toBe(false);
  });

  test('a user agent that is not a string is a TypeError naming ua, as robots-parser throws (even for another origin)', () => {
    const ours = robotsParser(`${E}/robots.txt`, BODY);
    const theirs = rp(`${E}/robots.txt`, BODY);
    for (const ua of [42, true, {}, [], Symbol('x')]) {
      for (const robots of [ours, theirs]) {
        for (const url of [`${E}/private/x`, 'http://other.example/x']) {
          expect(() => robots.isAllowed(url, ua as never), String(typeof ua)).toThrow(TypeError);
          expect(() => robots.isDisallowed(url, ua as never)).toThrow(TypeError);
          expect(() => robots.getMatchingLineNumber(url, ua as never)).toThrow(TypeError);
        }
        expect(() => robots.getCrawlDelay(ua as never)).toThrow(TypeError);
      }
      expect(() => ours.isExplicitlyDisallowed(`${E}/private/x`, ua as never)).toThrow(TypeError);
      expect(() => ours.isAllowed(`${E}/private/x`, ua as never)).toThrow(/ua/);
    }
    for (const ua of [0, false, '', null, undefined, new String('bot')]) {
      expect(ours.isAllowed(`${E}/private/x`, ua as never), String(ua)).toBe(
        theirs.isAllowed(`${E}/private/x`, ua as never),
      );
    }
  });

  test('Crawl-delay -1, Infinity and an empty value are skipped (robots-parser: -1, Infinity, 0), as docs/compat.md says', () => {
    for (const [value, theirs] of [
      ['-1', -1],
      ['Infinity', Infinity],
      ['', 0],
    ] as const) {
      const body = `User-agent: a\nCrawl-delay: ${value}\nDisallow: /x\n\nUser-agent: *\nCrawl-delay: 7\n`;
      expect(rp(`${E}/robots.txt`, body).getCrawlDelay('a')).toBe(theirs);
      expect(robotsParser(`${E}/robots.txt`, body).getCrawlDelay('a')).toBeUndefined();
      expect(
        robotsParser(`${E}/robots.txt`, body.replace('Disallow: /x\n', 'Crawl-delay: 2\n')).getCrawlDelay('a'),
      ).toBe(2);
    }
  });
});

describe('switching: a bundler alias of robots-parser to robotsmatch/compat', () => {
  test('esbuild `alias`: import (ESM) and require with __importDefault (as Crawlee and tslib compile it) both get robotsmatch', async () => {
    const { existsSync, mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { execFileSync } = await import('node:child_process');
    const root = new URL('..', import.meta.url).pathname;
    if (!existsSync(`${root}dist/compat.js`)) throw new Error('dist/ is not built');
    const { build } = await import('esbuild');
    const dir = mkdtempSync(join(tmpdir(), 'robotsmatch-alias-'));
    try {
      const body = JSON.stringify('User-agent: *\nDisallow: /private/\nDissallow: /typo\n');
      writeFileSync(
        join(dir, 'esm.mjs'),
        `import robotsParser from 'robots-parser';\nconst r = robotsParser('https://e.com/robots.txt', ${body});\nconsole.log(JSON.stringify([r.isAllowed('https://e.com/private/a'), r.isAllowed('https://e.com/typo'), typeof r.isExplicitlyDisallowed]));\n`,
      );
      writeFileSync(
        join(dir, 'cjs.cjs'),
        `const __importDefault = (m) => (m && m.__esModule ? m : { default: m });\nconst rp = __importDefault(require('robots-parser'));\nconst r = (0, rp.default)('https://e.com/robots.txt', ${body});\nconsole.log(JSON.stringify([r.isAllowed('https://e.com/private/a'), r.isAllowed('https://e.com/typo'), typeof r.isExplicitlyDisallowed]));\n`,
      );
      for (const [entry, format] of [
        ['esm.mjs', 'esm'],
        ['cjs.cjs', 'cjs'],
      ] as const) {
        await build({
          entryPoints: [join(dir, entry)],
          bundle: true,
          platform: 'node',
          format,
          outfile: join(dir, `out-${entry}`),
          alias: { 'robots-parser': 'robotsmatch/compat' },
          nodePaths: [`${root}node_modules`],
          absWorkingDir: root,
          logLevel: 'silent',
        });
        // robotsmatch's verdicts (isExplicitlyDisallowed exists; robots-parser 3.0.1 has none, and ignores `Dissallow` as we do in compat).
        expect(JSON.parse(execFileSync(process.execPath, [join(dir, `out-${entry}`)], { encoding: 'utf8' }))).toEqual([
          false,
          true,
          'function',
        ]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
