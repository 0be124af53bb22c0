// lint(): every diagnostic code has a case that triggers it and a near case
// that must not; the corpus, generated and hostile files never throw.
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { lines, parse } from '../src/index.js';
import { gzipSync } from 'node:zlib';
import { ALL_CODES, CODES, lint, type Diagnostic, type DiagnosticCode, type LintOptions } from '../src/lint.js';
import { UNSUPPORTED_KEYS } from '../src/report/unused-keys.js';
import { crawlerRegistry } from '../src/crawlers/registry.js';
import { corpusFiles } from './support/corpus.js';
import { robotsBody } from './support/generated.js';
import { bytes } from './support/verdict.js';

const codes = (body: string | Uint8Array, options?: LintOptions) =>
  lint(body, options).map((d) => `${d.line} ${d.code}`);
const only = (body: string | Uint8Array, code: DiagnosticCode) => lint(body).filter((d) => d.code === code);

// Each code: [a file that triggers it on `line`, a near file that must not, options].
type Case = [
  DiagnosticCode,
  Diagnostic['severity'],
  string | Uint8Array,
  number,
  string | Uint8Array,
  LintOptions?,
  LintOptions?,
];
const star = (rules: string) => `User-agent: *\n${rules}\n`;
const manyRules = (n: number) =>
  `User-agent: *\n${Array.from({ length: n }, (_, i) => `Disallow: /p${i}/\n`).join('')}`;
