// Generated robots.txt files, agent lists and URLs in the shapes Google's
// parser has to cope with (typos, missing colons, CR/CRLF mixes, BOMs, NULs,
// index.html, escapes): shared by the differential test and the debug-core test.
import fc from 'fast-check';

const enc = new TextEncoder();

const pathChar = fc.constantFrom(
  '/',
  'a',
  'b',
  'x',
  '*',
  '$',
  '%',
  '2',
  'f',
  'E',
  '3',
  '.',
  '?',
  '=',
  'ツ',
  'é',
  ';',
  '#',
  ' ',
);
const pathText = fc.array(pathChar, { maxLength: 12 }).map((cs) => cs.join(''));
const pathLike = fc.oneof(
  pathText.map((p) => `/${p}`),
  pathText,
  fc.constantFrom(
    '/index.html',
    '/d/index.htm',
    '/d/index.html',
    '/a/b/index.htmlx',
    '/%e3%83%84',
    '/%E3%83%84',
    '/*.php$',
    '/$',
    '*',
    '$',
    '',
  ),
);
const agentValue = fc.constantFrom(
  '*',
  '* foo',
  '*\tx',
  '*foo',
  'FooBot',
  'foobot/1.2',
  'Foo Bar',
  'BarBot',
  '',
  '123',
  'foo-bot_x',
  'ツbot',
);
const key = fc.constantFrom(
  'user-agent',
  'User-Agent',
  'USERAGENT',
  'user agent',
  'user-agentx',
  'allow',
  'Allow',
  'allowance',
  'disallow',
  'DISALLOW',
  'dissallow',
  'dissalow',
  'disalow',
  'diasllow',
  'disallaw',
  'sitemap',
  'site-map',
  'crawl-delay',
  'foo',
  '',
  'al low',
);
const sep = fc.constantFrom(': ', ':', ' ', '\t', ' : ', ' :\t', '', '::');
const space = fc.constantFrom('', '', '', ' ', '\t', '\v', '\f');
const lineEnd = fc.constantFrom('\n', '\n', '\n', '\r', '\r\n', '\r\r\n', '\n\n');

const line = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(space, key, sep, fc.oneof(agentValue, pathLike), space, fc.constantFrom('', '', '#c', ' # x', '\0z'))
      .map((p) => p.join('')),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', '#', '# comment', ':', 'garbage', 'disallow / x', '\0', '\x00disallow: /'),
  },
);

const bom = fc.constantFrom<number[]>([], [], [], [0xef, 0xbb, 0xbf], [0xef, 0xbb], [0xef], [0xef, 0x11, 0xbf]);

export const robotsBody = fc.tuple(bom, fc.array(fc.tuple(line, lineEnd), { maxLength: 14 })).map(([b, ls]) => {
  const text = ls.map(([l, e]) => l + e).join('');
  return Uint8Array.from([...b, ...enc.encode(text)]);
});

export const url = fc.oneof(
  pathLike.map((p) => `http://example.com${p.startsWith('/') ? p : `/${p}`}`),
  pathLike,
  fc.constantFrom(
    '',
    '//a/b',
    'http://example.com',
    'example.com?x',
    'http://e.com/a#b/c',
    'a/b:c//d',
    'http://e.com/a\0b',
  ),
);

export const agents = fc.constantFrom<string[]>(
  ['FooBot'],
  ['foobot'],
  ['BarBot'],
  ['FooBot', 'BarBot'],
  [''],
  ['Foo Bar'],
  ['foobot/1.2'],
  ['foo-bot_x'],
  ['Foo'],
  [],
);
