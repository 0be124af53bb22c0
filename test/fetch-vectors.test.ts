// RFC 9309's outcomes of a live fetch (status, redirects, lifetimes), from
// test/vectors/fetch-scenarios.json, which python/tests/test_fetch_vectors.py
// asserts for robotsmatch.fetch too: each scenario's routes served by two
// local servers, fetched by fetchRobots; and its cache scenarios (origins
// that never answer, the slow lane) served by three, asked of RobotsCache.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fetchRobots, RobotsCache, type FetchedRobots } from '../src/index.js';
import { startServer, text, type Route, type TestServer } from './support/server.js';

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}
interface Scenario {
  name: string;
  routes: Record<string, Answer>;
  expect: {
    outcome: string;
    status?: number;
    redirects?: number;
    finalUrl?: string;
    contentType?: string;
    lifetimeMs?: number;
    allowed?: Record<string, boolean>;
  };
}

interface CacheScenario {
  name: string;
  options: { concurrency: number; slowAfterMs: number; maxSlowFetches: number; timeoutMs: number };
  routes: Record<string, Answer & { hang?: boolean }>;
  asks: string[];
  whileHanging?: Record<string, boolean>;
  waitingWhileHanging?: string[];
  afterRelease: Record<string, boolean>;
}

const { scenarios, cacheScenarios } = JSON.parse(
  readFileSync(new URL('vectors/fetch-scenarios.json', import.meta.url), 'utf8'),
) as { scenarios: Scenario[]; cacheScenarios: CacheScenario[] };
const NOW = 1_000_000;

describe('fetch scenarios shared with the Python package', () => {
  let a: TestServer, b: TestServer;
  beforeAll(async () => {
    a = await startServer();
    b = await startServer();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });
  const place = (s: string) => s.replaceAll('{a}', a.origin).replaceAll('{b}', b.origin);

  for (const scenario of scenarios) {
    test(scenario.name, async () => {
      for (const [where, answer] of Object.entries(scenario.routes)) {
        const server = where.startsWith('{b}') ? b : a;
        const headers = Object.fromEntries(Object.entries(answer.headers ?? {}).map(([k, v]) => [k, place(v)]));
        server.route(where.slice(3), text(answer.status, answer.body ?? '', headers));
      }
      const got: FetchedRobots = await fetchRobots(`${a.origin}/some/page?q`, { now: () => NOW });
      const want = scenario.expect;
      expect(got.outcome).toBe(want.outcome);
      expect(got.url).toBe(`${a.origin}/robots.txt`);
      if (want.status !== undefined) expect(got.status).toBe(want.status);
      if (want.redirects !== undefined) expect(got.redirects).toBe(want.redirects);
      if (want.finalUrl !== undefined) expect(got.finalUrl).toBe(place(want.finalUrl));
      if (want.contentType !== undefined) expect(got.contentType).toBe(want.contentType);
      if (want.lifetimeMs !== undefined) expect(got.expires - got.fetchedAt).toBe(want.lifetimeMs);
      for (const [path, allowed] of Object.entries(want.allowed ?? {}))
        expect(got.robots.isAllowed(a.origin + path, 'bot'), path).toBe(allowed);
      got.robots.dispose();
    });
  }
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(done: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await sleep(10);
  }
}

describe('cache scenarios shared with the Python package: origins that never answer', () => {
  for (const scenario of cacheScenarios) {
    test(scenario.name, async () => {
      const servers: Record<string, TestServer> = {};
      for (const name of ['{a}', '{b}', '{c}']) servers[name] = await startServer();
      const held: (() => void)[] = [];
      let released = false;
      const hang =
        (answer: Answer): Route =>
        (req, res) => {
          const reply = () => text(answer.status, answer.body ?? '')(req, res);
          if (released) reply();
          else held.push(reply);
        };
      const release = () => {
        released = true;
        for (const reply of held.splice(0)) reply();
      };
      const robotsRequests = (where: string) =>
        servers[where.slice(0, 3)]!.requests.filter((r) => r.path === '/robots.txt').length;
      try {
        for (const [where, answer] of Object.entries(scenario.routes)) {
          const server = servers[where.slice(0, 3)]!;
          server.route(where.slice(3), answer.hang ? hang(answer) : text(answer.status, answer.body ?? ''));
        }
        const cache = new RobotsCache({ ...scenario.options });
        const answers = new Map<string, boolean>();
        const asked: Promise<void>[] = [];
        for (const where of scenario.asks) {
          const url = servers[where.slice(0, 3)]!.origin + where.slice(3);
          asked.push(cache.isAllowed(url, 'bot').then((allowed) => void answers.set(where, allowed)));
          if (scenario.routes[`${where.slice(0, 3)}/robots.txt`]?.hang)
            await waitUntil(() => robotsRequests(where) > 0, `the request of ${where}`);
        }
        for (const [where, allowed] of Object.entries(scenario.whileHanging ?? {})) {
          await waitUntil(() => answers.has(where), `the answer to ${where} while the others hang`);
          expect(answers.get(where), where).toBe(allowed);
        }
        if (scenario.waitingWhileHanging?.length) {
          await sleep(10 * scenario.options.slowAfterMs);
          for (const where of scenario.waitingWhileHanging) {
            expect(answers.has(where), `${where} was answered while the slow lane was full`).toBe(false);
            expect(robotsRequests(where), where).toBe(0);
          }
        }
        release();
        await Promise.all(asked);
        expect(Object.fromEntries(Object.keys(scenario.afterRelease).map((w) => [w, answers.get(w)]))).toEqual(
          scenario.afterRelease,
        );
        cache.clear();
      } finally {
        release();
        await Promise.all(Object.values(servers).map((s) => s.close()));
      }
    }, 30_000);
  }
});
