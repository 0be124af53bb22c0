// One answer per question: the command line (spawned as a user runs it)
// and the library give the same verdict for the same agent. An --agent that
// is not a product token gets the library's reading (no group names it:
// the `*` rules), and both surfaces say so; check --crawler and audit agree
// with check() and audit() for every entry of the registry.
import { describe, expect, test } from 'vitest';
import { existsSync } from 'node:fs';
import { parse } from '../src/index.js';
import { explain } from '../src/explain.js';
import { audit, crawlers } from '../src/crawlers.js';
import { cli, robotsmatch } from './support/cli.js';
import { scratchDir } from './support/files.js';

const { file } = scratchDir('cli-library-agreement');
const E = 'https://example.com';
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * A group for every other registry entry's first token (so the others fall
 * back to a later token's group or to `*`), each disallowing its own path,
 * and a `*` group.
 */
const REGISTRY_FILE = [
  ...crawlers.flatMap((entry, i) =>
    i % 2 === 0 ? [`User-agent: ${entry.tokens[0]}`, `Disallow: /${slug(entry.name)}/`, ''] : [],
  ),
  'User-agent: *',
  'Disallow: /all/',
  '',
].join('\n');
const URLS = [`${E}/x`, `${E}/all/x`, ...crawlers.map((entry) => `${E}/${slug(entry.name)}/x`)];

/** At most `n` at a time: the machine is shared. */
async function pool<T, R>(items: readonly T[], n: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await run(items[i]!);
      }
    }),
  );
  return out;
}

describe.skipIf(!existsSync(cli))('one answer: the command line and the library', () => {
  const ai = file('ai.txt', 'User-agent: AI2Bot\nDisallow: /\n\nUser-agent: *\nAllow: /\n');

  test("check -a AI2Bot: the library's verdict (AI2Bot names no group: `User-agent: AI2Bot` is the AI group), and stderr says so", async () => {
    const robots = parse('User-agent: AI2Bot\nDisallow: /\n\nUser-agent: *\nAllow: /\n');
    const want = robots.check(`${E}/x`, 'AI2Bot');
    expect(want).toEqual({ allowed: true, line: 5, rule: { type: 'allow', pattern: '/' } });
    const r = await robotsmatch(['check', `${E}/x`, '--robots', ai, '--agent', 'AI2Bot', '--json']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      agent: 'AI2Bot',
      allowed: want.allowed,
      line: want.line,
      rule: want.rule,
    });
    expect(r.stderr).toContain(
      '"AI2Bot" is not a product token (letters, - and _ only), so no group can name it and only the * rules apply',
    );
    expect(r.stderr).toContain('its product token is "AI" (--agent AI)');
    // Its product token is what names that group, on both surfaces.
    expect(robots.check(`${E}/x`, 'AI').allowed).toBe(false);
    const token = await robotsmatch(['check', `${E}/x`, '--robots', ai, '--agent', 'AI']);
    expect([token.status, token.stderr]).toEqual([1, '']);
    // explain, in the library and on the command line, gives the verdict and says why.
    const explained = explain(robots, `${E}/x`, 'AI2Bot');
    expect([explained.allowed, explained.line]).toEqual([want.allowed, want.line]);
    expect(explained.message).toContain(
      '`AI2Bot` is not a product token (letters, `-` and `_` only), so no group can name it and only the `*` rules apply; its product token is `AI`.',
    );
    const cliExplain = await robotsmatch(['explain', `${E}/x`, '--robots', ai, '--agent', 'AI2Bot', '--json']);
    expect(JSON.parse(cliExplain.stdout)).toMatchObject({ allowed: true, line: 5, message: explained.message });
    robots.dispose();
  });

  test("a union with a non-token member: the same verdict as the library's array", async () => {
    const robots = parse('User-agent: AI2Bot\nDisallow: /\n\nUser-agent: *\nAllow: /\n');
    const want = robots.check(`${E}/x`, ['AI2Bot', 'Otherbot']);
    const r = await robotsmatch([
      'check',
      `${E}/x`,
      '--robots',
      ai,
      '--agent',
      'AI2Bot',
      '--agent',
      'Otherbot',
      '--json',
    ]);
    expect(JSON.parse(r.stdout)).toMatchObject({ allowed: want.allowed, line: want.line });
    robots.dispose();
  });

  test('check --crawler agrees with check() for every registry entry', async () => {
    const path = file('registry.txt', REGISTRY_FILE);
    const robots = parse(REGISTRY_FILE);
    const disagreements: string[] = [];
    await pool(crawlers, 3, async (entry) => {
      const r = await robotsmatch(['check', ...URLS, '--robots', path, '--crawler', entry.name, '--json']);
      const got = r.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      URLS.forEach((url, i) => {
        const want = robots.check(url, entry);
        const row = got[i];
        if (
          !row ||
          row.url !== url ||
          row.allowed !== want.allowed ||
          row.line !== want.line ||
          JSON.stringify(row.rule) !== JSON.stringify(want.rule)
        ) {
          disagreements.push(
            `${entry.name} ${url}: CLI ${JSON.stringify(row && [row.allowed, row.line])}, library ${JSON.stringify([want.allowed, want.line])}`,
          );
        }
      });
    });
    expect(disagreements).toEqual([]);
    robots.dispose();
  }, 240_000); // 182 processes, three at a time: about 20 s on a quiet machine, over 60 s on a busy one

  test('audit agrees with audit() and check() for every registry entry', async () => {
    const path = file('registry-audit.txt', REGISTRY_FILE);
    const robots = parse(REGISTRY_FILE);
    const r = await robotsmatch(['audit', path, '--json']);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const library = audit(robots);
    expect(rows.map((row) => row.crawler)).toEqual(crawlers.map((entry) => entry.name));
    for (const [i, entry] of crawlers.entries()) {
      const row = rows[i];
      const want = library[i]!;
      const root = robots.check(`${E}/`, entry);
      expect([row.group, row.allowed, row.line, row.access, row.example], entry.name).toEqual([
        want.group,
        want.root.allowed,
        want.root.line,
        want.access,
        want.example ?? null,
      ]);
      expect([row.allowed, row.line], `${entry.name}: / as check() answers`).toEqual([root.allowed, root.line]);
    }
    robots.dispose();
  });
});
