// verify proves the file's own rules, not only the policy's paths: a rule
// that blocks more (or less) than the policy says fails on one of its
// witness paths, with the rule's line.
import './support/fast-check-seed.js';
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { generate, GenerateError, verify, type Policy } from '../src/generate.js';
import { parse, type Mode } from '../src/index.js';
import { crawlerRegistry } from '../src/crawlers/registry.js';
import { checkPolicy } from '../src/generate/policy.js';
import { PRESETS } from '../src/generate/presets.js';
import { witnessesOf, witnessPaths } from '../src/generate/witness.js';

const verdicts = (r: ReturnType<typeof verify>) => r.differences.filter((d) => d.kind === 'verdict');

describe('witness paths of a pattern', () => {
  test('matches, near misses, `*` filled, `$` ends and extensions', () => {
    expect(witnessesOf('/blog')).toEqual(['/blog', '/blogx', '/blog/x', '/blo', '/bloa']);
    expect(witnessesOf('/*.html$')).toEqual(['/.html', '/x.html', '/x/y.html', '/.htmlx', '/.html/x', '/']);
    expect(witnessesOf('/private/')).toEqual(['/private/', '/private/x', '/private', '/privatea']);
    expect(witnessesOf('*/feed/')).toEqual(['/x/feed/', '/x/y/feed/', '/x/feed/x', '/']);
    expect(witnessesOf('/caf\u00e9')).toContain('/caf%C3%A9');
    expect(witnessesOf('')).toEqual([]);
    expect(witnessesOf('private')).toEqual([]); // matches no path
  });
});

describe('verify reads the rules the policy does not name', () => {
  test('`Disallow: /blog` and `/*.html$` against an allow-everything policy: fails, with each rule line', () => {
    const r = verify({}, 'User-agent: *\nDisallow: /blog\nDisallow: /*.html$\n');
    expect(r.ok).toBe(false);
    expect(verdicts(r).find((d) => d.crawler === 'Googlebot' && d.path === '/blog')).toEqual({
      kind: 'verdict',
      crawler: 'Googlebot',
      path: '/blog',
      line: 2,
      message:
        "Googlebot, /blog: by Google's and RFC 9309's rules it may not fetch /blog (line 2 `Disallow: /blog`), but the policy says it may.",
    });
    expect(verdicts(r).some((d) => d.crawler === 'Googlebot' && d.path === '/x.html' && d.line === 3)).toBe(true);
    expect(r.witnesses.paths).toBeGreaterThan(0);
  });

  test('`Disallow: /p` for a policy that closes /private/ also closes /p...: fails on line 2', () => {
    const r = verify({ default: { disallow: ['/private/'] } }, 'User-agent: *\nDisallow: /p\n');
    expect(verdicts(r).some((d) => d.crawler === 'Googlebot' && d.path === '/px' && d.line === 2)).toBe(true);
  });

  test('a `Disallow: /priv` typo closes /privacy-like paths: fails on line 2', () => {
    const r = verify({ default: { disallow: ['/private/'] } }, 'User-agent: *\nDisallow: /priv\n');
    expect(verdicts(r).some((d) => d.crawler === 'bingbot' && d.path === '/privx' && d.line === 2)).toBe(true);
  });

  test('a rule narrower than the policy (`/private/` for `/private`) leaves /private open', () => {
    const r = verify({ default: { disallow: ['/private'] } }, 'User-agent: *\nDisallow: /private/\n');
    expect(verdicts(r).some((d) => d.crawler === 'Googlebot' && d.path === '/private')).toBe(true);
  });

  test('a rule in a group of its own is proved for the crawlers that follow it', () => {
    const text = `${generate({ default: { disallow: ['/private/'] } }).text}\nUser-agent: GPTBot\nDisallow: /docs/\n`;
    const r = verify({ default: { disallow: ['/private/'] } }, text);
    const gpt = verdicts(r).filter((d) => d.path === '/docs/');
    expect(gpt.map((d) => d.crawler)).toContain('GPTBot');
    expect(gpt.map((d) => d.crawler)).not.toContain('Googlebot');
  });

  test('the generated file proves on its own witnesses', () => {
    const policy: Policy = { default: { disallow: ['/private/', '/*.pdf$', '/cart'] }, crawlers: { GPTBot: 'block' } };
    const r = verify(policy, generate(policy).text);
    expect(r.ok).toBe(true);
    expect(r.witnesses).toEqual({ paths: expect.any(Number), cut: false });
  });
});

const PATTERNS = ['/private/', '/search', '/p', '/blog', '/*.html$', '/a/*/b', '/cart$', '/docs/*.pdf'];
const AGENTS = ['*', 'GPTBot', 'Googlebot', 'bingbot', 'CCBot', 'AdsBot-Google', 'Googlebot-Image', 'Yandex'];
const access = fc.oneof(
  fc.constantFrom('allow' as const, 'block' as const),
  fc.record(
    { allow: fc.subarray(PATTERNS, { maxLength: 2 }), disallow: fc.subarray(PATTERNS, { maxLength: 3 }) },
    { requiredKeys: [] },
  ),
);
const policies: fc.Arbitrary<Policy> = fc.record(
  {
    default: fc.oneof(
      fc.constantFrom('allow' as const, 'block' as const),
      fc.record({ disallow: fc.subarray(PATTERNS, { maxLength: 3 }) }),
    ),
    purposes: fc.dictionary(fc.constantFrom('search', 'ai-training', 'ai', 'seo'), access, { maxKeys: 2 }),
    crawlers: fc.dictionary(fc.constantFrom('GPTBot', 'CCBot', 'Googlebot-Image', 'DuckDuckBot'), access, {
      maxKeys: 2,
    }),
  },
  { requiredKeys: [] },
);
/** Lines appended to the generated file: rules joining its last group, or a group of their own. */
const extras = fc.array(
  fc.oneof(
    fc
      .tuple(fc.constantFrom('Allow', 'Disallow'), fc.constantFrom(...PATTERNS, '/', '/x', '/private'))
      .map(([k, p]) => `${k}: ${p}`),
    fc.constantFrom(...AGENTS).map((a) => `\nUser-agent: ${a}`),
  ),
  { minLength: 1, maxLength: 4 },
);

describe('verify on random policies with random rules appended (property)', () => {
  test('a verdict difference exactly when some registry crawler reads a witness path otherwise', () => {
    fc.assert(
      fc.property(policies, extras, (policy, added) => {
        let generated: string;
        try {
          generated = generate(policy).text;
        } catch (error) {
          if (error instanceof GenerateError) return fc.pre(false);
          throw error;
        }
        const appended = `${generated + added.join('\n')}\n`;
        const r = verify(policy, appended);
        // The oracle: the generated file (proved to be the policy) against the appended one, crawler by crawler.
        const checked = checkPolicy(policy, PRESETS as Record<string, Policy>);
        const paths = [...r.matrix.paths, ...witnessPaths(checked, appended, new Set(r.matrix.paths)).paths.keys()];
        let differs = false;
        for (const mode of ['google', 'rfc'] as Mode[]) {
          const want = parse(generated, { mode });
          const got = parse(appended, { mode });
          try {
            for (const entry of crawlerRegistry) {
              const a = want.forAgent(entry);
              const b = got.forAgent(entry);
              try {
                if (paths.some((p) => a.check(p).allowed !== b.check(p).allowed)) differs = true;
              } finally {
                a.dispose();
                b.dispose();
              }
            }
          } finally {
            want.dispose();
            got.dispose();
          }
        }
        expect(verdicts(r).length > 0).toBe(differs);
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
