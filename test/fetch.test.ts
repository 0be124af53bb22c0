// docs/behaviour.md, section 4: where a robots.txt applies, and fetching it, against real
// HTTP servers on 127.0.0.1 (each random port is a separate origin).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fetchRobots, robotsTxtUrl, RobotsCache, RobotsUrlError } from '../src/index.js';
import { startServer, text, redirect, type TestServer } from './support/server.js';

const RULES = 'User-agent: *\nDisallow: /private/\n';

describe('4.1 robots.txt location', () => {
  const cases: [string, string][] = [
    ['https://Example.COM:443/a/b?c#d', 'https://example.com/robots.txt'],
    ['http://bücher.example/x', 'http://xn--bcher-kva.example/robots.txt'],
    ['http://example.com:80/x', 'http://example.com/robots.txt'],
    ['http://example.com:8080/x', 'http://example.com:8080/robots.txt'],
    ['https://example.com:80/x', 'https://example.com:80/robots.txt'],
    ['ftp://ftp.example.com:21/pub/file', 'ftp://ftp.example.com/robots.txt'],
    ['https://user:secret@www.example.com/x', 'https://www.example.com/robots.txt'],
    ['HTTPS://WWW.EXAMPLE.COM', 'https://www.example.com/robots.txt'],
    ['https://shop.www.example.com/folder/robots.txt', 'https://shop.www.example.com/robots.txt'],
    ['http://[::1]:8080/x', 'http://[::1]:8080/robots.txt'],
  ];
  for (const [url, robots] of cases) {
    test(`4.1 ${url} -> ${robots}`, () => expect(robotsTxtUrl(url)).toBe(robots));
  }

  test('4.1 URLs that cannot have one are a RobotsUrlError', () => {
    for (const bad of [
      'mailto:a@example.com',
      '/relative/path',
      'example.com/x',
      'data:text/plain,x',
      'file:///etc/passwd',
      '',
    ]) {
      expect(() => robotsTxtUrl(bad), bad).toThrow(RobotsUrlError);
    }
    expect(() => robotsTxtUrl(42 as never)).toThrow(TypeError);
  });
});

