// Differential tests: the compiled WASM path against the naive streaming model
// of Google's parser (test/support/google-model.ts) on generated files, agents
// and URLs. Google mode, verdict and deciding line.
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { parse } from '../src/index.js';
import { modelCheck } from './support/google-model.js';
import { robotsBody, url, agents } from './support/generated.js';

const enc = new TextEncoder();

describe('differential: WASM core vs naive Google model', () => {
  test('verdicts and lines agree on generated files, agents and URLs', () => {
    fc.assert(
      fc.property(robotsBody, agents, fc.array(url, { minLength: 1, maxLength: 6 }), (body, agentList, urls) => {
        const robots = parse(body);
        try {
          for (const u of urls) {
            const got = robots.check(u, agentList);
            const want = modelCheck(body, agentList, u);
            expect(
              { allowed: got.allowed, line: got.line },
              JSON.stringify({ body: new TextDecoder().decode(body), agentList, u }),
            ).toEqual(want);
          }
        } finally {
          robots.dispose();
        }
      }),
      { numRuns: 4000, seed: 20261121 },
    );
  });

  test('wildcard matching agrees with the reachable-positions matcher', () => {
    const pat = fc
      .array(fc.constantFrom('a', 'b', '/', '*', '$'), { minLength: 1, maxLength: 10 })
      .map((c) => `/${c.join('')}`);
    const path = fc.array(fc.constantFrom('a', 'b', '/', '$', '*'), { maxLength: 14 }).map((c) => `/${c.join('')}`);
    fc.assert(
      fc.property(
        fc.array(pat, { minLength: 1, maxLength: 4 }),
        fc.array(path, { minLength: 1, maxLength: 8 }),
        (patterns, paths) => {
          const body = `User-agent: *\n${patterns.map((p, i) => `${i % 2 ? 'Allow' : 'Disallow'}: ${p}\n`).join('')}`;
          const robots = parse(body);
          try {
            for (const p of paths) {
              const got = robots.check(p, 'x');
              expect({ allowed: got.allowed, line: got.line }, `${body} ${p}`).toEqual(
                modelCheck(enc.encode(body), ['x'], p),
              );
            }
          } finally {
            robots.dispose();
          }
        },
      ),
      { numRuns: 3000, seed: 7 },
    );
  });
});
