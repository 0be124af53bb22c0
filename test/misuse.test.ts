// Misuse of every entry point: user code that runs during a call
// (getters, proxies, iterators) can never make the core read freed or moved
// memory; what a caller can construct never crashes the process; options are
// checked where they are given.
import { describe, expect, test } from 'vitest';
import { parse, isPlainToken, Robots, RobotsDisposedError, RobotsCache, fetchRobots } from '../src/index.js';
import { explain } from '../src/explain.js';

const BODY = 'User-agent: *\nDisallow: /private/\n';
const urls = (n: number) =>
  Array.from({ length: n }, (_, i) => (i % 2 ? `https://e.com/private/${i}` : `https://e.com/open/${i}`));
const expected = (list: string[]) => list.map((u) => (u.includes('/private/') ? 0 : 1));

/** An array whose element `at` runs `effect` when read. */
function withGetter(list: string[], at: number, effect: () => void): string[] {
  const copy = [...list];
  let value = copy[at]!;
  Object.defineProperty(copy, at, {
    get() {
      effect();
      return value;
    },
    set(v) {
      value = v;
    },
  });
  return copy;
}

describe('user code during a call (15.2)', () => {
  test('an element getter that disposes the robots: RobotsDisposedError, never a memory error', () => {
    for (const at of [0, 5, 4_500]) {
      const robots = parse(BODY);
      const matcher = robots.forAgent('bot');
      const list = withGetter(urls(5_000), at, () => robots.dispose());
      expect(() => matcher.matchMany(list), `getter at ${at}`).toThrow(RobotsDisposedError);
    }
  });

  test('an element getter that disposes the matcher', () => {
    const robots = parse(BODY);
    const matcher = robots.forAgent('bot');
    expect(() => matcher.matchMany(withGetter(urls(10), 3, () => matcher.dispose()))).toThrow(RobotsDisposedError);
    robots.dispose();
  });

  test('an element getter that makes the core grow its memory: correct verdicts', () => {
    const robots = parse(BODY);
    const matcher = robots.forAgent('bot');
    const list = urls(9_000);
    const held: Robots[] = [];
    const grow = () => {
      // Parsing 20 MB of rules needs more core memory than there is: it grows (and moves views).
      held.push(parse(`User-agent: *\n${'Disallow: /x\n'.repeat(1_500_000)}`, { maxBytes: 2 ** 31 - 1 }));
    };
    expect(Array.from(matcher.matchMany(withGetter(list, 4_200, grow)))).toEqual(expected(list));
    expect(matcher.filter(withGetter(list, 10, grow))).toEqual(list.filter((u) => !u.includes('/private/')));
    for (const r of held) r.dispose();
    robots.dispose();
  });

  test('a Proxy array and an iterator that dispose midway', () => {
    const robots = parse(BODY);
    const matcher = robots.forAgent('bot');
    const proxy = new Proxy(urls(100), {
      get(target, key, receiver) {
        if (key === '50') robots.dispose();
        return Reflect.get(target, key, receiver);
      },
    });
    expect(() => matcher.matchMany(proxy)).toThrow(RobotsDisposedError);
    const again = parse(BODY);
    const m2 = again.forAgent('bot');
    function* lazy() {
      yield '/a';
      again.dispose();
      yield '/private/b';
    }
    expect(() => m2.filter(lazy())).toThrow(RobotsDisposedError);
  });

  test('an agent array whose getter disposes the robots', () => {
    const robots = parse(BODY);
    const agents = withGetter(['a', 'b'], 1, () => robots.dispose());
    expect(() => robots.check('/private/x', agents)).toThrow(RobotsDisposedError);
    const other = parse(BODY);
    expect(() =>
      explain(
        other,
        '/private/x',
        withGetter(['a'], 0, () => other.dispose()),
      ),
    ).toThrow(RobotsDisposedError);
  });

  test('an agent array whose getter evicts the cached indexes', () => {
    const robots = parse(BODY);
    const evict = () => {
      for (let i = 0; i < 40; i++)
        robots.check('/x', `agent${String.fromCharCode(97 + (i % 26))}${i}`.replace(/\d/g, 'x'));
    };
    expect(robots.check('/private/x', withGetter(['bot'], 0, evict))).toMatchObject({ allowed: false, line: 2 });
    robots.dispose();
  });
});

