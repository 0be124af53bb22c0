// Usage signals on the command line (docs/usage-signals.md), as a user runs it: spawned
// processes on real files. filter --purpose in every output form (and on
// the worker pool), check --usage (text, JSON, --urls, fetched robots.txt),
// explain's usage, audit's signal columns, and the bad --purpose error.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parse } from '../src/index.js';
import { purpose } from '../src/usage.js';
import { cli, robotsmatch } from './support/cli.js';
import { startServer, text, type TestServer } from './support/server.js';
import { scratchDir } from './support/files.js';

/** Cloudflare's managed block above the site's own rules (the groups are Google's: a group ends only at a rule). */
const CLOUDFLARE = [
  '# BEGIN Cloudflare Managed content',
  'User-Agent: *',
  'Content-signal: search=yes,ai-train=no',
  'Allow: /',
  '',
  'User-agent: GPTBot',
  'Disallow: /',
  '# END Cloudflare Managed Content',
  '',
  'User-agent: *',
  'Disallow: /cart',
  'Content-Usage: /blog/ train-ai=y',
  'License: https://example.com/license.xml',
  '',
].join('\n');

/** AIPREF's shape: the whole site opted out of training except the blog; Googlebot has its own group. */
const AIPREF = [
  'User-agent: *',
  'Disallow: /cart',
  'Content-Usage: / train-ai=n',
  'Content-Usage: /blog/ train-ai=y',
  '',
  'User-agent: Googlebot',
  'Allow: /',
  '',
].join('\n');

const PLAIN = 'User-agent: *\nDisallow: /private/\n';

const { file } = scratchDir('usage');
const cloudflare = file('cloudflare.txt', CLOUDFLARE);
const aipref = file('aipref.txt', AIPREF);
const plain = file('plain.txt', PLAIN);

const E = 'https://example.com';
/** Allowed, disallowed, opted out of train-ai, a blank line, allowed (AIPREF, for any crawler following `*`). */
const URLS = `${[`${E}/blog/a`, `${E}/cart`, `${E}/shop`, '', `${E}/blog/b`].join('\n')}\n`;
const stderrLines = (s: string) => s.split('\n').filter((l) => l !== '');

