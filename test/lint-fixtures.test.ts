// The linter on real-world-shaped files (test/fixtures/lint/): an HTML page
// served as robots.txt, a bad-bot list, a Cloudflare managed block in front
// of a WordPress file, a fortune-like file whose Googlebot group escapes the
// `*` rules, a wacom-like one-line file, audible-like non-breaking spaces,
// MDN-like `$` URLs, gzip and UTF-16 bodies, typos, Yandex lines, usage
// statements (a Nuxt module's, typos after Cloudflare's block). Every
// diagnostic is judged here, line by line: what it says must be what
// crawlers do. The findings from 1,613 real files each have a fixture.
import { describe, expect, test } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from '../src/index.js';
import { lint, type Diagnostic, type DiagnosticCode } from '../src/lint.js';

const DIR = fileURLToPath(new URL('./fixtures/lint/', import.meta.url));
const read = (name: string) => new Uint8Array(readFileSync(DIR + name));
const text = (name: string) => readFileSync(DIR + name, 'utf8');
const at = (diagnostics: Diagnostic[], line: number, code: DiagnosticCode) =>
  diagnostics.find((d) => d.line === line && d.code === code);

/**
 * Every diagnostic each fixture gets, as `line code`, judged by hand: `true`
 * when it says what crawlers do and matters to the site's owner, `false`
 * for a false positive. The list is exact: a new diagnostic fails the test
 * until it is judged.
 */
