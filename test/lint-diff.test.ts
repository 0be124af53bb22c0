// diff() and UrlDiff: what a robots.txt change does for each crawler, and
// which URLs change verdict. UrlDiff agrees with check() on both files for
// every URL of generated lists.
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { parse } from '../src/index.js';
import { diff, UrlDiff } from '../src/lint.js';
import { robotsBody, url as urlArbitrary } from './support/generated.js';

describe('diff()', () => {
  test('12,000 sitemaps: each added and removed one found, each once, in file order (compared by set, not one list scan per sitemap)', () => {
    const list = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => `Sitemap: https://e.com/s${from + i}.xml\n`).join('');
    const d = diff(
      `User-agent: *\nDisallow: /x\n${list(0, 12_000)}`,
      `User-agent: *\nDisallow: /x\n${list(10, 12_010)}`,
    );
    expect(d.sitemaps.removed).toEqual(Array.from({ length: 10 }, (_, i) => `https://e.com/s${i}.xml`));
    expect(d.sitemaps.added).toEqual(Array.from({ length: 10 }, (_, i) => `https://e.com/s${12_000 + i}.xml`));
  });

  test('rules added and removed, groups gained and lost, paths that change, sitemaps', () => {
    const d = diff(
      'User-agent: *\nDisallow: /a\n\nUser-agent: Googlebot\nDisallow: /g\nSitemap: https://e.com/1.xml\n',
      'User-agent: *\nDisallow: /a\nDisallow: /b\nSitemap: https://e.com/2.xml\n',
    );
    expect(d.newlyDisallowed).toBe(true);
    expect(d.sitemaps).toEqual({ added: ['https://e.com/2.xml'], removed: ['https://e.com/1.xml'] });
    expect(d.agents.map((a) => [a.agent, a.ownGroup])).toEqual([
      ['*', 'none'],
      ['Googlebot', 'lost'],
    ]);
    const star = d.agents[0]!;
    expect(star.added).toEqual([{ line: 3, type: 'disallow', pattern: '/b' }]);
    expect(star.changes).toEqual([
      {
        path: '/b',
        pattern: '/b',
        before: { allowed: true, line: 0, rule: null },
        after: { allowed: false, line: 3, rule: { type: 'disallow', pattern: '/b' } },
      },
    ]);
    const g = d.agents[1]!;
    expect(g.removed).toEqual([{ line: 5, type: 'disallow', pattern: '/g' }]);
    expect(g.summary[0]).toBe('Googlebot no longer has a group of its own: it now follows the `*` group.');
  });

  test('the same rules in another order, comments, blank lines and a typo Google reads the same: no change', () => {
    const d = diff(
      'User-agent: *\nDisallow: /a\nDisallow: /b\n',
      '# new\nUser-agent: *\n\nDissallow: /b\nDisallow: /a # x\n',
    );
    expect(d).toEqual({ agents: [], sitemaps: { added: [], removed: [] }, newlyDisallowed: false });
  });

  test('a rule kept but now outweighed is reported as shadowed, with the rule that now decides', () => {
    const d = diff('User-agent: *\nDisallow: /shop\n', 'User-agent: *\nDisallow: /shop\nAllow: /shop\n');
    expect(d.agents[0]!.shadowed).toEqual([
      { line: 2, type: 'disallow', pattern: '/shop', by: { line: 3, type: 'allow', pattern: '/shop' } },
    ]);
    expect(d.agents[0]!.summary).toContain(
      '`Disallow: /shop` (line 2) no longer decides /shop: line 3 `Allow: /shop` now does.',
    );
    expect(d.newlyDisallowed).toBe(false);
  });

  test('options.agents: only those crawlers; a crawler the files do not name follows `*`', () => {
    const d = diff('User-agent: *\nDisallow: /a\n', 'User-agent: *\nDisallow: /b\n', { agents: ['Bingbot'] });
    expect(d.agents.map((a) => a.agent)).toEqual(['Bingbot']);
    expect(() => diff('', '', { agents: 'x' as never })).toThrow(TypeError);
    expect(() => diff(1 as never, '')).toThrow(TypeError);
  });
});

describe('UrlDiff', () => {
  test('the URLs whose verdict changes, each with the deciding line on both sides, across chunks', () => {
    const differ = new UrlDiff('User-agent: *\nDisallow: /a\n', 'User-agent: *\nDisallow: /b\n', ['Googlebot', '*']);
    try {
      expect(differ.compare('/a\n/b\n/c\n')).toEqual([
        {
          url: '/a',
          line: 1,
          agent: 'Googlebot',
          before: { allowed: false, line: 2, rule: { type: 'disallow', pattern: '/a' } },
          after: { allowed: true, line: 0, rule: null },
        },
        {
          url: '/a',
          line: 1,
          agent: '*',
          before: { allowed: false, line: 2, rule: { type: 'disallow', pattern: '/a' } },
          after: { allowed: true, line: 0, rule: null },
        },
        {
          url: '/b',
          line: 2,
          agent: 'Googlebot',
          before: { allowed: true, line: 0, rule: null },
          after: { allowed: false, line: 2, rule: { type: 'disallow', pattern: '/b' } },
        },
        {
          url: '/b',
          line: 2,
          agent: '*',
          before: { allowed: true, line: 0, rule: null },
          after: { allowed: false, line: 2, rule: { type: 'disallow', pattern: '/b' } },
        },
      ]);
      expect(differ.compare(new TextEncoder().encode('/x\r\n/bb\r\n')).map((c) => `${c.line} ${c.url}`)).toEqual([
        '5 /bb',
        '5 /bb',
      ]);
    } finally {
      differ.dispose();
    }
  });

  test('agrees with check() on both files, for generated files and URLs', () => {
    fc.assert(
      fc.property(
        robotsBody,
        robotsBody,
        fc.array(
          urlArbitrary.filter((u) => !/[\r\n]/.test(u)),
          { maxLength: 20 },
        ),
        (a, b, urls) => {
          const agents = ['FooBot', '*'];
          const differ = new UrlDiff(a, b, agents);
          const ra = parse(a);
          const rb = parse(b);
          try {
            const found = differ.compare(urls.length ? `${urls.join('\n')}\n` : '').map((c) => `${c.line} ${c.agent}`);
            const expected: string[] = [];
            urls.forEach((u, i) => {
              for (const agent of agents)
                if (ra.isAllowed(u, agent) !== rb.isAllowed(u, agent)) expected.push(`${i + 1} ${agent}`);
            });
            expect(found).toEqual(expected);
          } finally {
            differ.dispose();
            ra.dispose();
            rb.dispose();
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