describe.skipIf(!existsSync(cli))('filter --purpose', () => {
  test('the default output keeps the URLs that may be crawled and are not opted out; the summary counts all three', async () => {
    const r = await robotsmatch(['filter', '--robots', aipref, '--agent', 'CCBot', '--purpose', 'train-ai'], URLS);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${E}/blog/a\n${E}/blog/b\n`);
    expect(r.stderr).toMatch(/^robotsmatch filter: 4 URLs, 2 allowed, 1 disallowed, 1 opted out of train-ai, /);
  });

  test('--invert writes the disallowed and the opted-out URLs', async () => {
    const r = await robotsmatch(
      ['filter', '--robots', aipref, '--agent', 'CCBot', '--purpose', 'train-ai', '--invert'],
      URLS,
    );
    expect(r.stdout).toBe(`${E}/cart\n${E}/shop\n`);
  });

  test('--verdicts and --verdicts-only label them opted-out, line for line, as the library does', async () => {
    const expected = parse(AIPREF)
      .forAgent('CCBot')
      .filterLines(URLS, 'labelled', { purpose: purpose('train-ai') });
    const r = await robotsmatch(
      ['filter', '--robots', aipref, '--agent', 'CCBot', '--purpose', 'train-ai', '--verdicts'],
      URLS,
    );
    expect(r.bytes.equals(Buffer.from(expected.output))).toBe(true);
    const out = r.stdout.split('\n');
    expect([out[0], out[1], out[2], out[4]]).toEqual([
      `allowed\t${E}/blog/a`,
      `disallowed\t${E}/cart`,
      `opted-out\t${E}/shop`,
      `allowed\t${E}/blog/b`,
    ]);
    expect(out).toHaveLength(6); // five lines, the blank one answered too
    const only = await robotsmatch(
      ['filter', '--robots', aipref, '--agent', 'CCBot', '--purpose', 'train-ai', '--verdicts-only'],
      URLS,
    );
    expect(only.stdout.split('\n').filter((_, i) => i !== 3)).toEqual([
      'allowed',
      'disallowed',
      'opted-out',
      'allowed',
      '',
    ]);
  });

  test('--json records gain optedOut (true only for a URL that may be crawled)', async () => {
    const r = await robotsmatch(
      ['filter', '--robots', aipref, '--agent', 'CCBot', '--purpose', 'train-ai', '--json'],
      URLS,
    );
    const records = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(records.map((x) => [x.url, x.allowed, x.optedOut])).toEqual([
      [`${E}/blog/a`, true, false],
      [`${E}/cart`, false, false],
      [`${E}/shop`, true, true],
      [`${E}/blog/b`, true, false],
    ]);
    expect(records[1]).toEqual({
      url: `${E}/cart`,
      allowed: false,
      line: 2,
      rule: { type: 'disallow', pattern: '/cart' },
      optedOut: false,
    });
    expect(r.stderr).toMatch(/4 URLs, 2 allowed, 1 disallowed, 1 opted out of train-ai/);
  });

  test("Cloudflare's managed file: its Content-Signal opts every crawler following * out of ai-train, whatever Content-Usage says", async () => {
    const train = await robotsmatch(
      ['filter', '--robots', cloudflare, '--crawler', 'CCBot', '--purpose', 'train-ai', '--verdicts'],
      URLS,
    );
    expect(train.stdout.split('\n').filter(Boolean)).toEqual([
      `opted-out\t${E}/blog/a`,
      `disallowed\t${E}/cart`,
      `opted-out\t${E}/shop`,
      'allowed\t',
      `opted-out\t${E}/blog/b`,
    ]);
    expect(train.stderr).toMatch(/4 URLs, 0 allowed, 1 disallowed, 3 opted out of train-ai/);
    // The alias ai-train (Content-Signal's own name) is the same purpose.
    const alias = await robotsmatch(
      ['filter', '--robots', cloudflare, '--crawler', 'CCBot', '--purpose', 'ai-train', '--verdicts'],
      URLS,
    );
    expect(alias.stdout).toBe(train.stdout);
    expect(alias.stderr).toMatch(/3 opted out of ai-train/);
    // search=yes: nothing is opted out of search.
    const search = await robotsmatch(
      ['filter', '--robots', cloudflare, '--crawler', 'CCBot', '--purpose', 'search'],
      URLS,
    );
    expect(search.stdout).toBe(`${E}/blog/a\n${E}/shop\n${E}/blog/b\n`);
    expect(search.stderr).toMatch(/4 URLs, 3 allowed, 1 disallowed, 0 opted out of search/);
    // GPTBot follows its own group: disallowed everywhere, so nothing is opted out.
    const gpt = await robotsmatch(
      ['filter', '--robots', cloudflare, '--agent', 'GPTBot', '--purpose', 'train-ai', '--verdicts-only'],
      URLS,
    );
    expect(gpt.stdout).toBe('disallowed\n'.repeat(5));
  });

  test("a crawler with its own group does not read the * group's Content-Usage", async () => {
    const r = await robotsmatch(['filter', '--robots', aipref, '--agent', 'Googlebot', '--purpose', 'train-ai'], URLS);
    expect(r.stdout).toBe(`${E}/blog/a\n${E}/cart\n${E}/shop\n${E}/blog/b\n`);
  });

  test('without --purpose nothing changes: no opted-out label, no optedOut field, the summary as before', async () => {
    const verdicts = await robotsmatch(['filter', '--robots', aipref, '--agent', 'CCBot', '--verdicts'], URLS);
    expect(verdicts.stdout).not.toContain('opted-out');
    expect(verdicts.stderr).toMatch(/^robotsmatch filter: 4 URLs, 3 allowed, 1 disallowed, [\d.]+ s/);
    const json = await robotsmatch(['filter', '--robots', aipref, '--agent', 'CCBot', '--json'], URLS);
    expect(JSON.parse(json.stdout.split('\n')[0]!)).toEqual({ url: `${E}/blog/a`, allowed: true, line: 0, rule: null });
  });

  test.each([['Train-AI'], [''], ['train ai'], ['7']])(
    'a bad --purpose %j is one stderr line naming it and the accepted ones, exit 2',
    async (purpose) => {
      const r = await robotsmatch(['filter', '--robots', aipref, '--purpose', purpose], URLS);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(stderrLines(r.stderr)).toEqual([
        `robotsmatch: --purpose must be train-ai (or ai-train), search, ai-input, or another AIPREF label in lower case (train-genai), got ${JSON.stringify(purpose)}`,
      ]);
    },
  );

  test('--purpose with no value is a usage error too', async () => {
    const r = await robotsmatch(['filter', '--robots', aipref, '--purpose']);
    expect(r.status).toBe(2);
    expect(stderrLines(r.stderr)).toEqual([
      'robotsmatch: filter: --purpose needs a value (see robotsmatch filter --help)',
    ]);
  });

  test('--help documents --purpose', async () => {
    const r = await robotsmatch(['filter', '--help']);
    expect(r.stdout).toMatch(/--purpose P\s+also leave out the URLs the file opts out of the use P/);
    expect(r.stdout).toContain('"opted-out"');
  });

  describe('on the worker pool (an input past 4 MiB: the pool starts after 4 chunks of 1 MiB)', () => {
    const count = 120_000;
    let big: string;
    let list: string[];
    beforeAll(() => {
      const kinds = ['/blog/', '/cart/', '/shop/'];
      list = Array.from({ length: count }, (_, i) => `${E}${kinds[i % 3]}${i}/${'x'.repeat(24)}`);
      big = file('big.txt', `${list.join('\n')}\n`); // about 7 MB
    });
    const workers = Math.min(2, availableParallelism());

    test('--verdicts: every line labelled as the library labels it, in order, the same with one thread', async () => {
      const pooled = await robotsmatch([
        'filter',
        '--robots',
        aipref,
        '--agent',
        'CCBot',
        '--purpose',
        'train-ai',
        '--verdicts',
        '--workers',
        '2',
        big,
      ]);
      expect(pooled.status).toBe(0);
      if (workers > 1) expect(pooled.stderr).toContain(`, ${workers} workers`);
      expect(pooled.stderr).toContain(
        `${(count).toLocaleString('en-US')} URLs, 40,000 allowed, 40,000 disallowed, 40,000 opted out of train-ai`,
      );
      const expected = parse(AIPREF)
        .forAgent('CCBot')
        .filterLines(list.join('\n'), 'labelled', { purpose: purpose('train-ai') });
      expect(pooled.bytes.equals(Buffer.from(expected.output))).toBe(true);
      const single = await robotsmatch([
        'filter',
        '--robots',
        aipref,
        '--agent',
        'CCBot',
        '--purpose',
        'train-ai',
        '--verdicts',
        '--workers',
        '1',
        big,
      ]);
      expect(single.stderr).not.toContain('workers');
      expect(single.bytes.equals(pooled.bytes)).toBe(true);
    });

    test('the default output and --invert: the workers leave the opted-out URLs out too', async () => {
      const kept = await robotsmatch([
        'filter',
        '--robots',
        aipref,
        '--agent',
        'CCBot',
        '--purpose',
        'train-ai',
        '--workers',
        '2',
        '--quiet',
        big,
      ]);
      expect(kept.stdout).toBe(`${list.filter((u) => u.includes('/blog/')).join('\n')}\n`);
      const inverted = await robotsmatch([
        'filter',
        '--robots',
        aipref,
        '--agent',
        'CCBot',
        '--purpose',
        'train-ai',
        '--invert',
        '--workers',
        '2',
        '--quiet',
        big,
      ]);
      expect(inverted.stdout).toBe(`${list.filter((u) => !u.includes('/blog/')).join('\n')}\n`);
    });

    test('--json: optedOut on every record, the same as with one thread', async () => {
      const pooled = await robotsmatch([
        'filter',
        '--robots',
        aipref,
        '--agent',
        'CCBot',
        '--purpose',
        'train-ai',
        '--json',
        '--workers',
        '2',
        big,
      ]);
      if (workers > 1) expect(pooled.stderr).toContain(`, ${workers} workers`);
      expect(pooled.stderr).toContain('40,000 opted out of train-ai');
      const records = pooled.stdout.trim().split('\n');
      expect(records).toHaveLength(count);
      for (let i = 0; i < count; i += 997) {
        const r = JSON.parse(records[i]!);
        expect([r.url, r.allowed, r.optedOut]).toEqual([list[i], i % 3 !== 1, i % 3 === 2]);
      }
      const single = await robotsmatch([
        'filter',
        '--robots',
        aipref,
        '--agent',
        'CCBot',
        '--purpose',
        'train-ai',
        '--json',
        '--workers',
        '1',
        big,
      ]);
      expect(single.bytes.equals(pooled.bytes)).toBe(true);
    });
  });
});

describe.skipIf(!existsSync(cli))('check --usage', () => {
  test('text: the usage statements that apply, a line each under the verdict', async () => {
    const r = await robotsmatch([
      'check',
      `${E}/blog/post`,
      `${E}/cart`,
      '--robots',
      cloudflare,
      '--crawler',
      'CCBot',
      '--usage',
    ]);
    expect(r.status).toBe(1); // /cart is disallowed
    expect(r.stdout).toBe(
      [
        `allowed     ${E}/blog/post  (line 4: Allow: /)`,
        '  Content-Signal (line 3): search=yes, ai-train=no',
        '  Content-Usage (line 12, /blog/): train-ai=y',
        '  License: https://example.com/license.xml',
        `disallowed  ${E}/cart  (line 11: Disallow: /cart)`,
        '  Content-Signal (line 3): search=yes, ai-train=no',
        '  License: https://example.com/license.xml',
        '',
      ].join('\n'),
    );
  });

  test('GPTBot follows its own group: only the site-wide license applies; a file without such lines says none does', async () => {
    const gpt = await robotsmatch(['check', `${E}/blog/post`, '--robots', cloudflare, '--agent', 'GPTBot', '--usage']);
    expect(gpt.stdout).toBe(
      `disallowed  ${E}/blog/post  (line 7: Disallow: /)\n  License: https://example.com/license.xml\n`,
    );
    const none = await robotsmatch(['check', `${E}/`, '--robots', plain, '--usage']);
    expect(none.stdout).toBe(
      `allowed     ${E}/  (no rule applies)\n  no Content-Signal, Content-Usage or License line applies\n`,
    );
  });

  test('a Content-Usage rule with no path covers the whole group', async () => {
    const whole = file('whole.txt', 'User-agent: *\nContent-Usage: train-ai=n, search=y\n');
    const r = await robotsmatch(['check', `${E}/x`, '--robots', whole, '--usage']);
    expect(r.stdout).toBe(
      `allowed     ${E}/x  (no rule applies)\n  Content-Usage (line 2, the whole group): train-ai=n, search=y\n`,
    );
  });

  test('thousands of Content-Signal lines: ranges, or the first ten and a count, in text; every line in JSON', async () => {
    const consecutive = file(
      'signals.txt',
      `User-agent: *\nDisallow: /private\n${'Content-Signal: search=yes, ai-train=no\n'.repeat(8000)}`,
    );
    const r = await robotsmatch(['check', `${E}/a`, '--robots', consecutive, '--usage']);
    expect(r.stdout).toBe(
      `allowed     ${E}/a  (no rule applies)\n  Content-Signal (lines 3-8002): search=yes, ai-train=no\n`,
    );
    const json = await robotsmatch(['check', `${E}/a`, '--robots', consecutive, '--usage', '--json']);
    expect(JSON.parse(json.stdout).usage.contentSignal.lines).toHaveLength(8000);
    const groups = file(
      'signal-groups.txt',
      Array.from({ length: 100 }, (_, i) => `User-agent: *\nContent-Signal: ai-train=no\nDisallow: /p${i}\n`).join(''),
    );
    const spread = await robotsmatch(['check', `${E}/a`, '--robots', groups, '--usage']);
    expect(spread.stdout).toBe(
      `allowed     ${E}/a  (no rule applies)\n  Content-Signal (lines 2, 5, 8, 11, 14, 17, 20, 23, 26, 29, ... 299 (100 lines)): ai-train=no\n`,
    );
  });

  test('--json: each record gains usage {contentSignal, contentUsage, licenses}; without --usage it has none', async () => {
    const r = await robotsmatch([
      'check',
      `${E}/blog/post`,
      '--robots',
      cloudflare,
      '--crawler',
      'CCBot',
      '--usage',
      '--json',
    ]);
    const record = JSON.parse(r.stdout);
    expect(record).toMatchObject({ url: `${E}/blog/post`, allowed: true, line: 4 });
    expect(record.usage).toEqual({
      contentSignal: { values: { search: 'yes', 'ai-train': 'no' }, lines: [3] },
      contentUsage: { preferences: { 'train-ai': 'y' }, lines: [12], path: '/blog/' },
      licenses: ['https://example.com/license.xml'],
    });
    const without = await robotsmatch([
      'check',
      `${E}/blog/post`,
      '--robots',
      cloudflare,
      '--crawler',
      'CCBot',
      '--json',
    ]);
    expect(JSON.parse(without.stdout)).not.toHaveProperty('usage');
    const disallowed = await robotsmatch([
      'check',
      `${E}/cart`,
      '--robots',
      cloudflare,
      '--crawler',
      'CCBot',
      '--usage',
      '--json',
    ]);
    expect(JSON.parse(disallowed.stdout).usage.contentUsage).toBeNull(); // preferences apply only to what may be crawled
  });

  test('--urls: every listed URL gets its usage too, in text and JSON', async () => {
    const list = file('list.txt', `${E}/blog/a\n${E}/shop\n`);
    const r = await robotsmatch(['check', '--urls', list, '--robots', aipref, '--agent', 'CCBot', '--usage']);
    expect(r.stdout).toBe(
      [
        `allowed     ${E}/blog/a  (no rule applies)`,
        '  Content-Usage (line 4, /blog/): train-ai=y',
        `allowed     ${E}/shop  (no rule applies)`,
        '  Content-Usage (line 3, /): train-ai=n',
        '',
      ].join('\n'),
    );
    const json = await robotsmatch([
      'check',
      '--urls',
      list,
      '--robots',
      aipref,
      '--agent',
      'CCBot',
      '--usage',
      '--json',
    ]);
    expect(
      json.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).usage.contentUsage.preferences),
    ).toEqual([{ 'train-ai': 'y' }, { 'train-ai': 'n' }]);
  });

  describe("each URL's own robots.txt, fetched", () => {
    let server: TestServer;
    let down: string;
    beforeAll(async () => {
      server = await startServer();
      server.route('/robots.txt', text(200, CLOUDFLARE));
      const closed = await startServer();
      down = closed.origin;
      await closed.close();
    });
    afterAll(() => server.close());

    test('the usage of the robots.txt that answered; nothing known of an unreachable one', async () => {
      const r = await robotsmatch([
        'check',
        `${server.origin}/blog/post`,
        `${server.origin}/cart`,
        `${down}/x`,
        '--crawler',
        'CCBot',
        '--usage',
      ]);
      expect(r.stdout.split('\n')).toEqual([
        `allowed     ${server.origin}/blog/post  (line 4: Allow: /)  [${server.origin}/robots.txt: ok 200]`,
        '  Content-Signal (line 3): search=yes, ai-train=no',
        '  Content-Usage (line 12, /blog/): train-ai=y',
        '  License: https://example.com/license.xml',
        `disallowed  ${server.origin}/cart  (line 11: Disallow: /cart)  [${server.origin}/robots.txt: ok 200]`,
        '  Content-Signal (line 3): search=yes, ai-train=no',
        '  License: https://example.com/license.xml',
        `disallowed  ${down}/x  (robots.txt unreachable: every URL is disallowed for now)  [${down}/robots.txt: unreachable]`,
        '  no Content-Signal, Content-Usage or License line applies',
        '',
      ]);
      // One fetch of the robots.txt for both of its URLs, their usage included.
      expect(server.requests.filter((q) => q.path === '/robots.txt')).toHaveLength(1);
      const json = await robotsmatch([
        'check',
        `${server.origin}/blog/post`,
        '--crawler',
        'CCBot',
        '--usage',
        '--json',
      ]);
      expect(JSON.parse(json.stdout).usage.contentUsage).toEqual({
        preferences: { 'train-ai': 'y' },
        lines: [12],
        path: '/blog/',
      });
    });
  });

  test('--help documents --usage', async () => {
    const r = await robotsmatch(['check', '--help']);
    expect(r.stdout).toMatch(/--usage\s+also show the usage signals/);
  });
});