describe('what a user can construct (15.4)', () => {
  test('new Robots() throws a TypeError that says to use parse()', () => {
    expect(() => new (Robots as unknown as new () => unknown)()).toThrow(TypeError);
    expect(() => new (Robots as unknown as new () => unknown)()).toThrow(/use parse\(/);
  });
});

describe('options checked where they are given (15.6)', () => {
  test.each([
    ['new RobotsCache(42)', () => new RobotsCache(42 as never), TypeError, /options must be an object/],
    ['timeoutMs 2**31', () => new RobotsCache({ timeoutMs: 2 ** 31 }), RangeError, /options\.timeoutMs/],
    ['timeoutMs Infinity', () => new RobotsCache({ timeoutMs: Infinity }), RangeError, /options\.timeoutMs/],
    ['timeoutMs 1.5', () => new RobotsCache({ timeoutMs: 1.5 }), RangeError, /options\.timeoutMs/],
    ['now returning NaN', () => new RobotsCache({ now: () => NaN }), RangeError, /options\.now/],
    ['isPlainToken(null)', () => isPlainToken(null as never), TypeError, /agent/],
    [
      'matcher.filter(a string)',
      () =>
        parse(BODY)
          .forAgent('x')
          .filter('/a/b' as never),
      TypeError,
      /urls/,
    ],
    [
      'cache.filter(a string)',
      () => new RobotsCache({ fetch: async () => new Response('') }).filter('/a' as never, 'x'),
      TypeError,
      /urls/,
    ],
  ] as const)('%s', async (_, call, type, message) => {
    let error: unknown;
    try {
      await call();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(type);
    expect(String((error as Error).message)).toMatch(message);
  });

  test('fetchRobots: signal must be an AbortSignal, timeoutMs a whole number in range', async () => {
    await expect(
      fetchRobots('https://e.com/', { signal: {} as never, fetch: async () => new Response('') }),
    ).rejects.toThrow(/options\.signal/);
    await expect(fetchRobots('https://e.com/', { timeoutMs: 0, fetch: async () => new Response('') })).rejects.toThrow(
      RangeError,
    );
  });

  test('filterStream: batchSize must be a positive whole number', async () => {
    const cache = new RobotsCache({ fetch: async () => new Response('') });
    for (const batchSize of [NaN, 'abc', Infinity, 0, -1, 1.5]) {
      const stream = cache.filterStream(['https://e.com/a'], 'x', { batchSize: batchSize as never });
      await expect(stream.next(), String(batchSize)).rejects.toThrow(/batchSize/);
    }
  });

  test('inputs too large for the core are a RangeError naming the argument', () => {
    const robots = parse(BODY);
    const huge = 'x'.repeat(300 << 20);
    expect(() => robots.isAllowed(huge, 'x')).toThrow(RangeError);
    expect(() => robots.isAllowed(huge, 'x')).toThrow(/url/);
    expect(() => parse(huge, { maxBytes: 2 ** 31 - 1 })).toThrow(/body/);
    expect(robots.isAllowed('/private/a', 'x')).toBe(false); // still usable
    robots.dispose();
  });
});

describe('nothing shared between caches that a caller can break (15.3)', () => {
  test('after 30 days unreachable, disposing what get() returned breaks neither this cache nor another', async () => {
    let now = Date.UTC(2026, 0, 1);
    const unreachable = async () => new Response('busy', { status: 503 });
    const a = new RobotsCache({ fetch: unreachable, now: () => now });
    const b = new RobotsCache({ fetch: unreachable, now: () => now });
    expect(await a.isAllowed('https://down.test/x', 'bot')).toBe(false);
    expect(await b.isAllowed('https://down.test/x', 'bot')).toBe(false);
    now += 31 * 24 * 3600 * 1000;
    const got = await a.get('https://down.test/x');
    expect(got.robots.isAllowed('https://down.test/x', 'bot')).toBe(true);
    got.robots.dispose();
    expect(await a.isAllowed('https://down.test/x', 'bot')).toBe(true);
    expect(await b.isAllowed('https://down.test/x', 'bot')).toBe(true);
    expect((await a.get('https://down.test/y')).robots.isAllowed('/y', 'bot')).toBe(true);
  });

  test('disposing what get() returned for a healthy origin does not break the cache', async () => {
    const cache = new RobotsCache({ fetch: async () => new Response('User-agent: *\nDisallow: /private/\n') });
    const { robots } = await cache.get('https://ok.test/');
    robots.dispose();
    expect(await cache.isAllowed('https://ok.test/private/a', 'bot')).toBe(false);
    expect(await cache.check('https://ok.test/open', 'bot')).toMatchObject({ allowed: true, outcome: 'ok' });
  });
});
