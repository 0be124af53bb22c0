// lint(): every diagnostic code has a case that triggers it and a near case
// that must not; the corpus, generated and hostile files never throw.
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { lines } from '../src/index.js';
import { lint, type Diagnostic, type DiagnosticCode } from '../src/lint.js';
import { UNSUPPORTED_KEYS } from '../src/report/unused-keys.js';
import { corpusFiles } from './support/corpus.js';
import { robotsBody } from './support/generated.js';
import { bytes } from './support/verdict.js';

const codes = (body: string | Uint8Array, options?: Parameters<typeof lint>[1]) => lint(body, options).map((d) => `${d.line} ${d.code}`);
const only = (body: string | Uint8Array, code: DiagnosticCode) => lint(body).filter((d) => d.code === code);

// Each code: [a file that triggers it on `line`, a near file that must not].
const cases: [DiagnosticCode, Diagnostic['severity'], string | Uint8Array, number, string | Uint8Array][] = [
  ['rule-outside-group', 'error', 'Disallow: /x\nUser-agent: *\nDisallow: /y\n', 1, 'User-agent: *\nDisallow: /x\n'],
  ['unparseable', 'error', 'User-agent: *\nthis is not a line\n', 2, 'User-agent: *\n# this is a comment\n'],
  ['too-long', 'error', `User-agent: *\nDisallow: /${'a'.repeat(16_700)}\n`, 2, `User-agent: *\nDisallow: /${'a'.repeat(16_600)}\n`],
  ['over-size-limit', 'error', 'User-agent: *\nDisallow: /a\nDisallow: /b\n', 3, 'User-agent: *\nDisallow: /a\n'],
  ['nul-byte', 'error', 'User-agent: *\nDisallow: /a\0b\n', 2, 'User-agent: *\nDisallow: /a0b\n'],
  ['invalid-utf8', 'warning', bytes('User-agent: *\nDisallow: /a', [0xff, 0xfe], '\n'), 2, bytes('User-agent: *\nDisallow: /a', [0xc3, 0xa9], '\n')],
  ['typo-key', 'warning', 'User-agent: *\nDissallow: /x\n', 2, 'User-agent: *\nDisallow: /x\n'],
  ['missing-colon', 'warning', 'User-agent: *\nDisallow /x\n', 2, 'User-agent: *\nDisallow: /x\n'],
  ['unknown-key', 'warning', 'User-agent: *\nUnicorn: x\n', 2, 'User-agent: *\nCrawl-delay: 1\n'],
  ['unsupported-key', 'info', 'User-agent: *\nCrawl-delay: 1\n', 2, 'User-agent: *\nDisallow: /crawl-delay\n'],
  ['pattern-no-leading-slash', 'warning', 'User-agent: *\nDisallow: private\n', 2, 'User-agent: *\nDisallow: *private\n'],
  ['dollar-inside-pattern', 'warning', 'User-agent: *\nDisallow: /a$b\n', 2, 'User-agent: *\nDisallow: /a*b$\n'],
  ['relative-sitemap', 'warning', 'Sitemap: /sitemap.xml\n', 1, 'Sitemap: https://example.com/sitemap.xml\n'],
  ['user-agent-not-token', 'warning', 'User-agent: Googlebot/2.1\nDisallow: /\n', 1, 'User-agent: Googlebot-News\nDisallow: /\n'],
  ['empty-user-agent', 'warning', 'User-agent:\nDisallow: /\n', 1, 'User-agent: *\nDisallow: /\n'],
  ['crawl-delay-invalid', 'warning', 'User-agent: *\nCrawl-delay: soon\n', 2, 'User-agent: *\nCrawl-delay: 0.5\n'],
  ['partial-bom', 'warning', bytes([0xef, 0xbb], 'User-agent: *\nDisallow: /\n'), 1, bytes([0xef, 0xbb, 0xbf], 'User-agent: *\nDisallow: /\n')],
  ['duplicate-rule', 'info', 'User-agent: *\nDisallow: /a\nDisallow: /a\n', 3, 'User-agent: a\nDisallow: /a\nUser-agent: b\nDisallow: /a\n'],
  ['conflicting-rules', 'info', 'User-agent: *\nDisallow: /a\nAllow: /a\n', 3, 'User-agent: *\nDisallow: /a\nAllow: /a/\n'],
  ['modes-differ', 'info', 'User-agent: * and more\nDisallow: /\n', 1, 'User-agent: *\nDisallow: /\n'],
];

