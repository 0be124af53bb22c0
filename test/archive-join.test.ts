// The archive join (robotsmatch/archive): every verdict for an origin whose
// robots.txt came with 2xx is parse(body).check(url, agent), the others the
// RFC 9309 outcome; URLs interleaved across hosts, several agents and a
// purpose at once; the compiled files held stay within the byte bound, with
// the same answers; the fast origin path agrees with robotsTxtUrl.
import './support/fast-check-seed.js';
import { describe, expect, test, vi } from 'vitest';
import fc from 'fast-check';
import { parse, robotsTxtUrl, Robots } from '../src/index.js';
import { purpose } from '../src/usage.js';
import { crawler } from '../src/crawlers.js';
import { ArchiveError, ArchiveMatcher, joinArchive, RobotsArchive } from '../src/archive.js';
import { robotsUrlOf } from '../src/archive/origin.js';
import { makeHostsCorpus } from '../bench/hosts-corpus.mjs';

const corpus = makeHostsCorpus({ files: 80, seed: 7 });
const AGENTS = ['Googlebot', 'GPTBot', 'CCBot'];
/** What a non-2xx outcome answers, for every URL and agent. */
const FIXED: Record<string, boolean | null> = { unavailable: true, unreachable: false, unknown: null };
type Served = 200 | 404 | 410 | 429 | 500 | 503 | 'redirect' | 'loop' | 'absent';

function archiveOf(served: Served[]): RobotsArchive {
  const archive = new RobotsArchive();
  corpus.forEach((file, i) => {
    const url = `https://${file.host}/robots.txt`;
    const s = served[i % served.length]!;
    if (s === 'absent') return;
    if (s === 'redirect') {
      archive.add({ url, status: 301, location: `https://www.${file.host}/robots.txt` });
      archive.add({ url: `https://www.${file.host}/robots.txt`, status: 200, body: file.robotsTxt });
    } else if (s === 'loop') {
      archive.add({ url, status: 302, location: url });
    } else archive.add({ url, status: s, body: file.robotsTxt });
  });
  return archive;
}

const expectedOutcome = (s: Served) =>
  s === 200 || s === 'redirect'
    ? 'ok'
    : s === 404 || s === 410 || s === 'loop'
      ? 'unavailable'
      : s === 'absent'
        ? 'unknown'
        : 'unreachable';