const cases: Case[] = [
  // the file
  [
    'html-body',
    'error',
    '<!DOCTYPE html>\n<html><head><title>Not Found</title></head>\n<body><h1>404</h1></body></html>\n',
    1,
    star('Disallow: /<html>'),
  ],
  [
    'binary-body',
    'error',
    bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    1,
    star('Disallow: /%89PNG'),
  ],
  ['gzip-body', 'error', new Uint8Array(gzipSync('User-agent: *\nDisallow: /\n')), 1, star('Disallow: /robots.txt.gz')],
  [
    'utf16-body',
    'error',
    new Uint8Array(Buffer.from('\ufeffUser-agent: *\nDisallow: /private/\n', 'utf16le')),
    1,
    '\ufeffUser-agent: *\nDisallow: /private/\n',
  ],
  ['empty-file', 'info', '', 1, 'User-agent: *\nDisallow:\n'],
  ['no-user-agent', 'error', 'Disallow: /admin/\nDisallow: /tmp/\n', 1, 'Sitemap: https://example.com/sitemap.xml\n'],
  [
    'html-in-file',
    'warning',
    'User-agent: *\nDisallow: /a\n<script>\nvar tracker = 1;\n</script>\n',
    3,
    star('Disallow: /a<b>'),
  ],
  [
    'over-size-limit',
    'error',
    'User-agent: *\nDisallow: /a\nDisallow: /b\n',
    3,
    'User-agent: *\nDisallow: /a\n',
    { maxBytes: 30 },
  ],
  [
    'partial-bom',
    'warning',
    bytes([0xef, 0xbb], 'User-agent: *\nDisallow: /x\n'),
    1,
    bytes([0xef, 0xbb, 0xbf], 'User-agent: *\nDisallow: /x\n'),
  ],
  ['too-many-rules', 'warning', manyRules(2049), 2050, manyRules(2048)],
  [
    'content-type',
    'warning',
    star('Disallow: /x'),
    1,
    star('Disallow: /x'),
    { source: { status: 200, contentType: 'text/html; charset=UTF-8' } },
    { source: { status: 200, contentType: 'text/plain; charset=utf-8' } },
  ],
  ['http-not-found', 'info', '', 1, star('Disallow: /x'), { source: { status: 404 } }, { source: { status: 200 } }],
  ['http-error', 'error', '', 1, star('Disallow: /x'), { source: { status: 503 } }, { source: { status: 404 } }],
  // lines
  ['nul-byte', 'error', 'User-agent: *\nDisallow: /a\0b\n', 2, 'User-agent: *\nDisallow: /a0b\n'],
  [
    'too-long',
    'error',
    `User-agent: *\nDisallow: /${'a'.repeat(16_700)}\n`,
    2,
    `User-agent: *\nDisallow: /${'a'.repeat(16_600)}\n`,
  ],
  [
    'invalid-utf8',
    'warning',
    bytes('User-agent: *\nDisallow: /a', [0xff, 0xfe], '\n'),
    2,
    bytes('User-agent: *\nDisallow: /a', [0xc3, 0xa9], '\n'),
  ],
  ['unparseable', 'error', 'User-agent: *\nthis is not a line\n', 2, 'User-agent: *\n# this is a comment\n'],
  ['typo-key', 'warning', 'User-agent: *\nDissallow: /x\n', 2, 'User-agent: *\nDisallow: /x\n'],
  ['missing-colon', 'warning', 'User-agent: *\nDisallow /x\n', 2, 'User-agent: *\nDisallow: /x\n'],
  ['unknown-key', 'warning', 'User-agent: *\nUnicorn: x\n', 2, 'User-agent: *\nCrawl-delay: 1\n'],
  ['unsupported-key', 'info', 'User-agent: *\nCrawl-delay: 1\n', 2, 'User-agent: *\nDisallow: /crawl-delay\n'],
  ['noindex-directive', 'warning', 'User-agent: *\nNoindex: /drafts/\n', 2, 'User-agent: *\nDisallow: /noindex/\n'],
  ['crawl-delay-invalid', 'warning', 'User-agent: *\nCrawl-delay: soon\n', 2, 'User-agent: *\nCrawl-delay: 0.5\n'],
  ['rule-outside-group', 'error', 'Disallow: /x\nUser-agent: *\nDisallow: /y\n', 1, 'User-agent: *\nDisallow: /x\n'],
  ['joined-lines', 'error', 'User-agent: * Disallow: /\n', 1, 'User-agent: *\nDisallow: /\n'],
  // User-agent lines
  ['empty-user-agent', 'warning', 'User-agent:\nDisallow: /\n', 1, 'User-agent: *\nDisallow: /x\n'],
  [
    'user-agent-not-token',
    'info',
    'User-agent: Googlebot/2.1\nDisallow: /x\n',
    1,
    'User-agent: MJ12bot\nDisallow: /\n',
  ],
  [
    'user-agent-words',
    'warning',
    'User-agent: Googlebot Image\nDisallow: /\n',
    1,
    'User-agent: Sogou web spider\nDisallow: /\n',
  ],
  [
    'wildcard-in-user-agent',
    'warning',
    'User-agent: *OrkashBot*\nDisallow: /\n',
    1,
    'User-agent: OrkashBot\nDisallow: /\n',
  ],
  [
    'user-agent-header',
    'warning',
    'User-agent: Mozilla/4.0 (compatible; MSIE 4.0; Windows NT)\nDisallow: /\n',
    1,
    'User-agent: Googlebot/2.1 (+http://www.google.com/bot.html)\nDisallow: /x\n',
  ],
  [
    'repeated-agent',
    'warning',
    'User-agent: a\nDisallow: /a\nUser-agent: b\nDisallow: /b\nUser-agent: A\nDisallow: /c\n',
    5,
    'User-agent: a\nUser-agent: a\nDisallow: /a\n',
  ],
  ['modes-differ', 'info', 'User-agent: * and more\nDisallow: /x\n', 1, 'User-agent: *\nDisallow: /x\n'],
  // groups
  [
    'ignores-star-group',
    'warning',
    `${star('Disallow: /wp-admin/\nDisallow: /search')}\nUser-agent: Googlebot\nDisallow: /search\n`,
    5,
    star('Disallow: /wp-admin/\nDisallow: /search') +
      '\nUser-agent: Googlebot\nDisallow: /wp-admin/\nDisallow: /search\n',
  ],
  [
    'empty-group',
    'warning',
    `${star('Disallow: /private/')}\nUser-agent: Bingbot\nCrawl-delay: 5\n`,
    4,
    `${star('Disallow: /private/')}\nUser-agent: Bingbot\nCrawl-delay: 5\nDisallow: /private/\n`,
  ],
  // the silences: each a real-world shape and its near miss
  [
    'delay-group-merged',
    'error',
    'User-agent: bingbot\nCrawl-delay: 5\nUser-agent: BadBot\nUser-agent: EvilBot\nDisallow: /\n\nUser-agent: *\nDisallow: /admin/\n',
    1,
    'User-agent: bingbot\nCrawl-delay: 5\nUser-agent: *\nDisallow: /admin/\n',
  ],
  [
    'allow-cancels-disallow',
    'error',
    'User-agent: *\nAllow: /\n\nUser-agent: *\nDisallow: /\n',
    5,
    'User-agent: *\nAllow: /\n\nUser-agent: *\nDisallow: /wp-admin/\n',
  ],
  [
    'rule-after-blank-line',
    'warning',
    'User-agent: Googlebot\nDisallow: /search\n\nDisallow: /private/\n',
    4,
    'User-agent: *\nDisallow: /search\n\nDisallow: /private/\n',
  ],
  ['agent-name-cut', 'warning', 'User-agent: AI2Bot\nDisallow: /\n', 1, 'User-agent: Mail.RU_Bot\nDisallow: /\n'],
  [
    'misspelt-crawler',
    'warning',
    'User-agent: Duckduckgo\nDisallow: /private/\n',
    1,
    'User-agent: SemrushBot-SA\nDisallow: /private/\n',
  ],
  [
    'lookalike-character',
    'error',
    'User-agent: Perplexity\u2011User\nDisallow: /\n',
    1,
    'User-agent: Perplexity-User\nDisallow: /\n',
  ],
  [
    'duplicate-group',
    'info',
    'User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /a\n',
    4,
    'User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n',
  ],
  ['pattern-never-matches', 'warning', star('Disallow: /{lang}/search'), 2, star('Disallow: /*/search')],
  ['double-encoded-pattern', 'warning', star('Disallow: /search%253Fq'), 2, star('Disallow: /sale/50%25-off/')],
  [
    'allow-all-group',
    'info',
    `${star('Disallow: /cart')}\nUser-agent: DuckDuckBot\nDisallow:\n`,
    4,
    `${star('Disallow: /')}\nUser-agent: DuckDuckBot\nDisallow:\n`,
  ],
  ['disallow-all', 'error', star('Disallow: /'), 2, `${star('Disallow: /')}\nUser-agent: Googlebot\nAllow: /\n`],
  [
    'crawl-delay-ignored',
    'warning',
    'User-agent: Googlebot\nCrawl-delay: 10\nDisallow: /x\n',
    2,
    'User-agent: Bingbot\nCrawl-delay: 10\nDisallow: /x\n',
  ],
  ['long-crawl-delay', 'warning', star('Crawl-delay: 120'), 2, star('Crawl-delay: 10')],
  [
    'duplicate-rule',
    'info',
    'User-agent: *\nDisallow: /a\nDisallow: /a\n',
    3,
    'User-agent: a\nDisallow: /a\nUser-agent: b\nDisallow: /a\n',
  ],
  [
    'conflicting-rules',
    'info',
    'User-agent: *\nDisallow: /a\nAllow: /a\n',
    3,
    'User-agent: *\nDisallow: /a\nAllow: /a/\n',
  ],
  // patterns
  [
    'pattern-no-leading-slash',
    'warning',
    'User-agent: *\nDisallow: private\n',
    2,
    'User-agent: *\nDisallow: *private\n',
  ],
  ['url-as-pattern', 'warning', star('Disallow: http://other.example.com/'), 2, star('Disallow: /http-docs/')],
  ['whitespace-in-pattern', 'warning', star('Disallow:\u00a0/account/'), 2, star('Disallow: /caf\u00e9/\u00a0menu')],
  ['hash-in-pattern', 'warning', star('Disallow: /page#top'), 2, star('Disallow: /page # the old page')],
  ['regex-in-pattern', 'warning', star('Disallow: /find-agent/(.*)'), 2, star('Disallow: /wiki/Foo_(bar)')],
  [
    'dollar-inside-pattern',
    'warning',
    'User-agent: *\nDisallow: /*.pdf$*\n',
    2,
    'User-agent: *\nDisallow: /*$history\n',
  ],
  // sitemaps
  ['relative-sitemap', 'warning', 'Sitemap: /sitemap.xml\n', 1, 'Sitemap: ftp://example.com/sitemap.xml\n'],
  [
    'bare-url',
    'warning',
    `${star('Disallow:')}https://example.com/sitemap.xml\n`,
    3,
    `${star('Disallow:')}Sitemap: https://example.com/sitemap.xml\n`,
  ],
  // usage statements (more in lint-usage.test.ts)
  [
    'usage-outside-group',
    'warning',
    'Content-Signal: ai-train=no\nUser-agent: *\nAllow: /\n',
    1,
    'User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n',
  ],
  [
    'usage-joins-groups',
    'warning',
    'User-agent: *\nContent-Signal: ai-train=no\n\nUser-agent: GPTBot\nDisallow: /\n',
    2,
    'User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n',
  ],
  [
    'usage-never-applies',
    'info',
    'User-agent: GPTBot\nDisallow: /\nContent-Usage: train-ai=n\n',
    3,
    'User-agent: GPTBot\nDisallow: /\nAllow: /public/\nContent-Usage: train-ai=n\n',
  ],
  [
    'signal-syntax',
    'warning',
    star('Content-Signal: search, ai-train=no'),
    2,
    star('Content-Signal: search=yes, ai-train=no'),
  ],
  ['signal-unknown-key', 'warning', star('Content-Signal: ai_train=no'), 2, star('Content-Signal: AI-Train=no')],
  ['signal-invalid-value', 'warning', star('Content-Signal: ai-train=n'), 2, star('Content-Signal: ai-train=No')],
  [
    'signal-duplicate-key',
    'warning',
    star('Content-Signal: ai-train=yes, ai-train=no'),
    2,
    star('Content-Signal: ai-train=no, ai-train=no'),
  ],
  [
    'signal-conflict',
    'warning',
    'User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n\nUser-agent: *\nContent-Signal: ai-train=yes\nDisallow: /cart\n',
    6,
    'User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nContent-Signal: ai-train=yes\nDisallow: /cart\n',
  ],
  [
    'usage-overruled-by-signal',
    'warning',
    'User-agent: *\nContent-Signal: ai-train=no\nContent-Usage: /blog/ train-ai=y\nAllow: /\n',
    3,
    'User-agent: *\nContent-Signal: ai-train=no\nContent-Usage: /blog/ search=y\nAllow: /\n',
  ],
  [
    'signal-not-inherited',
    'warning',
    'User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n\nUser-agent: PerplexityBot\nAllow: /\n',
    5,
    'User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n',
  ],
  ['usage-unparsed', 'warning', star('Content-Usage: / train-ai=n,'), 2, star('Content-Usage: / train-ai=n')],
  [
    'usage-no-preference',
    'warning',
    star('Content-Usage: /blog train-ai=N'),
    2,
    star('Content-Usage: /blog train-ai=n'),
  ],
  ['usage-unknown-label', 'warning', star('Content-Usage: / train-genai=n'), 2, star('Content-Usage: / train-ai=n')],
  [
    'usage-duplicate-label',
    'warning',
    star('Content-Usage: / train-ai=n, train-ai=y'),
    2,
    star('Content-Usage: / train-ai=n, search=n'),
  ],
  [
    'license-not-url',
    'warning',
    'License: /license.xml\nUser-agent: *\nDisallow: /x\n',
    1,
    'License: https://example.com/license.xml\nUser-agent: *\nDisallow: /x\n',
  ],
];

