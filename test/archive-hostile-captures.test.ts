// Hostile captures in a WARC file are one site's problem: an encoded body is
// decoded only up to the archive's limit (a gzip bomb too, with the memory of
// the process bounded), and a body that is cut (WARC-Truncated, a short gzip
// stream, a chunk cut short) is a failed fetch for its origin (unreachable),
// never read as the site's file, while every other record is still read.
// Archives from pipes and standard input are read once, never sought.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ArchiveMatcher, openArchive } from '../src/archive.js';
import { cli, robotsmatch, shell } from './support/cli.js';
import { warcRecord as record } from './support/warc-record.js';

const dir = mkdtempSync(join(tmpdir(), 'robotsmatch-hostile-'));
const ROBOTS = Buffer.from('User-agent: *\nDisallow: /private\n');

const gzipped = gzipSync(ROBOTS);
const chunked = Buffer.from(`${ROBOTS.length.toString(16)}\r\n${ROBOTS}\r\n0\r\n\r\n`);

describe('cut bodies in a WARC file', () => {
  test('WARC-Truncated, a short gzip stream and a cut chunk are unreachable; whole ones next to them are read', async () => {
    const file = join(dir, 'cut.warc');
    writeFileSync(
      file,
      Buffer.concat([
        record('truncated.test', [], ROBOTS.subarray(0, 14), ['WARC-Truncated: length']),
        record('short-gzip.test', ['Content-Encoding: gzip'], gzipped.subarray(0, gzipped.length - 6)),
        record('cut-chunk.test', ['Transfer-Encoding: chunked'], chunked.subarray(0, 20)),
        record('gzip.test', ['Content-Encoding: gzip'], gzipped),
        record('chunked.test', ['Transfer-Encoding: chunked'], chunked),
      ]),
    );
    const m = new ArchiveMatcher(await openArchive(file));
    for (const host of ['truncated.test', 'short-gzip.test', 'cut-chunk.test'])
      expect(m.check(`https://${host}/private`)).toMatchObject({
        outcome: 'unreachable',
        verdicts: [{ allowed: false }],
      });
    for (const host of ['gzip.test', 'chunked.test']) {
      expect(m.check(`https://${host}/private`)).toMatchObject({
        outcome: 'ok',
        verdicts: [{ allowed: false, line: 2 }],
      });
      expect(m.check(`https://${host}/public`).verdicts[0]!.allowed).toBe(true);
    }
  });
});

describe('a gzip bomb', () => {
  test('is decoded only up to the limit, in a process whose memory stays bounded, and the next record is read', async () => {
    // 1 GiB of spaces after the rules, gzipped to about a megabyte.
    const gigabyte = 1 << 30;
    const zeros = Buffer.alloc(1 << 24, 0x20);
    const parts = [ROBOTS];
    for (let n = 0; n < gigabyte / zeros.length; n++) parts.push(zeros);
    const bomb = gzipSync(Buffer.concat(parts), { level: 9 });
    const file = join(dir, 'bomb.warc');
    writeFileSync(
      file,
      Buffer.concat([record('bomb.test', ['Content-Encoding: gzip'], bomb), record('next.test', [], ROBOTS)]),
    );
    const urls = join(dir, 'bomb-urls.txt');
    writeFileSync(urls, 'https://bomb.test/private\nhttps://next.test/private\nhttps://bomb.test/x\n');
    // The peak resident memory of the spawned command, reported by the process itself as it exits.
    const rss = join(dir, 'rss.cjs');
    // VmHWM, not resourceUsage().maxRSS: that one keeps the peak of the process it was forked from (this test's, a gigabyte).
    writeFileSync(
      rss,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the text is a script with a template literal of its own
      "process.on('exit', () => process.stderr.write(`maxRSS ${/VmHWM:\\s*(\\d+)/.exec(require('node:fs').readFileSync('/proc/self/status', 'utf8'))[1]}\\n`));\n",
    );
    const run = await robotsmatch(['filter', '--robots-archive', file, '--verdicts-only', '-q', urls], undefined, {
      NODE_OPTIONS: `--require ${rss}`,
    });
    const peak = Number(/maxRSS (\d+)/.exec(run.stderr)?.[1]) * 1024;
    // Generous: this run peaks at about 75 MB; inflating the body whole took more than a gigabyte.
    expect(peak).toBeLessThan(300 * 2 ** 20);
    expect(run.stderr.replace(/maxRSS \d+\n/, '')).toBe('');
    expect(run.stdout).toBe('disallowed\ndisallowed\nallowed\n');
  }, 120_000);
});

describe('archives that cannot be sought', () => {
  const archive = join(dir, 'pipe.jsonl');
  writeFileSync(
    archive,
    `${JSON.stringify({ url: 'https://a.test/robots.txt', status: 200, body: ROBOTS.toString() })}\n`,
  );
  const urls = join(dir, 'pipe-urls.txt');
  writeFileSync(urls, 'https://a.test/private\nhttps://a.test/x\n');

  test('a pipe (<(...)), gzipped or not, and - (standard input) are read once, from their start', async () => {
    for (const source of [`<(cat ${archive})`, `<(gzip -c ${archive})`]) {
      const run = await shell(`bash -c 'node ${cli} filter --robots-archive ${source} --verdicts-only -q ${urls}'`);
      expect(run.stderr).toBe('');
      expect(run.stdout).toBe('disallowed\nallowed\n');
    }
    const stdin = await robotsmatch(
      ['filter', '--robots-archive', '-', '--verdicts-only', '-q', urls],
      Buffer.from(`${JSON.stringify({ url: 'https://a.test/robots.txt', status: 200, body: ROBOTS.toString() })}\n`),
    );
    expect(stdin.stderr).toBe('');
    expect(stdin.stdout).toBe('disallowed\nallowed\n');
  });

  test('- for the archive and for the URL list at once is a usage error', async () => {
    const run = await robotsmatch(['filter', '--robots-archive', '-', '-q'], '');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('the archive and the URL list cannot both come from standard input');
  });
});
