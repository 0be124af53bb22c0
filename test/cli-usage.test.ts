// Usage signals on the command line (issue 21), as a user runs it: spawned
// processes on real files. filter --purpose in every output form (and on
// the worker pool), check --usage (text, JSON, --urls, fetched robots.txt),
// explain's usage, audit's signal columns, and the bad --purpose error.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from '../src/index.js';
import { cli, robotsmatch } from './support/cli.js';
import { startServer, text, type TestServer } from './support/server.js';

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

let dir: string;
let cloudflare: string;
let aipref: string;
let plain: string;
const file = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'robotsmatch-usage-'));
  cloudflare = file('cloudflare.txt', CLOUDFLARE);
  aipref = file('aipref.txt', AIPREF);
  plain = file('plain.txt', PLAIN);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const E = 'https://example.com';
/** Allowed, disallowed, opted out of train-ai, a blank line, allowed (AIPREF, for any crawler following `*`). */
const URLS = [`${E}/blog/a`, `${E}/cart`, `${E}/shop`, '', `${E}/blog/b`].join('\n') + '\n';
const stderrLines = (s: string) => s.split('\n').filter((l) => l !== '');

describe.skipIf(!existsSync(cli))('check --usage', () => {
  test('text: the usage statements that apply, a line each under the verdict', async () => {
    const r = await robotsmatch(['check', `${E}/blog/post`, `${E}/cart`, '--robots', cloudflare, '--crawler', 'CCBot', '--usage']);
    expect(r.status).toBe(1); // /cart is disallowed
    expect(r.stdout).toBe([
      `allowed     ${E}/blog/post  (line 4: Allow: /)`,
      '  Content-Signal (line 3): search=yes, ai-train=no',
      '  Content-Usage (line 12, /blog/): train-ai=y',
      '  License: https://example.com/license.xml',
      `disallowed  ${E}/cart  (line 11: Disallow: /cart)`,
      '  Content-Signal (line 3): search=yes, ai-train=no',
      '  License: https://example.com/license.xml',
      '',
    ].join('\n'));
  });

  test('GPTBot follows its own group: only the site-wide license applies; a file without such lines says none does', async () => {
    const gpt = await robotsmatch(['check', `${E}/blog/post`, '--robots', cloudflare, '--agent', 'GPTBot', '--usage']);
    expect(gpt.stdout).toBe(`disallowed  ${E}/blog/post  (line 7: Disallow: /)\n  License: https://example.com/license.xml\n`);
    const none = await robotsmatch(['check', `${E}/`, '--robots', plain, '--usage']);
    expect(none.stdout).toBe(`allowed     ${E}/  (no rule applies)\n  no Content-Signal, Content-Usage or License line applies\n`);
  });

  test('a Content-Usage rule with no path covers the whole group', async () => {
    const whole = file('whole.txt', 'User-agent: *\nContent-Usage: train-ai=n, search=y\n');
    const r = await robotsmatch(['check', `${E}/x`, '--robots', whole, '--usage']);
    expect(r.stdout).toBe(`allowed     ${E}/x  (no rule applies)\n  Content-Usage (line 2, the whole group): train-ai=n, search=y\n`);
  });

  test('--json: each record gains usage {contentSignal, contentUsage, licenses}; without --usage it has none', async () => {
    const r = await robotsmatch(['check', `${E}/blog/post`, '--robots', cloudflare, '--crawler', 'CCBot', '--usage', '--json']);
    const record = JSON.parse(r.stdout);
    expect(record).toMatchObject({ url: `${E}/blog/post`, allowed: true, line: 4 });
    expect(record.usage).toEqual({
      contentSignal: { values: { search: 'yes', 'ai-train': 'no' }, lines: [3] },
      contentUsage: { preferences: { 'train-ai': 'y' }, lines: [12], path: '/blog/' },
      licenses: ['https://example.com/license.xml'],
    });
    const without = await robotsmatch(['check', `${E}/blog/post`, '--robots', cloudflare, '--crawler', 'CCBot', '--json']);
    expect(JSON.parse(without.stdout)).not.toHaveProperty('usage');
    const disallowed = await robotsmatch(['check', `${E}/cart`, '--robots', cloudflare, '--crawler', 'CCBot', '--usage', '--json']);
    expect(JSON.parse(disallowed.stdout).usage.contentUsage).toBeNull(); // preferences apply only to what may be crawled
  });

  test('--urls: every listed URL gets its usage too, in text and JSON', async () => {
    const list = file('list.txt', `${E}/blog/a\n${E}/shop\n`);
    const r = await robotsmatch(['check', '--urls', list, '--robots', aipref, '--agent', 'CCBot', '--usage']);
    expect(r.stdout).toBe([
      `allowed     ${E}/blog/a  (no rule applies)`,
      '  Content-Usage (line 4, /blog/): train-ai=y',
      `allowed     ${E}/shop  (no rule applies)`,
      '  Content-Usage (line 3, /): train-ai=n',
      '',
    ].join('\n'));
    const json = await robotsmatch(['check', '--urls', list, '--robots', aipref, '--agent', 'CCBot', '--usage', '--json']);
    expect(json.stdout.trim().split('\n').map((l) => JSON.parse(l).usage.contentUsage.preferences)).toEqual([{ 'train-ai': 'y' }, { 'train-ai': 'n' }]);
  });

  describe('each URL\'s own robots.txt, fetched', () => {
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
      const r = await robotsmatch(['check', `${server.origin}/blog/post`, `${server.origin}/cart`, `${down}/x`, '--crawler', 'CCBot', '--usage']);
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
      const json = await robotsmatch(['check', `${server.origin}/blog/post`, '--crawler', 'CCBot', '--usage', '--json']);
      expect(JSON.parse(json.stdout).usage.contentUsage).toEqual({ preferences: { 'train-ai': 'y' }, lines: [12], path: '/blog/' });
    });
  });

  test('--help documents --usage', async () => {
    const r = await robotsmatch(['check', '--help']);
    expect(r.stdout).toMatch(/--usage\s+also show the usage signals/);
  });
});
