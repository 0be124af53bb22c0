// robotsmatch/edge in front of a real origin (node:http on 127.0.0.1), as a
// Node server runs it: who waits for the first robots.txt fetch (only the
// clients robots.txt applies to: browsers and /robots.txt itself never, even
// when the origin hangs), an enforcer fetching its robots.txt through itself
// (no deadlock), the path as the origin reads it (`/%70rivate`,
// `/x/../private`, `//private` are `/private`), the default log bounded, and
// the cost of huge User-Agent headers bounded.
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEnforcer, type Enforcer } from '../src/edge.js';
import { crawlerUserAgents, browserUserAgents } from './fixtures/user-agents.js';

const GPTBOT = crawlerUserAgents.find((s) => s.crawler === 'GPTBot')!.header;
const CHROME = browserUserAgents[0]!.header;
const ROBOTS = 'User-agent: GPTBot\nDisallow: /private\n';

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;
const servers: Server[] = [];
const enforcers: Enforcer[] = [];

async function listen(handler: Handler): Promise<string> {
  const server = createServer((req, res) => {
    Promise.resolve(handler(req, res)).catch((error) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A GET of a raw path (not normalised by a URL parser, as fetch() would), with a User-Agent. */
function get(origin: string, path: string, userAgent: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, headers: { 'user-agent': userAgent } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** An origin that reads paths as nginx does: escapes decoded, dot segments resolved, slashes merged. */
function originPage(req: IncomingMessage, res: ServerResponse): void {
  const path = new URL(decodeURIComponent(req.url!).replace(/\/{2,}/g, '/'), 'http://origin').pathname;
  res.end(`page ${path}`);
}

/** A server with the enforcer in front of `origin`, as examples/node runs it. */
function enforced(enforcer: Enforcer, origin: Handler): Handler {
  return async (req, res) => {
    const answer = await enforcer.handle({ url: req.url!, userAgent: req.headers['user-agent'], method: req.method });
    if (answer === undefined) return origin(req, res);
    res.statusCode = answer.status;
    res.end(await answer.text());
  };
}

afterEach(async () => {
  for (const enforcer of enforcers.splice(0)) enforcer.dispose();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('robotsmatch/edge in front of a real origin', () => {
  test('an origin whose robots.txt hangs: browsers and /robots.txt are answered at once, crawlers wait for the file', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let answered = false;
    const origin = await listen(async (req, res) => {
      if (req.url === '/robots.txt') {
        await released;
        answered = true;
        res.end(ROBOTS);
      } else originPage(req, res);
    });
    const enforcer = createEnforcer({
      robots: new URL(`${origin}/robots.txt`),
      action: 'block',
      onViolation: () => {},
    });
    enforcers.push(enforcer);
    const crawler = enforcer.decide({ url: '/private', userAgent: GPTBOT });
    let crawlerDecided = false;
    void crawler.then(() => (crawlerDecided = true));

    const browser = await enforcer.decide({ url: '/private', userAgent: CHROME });
    expect([browser.allowed, browser.skipped]).toEqual([true, 'browser']);
    expect(await enforcer.handle({ url: '/private', userAgent: CHROME })).toBeUndefined();
    const robotsTxt = await enforcer.decide({ url: '/robots.txt', userAgent: GPTBOT });
    expect([robotsTxt.allowed, robotsTxt.skipped]).toEqual([true, 'robots.txt']);
    expect(await enforcer.handle({ url: '/robots.txt', userAgent: GPTBOT })).toBeUndefined();
    // All of that while the origin still holds the robots.txt, and the crawler still waits for it.
    expect(answered).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(crawlerDecided).toBe(false);

    release();
    const decided = await crawler;
    expect(answered).toBe(true);
    expect([decided.allowed, decided.enforced, decided.line]).toEqual([false, true, 2]);
  }, 10_000);

  test("an enforcer given its own site's URL fetches its robots.txt through itself without waiting for itself", async () => {
    let robotsFetches = 0;
    let enforcer!: Enforcer;
    const site = await listen((req, res) =>
      enforced(enforcer, (req2, res2) => {
        if (req2.url === '/robots.txt') {
          robotsFetches++;
          res2.end(ROBOTS);
        } else originPage(req2, res2);
      })(req, res),
    );
    enforcer = createEnforcer({
      robots: new URL(`${site}/robots.txt`),
      action: 'block',
      serveRobotsTxt: true,
      onViolation: () => {},
    });
    enforcers.push(enforcer);

    // The first crawler request starts the fetch, which comes back to this server as a request for /robots.txt.
    expect((await get(site, '/private', GPTBOT)).status).toBe(403);
    expect((await get(site, '/blog', GPTBOT)).body).toBe('page /blog');
    expect(robotsFetches).toBe(1);
    // Once it is there, /robots.txt is served by the enforcer.
    expect(await get(site, '/robots.txt', CHROME)).toEqual({ status: 200, body: ROBOTS });
    expect(robotsFetches).toBe(1);
  }, 10_000);

  test('paths are matched as the origin reads them: escapes, dot segments and repeated slashes do not get past a rule', async () => {
    const enforcer = createEnforcer({ robots: ROBOTS, action: 'block', onViolation: () => {} });
    enforcers.push(enforcer);
    const site = await listen(enforced(enforcer, originPage));
    const plain = await listen(originPage);
    const spellings = [
      '/private',
      '/%70rivate',
      '/%70%72%69%76%61%74%65/x',
      '/x/../private',
      '/x/%2e%2e/private',
      '/./private',
      '//private',
      '/x//..//private',
      '/public/../private?a=1',
    ];
    for (const path of spellings) {
      expect((await get(plain, path, GPTBOT)).body, `the origin serves ${path} as /private`).toMatch(/^page \/private/);
      expect((await get(site, path, GPTBOT)).status, path).toBe(403);
    }
    for (const path of [
      '/public',
      '/privat',
      '/%2570rivate',
      '/x/..private',
      '/blog?next=//private',
      '/blog?x=/../private',
    ]) {
      expect((await get(site, path, GPTBOT)).status, path).toBe(200);
    }
    // Browsers still pass, whatever the path.
    expect((await get(site, '/%70rivate', CHROME)).status).toBe(200);
    // decide() says so too, for an absolute URL (a fetch Request's).
    const decision = await enforcer.decide({ url: 'https://www.example.com/a/b/../../%70rivate', userAgent: GPTBOT });
    expect([decision.allowed, decision.line, decision.url]).toEqual([
      false,
      2,
      'https://www.example.com/a/b/../../%70rivate',
    ]);
  });

  test('the default log: 10,000 violations write a dozen lines, not 10,000; the next minute says how many were left out', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      let clock = Date.UTC(2026, 0, 1);
      const enforcer = createEnforcer({ robots: ROBOTS, now: () => clock });
      enforcers.push(enforcer);
      for (let i = 0; i < 10_000; i++) await enforcer.decide({ url: `/private/${i}`, userAgent: GPTBOT });
      expect(enforcer.counters().crawlers.GPTBot!.disallowed).toBe(10_000);
      expect(warn.mock.calls.length).toBe(11);
      expect(warn.mock.calls[0]![0]).toMatch(/^robots.txt violation: GPTBot requested \/private\/0 /);
      expect(warn.mock.calls[10]![0]).toMatch(/^robots.txt violations: more than 10 this minute/);
      clock += 60_000;
      await enforcer.decide({ url: '/private/last', userAgent: GPTBOT });
      expect(warn.mock.calls[11]![0]).toMatch(/^robots.txt violations: 9990 more were not logged/);
      expect(warn.mock.calls[12]![0]).toMatch(/requested \/private\/last /);
    } finally {
      warn.mockRestore();
    }
  });

  test('huge User-Agent headers: only the first KB is read to identify them, and a log line quotes 300 characters', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const enforcer = createEnforcer({ robots: ROBOTS });
      enforcers.push(enforcer);
      const padding = 'x'.repeat(72 * 1024);
      // A crawler's header with 72 KB after it: still the crawler.
      const long = await enforcer.decide({ url: '/private', userAgent: `${GPTBOT} ${padding}` });
      expect([long.crawler?.name, long.allowed]).toEqual(['GPTBot', false]);
      // The crawler's token after 72 KB of padding is not read: the header is not identified as it.
      const hidden = await enforcer.decide({ url: '/private', userAgent: `Mozilla/5.0 ${padding} GPTBot/1.0` });
      expect(hidden.crawler).toBeUndefined();
      expect(warn).toHaveBeenCalledTimes(1);
      expect((warn.mock.calls[0]![0] as string).length).toBeLessThan(1000);
      expect(warn.mock.calls[0]![0]).toContain(`(${GPTBOT.length + 1 + padding.length} characters)`);
    } finally {
      warn.mockRestore();
    }
  });
});