describe('verdicts', () => {
  test('property: each verdict is parse(body).check(url, agent) for 2xx origins, the RFC outcome for the others', () => {
    const served = fc.constantFrom<Served>(200, 200, 200, 404, 410, 429, 500, 503, 'redirect', 'loop', 'absent');
    fc.assert(
      fc.property(
        fc.array(served, { minLength: 1, maxLength: 12 }),
        // URLs of every host, interleaved in an order fast-check chooses.
        fc.array(fc.tuple(fc.nat(corpus.length - 1), fc.nat(99)), { minLength: 1, maxLength: 300 }),
        fc.subarray(AGENTS, { minLength: 1 }),
        fc.constantFrom(4096, 200_000, 64 << 20),
        (statuses, picks, agents, cacheBytes) => {
          const archive = archiveOf(statuses);
          const matcher = new ArchiveMatcher(archive, { agents, purpose: 'train-ai', cacheBytes });
          const train = purpose('train-ai');
          for (const [f, u] of picks) {
            const file = corpus[f]!;
            const url = file.urls[u % file.urls.length]!;
            const s = statuses[f % statuses.length]!;
            const row = matcher.check(url);
            expect(row.outcome).toBe(expectedOutcome(s));
            row.verdicts.forEach((v, a) => {
              if (row.outcome === 'ok') {
                const robots = parse(file.robotsTxt);
                const m = robots.forAgent(agents[a]!);
                const { allowed, line, rule } = m.check(url);
                const opted = allowed && m.matchLines(url, undefined, { purpose: train })[0] === 2;
                robots.dispose();
                expect(v).toEqual({ agent: agents[a], allowed, line, rule, optedOut: opted });
              } else {
                expect(v).toEqual({
                  agent: agents[a],
                  allowed: FIXED[row.outcome],
                  line: 0,
                  rule: null,
                  optedOut: false,
                });
              }
            });
          }
          matcher.dispose();
        },
      ),
      { numRuns: 60 },
    );
  });

  test('checkMany and matchMany answer as check() does, URL by URL, in order', () => {
    const archive = archiveOf([200, 404, 500, 'redirect', 'absent']);
    const urls = corpus.flatMap((f) => f.urls.slice(0, 8)).map((_u, i, all) => all[(i * 37) % all.length]!);
    urls.push('not a url', 'https://a.test/x\ny');
    for (const purposeName of [undefined, 'train-ai']) {
      const m = new ArchiveMatcher(archive, { agents: AGENTS, purpose: purposeName, cacheBytes: 100_000 });
      const one = urls.map((u) => m.check(u));
      expect(m.checkMany(urls)).toEqual(one);
      const { outcomes, verdicts } = m.matchMany(urls);
      expect(outcomes).toEqual(one.map((r) => r.outcome));
      const code = (v: { allowed: boolean | null; optedOut?: boolean }) =>
        v.allowed === null ? 3 : v.allowed ? (v.optedOut ? 2 : 1) : 0;
      expect([...verdicts]).toEqual(one.flatMap((r) => r.verdicts.map(code)));
      m.dispose();
    }
  });

  test('several agents at once: tokens, a token union and a known crawler, each answered separately', () => {
    const archive = new RobotsArchive();
    archive.add({
      url: 'https://a.test/robots.txt',
      status: 200,
      body: 'User-agent: Googlebot-Image\nDisallow: /img\n\nUser-agent: GPTBot\nDisallow: /\n',
    });
    const m = new ArchiveMatcher(archive, {
      agents: ['Googlebot', ['Googlebot', 'Googlebot-Image'], crawler('GPTBot')!],
    });
    const row = m.check('https://a.test/img/x');
    expect(row.verdicts.map((v) => [v.agent, v.allowed])).toEqual([
      ['Googlebot', true],
      ['Googlebot, Googlebot-Image', false],
      ['GPTBot', false],
    ]);
  });

  test('a URL with no http(s) origin is invalid (no capture can answer for it), for every agent and every call', () => {
    const m = new ArchiveMatcher(new RobotsArchive(), { agents: ['Googlebot', 'GPTBot'] });
    for (const url of ['not a url', 'ftp://a.example/x', '/relative', '']) {
      const row = m.check(url);
      expect(row, url).toMatchObject({ robotsUrl: undefined, outcome: 'invalid' });
      expect(row.verdicts.map((v) => v.allowed)).toEqual([null, null]);
      expect(m.outcome(url)).toBe('invalid');
    }
    // An http(s) URL the archive has nothing for is still unknown.
    expect(m.check('https://a.example/x').outcome).toBe('unknown');
    const many = m.matchMany(['ftp://a.example/x', 'https://a.example/x', '']);
    expect(many.outcomes).toEqual(['invalid', 'unknown', 'invalid']);
    expect([...many.verdicts]).toEqual([3, 3, 3, 3, 3, 3]);
  });
});

