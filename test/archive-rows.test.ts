// The archive join's output in every form, bytes to bytes
// (ArchiveMatcher.rows, what `filter --robots-archive` writes): each form
// against its documented format written over check()'s answers, for URL
// lines and JSON Lines records spelled every way they come (CRLF, blank
// lines, upper case, IPs, user info, escapes, bytes that are not UTF-8, CRs
// inside a line), several agents, with and without a purpose; the origin
// each URL is grouped under is the one robotsTxtUrl gives.
import './support/fast-check-seed.js';
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { robotsTxtUrl } from '../src/index.js';
import { ArchiveMatcher, RecordLineError, RobotsArchive, type RowForm } from '../src/archive.js';
import { makeHostsCorpus } from '../bench/hosts-corpus.mjs';
import { documented, labelOf } from './support/archive-rows.js';

const corpus = makeHostsCorpus({ files: 40, seed: 23 });
type Served = 200 | 404 | 500 | 'redirect' | 'absent';

function archiveOf(served: Served[]): RobotsArchive {
  const archive = new RobotsArchive();
  corpus.forEach((file, i) => {
    const url = `https://${file.host}/robots.txt`;
    const s = served[i % served.length]!;
    // Some files opt paths out of AI training, so that `opted-out` and optedOut come up.
    const body =
      i % 3 === 0 ? `${file.robotsTxt}\nUser-agent: *\nContent-Usage: /p train-ai=n\nDisallow: /x y\n` : file.robotsTxt;
    if (s === 'absent') return;
    if (s === 'redirect') {
      archive.add({ url, status: 301, location: `https://www.${file.host}/robots.txt` });
      archive.add({ url: `https://www.${file.host}/robots.txt`, status: 200, body });
    } else archive.add({ url, status: s, body });
  });
  return archive;
}

const FORMS: RowForm[] = ['allowed', 'disallowed', 'labelled', 'verdicts', 'json', 'blocked-agents'];

/** rows() as a string (each piece copied: it is valid until the next is asked for). */
function rowsOf(
  matcher: ArchiveMatcher,
  input: Uint8Array,
  form: RowForm,
  records: boolean,
  keepUnknown: boolean,
): string {
  const pieces: Buffer[] = [];
  for (const piece of matcher.rows(input, form, { jsonInput: records, keepUnknown })) pieces.push(Buffer.from(piece));
  return Buffer.concat(pieces).toString('utf8');
}

/** A corpus URL written in the ways URLs come: as the WHATWG parser writes them, and not. */
const spellings = (host: string, path: string) => [
  `https://${host}${path}`,
  `https://${host.toUpperCase()}${path}`,
  `https://${host}:443${path}`,
  `http://${host}:8080${path}`,
  `https://user@${host}${path}`,
  `https://${host}`,
  `https://${host}?q`,
  `HTTPS://${host}${path}`,
  `HTTP://${host.toUpperCase()}/p/x`,
  `https://${host}/p${path}`,
  `https://${host}/x\ry`,
  `https://${host}/x y`,
  `https://${host}${path}\r`,
  `https://${host}\\p`,
  `https://${host} /p`,
  `https://${host}${path}"q\\`,
  `https://${host}/caf\u00e9${path}`,
  `http:///${host}/p`,
];
const odd = [
  'https://10.0.0.1/x',
  'not a url',
  '/relative',
  ' https://a.test/',
  'https://a.test/tab\there',
  'https://a.test/\u{1f600}',
  'https://a.test/x\u0001y',
  'https://xn--bcher-kva.example/',
  '\ufeffhttps://a.test/',
  'ftp://a.test/',
  'https://',
];
const urlOf = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.tuple(fc.nat(corpus.length - 1), fc.nat(99), fc.nat(17)).map(([f, u, s]) => {
      const url = corpus[f]!.urls[u % corpus[f]!.urls.length]!;
      const { host, pathname, search } = new URL(url);
      return spellings(host, pathname + search)[s]!;
    }),
  },
  { weight: 1, arbitrary: fc.constantFrom(...odd) },
  { weight: 1, arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }) },
);

