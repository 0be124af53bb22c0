// What generate and verify print is safe to print: a `#` never enters a
// pattern, and control characters from a policy or a file are escapes.
import { describe, expect, test } from 'vitest';
import { generate, PolicyError, verify } from '../src/generate.js';
import { lint } from '../src/lint.js';

// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\x00-\x1f\x7f-\x9f]/;

describe('a # in a policy path', () => {
  test('is refused, naming the path meant: crawlers never send a fragment', () => {
    const run = () => generate({ default: { disallow: ['/b # old section'] } });
    expect(run).toThrow(PolicyError);
    expect(run).toThrow(
      'policy default.disallow[0]: "/b # old section" has a #: crawlers never send what follows # (a URL\'s fragment), so no rule can match it, and in robots.txt it starts a comment; write the path without it ("/b"), or %23 for a # that is part of the path',
    );
  });

  test('%23 (a # that is part of the path) is written as it is', () => {
    expect(generate({ default: { disallow: ['/a%23b'] } }).text).toContain('Disallow: /a%23b\n');
  });

  test("a path to prove loses its fragment, as a crawler's request does", () => {
    const r = generate({ default: { disallow: ['/x'] }, paths: ['/page#top'] });
    expect(r.matrix.paths).toContain('/page');
  });
});

describe('control characters are escaped in every message', () => {
  test('ESC and BEL in a path: the encoded diagnostic shows escapes', () => {
    const r = generate({ default: { disallow: ['/a\x1b]0;owned\x07b'] } });
    const encoded = r.diagnostics.find((d) => d.kind === 'encoded')!;
    expect(encoded.message).not.toMatch(RAW_CONTROL);
    expect(encoded.message).toContain('\\x1b]0;owned\\x07');
  });

  test('a crawler name with a newline does not cut the message', () => {
    try {
      generate({ crawlers: { 'Evil\nUser-agent: *': 'block' } });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PolicyError);
      const message = (error as Error).message;
      expect(message).not.toMatch(RAW_CONTROL);
      expect(message).toContain('crawlers.Evil\\x0aUser-agent: *');
      expect(message).toContain('is not a product token');
    }
  });

  test('verify: a User-agent name with ESC in the file is quoted with escapes', () => {
    const r = verify({}, 'User-agent: AI2Bot\x1b[2J\nDisallow: /x\n');
    expect(r.differences.length).toBeGreaterThan(0);
    for (const d of r.differences) expect(d.message).not.toMatch(RAW_CONTROL);
  });

  test('lint: a Sitemap value with ESC is quoted with escapes', () => {
    const found = lint('Sitemap: /s\x1b[2J\n');
    expect(found.map((d) => d.message)).toEqual([expect.stringContaining('`/s\\x1b[2J`')]);
    for (const d of found) expect(d.message).not.toMatch(RAW_CONTROL);
  });
});