describe.skipIf(!existsSync(cli))('explain shows the usage statements and why', () => {
  test('text: the statements that apply, then why in sentences', async () => {
    const r = await robotsmatch(['explain', `${E}/blog/post`, '--robots', cloudflare, '--crawler', 'CCBot']);
    expect(r.status).toBe(0);
    const rows = r.stdout.split('\n');
    const at = rows.findIndex((l) => l.startsWith('usage '));
    expect(rows.slice(at, at + 4).map((l) => l.replace(/^\S*\s+/, ''))).toEqual([
      'Content-Signal (line 3): search=yes, ai-train=no',
      'Content-Usage (line 12, /blog/): train-ai=y',
      'License: https://example.com/license.xml',
      'Line 3 `Content-signal: search=yes,ai-train=no` is in the group it follows. Line 12 `Content-Usage: /blog/ train-ai=y` is the longest Content-Usage path matching /blog/post. The file names a license for the whole site (License lines belong to no group).',
    ]);
  });

  test("a crawler with its own group: why the * group's signal does not apply to it", async () => {
    const r = await robotsmatch(['explain', `${E}/blog/post`, '--robots', cloudflare, '--agent', 'GPTBot']);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^usage +License: https:\/\/example.com\/license.xml$/m);
    expect(r.stdout).toContain(
      "The `*` group's Content-Signal on line 3 does not apply: it follows its own group, which has none.",
    );
  });

  test('a file without usage lines reads as before: no usage row', async () => {
    const r = await robotsmatch(['explain', `${E}/private/a`, '--robots', plain]);
    expect(r.stdout).not.toMatch(/^usage/m);
    expect(r.stdout).not.toContain('Content-Signal');
  });

  test('--json: usage with the statements and why', async () => {
    const r = await robotsmatch(['explain', `${E}/blog/post`, '--robots', cloudflare, '--crawler', 'CCBot', '--json']);
    const e = JSON.parse(r.stdout);
    expect(e.usage).toMatchObject({
      contentSignal: { values: { search: 'yes', 'ai-train': 'no' }, lines: [3] },
      contentUsage: { preferences: { 'train-ai': 'y' }, lines: [12], path: '/blog/' },
      licenses: ['https://example.com/license.xml'],
    });
    expect(e.usage.why).toMatch(/longest Content-Usage path matching \/blog\/post/);
  });
});