describe('4.2 fetching', () => {
  let a: TestServer, b: TestServer;
  beforeAll(async () => {
    a = await startServer();
    b = await startServer();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  test('4.3 RobotsCache.get() gives a copy that says the file was cut at maxBytes, as the fetched original does', async () => {
    a.route('/robots.txt', text(200, `User-agent: *\n${'Disallow: /a-long-rule-to-cut/\n'.repeat(20)}`));
    const cache = new RobotsCache({ maxBytes: 100 });
    const got = await cache.get(`${a.origin}/x`);
    expect(got.body.length).toBe(100);
    expect(got.robots.truncated).toBe(true);
    got.robots.dispose();
    cache.clear();
  });

  test("4.2 an ftp: robots.txt, which fetch() cannot read, is unreachable with a reason that says so (not fetch()'s bare TypeError)", async () => {
    let asked = false;
    const r = await fetchRobots('ftp://127.0.0.1/pub/file', {
      fetch: (async () => {
        asked = true;
        throw new TypeError('fetch failed');
      }) as typeof fetch,
    });
    expect(asked).toBe(false);
    expect(r).toMatchObject({ outcome: 'unreachable', status: undefined, url: 'ftp://127.0.0.1/robots.txt' });
    expect((r.error as Error).name).toBe('NotSupportedError');
    expect((r.error as Error).message).toBe('fetch() reads only http: and https: URLs');
    expect(r.robots.isAllowed('ftp://127.0.0.1/pub/file', 'ExampleBot')).toBe(false);
    r.robots.dispose();
  });

  test('4.2 2xx: the body is parsed, the User-Agent sent', async () => {
    a.route('/robots.txt', text(200, `${RULES}Sitemap: https://e.com/s.xml\n`));
    const r = await fetchRobots(`${a.origin}/any/page`, { userAgent: 'ExampleBot/1.0' });
    expect(r).toMatchObject({ outcome: 'ok', status: 200, redirects: 0, url: `${a.origin}/robots.txt` });
    expect(r.robots.isAllowed(`${a.origin}/private/x`, 'ExampleBot')).toBe(false);
    expect(r.robots.sitemaps).toEqual(['https://e.com/s.xml']);
    expect(a.requests.at(-1)?.userAgent).toBe('ExampleBot/1.0');
  });

  test('4.2 the Content-Type header of the answer is kept, as sent (undefined without one)', async () => {
    a.route('/robots.txt', text(200, RULES, { 'content-type': 'text/html; charset=UTF-8' }));
    expect((await fetchRobots(a.origin)).contentType).toBe('text/html; charset=UTF-8');
    a.route('/robots.txt', (_req, res) => {
      res.writeHead(200);
      res.end(RULES);
    });
    expect((await fetchRobots(a.origin)).contentType).toBeUndefined();
    a.route('/robots.txt', text(404, 'gone', { 'content-type': 'text/html' }));
    expect(await fetchRobots(a.origin)).toMatchObject({
      outcome: 'unavailable',
      status: 404,
      contentType: 'text/html',
    });
  });

  for (const status of [400, 401, 403, 404, 410, 451]) {
    test(`4.2 ${status}: unavailable, everything allowed`, async () => {
      a.route('/robots.txt', text(status, 'User-agent: *\nDisallow: /\n'));
      const r = await fetchRobots(a.origin);
      expect(r).toMatchObject({ outcome: 'unavailable', status });
      expect(r.robots.isAllowed(`${a.origin}/x`, 'bot')).toBe(true);
    });
  }

  for (const status of [429, 500, 502, 503]) {
    test(`4.2 ${status}: unreachable, everything disallowed for now`, async () => {
      a.route('/robots.txt', text(status, 'User-agent: *\nAllow: /\n'));
      const r = await fetchRobots(a.origin, { now: () => 1_000_000 });
      expect(r).toMatchObject({ outcome: 'unreachable', status });
      expect(r.robots.isAllowed(`${a.origin}/x`, 'bot')).toBe(false);
      expect(r.expires).toBe(1_000_000 + 60_000); // tried again soon
    });
  }

  test('4.2 Retry-After sets when an unreachable answer is retried', async () => {
    a.route('/robots.txt', text(503, '', { 'retry-after': '120' }));
    expect((await fetchRobots(a.origin, { now: () => 0 })).expires).toBe(120_000);
  });

  for (const hops of [1, 2, 3, 4, 5]) {
    test(`4.2 a chain of ${hops} redirect(s) is followed; the rules apply to the original host`, async () => {
      for (let i = 0; i < hops; i++)
        a.route(
          `/hop${hops}-${i}`,
          redirect(i + 1 < hops ? `/hop${hops}-${i + 1}` : `${b.origin}/rules-${hops}`, [301, 302, 307, 308][i % 4]),
        );
      a.route('/robots.txt', redirect(`/hop${hops}-0`));
      b.route(`/rules-${hops}`, text(200, RULES));
      // robots.txt -> hop0 -> ... : hops + 1 redirects in all, the last to another origin.
      const r = await fetchRobots(a.origin);
      if (hops + 1 <= 5) {
        expect(r).toMatchObject({
          outcome: 'ok',
          redirects: hops + 1,
          url: `${a.origin}/robots.txt`,
          finalUrl: `${b.origin}/rules-${hops}`,
        });
        expect(r.robots.isAllowed(`${a.origin}/private/x`, 'bot')).toBe(false);
      } else {
        expect(r).toMatchObject({ outcome: 'unavailable', redirects: 5 });
      }
    });
  }

  test('4.2 five redirects are followed, a sixth is not (unavailable)', async () => {
    for (let i = 0; i < 6; i++) a.route(`/r${i}`, redirect(`/r${i + 1}`));
    a.route('/r6', text(200, RULES));
    a.route('/robots.txt', redirect('/r2'));
    expect(await fetchRobots(a.origin)).toMatchObject({ outcome: 'ok', redirects: 5 }); // robots.txt, r2..r5
    a.route('/robots.txt', redirect('/r1'));
    const six = await fetchRobots(a.origin);
    expect(six).toMatchObject({ outcome: 'unavailable', redirects: 5, status: 301 });
    expect(six.robots.isAllowed(`${a.origin}/private/x`, 'bot')).toBe(true);
  });

  test('4.2 a redirect to a non-web scheme, or without Location, is unavailable', async () => {
    // ftp: too: the platform's fetch cannot follow it, which made it "unreachable" (disallow all).
    for (const to of [
      'mailto:x@example.com',
      'ftp://ftp.example.com/robots.txt',
      'file:///etc/robots.txt',
      'data:text/plain,User-agent:%20*',
    ]) {
      a.route('/robots.txt', redirect(to));
      expect((await fetchRobots(a.origin)).outcome, to).toBe('unavailable');
    }
    a.route('/robots.txt', (_q, res) => {
      res.writeHead(302);
      res.end();
    });
    expect((await fetchRobots(a.origin)).outcome).toBe('unavailable');
  });

  test('4.2 a 2 MB body: rules before the 500 KiB mark apply, rules after it do not', async () => {
    const head = 'User-agent: *\nDisallow: /before/\n';
    const filler = `#${'x'.repeat(600_000)}\n`;
    a.route('/robots.txt', text(200, `${head + filler}Disallow: /after/\n${'#'.repeat(1_400_000)}`));
    const r = await fetchRobots(a.origin);
    expect(r.robots.truncated).toBe(true);
    expect(r.robots.isAllowed(`${a.origin}/before/x`, 'bot')).toBe(false);
    expect(r.robots.isAllowed(`${a.origin}/after/x`, 'bot')).toBe(true);
  });

  test('4.2 a body that never ends is read only up to the limit', async () => {
    a.route('/robots.txt', (_q, res) => {
      res.writeHead(200);
      res.write('User-agent: *\nDisallow: /x/\n');
      const chunk = `#${'y'.repeat(65_534)}\n`;
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    const r = await fetchRobots(a.origin, { maxBytes: 100_000 });
    expect(r).toMatchObject({ outcome: 'ok' });
    expect(r.robots.truncated).toBe(true);
    expect(r.robots.isAllowed(`${a.origin}/x/1`, 'bot')).toBe(false);
  });

  test('4.2 a server that never answers: unreachable after the timeout', async () => {
    a.route('/robots.txt', () => {}); // holds the request forever
    const r = await fetchRobots(a.origin, { timeoutMs: 200 });
    expect(r).toMatchObject({ outcome: 'unreachable', status: undefined });
    expect((r.error as Error).name).toBe('TimeoutError');
  });

  test('4.2 a connection reset mid-body: unreachable', async () => {
    a.route('/robots.txt', (_q, res) => {
      res.writeHead(200, { 'content-length': '100000' });
      res.write('User-agent: *\nAllow: /\n');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const r = await fetchRobots(a.origin);
    expect(r.outcome).toBe('unreachable');
    expect(r.robots.isAllowed(`${a.origin}/x`, 'bot')).toBe(false);
  });

  test('4.2 DNS and connection errors: unreachable', async () => {
    const failing = async () => {
      throw new TypeError('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND') });
    };
    expect((await fetchRobots('https://example.invalid/', { fetch: failing })).outcome).toBe('unreachable');
    const closed = await startServer();
    const origin = closed.origin;
    await closed.close();
    expect((await fetchRobots(origin)).outcome).toBe('unreachable'); // connection refused
  });

  test("4.2 a caller's fetch is called as a plain function (browsers reject any other `this`)", async () => {
    a.route('/robots.txt', text(200, RULES));
    const strictFetch = function (this: unknown, input: string, init: RequestInit) {
      if (this !== undefined) throw new TypeError('Illegal invocation');
      return globalThis.fetch(input, init);
    };
    expect((await fetchRobots(a.origin, { fetch: strictFetch })).outcome).toBe('ok');
  });

  test('4.2 in a browser, which hides redirects (opaqueredirect), the one it followed is counted and finalUrl is where the body came from', async () => {
    const moved = 'https://example.com/real-robots.txt';
    const browserFetch = async (_input: string, init: RequestInit) => {
      if (init.redirect === 'manual')
        return Object.defineProperty(new Response(null), 'type', { value: 'opaqueredirect' });
      const response = new Response('User-agent: *\nDisallow: /x\n', { headers: { 'content-type': 'text/plain' } });
      return Object.defineProperties(response, { redirected: { value: true }, url: { value: moved } });
    };
    const fetched = await fetchRobots('https://example.com/page', { fetch: browserFetch });
    expect(fetched).toMatchObject({
      outcome: 'ok',
      redirects: 1,
      url: 'https://example.com/robots.txt',
      finalUrl: moved,
    });
    expect(fetched.robots.isAllowed('https://example.com/x', 'Bot')).toBe(false);
    fetched.robots.dispose();
  });

  test("4.2 the caller's abort rejects instead of answering", async () => {
    a.route('/robots.txt', () => {});
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stop')), 50);
    await expect(fetchRobots(a.origin, { signal: controller.signal })).rejects.toThrow('stop');
  });

  test('4.3 Cache-Control max-age sets the expiry, within bounds', async () => {
    const at = (headers: Record<string, string>) => {
      a.route('/robots.txt', text(200, RULES, headers));
      return fetchRobots(a.origin, { now: () => 0 });
    };
    expect((await at({})).expires).toBe(24 * 3600_000);
    expect((await at({ 'cache-control': 'public, max-age=3600' })).expires).toBe(3600_000);
    expect((await at({ 'cache-control': 'max-age=5' })).expires).toBe(60_000);
    expect((await at({ 'cache-control': 'max-age=99999999' })).expires).toBe(7 * 24 * 3600_000);
    expect((await at({ 'cache-control': 'no-cache' })).expires).toBe(60_000);
  });
});

describe('4.3 RobotsCache', () => {
  let a: TestServer, b: TestServer, c: TestServer;
  beforeAll(async () => {
    [a, b, c] = await Promise.all([startServer(), startServer(), startServer()]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close(), c.close()]);
  });
  const fetches = (s: TestServer) => s.requests.filter((r) => r.path === '/robots.txt').length;

  test('4.3 a hundred concurrent checks on one origin make exactly one fetch', async () => {
    a.route('/robots.txt', (_q, res) => setTimeout(() => text(200, RULES)(_q, res), 30));
    const cache = new RobotsCache();
    const before = fetches(a);
    const verdicts = await Promise.all(
      Array.from({ length: 100 }, (_, i) => cache.isAllowed(`${a.origin}/${i % 2 ? 'private/' : ''}${i}`, 'bot')),
    );
    expect(fetches(a) - before).toBe(1);
    expect(verdicts.filter((v) => !v)).toHaveLength(50);
  });

  test('4.3 answers from memory until max-age runs out (injected clock)', async () => {
    let now = 1_000_000;
    a.route('/robots.txt', text(200, RULES, { 'cache-control': 'max-age=600' }));
    const cache = new RobotsCache({ now: () => now });
    const before = fetches(a);
    await cache.isAllowed(`${a.origin}/x`, 'bot');
    now += 599_000;
    await cache.isAllowed(`${a.origin}/y`, 'bot');
    expect(fetches(a) - before).toBe(1);
    now += 2_000;
    await cache.isAllowed(`${a.origin}/z`, 'bot');
    expect(fetches(a) - before).toBe(2);
  });

  test('4.3 while the server errors, the last good copy answers; then recovery', async () => {
    let now = 0;
    const cache = new RobotsCache({ now: () => now });
    a.route('/robots.txt', text(200, RULES));
    expect(await cache.check(`${a.origin}/private/1`, 'bot')).toMatchObject({
      allowed: false,
      outcome: 'ok',
      stale: false,
    });
    a.route('/robots.txt', text(503, 'down'));
    now += 25 * 3600_000; // past the 24 hours
    expect(await cache.check(`${a.origin}/private/1`, 'bot')).toMatchObject({
      allowed: false,
      line: 2,
      outcome: 'unreachable',
      status: 503,
      stale: true,
    });
    expect(await cache.isAllowed(`${a.origin}/public`, 'bot')).toBe(true);
    now += 31 * 24 * 3600_000; // still the last good copy after 30 days
    expect(await cache.check(`${a.origin}/private/1`, 'bot')).toMatchObject({ allowed: false, stale: true });
    a.route('/robots.txt', text(404, ''));
    now += 3600_000;
    expect(await cache.check(`${a.origin}/private/1`, 'bot')).toMatchObject({
      allowed: true,
      outcome: 'unavailable',
      stale: false,
    });
  });

  test('4.2 unreachable with no good copy: disallow all, for 30 days; then allow all', async () => {
    let now = 0;
    const cache = new RobotsCache({ now: () => now });
    b.route('/robots.txt', text(500, ''));
    expect(await cache.check(`${b.origin}/x`, 'bot')).toMatchObject({ allowed: false, outcome: 'unreachable' });
    now += 29 * 24 * 3600_000;
    expect(await cache.isAllowed(`${b.origin}/x`, 'bot')).toBe(false);
    now += 2 * 24 * 3600_000;
    expect(await cache.check(`${b.origin}/x`, 'bot')).toMatchObject({ allowed: true, outcome: 'unreachable', line: 0 });
  });

  test('4.3 an LRU bound on origins', async () => {
    const cache = new RobotsCache({ maxEntries: 2 });
    for (const s of [a, b, c]) s.route('/robots.txt', text(200, RULES));
    const before = fetches(a);
    await cache.isAllowed(`${a.origin}/`, 'x');
    await cache.isAllowed(`${b.origin}/`, 'x');
    await cache.isAllowed(`${a.origin}/`, 'x'); // a is now the most recent
    await cache.isAllowed(`${c.origin}/`, 'x'); // evicts b
    expect(cache.size).toBe(2);
    await cache.isAllowed(`${a.origin}/`, 'x');
    expect(fetches(a) - before).toBe(1);
  });

  test('4.3 filter: many URLs over many hosts, each robots.txt fetched once, order kept', async () => {
    a.route('/robots.txt', text(200, 'User-agent: *\nDisallow: /a-private/\n'));
    b.route('/robots.txt', text(200, 'User-agent: bot\nDisallow: /\n'));
    c.route('/robots.txt', text(404, ''));
    const cache = new RobotsCache({ concurrency: 2 });
    const before = [a, b, c].map(fetches);
    const urls: string[] = [];
    for (let i = 0; i < 3000; i++) urls.push(`${[a, b, c][i % 3]!.origin}/${i % 2 ? 'a-private' : 'page'}/${i}`);
    urls.push('mailto:someone@example.com', 'not a url');
    const allowed = await cache.filter(urls, 'bot');
    expect(allowed).toEqual(
      urls.filter(
        (u, i) => i < 3000 && (u.startsWith(c.origin) || (u.startsWith(a.origin) && !u.includes('/a-private/'))),
      ),
    );
    expect([a, b, c].map(fetches).map((n, i) => n - before[i]!)).toEqual([1, 1, 1]);
  });

  test('4.3 fetches over all hosts stay within `concurrency`', async () => {
    const servers = await Promise.all(Array.from({ length: 6 }, () => startServer()));
    let active = 0,
      most = 0;
    for (const s of servers)
      s.route('/robots.txt', (_q, res) => {
        active++;
        most = Math.max(most, active);
        setTimeout(() => {
          active--;
          text(200, RULES)(_q, res);
        }, 40);
      });
    const cache = new RobotsCache({ concurrency: 2 });
    await cache.filter(
      servers.map((s) => `${s.origin}/x`),
      'bot',
    );
    expect(most).toBe(2);
    await Promise.all(servers.map((s) => s.close()));
  });

  test('4.3 slow origins give up their slot: a healthy origin is answered while tarpits hang', async () => {
    // Tarpits accept the connection and never answer.
    const tarpits = await Promise.all(Array.from({ length: 8 }, () => startServer()));
    for (const t of tarpits) t.route('/robots.txt', () => {});
    a.route('/robots.txt', text(200, 'User-agent: *\nDisallow: /private/\n'));
    const cache = new RobotsCache({ concurrency: 4, timeoutMs: 20_000 });
    let settled = 0;
    const hanging = tarpits.map((t) => cache.isAllowed(`${t.origin}/x`, 'bot').finally(() => settled++));
    await new Promise((r) => setTimeout(r, 50)); // the tarpits hold every slot first
    expect(await cache.isAllowed(`${a.origin}/private/x`, 'bot')).toBe(false);
    // Two rounds of four tarpits, each giving its slot up after slowAfterMs
    // (1 s): answered in about 2 s. Not a wall-clock bound: the healthy origin
    // is answered while every tarpit still hangs, where waiting for their
    // slots would answer it only once they timed out (two rounds of 20 s:
    // past the test's timeout, which fails too).
    expect(settled).toBe(0);
    // Never more than concurrency + maxSlowFetches at once.
    const bounded = new RobotsCache({ concurrency: 2, maxSlowFetches: 1, slowAfterMs: 100, timeoutMs: 20_000 });
    const more = tarpits.slice(0, 5).map((t) => bounded.isAllowed(`${t.origin}/y`, 'bot'));
    await new Promise((r) => setTimeout(r, 600));
    const open = tarpits.slice(0, 5).reduce((n, t) => n + t.requests.filter((q) => q.path === '/robots.txt').length, 0);
    expect(open).toBe(5 + 3); // the first cache's one each, and 2 + 1 of the second cache's 5
    await Promise.all(tarpits.map((t) => t.close())); // the hanging fetches fail: unreachable
    expect(await Promise.all([...hanging, ...more])).toEqual(Array(13).fill(false));
  }, 30_000);

  test('4.3 filterStream: an async stream of URLs, allowed ones out in order', async () => {
    a.route('/robots.txt', text(200, 'User-agent: *\nDisallow: /*7$\n'));
    const cache = new RobotsCache();
    async function* lines() {
      for (let i = 0; i < 2500; i++) yield `${a.origin}/p/${i}`;
    }
    const out: string[] = [];
    for await (const url of cache.filterStream(lines(), 'bot', { batchSize: 300 })) out.push(url);
    expect(out).toHaveLength(2250);
    expect(out[0]).toBe(`${a.origin}/p/0`);
    expect(out.some((u) => u.endsWith('7'))).toBe(false);
  });

  test('4.3 bad input', async () => {
    const cache = new RobotsCache();
    await expect(cache.isAllowed('mailto:x@y.z', 'bot')).rejects.toThrow(RobotsUrlError);
    await expect(cache.filter(5 as never, 'bot')).rejects.toThrow(TypeError);
    expect(() => new RobotsCache({ concurrency: 0 })).toThrow(RangeError);
    expect(() => new RobotsCache({ fetch: 'x' as never })).toThrow(TypeError);
  });
});

describe('maxBytes beyond what the core takes', () => {
  const CORE_LIMIT = 256 << 20;
  const RULES_FIRST = 'User-agent: *\nDisallow: /private/\n';
  /** A 2xx answer of `size` bytes, made as it is read: the rules, then comment lines. */
  const huge = (size: number) => async () => {
    const line = new TextEncoder().encode(`#${'x'.repeat((1 << 20) - 2)}\n`);
    let sent = 0;
    return new Response(
      new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= size) return controller.close();
          const chunk =
            sent === 0 ? new TextEncoder().encode(RULES_FIRST) : line.subarray(0, Math.min(line.length, size - sent));
          sent += chunk.length;
          controller.enqueue(chunk);
        },
      }),
      { status: 200 },
    );
  };

  test('fetchRobots: a 300 MiB body with maxBytes 2^31-1 is cut at the core limit, truncated, and its rules apply', async () => {
    const r = await fetchRobots('https://big.test/', { fetch: huge(300 << 20), maxBytes: 2 ** 31 - 1 });
    // The core's RangeError was caught as a network error: "unreachable", everything disallowed.
    expect(r.outcome).toBe('ok');
    expect(r.error).toBeUndefined();
    expect(r.robots.truncated).toBe(true);
    expect(r.body.length).toBe(CORE_LIMIT);
    expect(r.robots.isAllowed('https://big.test/private/x', 'bot')).toBe(false);
    expect(r.robots.isAllowed('https://big.test/public', 'bot')).toBe(true);
    r.robots.dispose();
  }, 60_000);

  test('RobotsCache takes the same path: a verdict from the rules, not a server outcome', async () => {
    const cache = new RobotsCache({ fetch: huge(300 << 20), maxBytes: 2 ** 31 - 1 });
    expect(await cache.check('https://big.test/public', 'bot')).toMatchObject({ allowed: true, outcome: 'ok' });
    expect(await cache.isAllowed('https://big.test/private/x', 'bot')).toBe(false);
    cache.clear();
  }, 60_000);
});
