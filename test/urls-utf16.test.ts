// URLs go into the core as UTF-16 units where the runtime can copy them
// (Node, Bun) and the core encodes them as UTF-8 itself; elsewhere, and in
// matchLines, JavaScript encodes them with TextEncoder. Both ways must give
// the same bytes: surrogate pairs as one 4-byte character, lone surrogates
// as U+FFFD, as TextEncoder does.
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { parse } from '../src/index.js';

/** Strings of any UTF-16 units but line breaks, weighted towards the awkward ones. */
const unit = fc
  .oneof(
    fc.integer({ min: 0x20, max: 0x7e }),
    fc.integer({ min: 0x80, max: 0x7ff }),
    fc.integer({ min: 0x800, max: 0xffff }),
    fc.constantFrom(0xd800, 0xdbff, 0xdc00, 0xdfff, 0xd83d, 0xde00, 0xfffd, 0),
  )
  .filter((u) => u !== 0x0a && u !== 0x0d);
const units = fc.array(unit, { maxLength: 40 }).map((list) => String.fromCharCode(...list));

const percentEncoded = (text: string) =>
  Array.from(new TextEncoder().encode(text), (b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');

describe('URLs as UTF-16', () => {
  test('non-ASCII paths match their percent-encoded UTF-8 rules (RFC mode)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0x80, max: 0xffff }), { minLength: 1, maxLength: 30 }), (list) => {
        const path = String.fromCharCode(...list);
        const robots = parse(`User-agent: *\nDisallow: /p/${percentEncoded(path)}$\n`, { mode: 'rfc' });
        const url = `https://example.com/p/${path}`;
        expect(robots.check(url, 'bot')).toMatchObject({ allowed: false, line: 2 });
        expect(Array.from(robots.forAgent('bot').matchMany([url, `${url}x`]))).toEqual([0, 1]);
        robots.dispose();
      }),
      { numRuns: 300 },
    );
  });

  test('a lone surrogate is U+FFFD, a pair is one character', () => {
    const robots = parse('User-agent: *\nDisallow: /%EF%BF%BD$\nDisallow: /%F0%9F%98%80$\n', { mode: 'rfc' });
    const bot = robots.forAgent('bot');
    const urls = ['/\ud800', '/\udfff', '/\ud83d\ude00', '/\ude00\ud83d', '/\ud83d'];
    expect(urls.map((u) => robots.check(u, 'bot').line)).toEqual([2, 2, 3, 0, 2]);
    expect(Array.from(bot.matchMany(urls))).toEqual([0, 0, 0, 1, 0]);
    robots.dispose();
  });

  test('matchMany (units) agrees with matchLines (TextEncoder) on any strings', () => {
    const robots = [
      parse('User-agent: *\nDisallow: /*\u00e9\nDisallow: /%E2%82%AC\nAllow: /*%EF%BF%BD$\nDisallow: /a\n'),
      parse('User-agent: *\nDisallow: /*\u00e9\nDisallow: /%E2%82%AC\nAllow: /*%EF%BF%BD$\nDisallow: /a\n', {
        mode: 'rfc',
      }),
    ];
    // Runs of ASCII take the core's eight-units-at-a-time path.
    const ascii = fc.stringMatching(/^[a-z/.]{0,24}$/);
    const url = fc.oneof(
      units,
      units.map((u) => `https://example.com/${u}`),
      units.map((u) => `http://h${u}`),
      fc.tuple(ascii, units, ascii).map(([a, u, b]) => `https://example.com/${a}${u}${b}`),
    );
    fc.assert(
      fc.property(fc.array(url, { minLength: 1, maxLength: 20 }), (urls) => {
        if (urls.at(-1) === '') urls[urls.length - 1] = '/'; // a final empty line is no line
        for (const r of robots) {
          const bot = r.forAgent('bot');
          expect(Array.from(bot.matchMany(urls))).toEqual(Array.from(bot.matchLines(urls.join('\n'))));
          expect(urls.map((u) => (bot.isAllowed(u) ? 1 : 0))).toEqual(Array.from(bot.matchMany(urls)));
          bot.dispose();
        }
      }),
      { numRuns: 500 },
    );
    for (const r of robots) r.dispose();
  });
});
