// The archive-outcome conformance vectors (test/vectors/archive-outcomes.json,
// which the Python package asserts too): each case's captures, read as JSON
// Lines and as WARC (plain and gzip), give each origin its outcome and each
// agent its verdict. WARC files are read whole or refused: a file cut
// anywhere inside a record is an error, and a response's body is what follows
// the first blank line after its status line, whatever its line ends.
import { describe, expect, test } from 'vitest';
import { createReadStream, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { WARCParser, WARCRecord, WARCSerializer } from 'warcio';
import {
  ArchiveError,
  ArchiveMatcher,
  joinArchive,
  openArchive,
  readPath,
  RobotsArchive,
  type Capture,
} from '../src/archive.js';
import { captureKey } from '../src/archive/capture.js';
import { hop } from '../src/fetch/outcome.js';
import { writeJsonl, writeWarc, type CaptureRecord } from './support/archive-files.js';
import { makeHostsCorpus } from '../bench/hosts-corpus.mjs';
import { robotsmatch } from './support/cli.js';

interface Case {
  name: string;
  purpose?: string;
  captures: CaptureRecord[];
  origins: Record<string, string>;
  verdicts: { url: string; agent: string; allowed: boolean | null; line: number; optedOut?: boolean }[];
}
const vectors = JSON.parse(readFileSync(new URL('./vectors/archive-outcomes.json', import.meta.url), 'utf8')) as {
  agents: string[];
  cases: Case[];
};
const dir = mkdtempSync(join(tmpdir(), 'robotsmatch-vectors-'));

const FORMATS = [
  { name: 'JSON Lines', file: 'a.jsonl', write: (p: string, c: CaptureRecord[]) => writeJsonl(p, c) },
  { name: 'JSON Lines, gzip', file: 'a.jsonl.gz', write: (p: string, c: CaptureRecord[]) => writeJsonl(p, c, true) },
  { name: 'WARC', file: 'a.warc', write: (p: string, c: CaptureRecord[]) => writeWarc(p, c) },
  { name: 'WARC, gzip', file: 'a.warc.gz', write: (p: string, c: CaptureRecord[]) => writeWarc(p, c, true) },
];

test('the vectors cover what the issue names', () => {
  const statuses = new Set(vectors.cases.flatMap((c) => c.captures.map((x) => x.status)));
  for (const s of [200, 301, 404, 429, 500, 503, null]) expect(statuses).toContain(s);
  const outcomes = new Set(vectors.cases.flatMap((c) => Object.values(c.origins)));
  expect([...outcomes].sort()).toEqual(['ok', 'unavailable', 'unknown', 'unreachable']);
});

describe.each(FORMATS)('archive outcomes from $name', (format) => {
  // A WARC holds no record of a fetch that got no response: those cases are JSON Lines only.
  const cases = vectors.cases.filter(
    (c) => !format.name.startsWith('WARC') || c.captures.every((x) => x.status !== null),
  );
  test.each(cases.map((c, i) => [c.name, c, i] as const))('%s', async (_name, c, i) => {
    const path = join(dir, `${i}-${format.file}`);
    await format.write(path, c.captures);
    const archive = await openArchive(path);
    const matcher = new ArchiveMatcher(archive, { agents: vectors.agents, purpose: c.purpose });
    for (const [origin, outcome] of Object.entries(c.origins))
      expect(matcher.outcome(`${origin}/`), origin).toBe(outcome);
    for (const v of c.verdicts) {
      const row = matcher.check(v.url);
      const got = row.verdicts[vectors.agents.indexOf(v.agent)]!;
      const expected: Record<string, unknown> = { allowed: v.allowed, line: v.line };
      if (v.optedOut !== undefined) expected.optedOut = v.optedOut;
      expect(
        { allowed: got.allowed, line: got.line, ...(v.optedOut === undefined ? {} : { optedOut: got.optedOut }) },
        `${v.agent} ${v.url}`,
      ).toEqual(expected);
    }
    matcher.dispose();
  });
});

// test/vectors/archive-origins.json: odd URLs (IPv4 spellings, IPv6, upper
// case, punycode, trailing dots, ports, user info, backslashes, whitespace,
// URLs with no http(s) origin) and odd capture URLs and Locations. Python's
// robotsmatch.archive asserts the same file: one answer in both languages.
interface OriginVectors {
  agent: string;
  captures: CaptureRecord[];
  urls: { url: string; robotsUrl: string | null; outcome: string; allowed: boolean | null; line: number }[];
  captureKeys: { url: string; key: string | null }[];
  locations: { base: string; cases: { location: string; next: string | null }[] };
}
const origins = JSON.parse(
  readFileSync(new URL('./vectors/archive-origins.json', import.meta.url), 'utf8'),
) as OriginVectors;
const expectedOf = (u: OriginVectors['urls'][number]) => ({
  robotsUrl: u.robotsUrl,
  outcome: u.outcome,
  allowed: u.allowed,
  line: u.line,
});
/** The URLs a line-based input can carry: one line each, not blank (blank lines are skipped). */
const lineUrls = origins.urls.filter((u) => u.url !== '' && !/[\r\n]/.test(u.url));

describe('odd URLs and captures (archive-origins.json)', () => {
  const file = join(dir, 'origins.jsonl');
  writeJsonl(file, origins.captures);
  const matcherOf = async () => new ArchiveMatcher(await openArchive(file), { agents: [origins.agent] });
  const rowOf = (r: {
    robotsUrl: string | undefined;
    outcome: string;
    verdicts: { allowed: boolean | null; line: number }[];
  }) => ({
    robotsUrl: r.robotsUrl ?? null,
    outcome: r.outcome,
    allowed: r.verdicts[0]!.allowed,
    line: r.verdicts[0]!.line,
  });

  test('the vectors hold URLs with no http(s) origin, and every outcome', () => {
    expect(origins.urls.filter((u) => u.robotsUrl === null).map((u) => u.url)).toEqual(
      expect.arrayContaining([
        '',
        'not a url',
        'ftp://127.0.0.1/private',
        'javascript:alert(1)',
        'mailto:a@example.com',
        '/relative/path',
      ]),
    );
    expect(new Set(origins.urls.map((u) => u.outcome))).toEqual(
      new Set(['ok', 'unavailable', 'unreachable', 'unknown', 'invalid']),
    );
    for (const u of origins.urls)
      if (u.robotsUrl === null)
        expect(expectedOf(u), u.url).toEqual({ robotsUrl: null, outcome: 'invalid', allowed: null, line: 0 });
  });

  test('check() and outcome(), URL by URL', async () => {
    const m = await matcherOf();
    for (const u of origins.urls) {
      expect(rowOf(m.check(u.url)), JSON.stringify(u.url)).toEqual(expectedOf(u));
      expect(m.outcome(u.url), JSON.stringify(u.url)).toBe(u.outcome);
    }
  });

  test('checkMany(), matchMany() and joinArchive() over the whole table', async () => {
    const m = await matcherOf();
    const urls = origins.urls.map((u) => u.url);
    expect(m.checkMany(urls).map(rowOf)).toEqual(origins.urls.map(expectedOf));
    const { outcomes, verdicts } = m.matchMany(urls);
    expect(outcomes).toEqual(origins.urls.map((u) => u.outcome));
    expect([...verdicts]).toEqual(origins.urls.map((u) => (u.allowed === null ? 3 : u.allowed ? 1 : 0)));
    const rows = [];
    for await (const row of joinArchive(await openArchive(file), urls, { agents: [origins.agent] }))
      rows.push(rowOf(row));
    expect(rows).toEqual(origins.urls.map(expectedOf));
  });

  test('jsonLines() over the URLs as bytes, one per line', async () => {
    const m = await matcherOf();
    const bytes = Buffer.from(`${lineUrls.map((u) => u.url).join('\n')}\n`);
    const out = Buffer.concat([...m.jsonLines(bytes)].map((piece) => Buffer.from(piece))).toString();
    const got = out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { outcome: string; allowed: boolean | null; line: number });
    expect(got.map((r) => ({ outcome: r.outcome, allowed: r.allowed, line: r.line }))).toEqual(
      lineUrls.map((u) => ({ outcome: u.outcome, allowed: u.allowed, line: u.line })),
    );
  });

  test('filter --robots-archive, --json and --verdicts, as a user runs it', async () => {
    const urlFile = join(dir, 'origins-urls.txt');
    writeFileSync(urlFile, `${lineUrls.map((u) => u.url).join('\n')}\n`);
    const json = await robotsmatch(['filter', '--robots-archive', file, '-a', origins.agent, '--json', '-q', urlFile]);
    expect(json.stderr).toBe('');
    const rows = json.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { outcome: string; allowed: boolean | null; line: number });
    expect(rows.map((r) => ({ outcome: r.outcome, allowed: r.allowed, line: r.line }))).toEqual(
      lineUrls.map((u) => ({ outcome: u.outcome, allowed: u.allowed, line: u.line })),
    );
    const verdicts = await robotsmatch([
      'filter',
      '--robots-archive',
      file,
      '-a',
      origins.agent,
      '--verdicts-only',
      '-q',
      urlFile,
    ]);
    expect(verdicts.stdout.trimEnd().split('\n')).toEqual(
      lineUrls.map((u) => (u.allowed === null ? u.outcome : u.allowed ? 'allowed' : 'disallowed')),
    );
  });

  test('captures are stored under the URL WHATWG writes, and a capture that is not http(s) is refused', () => {
    for (const { url, key } of origins.captureKeys) {
      expect(captureKey(url), JSON.stringify(url)).toBe(key ?? undefined);
      const archive = new RobotsArchive();
      if (key === null)
        expect(() => archive.add({ url, status: 200, body: '' }), JSON.stringify(url)).toThrow(ArchiveError);
      else {
        archive.add({ url, status: 200, body: '' });
        expect(archive.capture(key), JSON.stringify(url)).toBeDefined();
      }
    }
  });

  test('a redirect Location is resolved as new URL(location, base) reads it, and only http(s) is followed', () => {
    const { base, cases } = origins.locations;
    for (const { location, next } of cases) {
      const h = hop(301, location, base, 0);
      expect(h.outcome === 'redirect' ? h.next : null, JSON.stringify(location)).toBe(next);
      if (next === null) expect(h.outcome).toBe('unavailable');
    }
  });
});