describe('lint: each code', () => {
  test.each(cases)('%s (%s)', (code, severity, triggers, line, near) => {
    const options = code === 'over-size-limit' ? { maxBytes: 30 } : undefined;
    const found = lint(triggers, options).filter((d) => d.code === code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ line, severity, code });
    expect(found[0]!.message).toMatch(/^[A-Z`].*\.$/); // one plain sentence
    expect(lint(near, options).filter((d) => d.code === code)).toEqual([]);
  });

  test('noindex, nofollow and noarchive are warnings; say who uses crawl-delay', () => {
    for (const key of ['Noindex', 'nofollow', 'NOARCHIVE']) {
      expect(only(`User-agent: *\n${key}: /x\n`, 'unsupported-key')[0]!.severity).toBe('warning');
    }
    expect(only('User-agent: *\nCrawl-delay: 1\n', 'unsupported-key')[0]!.message).toContain('Bing');
  });

  test('modes-differ: percent-encoded unreserved characters and the index.html rule', () => {
    expect(codes('User-agent: *\nDisallow: /%62ar\n')).toContain('2 modes-differ');
    expect(codes('User-agent: *\nDisallow: /%E3%83%84\n')).not.toContain('2 modes-differ');
    expect(codes('User-agent: *\nAllow: /docs/index.html\n')).toContain('2 modes-differ');
    expect(codes('User-agent: *\nDisallow: /docs/index.html\n')).not.toContain('2 modes-differ');
  });

  test('typo-key also names keys Google reads by their start (Disallowed:)', () => {
    const [d] = only('User-agent: *\nDisallowed: /x\n', 'typo-key');
    expect(d).toMatchObject({ line: 2, fix: 'Disallow: /x' });
    expect(d!.message).toBe('Google reads `Disallowed` as `Disallow`; RFC 9309 crawlers ignore this line.');
  });

  test('fixes are the corrected line', () => {
    expect(only('User-agent: *\nDisalow: /x\n', 'typo-key')[0]!.fix).toBe('Disallow: /x');
    expect(only('User-agent: *\nDisallow /x\n', 'missing-colon')[0]!.fix).toBe('Disallow: /x');
    expect(only('User-agent: Googlebot/2.1\n', 'user-agent-not-token')[0]!.fix).toBe('User-agent: Googlebot');
    expect(only('User-agent: *\nDisallow: private/\n', 'pattern-no-leading-slash')[0]!.fix).toBe('Disallow: /private/');
  });

  test('over-size-limit names the first line that is cut, at the 500 KiB default', () => {
    const head = 'User-agent: *\n' + 'Disallow: /aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n'.repeat(8_000);
    const [d] = only(head + 'Disallow: /tail\n', 'over-size-limit');
    // 14 + 8,000 * 73 = 584,014 bytes: byte 512,000 is on line 2 + floor((512,000 - 14) / 73) = 7,015.
    expect(d!.line).toBe(2 + Math.floor((512_000 - 14) / 73));
    expect(only(head.slice(0, 500_000), 'over-size-limit')).toEqual([]);
  });

  test('a clean, conventional file has no error or warning', () => {
    const clean = `# robots.txt for example.com
User-agent: *
Disallow: /private/
Allow: /private/press/
Disallow: /*.pdf$

User-agent: Googlebot
User-agent: Bingbot
Disallow: /search

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

  test('bad arguments throw typed errors naming them', () => {
    expect(() => lint(42 as never)).toThrow(TypeError);
    expect(() => lint('', { mode: 'bing' as never })).toThrow(/options.mode/);
  });
});

describe('lint over real, generated and hostile files', () => {
  test('the corpus lints without throwing, in well under a millisecond per KB', () => {
    for (const { name, body } of corpusFiles()) {
      lint(body); // warm
      const start = performance.now();
      const found = lint(body);
      const perKb = (performance.now() - start) / (body.length / 1024);
      expect(perKb, name).toBeLessThan(1);
      for (const d of found) expect(d.line).toBeGreaterThan(0);
    }
  });

  test('generated files: no throw, every diagnostic on a line of the file', () => {
    fc.assert(fc.property(robotsBody, fc.constantFrom('google' as const, 'rfc' as const), (body, mode) => {
      const count = lines(body, { mode }).length;
      for (const d of lint(body, { mode })) {
        expect(d.line).toBeGreaterThanOrEqual(1);
        expect(d.line).toBeLessThanOrEqual(count + 1);
      }
    }), { numRuns: 2_000 });
  });

  test('random bytes, a 500 KiB line and invalid UTF-8 never throw', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 400 }), (body) => {
      lint(body);
    }), { numRuns: 2_000 });
    expect(codes('Disallow: /' + 'a'.repeat(600_000))).toEqual(expect.arrayContaining(['1 too-long', '1 over-size-limit']));
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
    const report = lines('Disallow: /a\nUser-agent: a\nUser-agent: b\nDisallow: /x\nSitemap: https://e.com/s\nUser-agent: c\nAllow: /\n');
    expect(report.map((l) => l.group)).toEqual([-1, 0, 0, 0, undefined, 1, 1, undefined]); // the last: the empty line after the final break
  });
});

describe('columns on a line cut at 16,663 bytes inside a character (issue 19.6)', () => {
  // "Disallow: /a$b" is 14 bytes; then 2-byte characters, so the cut falls inside one.
  const long = 'é'.repeat(9_000);
  const at = (body: string, code: DiagnosticCode) => lint(body).filter((d) => d.code === code).map((d) => [d.line, d.column, d.endColumn]);

  test('dollar-inside-pattern points at the `$`', () => {
    expect(at(`User-agent: *\nDisallow: /a$b${long}\n`, 'dollar-inside-pattern')).toEqual([[2, 13, 14]]);
    // After a byte order mark and CR, CRLF and LF line ends.
    expect(at(`\uFEFFUser-agent: *\r\r\n\nDisallow: /a$b${long}\n`, 'dollar-inside-pattern')).toEqual([[4, 13, 14]]);
  });

  test('every column of such a line', () => {
    // Each prefix leaves an odd number of bytes before the cut.
    expect(at(`User-agent: Googlebot/2.1x${long}\nDisallow: /\n`, 'user-agent-not-token')).toEqual([[1, 22, 22 + '/2.1x'.length + 8_318 + 1]]);
    expect(at(`User-agent: *\nDisallow: ab${long}\n`, 'pattern-no-leading-slash')).toEqual([[2, 11, undefined]]);
    expect(at(`User-agent: *\nDisallow: /%61${long}\n`, 'modes-differ')).toEqual([[2, 11, undefined]]);
    expect(at(`Sitemap: /sx${long}\n`, 'relative-sitemap')).toEqual([[1, 10, undefined]]);
    expect(at(`User-agent: *\nDissallow: /xy${long}\n`, 'typo-key')).toEqual([[2, 1, 10]]);
  });
});
