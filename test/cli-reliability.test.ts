// The command line's reliability and a user's first hour: one
// describe per item, each run as the user ran it: the built CLI in real
// processes, real files (symbolic links, names that are not UTF-8, a
// file-size limit), pipes whose reader leaves early, and a real HTTP server
// on 127.0.0.1. ROBOTSMATCH_CLI=path/to/an/older/dist/cli/main.js runs them
// against an older build, where they fail.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { cli, demo, robotsmatch, shell } from './support/cli.js';
import { startServer, text, type TestServer } from './support/server.js';
import { scratchDir } from './support/files.js';

const { dir, file } = scratchDir('first-hour');
const ROBOTS = demo('robots.txt');
const DEMO = readFileSync(ROBOTS, 'utf8');
const rss = fileURLToPath(new URL('./support/report-rss.cjs', import.meta.url));
const quote = (a: string) => `'${a.replaceAll("'", "'\\''")}'`;
const node = quote(process.execPath);
const robotsmatchCommand = `${node} ${quote(cli)}`;

describe.skipIf(!existsSync(cli))('the command line: reliability and the first hour', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  describe('1. lint --fix replaces a file whole: a failed write leaves the original', () => {
    // A fixable robots.txt (line 2 lacks its colon) of about 3 KB: past a 1 KB file-size limit.
    const original = `User-agent: *\nDisallow /x\n${Array.from({ length: 150 }, (_, i) => `Disallow: /section-${i}/\n`).join('')}`;

    test('a write cut by a file-size limit (ulimit -f) leaves the robots.txt as it was, no temporary file, exit 2 and one line', async () => {
      const folder = join(dir, 'fsize');
      mkdirSync(folder);
      const path = join(folder, 'robots.txt');
      writeFileSync(path, original);
      // sh counts ulimit -f in 512-byte blocks: at most 1 KB may be written (node ignores SIGXFSZ: the write fails with EFBIG).
      const r = await shell(`ulimit -f 2; ${robotsmatchCommand} lint ${quote(path)} --fix`);
      expect(readFileSync(path, 'utf8')).toBe(original);
      expect(readdirSync(folder)).toEqual(['robots.txt']);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/cannot write the fixes to .*robots\.txt: EFBIG.*; the file is unchanged/);
    });

    test('a fixed file keeps its permissions, and the fix is written', async () => {
      const path = file('mode.txt', original);
      chmodSync(path, 0o640);
      const r = await robotsmatch(['lint', path, '--fix']);
      expect(r.stderr).toContain('fixed 1 line');
      expect(readFileSync(path, 'utf8')).toContain('Disallow: /x\n');
      expect(statSync(path).mode & 0o777).toBe(0o640);
    });
  });

  describe('2. diff --urls streams its output: memory stays bounded whatever the number of changes', () => {
    const before = file('diff-old.txt', 'User-agent: *\nDisallow: /private/\n');
    const after = file('diff-new.txt', 'User-agent: *\nDisallow: /\n');

    test('--format json on 100,000 changed URLs x 3 agents: the document is whole and right, the process under 250 MB', async () => {
      const count = 100_000;
      const urls = file(
        'diff-urls.txt',
        `${Array.from({ length: count }, (_, i) => `https://example.com/page/${i}`).join('\n')}\n`,
      );
      const r = await runMeasured(['diff', before, after, '--urls', urls, '--format', 'json']);
      expect(r.status).toBe(0);
      const doc = JSON.parse(r.stdout) as {
        old: string;
        new: string;
        agents: string[];
        changes: {
          url: string;
          line: number;
          agent: string;
          before: { allowed: boolean };
          after: { allowed: boolean; line: number };
        }[];
      };
      expect(doc.agents).toEqual(['Googlebot', 'Bingbot', '*']);
      expect(doc.changes).toHaveLength(count * 3);
      expect(doc.changes[0]).toEqual({
        url: 'https://example.com/page/0',
        line: 1,
        agent: 'Googlebot',
        before: { allowed: true, line: 0, rule: null },
        after: { allowed: false, line: 2, rule: { type: 'disallow', pattern: '/' } },
      });
      expect(doc.changes.at(-1)).toMatchObject({
        url: `https://example.com/page/${count - 1}`,
        line: count,
        agent: '*',
      });
      expect(r.stderr).toContain(
        `${(count * 3).toLocaleString('en-US')} verdicts changed (${(count * 3).toLocaleString('en-US')} newly disallowed)`,
      );
      // Held in memory, these 300,000 changes took 483 MB (750,000: 1.2 GB); streamed, 147 MB, and 1,000,000 URLs (3 million changes) 201 MB.
      expect(r.maxRss).toBeLessThan(250 * 2 ** 20);
    });

    test('the streamed JSON is byte for byte what one JSON.stringify(document, null, 2) gives (and so is an empty list)', async () => {
      const urls = file('diff-few.txt', 'https://example.com/a\nhttps://example.com/private/b\n');
      const r = await robotsmatch(['diff', before, after, '--urls', urls, '--format', 'json', '--agent', 'Googlebot']);
      const doc = JSON.parse(r.stdout);
      expect(r.stdout).toBe(`${JSON.stringify(doc, null, 2)}\n`);
      expect(doc.changes.map((c: { url: string }) => c.url)).toEqual(['https://example.com/a']);
      const none = await robotsmatch(['diff', before, before, '--urls', urls, '--format', 'json']);
      expect(none.stdout).toBe(
        JSON.stringify({ old: before, new: before, agents: ['Googlebot', 'Bingbot', '*'], changes: [] }, null, 2) +
          '\n',
      );
    });
  });

  describe('3. audit: bad entries skipped and said, every input tried, the same files as lint, and a stop when the reader goes', () => {
    const site = (rules: string) => `User-agent: GPTBot\n${rules}\n`;

    test('audit DIR skips a loop of links, a link to nothing and a name that is not UTF-8, says so, and audits the rest', async () => {
      const folder = join(dir, 'sites');
      mkdirSync(join(folder, 'nested'), { recursive: true });
      writeFileSync(join(folder, 'a.txt'), site('Disallow: /'));
      writeFileSync(join(folder, 'nested', 'b.txt'), site('Disallow: /b/'));
      writeFileSync(join(folder, 'notes.md'), 'not a robots.txt');
      symlinkSync('loop2.txt', join(folder, 'loop1.txt'));
      symlinkSync('loop1.txt', join(folder, 'loop2.txt'));
      symlinkSync('gone.txt', join(folder, 'dangling.txt'));
      symlinkSync('a.txt', join(folder, 'linked.txt'));
      writeFileSync(
        Buffer.concat([Buffer.from(`${folder}/caf`), Buffer.from([0xe9]), Buffer.from('.txt')]),
        site('Disallow: /'),
      );
      const r = await robotsmatch(['audit', folder, '--crawlers', 'GPTBot', '--json']);
      expect(r.status).toBe(0);
      const read = [
        ...new Set(
          r.stdout
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l).robots as string),
        ),
      ];
      expect(read).toEqual([join(folder, 'a.txt'), join(folder, 'linked.txt'), join(folder, 'nested', 'b.txt')]);
      expect(r.stderr).toContain(`robotsmatch: skipped ${join(folder, 'loop1.txt')}: a loop of symbolic links`);
      expect(r.stderr).toContain(`robotsmatch: skipped ${join(folder, 'loop2.txt')}: a loop of symbolic links`);
      expect(r.stderr).toContain(`robotsmatch: skipped ${join(folder, 'dangling.txt')}: a symbolic link to nothing`);
      expect(r.stderr).toContain(`robotsmatch: skipped "${folder}/caf\uFFFD.txt": its name is not UTF-8`);
      // lint DIR reads the same files, and says the same of the rest.
      const lint = await robotsmatch(['lint', folder]);
      const linted = lint.stderr
        .split('\n')
        .filter((l) => / \d+ errors?, /.test(l))
        .map((l) => l.slice(0, l.indexOf(': ')));
      expect(linted).toEqual(read);
      expect(lint.stderr).toContain(`robotsmatch: skipped ${join(folder, 'dangling.txt')}: a symbolic link to nothing`);
    });

    test('audit with several inputs says which could not be read, audits the others, and exits 2 (as lint does)', async () => {
      const good = file('good.txt', site('Disallow: /'));
      const missing = join(dir, 'missing.txt');
      const r = await robotsmatch(['audit', missing, good, '--crawlers', 'GPTBot']);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(`cannot read ${missing}: no such file`);
      expect(r.stdout).toContain(`${good}\n`);
      expect(r.stdout).toMatch(/GPTBot +OpenAI +ai-training +GPTBot +disallowed \(line 2\) +blocked/);
      const lint = await robotsmatch(['lint', missing, good]);
      expect(lint.status).toBe(2);
      expect(lint.stderr).toContain(`cannot read ${missing}: no such file`);
      expect(lint.stderr).toContain(`${good}: 0 errors`);
    });

    test('audit DIR | head -1 stops at once: the rest of the directory is never walked', async () => {
      const folder = join(dir, 'many');
      mkdirSync(folder);
      for (let i = 0; i < 3_000; i++)
        writeFileSync(join(folder, `site-${String(i).padStart(5, '0')}.txt`), site(`Disallow: /p${i}/`));
      // Sorted last: reading it would say "skipped" on stderr.
      symlinkSync('nowhere.txt', join(folder, 'zzz-last.txt'));
      const r = await shell(`${robotsmatchCommand} audit ${quote(folder)} | head -1`);
      expect(r.stdout).toBe('\n');
      expect(r.stderr).not.toContain('zzz-last.txt');
    });

    test('diff --urls stops reading its list once nobody reads its output', async () => {
      const before = file('stop-old.txt', 'User-agent: *\nAllow: /\n');
      const after = file('stop-new.txt', 'User-agent: *\nDisallow: /\n');
      const { accepted, offered, stderr } = await feedUntilClosed(['diff', before, after, '--urls', '-'], 64 << 20);
      expect(accepted).toBeLessThan(offered / 2);
      expect(stderr).toContain('before the output was closed');
    });
  });

  describe('5. check and explain warn about a fetched body that is not a robots.txt, as --robots URL does', () => {
    const bodies: [string, () => void, RegExp][] = [
      [
        'an HTML page',
        () =>
          server.route(
            '/robots.txt',
            text(200, '<!DOCTYPE html>\n<html><body>Welcome</body></html>\n', {
              'content-type': 'text/html; charset=utf-8',
            }),
          ),
        /this is an HTML page \(Content-Type: text\/html; charset=utf-8\), not a robots\.txt/,
      ],
      [
        'gzip without Content-Encoding',
        () =>
          server.route('/robots.txt', (_req, res) => {
            res.writeHead(200, { 'content-type': 'text/plain' });
            res.end(gzipSync(DEMO));
          }),
        /gzip-compressed bytes without a Content-Encoding header/,
      ],
      [
        'UTF-16',
        () =>
          server.route('/robots.txt', (_req, res) => {
            res.writeHead(200, { 'content-type': 'text/plain' });
            res.end(Buffer.from(`\uFEFF${DEMO}`, 'utf16le'));
          }),
        /the file is UTF-16 text: crawlers read a robots\.txt as UTF-8 and find no rules in it/,
      ],
    ];
    for (const [what, serve, said] of bodies) {
      test(`${what}: check and explain without --robots say it on stderr, and explain gives it as the reason`, async () => {
        serve();
        const url = `${server.origin}/private/a`;
        const check = await robotsmatch(['check', url, '-a', 'ExampleBot']);
        expect(check.stderr).toMatch(said);
        const explain = await robotsmatch(['explain', url, '-a', 'ExampleBot']);
        expect(explain.stderr).toMatch(said);
        // The reason first: the rules were not found because of what the body is.
        expect(explain.stdout).toMatch(
          new RegExp(
            `\\nwhy +(This|The)[^\\n]*${said.source.replace(/^(this|the) /, '')}[^\\n]*\\. ExampleBot may fetch /private/a: `,
          ),
        );
      });
    }

    test('cut at the size limit: check and explain without --robots say so', async () => {
      server.route(
        '/robots.txt',
        text(200, `User-agent: *\n${'Disallow: /long-path-of-a-rule/\n'.repeat(20)}Disallow: /private/\n`),
      );
      const url = `${server.origin}/private/a`;
      for (const command of ['check', 'explain']) {
        const r = await robotsmatch([command, url, '--max-bytes', '100']);
        expect(r.stderr, command).toContain(
          `${server.origin}/robots.txt is longer than 100 bytes; crawlers ignore the rest`,
        );
      }
    });

    test('UTF-16 is named UTF-16, not binary, by fetch, check -r and audit', async () => {
      server.route('/robots.txt', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(Buffer.from(DEMO, 'utf16le')); // no byte-order mark: told by its NULs
      });
      const fetched = await robotsmatch(['fetch', server.origin]);
      expect(fetched.stdout).toMatch(/warning +the file is UTF-16 text/);
      expect(fetched.stdout).not.toContain('binary');
      expect(JSON.parse((await robotsmatch(['fetch', server.origin, '--json'])).stdout).content).toBe('utf-16');
      const utf16 = file('utf16.txt', Buffer.from(`\uFEFF${DEMO}`, 'utf16le'));
      for (const args of [
        ['check', 'https://example.com/', '-r', server.origin],
        ['check', 'https://example.com/', '-r', utf16],
        ['audit', utf16, '--crawlers', 'GPTBot'],
      ]) {
        const r = await robotsmatch(args);
        expect(r.stderr, args.join(' ')).toContain('UTF-16 text');
        expect(r.stderr, args.join(' ')).not.toContain('binary');
      }
    });
  });

  describe("6. the README's filter example is reproducible, and filter says when a line is not a URL", () => {
    test('filter -r robots.txt -a ExampleBot --json urls.txt, run in examples/demo, prints what the README shows', async () => {
      const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
      const block =
        /\$ robotsmatch filter -r robots\.txt -a ExampleBot --json urls\.txt\n([\s\S]*?)\n(robotsmatch filter: .*)\n/.exec(
          readme,
        )!;
      const r = await shell(
        `cd ${quote(fileURLToPath(new URL('../examples/demo', import.meta.url)))} && ${robotsmatchCommand} filter -r robots.txt -a ExampleBot --json urls.txt`,
      );
      expect(r.stdout).toBe(`${block[1]}\n`);
      const timing = /[\d.]+ s \([\d,]+ URLs\/s\)/;
      expect(r.stderr.replace(timing, 'T').trim()).toBe(block[2]!.replace(timing, 'T'));
    });

    test('a "URL AGENT" line or a # comment in the list: said once on stderr, and the lines are still matched whole', async () => {
      const list = file(
        'agents.txt',
        '# URL, then the crawler\nhttps://example.com/files/report.pdf ExampleBot\nhttps://example.com/private/x\n',
      );
      const r = await robotsmatch(['filter', '-r', ROBOTS, '-a', 'ExampleBot', list]);
      expect(r.stderr).toContain(
        'robotsmatch: the URL list has a line that is not a URL, "# URL, then the crawler": each line is matched whole as one URL',
      );
      expect(r.stderr.match(/not a URL/g)).toHaveLength(1);
      expect(r.stdout).toBe('# URL, then the crawler\nhttps://example.com/files/report.pdf ExampleBot\n');
      const spaced = await robotsmatch([
        'filter',
        '-r',
        ROBOTS,
        file('spaced.txt', 'https://example.com/a\nhttps://example.com/files/report.pdf ExampleBot\n'),
      ]);
      expect(spaced.stderr).toContain('"https://example.com/files/report.pdf ExampleBot"');
      const clean = await robotsmatch(['filter', '-r', ROBOTS, demo('urls.txt')]);
      expect(clean.stderr).not.toContain('not a URL');
      const fragments = await robotsmatch([
        'filter',
        '-r',
        ROBOTS,
        file('fragments.txt', 'https://example.com/a#top\nhttps://example.com/b#x#y\n'),
      ]);
      expect(fragments.stderr).not.toContain('not a URL');
    });
  });

  describe('7. smaller findings', () => {
    test('diff takes -a and -j, lint takes -j and -m, as check and audit do', async () => {
      const before = file('small-old.txt', 'User-agent: *\nDisallow: /private/\n');
      const after = file('small-new.txt', 'User-agent: *\nDisallow: /\n');
      const short = await robotsmatch(['diff', before, after, '-a', 'Googlebot', '-j']);
      const long = await robotsmatch(['diff', before, after, '--agent', 'Googlebot', '--format', 'json']);
      expect(short.status).toBe(0);
      expect(short.stdout).toBe(long.stdout);
      const lintShort = await robotsmatch(['lint', before, '-j', '-m', 'rfc']);
      const lintLong = await robotsmatch(['lint', before, '--json', '--mode', 'rfc']);
      expect(lintShort.status).toBe(lintLong.status);
      expect(lintShort.stdout).toBe(lintLong.stdout);
      expect(JSON.parse(lintShort.stdout).files[0].file).toBe(before);
    });

    test('check -r FILE -u - with an empty list says that nothing was checked (exit 0: nothing is disallowed)', async () => {
      const r = await robotsmatch(['check', '-r', ROBOTS, '-u', '-'], '');
      expect(r.status).toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe('robotsmatch: standard input has no URL: nothing was checked\n');
      const empty = file('empty-list.txt', '\n\n');
      expect((await robotsmatch(['check', '-u', empty])).stderr).toBe(
        `robotsmatch: ${empty} has no URL: nothing was checked\n`,
      );
    });

    test('the diff text names a wildcard pattern as a pattern, with a path it matches, not as a path', async () => {
      const before = file('wild-old.txt', 'User-agent: *\nDisallow: /private/\n');
      const after = file('wild-new.txt', 'User-agent: *\nDisallow: /private/\nDisallow: /*.pdf$\n');
      const r = await robotsmatch(['diff', before, after]);
      expect(r.stdout).toContain(
        'may no longer fetch URLs matching `/*.pdf$` (such as /.pdf) (line 3 `Disallow: /*.pdf$`; before: no rule matches)',
      );
      expect(r.stdout).not.toMatch(/fetch \/\*\.pdf\$/);
    });
  });
});

