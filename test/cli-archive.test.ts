// robotsmatch filter --robots-archive, run as a user runs it: archives
// written to real files (WARC gzip, JSON Lines, a directory), URL lists
// interleaved across hosts (plain, gzip, JSON Lines with other fields),
// several agents and a purpose at once; every output form against the
// library's answers and the documented format; the --verdicts pipe contract
// block by block.
import { describe, expect, test } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ArchiveMatcher, RobotsArchive, type RowForm } from '../src/archive.js';
import { crawler } from '../src/crawlers.js';
import { makeHostsCorpus } from '../bench/hosts-corpus.mjs';
import { documented, lineTexts } from './support/archive-rows.js';
import { cli, robotsmatch } from './support/cli.js';
import { warcBytes, writeJsonl, writeWarc, type CaptureRecord } from './support/archive-files.js';

const dir = mkdtempSync(join(tmpdir(), 'robotsmatch-cli-archive-'));
const corpus = makeHostsCorpus({ files: 40, seed: 11 });
const STATUSES = [200, 200, 200, 404, 500, 429, 301, 200];
const captures: CaptureRecord[] = [];
corpus.forEach((f, i) => {
  const url = `https://${f.host}/robots.txt`;
  const status = STATUSES[i % STATUSES.length]!;
  if (i % 13 === 12) return; // not in the archive
  if (status === 301) {
    captures.push({ url, status, location: `https://www.${f.host}/robots.txt` });
    captures.push({
      url: `https://www.${f.host}/robots.txt`,
      status: 200,
      body: f.robotsTxt,
      content_type: 'text/plain',
    });
  } else captures.push({ url, status, body: f.robotsTxt });
});
// Host-interleaved: the n-th URL of every host, then the next.
const urls: string[] = [];
for (let n = 0; n < 20; n++) for (const f of corpus) urls.push(f.urls[n]!);
const AGENTS = ['Googlebot', 'GPTBot'];
const expectedRows = () => {
  const archive = new RobotsArchive();
  for (const c of captures) archive.add({ ...c, contentType: c.content_type });
  const m = new ArchiveMatcher(archive, { agents: AGENTS, purpose: 'train-ai' });
  return urls.map((u) => m.check(u));
};
const rows = expectedRows();
const warc = join(dir, 'robots.warc.gz');
const jsonl = join(dir, 'robots.jsonl');
const urlFile = join(dir, 'urls.txt.gz');
const label = (i: number) => {
  const r = rows[i]!;
  if (r.outcome === 'unknown') return 'unknown';
  if (r.verdicts.some((v) => v.allowed === false)) return 'disallowed';
  return r.verdicts.some((v) => v.optedOut) ? 'opted-out' : 'allowed';
};

