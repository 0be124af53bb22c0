// The archive-outcome conformance vectors (test/vectors/archive-outcomes.json,
// which the Python package asserts too): each case's captures, read as JSON
// Lines and as WARC (plain and gzip), give each origin its outcome and each
// agent its verdict.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ArchiveError, ArchiveMatcher, joinArchive, openArchive, RobotsArchive } from '../src/archive.js';
import { captureKey } from '../src/archive/capture.js';
import { hop } from '../src/fetch/outcome.js';
import { writeJsonl, writeWarc, type CaptureRecord } from './support/archive-files.js';
import { robotsmatch } from './support/cli.js';

interface Case {
  name: string;
  purpose?: string;
  captures: CaptureRecord[];
  origins: Record<string, string>;
  verdicts: { url: string; agent: string; allowed: boolean | null; line: number; optedOut?: boolean }[];
}
const vectors = JSON.parse(readFileSync(new URL('./vectors/archive-outcomes.json', import.meta.url), 'utf8')) as { agents: string[]; cases: Case[] };
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
  const cases = vectors.cases.filter((c) => !format.name.startsWith('WARC') || c.captures.every((x) => x.status !== null));
  test.each(cases.map((c, i) => [c.name, c, i] as const))('%s', async (_name, c, i) => {
    const path = join(dir, `${i}-${format.file}`);
    await format.write(path, c.captures);
    const archive = await openArchive(path);
    const matcher = new ArchiveMatcher(archive, { agents: vectors.agents, purpose: c.purpose });
    for (const [origin, outcome] of Object.entries(c.origins)) expect(matcher.outcome(`${origin}/`), origin).toBe(outcome);
    for (const v of c.verdicts) {
      const row = matcher.check(v.url);
      const got = row.verdicts[vectors.agents.indexOf(v.agent)]!;
      const expected: Record<string, unknown> = { allowed: v.allowed, line: v.line };
      if (v.optedOut !== undefined) expected.optedOut = v.optedOut;
      expect({ allowed: got.allowed, line: got.line, ...(v.optedOut === undefined ? {} : { optedOut: got.optedOut }) }, `${v.agent} ${v.url}`).toEqual(expected);
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
const origins = JSON.parse(readFileSync(new URL('./vectors/archive-origins.json', import.meta.url), 'utf8')) as OriginVectors;
const expectedOf = (u: OriginVectors['urls'][number]) => ({ robotsUrl: u.robotsUrl, outcome: u.outcome, allowed: u.allowed, line: u.line });
/** The URLs a line-based input can carry: one line each, not blank (blank lines are skipped). */
const lineUrls = origins.urls.filter((u) => u.url !== '' && !/[\r\n]/.test(u.url));

describe('odd URLs and captures (archive-origins.json)', () => {
  const file = join(dir, 'origins.jsonl');
  writeJsonl(file, origins.captures);
  const matcherOf = async () => new ArchiveMatcher(await openArchive(file), { agents: [origins.agent] });
  const rowOf = (r: { robotsUrl: string | undefined; outcome: string; verdicts: { allowed: boolean | null; line: number }[] }) =>
    ({ robotsUrl: r.robotsUrl ?? null, outcome: r.outcome, allowed: r.verdicts[0]!.allowed, line: r.verdicts[0]!.line });

  test('the vectors hold URLs with no http(s) origin, and every outcome', () => {
    expect(origins.urls.filter((u) => u.robotsUrl === null).map((u) => u.url)).toEqual(expect.arrayContaining(['', 'not a url', 'ftp://127.0.0.1/private', 'javascript:alert(1)', 'mailto:a@example.com', '/relative/path']));
    expect(new Set(origins.urls.map((u) => u.outcome))).toEqual(new Set(['ok', 'unavailable', 'unreachable', 'unknown']));
    for (const u of origins.urls) if (u.robotsUrl === null) expect(expectedOf(u), u.url).toEqual({ robotsUrl: null, outcome: 'unknown', allowed: null, line: 0 });
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
    for await (const row of joinArchive(await openArchive(file), urls, { agents: [origins.agent] })) rows.push(rowOf(row));
    expect(rows).toEqual(origins.urls.map(expectedOf));
  });

  test('jsonLines() over the URLs as bytes, one per line', async () => {
    const m = await matcherOf();
    const bytes = Buffer.from(lineUrls.map((u) => u.url).join('\n') + '\n');
    const out = Buffer.concat([...m.jsonLines(bytes)].map((piece) => Buffer.from(piece))).toString();
    const got = out.trimEnd().split('\n').map((l) => JSON.parse(l) as { outcome: string; allowed: boolean | null; line: number });
    expect(got.map((r) => ({ outcome: r.outcome, allowed: r.allowed, line: r.line }))).toEqual(lineUrls.map((u) => ({ outcome: u.outcome, allowed: u.allowed, line: u.line })));
  });

  test('filter --robots-archive, --json and --verdicts, as a user runs it', async () => {
    const urlFile = join(dir, 'origins-urls.txt');
    writeFileSync(urlFile, lineUrls.map((u) => u.url).join('\n') + '\n');
    const json = await robotsmatch(['filter', '--robots-archive', file, '-a', origins.agent, '--json', '-q', urlFile]);
    expect(json.stderr).toBe('');
    const rows = json.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { outcome: string; allowed: boolean | null; line: number });
    expect(rows.map((r) => ({ outcome: r.outcome, allowed: r.allowed, line: r.line }))).toEqual(lineUrls.map((u) => ({ outcome: u.outcome, allowed: u.allowed, line: u.line })));
    const verdicts = await robotsmatch(['filter', '--robots-archive', file, '-a', origins.agent, '--verdicts-only', '-q', urlFile]);
    expect(verdicts.stdout.trimEnd().split('\n')).toEqual(lineUrls.map((u) => (u.allowed === null ? 'unknown' : u.allowed ? 'allowed' : 'disallowed')));
  });

  test('captures are stored under the URL WHATWG writes, and a capture that is not http(s) is refused', () => {
    for (const { url, key } of origins.captureKeys) {
      expect(captureKey(url), JSON.stringify(url)).toBe(key ?? undefined);
      const archive = new RobotsArchive();
      if (key === null) expect(() => archive.add({ url, status: 200, body: '' }), JSON.stringify(url)).toThrow(ArchiveError);
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
