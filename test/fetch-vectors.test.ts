// RFC 9309's outcomes of a live fetch (status, redirects, lifetimes), from
// test/vectors/fetch-scenarios.json, which python/tests/test_fetch_vectors.py
// asserts for robotsmatch.fetch too: each scenario's routes served by two
// local servers, fetched by fetchRobots.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fetchRobots, type FetchedRobots } from '../src/index.js';
import { startServer, text, type TestServer } from './support/server.js';

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

const { scenarios } = JSON.parse(readFileSync(new URL('vectors/fetch-scenarios.json', import.meta.url), 'utf8')) as {
  scenarios: Scenario[];
};
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
