// robotsmatch/edge in Node (the source, as vitest runs it): the shared cases
// (test/edge/cases.mjs, also run in workerd by edge-runtimes.test.ts), then
// what only Node tests: a robots.txt fetched from a URL and refreshed, memory
// bounded whatever the traffic, dispose.
import { describe, expect, test, vi } from 'vitest';
import { parse, RobotsCache } from '../src/index.js';
import { createEnforcer, blockedResponse, EnforcerOptionError } from '../src/edge.js';
import { audit } from '../src/crawlers.js';
import { explain } from '../src/explain.js';
import { usage, purpose } from '../src/usage.js';
import { crawlerUserAgents, browserUserAgents } from './fixtures/user-agents.js';
// @ts-expect-error plain JavaScript shared with workerd
import { runEdgeCases, SITE_ROBOTS } from './edge/cases.mjs';

const agents = { crawlers: crawlerUserAgents, browsers: browserUserAgents };
const GPTBOT = crawlerUserAgents.find((s) => s.crawler === 'GPTBot')!.header;
const CHROME = browserUserAgents[0]!.header;
const req = (path: string, userAgent: string) =>
  new Request(`https://www.example.com${path}`, { headers: { 'user-agent': userAgent } });

describe('robotsmatch/edge', () => {
  test('the shared cases: real crawler and browser headers against the tricky robots.txt', async () => {
    const { results, failures } = await runEdgeCases(
      { parse, createEnforcer, blockedResponse, EnforcerOptionError, audit, explain, usage, purpose },
      agents,
    );
    expect(failures).toEqual([]);
    expect(results.length).toBeGreaterThan(1000);
  });

  test('without onViolation, a violation is one console.warn line', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const enforcer = createEnforcer({ robots: 'User-agent: GPTBot\nDisallow: /private\n' });
      expect(await enforcer.handle(req('/private/x', GPTBOT))).toBeUndefined(); // 'log' is the default
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]![0]).toBe(
        `robots.txt violation: GPTBot requested https://www.example.com/private/x (line 2: Disallow: /private; group GPTBot; action log; user-agent ${JSON.stringify(GPTBOT)})`,
      );
    } finally {
      warn.mockRestore();
    }
  });

  test('an onViolation that throws or rejects does not fail the request; its promise goes to ctx.waitUntil', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const waited: Promise<unknown>[] = [];
      const ctx = { waitUntil: (p: Promise<unknown>) => void waited.push(p) };
      const throwing = createEnforcer({
        robots: SITE_ROBOTS,
        action: 'block',
        onViolation: () => {
          throw new Error('sink down');
        },
      });
      expect((await throwing.handle(req('/private', GPTBOT), ctx))?.status).toBe(403);
      const rejecting = createEnforcer({
        robots: SITE_ROBOTS,
        action: 'block',
        onViolation: async () => {
          throw new Error('sink down');
        },
      });
      expect((await rejecting.handle(req('/private', GPTBOT), ctx))?.status).toBe(403);
      expect(waited).toHaveLength(1);
      await Promise.all(waited);
      expect(error).toHaveBeenCalledTimes(2);
    } finally {
      error.mockRestore();
    }
  });

  test('a URL: fetched once through the RobotsCache, refreshed in the background when it expires, kept while the server errors', async () => {
    let clock = Date.UTC(2026, 0, 1);
    const now = () => clock;
    let body = 'User-agent: GPTBot\nDisallow: /v1\n';
    let status = 200;
    const fetched: string[] = [];
    const cache = new RobotsCache({
      now,
      fetch: async (url) => {
        fetched.push(url);
        await new Promise((r) => setTimeout(r, 5));
        return new Response(status === 200 ? body : 'oops', { status, headers: { 'cache-control': 'max-age=60' } });
      },
    });
    const enforcer = createEnforcer({
      robots: new URL('https://www.example.com/'),
      cache,
      now,
      serveRobotsTxt: true,
      onViolation: () => {},
    });
    // Concurrent first requests share one fetch.
    const first = await Promise.all([
      enforcer.decide(req('/v1', GPTBOT)),
      enforcer.decide(req('/v2', GPTBOT)),
      enforcer.decide(req('/v1', GPTBOT)),
    ]);
    expect(first.map((d) => d.allowed)).toEqual([false, true, false]);
    expect(fetched).toEqual(['https://www.example.com/robots.txt']);
    expect(await (await enforcer.handle(req('/robots.txt', CHROME)))!.text()).toBe(body);

    // Expired: the next request is answered with the old copy and starts a refetch.
    body = 'User-agent: GPTBot\nDisallow: /v2\n';
    clock += 61_000;
    const waited: Promise<unknown>[] = [];
    expect((await enforcer.decide(req('/v1', GPTBOT), { waitUntil: (p) => void waited.push(p) })).allowed).toBe(false);
    expect(waited).toHaveLength(1);
    await Promise.all(waited);
    expect(fetched).toHaveLength(2);
    expect((await enforcer.decide(req('/v1', GPTBOT))).allowed).toBe(true);
    expect((await enforcer.decide(req('/v2', GPTBOT))).allowed).toBe(false);

    // The server errors: the last good copy keeps answering (and is served).
    status = 503;
    clock += 61_000;
    await enforcer.decide(req('/x', GPTBOT));
    await enforcer.ready();
    await new Promise((r) => setTimeout(r, 20));
    expect(fetched).toHaveLength(3);
    expect((await enforcer.decide(req('/v2', GPTBOT))).allowed).toBe(false);
    expect(await (await enforcer.handle(req('/robots.txt', CHROME)))!.text()).toBe(body);
    enforcer.dispose();
    await expect(enforcer.decide(req('/v2', GPTBOT))).rejects.toThrow('disposed');
  });

  test('a URL that cannot be fetched at all: nothing is enforced (no disallow-all on our own failure), and it is tried again', async () => {
    let up = false;
    let clock = Date.UTC(2026, 0, 1);
    const cache = new RobotsCache({
      now: () => clock,
      fetch: async () => (up ? new Response('User-agent: *\nDisallow: /\n') : new Response('down', { status: 500 })),
    });
    const enforcer = createEnforcer({
      robots: new URL('https://www.example.com/robots.txt'),
      cache,
      now: () => clock,
      action: 'block',
      onViolation: () => {},
    });
    const d = await enforcer.decide(req('/x', GPTBOT));
    expect([d.allowed, d.enforced, d.skipped]).toEqual([true, false, 'unreachable']);
    expect(await enforcer.handle(req('/x', GPTBOT))).toBeUndefined();
    up = true;
    clock += 61_000;
    await enforcer.decide(req('/x', GPTBOT)); // starts the refetch
    await new Promise((r) => setTimeout(r, 10));
    expect((await enforcer.handle(req('/x', GPTBOT)))?.status).toBe(403);
  });

  test('memory does not grow with traffic: distinct headers are remembered up to maxUserAgents, matchers one per set of groups', async () => {
    const robots = parse(SITE_ROBOTS);
    const forAgent = vi.spyOn(robots, 'forAgent');
    const enforcer = createEnforcer({ robots, maxUserAgents: 1000, unknownBots: 'enforce', onViolation: () => {} });
    for (let i = 0; i < 20_000; i++) {
      await enforcer.decide(req('/x', `Mozilla/5.0 (compatible; RandomBot${i}/1.0)`));
      await enforcer.decide(req('/x', `${CHROME} Build/${i}`));
      await enforcer.decide(req('/x', `${GPTBOT} ${i}`));
    }
    for (const sample of crawlerUserAgents) await enforcer.decide(req('/private', sample.header));
    const counts = enforcer.counters();
    expect(counts.userAgents).toBeLessThanOrEqual(1000);
    expect(counts.requests).toBe(60_000 + crawlerUserAgents.length);
    // One matcher per distinct set of groups: *, GPTBot+ClaudeBot, Googlebot, CCBot+Bytespider, PerplexityBot, bingbot.
    expect(forAgent.mock.calls.length).toBeLessThanOrEqual(6);
    enforcer.dispose();
    robots.dispose();
  });

  test('a Robots given by the caller is not disposed by the enforcer', async () => {
    const robots = parse(SITE_ROBOTS);
    const enforcer = createEnforcer({ robots, onViolation: () => {} });
    await enforcer.decide(req('/private', GPTBOT));
    enforcer.dispose();
    expect(robots.isAllowed('/private', 'GPTBot')).toBe(false);
    robots.dispose();
  });

  test('the 403 for a path that starts with // matches it as a path, not an authority', async () => {
    const enforcer = createEnforcer({ robots: 'User-agent: *\nDisallow: //admin\n', onViolation: () => {} });
    const d = await enforcer.decide({ url: '//admin/x', userAgent: GPTBOT });
    expect([d.allowed, d.line]).toEqual([false, 2]);
    expect((await enforcer.decide(req('//admin', GPTBOT))).allowed).toBe(false);
  });

  test('bad requests are TypeErrors, as rejections', async () => {
    const enforcer = createEnforcer({ robots: SITE_ROBOTS });
    await expect(enforcer.decide(null as never)).rejects.toThrow(TypeError);
    await expect(enforcer.decide({ url: 42 } as never)).rejects.toThrow('request.url must be a string');
    await expect(enforcer.decide({ url: '/', userAgent: 42 } as never)).rejects.toThrow('request.userAgent');
    await expect(enforcer.handle({ url: 42 } as never)).rejects.toThrow(TypeError);
    const wrong = createEnforcer({ robots: SITE_ROBOTS, action: () => 'nope' as never, onViolation: () => {} });
    await expect(wrong.handle(req('/private', GPTBOT))).rejects.toThrow('options.action returned string');
  });
});