/** Runs the CLI with its peak resident memory reported (test/support/report-rss.cjs, preloaded), the line taken off stderr. */
async function runMeasured(
  args: string[],
): Promise<{ status: number | null; stdout: string; stderr: string; maxRss: number }> {
  const { status, stdout, stderr } = await robotsmatch(args, undefined, { NODE_OPTIONS: `--require ${rss}` });
  return {
    status,
    stdout,
    stderr: stderr.replace(/maxRSS \d+\n$/, ''),
    maxRss: Number(/maxRSS (\d+)\n$/.exec(stderr)?.[1]),
  };
}

/**
 * Runs the CLI with up to `offered` bytes of URL lines on stdin, and a
 * reader that takes the first chunk of its output and then closes it: how
 * much of the input the command took before it stopped.
 */
function feedUntilClosed(
  args: string[],
  offered: number,
): Promise<{ accepted: number; offered: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const err: Buffer[] = [];
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.stdout.once('data', () => child.stdout.destroy());
    child.on('error', reject);
    let accepted = 0;
    let open = true;
    child.stdin.on('error', () => {
      open = false;
    });
    const block = Buffer.from(Array.from({ length: 4096 }, (_, i) => `https://example.com/page/${i}\n`).join(''));
    const pump = () => {
      while (open && accepted < offered) {
        accepted += block.length;
        if (!child.stdin.write(block)) {
          child.stdin.once('drain', pump);
          return;
        }
      }
      if (open) child.stdin.end();
    };
    pump();
    child.on('close', () => {
      open = false;
      resolve({ accepted, offered, stderr: Buffer.concat(err).toString('utf8') });
    });
  });
}
