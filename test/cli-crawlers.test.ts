// The command line for crawlers, as a user runs it: spawned processes on
// real files. robotsmatch crawlers, identify, audit, and --crawler /
// repeated --agent on check, explain and filter.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { robotsmatch } from './support/cli.js';

let dir: string;
let file: string;
const BODY =
  'User-agent: GPTBot\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /nogoogle\n\nUser-agent: *\nDisallow: /private/\n';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'robotsmatch-crawlers-'));
  file = join(dir, 'robots.txt');
  writeFileSync(file, BODY);
  mkdirSync(join(dir, 'sites'));
  writeFileSync(join(dir, 'sites', 'a.example.txt'), 'User-agent: *\nDisallow: /\n');
  writeFileSync(join(dir, 'sites', 'b.example.txt'), 'User-agent: CCBot\nDisallow: /\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('robotsmatch crawlers', () => {
  test('a table of the registry; --purpose ai; --json one entry per line', async () => {
    const all = await robotsmatch(['crawlers']);
    expect(all.status).toBe(0);
    expect(all.stdout).toMatch(/^crawler\s+operator\s+purposes\s+tokens/);
    expect(all.stdout).toMatch(/CCBot\s+Common Crawl\s+archive, ai-training\s+CCBot/);
    expect(all.stdout).toMatch(/TikTokSpider\s.*not documented/);
    expect(all.stdout).toMatch(/MJ12bot\s+Majestic\s+seo\s+MJ \(Google reads MJ12bot as MJ\)/);
    expect(all.stdout).toMatch(/Googlebot-Image\s+Google\s+search\s+Googlebot-Image > Googlebot/);
    const ai = await robotsmatch(['crawlers', '--purpose', 'ai', '--json']);
    const entries = ai.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(entries.every((e) => e.purposes.some((p: string) => p.startsWith('ai-')))).toBe(true);
    expect(entries.map((e) => e.name)).toEqual(
      expect.arrayContaining(['GPTBot', 'CCBot', 'Diffbot', 'omgili', 'ImagesiftBot', 'aiHitBot']),
    );
    const bad = await robotsmatch(['crawlers', '--purpose', 'robots']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--purpose must be one of/);
  });
});

describe('robotsmatch identify', () => {
  test('a crawler hiding in a browser-like header; exit 0', async () => {
    const r = await robotsmatch([
      'identify',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
    ]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('GPTBot  (OpenAI, ai-training; follows the group of GPTBot, then *)\n');
  });
  test('a browser is nobody; exit 1', async () => {
    const r = await robotsmatch([
      'identify',
      'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      '--json',
    ]);
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ crawlers: [], bot: false });
  });
});

