// What the join reads of an archive is bounded by what it keeps: a
// directory archive's file is read only up to the limit (a 300 MB file is
// not read whole), a WARC record's unencoded 300 MB body is not held whole,
// a symbolic link in a directory archive is read as its host's file, and a
// JSON Lines archive's line too long to be a capture names the archive's
// file and line, not the URL list.

import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { robotsmatch } from './support/cli.js';
import { warcRecord } from './support/warc-record.js';

const dir = mkdtempSync(join(tmpdir(), 'robotsmatch-bounded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ROBOTS = 'User-agent: *\nDisallow: /private\n';
const PEAK = join(import.meta.dirname, 'support', 'peak-rss.cjs');
const MB = 1e6;

/** The join of `urls` against `archive`, plain verdicts, with its peak resident memory. */
async function join1(
  archive: string,
  urls: string[],
): Promise<{ status: number | null; stdout: string; stderr: string; peak: number }> {
  const list = join(dir, 'urls.txt');
  writeFileSync(list, `${urls.join('\n')}\n`);
  const run = await robotsmatch(['filter', '--robots-archive', archive, '--verdicts', '--quiet', list], undefined, {
    NODE_OPTIONS: `--require ${PEAK}`,
  });
  const peak = Number(/peakRSS (\d+)/.exec(run.stderr)?.[1]);
  return { ...run, stderr: run.stderr.replace(/peakRSS \d+\n/, ''), peak };
}

describe('a directory archive', () => {
  test("a 300 MB host file is read only up to the limit, and a symbolic link is its host's file", async () => {
    const hosts = join(dir, 'hosts');
    mkdirSync(hosts);
    // Sparse: 300 MB of NULs after the rules, no disk taken.
    writeFileSync(join(hosts, 'huge.test'), ROBOTS);
    truncateSync(join(hosts, 'huge.test'), 300 * MB);
    writeFileSync(join(dir, 'elsewhere.txt'), 'User-agent: *\nDisallow: /linked\n');
    symlinkSync(join(dir, 'elsewhere.txt'), join(hosts, 'linked.test'));
    const run = await join1(hosts, [
      'https://huge.test/private',
      'https://huge.test/public',
      'https://linked.test/linked',
      'https://linked.test/public',
    ]);
    expect(run.peak).toBeLessThan(200 * MB);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(
      'disallowed\thttps://huge.test/private\nallowed\thttps://huge.test/public\ndisallowed\thttps://linked.test/linked\nallowed\thttps://linked.test/public\n',
    );
  }, 60_000);
});

describe('a WARC file', () => {
  test('an unencoded 300 MB body is not held whole: cut at the limit, as a live fetch cuts it', async () => {
    const file = join(dir, 'huge.warc');
    const body = 300 * MB;
    const head = warcRecord('huge.test', [], Buffer.alloc(0));
    // The record written by hand around a body streamed to disk: its Content-Length counts the body.
    const text = head.toString('latin1');
    const length = Number(/Content-Length: (\d+)/.exec(text)![1]) + body;
    const fd = openSync(file, 'w');
    writeSync(fd, text.replace(/Content-Length: \d+/, `Content-Length: ${length}`).slice(0, -4));
    const piece = Buffer.alloc(1 << 20, 0x20);
    piece.write(ROBOTS);
    for (let n = 0; n < body; n += piece.length) {
      writeSync(fd, piece, 0, Math.min(piece.length, body - n));
      piece.fill(0x20, 0, ROBOTS.length);
    }
    writeSync(fd, '\r\n\r\n');
    writeSync(fd, warcRecord('next.test', [], Buffer.from(ROBOTS)));
    closeSync(fd);
    const run = await join1(file, [
      'https://huge.test/private',
      'https://huge.test/public',
      'https://next.test/private',
    ]);
    rmSync(file);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(
      'disallowed\thttps://huge.test/private\nallowed\thttps://huge.test/public\ndisallowed\thttps://next.test/private\n',
    );
    expect(run.peak).toBeLessThan(200 * MB);
  }, 120_000);
});

describe('a JSON Lines archive', () => {
  test('a line over 64 MiB is an error naming the archive file and line', async () => {
    const file = join(dir, 'long.jsonl');
    const fd = openSync(file, 'w');
    writeSync(
      fd,
      `${JSON.stringify({ url: 'https://a.test/robots.txt', status: 404 })}\n{"url":"https://b.test/robots.txt","status":200,"body":"`,
    );
    const piece = Buffer.alloc(1 << 20, 0x61);
    for (let n = 0; n < 65; n++) writeSync(fd, piece);
    writeSync(fd, '"}\n');
    closeSync(fd);
    const run = await join1(file, ['https://a.test/x']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^robotsmatch: .*long\.jsonl:2: the line is longer than 64 MiB/m);
    expect(run.stderr).not.toContain('list of URLs');
  }, 60_000);
});
