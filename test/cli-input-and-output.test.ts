// The command line's input and output as a new user meets them: one describe
// per subject, each run as the user ran it: the built CLI in real
// processes, real files, a real HTTP server on 127.0.0.1, shell pipes, and
// a pseudo-terminal (util-linux `script`) where a terminal matters.
// ROBOTSMATCH_CLI=path/to/an/older/dist/cli/main.js runs them against an
// older build, where they fail.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { cli, demo, onTerminal, robotsmatch, shell } from './support/cli.js';
import { redirect, startServer, text, type TestServer } from './support/server.js';
import { corpusUrls } from './support/corpus.js';
import { scratchDir } from './support/files.js';

const { dir, file } = scratchDir('newcomer');

const ROBOTS = demo('robots.txt');
const DEMO = readFileSync(ROBOTS, 'utf8');
const version = JSON.parse(readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8'))
  .version as string;
const lines = (s: string) => s.split('\n').filter((l) => l !== '');
const BAD = 'Disallow: /early\nUser-agent: *\nDisallow: /private/\n'; // line 1 is an error for lint
const ANSI = /\x1b\[\d+m/;

describe.skipIf(!existsSync(cli))('the command line as a new user meets it', () => {
  let server: TestServer;
  let down: string; // an origin that refuses connections
  beforeAll(async () => {
    server = await startServer();
    server.route('/robots.txt', text(200, DEMO));
    server.route('/draft/robots-new.txt', text(200, BAD));
    server.route('/draft.txt', text(200, 'User-agent: *\nDisallow: /draft-only/\n'));
    server.route(
      '/page.html',
      text(200, '<!DOCTYPE html>\n<html><body>Not found</body></html>\n', {
        'content-type': 'text/html; charset=utf-8',
      }),
    );
    server.route('/robots.txt.gz', text(200, '', {})); // replaced below
    server.route('/zipped.txt', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(gzipSync(DEMO));
    });
    server.route('/loop', redirect('/loop'));
    server.route('/busy.txt', text(503, 'busy'));
    server.route('/slow.txt', () => {}); // never answers
    const closed = await startServer();
    down = closed.origin;
    await closed.close();
  });
  afterAll(() => server.close());

  describe("1. a robots.txt URL is read as given, not replaced by its origin's /robots.txt", () => {
    test('lint URL lints that file', async () => {
      const r = await robotsmatch(['lint', `${server.origin}/draft/robots-new.txt`]);
      expect(r.stdout).toContain(`${server.origin}/draft/robots-new.txt:1: error rule-outside-group`);
      expect(r.status).toBe(1);
      expect(server.requests.at(-1)!.path).toBe('/draft/robots-new.txt');
    });

    test('--robots URL and fetch URL read that file; a bare origin means its /robots.txt', async () => {
      const r = await robotsmatch([
        'check',
        'https://e.com/draft-only/x',
        'https://e.com/private/x',
        '--robots',
        `${server.origin}/draft.txt`,
      ]);
      expect(lines(r.stdout)).toEqual([
        'disallowed  https://e.com/draft-only/x  (line 2: Disallow: /draft-only/)',
        'allowed     https://e.com/private/x  (no rule applies)',
      ]);
      const f = await robotsmatch(['fetch', `${server.origin}/draft.txt`]);
      expect(f.stdout).toContain(`robots.txt  ${server.origin}/draft.txt`);
      const bare = await robotsmatch(['fetch', server.origin]);
      expect(bare.stdout).toContain(`robots.txt  ${server.origin}/robots.txt`);
    });
  });

  describe('2. an unreachable robots.txt disallows by no rule of any file, with --robots URL too', () => {
    test('check without --robots: no line, no rule, and why', async () => {
      const failing = await startServer();
      failing.route('/robots.txt', text(503, 'busy'));
      try {
        const r = await robotsmatch(['check', `${failing.origin}/x`]);
        expect(r.status).toBe(1);
        expect(r.stdout).toBe(
          `disallowed  ${failing.origin}/x  (robots.txt unreachable: every URL is disallowed for now)  [${failing.origin}/robots.txt: unreachable 503]\n`,
        );
        expect(r.stderr).toBe(
          `robotsmatch: ${failing.origin}/robots.txt: unreachable, HTTP 503 (a server error): a crawler must not fetch any URL of the site until it answers, so every URL is disallowed\n`,
        );
        const json = JSON.parse((await robotsmatch(['check', `${failing.origin}/x`, '--json'])).stdout);
        expect(json).toMatchObject({
          allowed: false,
          line: 0,
          rule: null,
          fetch: { outcome: 'unreachable', status: 503 },
        });
      } finally {
        await failing.close();
      }
    });

    test('check --robots URL of the same server: the same answer, not an error', async () => {
      const r = await robotsmatch(['check', 'https://e.com/x', '--robots', `${server.origin}/busy.txt`, '--json']);
      expect(r.status).toBe(1);
      expect(JSON.parse(r.stdout)).toMatchObject({
        allowed: false,
        line: 0,
        rule: null,
        robots: `${server.origin}/busy.txt`,
        fetch: { outcome: 'unreachable', status: 503 },
      });
      expect(r.stderr).toContain(
        'HTTP 503 (a server error): a crawler must not fetch any URL of the site until it answers',
      );
      const explain = await robotsmatch(['explain', 'https://e.com/x', '--robots', `${server.origin}/busy.txt`]);
      expect(explain.status).toBe(1);
      expect(explain.stdout).toMatch(/verdict +disallowed: .*busy\.txt is unreachable, HTTP 503/);
    });
  });

  describe('3. the robots.txt can come from standard input (-)', () => {
    test('lint -, check --robots -, groups -', async () => {
      const l = await robotsmatch(['lint', '-'], BAD);
      expect(l.status).toBe(1);
      expect(l.stdout).toContain('<stdin>:1: error rule-outside-group');
      const c = await robotsmatch(['check', 'https://e.com/private/x', '--robots', '-'], BAD);
      expect(c.stdout).toBe('disallowed  https://e.com/private/x  (line 3: Disallow: /private/)\n');
      expect(
        JSON.parse((await robotsmatch(['check', 'https://e.com/private/x', '-r', '-', '-j'], BAD)).stdout).robots,
      ).toBe('-');
      expect((await robotsmatch(['groups', '-'], BAD)).stdout).toContain('group 1: *');
    });

    test('the robots.txt and the URL list cannot both be standard input', async () => {
      const r = await robotsmatch(['filter', '--robots', '-'], BAD);
      expect(r.status).toBe(2);
      expect(r.stderr).toBe(
        'robotsmatch: the robots.txt and the URL list cannot both come from standard input (-): give the URLs as a file\n',
      );
    });
  });

  describe('4. --version, -V, version; help COMMAND', () => {
    test.each([['--version'], ['-V'], ['version']])('%s prints the package version', async (flag) => {
      const r = await robotsmatch([flag]);
      expect(r).toMatchObject({ status: 0, stdout: `${version}\n`, stderr: '' });
    });

    test('help check is check --help', async () => {
      const help = await robotsmatch(['help', 'check']);
      expect(help.status).toBe(0);
      expect(help.stdout).toBe((await robotsmatch(['check', '--help'])).stdout);
      expect(help.stdout).toMatch(/^Usage: robotsmatch check/);
    });
  });

  test('5. fetches say who they are: robotsmatch/VERSION (+npm page), unless -A says otherwise', async () => {
    const before = server.requests.length;
    await robotsmatch(['fetch', server.origin]);
    await robotsmatch(['check', `${server.origin}/x`]);
    await robotsmatch(['fetch', server.origin, '-A', 'MyBot/1.0']);
    expect(server.requests.slice(before).map((q) => q.userAgent)).toEqual([
      `robotsmatch/${version} (+https://www.npmjs.com/package/robotsmatch)`,
      `robotsmatch/${version} (+https://www.npmjs.com/package/robotsmatch)`,
      'MyBot/1.0',
    ]);
  });

  describe('6. what a fetched body is', () => {
    test('an HTML page: its Content-Type shown, and said to be HTML', async () => {
      const r = await robotsmatch(['fetch', `${server.origin}/page.html`]);
      expect(r.stdout).toMatch(/\ntype +text\/html; charset=utf-8\n/);
      expect(r.stdout).toMatch(/\nwarning +this is an HTML page/);
      expect(r.stdout).toContain('this is an HTML page (Content-Type: text/html; charset=utf-8), not a robots.txt');
      const json = JSON.parse((await robotsmatch(['fetch', `${server.origin}/page.html`, '--json'])).stdout);
      expect(json).toMatchObject({ contentType: 'text/html; charset=utf-8', content: 'html' });
      const check = await robotsmatch(['check', 'https://e.com/x', '--robots', `${server.origin}/page.html`]);
      expect(check.stderr).toContain('this is an HTML page');
    });

    test('gzip without Content-Encoding: named, not printed as binary', async () => {
      const r = await robotsmatch(['fetch', `${server.origin}/zipped.txt`]);
      expect(r.stdout).toContain('gzip-compressed bytes without a Content-Encoding header');
      expect(r.bytes.includes(0x8b)).toBe(false);
      expect(r.stdout).not.toContain('\x1f');
    });
  });

  describe('7. the rule behind each URL of a list', () => {
    const urls = ['https://example.com/private/a', '', 'https://example.com/ok', 'https://example.com/private/press/b'];
    const input = `${urls.join('\n')}\n`;
    test('check --urls FILE and --urls -: a line per URL with its rule; exit 1 when one is disallowed', async () => {
      const r = await robotsmatch([
        'check',
        '--urls',
        file('list.txt', input),
        '--robots',
        ROBOTS,
        '--agent',
        'ExampleBot',
      ]);
      expect(r.status).toBe(1);
      expect(lines(r.stdout)).toEqual([
        'disallowed  https://example.com/private/a  (line 3: Disallow: /private/)',
        'allowed     https://example.com/ok  (no rule applies)',
        'allowed     https://example.com/private/press/b  (line 5: Allow: /private/press/)',
      ]);
      const stdin = await robotsmatch(
        ['check', '--urls', '-', '--robots', ROBOTS, '--agent', 'ExampleBot', '--json'],
        input,
      );
      expect(lines(stdin.stdout).map((l) => JSON.parse(l).line)).toEqual([3, 0, 5]);
      const fetched = await robotsmatch(
        ['check', '--urls', '-', '--agent', 'ExampleBot', '--json'],
        `${server.origin}/private/a\n${server.origin}/ok\n`,
      );
      expect(lines(fetched.stdout).map((l) => [JSON.parse(l).line, JSON.parse(l).robots])).toEqual([
        [3, `${server.origin}/robots.txt`],
        [0, `${server.origin}/robots.txt`],
      ]);
    });

    test('filter --json: NDJSON of url, allowed, line and rule, the same on one thread and on several', async () => {
      const r = await robotsmatch(['filter', '--robots', ROBOTS, '--agent', 'ExampleBot', '--json', '--quiet'], input);
      expect(lines(r.stdout).map((l) => JSON.parse(l))).toEqual([
        {
          url: 'https://example.com/private/a',
          allowed: false,
          line: 3,
          rule: { type: 'disallow', pattern: '/private/' },
        },
        { url: 'https://example.com/ok', allowed: true, line: 0, rule: null },
        {
          url: 'https://example.com/private/press/b',
          allowed: true,
          line: 5,
          rule: { type: 'allow', pattern: '/private/press/' },
        },
      ]);
      const big = file('json-big.txt', `${corpusUrls(120_000).join('\n')}\n`);
      const pooled = await robotsmatch(['filter', '--robots', ROBOTS, '--json', '--workers', '3', big]);
      // --workers is capped at the machine's cores (said on stderr when lowered).
      expect(pooled.stderr).toContain(`${Math.min(3, availableParallelism())} workers`);
      const single = await robotsmatch(['filter', '--robots', ROBOTS, '--json', '--workers', '1', big]);
      expect(single.bytes.equals(pooled.bytes)).toBe(true);
      expect(lines(single.stdout)).toHaveLength(120_000);
    });
  });

  describe('8. groups: what a file says', () => {
    test('text: each group, its agents, rules and Crawl-delay lines; then the sitemaps', async () => {
      const r = await robotsmatch(['groups', ROBOTS]);
      expect(r.status).toBe(0);
      expect(r.stdout).toContain(`${ROBOTS}: 2 groups, 1 sitemap`);
      expect(r.stdout).toContain('group 2: Googlebot, Googlebot-News');
      expect(r.stdout).toContain('  line 6  Crawl-delay: 2  (2 s for crawlers that honour it; Google ignores it)');
      expect(r.stdout).toContain('sitemaps\n  https://example.com/sitemap.xml');
    });

    test('--json', async () => {
      const g = JSON.parse((await robotsmatch(['groups', ROBOTS, '--json'])).stdout);
      expect(g).toMatchObject({
        robots: ROBOTS,
        mode: 'google',
        fetch: null,
        sitemaps: ['https://example.com/sitemap.xml'],
      });
      expect(g.groups[0]).toEqual({
        index: 0,
        userAgents: [{ line: 2, value: '*', names: '*' }],
        rules: [
          { line: 3, type: 'disallow', pattern: '/private/' },
          { line: 4, type: 'disallow', pattern: '/*.pdf$' },
          { line: 5, type: 'allow', pattern: '/private/press/' },
        ],
        crawlDelays: [{ line: 6, value: '2', seconds: 2 }],
      });
    });
  });

  describe('9. a reader that goes away early: quiet, and the exit status of what was found', () => {
    // The reader (`true`) has exited before the command writes: every write meets a closed pipe.
    const status = async (args: string) => {
      const r = await shell(
        `bash -c '{ sleep 0.3; exec "${process.execPath}" "${cli}" ${args}; } | true; echo "status \${PIPESTATUS[0]}" >&2'`,
      );
      return { status: /status (\d+)/.exec(r.stderr)?.[1], stderr: r.stderr.replace(/status \d+\n/, '') };
    };
    test('lint with an error exits 1, every time', async () => {
      const bad = file('bad.txt', BAD);
      for (let i = 0; i < 3; i++)
        expect(await status(`lint ${bad}`)).toEqual({ status: '1', stderr: expect.stringContaining('1 error') });
    });

    test('check with a disallowed URL exits 1', async () => {
      expect(
        await status(
          `check https://example.com/private/a https://example.com/ok --robots ${ROBOTS} --agent ExampleBot`,
        ),
      ).toEqual({ status: '1', stderr: '' });
    });
  });

  test('10. on a terminal, filter draws no progress bar into its own output', async () => {
    const urls = corpusUrls(30_000);
    const big = file('terminal.txt', `${urls.join('\n')}\n`);
    const r = await onTerminal(['filter', '--robots', ROBOTS, '--agent', 'ExampleBot', '--invert', big]);
    expect(r.stdout).not.toMatch(/\[[#.]{30}\]|M\/s/);
    const shown = r.stdout.split('\r\n').filter((l) => l.startsWith('http'));
    expect(shown.length).toBeGreaterThan(0);
    for (const line of shown) expect(urls).toContain(line);
  });

  test('11. a URL typed with non-ASCII characters is matched as a browser sends it, and said so', async () => {
    const robots = file('cafe.txt', 'User-agent: *\nDisallow: /caf%C3%A9\n');
    const r = await robotsmatch(['check', 'https://e.com/café', '--robots', robots]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('disallowed  https://e.com/caf%C3%A9  (line 2: Disallow: /caf%C3%A9)\n');
    expect(r.stderr).toBe(
      'robotsmatch: matching https://e.com/caf%C3%A9, the URL as a browser sends https://e.com/café\n',
    );
    expect((await robotsmatch(['explain', 'https://e.com/café', '--robots', robots])).stdout).toMatch(
      /verdict +disallowed/,
    );
  });

  describe('12. one JSON shape per command', () => {
    test('check --json has the same fields whether the robots.txt is a file, a URL or fetched per URL', async () => {
      const keys = async (args: string[]) =>
        Object.keys(JSON.parse((await robotsmatch(['check', `${server.origin}/private/a`, '--json', ...args])).stdout));
      const expected = ['url', 'agent', 'mode', 'allowed', 'line', 'rule', 'robots', 'fetch'];
      expect(await keys(['--robots', ROBOTS])).toEqual(expected);
      expect(await keys(['--robots', server.origin])).toEqual(expected);
      expect(await keys([])).toEqual(expected);
    });

    test('fetch --json keeps the cause of an error', async () => {
      const r = await robotsmatch(['fetch', down, '--json']);
      expect(r.status).toBe(1);
      expect(JSON.parse(r.stdout).error).toMatch(
        /^the connection was refused \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)$/,
      );
    });

    test('single documents are pretty-printed, lists are a JSON object per line', async () => {
      expect((await robotsmatch(['explain', 'https://example.com/docs/', '-r', ROBOTS, '-j'])).stdout).toMatch(
        /^\{\n {2}"url": /,
      );
      expect((await robotsmatch(['identify', 'Googlebot/2.1', '-j'])).stdout).toMatch(/^\{\n {2}"userAgent": /);
      const audit = lines((await robotsmatch(['audit', ROBOTS, '--crawlers', 'GPTBot,CCBot', '-j'])).stdout);
      expect(audit.map((l) => JSON.parse(l).robots)).toEqual([ROBOTS, ROBOTS]);
    });
  });

  test("13. explain URL fetches the URL's own robots.txt, as check does", async () => {
    const r = await robotsmatch(['explain', `${server.origin}/private/notes`, '--agent', 'ExampleBot']);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(new RegExp(`\\nrobots +${server.origin}/robots\\.txt\\n`));
    expect(r.stdout).toMatch(/matching +line 3 +Disallow: \/private\/ .*<- decides/);
    expect(r.stdout).toContain('crawl-delay  2 s');
  });

  test("14. --agent '' and --agent '*' get the * rules; repeated --agent is a union", async () => {
    for (const agent of ['', '*']) {
      const r = await robotsmatch([
        'check',
        'https://example.com/search',
        'https://example.com/private/x',
        '--robots',
        ROBOTS,
        '--agent',
        agent,
      ]);
      expect(lines(r.stdout), agent).toEqual([
        'allowed     https://example.com/search  (no rule applies)',
        'disallowed  https://example.com/private/x  (line 3: Disallow: /private/)',
      ]);
    }
    const union = await robotsmatch([
      'check',
      'https://example.com/search',
      '-r',
      ROBOTS,
      '-a',
      'Nobody',
      '-a',
      'Googlebot-News',
      '--json',
    ]);
    expect(JSON.parse(union.stdout)).toMatchObject({ agent: 'Nobody, Googlebot-News', allowed: false, line: 10 });
  });

  describe('15. messages in plain sentences', () => {
    test.each([
      [
        ['check', 'https://e.com/', '--bogus'],
        'robotsmatch: check: there is no option --bogus (see robotsmatch check --help)\n',
      ],
      [
        ['filter', '-r', ROBOTS, '--max-bytes', '-1'],
        'robotsmatch: --max-bytes must be a whole number of bytes, got "-1"\n',
      ],
      [
        ['check', 'https://e.com/', '--robots'],
        'robotsmatch: check: --robots needs a value (see robotsmatch check --help)\n',
      ],
      [
        ['check', 'https://e.com/', '--json=yes', '-r', ROBOTS],
        'robotsmatch: check: --json takes no value (see robotsmatch check --help)\n',
      ],
      [
        ['check', 'example.com/page'],
        'robotsmatch: "example.com/page" has no robots.txt: it is not an absolute URL; to check it, give a robots.txt with --robots FILE|URL|-\n',
      ],
    ])('%j', async (args, message) => {
      const r = await robotsmatch(args as string[]);
      expect(r).toMatchObject({ status: 2, stderr: message });
    });

    test('1 byte, not 1 bytes', async () => {
      expect((await robotsmatch(['check', 'https://e.com/', '--robots', ROBOTS, '--max-bytes', '1'])).stderr).toContain(
        'is longer than 1 byte;',
      );
    });

    test('a timeout says how long; a redirect loop says so', async () => {
      const slow = await robotsmatch(['fetch', `${server.origin}/slow.txt`, '--timeout', '1000']);
      expect(slow.stdout).toMatch(/outcome +unreachable: timed out after 1,000 ms: /);
      const loop = await robotsmatch(['fetch', `${server.origin}/loop`]);
      expect(loop.stdout).toMatch(
        /outcome +unavailable: more than 5 redirects \(the last was HTTP 301\): a crawler takes it as no robots.txt/,
      );
    });
  });

  describe('16. colour, Crawl-delay and short options', () => {
    const args = ['check', 'https://example.com/private/a', '-r', ROBOTS, '-a', 'ExampleBot'];
    test('colour on a terminal; none in a pipe, with NO_COLOR or --color=never; FORCE_COLOR and --color=always force it', async () => {
      const tty = await onTerminal(args);
      expect(tty.stdout).toContain('\x1b[31mdisallowed\x1b[39m');
      expect((await onTerminal(args, { NO_COLOR: '1' })).stdout).not.toMatch(ANSI);
      expect((await onTerminal([...args, '--color=never'])).stdout).not.toMatch(ANSI);
      expect((await robotsmatch(args)).stdout).not.toMatch(ANSI);
      expect((await robotsmatch(args, undefined, { FORCE_COLOR: '1' })).stdout).toContain('\x1b[31mdisallowed\x1b[39m');
      expect((await robotsmatch([...args, '--color=always'])).stdout).toContain('\x1b[31mdisallowed\x1b[39m');
      expect((await robotsmatch([...args, '--color=sometimes'])).stderr).toBe(
        'robotsmatch: --color must be auto, always or never, got "sometimes"\n',
      );
    });

    test('check on a terminal with no agent says it answers as Googlebot; with -a, -c or in a pipe it says nothing', async () => {
      const bare = ['check', 'https://example.com/private/a', '-r', ROBOTS];
      expect((await onTerminal(bare, { NO_COLOR: '1' })).stdout).toContain(
        'robotsmatch: checking as Googlebot, the default (-a NAME or -c NAME for another crawler)',
      );
      expect((await onTerminal(args, { NO_COLOR: '1' })).stdout).not.toContain('checking as');
      expect((await onTerminal([...bare, '-c', 'GPTBot'], { NO_COLOR: '1' })).stdout).not.toContain('checking as');
      expect((await robotsmatch(bare)).stderr).toBe('');
    });

    test('lint severities and error lines are coloured too', async () => {
      const force = { FORCE_COLOR: '1' };
      expect((await robotsmatch(['lint', file('colour.txt', BAD)], undefined, force)).stdout).toContain(
        ':1: \x1b[31merror\x1b[39m rule-outside-group',
      );
      expect((await robotsmatch(['frobnicate'], undefined, force)).stderr).toMatch(
        /^\x1b\[31mrobotsmatch:\x1b\[39m unknown command/,
      );
      expect((await robotsmatch(['frobnicate'])).stderr).toMatch(/^robotsmatch: unknown command/);
    });

    test('short options: -r -a -c -j -m', async () => {
      const r = await robotsmatch([
        'check',
        'https://example.com/search',
        '-r',
        ROBOTS,
        '-c',
        'Googlebot-News',
        '-m',
        'rfc',
        '-j',
      ]);
      expect(JSON.parse(r.stdout)).toMatchObject({ agent: 'Googlebot-News', mode: 'rfc', line: 10 });
    });

    test('Crawl-delay: explain and groups show it', async () => {
      expect(
        (await robotsmatch(['explain', 'https://example.com/x', '-r', ROBOTS, '-a', 'ExampleBot'])).stdout,
      ).toContain('crawl-delay  2 s');
      expect(
        JSON.parse((await robotsmatch(['explain', 'https://example.com/x', '-r', ROBOTS, '-j'])).stdout).crawlDelay,
      ).toBeNull();
    });
  });

  test.each([
    'check',
    'filter',
    'explain',
    'groups',
    'lint',
    'fetch',
    'audit',
    'crawlers',
    'identify',
    'generate',
    'verify',
  ])('18. docs/cli.md documents %s: its section names every option its --help lists', async (command) => {
    const doc = readFileSync(fileURLToPath(new URL('../docs/cli.md', import.meta.url)), 'utf8');
    const section = doc.split(/^## /m).find((s) => s.startsWith(`${command}\n`));
    expect(section, `no section for ${command}`).toBeDefined();
    const help = (await robotsmatch(['help', command])).stdout;
    const flags = new Set([...help.matchAll(/(?:^|\s)(--[a-z][a-z-]+)/g)].map((m) => m[1]!));
    const shared = [
      '--help',
      '--mode',
      '--json',
      '--agent',
      '--crawler',
      '--user-agent',
      '--timeout',
      '--max-bytes',
      '--robots',
    ];
    for (const flag of flags)
      expect(section!.includes(flag) || (shared.includes(flag) && doc.includes(flag)), `${command} ${flag}`).toBe(true);
  });

  test('18. --example shows paths the user has', async () => {
    const r = await shell(`cd ${JSON.stringify(dir)} && "${process.execPath}" "${cli}" --example`);
    expect(r.status).toBe(0);
    const shown = /--robots (\S+)/.exec(r.stdout)![1]!;
    expect(existsSync(join(dir, shown)) || existsSync(shown)).toBe(true);
    expect(r.stdout).not.toContain('--robots examples/demo/robots.txt');
  });
});