describe('robotsmatch audit', () => {
  test('a table of crawlers, their group and access', async () => {
    const r = await robotsmatch(['audit', file, '--crawlers', 'GPTBot,ClaudeBot,Googlebot-Image,AdsBot-Google']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/GPTBot\s+OpenAI\s+ai-training\s+GPTBot\s+disallowed \(line 2\)\s+blocked/);
    expect(r.stdout).toMatch(/ClaudeBot\s+Anthropic\s+ai-training\s+\*\s+allowed\s+partly: \/private\//);
    expect(r.stdout).toMatch(/Googlebot-Image\s+Google\s+search\s+Googlebot\s+allowed\s+partly: \/nogoogle/);
    expect(r.stdout).toMatch(/AdsBot-Google\s+Google\s+ads\s+\(none\)\s+allowed\s+open/);
  });
  test('partly names one path and counts the others as "+N more" (table and --json; CSV keeps its columns)', async () => {
    const shop = join(dir, 'shop.txt');
    writeFileSync(
      shop,
      'User-agent: *\nDisallow: /cart/\nDisallow: /checkout/\nDisallow: /account/\nDisallow: /search\n',
    );
    const r = await robotsmatch(['audit', shop, '--crawlers', 'GPTBot']);
    expect(r.stdout).toMatch(/GPTBot\s+OpenAI\s+ai-training\s+\*\s+allowed\s+partly: \/cart\/ \+3 more$/m);
    const json = await robotsmatch(['audit', shop, '--crawlers', 'GPTBot', '--json']);
    expect(JSON.parse(json.stdout.trim())).toMatchObject({ access: 'partly', example: '/cart/', more: 3 });
    const csv = await robotsmatch(['audit', shop, '--crawlers', 'GPTBot', '--csv']);
    const [header, row] = csv.stdout.trim().split('\n');
    expect(row!.split(',').length).toBe(header!.split(',').length);
    // One rule: nothing more to count.
    const one = join(dir, 'one.txt');
    writeFileSync(one, 'User-agent: *\nDisallow: /cart/\n');
    expect((await robotsmatch(['audit', one, '--crawlers', 'GPTBot'])).stdout).toMatch(/partly: \/cart\/$/m);
  });
  test('a body that is not a robots.txt is marked above its table and in the body column', async () => {
    writeFileSync(
      join(dir, 'home.html'),
      '<!DOCTYPE html>\n<html><head><title>Welcome</title></head><body>Shop</body></html>\n',
    );
    writeFileSync(join(dir, 'notfound.txt'), '404 Not Found\n');
    writeFileSync(join(dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
    const html = await robotsmatch(['audit', join(dir, 'home.html'), '--crawlers', 'GPTBot']);
    expect(html.status).toBe(0);
    expect(html.stdout.split('\n')[0]).toMatch(/^NOT A ROBOTS\.TXT: this body is an HTML page/);
    expect(html.stdout).toMatch(/GPTBot\s+OpenAI\s+ai-training\s+\(none\)\s+allowed\s+open/);
    const json = await robotsmatch([
      'audit',
      join(dir, 'home.html'),
      join(dir, 'notfound.txt'),
      join(dir, 'logo.png'),
      file,
      '--crawlers',
      'GPTBot',
      '--json',
    ]);
    expect(
      json.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).body),
    ).toEqual(['html', 'error', 'binary', null]);
    const plain = await robotsmatch(['audit', file, '--crawlers', 'GPTBot']);
    expect(plain.stdout).not.toMatch(/NOT A ROBOTS/);
  });
  test('Content-Signal and Content-Usage that disagree get a sentence under the table and a column', async () => {
    const both = join(dir, 'both.txt');
    writeFileSync(
      both,
      'User-agent: *\nContent-Signal: search=yes, ai-train=no\nContent-Usage: train-ai=y\nAllow: /\n',
    );
    const r = await robotsmatch(['audit', both, '--crawlers', 'GPTBot,CCBot']);
    expect(r.stdout).toMatch(
      /Disagreement on train-ai for GPTBot, CCBot: Content-Signal says ai-train=no, Content-Usage says train-ai=y for \/\. Where both are read, the stricter \(no\) applies/,
    );
    const csv = await robotsmatch(['audit', both, '--crawlers', 'GPTBot', '--csv']);
    expect(csv.stdout.trim().split('\n')[1]).toMatch(/,Content-Signal ai-train=no \/ Content-Usage train-ai=y$/);
    const agree = join(dir, 'agree.txt');
    writeFileSync(
      agree,
      'User-agent: *\nContent-Signal: search=yes, ai-train=no\nContent-Usage: train-ai=n\nAllow: /\n',
    );
    expect((await robotsmatch(['audit', agree, '--crawlers', 'GPTBot'])).stdout).not.toMatch(/Disagreement/);
  });
  test('a crawler whose robots.txt behaviour no operator documents reads "not documented", never "ignores robots.txt"', async () => {
    const r = await robotsmatch(['audit', file, '--crawlers', 'TikTokSpider,OAI-AdsBot,Bytespider']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/TikTokSpider\s.*\(robots\.txt behaviour not documented\)/);
    expect(r.stdout).toMatch(/OAI-AdsBot\s.*\(robots\.txt behaviour not documented\)/);
    expect(r.stdout).toMatch(/Bytespider\s.*\(ignores robots\.txt\)/); // ai.robots.txt reports it
    expect(r.stdout).not.toMatch(/TikTokSpider\s.*ignores/);
  });
  test('a directory, --json: one object per file and crawler', async () => {
    const r = await robotsmatch(['audit', join(dir, 'sites'), '--crawlers', 'CCBot,GPTBot', '--json']);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((x) => [x.robots.split('/').pop(), x.crawler, x.group, x.allowed, x.line, x.access])).toEqual([
      ['a.example.txt', 'CCBot', '*', false, 2, 'blocked'],
      ['a.example.txt', 'GPTBot', '*', false, 2, 'blocked'],
      ['b.example.txt', 'CCBot', 'CCBot', false, 2, 'blocked'],
      ['b.example.txt', 'GPTBot', null, true, 0, 'open'],
    ]);
  });
  test('--csv has a header row; an unknown crawler is one error line and exit 2', async () => {
    const csv = await robotsmatch(['audit', file, '--crawlers', 'GPTBot', '--csv']);
    expect(csv.stdout.split('\n')[0]).toBe(
      'robots,crawler,operator,purpose,group,allowed,line,access,example,readsRobotsTxt,contentSignal,contentUsage,licenses,body,usageConflicts',
    );
    const bad = await robotsmatch(['audit', file, '--crawlers', 'NoSuchBot']);
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/NoSuchBot/);
  });
});

