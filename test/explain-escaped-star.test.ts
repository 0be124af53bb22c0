// explain names the `*` rules a crawler escapes: one with a group of its
// own, one that follows another token's group (Applebot, Googlebot's), one
// that ignores `*` (AdsBot-Google). The library gives every rule; the
// command line lists a few and counts the rest.
import { describe, expect, test } from 'vitest';
import { existsSync } from 'node:fs';
import { parse } from '../src/index.js';
import { crawler } from '../src/crawlers.js';
import { explain } from '../src/explain.js';
import { cli, robotsmatch } from './support/cli.js';
import { scratchDir } from './support/files.js';

const FILE = `User-agent: *
Disallow: /private/
Allow: /private/press/
Disallow: /tmp/
Disallow:
Disallow: /cart/
Disallow: /checkout/
Disallow: /account/
Disallow: /search

User-agent: Googlebot
Disallow: /nogoogle/
`;

const ESCAPED = [2, 4, 6, 7, 8, 9];

describe('explain(): escapedStarRules', () => {
  const robots = parse(FILE);

  test('a crawler with its own group escapes every non-empty Disallow of `*`', () => {
    const e = explain(robots, 'https://example.com/private/x', 'Googlebot');
    expect(e.allowed).toBe(true);
    expect(e.escapedStarRules?.map((r) => r.line)).toEqual(ESCAPED);
    expect(e.escapedStarRules?.[0]).toEqual({ line: 2, pattern: '/private/' });
  });

  test('a crawler its own group blocks from everything escapes nothing worth naming', () => {
    const blocked = parse(
      `${FILE}\nUser-agent: GPTBot\nDisallow: /\n\nUser-agent: CCBot\nDisallow: /\nAllow: /open/\n`,
    );
    expect(explain(blocked, 'https://example.com/private/x', 'GPTBot').escapedStarRules).toBeUndefined();
    // An Allow opens something, where the `*` rules it escapes matter again.
    expect(explain(blocked, 'https://example.com/private/x', 'CCBot').escapedStarRules?.map((r) => r.line)).toEqual(
      ESCAPED,
    );
    blocked.dispose();
  });

  test("one group's sentence says its rules, not their rules", () => {
    expect(explain(robots, 'https://example.com/x', 'Googlebot').message).toBe(
      'Googlebot may fetch /x: the group naming it applies, and none of its rules matches.',
    );
    const star = parse('User-agent: *\nDisallow: /private/\n');
    expect(explain(star, 'https://example.com/x', 'FooBot').message).toBe(
      'FooBot may fetch /x: no group names it, so the `*` rules apply, and none of them matches.',
    );
    star.dispose();
  });

  test("one that follows another token's group, and one that ignores `*`, escape them too", () => {
    for (const name of ['Applebot', 'AdsBot-Google']) {
      const e = explain(robots, 'https://example.com/private/x', crawler(name)!);
      expect(e.escapedStarRules?.map((r) => r.line)).toEqual(ESCAPED);
    }
  });

  test('none when the `*` rules apply, or when the group naming the crawler is a `*` group', () => {
    expect(explain(robots, 'https://example.com/', 'bingbot').escapedStarRules).toBeUndefined();
    const joined = parse('User-agent: *\nUser-agent: Googlebot\nDisallow: /x\n');
    expect(explain(joined, 'https://example.com/', 'Googlebot').escapedStarRules).toBeUndefined();
    const open = parse('User-agent: *\nDisallow:\n\nUser-agent: Googlebot\nDisallow: /x\n');
    expect(explain(open, 'https://example.com/', 'Googlebot').escapedStarRules).toBeUndefined();
  });
});

describe.skipIf(!existsSync(cli))('robotsmatch explain: the `*` rules that do not apply', () => {
  const { file } = scratchDir('explain-escaped');
  const path = file('robots.txt', FILE);

  test('Googlebot: its own group, five lines listed and the rest counted', async () => {
    const r = await robotsmatch(['explain', 'https://example.com/private/x', '--robots', path]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(
      [
        '* group   Googlebot has its own group, so these lines of the `*` group do not apply to it:',
        '          line 2    Disallow: /private/',
        '          line 4    Disallow: /tmp/',
        '          line 6    Disallow: /cart/',
        '          line 7    Disallow: /checkout/',
        '          line 8    Disallow: /account/',
        '          +1 more',
      ].join('\n'),
    );
  });

  test("Applebot follows Googlebot's group; AdsBot-Google ignores `*` and is not told there is no `*` group", async () => {
    const apple = await robotsmatch(['explain', 'https://example.com/', '--robots', path, '--crawler', 'Applebot']);
    expect(apple.stdout).toContain(
      '* group   Applebot follows the Googlebot group, so these lines of the `*` group do not apply to it:',
    );
    const ads = await robotsmatch(['explain', 'https://example.com/', '--robots', path, '--crawler', 'AdsBot-Google']);
    expect(ads.stdout).toContain(
      'groups    none applies: no group names AdsBot-Google, and it ignores the `*` group, so nothing in this file restricts it',
    );
    expect(ads.stdout).toContain(
      'AdsBot-Google ignores the `*` group, so these lines of the `*` group do not apply to it:',
    );
    expect(ads.stdout).not.toContain('there is no `*` group');
  });

  test('a crawler that follows `*` gets no such lines; --json carries the whole list', async () => {
    const bing = await robotsmatch(['explain', 'https://example.com/', '--robots', path, '--agent', 'bingbot']);
    expect(bing.stdout).not.toContain('* group');
    const json = JSON.parse(
      (await robotsmatch(['explain', 'https://example.com/', '--robots', path, '--json'])).stdout,
    );
    expect(json.escapedStarRules.map((r: { line: number }) => r.line)).toEqual(ESCAPED);
  });
});
