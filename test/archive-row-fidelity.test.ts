// No row lost, none changed, in the archive join: a JSON Lines row with no
// usable "url" (missing, null, not a string, not JSON, not an object), and a
// URL that is not an absolute http(s) URL, is
// answered on its own with outcome `invalid` in every output form and
// counted in the summary (--strict: an error naming the line), and every
// form writes the input line's own bytes, bytes that are not UTF-8 too.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ArchiveMatcher, joinArchive, RobotsArchive } from '../src/archive.js';
import { robotsmatch } from './support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'robotsmatch-row-fidelity-'));
const archiveFile = join(dir, 'robots.jsonl');
writeFileSync(
  archiveFile,
  `${JSON.stringify({ url: 'https://a.test/robots.txt', status: 200, body: 'User-agent: *\nDisallow: /private\n' })}\n`,
);
const ROWS = [
  '{"url":"https://a.test/x","id":1}',
  '{"id":2}',
  '{"url":null,"id":3}',
  '{"url":5}',
  'not json',
  '[1]',
  '{}',
  '{"url":"https://a.test/private","id":4}',
];
const rowsFile = join(dir, 'rows.jsonl');
writeFileSync(rowsFile, `${ROWS.join('\n')}\n`);
const filter = (...args: string[]) => robotsmatch(['filter', '--robots-archive', archiveFile, ...args]);

describe('a JSON Lines row with no usable "url"', () => {
  test('--verdicts and --verdicts-only answer it "invalid", line for line, and the summary counts it', async () => {
    const run = await filter('--verdicts', rowsFile);
    expect(run.status).toBe(0);
    const labels = ['allowed', ...Array(6).fill('invalid'), 'disallowed'];
    expect(run.stdout).toBe(ROWS.map((r, i) => `${labels[i]}\t${r}\n`).join(''));
    expect(run.stderr).toContain('6 rows with no http(s) URL (invalid');
    const only = await filter('--verdicts-only', '-q', rowsFile);
    expect(only.stdout).toBe(labels.map((l) => `${l}\n`).join(''));
  });

  test('plain output drops it, --invert writes it back as it was, --unknown keep keeps it', async () => {
    expect((await filter('-q', rowsFile)).stdout).toBe(`${ROWS[0]}\n`);
    expect((await filter('-q', '--invert', rowsFile)).stdout).toBe(
      ROWS.slice(1)
        .map((r) => `${r}\n`)
        .join(''),
    );
    expect((await filter('-q', '--unknown', 'keep', rowsFile)).stdout).toBe(
      ROWS.slice(0, 7)
        .map((r) => `${r}\n`)
        .join(''),
    );
  });

  test('--json and --blocked-agents keep its fields, with outcome "invalid" (a line holding no object: its text as "input")', async () => {
    const json = (await filter('-q', '--json', rowsFile)).stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(json).toHaveLength(ROWS.length);
    const verdict = { agent: 'Googlebot', allowed: null, line: 0, rule: null, outcome: 'invalid' };
    expect(json.slice(1, 7)).toEqual([
      { id: 2, ...verdict },
      { url: null, id: 3, ...verdict },
      { url: 5, ...verdict },
      { input: 'not json', ...verdict },
      { input: '[1]', ...verdict },
      verdict,
    ]);
    const blocked = (await filter('-q', '--blocked-agents', rowsFile)).stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(blocked[1]).toEqual({ id: 2, outcome: 'invalid', blockedAgents: ['Googlebot'] });
    expect(blocked[6]).toEqual({ outcome: 'invalid', blockedAgents: ['Googlebot'] });
  });

  test('--strict makes it an error naming its line, on one line of standard error', async () => {
    const run = await filter('--strict', rowsFile);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('rows.jsonl line 2: a record needs "url", a string');
  });

  test('the library: rows() answers it, joinArchive yields it (strict: a TypeError)', async () => {
    const archive = new RobotsArchive();
    archive.add({ url: 'https://a.test/robots.txt', status: 200, body: 'User-agent: *\nDisallow: /private\n' });
    const m = new ArchiveMatcher(archive);
    const out = Buffer.concat([...m.rows(Buffer.from(`${ROWS.join('\n')}\n`), 'verdicts', { jsonInput: true })]);
    expect(out.toString()).toBe('allowed\ninvalid\ninvalid\ninvalid\ninvalid\ninvalid\ninvalid\ndisallowed\n');
    const records = [{ url: 'https://a.test/x' }, { id: 2 }, { url: null }] as unknown as { url: string }[];
    const rows = [];
    for await (const row of joinArchive(archive, records)) rows.push(row);
    expect(rows.map((r) => r.outcome)).toEqual(['ok', 'invalid', 'invalid']);
    expect(rows[1]).toMatchObject({ url: '', robotsUrl: undefined, record: { id: 2 } });
    expect(rows[1]!.verdicts).toEqual([{ agent: 'Googlebot', allowed: null, line: 0, rule: null }]);
    await expect(async () => {
      for await (const _ of joinArchive(archive, records, { strict: true }));
    }).rejects.toThrow(TypeError);
  });
});