describe.skipIf(!existsSync(cli))('filter --robots-archive', () => {
  test('setup: the archives and the URL list', async () => {
    await writeWarc(warc, captures, true);
    writeJsonl(jsonl, captures);
    writeFileSync(urlFile, gzipSync(`${urls.join('\n')}\n`));
    // The table covers every outcome.
    expect(new Set(rows.map((r) => r.outcome))).toEqual(new Set(['ok', 'unavailable', 'unreachable', 'unknown']));
  });

  test.each([
    ['WARC, gzip', () => warc],
    ['JSON Lines', () => jsonl],
  ])('--json from %s: a record per URL and agent, as the library answers', async (_name, archive) => {
    const r = await robotsmatch([
      'filter',
      '--robots-archive',
      archive(),
      '-a',
      'Googlebot',
      '-a',
      'GPTBot',
      '--purpose',
      'train-ai',
      '--json',
      '-q',
      urlFile,
    ]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const got = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const expected = rows.flatMap((row) =>
      row.verdicts.map((v) => ({
        url: row.url,
        agent: v.agent,
        allowed: v.allowed,
        line: v.line,
        rule: v.rule,
        outcome: row.outcome,
        ...(row.reason === undefined ? {} : { reason: row.reason }),
        optedOut: v.optedOut,
      })),
    );
    expect(got).toEqual(expected);
  });

  test('the default form keeps the URLs every agent may fetch; --unknown keep adds the unknown ones; --invert the rest', async () => {
    const args = [
      'filter',
      '--robots-archive',
      warc,
      '-a',
      'Googlebot',
      '-c',
      'GPTBot',
      '--purpose',
      'train-ai',
      '-q',
      urlFile,
    ];
    const kept = await robotsmatch(args);
    expect(kept.stdout).toBe(
      urls
        .filter((_, i) => label(i) === 'allowed')
        .map((u) => `${u}\n`)
        .join(''),
    );
    const withUnknown = await robotsmatch([...args, '--unknown', 'keep']);
    expect(withUnknown.stdout).toBe(
      urls
        .filter((_, i) => label(i) === 'allowed' || label(i) === 'unknown')
        .map((u) => `${u}\n`)
        .join(''),
    );
    const inverted = await robotsmatch([...args, '--invert']);
    expect(inverted.stdout).toBe(
      urls
        .filter((_, i) => label(i) !== 'allowed')
        .map((u) => `${u}\n`)
        .join(''),
    );
  });

  test('--blocked-agents: each URL with the agents that may not fetch it; JSON Lines input keeps its fields', async () => {
    const r = await robotsmatch([
      'filter',
      '--robots-archive',
      jsonl,
      '-a',
      'Googlebot',
      '-a',
      'GPTBot',
      '--blocked-agents',
      '-q',
      urlFile,
    ]);
    const expected = rows
      .map(
        (row) =>
          `${row.url}\t${
            row.outcome === 'unknown'
              ? AGENTS.join(',')
              : row.verdicts
                  .filter((v) => v.allowed === false)
                  .map((v) => v.agent)
                  .join(',')
          }\n`,
      )
      .join('');
    expect(r.stdout).toBe(expected);
    const records = `${urls
      .slice(0, 50)
      .map((url, id) => JSON.stringify({ id, url, lang: 'en' }))
      .join('\n')}\n`;
    const j = await robotsmatch(
      [
        'filter',
        '--robots-archive',
        jsonl,
        '-a',
        'Googlebot',
        '-a',
        'GPTBot',
        '--blocked-agents',
        '--unknown',
        'keep',
        '-q',
      ],
      records,
    );
    const out = j.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(out).toHaveLength(50);
    out.forEach((o, i) => {
      const row = rows[i]!;
      expect(o).toEqual({
        id: i,
        url: urls[i],
        lang: 'en',
        outcome: row.outcome,
        blockedAgents: row.verdicts.filter((v) => v.allowed === false).map((v) => v.agent),
      });
    });
  });

  test("--verdicts as Spark's RDD.pipe runs it: blocks of lines in, one answer line per input line, in order", async () => {
    // Blank lines are rows of the table too: each gets its answer line (unknown), so that line N answers line N.
    const blocks = [
      urls.slice(0, 300),
      urls.slice(300, 301),
      ['', ...urls.slice(301, 350), '', '', ...urls.slice(350)],
    ];
    const answers = await Promise.all(
      blocks.map(async (block) => {
        const r = await robotsmatch(
          [
            'filter',
            '--robots-archive',
            warc,
            '--robots-archive',
            jsonl,
            '-a',
            'Googlebot',
            '-a',
            'GPTBot',
            '--purpose',
            'train-ai',
            '--verdicts',
            '-q',
          ],
          `${block.join('\n')}\n`,
        );
        expect(r.status).toBe(0);
        return r.stdout.split('\n').slice(0, -1);
      }),
    );
    const answered = blocks.flat().map((u) => (u === '' ? 'unknown\t' : `${label(urls.indexOf(u))}\t${u}`));
    expect(answers.flat()).toEqual(answered);
    const only = await robotsmatch([
      'filter',
      '--robots-archive',
      warc,
      '-a',
      'Googlebot',
      '-a',
      'GPTBot',
      '--purpose',
      'train-ai',
      '--verdicts-only',
      '-q',
      urlFile,
    ]);
    expect(only.stdout.split('\n').slice(0, -1)).toEqual(urls.map((_, i) => label(i)));
  });

  test('--agent and --crawler are answered in the order given on the command line, mixed', async () => {
    const r = await robotsmatch(
      ['filter', '--robots-archive', jsonl, '-a', 'CCBot', '-c', 'GPTBot', '-a', 'Googlebot', '--json', '-q'],
      `${urls[0]!}\n`,
    );
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).agent),
    ).toEqual(['CCBot', 'GPTBot', 'Googlebot']);
    const first = await robotsmatch(
      ['filter', '--robots-archive', jsonl, '-c', 'GPTBot', '-a', 'Googlebot', '--json', '-q'],
      `${urls[0]!}\n`,
    );
    expect(
      first.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).agent),
    ).toEqual(['GPTBot', 'Googlebot']);
  });

  test('--verdicts answers blank lines unknown and lines with no http(s) origin invalid, so line N of the output still answers line N of the input', async () => {
    const lines = [urls[0]!, '', urls[1]!, '\r', 'not a url', 'ftp://x.test/a', urls[2]!, ''];
    const input = `${lines.join('\n')}\n`;
    const expected = [label(0), 'unknown', label(1), 'unknown', 'invalid', 'invalid', label(2), 'unknown'];
    const labelled = await robotsmatch(
      [
        'filter',
        '--robots-archive',
        jsonl,
        '-a',
        'Googlebot',
        '-a',
        'GPTBot',
        '--purpose',
        'train-ai',
        '--verdicts',
        '-q',
      ],
      input,
    );
    expect(labelled.stdout.split('\n').slice(0, -1)).toEqual(
      expected.map((l, i) => `${l}\t${lines[i]!.replace(/\r$/, '')}`),
    );
    const only = await robotsmatch(
      [
        'filter',
        '--robots-archive',
        jsonl,
        '-a',
        'Googlebot',
        '-a',
        'GPTBot',
        '--purpose',
        'train-ai',
        '--verdicts-only',
        '-q',
      ],
      input,
    );
    expect(only.stdout.split('\n').slice(0, -1)).toEqual(expected);
    // The forms that keep or drop URLs have nothing to keep of a blank line.
    const kept = await robotsmatch(
      ['filter', '--robots-archive', jsonl, '-a', 'Googlebot', '--unknown', 'keep', '-q'],
      input,
    );
    const keptLines = kept.stdout.split('\n').slice(0, -1);
    expect(keptLines).toEqual(expect.arrayContaining(['not a url', 'ftp://x.test/a']));
    expect(keptLines).not.toContain('');
  });

  test('JSON Lines input: a line of spaces, tabs or CRs only is a blank line in every form, as an empty line is (it was "not JSON", exit 2), also as the first line', async () => {
    const record = (id: number) => JSON.stringify({ id, url: urls[id]! });
    // Records among lines of white space, an empty line and a line of CRs; then the same with a line of white space first (it must not make the input plain lines).
    const lines = [record(0), '\t', record(1), '', ' \t \r', '\r\r', record(2), ' ', record(3)];
    const archive = new RobotsArchive();
    for (const c of captures) archive.add({ ...c, contentType: c.content_type });
    const m = new ArchiveMatcher(archive, { agents: AGENTS, purpose: 'train-ai' });
    const FLAGS: [RowForm, string[]][] = [
      ['allowed', []],
      ['disallowed', ['--invert']],
      ['labelled', ['--verdicts']],
      ['verdicts', ['--verdicts-only']],
      ['json', ['--json']],
      ['blocked-agents', ['--blocked-agents']],
    ];
    for (const [name, table] of [
      ['white-space.jsonl', lines],
      ['white-space-first.jsonl', ['  ', ...lines]],
    ] as const) {
      const bytes = Buffer.from(`${table.join('\n')}\n`);
      const file = join(dir, name);
      writeFileSync(file, bytes);
      // The same table with each of those lines empty: every form but --verdicts must write the same bytes.
      const emptied = join(dir, `emptied-${name}`);
      writeFileSync(emptied, `${table.map((l) => (l.startsWith('{') ? l : '')).join('\n')}\n`);
      for (const keep of [[], ['--unknown', 'keep']]) {
        for (const [form, flags] of FLAGS) {
          const args = [
            'filter',
            '--robots-archive',
            jsonl,
            '-a',
            'Googlebot',
            '-a',
            'GPTBot',
            '--purpose',
            'train-ai',
            ...keep,
            ...flags,
          ];
          const r = await robotsmatch([...args, file]);
          expect(r.stderr, `${name} ${form}`).toMatch(/^robotsmatch filter: 4 URLs for Googlebot, GPTBot, /);
          expect(r.status, `${name} ${form}`).toBe(0);
          expect(r.stdout, `${name} ${form}`).toBe(documented(m, bytes, form, true, keep.length > 0));
          const e = await robotsmatch([...args, emptied]);
          if (form === 'labelled')
            expect(r.stdout.replace(/^unknown\t[ \t\r]*$/gm, 'unknown\t'), `${name} ${form}`).toBe(e.stdout);
          else expect(r.stdout, `${name} ${form}`).toBe(e.stdout);
        }
      }
      // Line N of the output answers line N of the input; the records are answered as records.
      const only = await robotsmatch([
        'filter',
        '--robots-archive',
        jsonl,
        '-a',
        'Googlebot',
        '-a',
        'GPTBot',
        '--purpose',
        'train-ai',
        '--verdicts-only',
        '-q',
        file,
      ]);
      expect(only.stdout.split('\n').slice(0, -1)).toEqual(
        table.map((l) => (l.startsWith('{') ? label(JSON.parse(l).id) : 'unknown')),
      );
      const json = await robotsmatch(['filter', '--robots-archive', jsonl, '-a', 'Googlebot', '--json', '-q', file]);
      expect(
        json.stdout
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l).id),
      ).toEqual([0, 1, 2, 3]);
    }
  }, 180_000); // many spawned runs: about 50 s on a loaded 2-core machine

  test('every form, on real files with odd lines (CRLF, blank lines, a byte-order mark, escapes, bytes that are not UTF-8) and on JSON Lines: the documented format over check(), and the summary counts', async () => {
    const host = corpus[0]!.host;
    const odd = [
      '',
      `https://${host}/"q"`,
      `https://${host}/back\\slash`,
      `https://${host}/tab\there`,
      `https://${host}/caf\u00e9`,
      `https://${host.toUpperCase()}/x`,
      `HTTP://${host}/x`,
      `https://${host}:443/private/`,
      'https://10.0.0.1/',
      'relative/path',
      `https://${host}/\u{1f600}\r`,
      '',
      `https://${corpus[1]!.host}/x\u0001y`,
      `https://${host}/x\ry`,
      '\ufeffhttps://a.test/',
    ];
    const lines = [...odd, ...urls.slice(0, 300)];
    const body = Buffer.concat([
      Buffer.from(lines.map((l, i) => l + (i % 5 ? '\n' : '\r\n')).join('')),
      Buffer.from(`https://${host}/\xff`, 'latin1'),
    ]);
    const plain = join(dir, 'odd.txt');
    writeFileSync(plain, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]));
    const recordLines = lines.map((url, id) =>
      url === '' ? '' : JSON.stringify(id % 40 === 3 ? { url, outcome: 'mine' } : { id, url, tags: ['a', id] }),
    );
    const records = Buffer.from(`${recordLines.join('\n')}\n`);
    const recordFile = join(dir, 'odd.jsonl');
    writeFileSync(recordFile, records);
    const archive = new RobotsArchive();
    for (const c of captures) archive.add({ ...c, contentType: c.content_type });
    const FLAGS: [RowForm, string[]][] = [
      ['allowed', []],
      ['disallowed', ['--invert']],
      ['labelled', ['--verdicts']],
      ['verdicts', ['--verdicts-only']],
      ['json', ['--json']],
      ['blocked-agents', ['--blocked-agents']],
    ];
    for (const [keepUnknown, purpose] of [
      [false, 'train-ai'],
      [true, undefined],
    ] as const) {
      const agents = [
        '-a',
        'Googlebot',
        '-c',
        'GPTBot',
        ...(purpose ? ['--purpose', purpose] : []),
        ...(keepUnknown ? ['--unknown', 'keep'] : []),
      ];
      const m = new ArchiveMatcher(archive, { agents: ['Googlebot', crawler('GPTBot')!], purpose });
      for (const [form, flags] of FLAGS) {
        for (const [file, bytes, isRecords] of [
          [plain, body, false],
          [recordFile, records, true],
        ] as const) {
          const r = await robotsmatch(['filter', '--robots-archive', jsonl, ...agents, ...flags, file]);
          expect(r.status, `${form} ${file}`).toBe(0);
          expect(r.stdout, `${form} ${file}`).toBe(documented(m, bytes, form, isRecords, keepUnknown));
          // The summary: URLs (non-blank lines), those the default form keeps (whatever the form: --json too), and their outcomes.
          const rows = lineTexts(bytes)
            .filter((l) => l !== '')
            .map((l) => m.check(isRecords ? JSON.parse(l).url : l));
          const count = (o: string) => rows.filter((row) => row.outcome === o).length.toLocaleString('en-US');
          const kept = rows.filter((row) =>
            row.outcome === 'unknown' || row.outcome === 'invalid'
              ? keepUnknown
              : row.verdicts.every((v) => v.allowed && !v.optedOut),
          ).length;
          const invalid = rows.filter((row) => row.outcome === 'invalid').length;
          expect(r.stderr).toContain(
            `robotsmatch filter: ${rows.length} URLs for Googlebot, GPTBot, ${kept} kept; URLs by their origin's robots.txt: ${count('ok')} read, ${count('unavailable')} none (allowed), ${count('unreachable')} unreachable (disallowed), ${count('unknown')} not in the archive${invalid ? `, ${invalid} row${invalid === 1 ? '' : 's'} with no http(s) URL (invalid, see docs/cli.md#archive-mode)` : ''};`,
          );
        }
      }
    }
  }, 120_000);

  /** The --json records the library's check() gives for these lines (decoded as text, CR before LF dropped, blank lines skipped), each JSON.stringify'd. */
  const jsonRecords = (lines: string[], agents = AGENTS) => {
    const archive = new RobotsArchive();
    for (const c of captures) archive.add({ ...c, contentType: c.content_type });
    const m = new ArchiveMatcher(archive, { agents });
    return lines
      .map((l) => l.replace(/\r$/, ''))
      .filter((l) => l !== '')
      .map((u) => m.check(u))
      .flatMap((row) =>
        row.verdicts.map(
          (v) =>
            `${JSON.stringify({
              url: row.url,
              agent: v.agent,
              allowed: v.allowed,
              line: v.line,
              rule: v.rule,
              outcome: row.outcome,
              ...(row.reason === undefined ? {} : { reason: row.reason }),
            })}\n`,
        ),
      )
      .join('');
  };

  test('--json: URLs that need escaping, are not ASCII or not UTF-8, CRLF, blank lines and a byte-order mark give the records JSON.stringify writes', async () => {
    const host = corpus[0]!.host;
    const odd = [
      `https://${host}/"q"`,
      `https://${host}/back\\slash`,
      `https://${host}/tab\there`,
      `https://${host}/caf\u00e9`,
      `https://${host.toUpperCase()}/x`,
      `https://${host}:443/private/`,
      'https://10.0.0.1/',
      'relative/path',
      `https://${host}/\u{1f600}\r`,
      '',
      `https://${corpus[1]!.host}/x\u0001y`,
    ];
    const lines = [...odd, ...urls.slice(0, 200)];
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(`${lines.join('\n')}\r\n\n`),
      Buffer.from(`https://${host}/\xff`, 'latin1'),
    ]);
    const r = await robotsmatch(
      ['filter', '--robots-archive', jsonl, '-a', 'Googlebot', '-a', 'GPTBot', '--json', '-q'],
      bytes,
    );
    expect(r.stderr).toBe('');
    // The line that is not UTF-8 also keeps its own bytes, base64, in "urlBytes" (each agent's record).
    const own = `,"urlBytes":"${Buffer.from(`https://${host}/\xff`, 'latin1').toString('base64')}"`;
    expect(r.stdout.split(own)).toHaveLength(3);
    expect(r.stdout.replaceAll(own, '')).toBe(jsonRecords([...lines, '', `https://${host}/\ufffd`]));
    expect(r.stdout).toContain(`"url":"https://${host}/\\"q\\""`);
  });

  test('--json waits for a slow reader: the same records, and memory does not grow with the output held back', async () => {
    // 60,000 URLs: about 20 MB of records, written while the reader takes them slowly.
    const many = Array.from({ length: 60_000 }, (_, i) => `${urls[i % urls.length]!.replace('://', `://`)}?n=${i}`);
    const input = join(dir, 'many.txt');
    writeFileSync(input, `${many.join('\n')}\n`);
    const run = (slow: boolean) =>
      new Promise<{ out: string; maxRss: number }>((resolve, reject) => {
        const rss = fileURLToPath(new URL('./support/report-rss.cjs', import.meta.url));
        const child = spawn(
          process.execPath,
          [
            '-r',
            rss,
            cli,
            'filter',
            '--robots-archive',
            jsonl,
            '-a',
            'Googlebot',
            '-a',
            'GPTBot',
            '--json',
            '-q',
            input,
          ],
          { stdio: ['ignore', 'pipe', 'pipe'] },
        );
        const out: Buffer[] = [];
        let err = '';
        child.stderr.on('data', (d: Buffer) => (err += d));
        child.stdout.on('data', (d: Buffer) => {
          out.push(d);
          if (slow) {
            child.stdout.pause(); // a reader that takes a pipe's worth every few milliseconds
            setTimeout(() => child.stdout.resume(), 3);
          }
        });
        child.on('error', reject);
        child.on('close', (status) =>
          status === 0
            ? resolve({ out: Buffer.concat(out).toString(), maxRss: Number(/maxRSS (\d+)/.exec(err)![1]) })
            : reject(new Error(err)),
        );
      });
    const slow = await run(true);
    const fast = await run(false);
    const expected = jsonRecords(many);
    expect(expected.length).toBeGreaterThan(15e6);
    expect(slow.out).toBe(expected);
    expect(fast.out).toBe(expected);
    // Held back, the records would be some 20 MB more; measured here: within a few MB of each other.
    expect(slow.maxRss - fast.maxRss).toBeLessThan(12 * 1024 * 1024);
  }, 120_000);

  test('a directory of files named by host is a 200 for each', async () => {
    const d = join(dir, 'hosts');
    mkdirSync(d);
    writeFileSync(join(d, 'a.test'), 'User-agent: *\nDisallow: /x\n');
    writeFileSync(join(d, 'b.test.txt'), 'User-agent: GPTBot\nDisallow: /\n');
    const r = await robotsmatch(
      ['filter', '--robots-archive', d, '-a', 'GPTBot', '--verdicts', '-q'],
      'https://a.test/x\nhttp://b.test/y\nhttps://a.test/y\nhttps://c.test/\n',
    );
    expect(r.stdout).toBe(
      'disallowed\thttps://a.test/x\ndisallowed\thttp://b.test/y\nallowed\thttps://a.test/y\nunknown\thttps://c.test/\n',
    );
  });

  test('the summary names the outcomes', async () => {
    const r = await robotsmatch(['filter', '--robots-archive', warc, urlFile]);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(
      /^robotsmatch filter: 800 URLs for Googlebot, [\d,]+ kept; URLs by their origin's robots.txt: [\d,]+ read, [\d,]+ none \(allowed\), [\d,]+ unreachable \(disallowed\), [\d,]+ not in the archive;/,
    );
  });

  test.each([
    [['--robots-archive', 'missing.warc'], 'robotsmatch: cannot read the archive missing.warc: no such file'],
    [['--robots-archive', '@bad'], /^robotsmatch: .*bad\.jsonl:2: not a JSON object/],
    [['--robots-archive', '@notarchive'], /is not an archive robotsmatch reads/],
    [['--robots-archive', '@jsonl', '--robots', '@jsonl'], /give --robots .* or --robots-archive .*, not both/],
    [['--robots-archive', '@jsonl', '--unknown', 'maybe'], 'robotsmatch: --unknown must be keep or drop, got "maybe"'],
    [['--robots', '@jsonl', '--blocked-agents'], 'robotsmatch: --blocked-agents goes with --robots-archive'],
    [['--robots-archive', '@jsonl', '--json', '--verdicts'], /different forms of the output/],
    [['--robots-archive', '@jsonl', '--strict', '@jsonin'], /line 2: a record needs "url", a string/],
    // A download cut short: the records before the cut must not pass for the whole archive.
    [['--robots-archive', '@cutwarc'], /^robotsmatch: .*cut\.warc\.gz: is not valid gzip \(unexpected end of file\)$/m],
    // The same, not gzipped: the last record ends early, and a partial robots.txt must not pass for the site's.
    [
      ['--robots-archive', '@cutplain'],
      /^robotsmatch: .*cut\.warc record \d+: the file ends inside this record \(\d+ of its \d+ bytes are there\): the archive is cut short$/m,
    ],
    // Cut inside a record it does not read the body of (a 404): warcio's skip loop never returned, so the command hung.
    [
      ['--robots-archive', '@cut404'],
      /^robotsmatch: .*cut-404\.warc record 2: the file ends inside this record \(\d+ of its \d+ bytes are there\): the archive is cut short$/m,
    ],
  ])('bad input: one line on stderr, exit 2 (%j)', async (args, message) => {
    writeFileSync(join(dir, 'bad.jsonl'), '{"url":"https://a.test/robots.txt","status":200}\nnot json\n');
    writeFileSync(join(dir, 'notarchive'), 'hello\n');
    writeFileSync(join(dir, 'jsonin'), '{"url":"https://a.test/"}\n{"id":2}\n');
    writeFileSync(join(dir, 'cut.warc.gz'), readFileSync(warc).subarray(0, -10));
    writeFileSync(join(dir, 'cut.warc'), (await warcBytes(captures, false)).subarray(0, -10));
    writeFileSync(
      join(dir, 'cut-404.warc'),
      (
        await warcBytes(
          [captures[0]!, { url: 'https://b.test/robots.txt', status: 404, body: '<h1>Not found</h1>' }],
          false,
        )
      ).subarray(0, -10),
    );
    const resolved = (args as string[]).map((a) =>
      a === '@bad'
        ? join(dir, 'bad.jsonl')
        : a === '@cutwarc'
          ? join(dir, 'cut.warc.gz')
          : a === '@cutplain'
            ? join(dir, 'cut.warc')
            : a === '@cut404'
              ? join(dir, 'cut-404.warc')
              : a === '@notarchive'
                ? join(dir, 'notarchive')
                : a === '@jsonl'
                  ? jsonl
                  : a === '@jsonin'
                    ? join(dir, 'jsonin')
                    : a,
    );
    const r = await robotsmatch([
      'filter',
      ...resolved,
      ...(resolved.some((a) => a.includes('jsonin')) ? [] : [urlFile]),
    ]);
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n')).toHaveLength(2);
    if (typeof message === 'string') expect(r.stderr).toBe(`${message}\n`);
    else expect(r.stderr).toMatch(message);
  });
});