const JUDGED: Record<string, [string, boolean][]> = {
  'audible.txt': [
    // A non-breaking space before the pattern: never matches (Google percent-encodes it, and paths start with `/`).
    ['4 whitespace-in-pattern', true],
    ['5 whitespace-in-pattern', true],
    ['6 whitespace-in-pattern', true],
    ['10 whitespace-in-pattern', true], // after it: matches only /subscription/confirmation%C2%A0...
    ['11 whitespace-in-pattern', true],
    ['12 whitespace-in-pattern', true], // raw spaces: crawlers send %20
    ['17 whitespace-in-pattern', true],
    ['18 whitespace-in-pattern', true],
    ['19 whitespace-in-pattern', true],
    ['23 whitespace-in-pattern', true],
    ['24 whitespace-in-pattern', true],
    ['25 whitespace-in-pattern', true],
  ],
  'bad-bots.txt': [
    ['11 agent-name-cut', true], // MJ12bot: Google reads `MJ`
    ['15 user-agent-not-token', true], // Google reads Mediapartners-Google: an info, with a fix Google reads the same
    ['19 allow-all-group', true],
    ['22 allow-all-group', true], // IsraBot and Orthogaffe escape the `*` rules (meant, and an info)
    ['69 wildcard-in-user-agent', true], // *OrkashBot* names no crawler: OrkashBot is not blocked
    ['72 user-agent-header', true], // Google reads `Mozilla`: no crawler follows the group
    // MJ12bot, 008, Mail.ru, larbin_2.6.2, sitecheck.internetseer.com, Offline Explorer: their crawlers match them; nothing said.
  ],
  'custom-bots.txt': [
    ['5 agent-name-cut', true], // MJ12bot: Google reads `MJ`
    // 150 custom bots' names, some near a registry name (DogBot, ShopBot, Foobot, iAskBot, AppleNewsBot): no misspelt-crawler.
  ],
  'cloudflare-wordpress.txt': [
    ['29 unsupported-key', true], // Content-signal: Google ignores it, AI crawlers that honour the policy read it
    ['60 repeated-agent', true], // a second `*` group: crawlers that take the first see only Cloudflare's Allow: /
  ],
  'fortune.txt': [
    ['13 ignores-star-group', true], // Googlebot may fetch /wp-admin/, /preview/ and utm URLs
    ['17 ignores-star-group', true],
    ['29 repeated-agent', true], // Googlebot again: older crawlers read only the first group
    ['33 empty-group', true], // Bingbot's group holds only Crawl-delay: Bing may fetch everything
    ['34 unsupported-key', true],
  ],
  'gzip.txt': [['1 gzip-body', true]],
  'hashbang.txt': [
    ['2 disallow-all', true],
    ['2 hash-in-pattern', true], // Disallow: /#!/admin is Disallow: /
    ['3 hash-in-pattern', true], // Disallow: /app#settings is Disallow: /app
    // `Disallow: /search # internal search pages`: a comment, nothing said.
  ],
  'html-404.txt': [['1 html-body', true]], // one finding, no per-line noise
  'injected-script.txt': [['6 html-in-file', true]], // one finding for the whole script
  'mdn.txt': [
    // $history, $edit, $5-off: a literal `$` in MDN's URLs, nothing said.
    ['16 pattern-never-matches', true],
    ['36 pattern-never-matches', true], // ${DOCS_PATH}: a template never filled in; crawlers send `{` as %7B
    ['18 dollar-inside-pattern', true],
    ['19 dollar-inside-pattern', true], // .pdf$* and .xml$$: an anchor that is not one
    ['38 dollar-inside-pattern', true],
    ['39 dollar-inside-pattern', true],
  ],
  'no-user-agent.txt': [['1 no-user-agent', true]],
  'nuxt-ai-ready.txt': [
    // A module's usage lines printed before any User-agent line: no crawler reads a preference from them.
    ['3 unsupported-key', true],
    ['3 usage-outside-group', true],
    ['4 unsupported-key', true],
    ['4 usage-outside-group', true],
  ],
  'other-host.txt': [
    ['2 url-as-pattern', true],
    ['3 url-as-pattern', true],
    ['4 pattern-no-leading-slash', true],
    ['5 pattern-no-leading-slash', true],
    ['6 pattern-no-leading-slash', true],
    ['7 pattern-no-leading-slash', true],
    ['8 pattern-no-leading-slash', true],
  ],
  'staging.txt': [['4 disallow-all', true]],
  'typos.txt': [
    ['1 unknown-key', true], // User-Agnet: did you mean User-agent
    ['2 rule-outside-group', true],
    ['3 rule-outside-group', true],
    ['4 rule-outside-group', true], // ...so these rules are outside any group
    ['3 typo-key', true],
    ['4 missing-colon', true],
    ['5 unknown-key', true],
    ['6 typo-key', true],
    ['9 typo-key', true],
  ],
  'usage-typos.txt': [
    ['6 unsupported-key', true], // Cloudflare's managed Content-signal (with use=): nothing else said about it
    ['16 unsupported-key', true],
    ['16 license-not-url', true], // License: /license.xml, not the full URL RSL needs
    ['18 repeated-agent', true],
    ['19 unsupported-key', true], // ai-train=No, search = yes: read as written (case and spaces are optional)
    ['20 unsupported-key', true],
    ['20 usage-no-preference', true], // train-ai=N: not the token n
    ['21 unsupported-key', true],
    ['21 usage-unparsed', true], // Train-AI: the Dictionary fails, search=y is lost too
    ['22 unsupported-key', true],
    ['22 usage-unknown-label', true], // train-genai: gone from the current draft
    ['27 unsupported-key', true],
    ['27 usage-joins-groups', true], // ClaudeBot's signal joins CCBot's group: ClaudeBot is disallowed from /
  ],
  'silences.txt': [
    // The silences that cost sites traffic, each beside a near miss that gets nothing.
    ['5 delay-group-merged', true], // bingbot's Crawl-delay group joins AhrefsBot's and MJ12bot's Disallow: / (near miss: Slurp's joins `*`, line 12)
    ['6 unsupported-key', true],
    ['13 unsupported-key', true], // Crawl-delay: Google ignores it
    ['9 agent-name-cut', true],
    ['27 agent-name-cut', true], // MJ12bot read as MJ, AI2Bot as AI
    ['14 repeated-agent', true], // the second `*` group (not identical: no duplicate-group)
    ['15 allow-cancels-disallow', true], // the prepended `Allow: /` opens the site the second `*` group closes
    ['16 pattern-never-matches', true], // /{lang}/search: a template (near miss: /*/print$, line 17)
    ['22 rule-after-blank-line', true], // /internal/ joins Googlebot's group
    // Googlebot's group and line 24's leave `*`'s /*/print$ (line 17) behind; unseen while /*/ patterns were sampled as `//print`, a host.
    ['19 ignores-star-group', true],
    ['24 ignores-star-group', true],
    // Duckduckgo next to DuckDuckBot (it follows the group anyway) and SemrushBot-SA (a product of its own): nothing.
    ['28 lookalike-character', true], // Perplexity‑User with U+2011
    ['34 duplicate-group', true], // GPTBot's group twice, word for word: one note
    ['37 misspelt-crawler', true],
    ['38 misspelt-crawler', true], // Baidu (Baiduspider), CCBots (CCBot)
  ],
  'double-encoded.txt': [
    // A shop module's generator encoded its paths twice: `%253F` is `%3F` encoded again. Each rule matches only URLs with the literal `%25`.
    ['7 double-encoded-pattern', true],
    ['8 double-encoded-pattern', true],
    ['9 double-encoded-pattern', true],
    ['10 double-encoded-pattern', true],
    // Near misses: `50%25-off` and `100%25/` are a real percent sign (no hex pair after `%25`); line 14's
    // `referer=%2Fcustomer%2Forders%253Fpage%253D2` is an encoded URL in a parameter, whose own `%3F` is encoded on purpose: nothing.
  ],
  'utf16.txt': [['1 utf16-body', true]],
  'wacom.txt': [['1 joined-lines', true]],
  'yandex-crawl-delay.txt': [
    ['5 unsupported-key', true], // Clean-param
    ['6 crawl-delay-ignored', true], // only Yandex reads the group, and it ignores Crawl-delay
    ['7 unsupported-key', true], // Host
    ['13 crawl-delay-ignored', true], // only Googlebot reads the group
    ['19 long-crawl-delay', true], // Bing: at most 1,440 URLs a day
    ['21 ignores-star-group', true], // AhrefsBot escapes /search/ and /personal/
    ['23 unsupported-key', true],
    ['29 unsupported-key', true],
    ['31 relative-sitemap', true], // `sitemap https://...` without a colon: Google reads //www...
    ['32 bare-url', true],
    ['33 relative-sitemap', true],
    // Sitemap: ftp://...: a full URL, nothing said.
  ],
};

