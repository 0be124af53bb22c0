// Writes the WARC vectors both test suites read (test/warc-vectors.test.ts
// for Node's reader, python/tests/test_archive_warc.py for Python's
// Archive.from_warc): small WARC files in test/vectors/warc/ and
// test/vectors/warc-captures.json, which says what each file gives (every
// capture's status and body, each origin's outcome, verdicts) or that it is
// refused, and with which words. The records are written by hand, byte by
// byte, as crawlers write them (and as they break: cut records, missing
// Content-Length, headerless responses, WARC-Truncated, short gzip bodies, a
// body past the 500 KiB limit, a gzip bomb). The expectations are the rules
// of docs/pipelines.md written out here, not what a reader answered.
//
//   node scripts/make-warc-vectors.mjs [DIR]   (default test/vectors; the tests check the committed files match)
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, deflateSync, gunzipSync, gzipSync } from 'node:zlib';

const out = process.argv[2] ?? fileURLToPath(new URL('../test/vectors', import.meta.url));
/** Bytes of a body a reader keeps (the archive's default maxBytes, Google's 500 KiB) and one more, as readers hand it on. */
const LIMIT = 512_000;
const RULES = 'User-agent: *\nDisallow: /private\n';

/** A WARC record: its header (Content-Length counted from the content unless given), the content, the CRLF CRLF that closes it. */
function record(url, content, { type = 'response', date = '2025-01-01T00:00:00Z', extra = [], length } = {}) {
  const bytes = Buffer.from(content);
  const head = [
    'WARC/1.0',
    `WARC-Type: ${type}`,
    ...(url === undefined ? [] : [`WARC-Target-URI: ${url}`]),
    `WARC-Date: ${date}`,
    `WARC-Record-ID: <urn:uuid:${createHash('sha1').update(`${url}${date}${type}`).digest('hex').slice(0, 32)}>`,
    ...extra,
    `Content-Length: ${length ?? bytes.length}`,
  ];
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), bytes, Buffer.from('\r\n\r\n')]);
}

/** An HTTP response as stored: status line, header lines, a blank line, the body as sent. */
function response(status, head, body = '') {
  return Buffer.concat([
    Buffer.from(`HTTP/1.1 ${status}\r\n${head.map((h) => `${h}\r\n`).join('')}\r\n`),
    Buffer.from(body),
  ]);
}

const chunked = (bytes) =>
  Buffer.concat([
    Buffer.from(`${Buffer.from(bytes).length.toString(16)}\r\n`),
    Buffer.from(bytes),
    Buffer.from('\r\n0\r\n\r\n'),
  ]);
const robots = (host) => `https://${host}/robots.txt`;
const gzipped = gzipSync(RULES);

// Past the limit: the rule after byte 512,000 is never read (its URL allowed), the one before it is.
const padding = `${'#'.repeat(99)}\n`.repeat(5200); // 520,000 bytes
const LONG = `User-agent: *\nDisallow: /early\n${padding}Disallow: /late\n`;
// A gzip bomb: 16 MiB of blank lines after the first rule, about 16 KiB gzipped; decoding stops at the limit.
const BOMB = Buffer.concat([
  Buffer.from('User-agent: *\nDisallow: /early\n'),
  Buffer.alloc(16 << 20, 0x0a),
  Buffer.from('Disallow: /late\n'),
]);

const ok = (body) => ({ status: 200, body: Buffer.from(body) });
const cut = (body) => ({ status: 200, body: Buffer.from(body).subarray(0, LIMIT + 1) });
const failed = { status: null };
/** The usual verdicts of RULES: /private disallowed by line 2, /public allowed by no rule. */
const usual = (host) => [
  [`https://${host}/private/x`, false, 2],
  [`https://${host}/public`, true, 0],
];
const everything = (host, allowed) => [
  [`https://${host}/private/x`, allowed, 0],
  [`https://${host}/public`, allowed, 0],
];

/**
 * The records of the capture files, in order: each with the captures a
 * reader yields for it (none for a record that is not a capture: request,
 * warcinfo, metadata, a dns: response), and what its origin comes to.
 */