describe.skipIf(!existsSync(cli))('audit shows the usage signals', () => {
  test('the table gains "signals" and "usage /" columns, and the license under it', async () => {
    const r = await robotsmatch(['audit', cloudflare, '--crawlers', 'GPTBot,CCBot']);
    expect(r.status).toBe(0);
    // The summary above the table says what may surprise (audit-surprises.test.ts); the table follows it.
    const [summary, table] = r.stdout.split('\n\n');
    expect(summary).toBe('What may surprise you:\n- AI crawlers blocked: GPTBot, while CCBot may fetch /.');
    const rows = table!.split('\n');
    expect(rows[0]).toMatch(/^crawler\s+operator\s+purpose\s+group\s+\/\s+signals\s+usage \/\s+access$/);
    expect(rows[1]).toMatch(/^GPTBot\s+OpenAI\s+ai-training\s+GPTBot\s+disallowed \(line 7\)\s+-\s+-\s+blocked$/);
    expect(rows[2]).toMatch(
      /^CCBot\s+Common Crawl\s+archive, ai-training\s+\*\s+allowed \(line 4\)\s+search=yes, ai-train=no\s+-\s+partly: \/cart$/,
    );
    expect(rows.slice(3)).toEqual(['License: https://example.com/license.xml', '']);
  });

  test('usage / shows the Content-Usage preferences for /', async () => {
    const r = await robotsmatch(['audit', aipref, '--crawlers', 'CCBot,Googlebot']);
    expect(r.stdout).toMatch(/^CCBot\s+.*\s+allowed\s+-\s+train-ai=n\s+partly: \/cart$/m);
    expect(r.stdout).toMatch(/^Googlebot\s+.*\s+allowed \(line 7\)\s+-\s+-\s+open$/m);
  });

  test('a file without usage signals has the table as before', async () => {
    const r = await robotsmatch(['audit', plain, '--crawlers', 'CCBot']);
    expect(r.stdout).toMatch(/^crawler\s+operator\s+purpose\s+group\s+\/\s+access\n/);
    expect(r.stdout).not.toContain('signals');
  });

  test('--json: contentSignal, contentUsage and licenses per row; --csv: the same as text cells', async () => {
    const r = await robotsmatch(['audit', cloudflare, aipref, '--crawlers', 'GPTBot,CCBot', '--json']);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(
      rows.map((x) => [x.robots.split('/').pop(), x.crawler, x.contentSignal, x.contentUsage, x.licenses]),
    ).toEqual([
      ['cloudflare.txt', 'GPTBot', null, null, ['https://example.com/license.xml']],
      [
        'cloudflare.txt',
        'CCBot',
        { values: { search: 'yes', 'ai-train': 'no' }, lines: [3] },
        null,
        ['https://example.com/license.xml'],
      ],
      ['aipref.txt', 'GPTBot', null, { preferences: { 'train-ai': 'n' }, lines: [3], path: '/' }, []],
      ['aipref.txt', 'CCBot', null, { preferences: { 'train-ai': 'n' }, lines: [3], path: '/' }, []],
    ]);
    const csv = await robotsmatch(['audit', cloudflare, aipref, '--crawlers', 'CCBot', '--csv']);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe(
      'robots,crawler,operator,purpose,group,allowed,line,access,example,readsRobotsTxt,contentSignal,contentUsage,licenses,body,usageConflicts',
    );
    expect(lines[1]).toMatch(/,CCBot,.*,"search=yes, ai-train=no",,https:\/\/example.com\/license.xml,,$/);
    expect(lines[2]).toMatch(/,CCBot,.*,,train-ai=n,,,$/);
  });
});
