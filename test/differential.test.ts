// Differential tests: the compiled WASM path against the naive streaming model
// of Google's parser (test/support/google-model.ts) on generated files, agents
// and URLs. Google mode, verdict and deciding line.
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { parse } from '../src/index.js';
import { modelCheck } from './support/google-model.js';

const enc = new TextEncoder();

const pathChar = fc.constantFrom('/', 'a', 'b', 'x', '*', '$', '%', '2', 'f', 'E', '3', '.', '?', '=', 'ツ', 'é', ';', '#', ' ');
const pathText = fc.array(pathChar, { maxLength: 12 }).map((cs) => cs.join(''));
const pathLike = fc.oneof(
  pathText.map((p) => '/' + p),
  pathText,
  fc.constantFrom('/index.html', '/d/index.htm', '/d/index.html', '/a/b/index.htmlx', '/%e3%83%84', '/%E3%83%84', '/*.php$', '/$', '*', '$', ''),
);
const agentValue = fc.constantFrom('*', '* foo', '*\tx', '*foo', 'FooBot', 'foobot/1.2', 'Foo Bar', 'BarBot', '', '123', 'foo-bot_x', 'ツbot');
const key = fc.constantFrom(
  'user-agent', 'User-Agent', 'USERAGENT', 'user agent', 'user-agentx', 'allow', 'Allow', 'allowance', 'disallow', 'DISALLOW',
  'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw', 'sitemap', 'site-map', 'crawl-delay', 'foo', '', 'al low',
);
const sep = fc.constantFrom(': ', ':', ' ', '\t', ' : ', ' :\t', '', '::');
const space = fc.constantFrom('', '', '', ' ', '\t', '\v', '\f');
const lineEnd = fc.constantFrom('\n', '\n', '\n', '\r', '\r\n', '\r\r\n', '\n\n');

const line = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(space, key, sep, fc.oneof(agentValue, pathLike), space, fc.constantFrom('', '', '#c', ' # x', '\0z')).map((p) => p.join('')) },
  { weight: 1, arbitrary: fc.constantFrom('', '#', '# comment', ':', 'garbage', 'disallow / x', '\0', '\x00disallow: /') },
);

const bom = fc.constantFrom<number[]>([], [], [], [0xef, 0xbb, 0xbf], [0xef, 0xbb], [0xef], [0xef, 0x11, 0xbf]);

const robotsBody = fc.tuple(bom, fc.array(fc.tuple(line, lineEnd), { maxLength: 14 })).map(([b, ls]) => {
  const text = ls.map(([l, e]) => l + e).join('');
  return Uint8Array.from([...b, ...enc.encode(text)]);
});

const url = fc.oneof(
  pathLike.map((p) => 'http://example.com' + (p.startsWith('/') ? p : '/' + p)),
  pathLike,
  fc.constantFrom('', '//a/b', 'http://example.com', 'example.com?x', 'http://e.com/a#b/c', 'a/b:c//d', 'http://e.com/a\0b'),
);

const agents = fc.constantFrom<string[]>(['FooBot'], ['foobot'], ['BarBot'], ['FooBot', 'BarBot'], [''], ['Foo Bar'], ['foobot/1.2'], ['foo-bot_x'], ['Foo'], []);

describe('differential: WASM core vs naive Google model', () => {
  test('verdicts and lines agree on generated files, agents and URLs', () => {
    fc.assert(
      fc.property(robotsBody, agents, fc.array(url, { minLength: 1, maxLength: 6 }), (body, agentList, urls) => {
        const robots = parse(body);
        try {
          for (const u of urls) {
            const got = robots.check(u, agentList);
            const want = modelCheck(body, agentList, u);
            expect({ allowed: got.allowed, line: got.line }, JSON.stringify({ body: new TextDecoder().decode(body), agentList, u })).toEqual(want);
          }
        } finally {
          robots.dispose();
        }
      }),
      { numRuns: 4000, seed: 20261121 },
    );
  });

  test('wildcard matching agrees with the reachable-positions matcher', () => {
    const pat = fc.array(fc.constantFrom('a', 'b', '/', '*', '$'), { minLength: 1, maxLength: 10 }).map((c) => '/' + c.join(''));
    const path = fc.array(fc.constantFrom('a', 'b', '/', '$', '*'), { maxLength: 14 }).map((c) => '/' + c.join(''));
    fc.assert(
      fc.property(fc.array(pat, { minLength: 1, maxLength: 4 }), fc.array(path, { minLength: 1, maxLength: 8 }), (patterns, paths) => {
        const body = 'User-agent: *\n' + patterns.map((p, i) => `${i % 2 ? 'Allow' : 'Disallow'}: ${p}\n`).join('');
        const robots = parse(body);
        try {
          for (const p of paths) {
            const got = robots.check(p, 'x');
            expect({ allowed: got.allowed, line: got.line }, `${body} ${p}`).toEqual(modelCheck(enc.encode(body), ['x'], p));
          }
        } finally {
          robots.dispose();
        }
      }),
      { numRuns: 3000, seed: 7 },
    );
  });
});
