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
import { getCore } from '../src/core/wasm.js';
import { Export } from '../src/core/exports.js';
import { Layout } from '../src/core/layout.js';

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

  // The switch lives in the core, so that Node and Python switch alike: a
  // host only ever calls check() with the index select() gave it.
  describe('the core switches a light index to its full one after its first answers', () => {
    const core = getCore();
    const exports = core.exports;
    /** A compiled file and a light index for `bot`, straight from the core. */
    function lightIndex(rules: number): { robots: number; index: number } {
      const body = `User-agent: bot\n${Array.from({ length: rules }, (_, i) => `Disallow: /p${i}/\n`).join('')}`;
      const robots = exports[Export.compile](core.writeShort(body, 'body'), Layout.MODE_GOOGLE);
      const index = exports[Export.select](robots, core.writeShort('bot', 'agent'), 1, 0);
      return { robots, index };
    }
    const fullOf = (index: number) => core.u32[(index + Layout.A_FULL) >>> 2] ?? 0;
    const allowedBy = (index: number, url: string) =>
      core.u32[(exports[Export.check](index, core.writeShort(url)) + Layout.V_ALLOWED) >>> 2] !== 0;

    test('more than 8 rules: 6 answers by scanning, the 7th builds the full index, later ones use it', () => {
      const { robots, index } = lightIndex(9);
      try {
        for (let i = 0; i < 6; i++) {
          expect(allowedBy(index, `https://a.example/p${i}/x`)).toBe(false);
          expect(fullOf(index)).toBe(0);
        }
        expect(allowedBy(index, 'https://a.example/p8/x')).toBe(false);
        const full = fullOf(index);
        expect(full).not.toBe(0);
        expect(core.u32[(full + Layout.A_SCAN) >>> 2]).toBe(0);
        expect(allowedBy(index, 'https://a.example/q')).toBe(true);
        expect(fullOf(index)).toBe(full);
      } finally {
        exports[Export.disposeIndex](index);
        exports[Export.dispose](robots);
      }
    });

    test('8 rules or fewer: scanning costs less than building, so the index stays light', () => {
      const { robots, index } = lightIndex(8);
      try {
        for (let i = 0; i < 50; i++) expect(allowedBy(index, `https://a.example/p${i % 8}/x`)).toBe(false);
        expect(fullOf(index)).toBe(0);
      } finally {
        exports[Export.disposeIndex](index);
        exports[Export.dispose](robots);
      }
    });
  });
});