describe('WARC records: read whole, or the file is refused', () => {
  const RULES = 'User-agent: *\nDisallow: /a\nDisallow: /b\n';
  /** A record as crawlers write it: the WARC header (Content-Length before the fields after it), the content, the CRLF CRLF that closes it. */
  const record = (url: string, content: string | Uint8Array, type = 'response') => {
    const bytes = Buffer.from(content);
    const head = `WARC/1.0\r\nWARC-Type: ${type}\r\nWARC-Target-URI: ${url}\r\nContent-Length: ${bytes.length}\r\nWARC-Date: 2025-01-01T00:00:00Z\r\n\r\n`;
    return Buffer.concat([Buffer.from(head), bytes, Buffer.from('\r\n\r\n')]);
  };
  const response = (status: string, head = 'Content-Type: text/plain\r\n', body: string | Uint8Array = RULES) =>
    Buffer.concat([Buffer.from(`HTTP/1.1 ${status}\r\n${head}\r\n`), Buffer.from(body)]);
  const first = record('https://a.test/robots.txt', response('200 OK'));
  const LAST = {
    200: record('https://b.test/robots.txt', response('200 OK')),
    404: record(
      'https://b.test/robots.txt',
      response('404 Not Found', 'Content-Type: text/html\r\n', '<h1>Not found</h1>\n'),
    ),
    request: record('https://b.test/robots.txt', 'GET /robots.txt HTTP/1.1\r\nHost: b.test\r\n\r\n', 'request'),
  };
  let files = 0;
  const answers = async (bytes: Uint8Array, name = 'a.warc') => {
    const path = join(dir, `${files++}-${name}`);
    writeFileSync(path, bytes);
    const m = new ArchiveMatcher(await openArchive(path), { agents: ['Googlebot'] });
    const answer = ['a', 'b'].map((h) => [
      m.outcome(`https://${h}.test/`),
      m.check(`https://${h}.test/b`).verdicts[0]!.allowed,
    ]);
    m.dispose();
    return answer;
  };
  const refusal = async (bytes: Uint8Array, name = 'a.warc') => {
    const path = join(dir, `${files++}-${name}`);
    writeFileSync(path, bytes);
    const error = await openArchive(path).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error, 'refused').toBeInstanceOf(ArchiveError);
    expect((error as ArchiveError).where.startsWith(path)).toBe(true);
    return (error as ArchiveError).message.slice(path.length);
  };
  const last = LAST[200];
  const at = (text: string) => last.indexOf(text);

  test.each([
    // A partial robots.txt loses its later lines: here Disallow: /b, so /b would be allowed.
    [
      'inside its body, before its last line',
      at('Disallow: /b'),
      / record 2: the file ends inside this record \(\d+ of its \d+ bytes are there\): the archive is cut short$/,
    ],
    [
      'inside its HTTP header',
      at('Content-Type: text/plain') + 5,
      / record 2: the file ends inside this record \(\d+ of its \d+ bytes are there\): the archive is cut short$/,
    ],
    [
      'inside its WARC header, after its Content-Length',
      at('WARC-Date') + 4,
      / record 2: the file ends inside this record \(0 of its \d+ bytes are there\): the archive is cut short$/,
    ],
    [
      'inside its WARC header, before its Content-Length',
      at('WARC-Target-URI') + 4,
      / record 2: not a whole WARC record: its header has no Content-Length \(the file may be cut short\)$/,
    ],
    [
      'two bytes into it (warcio takes a last line of two bytes for a line end)',
      2,
      /^: the file ends with bytes that are not a WARC record after its last whole one \(record 1\): it is cut short, or not all of it is WARC$/,
    ],
    [
      'in its first line',
      5,
      / record 2: not a WARC record: its first line is "WARC\/" where WARC\/1.0 or WARC\/1.1 belongs \(the file may be cut short\)$/,
    ],
  ])('a plain .warc cut %s is refused, naming the file and the record', async (_where, cut, message) => {
    expect(await answers(Buffer.concat([first, last]))).toEqual([
      ['ok', false],
      ['ok', false],
    ]);
    expect(await refusal(Buffer.concat([first, last.subarray(0, cut)]))).toMatch(message);
  });

  test('a .warc.gz whose gzip members are whole but whose last member holds a cut record is refused', async () => {
    const members = Buffer.concat([gzipSync(first), gzipSync(last.subarray(0, at('Disallow: /b')))]);
    expect(await refusal(members, 'a.warc.gz')).toMatch(
      / record 2: the file ends inside this record \(\d+ of its \d+ bytes are there\): the archive is cut short$/,
    );
  });

  test.each(Object.entries(LAST))(
    'property: a file cut at any byte of its last record (%s) is refused, or (cut between records, or in the CRLF CRLF after one) read as the records it holds whole',
    async (_kind, last) => {
      const whole = await answers(Buffer.concat([first, last]));
      const without = await answers(first);
      const contentEnd = last.length - 4;
      for (const gzip of [false, true]) {
        for (let cut = 0; cut <= last.length; cut++) {
          const part = last.subarray(0, cut);
          const bytes = gzip ? Buffer.concat([gzipSync(first), gzipSync(part)]) : Buffer.concat([first, part]);
          const name = gzip ? 'a.warc.gz' : 'a.warc';
          if (cut === 0) expect(await answers(bytes, name), `cut at ${cut}`).toEqual(without);
          else if (cut >= contentEnd) expect(await answers(bytes, name), `cut at ${cut}`).toEqual(whole);
          else expect(await refusal(bytes, name), `cut at ${cut}`).toContain('cut short');
        }
      }
    },
  );

  test('bytes after the last record that are not line ends are refused; blank lines are not', async () => {
    expect(await answers(Buffer.concat([first, LAST[200], Buffer.from('\r\n\r\n\n')]))).toEqual([
      ['ok', false],
      ['ok', false],
    ]);
    expect(await refusal(Buffer.concat([first, Buffer.from('x\n')]))).toMatch(/after its last whole one \(record 1\)/);
  });

  const CRLF_RULES = RULES.replaceAll('\n', '\r\n');
  test.each([
    ['written by warcio with no HTTP headers', null, RULES],
    ['status line, blank line, body (CRLF)', `HTTP/1.1 200 OK\r\n\r\n${CRLF_RULES}`, CRLF_RULES],
    ['status line, blank line, body (bare LF)', `HTTP/1.1 200 OK\n\n${RULES}`, RULES],
    [
      'status line, blank line, a body with a blank line in it',
      'HTTP/1.1 200 OK\r\n\r\nUser-agent: *\r\n\r\nDisallow: /b\r\n',
      'User-agent: *\r\n\r\nDisallow: /b\r\n',
    ],
    ['a header, all lines ending in bare LF', `HTTP/1.1 200 OK\nContent-Type: text/plain\n\n${RULES}`, RULES],
    [
      'a gzip body under a bare-LF head',
      Buffer.concat([Buffer.from('HTTP/1.1 200 OK\nContent-Encoding: gzip\n\n'), gzipSync(RULES)]),
      RULES,
    ],
  ])('a response %s keeps its body, and the record after it is read', async (_name, content, body) => {
    const a =
      content === null
        ? Buffer.from(
            await WARCSerializer.serialize(
              WARCRecord.create({ url: 'https://a.test/robots.txt', type: 'response', httpHeaders: {} }, [
                Buffer.from(RULES),
              ]),
            ),
          )
        : record('https://a.test/robots.txt', content);
    if (content === null) {
      // warcio writes such a record, but its own reading finds no end to the head and returns no body: everything would be allowed.
      for await (const r of new WARCParser([a]))
        expect([r.httpHeaders?.statusCode, (await r.readFully(true)).length]).toEqual([200, 0]);
    }
    const bytes = Buffer.concat([a, LAST[404]]);
    expect(await answers(bytes)).toEqual([
      ['ok', false],
      ['unavailable', true],
    ]);
    const path = join(dir, `${files++}-head.warc`);
    writeFileSync(path, bytes);
    const captures: Capture[] = [];
    for await (const [c] of readPath(path)) captures.push(c);
    expect(captures.map((c) => c.status)).toEqual([200, 404]);
    expect(Buffer.from(captures[0]!.body as Uint8Array).toString()).toBe(body);
  });

  test('a 2xx response with no blank line after its HTTP head is refused (its lines may be rules); another status is read from its head', async () => {
    expect(
      await refusal(record('https://a.test/robots.txt', 'HTTP/1.1 200 OK\nUser-agent: *\nDisallow: /b\n')),
    ).toMatch(
      / record 1: the response to https:\/\/a.test\/robots.txt has no blank line after its HTTP headers, so where its body starts is unknown$/,
    );
    expect(await refusal(record('https://a.test/robots.txt', ''))).toMatch(
      / record 1: the response to https:\/\/a.test\/robots.txt has no HTTP status line$/,
    );
    const redirect = record(
      'https://b.test/robots.txt',
      'HTTP/1.1 301 Moved Permanently\r\nLocation: https://a.test/robots.txt\r\n',
    );
    expect(await answers(Buffer.concat([first, redirect]))).toEqual([
      ['ok', false],
      ['ok', false],
    ]);
  });

  test('records with a CRLF head are read as warcio reads them: status, Location, Content-Type, date, and the body with its encodings undone', async () => {
    const chunked = (bytes: Uint8Array) =>
      Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n0\r\n\r\n')]);
    const bodies = makeHostsCorpus({ files: 30, seed: 3 }).map((f) => f.robotsTxt);
    const parts: Uint8Array[] = [
      Buffer.from(
        await WARCSerializer.serialize(WARCRecord.createWARCInfo({ filename: 'a.warc' }, { software: 'test' })),
      ),
    ];
    bodies.forEach((body, i) => {
      const url = `https://h${i}.test/robots.txt`;
      const kind = i % 6;
      if (kind === 0) parts.push(record(url, response('200 OK', 'Content-Type: text/plain\r\n', body)));
      if (kind === 1)
        parts.push(
          record(url, response('200 OK', 'Content-Encoding: gzip\r\nContent-Type: text/plain\r\n', gzipSync(body))),
        );
      if (kind === 2)
        parts.push(record(url, response('200 OK', 'Transfer-Encoding: chunked\r\n', chunked(Buffer.from(body)))));
      if (kind === 3)
        parts.push(
          record(
            url,
            response('200 OK', 'Transfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n', chunked(gzipSync(body))),
          ),
        );
      if (kind === 4)
        parts.push(
          record(url, response('301 Moved Permanently', `Location: https://www.h${i}.test/robots.txt\r\n`, '')),
        );
      if (kind === 5)
        parts.push(record(url, response('503 Service Unavailable', 'Retry-After: 60\r\n', '<p>down</p>')));
      parts.push(record(url, `GET /robots.txt HTTP/1.1\r\nHost: h${i}.test\r\n\r\n`, 'request'));
    });
    const path = join(dir, 'encodings.warc');
    writeFileSync(path, Buffer.concat(parts));
    const ours: unknown[] = [];
    for await (const [c] of readPath(path))
      ours.push({ ...c, body: c.body && Buffer.from(c.body as Uint8Array).toString() });
    // warcio's own reading of the same file (HTTP heads parsed by warcio as it reads the records).
    const theirs: unknown[] = [];
    for await (const r of new WARCParser(createReadStream(path))) {
      if (r.warcType !== 'response') continue;
      const status = Number(r.httpHeaders!.statusCode);
      const body = status < 300 ? Buffer.from(await r.readFully(true)).toString() : undefined;
      theirs.push({
        url: r.warcTargetURI,
        status,
        location: r.httpHeaders!.headers.get('location') ?? undefined,
        contentType: r.httpHeaders!.headers.get('content-type') ?? undefined,
        body,
        fetchedAt: r.warcDate,
      });
    }
    expect(ours).toHaveLength(bodies.length);
    expect(ours).toEqual(theirs);
    expect((ours as { body?: string }[]).filter((_c, i) => i % 6 < 4).map((c) => c.body)).toEqual(
      bodies.filter((_b, i) => i % 6 < 4),
    );
  });
});