describe('rows: every output form, bytes to bytes', () => {
  test('property: URL lines in every form are the documented format over check(), whatever the spellings and line breaks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<Served>(200, 200, 404, 500, 'redirect', 'absent'), { minLength: 1, maxLength: 6 }),
        fc.array(fc.oneof({ weight: 8, arbitrary: urlOf }, { weight: 1, arbitrary: fc.constant('') }), {
          minLength: 1,
          maxLength: 80,
        }),
        fc.array(fc.constantFrom('\n', '\r\n'), { minLength: 1, maxLength: 3 }),
        fc.constantFrom(['Googlebot'], ['Googlebot', 'GPTBot'], ['GPTBot', 'CCBot', 'Googlebot']),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom(4096, 64 << 20),
        (statuses, urls, eols, agents, withPurpose, keepUnknown, tail, cacheBytes) => {
          const archive = archiveOf(statuses);
          const options = { agents, cacheBytes, ...(withPurpose ? { purpose: 'train-ai' } : {}) };
          const text = urls.map((u, i) => u + eols[i % eols.length]).join('');
          // The last line may or may not end in a line break; a byte that is not UTF-8 now and then.
          const input = Buffer.concat([
            Buffer.from(tail ? text.slice(0, -1) : text),
            tail ? Buffer.from([0x68, 0x74, 0x74, 0x70, 0x3a, 0x2f, 0x2f, 0x61, 0x2f, 0xff]) : Buffer.alloc(0),
          ]);
          const reference = new ArchiveMatcher(archive, options);
          const matcher = new ArchiveMatcher(archive, options);
          for (const form of FORMS)
            expect(rowsOf(matcher, input, form, false, keepUnknown), form).toBe(
              documented(reference, input, form, false, keepUnknown),
            );
        },
      ),
      { numRuns: 50 },
    );
  });

  test('property: JSON Lines records in every form: their fields kept, the same answers', () => {
    const recordOf = fc.tuple(urlOf, fc.nat(9), fc.string()).map(([url, k, s]) =>
      // Now and then a record with a field a row sets, a URL holding a LF, or not ASCII.
      JSON.stringify(
        k === 0
          ? { url, agent: 'mine', id: s }
          : k === 1
            ? { id: 1, url, outcome: 3 }
            : k === 2
              ? { url: `${url}\n/x` }
              : { id: k, url, note: s, n: [1, { a: null }] },
      ),
    );
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<Served>(200, 404, 500, 'redirect', 'absent'), { minLength: 1, maxLength: 5 }),
        fc.array(fc.oneof({ weight: 8, arbitrary: recordOf }, { weight: 1, arbitrary: fc.constant('') }), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.boolean(),
        fc.boolean(),
        (statuses, lines, withPurpose, keepUnknown) => {
          const archive = archiveOf(statuses);
          const options = { agents: ['Googlebot', 'GPTBot'], ...(withPurpose ? { purpose: 'train-ai' } : {}) };
          const input = Buffer.from(`${lines.join('\r\n')}\n`);
          const reference = new ArchiveMatcher(archive, options);
          const matcher = new ArchiveMatcher(archive, options);
          for (const form of FORMS)
            expect(rowsOf(matcher, input, form, true, keepUnknown), form).toBe(
              documented(reference, input, form, true, keepUnknown),
            );
        },
      ),
      { numRuns: 40 },
    );
  });

  test('property: each URL is grouped under the http(s) origin robotsTxtUrl gives, however its start is written', () => {
    const archive = new RobotsArchive();
    const m = new ArchiveMatcher(archive);
    const expected = (url: string) => {
      try {
        // An archive holds http(s) captures only: an ftp URL has no origin in it.
        const robots = robotsTxtUrl(url);
        return robots.startsWith('http') ? robots : undefined;
      } catch {
        return undefined;
      }
    };
    // Starts that the fast path does not read (upper case, IPs, spaces and controls, backslashes, user info, empty hosts), many URLs per start.
    const start = fc.constantFrom('https://', 'HTTPS://', 'http://', 'Http://', 'https:///', 'https:', 'ftp://');
    const host = fc.constantFrom(
      'a.test',
      'A.Test',
      '10.0.0.1',
      '0x7f.1',
      'xn--bcher-kva.example',
      'u:p@a.test',
      'a.test:443',
      'a.test:99999',
      'a.test ',
      'a.test\t',
      'a.te st',
      'a.test\\x',
      '[::1]',
      '',
      'a.test.',
      'caf\u00e9.test',
    );
    const rest = fc.constantFrom('', '/', '/x', '?q', '#f', ' /x', '/x@b.test', '\\y');
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(start, host, rest).map(([a, b, c]) => a + b + c),
          { minLength: 1, maxLength: 60 },
        ),
        (urls) => {
          expect(m.checkMany(urls).map((r) => r.robotsUrl)).toEqual(urls.map(expected));
          // The same URLs as lines (those a line can hold): the archive is empty, so an http(s) origin is unknown, and
          // the outcome is invalid exactly where the origin is missing.
          const lines = urls.filter((u) => u.trim() === u && u !== '');
          const got = rowsOf(m, Buffer.from(lines.join('\n')), 'json', false, false)
            .trim()
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l).outcome);
          expect(got).toEqual(lines.map((u) => (expected(u) === undefined ? 'invalid' : 'unknown')));
        },
      ),
      { numRuns: 200 },
    );
  });

  test('--verdicts answers a URL holding a CR as check() does (it was read as a space under a purpose)', () => {
    const archive = new RobotsArchive();
    archive.add({
      url: 'https://a.test/robots.txt',
      status: 200,
      body: 'User-agent: *\nDisallow: /x y\nContent-Usage: /q$ train-ai=n\n',
    });
    const m = new ArchiveMatcher(archive, { agents: ['GPTBot'], purpose: 'train-ai' });
    expect(m.check('https://a.test/x\ry').verdicts[0]!.allowed).toBe(true);
    expect(rowsOf(m, Buffer.from('https://a.test/x\ry\nhttps://a.test/x y\n'), 'verdicts', false, false)).toBe(
      'allowed\ndisallowed\n',
    );
    expect([...m.matchMany(['https://a.test/x\ry', 'https://a.test/x y']).verdicts]).toEqual([1, 0]);
  });

  test('a URL ending in CR is opted out or not as the URL itself is, not as the URL without its CR', () => {
    const archive = new RobotsArchive();
    archive.add({
      url: 'https://a.test/robots.txt',
      status: 200,
      body: 'User-agent: *\nAllow: /\nContent-Usage: /q$ train-ai=n\n',
    });
    const m = new ArchiveMatcher(archive, { agents: ['GPTBot'], purpose: 'train-ai' });
    expect(m.check('https://a.test/q').verdicts[0]!.optedOut).toBe(true);
    expect(m.check('https://a.test/q\r').verdicts[0]!.optedOut).toBe(false);
    // A line ending in CR CR LF is the URL with one CR.
    expect(rowsOf(m, Buffer.from('https://a.test/q\r\r\nhttps://a.test/q\r\n'), 'verdicts', false, false)).toBe(
      'allowed\nopted-out\n',
    );
  });

  test('--verdicts and --verdicts-only answer every line, blank ones too; the counts count URLs only', () => {
    const archive = archiveOf([200]);
    const m = new ArchiveMatcher(archive, { agents: ['Googlebot'] });
    const url = corpus[0]!.urls[0]!;
    const counts = { ok: 0, unavailable: 0, unreachable: 0, unknown: 0, kept: 0 };
    const got = rowsOf(m, Buffer.from(`\n${url}\r\n\r\n\nnot a url\n`), 'labelled', false, true);
    expect(
      got
        .split('\n')
        .slice(0, -1)
        .map((l) => l.split('\t')[0]),
    ).toEqual(['unknown', labelOf(m.check(url)), 'unknown', 'unknown', 'invalid']);
    for (const _ of m.rows(Buffer.from(`\n${url}\r\n\r\n\nnot a url\n`), 'verdicts', { counts, keepUnknown: true }));
    // Blank lines are no URLs (not counted); the line that is not a URL is a row, counted invalid.
    expect(counts).toEqual({
      ok: 1,
      unavailable: 0,
      unreachable: 0,
      unknown: 0,
      invalid: 1,
      kept: labelOf(m.check(url)) === 'allowed' ? 2 : 1,
    });
  });

  test('with strict, a record that is not JSON, or has no "url" string, is a RecordLineError saying where its line starts', () => {
    const m = new ArchiveMatcher(new RobotsArchive());
    const input = Buffer.from('{"url":"https://a.test/"}\n\n{"id":1}\n');
    expect(() => [...m.rows(input, 'json', { jsonInput: true, strict: true })]).toThrow(RecordLineError);
    expect.assertions(6);
    try {
      [...m.rows(input, 'verdicts', { jsonInput: true, strict: true })];
    } catch (error) {
      expect(error).toMatchObject({ problem: 'no-url', at: 27 });
    }
    expect(() => [...m.rows(Buffer.from('{"url":'), 'json', { jsonInput: true, strict: true })]).toThrow('not JSON');
    expect(() => m.rows('https://a.test/' as never)).toThrow(TypeError);
    expect(() => m.rows(Buffer.alloc(0), 'csv' as never)).toThrow(RangeError);
    expect(() => m.matchMany([1 as never])).toThrow('urls[0] must be a string');
  });
});