describe('lint on real-world-shaped files', () => {
  test('every fixture is judged', () => {
    expect(
      readdirSync(DIR)
        .filter((f) => f.endsWith('.txt'))
        .sort(),
    ).toEqual(Object.keys(JUDGED).sort());
  });

  test.each(Object.entries(JUDGED))('%s: exactly the judged diagnostics', (name, judged) => {
    const found = lint(read(name)).map((d) => `${d.line} ${d.code}`);
    expect(found.sort()).toEqual(judged.map(([k]) => k).sort());
  });

  test('false positives: at most 2% of the diagnostics, judged line by line', () => {
    const all = Object.values(JUDGED).flat();
    const wrong = all.filter(([, ok]) => !ok).length;
    expect(wrong / all.length).toBeLessThanOrEqual(0.02);
  });
});

describe('the findings from 1,613 real files', () => {
  test('*OrkashBot* keeps the crawler name, as an unsafe fix that says OrkashBot will then be disallowed from /', () => {
    const d = at(lint(read('bad-bots.txt')), 69, 'wildcard-in-user-agent')!;
    expect(d.fix).toEqual({
      safety: 'unsafe',
      lines: ['User-agent: OrkashBot'],
      message: 'Names `OrkashBot` without the `*`. OrkashBot will then be disallowed from /.',
    });
  });

  test("a line naming no crawler in a shared bad-bot group says the group's other lines still apply (not that nobody follows it)", () => {
    const body =
      'User-agent: AhrefsBot\nUser-agent: *OrkashBot*\nUser-agent: Mozilla/4.0 (compatible; MSIE 4.0; Windows NT)\nDisallow: /\n';
    const messages = lint(body)
      .filter((d) => d.line === 2 || d.line === 3)
      .map((d) => d.message);
    expect(messages).toHaveLength(2);
    for (const m of messages) {
      expect(m).toContain('adds no crawler to its group');
      expect(m).toContain('its other User-agent lines still apply');
      expect(m).not.toContain('no crawler follows this group');
    }
    expect(parse(body).isAllowed('/', 'AhrefsBot')).toBe(false); // which is what crawlers do
  });

  test("crawlers' own names with digits, dots or words get nothing (sitecheck.internetseer.com, Offline Explorer, larbin_2.6.2, 008, Mail.ru); MJ12bot, a known crawler Google reads as `MJ`, gets agent-name-cut", () => {
    const found = lint(read('bad-bots.txt'));
    const lines = found.map((d) => d.line);
    for (const line of [38, 47, 50, 53, 59, 63, 66]) expect(lines, `line ${line}`).not.toContain(line);
    expect(found.filter((d) => d.line === 11).map((d) => d.code)).toEqual(['agent-name-cut']);
  });

  test('a full browser header: no crawler follows it, and no fix (no bot token inside)', () => {
    const d = at(lint(read('bad-bots.txt')), 72, 'user-agent-header')!;
    expect(d.message).toContain('Google reads it as `Mozilla`, which names no crawler');
    expect(d.fix).toBeUndefined();
    const withBot = lint(
      'User-agent: Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\nDisallow: /private/\n',
    )[0]!;
    expect(withBot.fix).toMatchObject({ safety: 'unsafe', lines: ['User-agent: Googlebot'] });
    expect(withBot.fix!.message).toBe(
      "Names the crawler's product token, `Googlebot`. Googlebot, Googlebot-Image, Googlebot-Video, Googlebot-News and 3 more crawlers will then be disallowed from /private/.",
    );
  });

  test('a rule for another host: no fix, and it says where the rule belongs', () => {
    const [d] = lint(read('other-host.txt')).filter((x) => x.line === 2);
    expect(d!.message).toContain("a rule for cdn.example-news.com belongs in that host's own robots.txt");
    expect(d!.fix).toBeUndefined();
    // Linting the URL of that host: the path is the fix (unsafe, and it says what it blocks).
    const own = lint(text('other-host.txt'), { source: { url: 'https://www.example-news.com/robots.txt' } }).find(
      (x) => x.line === 3,
    )!;
    expect(own.fix).toMatchObject({ safety: 'unsafe', lines: ['Disallow: /print/'] });
    expect(own.fix!.message).toContain('will then be disallowed from /print/');
  });

  test('Allow: .css -> Allow: /*.css; Disallow: ?sessionid= -> /*?sessionid=; a host-looking pattern gets no fix', () => {
    const d = lint(read('other-host.txt'));
    expect(at(d, 4, 'pattern-no-leading-slash')!.fix!.lines).toEqual(['Allow: /*.css']);
    expect(at(d, 7, 'pattern-no-leading-slash')!.fix!.lines).toEqual(['Disallow: /*?sessionid=']);
    expect(at(d, 8, 'pattern-no-leading-slash')!.fix).toBeUndefined();
  });

  test('sitemap https://... keeps its scheme; a bare URL becomes a Sitemap; ftp: is not relative', () => {
    const d = lint(read('yandex-crawl-delay.txt'));
    expect(at(d, 31, 'relative-sitemap')!.fix!.lines).toEqual(['Sitemap: https://www.example-shop.ru/sitemap.xml']);
    expect(at(d, 32, 'bare-url')!.fix!.lines).toEqual(['Sitemap: https://www.example-shop.ru/sitemap-goods.xml']);
    expect(d.filter((x) => x.line === 34)).toEqual([]);
  });

  test('Disallow:<NBSP>/x -> Disallow: /x (unsafe: the rule starts to apply, and it says for whom)', () => {
    const d = at(lint(read('audible.txt')), 4, 'whitespace-in-pattern')!;
    expect(d.fix!.lines).toEqual(['Disallow: /library']);
    expect(d.fix!.message).toContain('will then be disallowed from /library');
    expect(at(lint(read('audible.txt')), 12, 'whitespace-in-pattern')!.fix!.lines).toEqual([
      'Disallow: /help/contact',
      'Disallow: /help/email',
    ]);
  });

  test('User-agent: * Disallow: / on one line (wacom): an error, and a split that says every crawler will then be disallowed from /', () => {
    const [d] = lint(read('wacom.txt'));
    expect(d).toMatchObject({ line: 1, severity: 'error', code: 'joined-lines' });
    expect(d!.message).toBe(
      'This line holds a User-agent line and a rule: Google reads only `User-agent: *` and ignores `Disallow: /`.',
    );
    expect(d!.fix!.lines).toEqual(['User-agent: *', 'Disallow: /']);
    expect(d!.fix!.message).toMatch(
      /^Puts `Disallow: \/` on a line of its own under `User-agent: \*`\. Crawlers with no group of their own \(Googlebot, bingbot and 165 others\) will then be disallowed from \/\.$/,
    ); // all those that follow `*`, not the well-known names left
  });

  test('a crawler with its own group: the message names the `*` rules it escapes (fortune)', () => {
    const d = at(lint(read('fortune.txt')), 13, 'ignores-star-group')!;
    expect(d.message).toBe(
      'Googlebot follows only its own group, not the `*` group: it may fetch /wp-admin/, /preview/ and /*?utm_source= that `*` disallows (lines 6, 10 and 11).',
    );
  });

  test('HTML, gzip and UTF-16 bodies: one finding each, saying crawlers find no rules', () => {
    for (const name of ['html-404.txt', 'gzip.txt', 'utf16.txt']) {
      const d = lint(read(name));
      expect(d, name).toHaveLength(1);
      expect(d[0]!.message, name).toContain('crawlers find no rules in it, so they may fetch every URL');
    }
  });

  test('an HTML page with robots.txt lines in it: crawlers read those, and the message says which', () => {
    const [d] = lint('<html><body><pre>\nUser-agent: *\nDisallow: /admin/\n</pre></body></html>\n');
    expect(d).toMatchObject({ code: 'html-body' });
    expect(d!.message).toContain('crawlers ignore the rest and read only the rule on line 3');
  });

  test('over-size-limit names the fragment crawlers apply when the cut falls inside a line', () => {
    const body =
      'User-agent: *\n' +
      'Disallow: /html/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n'.repeat(3) +
      'Disallow: /html/Example.html\n';
    const cut = body.indexOf('Disallow: /html/Example') + 'Disallow: /html/E'.length;
    const [d] = lint(body, { maxBytes: cut }).filter((x) => x.code === 'over-size-limit');
    expect(d!.message).toBe(
      `Crawlers read only the first ${cut} bytes of a robots.txt: the cut falls inside line 5, so they read only \`Disallow: /html/E\` of it, a rule that disallows every path starting with /html/E, and ignore everything after.`,
    );
    const atLineStart = lint(body, { maxBytes: body.indexOf('Disallow: /html/Example') }).find(
      (x) => x.code === 'over-size-limit',
    )!;
    expect(atLineStart.message).toContain('from line 5 on, the file is ignored');
  });

  test("more than 2,048 rules: Yandex's limit, on the rule past it", () => {
    const body = `User-agent: *\n${Array.from({ length: 2_100 }, (_, i) => `Disallow: /section-${i}/\n`).join('')}`;
    const [d] = lint(body).filter((x) => x.code === 'too-many-rules');
    expect(d).toMatchObject({ line: 2_050, severity: 'warning' });
    expect(d!.message).toContain('This file has 2,100 Allow and Disallow rules: Yandex takes at most 2,048');
  });

  test('double-encoded-pattern says what the core does: the literal %25 text is matched, the path it stands for is not', () => {
    const body = read('double-encoded.txt');
    const ds = lint(body);
    const d = at(ds, 7, 'double-encoded-pattern')!;
    expect(d.message).toBe(
      "This pattern has `%253F`, which is `%3F` percent-encoded a second time: crawlers apply the rule only to URLs that contain the literal text `%253F`, so it does not apply to `/catalogsearch/result/?q=`. If the site's URLs really contain `%253F`, the rule is right as it is.",
    );
    expect(d.fix).toBeUndefined();
    expect(at(ds, 10, 'double-encoded-pattern')!.message).toContain(
      'so it does not apply to `/media/downloads/Price%20List%202024.pdf`',
    );
    expect(at(ds, 8, 'double-encoded-pattern')!.message).toContain(
      'so it does not apply to the URLs `/*?sort=` matches',
    );
    for (const mode of ['google', 'rfc'] as const) {
      const robots = parse(body, { mode });
      // What the site meant is crawled; only the twice-encoded text is blocked.
      expect(robots.check('https://www.example-shop.com/catalogsearch/result/?q=shoes', 'Googlebot').allowed).toBe(
        true,
      );
      expect(robots.check('https://www.example-shop.com/catalogsearch/result/%3Fq%3Dshoes', 'Googlebot').allowed).toBe(
        true,
      );
      expect(
        robots.check('https://www.example-shop.com/catalogsearch/result/%253Fq%253Dshoes', 'Googlebot').allowed,
      ).toBe(false);
      expect(robots.check('https://www.example-shop.com/women/?sort=price', 'Googlebot').allowed).toBe(true);
      expect(
        robots.check('https://www.example-shop.com/media/downloads/Price%20List%202024.pdf', 'Googlebot').allowed,
      ).toBe(true);
      expect(
        robots.check('https://www.example-shop.com/media/downloads/Price%2520List%25202024.pdf', 'Googlebot').allowed,
      ).toBe(false);
      // The near miss is a real percent sign, matched as written.
      expect(robots.check('https://www.example-shop.com/sale/50%25-off/', 'Googlebot').allowed).toBe(false);
      // the referer near miss matches the URL a login link really carries
      expect(
        robots.check(
          'https://www.example-shop.com/customer/login?referer=%2Fcustomer%2Forders%253Fpage%253D2',
          'Googlebot',
        ).allowed,
      ).toBe(false);
    }
  });

  test('double-encoded-pattern leaves a real % before a word that starts with hex letters (review: 100%25Beef, 50%25Daily)', () => {
    const body =
      'User-agent: *\nDisallow: /recipes/100%25Beef-burgers\nDisallow: /labels/50%25Daily-value\nDisallow: /shop/100%25CAFE\nDisallow: /deals/%25ABC\n';
    expect(lint(body).filter((d) => d.code === 'double-encoded-pattern')).toEqual([]);
    // ...while a twice-encoded character of more than one byte (U+2019, `%E2%80%99`) is found.
    const twice = lint('User-agent: *\nDisallow: /it%25E2%2580%2599s-here\n').filter(
      (d) => d.code === 'double-encoded-pattern',
    );
    expect(twice.map((d) => d.line)).toEqual([2]);
  });

  test('a pattern that starts /*/ is sampled as a path, not a host: its rules are named in group findings and fix messages (review: /*/feed/)', () => {
    const body =
      'User-agent: *\nDisallow: /*/feed/\nDisallow: /*/amp/\n\nUser-agent: Googlebot\nDisallow: /search\n\nUser-agent: GPTBot\nAllow: /\n';
    const ds = lint(body);
    expect(parse(body).check('https://example.com/2024/feed/', 'Googlebot').allowed).toBe(true);
    expect(at(ds, 5, 'ignores-star-group')!.message).toContain('it may fetch /*/feed/ and /*/amp/ that `*` disallows');
    expect(at(ds, 8, 'allow-all-group')!.message).toContain('/*/feed/ and /*/amp/');
    // The unsafe fix for a lookalike hyphen states the `*` rule its crawler leaves.
    const fix = at(
      lint('User-agent: *\nAllow: /\nDisallow: /*/print$\n\nUser-agent: Perplexity\u2011User\nDisallow: /archive/\n'),
      5,
      'lookalike-character',
    )!.fix!;
    expect(fix.message).toContain('Perplexity-User will then be disallowed from /archive/ and be allowed /*/print$');
  });

  test("an invisible character in a crawler's name is found, and its fix takes it out (review: Claude + U+200D + Bot)", () => {
    for (const [c, what] of [
      ['\u200d', 'zero-width joiner'],
      ['\u200b', 'zero-width space'],
      ['\u00ad', 'soft hyphen'],
      ['\u2060', 'word joiner'],
    ] as const) {
      const body = `User-agent: *\nDisallow: /wp-admin/\n\nUser-agent: GPTBot\nDisallow: /\n\nUser-agent: Claude${c}Bot\nDisallow: /\n`;
      expect(parse(body).check('https://example.com/article', 'ClaudeBot').allowed).toBe(true);
      const d = at(lint(body), 7, 'lookalike-character')!;
      expect(d.message).toBe(
        `\`Claude${c}Bot\` has U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} (${what}), which cannot be seen: Google reads \`Claude\`, so ClaudeBot does not follow this group.`,
      );
      expect(d.fix).toMatchObject({ safety: 'unsafe', lines: ['User-agent: ClaudeBot'] });
      expect(d.fix!.message).toContain('ClaudeBot will then be disallowed from /');
    }
    // A plain name gets nothing.
    expect(lint('User-agent: ClaudeBot\nDisallow: /\n').filter((d) => d.code === 'lookalike-character')).toEqual([]);
    // Trailing, Google reads the name meant (GPTBot follows the group): the message must not say it does not.
    const trailing = 'User-agent: GPTBot\u200b\nDisallow: /\n';
    expect(parse(trailing).isAllowed('/x', 'GPTBot')).toBe(false);
    expect(at(lint(trailing), 1, 'lookalike-character')!.message).toBe(
      '`GPTBot\u200b` has U+200B (zero-width space), which cannot be seen: Google reads `GPTBot`, as meant, but crawlers that compare the whole name may not match this group.',
    );
    // Leading, Google reads no name at all.
    expect(at(lint('User-agent: \u200bCCBot\nDisallow: /\n'), 1, 'lookalike-character')!.message).toContain(
      ': Google reads no name at all, so CCBot does not follow this group.',
    );
  });

  test('User-Agnet gets a did-you-mean, whose fix says what then changes', () => {
    const d = at(lint(read('typos.txt')), 1, 'unknown-key')!;
    expect(d.message).toBe(
      'No crawler recognises the key `User-Agnet`, so they all ignore this line. Did you mean `User-agent`?',
    );
    expect(d.fix).toMatchObject({ safety: 'unsafe', lines: ['User-agent: *'] });
    expect(d.fix!.message).toContain('will then be disallowed from /cgi-bin/, /tmp/ and /private/');
  });

  test('no sentence says Yandex honours Crawl-delay', () => {
    for (const name of Object.keys(JUDGED)) {
      for (const d of lint(read(name)))
        expect(d.message, `${name}:${d.line}`).not.toMatch(
          /Yandex(?! has ignored| ignore| uses it| ever used)[^.;]*wait/,
        );
    }
  });
});
