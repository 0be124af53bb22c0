// Why an origin is unreachable, said in each of its --json rows ("reason")
// and by ArchiveMatcher.check(): the live fetch's words for what a live
// fetch can meet (an HTTP status a crawler takes as the server failing, no
// answer), the reader's for a capture that cannot be read whole (a cut body,
// WARC-Truncated, an encoding no reader undoes, a file that cannot be read).

import { mkdtempSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import { ArchiveMatcher, openArchive } from '../src/archive.js';
import { robotsmatch } from './support/cli.js';
import { warcRecord } from './support/warc-record.js';

const dir = mkdtempSync(join(tmpdir(), 'robotsmatch-reasons-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ROBOTS = Buffer.from('User-agent: *\nDisallow: /private\n');
const gzipped = gzipSync(ROBOTS);
const chunked = Buffer.from(`${ROBOTS.length.toString(16)}\r\n${ROBOTS}\r\n0\r\n\r\n`);
const NONE = Buffer.alloc(0);

const warc = join(dir, 'captures.warc');
writeFileSync(
  warc,
  Buffer.concat([
    warcRecord('truncated.test', [], ROBOTS.subarray(0, 14), ['WARC-Truncated: length']),
    warcRecord('short-gzip.test', ['Content-Encoding: gzip'], gzipped.subarray(0, gzipped.length - 6)),
    warcRecord('cut-chunk.test', ['Transfer-Encoding: chunked'], chunked.subarray(0, 20)),
    warcRecord('zstd.test', ['Content-Encoding: zstd'], ROBOTS),
    warcRecord('server-error.test', [], NONE, [], '503 Service Unavailable'),
    warcRecord('too-many.test', [], NONE, [], '429 Too Many Requests'),
    warcRecord('whole.test', ['Content-Encoding: gzip'], gzipped),
  ]),
);
const jsonl = join(dir, 'captures.jsonl');
writeFileSync(
  jsonl,
  `${JSON.stringify({ url: 'https://no-answer.test/robots.txt', status: null })}\n${JSON.stringify({ url: 'https://odd-status.test/robots.txt', status: 600 })}\n`,
);
const hosts = join(dir, 'hosts');
mkdirSync(hosts);
symlinkSync(join(dir, 'nowhere.txt'), join(hosts, 'dangling.test'));

const EXPECTED: Record<string, string | undefined> = {
  'truncated.test': 'the captured response cannot be read whole: the record is marked WARC-Truncated (length)',
  'short-gzip.test':
    'the captured response cannot be read whole: its encoded body cannot be read whole (unexpected end of file)',
  'cut-chunk.test': 'the captured response cannot be read whole: its chunked body is cut short',
  'zstd.test':
    'the captured response cannot be read whole: its Content-Encoding zstd is not one robots.txt readers undo',
  'server-error.test': 'HTTP 503 (a server error)',
  'too-many.test': 'HTTP 429 (too many requests)',
  'no-answer.test': 'no answer',
  'odd-status.test': 'HTTP 600 (a server error)',
  'dangling.test': `the archive's file ${join(hosts, 'dangling.test')} cannot be read (ENOENT)`,
  'whole.test': undefined,
};
const urls = Object.keys(EXPECTED).map((host) => `https://${host}/private`);

describe('the reason an origin is unreachable', () => {
  test('--json: each unreachable row says why; a row read from a file says nothing more', async () => {
    const list = join(dir, 'urls.txt');
    writeFileSync(list, `${urls.join('\n')}\n`);
    const run = await robotsmatch([
      'filter',
      ...['--robots-archive', warc, '--robots-archive', jsonl, '--robots-archive', hosts],
      '--json',
      list,
    ]);
    expect(run.status).toBe(0);
    const rows = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(rows.map((r) => [new URL(r.url).host, r.outcome, r.reason])).toEqual(
      Object.entries(EXPECTED).map(([host, reason]) => [host, reason ? 'unreachable' : 'ok', reason]),
    );
    // The reason comes after the outcome, as the live fetch's error after its status.
    expect(run.stdout).toContain('"rule":null,"outcome":"unreachable","reason":"HTTP 503 (a server error)"}');
  });

  test('--json with JSON Lines input: the reason among the record\'s fields, a record\'s own "reason" overwritten', async () => {
    const list = join(dir, 'urls.jsonl');
    writeFileSync(
      list,
      `${JSON.stringify({ url: 'https://server-error.test/x', id: 1 })}\n${JSON.stringify({ url: 'https://too-many.test/x', reason: 'mine' })}\n`,
    );
    const run = await robotsmatch(['filter', '--robots-archive', warc, '--json', list]);
    expect(run.status).toBe(0);
    expect(
      run.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      {
        url: 'https://server-error.test/x',
        id: 1,
        agent: 'Googlebot',
        allowed: false,
        line: 0,
        rule: null,
        outcome: 'unreachable',
        reason: 'HTTP 503 (a server error)',
      },
      {
        url: 'https://too-many.test/x',
        reason: 'HTTP 429 (too many requests)',
        agent: 'Googlebot',
        allowed: false,
        line: 0,
        rule: null,
        outcome: 'unreachable',
      },
    ]);
  });

  test('ArchiveMatcher.check() and checkMany() say the same', async () => {
    const matcher = new ArchiveMatcher(await openArchive([warc, jsonl, hosts]));
    for (const [i, row] of matcher.checkMany(urls).entries()) {
      const host = new URL(urls[i]!).host;
      expect(row.reason).toBe(EXPECTED[host]);
      expect(matcher.check(urls[i]!).reason).toBe(EXPECTED[host]);
    }
  });
});
