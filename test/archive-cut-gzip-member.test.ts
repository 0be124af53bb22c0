// A .warc.gz with one gzip member cut short inside it (a writer that died
// in the middle of a record and went on after a restart), as it is and
// gzipped again (as a whole, or member by member): the cut record's site
// gets a failed fetch (unreachable, with why in --json), and every record
// after it is still read. The old reader lost every record after a cut
// inner member without a word, and refused the whole file for a cut one.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import { ArchiveError, ArchiveMatcher, openArchive, readPath } from '../src/archive.js';
import { robotsmatch } from './support/cli.js';
import { warcRecord } from './support/warc-record.js';

const dir = mkdtempSync(join(tmpdir(), 'robotsmatch-cut-member-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const RULES = Buffer.from('User-agent: *\nDisallow: /private\n');
const LONG = Buffer.from(
  `User-agent: *\nDisallow: /private\n${Array.from({ length: 60 }, (_, i) => `Disallow: /part-${i * 104_729}\n`).join('')}`,
);
const REASON =
  'the captured response cannot be read whole: the gzip member of the archive holding its record is cut short';
const record = (host: string, body = RULES) => warcRecord(host, ['Content-Type: text/plain'], body);
const member = (host: string, body = RULES) => gzipSync(record(host, body));

/** Each way of cutting the member of cut.test: by how many of its bytes are left. */
const CUTS: Record<string, (whole: Buffer) => Buffer> = {
  'inside its body': (whole) => whole.subarray(0, Math.floor(whole.length * 0.6)),
  // Only the last deflate bytes and the trailer gone: what is left inflates (with the next member's bytes) to a record of the right length.
  'in its last bytes': (whole) => whole.subarray(0, whole.length - 10),
};

/** The shapes of files these records are written in: gzip once, gzip again as a whole, gzip again member by member. */
const SHAPES: Record<string, (members: Buffer[]) => Buffer> = {
  'a .warc.gz': (members) => Buffer.concat(members),
  'a .warc.gz gzipped again as a whole': (members) => gzipSync(Buffer.concat(members)),
  'a .warc.gz gzipped again member by member': (members) => Buffer.concat(members.map((m) => gzipSync(m))),
};

function file(name: string, bytes: Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

async function captures(path: string) {
  const got = [];
  for await (const [c] of readPath(path))
    got.push({ host: new URL(c.url).host, status: c.status, error: c.error, body: c.body?.toString() });
  return got;
}

const EXPECTED = [
  { host: 'before.test', status: 200, error: undefined, body: RULES.toString() },
  { host: 'cut.test', status: null, error: REASON, body: undefined },
  { host: 'after.test', status: 200, error: undefined, body: RULES.toString() },
  { host: 'last.test', status: 200, error: undefined, body: RULES.toString() },
];

describe.each(Object.entries(SHAPES))('%s', (shape, write) => {
  test.each(Object.entries(CUTS))(
    'with a member cut %s: a failed fetch for its site, every other record read',
    async (how, cut) => {
      const members = [member('before.test'), cut(member('cut.test', LONG)), member('after.test'), member('last.test')];
      const path = file(`${`${shape}-${how}`.replace(/\W+/g, '-')}.warc.gz`, write(members));
      expect(await captures(path)).toEqual(EXPECTED);
      const archive = await openArchive(path);
      // The cut is counted, and placed at the record it starts (the second of the file).
      expect([archive.cutMembers, archive.firstCut]).toEqual([1, `in ${path} record 2`]);
      const matcher = new ArchiveMatcher(archive, { agents: ['Googlebot'] });
      expect(matcher.outcome('https://cut.test/')).toBe('unreachable');
      expect(matcher.check('https://cut.test/public').verdicts[0]!.allowed).toBe(false);
      expect(matcher.check('https://after.test/private').verdicts[0]!.allowed).toBe(false);
      expect(matcher.check('https://last.test/public').verdicts[0]!.allowed).toBe(true);
      matcher.dispose();
    },
  );
});

test("--json says why the cut record's site is unreachable, and nothing goes to stderr", async () => {
  const path = file(
    'json.warc.gz',
    gzipSync(
      Buffer.concat([member('before.test'), CUTS['inside its body']!(member('cut.test', LONG)), member('after.test')]),
    ),
  );
  const run = await robotsmatch(
    ['filter', '--robots-archive', path, '--json', '-q'],
    'https://cut.test/x\nhttps://after.test/x\n',
  );
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  const rows = run.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  expect(rows.map((r) => [r.url, r.outcome, r.reason])).toEqual([
    ['https://cut.test/x', 'unreachable', REASON],
    ['https://after.test/x', 'ok', undefined],
  ]);
});

test('a record whose member is cut inside its WARC header names no site: it is not read, the others are', async () => {
  const whole = member('cut.test', LONG);
  const path = file(
    'header.warc.gz',
    Buffer.concat([member('before.test'), whole.subarray(0, 40), member('after.test')]),
  );
  expect((await captures(path)).map((c) => c.host)).toEqual(['before.test', 'after.test']);
  // Nothing else tells of the lost record: the archive counts the cut, and the summary says where it fell.
  const archive = await openArchive(path);
  expect([archive.cutMembers, archive.firstCut]).toEqual([1, `after ${path} record 1`]);
  archive.dispose();
  const run = await robotsmatch(['filter', '--robots-archive', path], 'https://after.test/x\n');
  expect(run.status).toBe(0);
  expect(run.stderr).toContain(`2 captures read in`);
  expect(run.stderr).toContain(
    ` (1 gzip member of the archive cut short, the first after ${path} record 1; see docs/cli.md#archive-mode), `,
  );
});

test("warcio's own console line about the cut is held back: stderr is robotsmatch's summary alone", async () => {
  const path = file(
    'quiet.warc.gz',
    Buffer.concat([member('before.test'), CUTS['in its last bytes']!(member('cut.test', LONG)), member('after.test')]),
  );
  const run = await robotsmatch(['filter', '--robots-archive', path], 'https://cut.test/x\nhttps://after.test/x\n');
  expect(run.status).toBe(0);
  expect(run.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^robotsmatch filter: 2 URLs /)]);
  expect(run.stderr).toContain(`1 gzip member of the archive cut short, the first in ${path} record 2`);
  // In the library too, and console.warn is the caller's own again afterwards, passing other lines on.
  const warn = console.warn;
  const seen: unknown[][] = [];
  console.warn = (...args: unknown[]) => seen.push(args);
  try {
    const mine = console.warn;
    await captures(path);
    expect(seen).toEqual([]);
    expect(console.warn).toBe(mine);
    console.warn('a line of the caller');
    expect(seen).toEqual([['a line of the caller']]);
  } finally {
    console.warn = warn;
  }
});

test('two cut members are counted, and the first is the one named', async () => {
  const cut = CUTS['inside its body']!;
  const path = file(
    'two-cuts.warc.gz',
    Buffer.concat([
      member('a.test'),
      cut(member('b.test', LONG)),
      member('c.test'),
      cut(member('d.test', LONG)),
      member('e.test'),
    ]),
  );
  const archive = await openArchive(path);
  expect([archive.cutMembers, archive.firstCut]).toEqual([2, `in ${path} record 2`]);
  archive.dispose();
});

test('an archive with no cut member says nothing of cuts', async () => {
  const path = file('whole.warc.gz', Buffer.concat([member('before.test'), member('after.test')]));
  const archive = await openArchive(path);
  expect([archive.cutMembers, archive.firstCut]).toEqual([0, undefined]);
  archive.dispose();
  const run = await robotsmatch(['filter', '--robots-archive', path], 'https://after.test/x\n');
  expect(run.stderr).not.toContain('cut short');
});

test('a member holding many records, cut: the records before it are read, the one it starts is a failed fetch', async () => {
  const many = gzipSync(Buffer.concat([record('cut.test', LONG), record('lost.test')]));
  const path = file(
    'many.warc.gz',
    Buffer.concat([member('before.test'), many.subarray(0, Math.floor(many.length * 0.5)), member('after.test')]),
  );
  expect((await captures(path)).map((c) => [c.host, c.status])).toEqual([
    ['before.test', 200],
    ['cut.test', null],
    ['after.test', 200],
  ]);
});

describe('the file itself cut short is still refused', () => {
  test.each([
    ['in its last member', (m: Buffer[]) => Buffer.concat(m).subarray(0, -10)],
    ['in the outer gzip of a file gzipped twice', (m: Buffer[]) => gzipSync(Buffer.concat(m)).subarray(0, -10)],
    ['after bytes that are not gzip', (m: Buffer[]) => Buffer.concat([...m, Buffer.from('<html>\n')])],
  ])('%s', async (how, write) => {
    const path = file(
      `refused-${how}.warc.gz`.replace(/\W+/g, '-'),
      write([member('before.test'), member('after.test')]),
    );
    const error = await openArchive(path).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ArchiveError);
    expect((error as Error).message).toMatch(/is not valid gzip/);
  });
});
