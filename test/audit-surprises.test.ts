// `robotsmatch audit` puts a short "What may surprise you" summary above a
// file's table, on real-world-shaped files: search crawlers blocked by a
// merged Crawl-delay group, AI crawlers half blocked, crawlers that escape
// `*` through their own group or ignore it, fallbacks to another token's
// group, a Crawl-delay Google ignores. Nothing when there is no surprise, and
// never in --json or --csv.
import { describe, expect, test } from 'vitest';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cli, robotsmatch } from './support/cli.js';
import { scratchDir } from './support/files.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/lint/${name}`, import.meta.url));
const { file } = scratchDir('audit-surprises');

/** The summary's sentences, or null when the output starts with the table. */
const summaryOf = (stdout: string) => {
  if (!stdout.startsWith('What may surprise you:\n')) return null;
  return stdout.slice(0, stdout.indexOf('\n\n')).split('\n').slice(1);
};

describe.skipIf(!existsSync(cli))('audit: what may surprise you', () => {
  test('a news site: bingbot blocked by its merged Crawl-delay group, GPTBot blocked while other AI crawlers are not', async () => {
    const r = await robotsmatch(['audit', fixture('silences.txt')]);
    expect(r.status).toBe(0);
    expect(summaryOf(r.stdout)).toEqual([
      '- Search crawlers blocked: bingbot, BingPreview and Slurp, while Googlebot, Googlebot-Image, Googlebot-Video and 36 more search crawlers may fetch /.',
      '- AI crawlers blocked: GPTBot, while GoogleOther, GoogleOther-Image, GoogleOther-Video and 71 more AI crawlers may fetch /.',
      "- Googlebot-Image, Googlebot-Video, Googlebot-News and 3 more crawlers have no group of their own and follow Googlebot's group.",
      "- Google's crawlers ignore the Crawl-delay on lines 6 and 13: only crawlers that read it (bingbot among them) wait between requests.",
    ]);
    expect(r.stdout.split('\n\n')[1]).toMatch(/^crawler +operator/);
  });

  test('a blog whose Googlebot group escapes the `*` rules, and AdsBot that ignores them', async () => {
    const r = await robotsmatch(['audit', fixture('fortune.txt'), '--crawlers', 'Googlebot,AdsBot-Google,bingbot']);
    expect(summaryOf(r.stdout)).toEqual([
      "- Googlebot and bingbot follow a group other than `*` (their own or another crawler's), so they may fetch /wp-admin/, /preview/, /?utm_source= and 2 more paths that `*` disallows.",
      '- AdsBot-Google ignores the `*` group, so it may fetch /wp-admin/, /?s=, /search/ and 2 more paths that `*` disallows.',
      "- Google's crawlers ignore the Crawl-delay on line 34: only crawlers that read it (bingbot among them) wait between requests.",
    ]);
  });

  test('nothing when nothing surprises: every crawler follows `*`, no Crawl-delay', async () => {
    const path = file('plain.txt', 'User-agent: *\nDisallow: /admin/\n');
    const r = await robotsmatch(['audit', path, '--crawlers', 'Googlebot,bingbot,GPTBot']);
    expect(summaryOf(r.stdout)).toBeNull();
    expect(r.stdout).toMatch(/^crawler +operator/);
  });

  test('--json and --csv stay one record per row', async () => {
    const json = await robotsmatch(['audit', fixture('silences.txt'), '--json', '--crawlers', 'bingbot']);
    expect(
      json.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).crawler),
    ).toEqual(['bingbot']);
    const csv = await robotsmatch(['audit', fixture('silences.txt'), '--csv', '--crawlers', 'bingbot']);
    expect(csv.stdout).toMatch(/^robots,crawler,/);
    expect(csv.stdout).not.toContain('surprise');
  });
});
