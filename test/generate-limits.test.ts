// generate's limits and messages as a user meets them: one bound for
// patterns and proof paths, a policy nested too deep, a number too large,
// and values with control characters, in the API and the command line.
import { describe, expect, test } from 'vitest';
import { existsSync } from 'node:fs';
import { generate, MAX_PATHS, PolicyError, verify, type Policy } from '../src/generate.js';
import { cli, robotsmatch } from './support/cli.js';
import { scratchDir } from './support/files.js';

/** A control character other than the line breaks between messages. */
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f]/;
const nested = (depth: number): unknown => {
  let v: unknown = [];
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

describe('the API', () => {
  test('one limit: 1,500 patterns are refused when the policy is read, naming the limit the proof has', () => {
    const patterns = Array.from({ length: 1500 }, (_, i) => `/p${i}`);
    expect(() => generate({ default: { disallow: patterns } })).toThrow(
      'policy default.disallow: the policy names more than 1,000 patterns and paths together, and one proof reads at most 1,000',
    );
    // 1,000 patterns and paths together are proved.
    const fits = Array.from({ length: MAX_PATHS - 1 }, (_, i) => `/p${i}`);
    expect(() => generate({ default: { disallow: fits }, paths: ['/extra'] })).not.toThrow();
    expect(() => generate({ default: { disallow: fits }, paths: ['/extra', '/more'] })).toThrow(PolicyError);
  });

  test('a policy nested 100,000 levels deep is a PolicyError, not a stack overflow', () => {
    const policy = { default: nested(100_000) } as unknown as Policy;
    expect(() => generate(policy)).toThrow(/policy \(root\): nests more than 16 levels deep/);
    expect(() => verify(policy, 'User-agent: *\nDisallow:\n')).toThrow(PolicyError);
  });

  test('crawlDelay 1e309 (Infinity) and NaN are named as what they are, never "null"', () => {
    // JSON.parse reads `1e309` as Infinity, which is what reaches generate.
    expect(() => generate({ crawlDelay: JSON.parse('1e309') as number })).toThrow(
      'policy crawlDelay: must be a number of seconds above 0 and at most 60, got Infinity (a number too large for any double)',
    );
    expect(() => generate({ crawlDelay: Number.NaN })).toThrow('got NaN');
  });

  test('a long value is shown cut short', () => {
    try {
      generate({ default: 'x'.repeat(100_000) as Policy['default'] });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message.length).toBeLessThan(200);
    }
  });
});

describe.skipIf(!existsSync(cli))('the command line', () => {
  const { file } = scratchDir('generate-limits');

  test('a policy file nested 200,000 levels deep: one line, exit 2', async () => {
    const policy = file('deep.json', `{"default":${'['.repeat(200_000)}${']'.repeat(200_000)}}`);
    const r = await robotsmatch(['generate', policy]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      `robotsmatch: the policy ${policy} nests more than 16 levels deep; a policy needs five (crawlers.GPTBot.allow[0])\n`,
    );
  });

  test('"crawlDelay": 1e309 says Infinity', async () => {
    const r = await robotsmatch(['generate', file('inf.json', '{"crawlDelay": 1e309}')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('got Infinity');
    expect(r.stderr).not.toContain('null');
  });

  test('ESC and BEL in a path: escapes on the terminal', async () => {
    const r = await robotsmatch([
      'generate',
      file('esc.json', '{"default":{"disallow":["/a\\u001b]0;owned\\u0007"]}}'),
    ]);
    expect(r.status).toBe(0);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    expect(r.stderr).toContain('`/a\\x1b]0;owned\\x07` is written `/a%1B]0;owned%07`');
  });

  test('a crawler name with a newline: the whole message on one line', async () => {
    const r = await robotsmatch(['generate', file('nl.json', '{"crawlers":{"Evil\\nUser-agent: *":"block"}}')]);
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n')).toHaveLength(2);
    expect(r.stderr).toContain('crawlers.Evil\\x0aUser-agent: *');
    expect(r.stderr).toContain('so a group for it would speak to crawlers named Evil\n');
  });

  test('--against writes tokens as they are written (facebookexternalhit, not Facebookexternalhit)', async () => {
    const live = file('live.txt', 'User-agent: *\nDisallow:\n');
    const policy = file('fb.json', '{"crawlers":{"facebookexternalhit":"block"}}');
    const r = await robotsmatch(['generate', policy, '--against', live]);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('  facebookexternalhit:\n    facebookexternalhit now has a group of its own');
    expect(r.stderr).not.toContain('Facebookexternalhit');
  });
});
