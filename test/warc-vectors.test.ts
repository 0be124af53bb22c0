// The WARC vectors (test/vectors/warc/ and warc-captures.json, written by
// scripts/make-warc-vectors.mjs; the Python package's Archive.from_warc
// asserts the same files): what Node's reader yields for each record, each
// origin's outcome and the verdicts, through the Archive API and through
// `filter --robots-archive`; and the files it refuses, with their words.
import { describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArchiveError, ArchiveMatcher, openArchive, readPath } from '../src/archive.js';
import { robotsmatch } from './support/cli.js';

interface WarcFile {
  file: string;
  refused?: string;
  captures?: {
    url: string;
    status: number | null;
    location: string | null;
    content_type: string | null;
    fetched_at: string;
    body_length?: number;
    body_sha256?: string;
  }[];
  origins?: Record<string, string>;
  reasons?: Record<string, string>;
  verdicts?: { url: string; agent: string; allowed: boolean | null; line: number }[];
}
const vectorsDir = fileURLToPath(new URL('./vectors/', import.meta.url));
const vectors = JSON.parse(readFileSync(join(vectorsDir, 'warc-captures.json'), 'utf8')) as {
  limit: number;
  files: WarcFile[];
};
const read = vectors.files.filter((f) => f.refused === undefined);
const refused = vectors.files.filter((f) => f.refused !== undefined);
const path = (f: WarcFile) => join(vectorsDir, f.file);

test('the committed files are what scripts/make-warc-vectors.mjs writes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'robotsmatch-warc-vectors-'));
  const made = spawnSync(process.execPath, [
    fileURLToPath(new URL('../scripts/make-warc-vectors.mjs', import.meta.url)),
    dir,
  ]);
  expect(made.status, made.stderr.toString()).toBe(0);
  expect(readFileSync(join(dir, 'warc-captures.json'), 'utf8')).toBe(
    readFileSync(join(vectorsDir, 'warc-captures.json'), 'utf8'),
  );
  const names = readdirSync(join(dir, 'warc')).sort();
  expect(names).toEqual(readdirSync(join(vectorsDir, 'warc')).sort());
  for (const name of names)
    expect(readFileSync(join(dir, 'warc', name)).equals(readFileSync(join(vectorsDir, 'warc', name))), name).toBe(true);
}, 60_000);

test('the vectors cover what a WARC reader must get right', () => {
  expect(refused.map((f) => f.file)).toEqual(
    expect.arrayContaining([
      'warc/cut-in-body.warc',
      'warc/cut-before-content-length.warc',
      'warc/cut-gzip.warc.gz',
      'warc/no-blank-line-after-the-head.warc',
    ]),
  );
  const outcomes = new Set(read.flatMap((f) => Object.values(f.origins ?? {})));
  expect([...outcomes].sort()).toEqual(['ok', 'unavailable', 'unreachable']);
  // Bodies cut at the limit (and one more byte, as the readers hand them on).
  expect(read.flatMap((f) => f.captures ?? []).some((c) => c.body_length === vectors.limit + 1)).toBe(true);
});

describe.each(read.map((f) => [f.file, f] as const))('%s', (_name, f) => {
  test('the reader yields each capture as the vectors say', async () => {
    const got = [];
    for await (const [c] of readPath(path(f), vectors.limit)) {
      const body = c.body === undefined ? undefined : Buffer.from(c.body as Uint8Array);
      got.push({
        url: c.url,
        status: c.status,
        location: c.location ?? null,
        content_type: c.contentType ?? null,
        fetched_at: c.fetchedAt,
        ...(body === undefined
          ? {}
          : { body_length: body.length, body_sha256: createHash('sha256').update(body).digest('hex') }),
      });
    }
    expect(got).toEqual(f.captures);
  });

  test('each origin gets its outcome and each URL its verdict (Archive API)', async () => {
    const matcher = new ArchiveMatcher(await openArchive(path(f)), { agents: ['Googlebot'] });
    for (const [origin, outcome] of Object.entries(f.origins ?? {})) {
      expect(matcher.outcome(`${origin}/`), origin).toBe(outcome);
      expect(matcher.check(`${origin}/`).reason, origin).toBe(f.reasons?.[origin]);
    }
    for (const v of f.verdicts ?? []) {
      const got = matcher.check(v.url).verdicts[0]!;
      expect({ allowed: got.allowed, line: got.line }, v.url).toEqual({ allowed: v.allowed, line: v.line });
    }
    matcher.dispose();
  });

  test('filter --robots-archive gives the same verdicts', async () => {
    const verdicts = f.verdicts ?? [];
    const run = await robotsmatch(
      ['filter', '--robots-archive', path(f), '-a', 'Googlebot', '--verdicts-only', '-q'],
      verdicts.map((v) => `${v.url}\n`).join(''),
    );
    expect(run.stderr).toBe('');
    expect(run.stdout.split('\n').slice(0, -1)).toEqual(
      verdicts.map((v) => (v.allowed === null ? 'unknown' : v.allowed ? 'allowed' : 'disallowed')),
    );
  });
});

describe('files refused whole', () => {
  test.each(refused.map((f) => [f.file, f] as const))('%s', async (_name, f) => {
    const error = await openArchive(path(f)).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error, 'refused').toBeInstanceOf(ArchiveError);
    expect((error as ArchiveError).message.startsWith(path(f))).toBe(true);
    expect((error as ArchiveError).message).toMatch(new RegExp(f.refused!));
    const run = await robotsmatch(['filter', '--robots-archive', path(f), '-q'], 'https://a.test/\n');
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(new RegExp(f.refused!));
  });
});
