// Bulk matching (forAgent, matchMany, filter): the same verdicts as check()
// and as the naive Google model, on the real corpus and generated files.
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { parse } from '../src/index.js';
import { modelCheck } from './support/google-model.js';
import { corpusFiles, corpusUrls } from './support/corpus.js';

const AGENTS = ['Googlebot', 'bingbot', 'ExampleBot', ['Googlebot-News', 'Googlebot']] as const;

describe('bulk matching on the benchmark corpus', () => {
  const urls = corpusUrls(200_000);

  for (const { name, body } of corpusFiles()) {
    test(`matchMany, check and isAllowed agree on ${name} for the whole URL list`, () => {
      const robots = parse(body);
      for (const agent of AGENTS) {
        const matcher = robots.forAgent(agent);
        const batch = matcher.matchMany(urls);
        let disallowed = 0;
        for (let i = 0; i < urls.length; i++) {
          const verdict = robots.check(urls[i]!, agent);
          if (batch[i] !== (verdict.allowed ? 1 : 0) || matcher.isAllowed(urls[i]!) !== verdict.allowed) {
            expect({ url: urls[i], agent, batch: batch[i], verdict }).toBeUndefined();
          }
          if (!verdict.allowed) disallowed++;
        }
        // Real files disallow some of their own rules' URLs: the comparison is not vacuous.
        if (name !== 'news.google.com.txt' || agent !== 'bingbot')
          expect(disallowed, `${name} ${agent}`).toBeGreaterThan(0);
      }
      robots.dispose();
    });

    test(`the index agrees with the naive Google model on ${name}`, () => {
      const robots = parse(body);
      for (const agent of AGENTS) {
        const matcher = robots.forAgent(agent);
        for (let i = 0; i < urls.length; i += 400) {
          const verdict = matcher.check(urls[i]!);
          const want = modelCheck(body, typeof agent === 'string' ? [agent] : [...agent], urls[i]!);
          expect({ allowed: verdict.allowed, line: verdict.line }, urls[i]).toEqual(want);
        }
      }
      robots.dispose();
    });

    test(`(R) RFC mode: matchMany and check agree on ${name}`, () => {
      const robots = parse(body, { mode: 'rfc' });
      const some = urls.filter((_, i) => i % 10 === 0);
      const batch = robots.forAgent('Googlebot').matchMany(some);
      expect(Array.from(batch)).toEqual(some.map((u) => (robots.check(u, 'Googlebot').allowed ? 1 : 0)));
      robots.dispose();
    });

    test(`a compiled ${name} takes at most twice its size`, () => {
      const robots = parse(body);
      expect(robots.byteSize).toBeLessThanOrEqual(2 * body.length);
      robots.dispose();
    });
  }
});

