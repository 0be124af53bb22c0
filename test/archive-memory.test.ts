// What an archive of many origins holds in memory: a few hundred bytes an
// origin beyond its body (no object per capture), bodies past `bodyMemory`
// on disk and read back whole, and a cache of compiled files whose bound
// counts their JavaScript objects too. Peak memory is measured in spawned
// processes; no timing is asserted.

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ArchiveMatcher, RobotsArchive } from '../dist/archive.js';

const DIST = join(import.meta.dirname, '..', 'dist', 'archive.js');
/** Bytes an origin may cost, its 35-byte body included: docs/performance.md#memory-at-a-million-origins states about 200. */
const PER_ORIGIN = 300;

/** The peak RSS of a process that adds `n` small origins to an archive (a small young generation, so that the peak is what is held, not garbage). */
function peakWith(n: number): number {
  const script = `
    const { RobotsArchive } = await import(${JSON.stringify(DIST)});
    const a = new RobotsArchive();
    for (let i = 0; i < ${n}; i++)
      a.add({ url: 'https://h' + i + '.example-host.com/robots.txt', status: 200, body: 'User-agent: *\\nDisallow: /private' + (i % 7) + '/\\n' });
    if (a.size !== ${n}) throw new Error('lost captures');
    process.stdout.write(String(process.resourceUsage().maxRSS * 1024));
  `;
  const r = spawnSync(process.execPath, ['--max-semi-space-size=1', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  return Number(r.stdout);
}

describe('memory at many origins', () => {
  test('400,000 small origins cost under 300 bytes each, their bodies included', () => {
    const n = 400_000;
    const base = peakWith(0);
    const held = peakWith(n);
    expect((held - base) / n).toBeLessThan(PER_ORIGIN);
  }, 120_000);

  test('bodies past bodyMemory go to a temporary file and come back whole, with the same answers', () => {
    const inMemory = new RobotsArchive();
    const onDisk = new RobotsArchive({ bodyMemory: 0 });
    const bodies: string[] = [];
    for (let i = 0; i < 2000; i++) {
      const body = `User-agent: *\nDisallow: /p${i}/\n${'# padding\n'.repeat(i % 50)}`;
      bodies.push(body);
      for (const a of [inMemory, onDisk]) a.add({ url: `https://h${i}.test/robots.txt`, status: 200, body });
    }
    expect(onDisk.bodyDiskBytes).toBe(onDisk.bodyBytes);
    expect(inMemory.bodyDiskBytes).toBe(0);
    for (let i = 0; i < bodies.length; i += 97)
      expect(Buffer.from(onDisk.body(onDisk.capture(`https://h${i}.test/robots.txt`)!)).toString()).toBe(bodies[i]);
    const urls = bodies.map((_, i) => `https://h${i}.test/p${i}/x`);
    const a = new ArchiveMatcher(inMemory, { agents: ['Googlebot', 'GPTBot'] });
    const b = new ArchiveMatcher(onDisk, { agents: ['Googlebot', 'GPTBot'] });
    expect(b.checkMany(urls)).toEqual(a.checkMany(urls));
    a.dispose();
    b.dispose();
    onDisk.dispose();
    expect(() => onDisk.body(onDisk.capture('https://h1.test/robots.txt')!)).toThrow(/disposed/);
  });

  test("the cache's bound counts each compiled file's JavaScript objects, not only its core memory", () => {
    const archive = new RobotsArchive();
    for (let i = 0; i < 10_000; i++)
      archive.add({
        url: `https://h${i}.test/robots.txt`,
        status: 200,
        body: `User-agent: *\nDisallow: /p${i % 7}/\n`,
      });
    const cacheBytes = 4_000_000;
    const m = new ArchiveMatcher(archive, { agents: ['Googlebot', 'GPTBot'], cacheBytes });
    m.matchMany(Array.from({ length: 10_000 }, (_, i) => `https://h${i}.test/p1/x`));
    // Such an entry costs about 2.4 KB of heap with two agents (measured): the cache holds no more than its bound pays for.
    expect(m.stats.origins).toBeLessThanOrEqual(cacheBytes / 2000);
    expect(m.stats.bytes).toBeLessThanOrEqual(cacheBytes);
    m.dispose();
  });
});
