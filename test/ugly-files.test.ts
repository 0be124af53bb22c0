// Ugly real-world files through lint, explain and audit, read as their site
// owner reads the output: an HTML soft 404 served as robots.txt gets one
// clear finding (not one per line), a 300-group bad-bot list gets no noise,
// and a file with a byte order mark and CRLF line ends keeps its line ends
// when fixed and says the mark went.
import { describe, expect, test } from 'vitest';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cli, robotsmatch } from './support/cli.js';
import { scratchDir } from './support/files.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/ugly/${name}`, import.meta.url));
const { dir } = scratchDir('ugly');

describe.skipIf(!existsSync(cli))('ugly real-world files', () => {
  test('an HTML soft 404: one finding, the marker above the audit table, and explain says why no rule applies', async () => {
    const lint = await robotsmatch(['lint', fixture('soft-404.txt')]);
    expect(lint.stdout.trim().split('\n')).toHaveLength(1);
    expect(lint.stdout).toMatch(/:1: error html-body: This robots.txt is an HTML page/);
    const audit = await robotsmatch(['audit', fixture('soft-404.txt'), '--crawlers', 'Googlebot,GPTBot']);
    expect(audit.stdout).toMatch(/^NOT A ROBOTS.TXT: this body is an HTML page/);
    expect(audit.stdout).not.toContain('What may surprise you');
    const explain = await robotsmatch(['explain', 'https://example.com/x', '--robots', fixture('soft-404.txt')]);
    expect(explain.stdout).toMatch(/why +This is an HTML page, not a robots.txt/);
  });

  test('a 300-group bad-bot list: one note, and the audit summary names the search crawlers it blocks', async () => {
    const lint = await robotsmatch(['lint', fixture('bad-bots-long.txt')]);
    expect(lint.stdout.trim().split('\n')).toHaveLength(1);
    expect(lint.stdout).toContain('info unsupported-key');
    const audit = await robotsmatch(['audit', fixture('bad-bots-long.txt')]);
    expect(audit.stdout).toContain(
      '- Search crawlers blocked: YandexBot, Baiduspider, Baiduspider-image and 1 more crawler,',
    );
    const explain = await robotsmatch([
      'explain',
      'https://example.com/',
      '--robots',
      fixture('bad-bots-long.txt'),
      '--agent',
      'AhrefsBot',
    ]);
    expect(explain.status).toBe(1);
    expect(explain.stdout).toContain('line 2: User-agent: AhrefsBot');
  });

  test('a byte order mark and CRLF: --fix keeps CRLF and says the mark went', async () => {
    const path = join(dir, 'bom-crlf.txt');
    copyFileSync(fixture('bom-crlf.txt'), path);
    const r = await robotsmatch(['lint', path, '--fix']);
    expect(r.stderr).toContain('removed the byte order mark');
    expect(readFileSync(path, 'utf8')).toBe(
      'User-agent: *\r\nDisallow: /private/\r\nDisallow: /tmp/\r\n\r\nUser-agent: Googlebot\r\nAllow: /\r\n',
    );
  });
});
