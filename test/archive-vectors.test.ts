// The archive-outcome conformance vectors (test/vectors/archive-outcomes.json,
// which the Python package asserts too): each case's captures, read as JSON
// Lines and as WARC (plain and gzip), give each origin its outcome and each
// agent its verdict.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ArchiveMatcher, openArchive } from '../src/archive.js';
import { writeJsonl, writeWarc, type CaptureRecord } from './support/archive-files.js';

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