const RECORDS = [
  { bytes: record(undefined, 'software: make-warc-vectors\r\n', { type: 'warcinfo' }), captures: [] },
  {
    bytes: record(robots('plain.test'), response('200 OK', ['Content-Type: text/plain'], RULES)),
    captures: [{ url: robots('plain.test'), ...ok(RULES), contentType: 'text/plain' }],
    origins: { 'https://plain.test': 'ok' },
    verdicts: usual('plain.test'),
  },
  {
    bytes: record(robots('plain.test'), 'GET /robots.txt HTTP/1.1\r\nHost: plain.test\r\n\r\n', { type: 'request' }),
    captures: [],
  },
  {
    bytes: record('dns:plain.test', '20250101000000\nplain.test. 300 IN A 192.0.2.1\n'),
    captures: [],
  },
  {
    bytes: record(robots('gzip.test'), response('200 OK', ['Content-Encoding: gzip'], gzipped)),
    captures: [{ url: robots('gzip.test'), ...ok(RULES) }],
    origins: { 'https://gzip.test': 'ok' },
    verdicts: usual('gzip.test'),
  },
  {
    bytes: record(robots('deflate.test'), response('200 OK', ['Content-Encoding: deflate'], deflateSync(RULES))),
    captures: [{ url: robots('deflate.test'), ...ok(RULES) }],
    origins: { 'https://deflate.test': 'ok' },
    verdicts: usual('deflate.test'),
  },
  {
    bytes: record(
      robots('br.test'),
      response(
        '200 OK',
        ['Content-Encoding: br'],
        brotliCompressSync(RULES, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      ),
    ),
    captures: [{ url: robots('br.test'), ...ok(RULES) }],
    origins: { 'https://br.test': 'ok' },
    verdicts: usual('br.test'),
  },
  {
    bytes: record(robots('chunked.test'), response('200 OK', ['Transfer-Encoding: chunked'], chunked(RULES))),
    captures: [{ url: robots('chunked.test'), ...ok(RULES) }],
    origins: { 'https://chunked.test': 'ok' },
    verdicts: usual('chunked.test'),
  },
  {
    bytes: record(
      robots('chunked-gzip.test'),
      response('200 OK', ['Transfer-Encoding: chunked', 'Content-Encoding: gzip'], chunked(gzipped)),
    ),
    captures: [{ url: robots('chunked-gzip.test'), ...ok(RULES) }],
    origins: { 'https://chunked-gzip.test': 'ok' },
    verdicts: usual('chunked-gzip.test'),
  },
  {
    // No header lines: the status line, a blank line, the body.
    bytes: record(robots('headerless.test'), `HTTP/1.1 200 OK\r\n\r\n${RULES}`),
    captures: [{ url: robots('headerless.test'), ...ok(RULES) }],
    origins: { 'https://headerless.test': 'ok' },
    verdicts: usual('headerless.test'),
  },
  {
    bytes: record(robots('bare-lf.test'), `HTTP/1.1 200 OK\nContent-Type: text/plain\n\n${RULES}`),
    captures: [{ url: robots('bare-lf.test'), ...ok(RULES), contentType: 'text/plain' }],
    origins: { 'https://bare-lf.test': 'ok' },
    verdicts: usual('bare-lf.test'),
  },
  {
    bytes: record(
      robots('redirect.test'),
      response('301 Moved Permanently', [`Location: ${robots('www.redirect.test')}`], '<p>moved</p>'),
    ),
    captures: [{ url: robots('redirect.test'), status: 301, location: robots('www.redirect.test') }],
    origins: { 'https://redirect.test': 'ok' },
    verdicts: [
      ['https://redirect.test/moved/x', false, 2],
      ['https://redirect.test/private/x', true, 0],
    ],
  },
  {
    bytes: record(robots('www.redirect.test'), response('200 OK', [], 'User-agent: *\nDisallow: /moved\n')),
    captures: [{ url: robots('www.redirect.test'), ...ok('User-agent: *\nDisallow: /moved\n') }],
    origins: { 'https://www.redirect.test': 'ok' },
    verdicts: [['https://www.redirect.test/moved/x', false, 2]],
  },
  {
    // A redirect with no blank line after its head (a non-2xx is read from its head), to a relative Location.
    bytes: record(robots('relative.test'), 'HTTP/1.1 302 Found\r\nLocation: /robots-live.txt\r\n'),
    captures: [{ url: robots('relative.test'), status: 302, location: '/robots-live.txt' }],
    origins: { 'https://relative.test': 'ok' },
    verdicts: [['https://relative.test/live/x', false, 2]],
  },
  {
    bytes: record('https://relative.test/robots-live.txt', response('200 OK', [], 'User-agent: *\nDisallow: /live\n')),
    captures: [{ url: 'https://relative.test/robots-live.txt', ...ok('User-agent: *\nDisallow: /live\n') }],
  },
  {
    bytes: record(
      robots('missing.test'),
      response('404 Not Found', ['Content-Type: text/html'], '<h1>Not found</h1>\n'),
    ),
    captures: [{ url: robots('missing.test'), status: 404, contentType: 'text/html' }],
    origins: { 'https://missing.test': 'unavailable' },
    verdicts: everything('missing.test', true),
  },
  {
    bytes: record(robots('down.test'), response('503 Service Unavailable', ['Retry-After: 60'], '<p>down</p>')),
    captures: [{ url: robots('down.test'), status: 503 }],
    origins: { 'https://down.test': 'unreachable' },
    reasons: { 'https://down.test': 'HTTP 503 (a server error)' },
    verdicts: everything('down.test', false),
  },
  {
    bytes: record(robots('busy.test'), response('429 Too Many Requests', [])),
    captures: [{ url: robots('busy.test'), status: 429 }],
    origins: { 'https://busy.test': 'unreachable' },
    reasons: { 'https://busy.test': 'HTTP 429 (too many requests)' },
    verdicts: everything('busy.test', false),
  },
  {
    // Cut by the crawler and marked so: the first line only would allow everything.
    bytes: record(robots('truncated.test'), response('200 OK', [], RULES.slice(0, 14)), {
      extra: ['WARC-Truncated: length'],
    }),
    captures: [{ url: robots('truncated.test'), ...failed }],
    origins: { 'https://truncated.test': 'unreachable' },
    reasons: {
      'https://truncated.test':
        'the captured response cannot be read whole: the record is marked WARC-Truncated (length)',
    },
    verdicts: everything('truncated.test', false),
  },
  {
    bytes: record(
      robots('short-gzip.test'),
      response('200 OK', ['Content-Encoding: gzip'], gzipped.subarray(0, gzipped.length - 6)),
    ),
    captures: [{ url: robots('short-gzip.test'), ...failed }],
    origins: { 'https://short-gzip.test': 'unreachable' },
    reasons: {
      'https://short-gzip.test':
        'the captured response cannot be read whole: its encoded body cannot be read whole (unexpected end of file)',
    },
    verdicts: everything('short-gzip.test', false),
  },
  {
    bytes: record(
      robots('cut-chunk.test'),
      response('200 OK', ['Transfer-Encoding: chunked'], chunked(RULES).subarray(0, 20)),
    ),
    captures: [{ url: robots('cut-chunk.test'), ...failed }],
    origins: { 'https://cut-chunk.test': 'unreachable' },
    reasons: { 'https://cut-chunk.test': 'the captured response cannot be read whole: its chunked body is cut short' },
    verdicts: everything('cut-chunk.test', false),
  },
  {
    bytes: record(robots('compress.test'), response('200 OK', ['Content-Encoding: compress'], RULES)),
    captures: [{ url: robots('compress.test'), ...failed }],
    origins: { 'https://compress.test': 'unreachable' },
    reasons: {
      'https://compress.test':
        'the captured response cannot be read whole: its Content-Encoding compress is not one robots.txt readers undo',
    },
    verdicts: everything('compress.test', false),
  },
  {
    bytes: record(robots('te-gzip.test'), response('200 OK', ['Transfer-Encoding: gzip'], gzipped)),
    captures: [{ url: robots('te-gzip.test'), ...failed }],
    origins: { 'https://te-gzip.test': 'unreachable' },
    reasons: {
      'https://te-gzip.test':
        'the captured response cannot be read whole: its Transfer-Encoding gzip is not one robots.txt readers undo',
    },
    verdicts: everything('te-gzip.test', false),
  },
  {
    // Two captures of one URL: the one fetched later wins, whatever the order of the records.
    bytes: record(robots('dated.test'), response('200 OK', [], 'User-agent: *\nDisallow: /new\n'), {
      date: '2025-06-01T00:00:00Z',
    }),
    captures: [
      { url: robots('dated.test'), ...ok('User-agent: *\nDisallow: /new\n'), fetchedAt: '2025-06-01T00:00:00Z' },
    ],
    origins: { 'https://dated.test': 'ok' },
    verdicts: [
      ['https://dated.test/new', false, 2],
      ['https://dated.test/old', true, 0],
    ],
  },
  {
    bytes: record(robots('dated.test'), response('200 OK', [], 'User-agent: *\nDisallow: /old\n')),
    captures: [{ url: robots('dated.test'), ...ok('User-agent: *\nDisallow: /old\n') }],
  },
  {
    bytes: record(robots('bomb.test'), response('200 OK', ['Content-Encoding: gzip'], gzipSync(BOMB, { level: 9 }))),
    captures: [{ url: robots('bomb.test'), ...cut(BOMB) }],
    origins: { 'https://bomb.test': 'ok' },
    verdicts: [
      ['https://bomb.test/early', false, 2],
      ['https://bomb.test/late', true, 0],
    ],
  },
  {
    bytes: record(robots('metadata.test'), 'fetchTimeMs: 12\r\n', { type: 'metadata' }),
    captures: [],
  },
];
// A plain body past the limit: in the gzip file only (half a megabyte, gzipped to a few kilobytes).
const LONG_RECORD = {
  bytes: record(robots('long.test'), response('200 OK', ['Content-Type: text/plain'], LONG)),
  captures: [{ url: robots('long.test'), ...cut(LONG), contentType: 'text/plain' }],
  origins: { 'https://long.test': 'ok' },
  verdicts: [
    ['https://long.test/early', false, 2],
    ['https://long.test/late', true, 0],
  ],
};

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** What a file of these records gives: its captures (body by length and SHA-256), outcomes, verdicts. */
function expected(records) {
  const captures = records.flatMap((r) =>
    r.captures.map((c) => ({
      url: c.url,
      status: c.status,
      location: c.location ?? null,
      content_type: c.contentType ?? null,
      fetched_at: c.fetchedAt ?? '2025-01-01T00:00:00Z',
      ...(c.body === undefined ? {} : { body_length: c.body.length, body_sha256: sha256(c.body) }),
    })),
  );
  const origins = Object.assign({}, ...records.map((r) => r.origins ?? {}));
  const reasons = Object.assign({}, ...records.map((r) => r.reasons ?? {}));
  const verdicts = records.flatMap((r) =>
    (r.verdicts ?? []).map(([url, allowed, line]) => ({ url, agent: 'Googlebot', allowed, line })),
  );
  return { captures, origins, reasons, verdicts };
}

const files = [];
const write = (name, bytes, expectation) => {
  writeFileSync(join(out, 'warc', name), bytes);
  files.push({ file: `warc/${name}`, ...expectation });
};
mkdirSync(join(out, 'warc'), { recursive: true });

write('captures.warc', Buffer.concat(RECORDS.map((r) => r.bytes)), expected(RECORDS));
// Each record its own gzip member, as Common Crawl writes them.
const all = [...RECORDS, LONG_RECORD];
write('captures.warc.gz', Buffer.concat(all.map((r) => gzipSync(r.bytes))), expected(all));

// A gzip member cut short inside the file (a writer that died in the middle of a record and went on after a
// restart): that record's site gets a failed fetch, every other record is read. The same records gzipped twice,
// as a whole (a .warc.gz saved with its download's Content-Encoding) and member by member, the cut one inside.
const CUT_RULES = `User-agent: *\nDisallow: /private\n${Array.from({ length: 40 }, (_, i) => `Disallow: /section-${i * 7919}\n`).join('')}`;
const around = (host, bytes) => ({ bytes, captures: [{ url: robots(host), ...ok(RULES), contentType: 'text/plain' }] });
const MEMBERS = [
  {
    ...around('before.test', record(robots('before.test'), response('200 OK', ['Content-Type: text/plain'], RULES))),
    origins: { 'https://before.test': 'ok' },
    verdicts: usual('before.test'),
  },
  {
    bytes: record(robots('cut-member.test'), response('200 OK', ['Content-Type: text/plain'], CUT_RULES)),
    cut: true,
    captures: [{ url: robots('cut-member.test'), ...failed }],
    origins: { 'https://cut-member.test': 'unreachable' },
    reasons: {
      'https://cut-member.test':
        'the captured response cannot be read whole: the gzip member of the archive holding its record is cut short',
    },
    verdicts: everything('cut-member.test', false),
  },
  {
    ...around('after.test', record(robots('after.test'), response('200 OK', ['Content-Type: text/plain'], RULES))),
    origins: { 'https://after.test': 'ok' },
    verdicts: usual('after.test'),
  },
  {
    bytes: record(robots('down-after.test'), response('503 Service Unavailable', [])),
    captures: [{ url: robots('down-after.test'), status: 503 }],
    origins: { 'https://down-after.test': 'unreachable' },
    reasons: { 'https://down-after.test': 'HTTP 503 (a server error)' },
  },
];
/** A record's gzip member cut inside its body: what it inflates to holds the WARC and HTTP heads and the first rule. */
function cutMember(bytes) {
  const member = gzipSync(bytes);
  const cut = member.subarray(0, Math.floor(member.length * 0.6));
  const start = gunzipSync(cut, { finishFlush: constants.Z_SYNC_FLUSH }).toString('latin1');
  if (!start.includes('Disallow: /private') || start.length >= bytes.length - 100)
    throw new Error('the cut member is not cut inside its body');
  return cut;
}
const members = MEMBERS.map((r) => (r.cut ? cutMember(r.bytes) : gzipSync(r.bytes)));
write('cut-member.warc.gz', Buffer.concat(members), expected(MEMBERS));
write('twice-gzipped-cut-member.warc.gz', gzipSync(Buffer.concat(members)), expected(MEMBERS));
write('twice-gzipped-members-cut-member.warc.gz', Buffer.concat(members.map((m) => gzipSync(m))), expected(MEMBERS));
write('twice-gzipped.warc.gz', gzipSync(Buffer.concat(RECORDS.map((r) => gzipSync(r.bytes)))), expected(RECORDS));

// Files refused whole, with the words of the refusal (a regular expression both languages read).
const first = record(robots('a.test'), response('200 OK', ['Content-Type: text/plain'], RULES));
const last = record(robots('b.test'), response('200 OK', ['Content-Type: text/plain'], RULES));
const at = (text) => last.indexOf(text);
const CUT_SHORT =
  'record 2: the file ends inside this record \\(\\d+ of its \\d+ bytes are there\\): the archive is cut short';
const refused = [
  ['cut-in-body.warc', Buffer.concat([first, last.subarray(0, at('Disallow'))]), CUT_SHORT],
  ['cut-in-http-head.warc', Buffer.concat([first, last.subarray(0, at('Content-Type') + 5)]), CUT_SHORT],
  [
    'cut-after-content-length.warc',
    Buffer.concat([first, last.subarray(0, at('\r\n\r\nHTTP') + 2)]),
    'record 2: the file ends inside this record \\(0 of its \\d+ bytes are there\\): the archive is cut short',
  ],
  [
    'cut-before-content-length.warc',
    Buffer.concat([first, last.subarray(0, at('WARC-Date') + 4)]),
    'record 2: not a whole WARC record: its header has no Content-Length \\(the file may be cut short\\)',
  ],
  [
    'content-length-not-a-number.warc',
    Buffer.concat([first, record(robots('b.test'), response('200 OK', [], RULES), { length: 'ten' })]),
    'record 2: not a WARC record: its Content-Length is "ten", not a number of bytes',
  ],
  ['bytes-after-the-last-record.warc', Buffer.concat([first, Buffer.from('<html>\n')]), 'not a WARC record'],
  [
    'no-blank-line-after-the-head.warc',
    record(robots('a.test'), 'HTTP/1.1 200 OK\nUser-agent: *\nDisallow: /b\n'),
    'record 1: the response to https://a.test/robots.txt has no blank line after its HTTP headers, so where its body starts is unknown',
  ],
  [
    'no-status-line.warc',
    record(robots('a.test'), ''),
    'record 1: the response to https://a.test/robots.txt has no HTTP status line',
  ],
  ['cut-gzip.warc.gz', Buffer.concat([gzipSync(first), gzipSync(last)]).subarray(0, -10), 'is not valid gzip'],
  [
    'whole-members-cut-record.warc.gz',
    Buffer.concat([gzipSync(first), gzipSync(last.subarray(0, at('Disallow')))]),
    CUT_SHORT,
  ],
];
for (const [name, bytes, words] of refused) write(name, bytes, { refused: words });

writeFileSync(
  join(out, 'warc-captures.json'),
  `${JSON.stringify(
    {
      $comment:
        'WARC files (test/vectors/warc/, written by scripts/make-warc-vectors.mjs) and what each gives: its captures in order (status null: the response cannot be read whole, a failed fetch; a body by its length and SHA-256, decoded and cut at 512,001 bytes), each origin\'s outcome, why each unreachable one is (reasons: the words check() and --json give) and Googlebot\'s verdicts (line: the deciding robots.txt line, 0 when none); or "refused", a regular expression the error message matches. Read by test/warc-vectors.test.ts (Node) and python/tests/test_archive_warc.py (Python).',
      limit: LIMIT,
      files,
    },
    null,
    2,
  )}\n`,
);
