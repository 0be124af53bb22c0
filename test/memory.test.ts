// Memory is bounded and reused: parse/dispose cycles return to where they
// started, and robots dropped without dispose() are reclaimed.
import { describe, expect, test } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crawlDelay, parse } from '../src/index.js';
import { getCore } from '../src/core/wasm.js';

const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url));

describe('memory', () => {
  test('parsing and disposing 100,000 different files leaves core memory where it started', () => {
    const memory = getCore().exports.memory;
    const file = (i: number) =>
      `User-agent: bot${i % 97}\nDisallow: /${i}/\nAllow: /${i}/*.html$\nSitemap: https://e.com/${i}.xml\n` +
      `User-agent: *\nDisallow: /x${i}\nCrawl-delay: ${i % 7}\n`;
    const cycle = (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const robots = parse(file(i));
        robots.isAllowed(`/${i}/a.html`, ['bot1', 'other']);
        robots.forAgent(`bot${i % 97}`).matchMany([`/${i}/x`, `/x${i}`]);
        if (i % 10 === 0) crawlDelay(robots, 'x');
        robots.dispose();
      }
    };
    cycle(0, 1_000); // warm: scratch buffers reach their working size
    const before = memory.buffer.byteLength;
    cycle(1_000, 100_000);
    expect(memory.buffer.byteLength).toBe(before);
  });

  test('one matcher per agent, disposed, across many agents, leaves memory where it started', () => {
    const memory = getCore().exports.memory;
    const robots = parse(Array.from({ length: 500 }, (_, i) => `User-agent: bot${i}\nDisallow: /${i}\n`).join(''));
    for (let i = 0; i < 500; i++) robots.forAgent(`bot${i}`).dispose();
    const before = memory.buffer.byteLength;
    for (let round = 0; round < 20; round++) for (let i = 0; i < 500; i++) robots.forAgent(`bot${i}`).dispose();
    expect(memory.buffer.byteLength).toBe(before);
    robots.dispose();
  });

  test.skipIf(!existsSync(dist))(
    'dispose() frees at once: a synchronous loop of parse, check with a 20 KB agent, dispose keeps under 20 MB',
    () => {
      // A separate process, for gc(). The loop never yields, so no finalizer
      // callback runs: whatever the FinalizationRegistry holds of a disposed
      // Robots stays. It held each Compiled with its last agent (5,000 x 20 KB
      // strings: 98 MB); dispose() now drops them, and what is left is a few
      // hundred bytes each.
      const script = `
      const { parse } = await import(${JSON.stringify(dist)});
      const agent = 'Mozilla/5.0 (compatible; ' + 'x'.repeat(20 * 1024) + ')';
      const tokens = Array.from({ length: 2000 }, (_, i) => 'bot' + i);
      const loop = (n, each) => { for (let i = 0; i < n; i++) { const r = parse('User-agent: *\\nDisallow: /x' + i + '\\n'); each(r, i); r.dispose(); } };
      const grown = (n, each) => { globalThis.gc(); const before = process.memoryUsage().heapUsed; loop(n, each); globalThis.gc(); return process.memoryUsage().heapUsed - before; };
      loop(100, (r, i) => r.check('/x', agent + i)); // warm
      process.stdout.write(JSON.stringify([
        grown(5000, (r, i) => r.check('/x' + i, agent + i)),
        grown(5000, (r, i) => r.check('/x' + i, tokens)),
        grown(5000, (r, i) => r.forAgent(agent + i).check('/x' + i)),
      ]));
    `;
      const grown: number[] = JSON.parse(
        execFileSync('node', ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' }),
      );
      for (const bytes of grown) expect(bytes).toBeLessThan(20 * 1024 * 1024);
    },
  );

  test.skipIf(!existsSync(dist))('robots and matchers dropped without dispose() are reclaimed', () => {
    // A separate process, so that gc() is available and nothing else holds memory.
    const script = `
      const { parse } = await import(${JSON.stringify(dist)});
      const body = 'User-agent: *\\n' + Array.from({ length: 200 }, (_, i) => 'Disallow: /p' + i + '/*.x$\\n').join('');
      const round = () => { for (let i = 0; i < 2000; i++) { const r = parse(body + '#' + i); r.forAgent('x').isAllowed('/p1/a.x'); } };
      const settle = async () => { for (let i = 0; i < 5; i++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 10)); } };
      const sizes = [];
      // Resident memory: WebAssembly memory is not counted in memoryUsage().arrayBuffers.
      for (let i = 0; i < 8; i++) { round(); await settle(); sizes.push(process.memoryUsage().rss); }
      process.stdout.write(JSON.stringify(sizes));
    `;
    const sizes: number[] = JSON.parse(
      execFileSync('node', ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' }),
    );
    // Five more rounds of 2,000 files and matchers (~28 KB each) never disposed: about
    // 275 MiB more without the finalizers (measured by disabling them), a few MiB with.
    expect(sizes[7]! - sizes[2]!).toBeLessThan(32 * 1024 * 1024);
  });

  test.skipIf(!existsSync(dist))(
    'a disposed matcher collected later does not free a newer matcher at the same address',
    () => {
      const script = `
      const { parse } = await import(${JSON.stringify(dist)});
      const robots = parse('User-agent: a\\nDisallow: /a\\nUser-agent: b\\nDisallow: /b\\n');
      let first = robots.forAgent('a');
      first.dispose();
      const second = robots.forAgent('b'); // likely the address the first one had
      first = null;
      for (let i = 0; i < 5; i++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 10)); }
      const others = Array.from({ length: 50 }, () => robots.forAgent('a')); // would reuse a wrongly freed block
      process.stdout.write(JSON.stringify([second.isAllowed('/b'), second.isAllowed('/a'), others[0].isAllowed('/a')]));
    `;
      const out = execFileSync('node', ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' });
      expect(JSON.parse(out)).toEqual([false, true, false]);
    },
  );

  test.skipIf(!existsSync(dist))(
    'dispose() releases the JavaScript side too: a synchronous loop keeps nothing large (15.5)',
    () => {
      // No turn of the event loop, so no finalizer callback runs: what a disposed
      // Robots still holds (decoded rules, records, its body, explain's readings) must be dropped by dispose().
      const script = `
      const { parse, crawlDelay } = await import(${JSON.stringify(dist)});
      const { explain } = await import(${JSON.stringify(dist.replace(/index\.js$/, 'explain.js'))});
      const { readFileSync } = await import('node:fs');
      const body = readFileSync(${JSON.stringify(fileURLToPath(new URL('../bench/corpus/github.com.txt', import.meta.url)))});
      const paths = body.toString().split('\\n').filter((l) => l.startsWith('Disallow: /')).slice(0, 200).map((l) => l.slice(10).replace(/[*$]/g, 'x'));
      globalThis.gc();
      const before = process.memoryUsage().heapUsed;
      for (let i = 0; i < 5000; i++) {
        const r = parse(body);
        for (const p of paths) r.check(p, 'Googlebot');
        r.sitemaps; crawlDelay(r, 'Googlebot'); explain(r, '/x', 'bot');
        r.dispose();
      }
      globalThis.gc();
      process.stdout.write(String(process.memoryUsage().heapUsed - before));
    `;
      const grown = Number(
        execFileSync('node', ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' }),
      );
      // Each cycle decodes up to 200 rules: about 50 MB would stay reachable if
      // dispose() kept them; what stays is the emptied objects, a few hundred bytes each.
      expect(grown).toBeLessThan(12 * 1024 * 1024);
    },
    120_000,
  );
});