describe('bounded memory', () => {
  test('more origins than the cache holds: compiled files are disposed of, the bound holds, the answers do not change', () => {
    const archive = archiveOf([200]);
    const urls = corpus
      .flatMap((f) => f.urls.slice(0, 5))
      .sort((a, b) => (a.length % 7) - (b.length % 7) || (a < b ? -1 : 1));
    const unbounded = new ArchiveMatcher(archive, { agents: AGENTS });
    const expected = urls.map((u) => unbounded.check(u));
    expect(unbounded.stats.evictions).toBe(0);
    const bound = 64 * 1024;
    const dispose = vi.spyOn(Robots.prototype, 'dispose');
    const bounded = new ArchiveMatcher(archive, { agents: AGENTS, cacheBytes: bound });
    let most = 0;
    urls.forEach((u, i) => {
      expect(bounded.check(u)).toEqual(expected[i]);
      // The bound may be passed only by the one file just compiled, when that file alone is larger.
      most = Math.max(most, bounded.stats.origins);
      if (bounded.stats.origins > 1) expect(bounded.stats.bytes).toBeLessThanOrEqual(bound);
    });
    const { compiles, evictions } = bounded.stats;
    expect(compiles).toBeGreaterThan(corpus.length); // origins asked about again were compiled again
    expect(evictions).toBe(dispose.mock.calls.length); // each one let go was freed at once
    expect(compiles - evictions).toBe(bounded.stats.origins);
    expect(most).toBeLessThan(corpus.length / 2);
    bounded.dispose();
    unbounded.dispose();
    dispose.mockRestore();
  });

  test('origins with no file to compile (404, 500, not in the archive) let go by the cache are not counted as files let go', () => {
    const archive = archiveOf([200, 404, 500, 'absent']);
    const urls = corpus.flatMap((f) => f.urls.slice(0, 3));
    const dispose = vi.spyOn(Robots.prototype, 'dispose');
    const bounded = new ArchiveMatcher(archive, { agents: AGENTS, cacheBytes: 16 * 1024 });
    for (let pass = 0; pass < 2; pass++) for (const u of urls) bounded.check(u);
    const { compiles, evictions } = bounded.stats;
    expect(dispose.mock.calls.length).toBeGreaterThan(0);
    expect(evictions).toBe(dispose.mock.calls.length); // the files let go, which the CLI's summary reports as such
    expect(evictions).toBeLessThanOrEqual(compiles);
    bounded.dispose();
    dispose.mockRestore();
  });

  test("the --json rows' record tails held by origins are bounded in number (65,536 in all), however many the join makes, and the records stay those of check()", () => {
    // 200 rules per file, each URL decided by a different one: 200 distinct tails per origin and agent, 160,000 in all.
    const rules = Array.from({ length: 200 }, (_, i) => `Disallow: /p${i}/`).join('\n');
    const hosts = Array.from({ length: 400 }, (_, i) => `tails${i}.test`);
    const archive = new RobotsArchive();
    for (const host of hosts)
      archive.add({ url: `https://${host}/robots.txt`, status: 200, body: `User-agent: *\n${rules}\n` });
    const m = new ArchiveMatcher(archive, { agents: ['Googlebot', 'GPTBot'] });
    let most = 0;
    let records = 0;
    const checker = new ArchiveMatcher(archive, { agents: ['Googlebot', 'GPTBot'] });
    // 20 hosts (8,000 tails) per call, the count read after each.
    for (let h = 0; h < hosts.length; h += 20) {
      const lines = Buffer.from(
        `${hosts
          .slice(h, h + 20)
          .flatMap((host) => Array.from({ length: 200 }, (_, i) => `https://${host}/p${i}/x`))
          .join('\n')}\n`,
      );
      for (const piece of m.rows(lines, 'json')) {
        const rows = Buffer.from(piece).toString().trim().split('\n');
        records += rows.length;
        const r = JSON.parse(rows[rows.length - 1]!);
        const v = checker.check(r.url).verdicts.find((x) => x.agent === r.agent)!;
        expect([r.allowed, r.line, r.rule]).toEqual([v.allowed, v.line, v.rule]);
      }
      most = Math.max(most, m.stats.tails);
    }
    expect(records).toBe(400 * 200 * 2);
    expect(m.stats.evictions).toBe(0); // the files all fit: only the tails were let go
    expect(most).toBeGreaterThan(60_000);
    expect(most).toBeLessThanOrEqual(65_536);
    // Asked again after the tails went: the same records.
    const again = Buffer.from(
      `${hosts
        .slice(0, 3)
        .map((host) => `https://${host}/p7/x`)
        .join('\n')}\n`,
    );
    const text = [...m.rows(again, 'json')].map((p) => Buffer.from(p).toString()).join('');
    expect(
      text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).line),
    ).toEqual([9, 9, 9, 9, 9, 9]);
    m.dispose();
    checker.dispose();
  });

  test('with compress, bodies are stored deflated, smaller than they came, and read back whole', () => {
    const raw = corpus.reduce((n, f) => n + Buffer.byteLength(f.robotsTxt), 0);
    const plain = new RobotsArchive();
    const compressed = new RobotsArchive({ compress: true });
    for (const f of corpus) {
      for (const a of [plain, compressed])
        a.add({ url: `https://${f.host}/robots.txt`, status: 200, body: f.robotsTxt });
    }
    expect(plain.bodyBytes).toBe(raw);
    expect(compressed.bodyBytes).toBeLessThan(raw / 2);
    for (const f of corpus) {
      const key = `https://${f.host}/robots.txt`;
      expect(Buffer.from(compressed.body(compressed.capture(key)!)).toString()).toBe(f.robotsTxt);
    }
    const m = new ArchiveMatcher(compressed, { agents: AGENTS });
    const n = new ArchiveMatcher(plain, { agents: AGENTS });
    const urls = corpus.flatMap((f) => f.urls.slice(0, 3));
    expect(m.checkMany(urls)).toEqual(n.checkMany(urls));
  });
});

