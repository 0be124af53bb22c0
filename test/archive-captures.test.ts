// How an archive's captures are read, the same in Node and in Python
// (python/tests/test_archive_captures.py asserts the same cases): which
// lines of a JSON Lines archive hold no record, and (archive-dates.json)
// which fetched_at values are dates and the instant each one names.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ArchiveError, ArchiveMatcher, openArchive, RobotsArchive } from '../src/archive.js';
import { captureFromRecord } from '../src/archive/capture.js';
import { fetchedAtMs } from '../src/archive/fetched-at.js';
import { writeJsonl, type CaptureRecord } from './support/archive-files.js';
import { robotsmatch } from './support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'robotsmatch-captures-'));
const record = (host: string) => JSON.stringify({ url: `https://${host}/robots.txt`, status: 404 });

describe('JSON Lines archive: lines with no record', () => {
  test('a line of spaces, tabs or CRs only is skipped, as an empty line is', async () => {
    const file = join(dir, 'white-space.jsonl');
    writeFileSync(file, `${['  ', record('a.test'), '\t', ' \t\r', '', '\r\r', record('b.test'), ' '].join('\n')}\n`);
    const archive = await openArchive(file);
    expect(archive.size).toBe(2);
  });

  // JSON's white space is space, tab, CR and LF: a line of any other white space is not a record, and not blank (Python's str.strip and JavaScript's trim() each skipped some of them).
  test.each([
    ['a form feed', '\f'],
    ['a vertical tab', '\v'],
    ['a no-break space', '\u00a0'],
    ['a line separator', '\u2028'],
    ['a next line', '\u0085'],
    ['a file separator', '\u001c'],
    ['a byte-order mark', '\ufeff'],
  ])('a line of %s is not JSON: an ArchiveError naming the line', async (_name, space) => {
    const file = join(dir, 'other-space.jsonl');
    writeFileSync(file, `${[record('a.test'), space, record('b.test')].join('\n')}\n`);
    await expect(openArchive(file)).rejects.toThrow(ArchiveError);
    await expect(openArchive(file)).rejects.toThrow(`${file}:2: not a JSON object`);
  });
});

interface DateVectors {
  message: string;
  cases: { fetchedAt: unknown; ms: number | 'error'; why: string }[];
  winners: { why: string; captures: CaptureRecord[]; outcome: [string, string] }[];
}
const dates = JSON.parse(readFileSync(new URL('./vectors/archive-dates.json', import.meta.url), 'utf8')) as DateVectors;
const refusal = (value: unknown) => dates.message.replace('{value}', JSON.stringify(value));

describe('fetched_at: one grammar in Node and Python (archive-dates.json)', () => {
  test('the vectors hold every accepted spelling and the refused neighbours of each', () => {
    const accepted = dates.cases.filter((c) => c.ms !== 'error').map((c) => c.fetchedAt);
    const refused = dates.cases.filter((c) => c.ms === 'error').map((c) => c.fetchedAt);
    expect(accepted).toEqual(
      expect.arrayContaining([
        '2024-06-01T12:00:00Z',
        '2024-06-01 12:00:00',
        '2024-06-01',
        'Sun, 06 Nov 1994 08:49:37 GMT',
        1717243200000,
      ]),
    );
    expect(refused).toEqual(
      expect.arrayContaining([
        '20240601T120000',
        '2024-02-30',
        '2024-06-01T25:00:00Z',
        '+002024-06-01T12:00:00Z',
        'Sunday, 06-Nov-94 08:49:37 GMT',
        'June 1, 2024',
        true,
      ]),
    );
  });

  test.each(dates.cases.map((c) => [JSON.stringify(c.fetchedAt), c.why, c] as const))('%s (%s)', (_value, _why, c) => {
    const record = { url: 'https://a.test/robots.txt', status: 404, fetched_at: c.fetchedAt };
    if (c.ms === 'error') {
      expect(fetchedAtMs(c.fetchedAt)).toBeUndefined();
      expect(() => captureFromRecord(record, 'x.jsonl:3')).toThrow(new ArchiveError('x.jsonl:3', refusal(c.fetchedAt)));
      if (typeof c.fetchedAt === 'string' || typeof c.fetchedAt === 'number')
        expect(() => new RobotsArchive().add({ ...record, fetchedAt: c.fetchedAt as string }, 'y')).toThrow(
          `y: ${refusal(c.fetchedAt)}`,
        );
    } else {
      expect(fetchedAtMs(c.fetchedAt)).toBe(c.ms);
      const archive = new RobotsArchive();
      archive.add(captureFromRecord(record, 'x.jsonl:3'));
      expect(archive.size).toBe(1);
    }
  });

  test("the machine's time zone plays no part", () => {
    const saved = process.env.TZ;
    try {
      for (const zone of ['Asia/Tokyo', 'America/Los_Angeles']) {
        process.env.TZ = zone;
        for (const c of dates.cases)
          expect(fetchedAtMs(c.fetchedAt) ?? 'error', `${zone} ${JSON.stringify(c.fetchedAt)}`).toBe(c.ms);
      }
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  test('a Date is its instant; values JSON cannot carry are refused too', () => {
    expect(fetchedAtMs(new Date(Date.UTC(2024, 5, 1, 12)))).toBe(1717243200000);
    for (const value of [new Date(NaN), Infinity, -Infinity, NaN]) {
      expect(fetchedAtMs(value)).toBeUndefined();
      expect(() =>
        new RobotsArchive().add({ url: 'https://a.test/robots.txt', status: 404, fetchedAt: value }),
      ).toThrow('is not a date: give an RFC 3339 date and time');
    }
  });

  test('a JSON Lines archive with a date that is not one: exit 2, one line naming the file, the line, the value and what is accepted', async () => {
    const file = join(dir, 'bad-date.jsonl');
    writeFileSync(
      file,
      `${record('a.test')}\n{"url":"https://b.test/robots.txt","status":404,"fetched_at":"20240601T120000"}\n`,
    );
    const r = await robotsmatch(['filter', '--robots-archive', file, '-q'], 'https://a.test/\n');
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`robotsmatch: ${file}:2: ${refusal('20240601T120000')}\n`);
  });

  describe('two captures of one origin dated in different spellings: the later wins, in either order, as in Python', () => {
    test.each(dates.winners.map((w) => [w.why, w] as const))('%s', async (_why, w) => {
      for (const [order, captures] of [
        [0, w.captures],
        [1, [...w.captures].reverse()],
      ] as const) {
        const file = join(dir, `winner-${order}.jsonl`);
        writeJsonl(file, captures);
        const m = new ArchiveMatcher(await openArchive(file), { agents: ['Googlebot'] });
        expect(m.outcome('https://a.test/x'), `order ${order}`).toBe(w.outcome[order]);
        m.dispose();
      }
    });

    test('through the command line, as a user runs it', async () => {
      for (const w of dates.winners) {
        const file = join(dir, 'winner-cli.jsonl');
        writeJsonl(file, w.captures);
        const r = await robotsmatch(['filter', '--robots-archive', file, '--json', '-q'], 'https://a.test/x\n');
        expect(JSON.parse(r.stdout).outcome, w.why).toBe(w.outcome[0]);
      }
    });
  });
});
