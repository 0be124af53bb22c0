// delay-group-merged as a site owner meets it: `robotsmatch lint` says what
// Google's reading and the record reading (Python's robotparser) each do
// with a Crawl-delay group that runs into the next one, and who reads the
// delay; `--fix --unsafe-fixes` ends the group with `Disallow:`, and every
// reading then agrees.
import { describe, expect, test } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { cli, robotsmatch } from './support/cli.js';
import { scratchDir } from './support/files.js';

const { file } = scratchDir('delay-group');

const BING =
  'User-agent: bingbot\nCrawl-delay: 5\n\nUser-agent: MJ12bot\nUser-agent: AhrefsBot\nDisallow: /\n\nUser-agent: *\nDisallow: /admin/\n';
// Googlebot and Slurp above one Crawl-delay: the fix goes under the last of them, so Slurp stays with Googlebot.
const TWO = 'User-agent: Googlebot\nUser-agent: Slurp\nCrawl-delay: 10\nUser-agent: BadBot\nDisallow: /\n';

const verdict = async (path: string, agent: string, url = 'https://example.com/') =>
  (await robotsmatch(['check', url, '--robots', path, '--agent', agent])).status;

describe.skipIf(!existsSync(cli))('delay-group-merged', () => {
  test('the message says what Google reads, what a record-reading parser reads, and who reads the delay', async () => {
    const r = await robotsmatch(['lint', file('bing.txt', BING), '--select', 'delay-group-merged']);
    expect(r.status).toBe(1);
    const first = r.stdout.split('\n')[0]!;
    expect(first).toContain(
      ':1: error delay-group-merged: `bingbot` has no rule before the next User-agent line (line 4). Google reads lines 1 to 6 as one group, so it follows its rules (`Disallow: /`) and may fetch no URL of this site.',
    );
    expect(first).toContain(
      "Parsers that start a new group at line 4 (Python's robotparser) give it a group with no rule: it may fetch every URL.",
    );
    expect(first).toContain(
      'bingbot reads the Crawl-delay; Microsoft does not document which of the two readings it uses.',
    );
    expect(first).toMatch(/See docs\/lint\/delay-group-merged\.md\.$/);
    expect(r.stdout).toContain('unsafe fix: User-agent: bingbot\n                Disallow:\n');
    expect(r.stderr).toMatch(/1 with --fix --unsafe-fixes/);
  });

  test("a Google crawler among them is said to read the file Google's way", async () => {
    const r = await robotsmatch(['lint', file('two.txt', TWO), '--select', 'delay-group-merged']);
    const first = r.stdout.split('\n')[0]!;
    expect(first).toContain(':2: error delay-group-merged: `Googlebot` and `Slurp` have no rule');
    expect(first).toContain(
      'Google reads lines 1 to 5 as one group (Googlebot reads it so, and ignores the Crawl-delay)',
    );
    expect(first).toContain('Slurp reads the Crawl-delay; Yahoo does not document');
  });

  test('--fix leaves it (the fix is unsafe); --fix --unsafe-fixes adds `Disallow:` and the group is its own', async () => {
    const path = file('fix.txt', BING);
    await robotsmatch(['lint', path, '--fix']);
    expect(readFileSync(path, 'utf8')).toBe(BING);
    expect(await verdict(path, 'bingbot')).toBe(1); // disallowed: Google's reading joins the groups

    const r = await robotsmatch(['lint', path, '--fix', '--unsafe-fixes']);
    expect(r.stdout).not.toContain('delay-group-merged');
    expect(readFileSync(path, 'utf8')).toBe(BING.replace('User-agent: bingbot\n', 'User-agent: bingbot\nDisallow:\n'));
    expect(await verdict(path, 'bingbot')).toBe(0);
    expect(await verdict(path, 'bingbot', 'https://example.com/admin/')).toBe(0); // its own group: `*` does not apply
    expect(await verdict(path, 'AhrefsBot')).toBe(1);
    expect(await verdict(path, 'Googlebot', 'https://example.com/admin/')).toBe(1);
    const explain = await robotsmatch(['explain', 'https://example.com/', '--robots', path, '--crawler', 'bingbot']);
    expect(explain.stdout).toMatch(/crawl-delay\s+5 s/);
  });

  test('with several crawlers above the delay, `Disallow:` goes under the last of them', async () => {
    const path = file('fix-two.txt', TWO);
    await robotsmatch(['lint', path, '--fix', '--unsafe-fixes']);
    expect(readFileSync(path, 'utf8')).toBe(TWO.replace('User-agent: Slurp\n', 'User-agent: Slurp\nDisallow:\n'));
    expect(await verdict(path, 'Googlebot')).toBe(0);
    expect(await verdict(path, 'Slurp')).toBe(0);
    expect(await verdict(path, 'BadBot')).toBe(1);
  });
});