describe('forAgent', () => {
  const body =
    'User-agent: *\nDisallow: /private/\nAllow: /private/ok\nDisallow: /*.pdf$\n\nUser-agent: FooBot\nDisallow: /\nAllow: /$\n';

  test('matchMany splits batches by size: URLs longer than a batch, first or in the middle', () => {
    const robots = parse(body);
    const m = robots.forAgent('Other');
    const huge = (tail: string) => `/private/${'a'.repeat(600_000)}${tail}`; // 1.2 MB as UTF-16
    const urls = [huge('.pdf'), '/x.pdf', huge('/'), huge('.pdf'), '/private/ok', '/', huge('x')];
    expect(Array.from(m.matchMany(urls))).toEqual(urls.map((u) => (robots.isAllowed(u, 'Other') ? 1 : 0)));
    expect(Array.from(m.matchMany(urls))).toEqual([0, 0, 0, 0, 1, 1, 0]);
    expect(() => m.matchMany(['/', huge(''), 3 as unknown as string])).toThrow(/urls\[2\]/);
    robots.dispose();
  });

  test('isAllowed, check, matchMany and filter agree', () => {
    const robots = parse(body);
    const urls = ['/', '/a', '/private/x', '/private/ok/1', '/x.pdf', '/x.pdf?y', 'http://e.com/private/'];
    for (const agent of ['FooBot', 'Other', ['Other', 'FooBot']]) {
      const m = robots.forAgent(agent);
      const verdicts = m.matchMany(urls);
      expect(Array.from(verdicts)).toEqual(urls.map((u) => (robots.isAllowed(u, agent) ? 1 : 0)));
      expect(urls.map((u) => m.check(u))).toEqual(urls.map((u) => robots.check(u, agent)));
      expect(m.filter(urls)).toEqual(urls.filter((u) => robots.isAllowed(u, agent)));
      expect(m.filter(new Set(urls))).toEqual(m.filter(urls));
    }
    robots.dispose();
  });

  test('matchMany reuses `out` and checks its size', () => {
    const m = parse(body).forAgent('Other');
    const out = new Uint8Array(4).fill(7);
    // A larger `out` is written into and a view of exactly urls.length verdicts comes back.
    const got = m.matchMany(['/private/a', '/b'], out);
    expect(Array.from(got)).toEqual([0, 1]);
    expect(got.buffer).toBe(out.buffer);
    expect(Array.from(out)).toEqual([0, 1, 7, 7]);
    const exact = new Uint8Array(2);
    expect(m.matchMany(['/private/a', '/b'], exact)).toBe(exact);
    expect(() => m.matchMany(['/a', '/b', '/c'], new Uint8Array(2))).toThrow(RangeError);
    expect(() => m.matchMany(['/a', 5 as never])).toThrow(/urls\[1\]/);
    expect(() => m.matchMany('/a' as never)).toThrow(TypeError);
    expect(() => m.filter(5 as never)).toThrow(TypeError);
  });

  test('URLs containing NUL, newlines, fragments, and empty URLs in a batch', () => {
    const robots = parse('User-agent: *\nDisallow: /a\nDisallow: /*\n$\nDisallow: /*#\n');
    const m = robots.forAgent('x');
    const urls = [
      '/a\n/b',
      '',
      '/b',
      '\n',
      'http://e.com/a',
      '/c\n',
      'http://e.com/b\0/a',
      'http://e\0.com/a',
      '//h/a#x',
      'h#/a',
      'http://e.com#/a',
      '?a',
      ';a',
    ];
    expect(Array.from(m.matchMany(urls))).toEqual(urls.map((u) => (robots.isAllowed(u, 'x') ? 1 : 0)));
    const noNul = urls.filter((u) => !u.includes('\0')); // one core call, no fallback
    expect(Array.from(m.matchMany(noNul))).toEqual(noNul.map((u) => (robots.isAllowed(u, 'x') ? 1 : 0)));
  });

  test('more URLs than one batch (512 per core call): empty URLs at the seams, a NUL in a later batch, two-byte text', () => {
    const robots = parse('User-agent: *\nDisallow: /a\nAllow: /a/é\nDisallow: /*.pdf$\n');
    const m = robots.forAgent('x');
    const urls = Array.from({ length: 1_600 }, (_, i) =>
      [511, 512, 1023, 1024, 1599].includes(i)
        ? ''
        : i % 7 === 0
          ? `https://e.com/a/é/${i}`
          : i % 5 === 0
            ? `/a/${i}.pdf`
            : `/${i % 3 ? 'a' : 'b'}/${i}`,
    );
    const want = urls.map((u) => (robots.isAllowed(u, 'x') ? 1 : 0));
    expect(Array.from(m.matchMany(urls))).toEqual(want);
    urls[700] = '/b\0/a'; // a NUL in the second batch: that batch is redone one URL at a time
    want[700] = robots.isAllowed(urls[700], 'x') ? 1 : 0;
    expect(Array.from(m.matchMany(urls))).toEqual(want);
  });

  test('the path of each URL in a batch, at the edges of the scheme, authority and fragment', () => {
    // Allowed exactly when the path starts with /ok or holds ?q or ;p: a
    // wrong path start or end changes the verdict.
    const robots = parse('User-agent: *\nDisallow: /\nAllow: /ok\nAllow: /*?q\nAllow: /*;p\n');
    const cases: [string, 0 | 1][] = [
      ['http:///ok', 1],
      ['https:///ok', 1],
      ['http://?q', 1],
      ['https://h;p', 1],
      ['http://h#/ok', 0],
      ['https://h/x#?q', 0],
      ['https://h/ok#frag', 1],
      ['http://', 0],
      ['https://', 0],
      ['http:/ok', 1],
      ['HTTPS://h/ok', 1],
      ['//h/ok', 1],
      ['https://example.com', 0],
      ['https://h?q#x', 1],
      [`https://h/${'a'.repeat(14)}?q`, 1],
      [`https://h/${'a'.repeat(30)};p`, 1],
      [`https://h/ok${'\u00e9'.repeat(20)}`, 1],
      [`https://h/${'x'.repeat(31)}#?q`, 0],
      [`https://h/${'x'.repeat(15)}\ud83d\ude00?q`, 1],
      [`https://${'h'.repeat(40)}/ok`, 1],
    ];
    const bot = robots.forAgent('bot');
    const urls = cases.map(([url]) => url);
    const want = cases.map(([, allowed]) => allowed);
    expect(Array.from(bot.matchMany(urls))).toEqual(want);
    expect(urls.map((u) => (robots.isAllowed(u, 'bot') ? 1 : 0))).toEqual(want);
    // Each URL alone, and each last in its batch (no URL after it).
    for (const [i, u] of urls.entries()) expect(bot.matchMany(urls.slice(0, i + 1))[i], u).toBe(want[i]);
    robots.dispose();
  });

  test('wildcard rules with literal tails before `$`, shared and many distinct rare bytes', () => {
    const body = [
      'User-agent: *',
      'Disallow: /*.pdf$',
      'Disallow: /*?*sort=',
      'Disallow: /*?*order', // shares its rarest byte with the rule above
      // Ten rules, each with its own rare byte: more than a small per-index filter holds.
      ...'QWXZJKV&=!'.split('').map((c) => `Disallow: /*${c}*end`),
    ].join('\n');
    const robots = parse(body);
    const bot = robots.forAgent('bot');
    const cases: [string, 0 | 1][] = [
      ['/a.pdf', 0],
      ['/.pdf', 0],
      ['/pdf', 1],
      ['/a.pdf?x', 1],
      ['/a.pd', 1],
      ['/x.PDF', 1],
      ['/a?b&sort=1', 0],
      ['/a?b', 1],
      ['/asort=1', 1],
      ['/?sort=', 0],
      ['/a?order', 0],
      ['/aorder', 1],
      ...'QWXZJKV&=!'.split('').flatMap((c): [string, 0 | 1][] => [
        [`/a${c}b/end`, 0],
        [`/a${c}b`, 1],
        [`/ab/end`, 1],
      ]),
    ];
    const urls = cases.map(([path]) => `https://example.com${path}`);
    const want = cases.map(([, allowed]) => allowed);
    expect(Array.from(bot.matchMany(urls))).toEqual(want);
    expect(urls.map((u) => (bot.check(u).allowed ? 1 : 0))).toEqual(want);
    expect(urls.map((u) => (modelCheck(new TextEncoder().encode(body), ['bot'], u).allowed ? 1 : 0))).toEqual(want);
    robots.dispose();
  });

  test('batches longer than one core call', () => {
    const robots = parse('User-agent: *\nDisallow: /*7$\n');
    const urls = Array.from({ length: 10_000 }, (_, i) => `https://e.com/p/${i}`);
    const verdicts = robots.forAgent('x').matchMany(urls);
    expect(verdicts.reduce((a, b) => a + b, 0)).toBe(9_000);
  });

  test('a disposed robots or matcher throws', () => {
    const robots = parse(body);
    const m = robots.forAgent('x');
    m.dispose();
    expect(() => m.isAllowed('/')).toThrow(/matcher was disposed/);
    const m2 = robots.forAgent('x');
    robots.dispose();
    expect(() => m2.matchMany(['/'])).toThrow(/disposed/);
  });

  test('differential: forAgent batches agree with the naive model', () => {
    const seg = fc.constantFrom('/', 'a', 'b', '*', '$', '.php', '/index.html', '%2f', 'é');
    const pattern = fc.array(seg, { maxLength: 6 }).map((s) => `/${s.join('')}`);
    const rules = fc.array(
      fc.tuple(
        fc.constantFrom('Allow', 'Disallow', 'User-agent'),
        fc.oneof(pattern, fc.constantFrom('*', 'FooBot', '')),
      ),
      { maxLength: 25 },
    );
    const piece = fc.constantFrom(
      '/',
      'a',
      'b',
      '$',
      '.php',
      'index.html',
      '%2F',
      'é',
      '?',
      '#',
      ';',
      ':',
      '//',
      '://',
    );
    const tail = fc.array(piece, { maxLength: 8 }).map((s) => s.join(''));
    const path = fc.oneof(
      tail.map((t) => `/${t}`),
      tail,
      tail.map((t) => `http://e.com${t}`),
      tail.map((t) => `//h${t}`),
      fc.constant(''),
    );
    fc.assert(
      fc.property(
        rules,
        fc.array(path, { minLength: 1, maxLength: 30 }),
        fc.constantFrom('FooBot', 'Other'),
        (lines, paths, agent) => {
          const text = `User-agent: *\n${lines.map(([k, v]) => `${k}: ${v}\n`).join('')}`;
          const robots = parse(text);
          const got = robots.forAgent(agent).matchMany(paths);
          const want = paths.map((p) => (modelCheck(new TextEncoder().encode(text), [agent], p).allowed ? 1 : 0));
          robots.dispose();
          expect(Array.from(got), text).toEqual(want);
        },
      ),
      { numRuns: 2000, seed: 3 },
    );
  });
});