describe('lint: each code', () => {
  test('every code of the registry has a case here', () => {
    expect(new Set(cases.map((c) => c[0]))).toEqual(new Set(ALL_CODES));
  });

  test.each(cases)('%s (%s)', (code, severity, triggers, line, near, options, nearOptions = options) => {
    const found = lint(triggers, options).filter((d) => d.code === code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ line, severity, code });
    expect(found[0]!.message).toMatch(/^[A-Z`"].*[.?]$/); // plain sentences
    expect(severity).toBe(CODES[code].severity);
    expect(lint(near, nearOptions).filter((d) => d.code === code)).toEqual([]);
  });

  test('fixes are of the kind each code declares, and say what they do', () => {
    for (const [code, , triggers, , , options] of cases) {
      for (const d of lint(triggers, options)) {
        if (!d.fix) continue;
        const kind = CODES[d.code].fix;
        expect(kind === 'either' || kind === d.fix.safety, `${code}: ${d.code} ${d.fix.safety}`).toBe(true);
        expect(d.fix.message).toMatch(/^[A-Z].*\.$/);
      }
    }
  });

  test('noindex, nofollow and noarchive are warnings that say what to use instead; crawl-delay names Bing, and not Yandex as a reader', () => {
    for (const key of ['Noindex', 'nofollow', 'NOARCHIVE']) {
      const [d] = only(`User-agent: *\n${key}: /x\n`, 'noindex-directive');
      expect(d!.severity).toBe('warning');
      expect(d!.message).toContain('X-Robots-Tag');
    }
    const [delay] = only('User-agent: *\nCrawl-delay: 1\n', 'unsupported-key');
    expect(delay!.message).toContain('Bing');
    expect(delay!.message).toContain('Yandex has ignored it since 2018');
  });

  test("who ignores or waits out a Crawl-delay is the registry's fact (readsCrawlDelay), not a hand-kept pattern", () => {
    const ignoring = crawlerRegistry.filter((c) => c.readsCrawlDelay === false);
    expect(ignoring.length).toBeGreaterThan(50); // Google's and Yandex's
    for (const c of ignoring)
      expect(codes(`User-agent: ${c.tokens[0]}\nCrawl-delay: 10\nDisallow: /x\n`), c.name).toContain(
        '2 crawl-delay-ignored',
      );
    // Google's GoogleMessages and GoogleProducer: the old pattern wanted a hyphen and said nothing
    for (const name of ['GoogleMessages', 'GoogleProducer'])
      expect(only(`User-agent: ${name}\nCrawl-delay: 10\n`, 'crawl-delay-ignored')[0]?.message, name).toContain(
        'Google ignores Crawl-delay',
      );
    expect(
      only('User-agent: YandexBot\nUser-agent: Googlebot\nCrawl-delay: 10\n', 'crawl-delay-ignored')[0]?.message,
    ).toContain('Google and Yandex ignore Crawl-delay');
    expect(only('User-agent: Googlebot-Mobile\nCrawl-delay: 10\n', 'crawl-delay-ignored')[0]?.message).toContain(
      'Google ignores Crawl-delay',
    ); // retired, still Google's
    // Applebot falls back to Googlebot's group but is Apple's: nothing said of it
    expect(codes('User-agent: Applebot\nCrawl-delay: 10\nDisallow: /x\n')).not.toContain('2 crawl-delay-ignored');
    // a long delay is said for the crawlers documented to wait it
    const waiting = crawlerRegistry.filter((c) => c.readsCrawlDelay === true);
    expect(waiting.map((c) => c.name)).toEqual(expect.arrayContaining(['bingbot', 'Slurp']));
    for (const c of waiting)
      expect(codes(`User-agent: ${c.tokens[0]}\nCrawl-delay: 120\n`), c.name).toContain('2 long-crawl-delay');
    // adidxbot (Bing's ads crawler) and the retired msnbot: no documented wait, so no claim that they wait
    for (const name of ['adidxbot', 'msnbot'])
      expect(codes(`User-agent: ${name}\nCrawl-delay: 120\n`), name).not.toContain('2 long-crawl-delay');
  });

  test('modes-differ: percent-encoded unreserved characters and the index.html rule', () => {
    expect(codes('User-agent: *\nDisallow: /%62ar\n')).toContain('2 modes-differ');
    expect(codes('User-agent: *\nDisallow: /%E3%83%84\n')).not.toContain('2 modes-differ');
    expect(codes('User-agent: *\nAllow: /docs/index.html\n')).toContain('2 modes-differ');
    expect(codes('User-agent: *\nDisallow: /docs/index.html\n')).not.toContain('2 modes-differ');
  });

  test('duplicate-group says word for word only when it is; names cut to the same token say how they are read', () => {
    const [same] = only('User-agent: BadBot\nDisallow: /\n\nUser-agent: badbot\nDisallow: /\n', 'duplicate-group');
    expect(same!.message).toMatch(/^This group repeats the group on line 1 word for word: /);
    const [cut] = only('User-agent: BadBot12\nDisallow: /\n\nUser-agent: BadBot34\nDisallow: /\n', 'duplicate-group');
    expect(cut!.message).toMatch(
      /^This group repeats the group on line 1 as crawlers read it \(`BadBot34` names `BadBot`, as the earlier group does\): /,
    );
  });

  test('typo-key also names keys Google reads by their start (Disallowed:)', () => {
    const [d] = only('User-agent: *\nDisallowed: /x\n', 'typo-key');
    expect(d).toMatchObject({ line: 2, fix: { safety: 'safe', lines: ['Disallow: /x'] } });
    expect(d!.message).toBe('Google reads `Disallowed` as `Disallow`; RFC 9309 crawlers ignore this line.');
  });

  test('safe fixes are the corrected line, keeping indentation and comments', () => {
    const fix = (body: string, code: DiagnosticCode) => only(body, code)[0]!.fix;
    expect(fix('User-agent: *\nDisalow: /x\n', 'typo-key')).toEqual({
      safety: 'safe',
      lines: ['Disallow: /x'],
      message: expect.any(String),
    });
    expect(fix('User-agent: *\n  Disallow /x # old\n', 'missing-colon')!.lines).toEqual(['  Disallow: /x # old']);
    expect(fix('User-agent: *\nDissallow /x\n', 'typo-key')!.lines).toEqual(['Disallow: /x']);
    expect(fix('User-agent: Googlebot/2.1\nDisallow: /x\n', 'user-agent-not-token')!.lines).toEqual([
      'User-agent: Googlebot',
    ]);
    expect(fix('User-agent: Mediapartners-Google*\nDisallow: /x\n', 'user-agent-not-token')!.lines).toEqual([
      'User-agent: Mediapartners-Google',
    ]);
    expect(fix('User-agent: *\nDisallow: /a\nDisallow: /a\n', 'duplicate-rule')!.lines).toEqual([]);
    expect(fix('User-agent: * more\nDisallow: /x\n', 'modes-differ')!.lines).toEqual(['User-agent: *']);
  });

  test('a clean, conventional file has no error or warning', () => {
    const clean = `# robots.txt for example.com
User-agent: *
Disallow: /private/
Allow: /private/press/
Disallow: /*.pdf$

User-agent: Googlebot
User-agent: Bingbot
Disallow: /private/
Allow: /private/press/
Disallow: /*.pdf$
Disallow: /search

User-agent: GPTBot
Disallow: /

Sitemap: https://example.com/sitemap.xml
`;
    expect(lint(clean)).toEqual([]);
    expect(lint(clean, { mode: 'rfc' })).toEqual([]);
  });

  test('sorted by line; RFC mode reads rule-outside-group as RFC crawlers do', () => {
    const d = lint('Disallow: /a\nUseragent: x\nDisallow: /b\nFoo: y\n');
    expect(d.map((x) => x.line)).toEqual([...d.map((x) => x.line)].sort((a, b) => a - b));
    // Google groups line 3 under `Useragent: x`; RFC crawlers ignore that line, so line 3 is outside any group.
    expect(codes('Disallow: /a\nUseragent: x\nDisallow: /b\n')).not.toContain('3 rule-outside-group');
    expect(codes('Disallow: /a\nUseragent: x\nDisallow: /b\n', { mode: 'rfc' })).toContain('3 rule-outside-group');
  });

  test('select, ignore and in-file suppression comments', () => {
    const body = 'User-agent: *\nDisallow: /a\nDisallow: /a\nCrawl-delay: 1\n';
    expect(codes(body)).toEqual(['3 duplicate-rule', '4 unsupported-key']);
    expect(codes(body, { select: ['unsupported-key'] })).toEqual(['4 unsupported-key']);
    expect(codes(body, { ignore: ['unsupported-key'] })).toEqual(['3 duplicate-rule']);
    expect(
      codes('User-agent: *\nDisallow: /a\nDisallow: /a # robotsmatch: ignore[duplicate-rule]\nCrawl-delay: 1\n'),
    ).toEqual(['4 unsupported-key']);
    expect(
      codes(
        'User-agent: *\nDisallow: /a\n# robotsmatch: ignore[duplicate-rule]\nDisallow: /a\nCrawl-delay: 1 # robotsmatch: ignore\n',
      ),
    ).toEqual([]);
    expect(codes(`# robotsmatch: ignore-file[unsupported-key, duplicate-rule]\n${body}`)).toEqual([]);
    expect(codes('User-agent: *\nDisallow: /a\nDisallow: /a # robotsmatch: ignore[unsupported-key]\n')).toEqual([
      '3 duplicate-rule',
    ]);
    expect(() => lint(body, { select: ['no-such-code' as DiagnosticCode] })).toThrow(/not a diagnostic code/);
  });

  test('bad arguments throw typed errors naming them', () => {
    expect(() => lint(42 as never)).toThrow(TypeError);
    expect(() => lint('', { mode: 'bing' as never })).toThrow(/options.mode/);
    expect(() => lint('', { ignore: 'typo-key' as never })).toThrow(/options.ignore/);
    expect(() => lint('', { source: 1 as never })).toThrow(/options.source/);
  });
});

describe('lint over real, generated and hostile files', () => {
  // How fast lint is (at most about 0.1 ms per KB on these files, linear up to
  // 500 KB) is measured by `npm run bench:lint` (docs/performance.md), not
  // asserted here against a clock, which a busy machine makes fail.
  test('the corpus lints without throwing, every diagnostic on a line of its file', () => {
    for (const { name, body } of corpusFiles()) {
      const count = new TextDecoder().decode(body).split(/\r\n|\r|\n/).length;
      for (const d of lint(body)) {
        expect(d.line, name).toBeGreaterThan(0);
        expect(d.line, name).toBeLessThanOrEqual(count);
      }
    }
  });

  test('generated files: no throw, every diagnostic on a line of the file', () => {
    fc.assert(
      fc.property(robotsBody, fc.constantFrom('google' as const, 'rfc' as const), (body, mode) => {
        const count = lines(body, { mode }).length;
        for (const d of lint(body, { mode })) {
          expect(d.line).toBeGreaterThanOrEqual(1);
          expect(d.line).toBeLessThanOrEqual(count + 1);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  test('random bytes, a 500 KiB line and invalid UTF-8 never throw', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (body) => {
        lint(body);
      }),
      { numRuns: 2_000 },
    );
    expect(codes(`Disallow: /${'a'.repeat(600_000)}`)).toEqual(
      expect.arrayContaining(['1 too-long', '1 over-size-limit']),
    );
    lint(Uint8Array.from({ length: 100_000 }, (_, i) => (i * 131) & 0xff));
  });
});

describe('lines(): recognised keys Google does not use', () => {
  test('each key of the list is `unsupported-key`, anything else `unknown-key`', () => {
    for (const key of UNSUPPORTED_KEYS) {
      const [report] = lines(`${key.toUpperCase()}: x\n`);
      expect(report!.problems, key).toEqual(['unsupported-key']);
    }
    expect(UNSUPPORTED_KEYS.size).toBe(12);
    expect(lines('unicorn: x\n')[0]!.problems).toEqual(['unknown-key']);
    expect(lines('crawl-delayed: 1\n')[0]!.problems).toEqual(['unknown-key']);
  });

  test('lines() gives each rule and user-agent line its group', () => {
    const report = lines(
      'Disallow: /a\nUser-agent: a\nUser-agent: b\nDisallow: /x\nSitemap: https://e.com/s\nUser-agent: c\nAllow: /\n',
    );
    expect(report.map((l) => l.group)).toEqual([-1, 0, 0, 0, undefined, 1, 1, undefined]); // the last: the empty line after the final break
  });

  test('lines() reads ASCII, UTF-8 and invalid bytes alike (one decode of the body, per-line checks only when it is not UTF-8)', () => {
    expect(lines('User-agent: *\nDisallow: /caf\u00e9\n').map((l) => [l.text, l.value, l.problems])).toEqual([
      ['User-agent: *', '*', []],
      ['Disallow: /caf\u00e9', '/caf\u00e9', []],
      ['', undefined, []],
    ]);
    const broken = lines(bytes('User-agent: *\nDisallow: /a', [0xff], '\nDisallow: /b\n'));
    expect(broken.map((l) => l.problems.includes('invalid-utf8'))).toEqual([false, true, false, false]);
    // Google skips the start of a byte order mark: the line begins after it, and is read on its own.
    expect(lines(bytes([0xef, 0x9c, 0xac], 'Y1'))[0]!.problems).toContain('invalid-utf8');
    expect(lines(bytes([0xef, 0xbb, 0xbf], 'User-agent: *\n'))[0]!.text).toBe('User-agent: *');
  });
});

describe('columns on a line cut at 16,663 bytes inside a character', () => {
  // "Disallow: /a$b" is 14 bytes; then 2-byte characters, so the cut falls inside one.
  const long = 'é'.repeat(9_000);
  const at = (body: string, code: DiagnosticCode) =>
    lint(body)
      .filter((d) => d.code === code)
      .map((d) => [d.line, d.column, d.endColumn]);

  test('dollar-inside-pattern points at the `$`', () => {
    expect(at(`User-agent: *\nDisallow: /a$*b${long}\n`, 'dollar-inside-pattern')).toEqual([[2, 13, 14]]);
    // After a byte order mark and CR, CRLF and LF line ends.
    expect(at(`\uFEFFUser-agent: *\r\r\n\nDisallow: /a$*b${long}\n`, 'dollar-inside-pattern')).toEqual([[4, 13, 14]]);
  });

  test('every column of such a line', () => {
    // Each prefix leaves an odd number of bytes before the cut.
    expect(at(`User-agent: *\nDisallow: /a b${long}\n`, 'whitespace-in-pattern')).toEqual([[2, 13, undefined]]);
    expect(at(`User-agent: *\nDisallow: ab${long}\n`, 'pattern-no-leading-slash')).toEqual([[2, 11, undefined]]);
    expect(at(`User-agent: *\nDisallow: /%61${long}\n`, 'modes-differ')).toEqual([[2, 11, undefined]]);
    expect(at(`Sitemap: /sx${long}\n`, 'relative-sitemap')).toEqual([[1, 10, undefined]]);
    expect(at(`User-agent: *\nDissallow: /xy${long}\n`, 'typo-key')).toEqual([[2, 1, 10]]);
  });
});

describe('crawler names the linter knows come from the registry', () => {
  const codes = (body: string) => lint(body).map((d) => `${d.line} ${d.code}`);

  test('what Google reads of a non-token name (`archive` for archive.org_bot) is never offered as "did you mean"; near misses: CCBots, Baidu, msnbots', () => {
    expect(codes('User-agent: archiver\nDisallow: /\n')).not.toContain('1 misspelt-crawler');
    expect(codes('User-agent: Screamin\nDisallow: /\n')).not.toContain('1 misspelt-crawler');
    expect(codes('User-agent: Archive\nDisallow: /\n')).not.toContain('1 misspelt-crawler'); // archive.org_bot's group as Google reads it
    const meant = (body: string) =>
      lint(body)
        .find((d) => d.code === 'misspelt-crawler')
        ?.message.match(/did you mean `([^`]+)`/)?.[1];
    expect(meant('User-agent: CCBots\nDisallow: /\n')).toBe('CCBot');
    expect(meant('User-agent: Baidu\nDisallow: /\n')).toBe('Baiduspider');
    expect(meant('User-agent: msnbots\nDisallow: /\n')).toBe('msnbot'); // retired, still written
  });

  test("words that spell a registry crawler's name (`Perplexity User`, `Meta ExternalAgent`) get user-agent-words and its token; near miss: `Sogou web spider`, whose crawler follows `Sogou`", () => {
    const words = (body: string) => lint(body).find((d) => d.code === 'user-agent-words');
    expect(words('User-agent: Perplexity User\nDisallow: /\n')!.fix!.lines).toEqual(['User-agent: Perplexity-User']);
    expect(words('User-agent: Meta ExternalAgent\nDisallow: /\n')!.message).toContain(
      'so meta-externalagent does not follow this group',
    );
    expect(words('User-agent: Sogou web spider\nDisallow: /\n')).toBeUndefined();
  });

  test("every registry crawler whose name Google reads shorter gets agent-name-cut with the registry's googleReads, and its group is named as the registry names it", () => {
    const cut = crawlerRegistry.filter((c) => c.googleReads !== undefined && /^[A-Za-z0-9._-]+$/.test(c.name));
    expect(cut.map((c) => c.name)).toEqual(
      expect.arrayContaining(['MJ12bot', 'AI2Bot', 'img2dataset', 'archive.org_bot']),
    );
    for (const c of cut) {
      const ds = lint(`User-agent: *\nDisallow: /x\n\nUser-agent: ${c.name}\nDisallow: /a /b\n`);
      expect(ds.find((d) => d.code === 'agent-name-cut')!.message).toContain(
        `Google reads \`${c.name}\` as \`${c.googleReads}\``,
      );
      const said = ds.find((d) => d.code === 'whitespace-in-pattern')!.fix!.message;
      expect(said).toContain(`${c.name} (group \`${c.googleReads}\`) `);
      expect(said.split(c.name).length - 1).toBe(1); // once, not also as the file's token
    }
  });

  test("User-agent: 360Spider: Google reads no name and no Google-rules crawler follows the group; the message does not claim what 360Spider's own parser does, which its operator says reads the name (review)", () => {
    const body = 'User-agent: 360Spider\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\n';
    expect(only(body, 'agent-name-cut').map((d) => d.message)).toEqual([
      "Google reads `360Spider` as no name at all (a product token is letters, `-` and `_` only): for parsers that read names as Google's does, no crawler follows this group; 360Spider's own parser may still read the whole name (360 Search says its crawler reads `User-agent: 360Spider`).",
    ]);
    // robotsmatch reads names as Google does: for 360Spider it answers with `*`
    const robots = parse(body);
    expect(robots.isAllowed('/a', crawlerRegistry.find((c) => c.name === '360Spider')!)).toBe(true);
    expect(robots.isAllowed('/private/a', crawlerRegistry.find((c) => c.name === '360Spider')!)).toBe(false);
    robots.dispose();
    // no `*` group: it may fetch every URL
    expect(only('User-agent: AhrefsBot\nUser-agent: 360Spider\nDisallow: /\n', 'agent-name-cut')[0]!.message).toContain(
      "this line adds no crawler to its group (its other User-agent lines still apply); 360Spider's own parser may still read the whole name",
    );
    expect(only(body, 'agent-name-cut')[0]!.message).not.toMatch(/may fetch every URL|itself follows/);
  });
});

describe('regular expressions and templates in patterns', () => {
  const found = (body: string, code: string) => lint(body).filter((d) => d.code === code);

  test('regex syntax gets regex-in-pattern naming the pattern meant, with an unsafe fix writing it', () => {
    const cases: [string, string][] = [
      ['/find-agent/(.*)', '`Disallow: /find-agent/` is probably what was meant.'], // a top real-estate site
      ['/O.*Z', '`Disallow: /O*Z` is probably what was meant.'], // a weather site
      ['^/admin', '`Disallow: /admin` is probably what was meant.'],
      ['/page[0-9]+', '`Disallow: /page` is probably what was meant.'],
      ['/*\\.php$', '`Disallow: /*.php$` is probably what was meant.'],
      ['/(foo|bar)/', '`Disallow: /foo/` and `Disallow: /bar/` are probably what was meant.'],
    ];
    for (const [pattern, meant] of cases) {
      const d = found(`User-agent: *\nDisallow: ${pattern}\n`, 'regex-in-pattern');
      expect(d, pattern).toHaveLength(1);
      expect(d[0]!.message, pattern).toContain(meant);
    }
    expect(found('User-agent: *\nDisallow: /find-agent/(.*)\n', 'regex-in-pattern')[0]!.fix!.lines).toEqual([
      'Disallow: /find-agent/',
    ]);
  });

  test('URL characters and robots.txt syntax are left alone', () => {
    for (const pattern of ['/wiki/Foo_(bar)', '/search?q=a+b', '/index.*', '/*.php', '/file.*.html', '/c++/', '/a[1]'])
      expect(found(`User-agent: *\nDisallow: ${pattern}\n`, 'regex-in-pattern'), pattern).toEqual([]);
  });

  test('`{` in a path never matches; in a query string it is sent as it is, and nothing is said', () => {
    const path = found('User-agent: *\nDisallow: /{lang}/search\n', 'pattern-never-matches');
    expect(path[0]!.message).toContain("in a URL's path (in a query string it is sent as it is)");
    expect(found('User-agent: *\nDisallow: /search?q={term}\n', 'pattern-never-matches')).toEqual([]);
    expect(found('User-agent: *\nDisallow: /search?q=<b>\n', 'pattern-never-matches')[0]!.message).toContain(
      "in a URL's path and query alike",
    );
  });
});

describe('rule-after-blank-line: one finding per group', () => {
  const blanks = (body: string) => lint(body).filter((d) => d.code === 'rule-after-blank-line');

  test('a group spacing its 220 rules with blank lines (Google reads it as meant): one info, counting them', () => {
    const body =
      'User-agent: Googlebot\nDisallow: /r0\n' +
      Array.from({ length: 220 }, (_, i) => `\nDisallow: /r${i + 1}\n`).join('');
    const found = blanks(body);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ line: 4, severity: 'info' });
    expect(found[0]!.message).toContain('not as a rule for every crawler; so do the 219 rules after it, to line 442.');
  });

  test("rules after a bad bot's Disallow: / were meant for others: one warning, whatever the runs", () => {
    const found = blanks('User-agent: BadBot\nDisallow: /\n\nDisallow: /private/\n\nDisallow: /tmp/\n');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ line: 4, severity: 'warning' });
    expect(found[0]!.message).toContain('; so does the rule after it, to line 6.');
  });

  test('two groups: one finding each', () => {
    const found = blanks(
      'User-agent: Googlebot\nDisallow: /a\n\nDisallow: /b\n\nUser-agent: bingbot\nDisallow: /c\n\nDisallow: /d\n',
    );
    expect(found.map((d) => d.line)).toEqual([4, 9]);
  });
});
