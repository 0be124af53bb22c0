// The command line as a user runs it: the built dist/cli/main.js in real
// processes, real files (plain and gzip), pipes, and real HTTP servers on
// 127.0.0.1 for --robots URL, check without --robots, lint URL and fetch.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '../src/index.js';
import { cli, demo, robotsmatch, shell } from './support/cli.js';
import { startServer, text, redirect, type TestServer } from './support/server.js';
import { corpusUrls, CORPUS_DIR } from './support/corpus.js';
import { scratchDir } from './support/files.js';

const { dir, file } = scratchDir('cli');

const ROBOTS = demo('robots.txt');
const lines = (s: string) => s.split('\n').filter((l) => l !== '');

describe.skipIf(!existsSync(cli))('robotsmatch (the command line)', () => {
  let server: TestServer;
  let down: string; // an origin that refuses connections
  beforeAll(async () => {
    server = await startServer();
    server.route('/robots.txt', text(200, readFileSync(ROBOTS, 'utf8')));
    const closed = await startServer();
    down = closed.origin;
    await closed.close();
  });
  afterAll(() => server.close());

  describe('--example and --help', () => {
    test('--example runs check, explain and lint on the bundled example', async () => {
      const r = await robotsmatch(['--example']);
      expect(r.status).toBe(0);
      expect(r.stdout).toContain(
        'disallowed  ExampleBot     https://example.com/private/notes.html  (line 3: Disallow: /private/)',
      );
      expect(r.stdout).toContain(
        'allowed     Googlebot      https://example.com/docs/  (line 12: Allow: /docs/index.html)',
      );
      expect(r.stdout).toContain('$ robotsmatch explain https://example.com/docs/');
      expect(r.stdout).toContain('examples/demo/robots.txt:6: info unsupported-key: Google ignores `Crawl-delay`');
    });

    test.each(['check', 'filter', 'explain', 'lint', 'diff', 'fetch'])('%s --help', async (command) => {
      const r = await robotsmatch([command, '--help']);
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage: robotsmatch ${command}`));
    });

    test('no command: the usage on stderr and exit 2; --help: on stdout and exit 0', async () => {
      const none = await robotsmatch([]);
      expect(none.status).toBe(2);
      expect(none.stderr).toContain('Usage: robotsmatch <command>');
      expect((await robotsmatch(['--help'])).status).toBe(0);
    });
  });

  describe('bad input: one line on stderr, exit 2', () => {
    test.each([
      [['frobnicate'], 'unknown command "frobnicate"'],
      [['filter', '--robots', ROBOTS, '--bogus'], 'filter: there is no option --bogus (see robotsmatch filter --help)'],
      [['chek', 'https://e.com/'], 'unknown command "chek"; did you mean check? (see robotsmatch --help)'],
      [['check', 'https://e.com/', '--agnet', 'X'], 'check: there is no option --agnet; did you mean --agent?'],
      [['filter', 'urls.txt'], 'filter needs --robots'],
      [['filter', '--robots', join(dir, 'missing.txt')], 'missing.txt: no such file'],
      [['filter', '--robots', ROBOTS, join(dir, 'nope.txt')], 'nope.txt: no such file'],
      [['filter', '--robots', dir], 'it is a directory'],
      [['filter', '--robots', ROBOTS, '--mode', 'bing'], '--mode must be google or rfc, got "bing"'],
      [['filter', '--robots', ROBOTS, '--workers', '0'], '--workers must be a whole number from 1 to 64'],
      [
        ['filter', '--robots', ROBOTS, '--verdicts', '--invert'],
        '--verdicts and --invert are different forms of the output: choose one',
      ],
      [['check'], 'check needs a URL, or --urls FILE|-'],
      [['check', 'https://e.com/', '--robots', ROBOTS, '--timeout', '2147483648'], '--timeout must be a whole number'],
      [['explain', 'https://e.com/a', 'https://e.com/b', '--robots', ROBOTS], 'explain takes one URL, got 2'],
      [['lint'], 'lint takes one or more FILE, DIR, URL or -'],
      [['diff', 'a.txt'], 'diff takes OLD and NEW, got 1'],
      [['fetch', 'mailto:someone@example.com'], 'fetch takes an http or https URL, got "mailto:someone@example.com"'],
    ])('%j', async (args, message) => {
      const r = await robotsmatch(args as string[]);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(message);
      expect(lines(r.stderr)).toHaveLength(1);
      expect(r.stderr).toMatch(/^robotsmatch: /);
    });

    test('--robots URL that cannot be reached: every URL disallowed, as a crawler must, and said on stderr', async () => {
      const r = await robotsmatch(
        ['filter', '--robots', `${down}/robots.txt`, '--timeout', '5000'],
        'https://e.com/\n',
      );
      expect(r.status).toBe(0);
      expect(r.stderr).toMatch(
        /^robotsmatch: http:\/\/127\.0\.0\.1:\d+\/robots\.txt: unreachable, the connection was refused .*: a crawler must not fetch any URL of the site until it answers, so every URL is disallowed\n/,
      );
      expect(r.stdout).toBe('');
    });

    test('input that is not valid gzip', async () => {
      const r = await robotsmatch([
        'filter',
        '--robots',
        ROBOTS,
        file('bad.gz', Uint8Array.from([0x1f, 0x8b, 1, 2, 3, 4, 5])),
      ]);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/bad\.gz is not valid gzip/);
    });
  });

  describe('check', () => {
    test('against a file: verdict and deciding line; exit 1 when one URL is disallowed', async () => {
      const r = await robotsmatch([
        'check',
        'https://example.com/private/x',
        'https://example.com/private/press/y',
        '--robots',
        ROBOTS,
        '--agent',
        'ExampleBot',
      ]);
      expect(r.status).toBe(1);
      expect(lines(r.stdout)).toEqual([
        'disallowed  https://example.com/private/x  (line 3: Disallow: /private/)',
        'allowed     https://example.com/private/press/y  (line 5: Allow: /private/press/)',
      ]);
      expect((await robotsmatch(['check', 'https://example.com/ok', '--robots', ROBOTS])).status).toBe(0);
    });

    test('--json', async () => {
      const r = await robotsmatch(['check', 'https://example.com/search?q=1', '--robots', ROBOTS, '--json']);
      expect(JSON.parse(r.stdout)).toEqual({
        url: 'https://example.com/search?q=1',
        agent: 'Googlebot',
        mode: 'google',
        allowed: false,
        line: 10,
        rule: { type: 'disallow', pattern: '/search' },
        robots: ROBOTS,
        fetch: null,
      });
    });

    test("an agent that is not a product token gets the library's verdict (the * rules), and stderr says why and names its token", async () => {
      const header = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
      const r = await robotsmatch([
        'check',
        'https://example.com/search',
        '--robots',
        ROBOTS,
        '--agent',
        header,
        '--json',
      ]);
      const want = parse(readFileSync(ROBOTS, 'utf8')).check('https://example.com/search', header);
      expect(JSON.parse(r.stdout)).toMatchObject({
        agent: header,
        allowed: want.allowed,
        line: want.line,
        rule: want.rule,
      });
      expect(r.stderr).toBe(
        `robotsmatch: --agent ${JSON.stringify(header)} is not a product token (letters, - and _ only), so no group can name it and only the * rules apply, as the library's check() and Google's parser read it; its product token is "Googlebot" (--agent Googlebot)\n`,
      );
      const digits = await robotsmatch(['check', 'https://e.com/', '--robots', ROBOTS, '--agent', '123']);
      expect(digits.status).toBe(0);
      expect(digits.stderr).toContain('"123" is not a product token');
    });

    test("without --robots: each URL's own robots.txt, fetched with the RFC rules, named with its outcome", async () => {
      const missing = await startServer(); // every path 404
      const failing = await startServer();
      failing.route('/robots.txt', text(503, 'busy'));
      try {
        const r = await robotsmatch([
          'check',
          `${server.origin}/private/a`,
          `${missing.origin}/private/a`,
          `${failing.origin}/x`,
          '--agent',
          'ExampleBot',
          '--json',
          '--user-agent',
          'TestBot/1.0',
        ]);
        const rows = lines(r.stdout).map((l) => JSON.parse(l));
        expect(rows.map((x) => [x.allowed, x.fetch.outcome, x.fetch.status, x.robots])).toEqual([
          [false, 'ok', 200, `${server.origin}/robots.txt`],
          [true, 'unavailable', 404, `${missing.origin}/robots.txt`],
          [false, 'unreachable', 503, `${failing.origin}/robots.txt`],
        ]);
        expect(r.status).toBe(1);
        expect(server.requests.some((q) => q.userAgent === 'TestBot/1.0')).toBe(true);
        const human = await robotsmatch(['check', `${server.origin}/private/a`, '--agent', 'ExampleBot']);
        expect(human.stdout).toContain(`[${server.origin}/robots.txt: ok 200]`);
      } finally {
        await missing.close();
        await failing.close();
      }
    });

    test('--robots URL: a bare origin means its /robots.txt', async () => {
      const r = await robotsmatch([
        'check',
        'https://example.com/private/a',
        '--robots',
        server.origin,
        '--agent',
        'ExampleBot',
      ]);
      expect(r.stdout).toContain('disallowed  https://example.com/private/a  (line 3: Disallow: /private/)');
    });

    test('a robots.txt cut at --max-bytes is said on stderr', async () => {
      const r = await robotsmatch(['check', 'https://example.com/', '--robots', ROBOTS, '--max-bytes', '100']);
      expect(r.stderr).toContain('is longer than 100 bytes; crawlers ignore the rest');
    });

    test('--max-bytes over what the core takes reads up to 256 MiB and says so, for a file and a URL alike', async () => {
      for (const robots of [ROBOTS, `${server.origin}/robots.txt`]) {
        const r = await robotsmatch([
          'check',
          'https://example.com/private/a',
          '--robots',
          robots,
          '--max-bytes',
          '300000000',
          '--agent',
          'ExampleBot',
        ]);
        expect(r.status).toBe(1);
        expect(r.stdout).toContain('disallowed  https://example.com/private/a');
        expect(r.stderr).toBe(
          'robotsmatch: --max-bytes 300000000 is more than robotsmatch reads of a robots.txt; reading at most 268,435,456 bytes (256 MiB)\n',
        );
      }
    });
  });

  describe('filter', () => {
    const urls = [
      'https://example.com/private/a',
      'https://example.com/ok',
      'https://example.com/private/press/b',
      'https://example.com/x.pdf',
    ];
    const input = `${urls.join('\n')}\n`;

    test('a file: the allowed URLs in order; the summary on stderr', async () => {
      const r = await robotsmatch(['filter', '--robots', ROBOTS, '--agent', 'ExampleBot', file('urls.txt', input)]);
      expect(r.status).toBe(0);
      expect(r.stdout).toBe('https://example.com/ok\nhttps://example.com/private/press/b\n');
      expect(r.stderr).toMatch(/^robotsmatch filter: 4 URLs, 2 allowed, 2 disallowed, /);
    });

    test('standard input, --invert, --quiet', async () => {
      const r = await robotsmatch(
        ['filter', '--robots', ROBOTS, '--agent', 'ExampleBot', '--invert', '--quiet', '-'],
        input,
      );
      expect(r.stdout).toBe('https://example.com/private/a\nhttps://example.com/x.pdf\n');
      expect(r.stderr).toBe('');
    });

    test('gzip, from a file and on standard input, told by its magic bytes', async () => {
      const gz = gzipSync(input);
      const fromFile = await robotsmatch(['filter', '--robots', ROBOTS, '--agent', 'ExampleBot', file('urls.log', gz)]);
      const fromStdin = await robotsmatch(['filter', '--robots', ROBOTS, '--agent', 'ExampleBot'], gz);
      expect(fromFile.stdout).toBe('https://example.com/ok\nhttps://example.com/private/press/b\n');
      expect(fromStdin.stdout).toBe(fromFile.stdout);
    });

    test('--verdicts: one line per input line, blank and unparseable lines and a last line without a break too', async () => {
      const odd =
        'https://example.com/private/a\n\nnot a url\r\nhttps://example.com/ok\r\nhttps://example.com/private/z';
      const r = await robotsmatch(['filter', '--robots', ROBOTS, '--agent', 'ExampleBot', '--verdicts'], odd);
      expect(r.stdout).toBe(
        'disallowed\thttps://example.com/private/a\nallowed\t\nallowed\tnot a url\nallowed\thttps://example.com/ok\ndisallowed\thttps://example.com/private/z\n',
      );
      const only = await robotsmatch(['filter', '--robots', ROBOTS, '--agent', 'ExampleBot', '--verdicts-only'], odd);
      expect(only.stdout).toBe('disallowed\nallowed\nallowed\nallowed\ndisallowed\n');
    });

    test('--verdicts on a large input with several workers: every line, in input order, as the library decides', async () => {
      const list = corpusUrls(200_000);
      const big = file('big.txt', `${list.join('\n')}\n`); // about 13 MB: the pool starts after 4 MB
      const robots = join(CORPUS_DIR, 'github.com.txt');
      const pooled = await robotsmatch(['filter', '--robots', robots, '--verdicts', '--workers', '3', big]);
      expect(pooled.status).toBe(0);
      const workers = Math.min(3, availableParallelism()); // --workers is capped at the cores
      if (workers > 1) expect(pooled.stderr).toContain(`${workers} workers`);
      const out = pooled.stdout.split('\n');
      expect(out.pop()).toBe('');
      expect(out).toHaveLength(list.length);
      const expected = parse(readFileSync(robots)).forAgent('Googlebot').matchLines(list.join('\n'));
      for (let i = 0; i < list.length; i++) {
        if (out[i] !== `${expected[i] ? 'allowed' : 'disallowed'}\t${list[i]}`)
          throw new Error(`line ${i + 1}: ${out[i]}`);
      }
      const single = await robotsmatch(['filter', '--robots', robots, '--verdicts', '--workers', '1', big]);
      expect(single.stderr).not.toContain('workers');
      expect(single.bytes.equals(pooled.bytes)).toBe(true);
    });

    test('--workers over the cores there are is lowered to them, said on one stderr line', async () => {
      const cores = availableParallelism();
      const big = file('workers.txt', `${corpusUrls(100_000).join('\n')}\n`); // about 6.5 MB: the pool starts
      const r = await robotsmatch(['filter', '--robots', ROBOTS, '--workers', '64', big]);
      expect(r.status).toBe(0);
      const lines = r.stderr.split('\n');
      if (cores < 64) {
        expect(lines[0]).toBe(
          `robotsmatch: --workers 64 is more than the ${cores} cores here (os.availableParallelism()); using ${cores}`,
        );
        if (cores > 1) expect(lines[1]).toContain(`, ${cores} workers`);
      }
      const fits = await robotsmatch(['filter', '--robots', ROBOTS, '--workers', String(cores), '--quiet', big]);
      expect(fits.stderr).toBe('');
      expect(fits.bytes.equals(r.bytes)).toBe(true);
    });

    test('a reader that stops early (| head) ends the command quietly', async () => {
      const big = file('many.txt', Array.from({ length: 300_000 }, (_, i) => `https://example.com/p/${i}`).join('\n'));
      const r = await shell(`node ${cli} filter --robots ${ROBOTS} ${big} | head -2`);
      expect(r.stdout.split('\n').slice(0, 2)).toEqual(['https://example.com/p/0', 'https://example.com/p/1']);
      expect(r.stderr).not.toMatch(/EPIPE|Error|at /);
    });

    test("a progress line on a terminal's stderr when the input size is known; none when piped", async () => {
      const big = file('progress.txt', `${corpusUrls(100_000).join('\n')}\n`);
      const out = join(dir, 'progress-out.txt');
      // `script` gives the command a terminal; its stdout goes to a file, so the terminal shows stderr.
      const tty = await shell(`script -qec "node ${cli} filter --robots ${ROBOTS} ${big} > ${out}" /dev/null`);
      expect(tty.stdout).toMatch(/\r\[[#.]{30}\] +\d+% +[\d,]+ URLs/);
      expect(tty.stdout).toContain('robotsmatch filter: 100,000 URLs');
      expect(readFileSync(out, 'utf8').split('\n').length).toBeGreaterThan(90_000);
      const piped = await robotsmatch(['filter', '--robots', ROBOTS, big]);
      expect(piped.stderr).not.toContain('\r');
    });

    test('memory stays flat whatever the input size: 100 MB and 400 MB of URLs on stdin peak alike', async () => {
      const { spawn } = await import('node:child_process');
      const lines = Buffer.from(`${corpusUrls(20_000).join('\n')}\n`); // about 1.3 MB
      const peak = (megabytes: number) =>
        new Promise<number>((resolve, reject) => {
          const child = spawn(
            process.execPath,
            [
              '-r',
              fileURLToPath(new URL('./support/report-rss.cjs', import.meta.url)),
              cli,
              'filter',
              '--robots',
              join(CORPUS_DIR, 'github.com.txt'),
              '--verdicts',
            ],
            { stdio: ['pipe', 'ignore', 'pipe'] },
          );
          let err = '';
          child.stderr.on('data', (d: Buffer) => (err += d));
          child.on('error', reject);
          child.on('close', (status) =>
            status === 0 ? resolve(Number(/maxRSS (\d+)/.exec(err)![1])) : reject(new Error(err)),
          );
          (async () => {
            for (let sent = 0; sent < megabytes * 1e6; sent += lines.length) {
              if (!child.stdin.write(lines)) await new Promise((r) => child.stdin.once('drain', r));
            }
            child.stdin.end();
          })().catch(reject);
        });
      // Measured here: 20 MB 125 MiB, then a plateau: 200 MB 183, 1 GB 195, 2 GB 191 MiB
      // (104 MiB with --workers 1): a megabyte per chunk, a bounded number under way, the workers' heaps.
      const small = await peak(100);
      const large = await peak(400);
      expect(large - small).toBeLessThan(48 * 1024 * 1024);
      expect(large).toBeLessThan(320 * 1024 * 1024);
    }, 120_000);

    test('--robots URL', async () => {
      const r = await robotsmatch(
        ['filter', '--robots', `${server.origin}/robots.txt`, '--agent', 'ExampleBot'],
        input,
      );
      expect(r.stdout).toBe('https://example.com/ok\nhttps://example.com/private/press/b\n');
    });
  });

  describe('explain', () => {
    test('groups, every matching rule with its priority, the winner, and the other mode', async () => {
      const r = await robotsmatch(['explain', 'https://example.com/docs/', '--robots', ROBOTS]);
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('groups    1 group names Googlebot');
      expect(r.stdout).toContain('lines 8, 9: User-agent: Googlebot, Googlebot-News  (rules on lines 10-12)');
      expect(r.stdout).toMatch(/matching {2}line 12 +Allow: \/docs\/index\.html {2}priority 7 .*<- decides/);
      expect(r.stdout).toContain("verdict   allowed (Google): Google's index.html rule");
      expect(r.stdout).toContain('RFC 9309  allowed (no rule applies)');
    });

    test('--json, with the fallback to `*` and --mode rfc', async () => {
      const r = await robotsmatch([
        'explain',
        'https://example.com/private/press/x',
        '--robots',
        ROBOTS,
        '--agent',
        'ExampleBot',
        '--json',
        '--mode',
        'rfc',
      ]);
      const e = JSON.parse(r.stdout);
      expect(e).toMatchObject({ allowed: true, line: 5, reason: 'longest-match', fallback: true, mode: 'rfc' });
      expect(e.candidates.map((c: { line: number }) => c.line)).toEqual([5, 3]);
    });

    test("-a '*' shows the `*` group as asked for, not as a token no group can name", async () => {
      const r = await robotsmatch(['explain', 'https://example.com/private/x', '--robots', ROBOTS, '-a', '*']);
      expect(r.stdout).toMatch(/groups +the `\*` group, as asked/);
      expect(r.stdout).toMatch(/why +A crawler no group names may not fetch \/private\/x: the `\*` rules apply to it/);
      expect(r.stdout).not.toContain('not a product token');
    });
  });

  describe('lint', () => {
    test('file:line: severity code: message and its docs page, and exit 1 on an error', async () => {
      const bad = file('bad-robots.txt', 'Disallow: /early\nUser-agent: *\nDissallow: /typo\n');
      const r = await robotsmatch(['lint', bad]);
      expect(r.status).toBe(1);
      expect(lines(r.stdout)).toEqual([
        `${bad}:1: error rule-outside-group: This rule comes before any User-agent line, so every crawler ignores it. See docs/lint/rule-outside-group.md.`,
        `${bad}:3: warning typo-key: Google reads \`Dissallow\` as \`Disallow\`; RFC 9309 crawlers ignore this line. See docs/lint/typo-key.md.`,
        '    fix: Disallow: /typo',
      ]);
      expect(r.stderr).toContain('1 error, 1 warning, 0 notes');
    });

    test('no error: exit 0; --json', async () => {
      const r = await robotsmatch(['lint', ROBOTS, '--json']);
      expect(r.status).toBe(0);
      // The demo's Googlebot group escapes the `*` rules: a warning, which does not fail by default.
      expect(JSON.parse(r.stdout).files[0].diagnostics.map((d: { code: string }) => d.code)).toEqual([
        'unsupported-key',
        'ignores-star-group',
        'modes-differ',
      ]);
    });

    test('a file past --max-bytes reports the first line cut', async () => {
      const r = await robotsmatch(['lint', ROBOTS, '--max-bytes', '200']);
      // 200 bytes end inside line 8.
      expect(r.stdout).toMatch(/robots\.txt:8: error over-size-limit: Crawlers read only the first 200 bytes/);
      expect(r.status).toBe(1);
    });

    test('a URL; a URL with no robots.txt is one finding that says so (HTTP 404: every URL allowed)', async () => {
      expect((await robotsmatch(['lint', `${server.origin}/`])).status).toBe(0);
      const missing = await startServer();
      try {
        const r = await robotsmatch(['lint', `${missing.origin}/`]);
        expect(r.status).toBe(0);
        expect(r.stdout).toBe(
          `${missing.origin}/robots.txt:1: info http-not-found: HTTP 404: crawlers take this as no robots.txt, so they may fetch every URL of the site. See docs/lint/http-not-found.md.\n`,
        );
        expect(r.stderr).toContain('(HTTP 404');
      } finally {
        await missing.close();
      }
    });
  });

  describe('fetch', () => {
    test('outcome, status, redirects, expiry and the first lines', async () => {
      const moved = await startServer();
      moved.route('/robots.txt', redirect(`${server.origin}/robots.txt`));
      try {
        const r = await robotsmatch(['fetch', moved.origin, '--lines', '3']);
        expect(r.status).toBe(0);
        expect(r.stdout).toContain(`robots.txt  ${moved.origin}/robots.txt`);
        expect(r.stdout).toContain('outcome     ok: HTTP 200: the rules of this file apply');
        expect(r.stdout).toContain('type        text/plain');
        expect(r.stdout).toContain(`redirects   1, read from ${server.origin}/robots.txt`);
        expect(r.stdout).toMatch(/expires {5}\d{4}-\d\d-\d\dT.* \(24 h\)/);
        expect(r.stdout).toContain('sitemap     https://example.com/sitemap.xml');
        expect(r.stdout).toContain('# A small robots.txt for the demo');
        expect(r.stdout).toMatch(/\.\.\. \d+ more lines/);
        const json = JSON.parse((await robotsmatch(['fetch', `${moved.origin}/`, '--json'])).stdout);
        expect(json).toMatchObject({
          outcome: 'ok',
          status: 200,
          redirects: 1,
          truncated: false,
          body: readFileSync(ROBOTS, 'utf8'),
        });
      } finally {
        await moved.close();
      }
    });

    test('unreachable: printed, and exit 1', async () => {
      const r = await robotsmatch(['fetch', `${down}/`, '--timeout', '5000']);
      expect(r.status).toBe(1);
      expect(r.stdout).toMatch(
        /outcome +unreachable: the connection was refused \(connect ECONNREFUSED .*\): a crawler must not fetch any URL of the site until it answers/,
      );
    });
  });
});
