// RobotsCache frees the copies it lets go of (evicted, refreshed, cleared)
// itself, without waiting for a finalizer (workerd has none), and never one
// that a check still running is using. The fetch is injected, so the order in
// which answers arrive is the test's to choose.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { RobotsCache, RobotsDisposedError, Robots } from '../src/index.js';
import { AgentMatcher } from '../src/rules/matcher.js';

const DAY = 24 * 3600_000;
/** Each host disallows a path named after itself: /a.test/ on a.test. */
const rulesFor = (url: string) => `User-agent: *\nDisallow: /${new URL(url).hostname}/\n`;

/** A fetch that answers only when the test says so, per origin. */
function heldFetch() {
  const waiting = new Map<string, (response: Response) => void>();
  return {
    fetch: (url: string | URL | Request) =>
      new Promise<Response>((resolve) => waiting.set(new URL(String(url)).origin, resolve)),
    waiting: () => [...waiting.keys()].sort(),
    answer(origin: string, status = 200) {
      const resolve = waiting.get(origin)!;
      waiting.delete(origin);
      resolve(new Response(status === 200 ? rulesFor(origin) : 'down', { status }));
    },
  };
}

const ticks = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('RobotsCache memory', () => {
  test("an evicted origin's robots is freed at once; the one kept still answers", async () => {
    const dispose = vi.spyOn(Robots.prototype, 'dispose');
    const check = vi.spyOn(Robots.prototype, 'check');
    const cache = new RobotsCache({ maxEntries: 1, fetch: async (url) => new Response(rulesFor(String(url))) });
    expect(await cache.check('https://a.test/a.test/x', 'bot')).toMatchObject({ allowed: false });
    const robotsA = check.mock.contexts[0] as Robots;
    expect(dispose).not.toHaveBeenCalled();

    expect(await cache.check('https://b.test/b.test/x', 'bot')).toMatchObject({ allowed: false }); // evicts a.test
    expect(dispose.mock.contexts).toEqual([robotsA]);
    expect(() => robotsA.isAllowed('/', 'bot')).toThrow(RobotsDisposedError);
    expect(await cache.isAllowed('https://b.test/b.test/y', 'bot')).toBe(false);
    expect(await cache.isAllowed('https://b.test/other', 'bot')).toBe(true);
  });

  test('a refreshed copy frees the old one; the last good copy lives while the server errors', async () => {
    let now = 0;
    const held = heldFetch();
    const dispose = vi.spyOn(Robots.prototype, 'dispose');
    const check = vi.spyOn(Robots.prototype, 'check');
    const cache = new RobotsCache({ fetch: held.fetch, now: () => now });
    const checkA = async (status: number) => {
      const verdict = cache.check('https://a.test/a.test/x', 'bot');
      await ticks();
      held.answer('https://a.test', status);
      return verdict;
    };

    expect(await checkA(200)).toMatchObject({ allowed: false, outcome: 'ok' });
    const good = check.mock.contexts.at(-1) as Robots;
    now += 2 * DAY;
    expect(await checkA(503)).toMatchObject({ allowed: false, outcome: 'unreachable', stale: true });
    expect(check.mock.contexts.at(-1)).toBe(good); // answered by the good copy
    expect(dispose).not.toHaveBeenCalled(); // nothing let go of yet: good is kept, the 503 copy is the latest
    now += 2 * DAY;
    expect(await checkA(503)).toMatchObject({ stale: true });
    expect(dispose).toHaveBeenCalledTimes(1); // the first 503 copy
    expect(dispose.mock.contexts).not.toContain(good);
    now += 2 * DAY;
    expect(await checkA(200)).toMatchObject({ allowed: false, outcome: 'ok', stale: false });
    expect(dispose).toHaveBeenCalledTimes(3); // the second 503 copy and the old good one
    expect(dispose.mock.contexts).toContain(good);
  });

  test('a check using a copy that is evicted before it reads it still gets its verdict; the copy is freed after', async () => {
    let now = 0;
    const held = heldFetch();
    const dispose = vi.spyOn(Robots.prototype, 'dispose');
    const cache = new RobotsCache({ fetch: held.fetch, now: () => now, maxEntries: 1 });
    const first = cache.isAllowed('https://a.test/', 'bot');
    await ticks();
    held.answer('https://a.test');
    await first;

    now += 2 * DAY; // a.test expired: the next check fetches it again
    const checkA = cache.check('https://a.test/a.test/x', 'bot');
    const checkB = cache.check('https://b.test/b.test/x', 'bot');
    await ticks();
    expect(held.waiting()).toEqual(['https://a.test', 'https://b.test']);
    // a.test's new copy is stored first; b.test's arrives right behind it and
    // evicts it (one entry) before checkA gets to read it.
    held.answer('https://a.test');
    held.answer('https://b.test');
    expect(await checkA).toMatchObject({ allowed: false, line: 2, outcome: 'ok' });
    expect(await checkB).toMatchObject({ allowed: false, line: 2, outcome: 'ok' });
    expect(cache.size).toBe(1);
    expect(dispose).toHaveBeenCalledTimes(2); // both copies of a.test, once nothing used them
  });

  test('checks started at every moment around an eviction get their verdicts', async () => {
    // Whatever microtask a check starts in, as a.test's copy is stored and
    // then evicted by b.test's, it must find a live copy (or fetch again).
    // `offset` leaves out the early checks, which would otherwise keep the
    // evicted copy alive for the later ones (they started before the eviction).
    for (let offset = 0; offset < 12; offset++) {
      const held = heldFetch();
      const cache = new RobotsCache({ fetch: held.fetch, maxEntries: 1 });
      const first = [
        cache.isAllowed('https://a.test/a.test/x', 'bot'),
        cache.isAllowed('https://b.test/b.test/x', 'bot'),
      ];
      await ticks();
      held.answer('https://a.test');
      held.answer('https://b.test');
      const late: Promise<boolean>[] = [];
      for (let tick = 0; tick < 12; tick++) {
        if (tick >= offset) late.push(cache.isAllowed('https://a.test/a.test/y', 'bot'));
        await Promise.resolve();
      }
      await ticks();
      for (const origin of held.waiting()) held.answer(origin); // a.test again, once evicted
      expect(await Promise.all([...first, ...late])).toEqual([false, false, ...late.map(() => false)]);
    }
  });

  test('many overlapping checks over many origins: right verdicts, and parsed - freed = held', async () => {
    let fetches = 0;
    const dispose = vi.spyOn(Robots.prototype, 'dispose');
    const cache = new RobotsCache({
      maxEntries: 5,
      concurrency: 4,
      fetch: async (url) => {
        fetches++;
        await new Promise((resolve) => setTimeout(resolve, fetches % 3));
        return new Response(rulesFor(String(url)));
      },
    });
    const hosts = Array.from({ length: 40 }, (_, i) => `h${i}.test`);
    const checks: Promise<boolean>[] = [];
    for (let round = 0; round < 6; round++) {
      for (const [i, host] of hosts.entries()) {
        checks.push(cache.isAllowed(`https://${host}/${i % 2 ? host : 'open'}/x`, 'bot'));
      }
      await ticks();
    }
    const verdicts = await Promise.all(checks);
    expect(verdicts.filter((allowed) => !allowed)).toHaveLength(checks.length / 2);
    expect(fetches).toBeGreaterThan(40);
    expect(dispose.mock.calls.length).toBe(fetches - cache.size);
  });

  test('copies are freed while checks keep running, as soon as the older checks end', async () => {
    const held = heldFetch();
    const dispose = vi.spyOn(Robots.prototype, 'dispose');
    const cache = new RobotsCache({ fetch: held.fetch, maxEntries: 1 });
    // A chain of checks on new origins, each started before the one before it
    // is answered: the cache is never idle, and each answer evicts an origin.
    let running = cache.isAllowed('https://h0.test/h0.test/x', 'bot');
    for (let k = 1; k <= 10; k++) {
      const next = cache.isAllowed(`https://h${k}.test/h${k}.test/x`, 'bot');
      await ticks();
      held.answer(`https://h${k - 1}.test`);
      expect(await running).toBe(false);
      running = next;
    }
    // h0 ... h8 are evicted. h8 went while h10's check was already running,
    // so it waits for that check (which might hold it, for all the cache
    // knows); h0 ... h7 are freed though the cache was never idle.
    expect(dispose).toHaveBeenCalledTimes(8);
    held.answer('https://h10.test');
    expect(await running).toBe(false);
    expect(dispose).toHaveBeenCalledTimes(10);
  });

  test("a robots handed out by get() is the caller's: eviction does not free it", async () => {
    const cache = new RobotsCache({ maxEntries: 1, fetch: async (url) => new Response(rulesFor(String(url))) });
    const { robots } = await cache.get('https://a.test/');
    await cache.isAllowed('https://b.test/', 'bot'); // evicts a.test
    cache.clear();
    expect(robots.isAllowed('https://a.test/a.test/x', 'bot')).toBe(false);
    robots.dispose();
  });

  test('clear() frees every origin; filter() frees the index of an agent set after each call', async () => {
    const dispose = vi.spyOn(Robots.prototype, 'dispose');
    const disposeMatcher = vi.spyOn(AgentMatcher.prototype, 'dispose');
    const cache = new RobotsCache({ fetch: async (url) => new Response(rulesFor(String(url))) });
    const urls = ['https://a.test/a.test/1', 'https://a.test/2', 'https://b.test/b.test/3', 'https://b.test/4'];
    expect(await cache.filter(urls, ['bot', 'otherbot'])).toEqual(['https://a.test/2', 'https://b.test/4']);
    expect(disposeMatcher).toHaveBeenCalledTimes(2); // one per origin
    expect(await cache.filter(urls, 'bot')).toEqual(['https://a.test/2', 'https://b.test/4']);
    expect(disposeMatcher).toHaveBeenCalledTimes(2); // a single agent's matcher is kept with the entry
    cache.clear();
    expect(cache.size).toBe(0);
    expect(dispose).toHaveBeenCalledTimes(2);
  });
});