describe('--crawler and repeated --agent on check, explain and filter', () => {
  test("check --crawler follows the fallback group; a plain --agent is Google's token matching", async () => {
    const image = await robotsmatch([
      'check',
      'https://e.com/nogoogle',
      '--robots',
      file,
      '--crawler',
      'Googlebot-Image',
    ]);
    expect(image.stdout).toMatch(/^disallowed {2}https:\/\/e.com\/nogoogle {2}\(line 5: Disallow: \/nogoogle\)/);
    const token = await robotsmatch([
      'check',
      'https://e.com/nogoogle',
      '--robots',
      file,
      '--agent',
      'Googlebot-Image',
    ]);
    expect(token.stdout).toMatch(/^allowed/);
    const ads = await robotsmatch([
      'check',
      'https://e.com/private/x',
      '--robots',
      file,
      '--crawler',
      'AdsBot-Google',
      '--json',
    ]);
    expect(JSON.parse(ads.stdout)).toMatchObject({ agent: 'AdsBot-Google', allowed: true, line: 0 });
  });
  test('repeated --agent is a union; --agent * gets the * rules', async () => {
    const union = await robotsmatch([
      'check',
      'https://e.com/nogoogle',
      'https://e.com/x',
      '--robots',
      file,
      '--agent',
      'Googlebot',
      '--agent',
      'GPTBot',
    ]);
    expect(
      union.stdout
        .split('\n')
        .slice(0, 2)
        .map((l) => l.slice(0, 10).trim()),
    ).toEqual(['disallowed', 'disallowed']);
    const star = await robotsmatch(['check', 'https://e.com/private/x', '--robots', file, '--agent', '*']);
    expect(star.stdout).toMatch(/^disallowed .*line 8/);
  });
  test('explain says which token chose the group', async () => {
    const r = await robotsmatch([
      'explain',
      'https://e.com/nogoogle',
      '--robots',
      file,
      '--crawler',
      'Googlebot-Image',
    ]);
    expect(r.stdout).toContain('group     no group names Googlebot-Image, so it follows the Googlebot group');
  });
  test('filter --crawler', async () => {
    const r = await robotsmatch(
      ['filter', '--robots', file, '--crawler', 'Googlebot-Image'],
      'https://e.com/nogoogle\nhttps://e.com/private/x\n',
    );
    expect(r.stdout).toBe('https://e.com/private/x\n');
  });
  test('--agent with --crawler, or an unknown crawler, is one error line and exit 2', async () => {
    const both = await robotsmatch([
      'check',
      'https://e.com/',
      '--robots',
      file,
      '--agent',
      'x',
      '--crawler',
      'GPTBot',
    ]);
    expect([both.status, both.stderr.trim()]).toEqual([2, 'robotsmatch: give --agent or --crawler, not both']);
    const unknown = await robotsmatch(['check', 'https://e.com/', '--robots', file, '--crawler', 'NoSuchBot']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/not a known crawler/);
  });
});