describe('origins', () => {
  test('the fast path gives what robotsTxtUrl gives for http(s) URLs, and no other URL has an origin', () => {
    const cases = [
      'https://example.com/a',
      'http://example.com:80/a',
      'https://example.com:443',
      'https://example.com:8443/x?y',
      'http://example.com:65536/',
      'https://EXAMPLE.com/',
      'https://1.2.3.4/x',
      'https://0x7f.1/',
      'https://a.b.0/',
      'https://xn--bcher-kva.example/',
      'https://user:pw@example.com/',
      'https://example.com.',
      'https://example..com/',
      'https://.example.com/',
      'https://example.com:/a',
      'https://example.com:0443/a',
      'https://ex-ample.com#f',
      'https://ex_ample.com/',
      'ftp://example.com/a',
      'mailto:a@b.c',
      'not a url',
      '',
      'https://',
      'http://a/b',
    ];
    for (const url of cases) {
      let expected: string | undefined;
      try {
        expected = robotsTxtUrl(url);
        if (!/^https?:/.test(expected)) expected = undefined; // ftp: an archive holds http(s) captures only
      } catch {
        expected = undefined;
      }
      expect(robotsUrlOf(url), url).toBe(expected);
    }
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        expect(robotsUrlOf(url)).toBe(robotsTxtUrl(url));
      }),
    );
  });
});

