// What a user hands the library as they have it:
// URL objects, a Response's ArrayBuffer, options a constructor does not know,
// the default User-Agent, a robots.txt at an exact URL, the Content-Type, an
// unreachable robots.txt's verdict, and no WebAssembly at all.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fetchRobots, groups, parse, RobotsCache } from '../src/index.js';
import robotsParser from '../src/compat.js';
import { startServer, text, type TestServer } from './support/server.js';

const RULES = 'User-agent: *\nDisallow: /private/\n';
const version = JSON.parse(readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8'))
  .version as string;

describe('inputs as users have them', () => {
  test('isAllowed and check take a URL object, as fetchRobots does', () => {
    const robots = parse(RULES);
    expect(robots.isAllowed(new URL('https://e.com/private/x'), 'bot')).toBe(false);
    expect(robots.check(new URL('https://e.com/caf\u00e9'), 'bot')).toEqual({ allowed: true, line: 0, rule: null });
    const matcher = robots.forAgent('bot');
    expect(matcher.check(new URL('https://e.com/private/x'))).toMatchObject({ allowed: false, line: 2 });
    expect(() => robots.isAllowed({ href: '/private/x' } as never, 'bot')).toThrow(TypeError);
    robots.dispose();
  });

  test('parse takes a Response body as an ArrayBuffer', async () => {
    const robots = parse(await new Response(RULES).arrayBuffer());
    expect(robots.isAllowed('https://e.com/private/x', 'bot')).toBe(false);
    robots.dispose();
  });

  test('RobotsCache names an option it does not know instead of ignoring it', () => {
    expect(() => new RobotsCache({ signal: AbortSignal.timeout(1000) } as never)).toThrow(
      /RobotsCache has no option signal/,
    );
    expect(() => new RobotsCache({ maxentries: 5 } as never)).toThrow(/RobotsCache has no option maxentries/);
    expect(() => new RobotsCache({ maxEntries: 5, timeoutMs: undefined })).not.toThrow();
    return expect(fetchRobots('https://e.com/', { timeout: 5 } as never)).rejects.toThrow(
      'fetchRobots has no option timeout; did you mean timeoutMs?',
    );
  });

  test("groups(robots) lists each group's Crawl-delay lines, as written, with their seconds", () => {
    const robots = parse('User-agent: a\nCrawl-delay: 5\nDisallow: /x\n\nUser-agent: *\nCrawl-delay: soon\nAllow: /\n');
    expect(groups(robots).map((g) => g.crawlDelays)).toEqual([
      [{ line: 2, value: '5', seconds: 5 }],
      [{ line: 6, value: 'soon', seconds: undefined }],
    ]);
    robots.dispose();
  });

  test("compat's getMatchingLineNumber is a number, -1 for another origin, as robots-parser's", () => {
    const robot = robotsParser('https://e.com/robots.txt', RULES);
    const line: number = robot.getMatchingLineNumber('https://other.com/private/x');
    expect(line).toBe(-1);
    expect(robot.getMatchingLineNumber('https://e.com/private/x')).toBe(2);
  });
});

describe('fetching', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
    server.route('/robots.txt', text(200, RULES));
    server.route('/draft/robots-new.txt', text(200, 'User-agent: *\nDisallow: /draft-only/\n'));
    server.route(
      '/page.html',
      text(200, '<!doctype html><title>x</title>', { 'content-type': 'text/html; charset=utf-8' }),
    );
  });
  afterAll(() => server.close());

  test('the default User-Agent names the package, its version and where to read about it', async () => {
    const before = server.requests.length;
    await fetchRobots(`${server.origin}/`);
    const cache = new RobotsCache();
    await cache.check(`${server.origin}/x`, 'bot');
    const sent = server.requests.slice(before).map((r) => r.userAgent);
    expect(sent).toEqual([
      `robotsmatch/${version} (+https://www.npmjs.com/package/robotsmatch)`,
      `robotsmatch/${version} (+https://www.npmjs.com/package/robotsmatch)`,
    ]);
    await fetchRobots(`${server.origin}/`, { userAgent: 'MyCrawler/2.0' });
    expect(server.requests.at(-1)!.userAgent).toBe('MyCrawler/2.0');
  });

  test('exactUrl fetches that URL itself, with the same status handling', async () => {
    const draft = await fetchRobots(`${server.origin}/draft/robots-new.txt`, { exactUrl: true });
    expect(draft).toMatchObject({ outcome: 'ok', url: `${server.origin}/draft/robots-new.txt` });
    expect(draft.robots.isAllowed('https://e.com/draft-only/x', 'bot')).toBe(false);
    const missing = await fetchRobots(`${server.origin}/nope.txt`, { exactUrl: true });
    expect(missing).toMatchObject({ outcome: 'unavailable', status: 404 });
    const origin = await fetchRobots(`${server.origin}/draft/robots-new.txt`);
    expect(origin.url).toBe(`${server.origin}/robots.txt`);
  });

  test('the Content-Type is reported: an HTML page is parsed as crawlers parse it, and says what it is', async () => {
    const page = await fetchRobots(`${server.origin}/page.html`, { exactUrl: true });
    expect(page).toMatchObject({ outcome: 'ok', contentType: 'text/html; charset=utf-8' });
    expect((await fetchRobots(`${server.origin}/`)).contentType).toBe('text/plain');
  });

  test('unreachable: RobotsCache.check disallows by no rule of any file (line 0, rule null)', async () => {
    const failing = await startServer();
    failing.route('/robots.txt', text(503, 'busy'));
    try {
      const cache = new RobotsCache();
      const verdict = await cache.check(new URL(`${failing.origin}/x`), 'bot');
      expect(verdict).toMatchObject({ allowed: false, line: 0, rule: null, outcome: 'unreachable', status: 503 });
      expect(await cache.isAllowed(new URL(`${failing.origin}/x`), 'bot')).toBe(false);
    } finally {
      await failing.close();
    }
  });
});

const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url));
test.skipIf(!existsSync(dist))(
  'with no WebAssembly (node --jitless) the error says to use robotsmatch/js, which works',
  () => {
    const wasm = spawnSync(
      process.execPath,
      ['--jitless', '--input-type=module', '-e', `import { parse } from ${JSON.stringify(dist)}; parse('')`],
      { encoding: 'utf8' },
    );
    expect(wasm.status).not.toBe(0);
    expect(wasm.stderr).toContain('no WebAssembly: import robotsmatch/js');
    const js = spawnSync(
      process.execPath,
      [
        '--jitless',
        '--input-type=module',
        '-e',
        `import { parse } from ${JSON.stringify(dist.replace(/index\.js$/, 'js.js'))}; console.log(parse('User-agent: *\\nDisallow: /\\n').isAllowed('/x', 'bot'))`,
      ],
      { encoding: 'utf8' },
    );
    expect(js.stdout.trim()).toBe('false');
  },
);