describe('a URL that is not an absolute http(s) URL', () => {
  const LINES = ['https://a.test/x', 'ftp://a.test/private', 'not a url', '/relative', 'https://b.test/x'];
  const file = join(dir, 'not-http.txt');
  writeFileSync(file, `${LINES.join('\n')}\n`);
  const records = join(dir, 'not-http.jsonl');
  writeFileSync(records, `${LINES.map((url, id) => JSON.stringify({ url, id })).join('\n')}\n`);

  test('is answered "invalid" (no capture in the archive can answer for it) in every form, counted apart from origins the archive lacks', async () => {
    const run = await filter('--verdicts', file);
    expect(run.status).toBe(0);
    const labels = ['allowed', 'invalid', 'invalid', 'invalid', 'unknown'];
    expect(run.stdout).toBe(LINES.map((l, i) => `${labels[i]}\t${l}\n`).join(''));
    expect(run.stderr).toContain(
      '1 not in the archive, 3 rows with no http(s) URL (invalid, see docs/cli.md#archive-mode)',
    );
    const json = (await filter('-q', '--json', file)).stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(json[1]).toEqual({
      url: 'ftp://a.test/private',
      agent: 'Googlebot',
      allowed: null,
      line: 0,
      rule: null,
      outcome: 'invalid',
    });
    const blocked = (await filter('-q', '--blocked-agents', records)).stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(blocked[2]).toEqual({ url: 'not a url', id: 2, outcome: 'invalid', blockedAgents: ['Googlebot'] });
    // Dropped like unknown rows, kept with them by --unknown keep.
    expect((await filter('-q', file)).stdout).toBe(`${LINES[0]}\n`);
    expect((await filter('-q', '--unknown', 'keep', file)).stdout).toBe(LINES.map((l) => `${l}\n`).join(''));
  });

  test('--strict makes it an error naming its line, in a URL list and in JSON Lines', async () => {
    for (const input of [file, records]) {
      const run = await filter('--strict', input);
      expect(run.status, input).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(
        /not-http\.(txt|jsonl) line 2: not an http\(s\) URL, so the archive's robots\.txt captures cannot answer for it/,
      );
    }
    // The help says so too (it once named JSON Lines rows alone).
    const help = await robotsmatch(['filter', '--help']);
    expect(help.stdout).toContain('--strict           a row with no usable URL is an error naming its line (exit 2)');
  });
});

describe('bytes that are not UTF-8', () => {
  const bytes = Buffer.concat([
    Buffer.from('https://a.test/caf'),
    Buffer.from([0xe9]),
    Buffer.from('\nhttps://a.test/private/'),
    Buffer.from([0xff]),
    Buffer.from('\n'),
  ]);
  const file = join(dir, 'latin1.txt');
  writeFileSync(file, bytes);
  const [first, second] = [bytes.subarray(0, 19), bytes.subarray(20, 44)];

  test('plain, --invert, --verdicts and --blocked-agents write the line as it was read', async () => {
    expect((await filter('-q', file)).bytes).toEqual(Buffer.concat([first, Buffer.from('\n')]));
    expect((await filter('-q', '--invert', file)).bytes).toEqual(Buffer.concat([second, Buffer.from('\n')]));
    expect((await filter('-q', '--verdicts', file)).bytes).toEqual(
      Buffer.concat([Buffer.from('allowed\t'), first, Buffer.from('\ndisallowed\t'), second, Buffer.from('\n')]),
    );
    expect((await filter('-q', '--blocked-agents', file)).bytes).toEqual(
      Buffer.concat([first, Buffer.from('\t\n'), second, Buffer.from('\tGooglebot\n')]),
    );
  });

  test('--json keeps "url" as matched (U+FFFD) and the line in "urlBytes", base64', async () => {
    const rows = (await filter('-q', '--json', file)).stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((r) => [r.url, Buffer.from(r.urlBytes, 'base64'), r.allowed])).toEqual([
      ['https://a.test/caf\ufffd', first, true],
      ['https://a.test/private/\ufffd', second, false],
    ]);
  });
});
