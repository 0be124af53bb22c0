// Matching (docs/behaviour.md, section 3) on both of the core's ways to decide: a Robots answers an
// agent's first URLs from a light index (the applying groups' rules scanned
// one by one, as Google's matcher does) and switches to the full index
// after a few; forAgent() always uses the full index. Both must give the
// same verdict and line, in both modes, on real, generated and hostile files.
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { parse, type Verdict } from '../src/index.js';
import { explain } from '../src/explain.js';
import { modelCheck, modelMatches } from './support/google-model.js';
import { corpusFiles, corpusUrls } from './support/corpus.js';
import { robotsBody, url, agents } from './support/generated.js';

/** The first answer for each URL from a fresh parse (always the scan), and the full index's. */
function bothWays(
  body: string | Uint8Array,
  agent: string | string[],
  urls: string[],
  mode: 'google' | 'rfc',
): { scan: Verdict[]; full: Verdict[] } {
  const scan = urls.map((u) => {
    const robots = parse(body, { mode });
    try {
      return robots.check(u, agent);
    } finally {
      robots.dispose();
    }
  });
  const robots = parse(body, { mode });
  try {
    const matcher = robots.forAgent(agent);
    return { scan, full: urls.map((u) => matcher.check(u)) };
  } finally {
    robots.dispose();
  }
}

describe('first answers (scan) and later answers (full index) agree', () => {
  const urls = corpusUrls(400);
  for (const { name, body } of corpusFiles()) {
    for (const mode of ['google', 'rfc'] as const) {
      test(`${name}, ${mode} mode, 400 URLs, Googlebot and an unnamed bot`, () => {
        for (const agent of ['Googlebot', 'SomeOtherBot']) {
          const { scan, full } = bothWays(body, agent, urls, mode);
          expect(scan).toEqual(full);
        }
      });
    }
  }

  test('generated files, agents and URLs (both modes)', () => {
    fc.assert(
      fc.property(
        robotsBody,
        agents,
        fc.array(url, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('google' as const, 'rfc' as const),
        (body, agentList, list, mode) => {
          const { scan, full } = bothWays(body, agentList, list, mode);
          expect(scan, JSON.stringify({ body: new TextDecoder().decode(body), agentList, list })).toEqual(full);
        },
      ),
      { numRuns: 3000, seed: 20261123 },
    );
  });

  test('keys that share their first 8 or 16 bytes or more, or are equal (the index sort compares 16 bytes first, as two words, then the rest, then file order)', () => {
    // Prefixes of 7 to 9 and 15 to 17 bytes around the sort's two words, pieces
    // that make keys equal, one a prefix of another, or differing only past
    // byte 8 or byte 16.
    const prefix = fc.constantFrom(
      '/',
      '/aaaaaa',
      '/aaaaaaa',
      '/aaaaaaaa',
      '/aaaaaaa/',
      '/aaaaaaab',
      '/aaaaaaa/aaaaaa',
      '/aaaaaaa/aaaaaaa',
      '/aaaaaaa/aaaaaaab',
      '/aaaaaaa/aaaaaaa/',
    );
    const piece = fc.array(fc.constantFrom('a', 'b', '/', '*'), { maxLength: 6 }).map((cs) => cs.join(''));
    const rule = fc
      .tuple(fc.constantFrom('Allow', 'Disallow'), prefix, piece, fc.boolean())
      .map(([type, p, q, anchored]) => `${type}: ${p}${q}${anchored ? '$' : ''}`);
    const path = fc
      .tuple(prefix, fc.array(fc.constantFrom('a', 'b', '/'), { maxLength: 8 }))
      .map(([p, cs]) => p + cs.join(''));
    fc.assert(
      fc.property(
        fc.array(rule, { minLength: 2, maxLength: 24 }),
        fc.array(path, { minLength: 1, maxLength: 8 }),
        fc.constantFrom('google' as const, 'rfc' as const),
        (rules, paths, mode) => {
          const body = `User-agent: *\n${rules.join('\n')}\n`;
          const { scan, full } = bothWays(body, 'bot', paths, mode);
          expect(full, body).toEqual(scan);
          if (mode === 'google') {
            for (let i = 0; i < paths.length; i++)
              expect({ allowed: full[i]!.allowed, line: full[i]!.line }, `${body}${paths[i]}`).toEqual(
                modelCheck(new TextEncoder().encode(body), ['bot'], paths[i]!),
              );
          }
        },
      ),
      { numRuns: 2000, seed: 20261123 },
    );
  });

  test('long paths (the scan prefilter, 256 bytes on) agree with the full index, explain() and the model', () => {
    const bytes = (s: string) => [...new TextEncoder().encode(s)];
    const piece = fc
      .array(fc.constantFrom('a', 'b', 'c', '/', '*'), { minLength: 1, maxLength: 8 })
      .map((cs) => cs.join(''));
    const rule = fc
      .tuple(fc.constantFrom('Allow', 'Disallow'), piece, fc.boolean())
      .map(([type, p, anchored]) => `${type}: /${p}${anchored ? '$' : ''}`);
    fc.assert(
      fc.property(
        fc.array(rule, { minLength: 1, maxLength: 12 }),
        fc.array(fc.constantFrom('a', 'b', 'c', '/'), { minLength: 260, maxLength: 400 }),
        fc.constantFrom('google' as const, 'rfc' as const),
        (rules, chars, mode) => {
          const body = `User-agent: *\n${rules.join('\n')}\n`;
          const path = `/${chars.join('')}`;
          const { scan, full } = bothWays(body, 'bot', [path], mode);
          expect(scan, JSON.stringify({ body, path })).toEqual(full);
          const robots = parse(body, { mode });
          try {
            const e = explain(robots, path, 'bot');
            expect({ allowed: e.allowed, line: e.line, rule: e.rule }).toEqual(full[0]);
            if (mode === 'google') {
              // Every rule explain lists matches by the reachable-positions model, and every rule the model matches is listed.
              const listed = new Set(e.candidates.filter((c) => !c.indexHtml).map((c) => c.line));
              for (const [i, r] of rules.entries())
                expect(listed.has(i + 2), r).toBe(modelMatches(bytes(e.path), bytes(r.slice(r.indexOf(' ') + 1))));
            }
          } finally {
            robots.dispose();
          }
        },
      ),
      { numRuns: 1500, seed: 19 },
    );
  });

  test('one Robots switches from scanning to its full index without changing an answer', () => {
    const { body } = corpusFiles().find((f) => f.name === 'github.com.txt')!;
    const list = corpusUrls(200, 'github.com');
    const robots = parse(body);
    const matcher = robots.forAgent('Googlebot');
    try {
      // Repeated calls for one agent cross the switch (after a handful of answers).
      for (const u of list) expect(robots.check(u, 'Googlebot')).toEqual(matcher.check(u));
    } finally {
      robots.dispose();
    }
  });

  test('hostile patterns stay linear on the scan path: 30 rules of 16 KB segments against a 1 MB URL', () => {
    const segment = 'a'.repeat(16_000);
    const body = `User-agent: *\n${Array.from({ length: 30 }, (_, i) => `Disallow: /*${segment}${i}*b\n`).join('')}`;
    const hostile = `/${'a'.repeat(1 << 20)}`;
    const robots = parse(body);
    try {
      // A quadratic matcher takes minutes here; a linear one, milliseconds (the figure is in bench/).
      expect(robots.check(hostile, 'x')).toEqual({ allowed: true, line: 0, rule: null });
      expect(robots.check(`${hostile}0b`, 'x').allowed).toBe(false);
    } finally {
      robots.dispose();
    }
  });
});