describe('joinArchive', () => {
  test('streams strings or records from an async iterable, in order, records passed through', async () => {
    const archive = new RobotsArchive();
    archive.add({ url: 'https://a.test/robots.txt', status: 200, body: 'User-agent: *\nDisallow: /x\n' });
    archive.add({ url: 'https://b.test/robots.txt', status: 503 });
    async function* input() {
      yield { url: 'https://b.test/1', id: 1 };
      yield { url: 'https://a.test/x', id: 2 };
      yield { url: 'https://c.test/', id: 3 };
    }
    const rows = [];
    for await (const row of joinArchive(archive, input()))
      rows.push([row.record.id, row.outcome, row.verdicts[0]!.allowed]);
    expect(rows).toEqual([
      [1, 'unreachable', false],
      [2, 'ok', false],
      [3, 'unknown', null],
    ]);
    const plain = [];
    for await (const row of joinArchive(archive, ['https://a.test/y'], { agents: ['GPTBot'] }))
      plain.push(row.verdicts);
    expect(plain).toEqual([[{ agent: 'GPTBot', allowed: true, line: 0, rule: null }]]);
  });

  test('a bad capture is an ArchiveError naming it; the archive is unchanged', () => {
    const archive = new RobotsArchive();
    expect(() => archive.add({ url: 'ftp://a.test/robots.txt', status: 200 }, 'x.jsonl:3')).toThrow(ArchiveError);
    expect(() =>
      archive.add({ url: 'https://a.test/robots.txt', status: 200, fetchedAt: 'yesterday' }, 'x.jsonl:4'),
    ).toThrow('x.jsonl:4: fetched_at "yesterday" is not a date');
    expect(archive.size).toBe(0);
  });

  test("a fetched_at with no time zone is UTC, wherever the join runs (a WARC-Date is UTC; the machine's zone must not pick the capture)", () => {
    const saved = process.env.TZ;
    try {
      for (const zone of ['UTC', 'Asia/Tokyo', 'America/Los_Angeles']) {
        process.env.TZ = zone;
        const archive = new RobotsArchive();
        archive.add({
          url: 'https://a.test/robots.txt',
          status: 200,
          body: 'User-agent: *\nDisallow: /a\n',
          fetchedAt: '2024-06-01T12:00:00',
        });
        archive.add({ url: 'https://a.test/robots.txt', status: 404, fetchedAt: '2024-06-01T11:00:00Z' });
        archive.add({
          url: 'https://b.test/robots.txt',
          status: 200,
          body: 'User-agent: *\nDisallow: /a\n',
          fetchedAt: '2024-06-01 12:00',
        });
        archive.add({ url: 'https://b.test/robots.txt', status: 404, fetchedAt: '2024-06-01T13:00:00Z' });
        const m = new ArchiveMatcher(archive);
        expect([m.outcome('https://a.test/a'), m.outcome('https://b.test/a')], zone).toEqual(['ok', 'unavailable']);
        m.dispose();
      }
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });
});

describe('jsonLines: the join as JSON Lines, bytes to bytes', () => {
  /** The records as check() answers them, written as `filter --robots-archive --json` always wrote them (JSON.stringify of each). */
  const recordsOf = (matcher: ArchiveMatcher, urls: readonly string[]) =>
    urls
      .map((url) => matcher.check(url))
      .flatMap((row) =>
        row.verdicts.map((v) => {
          const fields = {
            url: row.url,
            agent: v.agent,
            allowed: v.allowed,
            line: v.line,
            rule: v.rule,
            outcome: row.outcome,
            ...(row.reason === undefined ? {} : { reason: row.reason }),
          };
          return `${JSON.stringify(v.optedOut === undefined ? fields : { ...fields, optedOut: v.optedOut })}\n`;
        }),
      )
      .join('');
  const jsonLinesOf = (matcher: ArchiveMatcher, input: Uint8Array) => {
    const pieces: Buffer[] = [];
    // A piece is valid until the next is asked for: copied here.
    for (const piece of matcher.jsonLines(input)) pieces.push(Buffer.from(piece));
    return Buffer.concat(pieces).toString('utf8');
  };
  /** Hosts of the corpus written in the ways URLs come: as the WHATWG parser writes them, and not (upper case, a default port, user info, an IP address, none at all). */
  const spellings = (host: string, path: string) => [
    `https://${host}${path}`,
    `https://${host.toUpperCase()}${path}`,
    `https://${host}:443${path}`,
    `http://${host}:8080${path}`,
    `https://user@${host}${path}`,
    `https://${host}`,
    `https://${host}?q`,
    `https://${host}#f`,
    `HTTPS://${host}${path}`,
  ];
  const odd = [
    'https://10.0.0.1/x',
    'not a url',
    '/relative',
    ' https://a.test/',
    'https://a.test/"quoted"',
    'https://a.test/back\\slash',
    'https://a.test/tab\there',
    'https://a.test/caf\u00e9',
    'https://a.test/\u{1f600}',
    'https://a.test/\u007f',
    'https://a.test/x\u0001y',
    'https://xn--bcher-kva.example/',
  ];

  test('property: the same records as check(), in input order, whatever the URLs and line breaks', () => {
    const served = fc.constantFrom<Served>(200, 200, 404, 500, 'redirect', 'absent');
    fc.assert(
      fc.property(
        fc.array(served, { minLength: 1, maxLength: 8 }),
        fc.array(
          fc.oneof(
            fc.tuple(fc.nat(corpus.length - 1), fc.nat(99), fc.nat(8)).map(([f, u, s]) => {
              const url = corpus[f]!.urls[u % corpus[f]!.urls.length]!;
              const { host, pathname, search } = new URL(url);
              return spellings(host, pathname + search)[s]!;
            }),
            fc.constantFrom(...odd),
            fc.webUrl({ withQueryParameters: true, withFragments: true }),
          ),
          { minLength: 1, maxLength: 120 },
        ),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        fc.constantFrom(4096, 64 << 20),
        (statuses, urls, eol, withPurpose, cacheBytes) => {
          const archive = archiveOf(statuses);
          const options = {
            agents: ['Googlebot', 'GPTBot'],
            cacheBytes,
            ...(withPurpose ? { purpose: 'train-ai' } : {}),
          };
          const matcher = new ArchiveMatcher(archive, options);
          // Blank lines are no URLs; the last line may or may not end in a line break.
          const text = urls.join(eol).replace(/^/, eol) + (urls.length % 2 ? eol : '');
          expect(jsonLinesOf(matcher, Buffer.from(text))).toBe(recordsOf(new ArchiveMatcher(archive, options), urls));
        },
      ),
      { numRuns: 60 },
    );
  });

  test('URLs that need escaping or are not UTF-8 are written as JSON.stringify writes their text', () => {
    const archive = archiveOf([200]);
    const matcher = new ArchiveMatcher(archive, { agents: ['Googlebot'] });
    const bytes = Buffer.concat([
      Buffer.from(`${odd.join('\n')}\n`),
      Buffer.from([0x68, 0x74, 0x74, 0x70, 0x3a, 0x2f, 0x2f, 0x61, 0x2f, 0xff, 0xc3, 0x0a]),
    ]);
    const text = new TextDecoder()
      .decode(bytes)
      .split('\n')
      .filter((l) => l !== '');
    const got = jsonLinesOf(matcher, bytes);
    // The line that is not UTF-8 also keeps its own bytes, base64, in "urlBytes".
    const own = `,"urlBytes":"${Buffer.from([0x68, 0x74, 0x74, 0x70, 0x3a, 0x2f, 0x2f, 0x61, 0x2f, 0xff, 0xc3]).toString('base64')}"`;
    expect(got).toContain(`"url":"http://a/\ufffd\ufffd"${own},`);
    expect(got.replace(own, '')).toBe(recordsOf(matcher, text));
    expect(got).toContain('"url":"https://a.test/\\"quoted\\""');
  });

  test('iterations taken in turns, of one matcher or of two, each give their own records', () => {
    const archive = archiveOf([200, 404, 500]);
    const urlsOf = (k: number) =>
      Array.from({ length: 12_000 }, (_, i) => `https://${corpus[(i * k) % corpus.length]!.host}/p${k}-${i}`);
    const a = urlsOf(1);
    const b = urlsOf(7);
    for (const [m1, m2] of [
      [new ArchiveMatcher(archive), new ArchiveMatcher(archive)],
      (() => {
        const m = new ArchiveMatcher(archive);
        return [m, m];
      })(),
    ]) {
      const ia = m1!.jsonLines(Buffer.from(a.join('\n')));
      const ib = m2!.jsonLines(Buffer.from(b.join('\n')));
      const got = ['', ''];
      for (let done = [false, false]; !done[0] || !done[1]; ) {
        // Each piece read before the other iteration makes its next one.
        [ia, ib].forEach((it, k) => {
          if (done[k]) return;
          const next = it.next();
          if (next.done) done[k] = true;
          else got[k] += Buffer.from(next.value).toString();
        });
      }
      expect(got[0]).toBe(recordsOf(m1!, a));
      expect(got[1]).toBe(recordsOf(m2!, b));
    }
  });

  test('a URL longer than a piece of output gets a piece of its own; pieces are at most about a megabyte', () => {
    const archive = archiveOf([200]);
    const matcher = new ArchiveMatcher(archive, { agents: AGENTS });
    const host = corpus[0]!.host;
    const urls = [
      `https://${host}/a`,
      `https://${host}/${'x'.repeat(3 << 20)}`,
      ...Array.from({ length: 20_000 }, (_, i) => `https://${corpus[i % corpus.length]!.host}/p${i}`),
    ];
    const sizes: number[] = [];
    const pieces: Buffer[] = [];
    for (const piece of matcher.jsonLines(Buffer.from(urls.join('\n')))) {
      sizes.push(piece.length);
      pieces.push(Buffer.from(piece));
    }
    expect(Buffer.concat(pieces).toString()).toBe(recordsOf(matcher, urls));
    // The long URL's three records, a piece each; every other piece within a megabyte.
    const long = pieces.filter((p) => p.length > 1 << 20);
    expect(long.map((p) => p.toString().split('\n').length)).toEqual([2, 2, 2]);
    expect(long.every((p) => p.length > 3 << 20)).toBe(true);
    expect(sizes.filter((s) => s <= 1 << 20).length).toBe(sizes.length - 3);
  });
});
