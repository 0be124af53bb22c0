// The command-line tool, run as a user runs it (the built dist/cli.js).
import { describe, expect, test } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const example = (name: string) => fileURLToPath(new URL(`../examples/demo/${name}`, import.meta.url));

describe.skipIf(!existsSync(cli))('cli', () => {
  test('--example prints each bundled URL with its verdict and deciding line', () => {
    const out = execFileSync('node', [cli, '--example'], { encoding: 'utf8' });
    expect(out).toContain('disallowed  ExampleBot     https://example.com/private/notes.html  (line 3: disallow: /private/)');
    expect(out).toContain('allowed     ExampleBot     https://example.com/private/press/launch.html  (line 5: allow: /private/press/)');
    expect(out).toContain('allowed     Googlebot      https://example.com/docs/  (line 12: allow: /docs/index.html)');
    expect(out.trim().split('\n')).toHaveLength(11);
  });

  test('--json with URLs on standard input', () => {
    const out = execFileSync('node', [cli, example('robots.txt'), '--json', '--agent', 'ExampleBot'], {
      encoding: 'utf8',
      input: 'https://example.com/private/x\nhttps://example.com/ok Googlebot\n',
    });
    const rows = out.trim().split('\n').map((l) => JSON.parse(l));
    expect(rows).toEqual([
      { url: 'https://example.com/private/x', agent: 'ExampleBot', allowed: false, line: 3, rule: { type: 'disallow', pattern: '/private/' } },
      { url: 'https://example.com/ok', agent: 'Googlebot', allowed: true, line: 0, rule: null },
    ]);
  });

  test('bad usage exits with 2 and says why', () => {
    const r = spawnSync('node', [cli, example('robots.txt'), '--mode', 'bing'], { encoding: 'utf8', input: '' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--mode must be google or rfc');
    expect(spawnSync('node', [cli], { encoding: 'utf8' }).status).toBe(2);
  });

  test('a reader that closes early (| head) is not an error', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => `https://example.com/p/${i}`).join('\n');
    const r = spawnSync('sh', ['-c', `node ${cli} ${example('robots.txt')} | head -1`], { encoding: 'utf8', input: many });
    expect(r.stderr).not.toContain('EPIPE');
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
  });
});