describe('matchLines', () => {
  const body = 'User-agent: *\nDisallow: /private/\nDisallow: /*.pdf$\nAllow: /private/ok\n';
  const urls = [
    'https://e.com/private/x',
    'https://e.com/a.pdf',
    'https://e.com/',
    '',
    'https://e.com/private/ok',
    '/a.pdf?x',
    'https://e.com/pr\0ivate/x',
    'http://e\0.com/private/',
    '//h/private/',
  ];
  const expected = (robots: ReturnType<typeof parse>) => urls.map((u) => (robots.isAllowed(u, 'x') ? 1 : 0));

  test("text and bytes, LF and CRLF, empty lines and NULs in lines give check()'s verdicts", () => {
    const robots = parse(body);
    const m = robots.forAgent('x');
    const want = expected(robots);
    expect(Array.from(m.matchLines(urls.join('\n')))).toEqual(want);
    expect(Array.from(m.matchLines(`${urls.join('\n')}\n`))).toEqual(want);
    expect(Array.from(m.matchLines(`${urls.join('\r\n')}\r\n`))).toEqual(want);
    expect(Array.from(m.matchLines(new TextEncoder().encode(urls.join('\n'))))).toEqual(want);
    expect(Array.from(m.matchLines(''))).toEqual([]);
    expect(Array.from(m.matchLines('\n\n\n'))).toEqual([1, 1, 1]);
    robots.dispose();
  });

  test('inputs larger than one core call, and a line longer than a chunk', () => {
    const robots = parse(body);
    const m = robots.forAgent('x');
    const many = Array.from({ length: 60_000 }, (_, i) => `https://e.com/${i % 3 ? 'private' : 'public'}/${i}`);
    const want = many.map((u) => (robots.isAllowed(u, 'x') ? 1 : 0));
    expect(Array.from(m.matchLines(many.join('\n')))).toEqual(want);
    expect(Array.from(m.matchLines(Buffer.from(many.join('\r\n'))))).toEqual(want);
    const long = [`https://e.com/private/${'x'.repeat(1_500_000)}`, 'https://e.com/a'];
    expect(Array.from(m.matchLines(long.join('\n')))).toEqual([0, 1]);
    expect(Array.from(m.matchLines(Buffer.from(long.join('\n'))))).toEqual([0, 1]);
    robots.dispose();
  });

  test('out is reused, and checked', () => {
    const m = parse(body).forAgent('x');
    const out = new Uint8Array(4);
    expect(Array.from(m.matchLines('/private/1\n/a', out))).toEqual([0, 1]);
    expect(() => m.matchLines('/a\n/b\n/c\n/d\n/e', out)).toThrow(RangeError);
    expect(() => m.matchLines(5 as never)).toThrow(TypeError);
  });

  test('the corpus URL list as bytes agrees with matchMany on every file', () => {
    const list = corpusUrls(20_000);
    const bytes = new TextEncoder().encode(`${list.join('\n')}\n`);
    for (const { name, body: file } of corpusFiles()) {
      const m = parse(file).forAgent('Googlebot');
      expect(Array.from(m.matchLines(bytes)), name).toEqual(Array.from(m.matchMany(list)));
    }
  });
});
