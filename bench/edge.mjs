// robotsmatch/edge: decisions per second on a realistic mix of crawler and
// browser requests, against each benchmark corpus file, next to a bare
// matcher.isAllowed() for the same URLs. The enforcer's cost over the bare
// call is the header look-up, the path slice, the decision object and the
// promise; the bound is 3x.
//
//   npm run bench:edge                      # build, then measure
//   BENCH_URLS=50000 npm run bench:edge     # more URLs (default 20,000)
//
// The mix: 30% of requests from crawlers (every real header of
// test/fixtures/user-agents.ts' crawler samples in turn), 70% from browsers
// (its browser samples), each on the next URL of make-urls.mjs' list. Also
// measured: crawlers only (the worst case: every request is matched), and
// the mix as fetch `Request` objects (adding the runtime's own
// request.url and headers.get() getters, which any middleware pays).
// Memory: the heap after a million decisions with a new User-Agent header
// every 100 requests, next to the heap after the first 10,000.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parse } from '../dist/index.js';
import { createEnforcer } from '../dist/edge.js';
import { crawler, identify } from '../dist/crawlers.js';

const CORPUS = fileURLToPath(new URL('./corpus/', import.meta.url));
const URL_COUNT = Number(process.env.BENCH_URLS ?? 20_000);
const HOST = 'example.com';

// The real headers, read from the test fixtures (one source for tests and benchmarks).
const fixtures = readFileSync(new URL('../test/fixtures/user-agents.ts', import.meta.url), 'utf8');
const samples = [...fixtures.matchAll(/header:\s*'((?:[^'\\]|\\.)*)',\s*crawler:\s*(null|'[^']*')/g)].map((m) => ({
  header: m[1].replace(/\\'/g, "'"),
  crawler: m[2] === 'null' ? null : m[2].slice(1, -1),
}));
const crawlerHeaders = samples.filter((s) => s.crawler).map((s) => s.header);
const browserHeaders = samples.filter((s) => !s.crawler).map((s) => s.header);
if (crawlerHeaders.length < 50 || browserHeaders.length < 10)
  throw new Error(
    `read ${crawlerHeaders.length} crawler and ${browserHeaders.length} browser headers from the fixtures: their layout changed`,
  );

const files = readdirSync(CORPUS)
  .filter((f) => f.endsWith('.txt'))
  .sort((a, b) => readFileSync(CORPUS + a).length - readFileSync(CORPUS + b).length);
const urls = execFileSync('node', [`${CORPUS}make-urls.mjs`, String(URL_COUNT), HOST], {
  encoding: 'utf8',
  maxBuffer: 1 << 30,
})
  .split('\n')
  .filter(Boolean);

/** Requests: the URL list in order, every 10th request of 3 in 10 from a crawler. */
function mix(crawlerShare) {
  const out = [];
  let c = 0;
  let b = 0;
  for (let i = 0; i < urls.length; i++) {
    const crawler = i % 10 < crawlerShare * 10;
    out.push({
      url: urls[i],
      userAgent: crawler ? crawlerHeaders[c++ % crawlerHeaders.length] : browserHeaders[b++ % browserHeaders.length],
    });
  }
  return out;
}
const realistic = mix(0.3);
const crawlersOnly = mix(1);
const asRequests = realistic.map((r) => new Request(r.url, { headers: { 'user-agent': r.userAgent } }));

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
/**
 * ns per request of each pass, and the median of their per-round ratios to
 * the first: the passes take turns, round after round, so that a machine
 * whose load changes during the run (shared CI machines) slows them alike.
 */
async function compare(count, passes, rounds = 15) {
  for (const pass of passes) {
    await pass();
    await pass();
  }
  const times = passes.map(() => []);
  const ratios = passes.map(() => []);
  for (let r = 0; r < rounds; r++) {
    const round = [];
    for (const pass of passes) {
      const t = performance.now();
      await pass();
      round.push(((performance.now() - t) * 1e6) / count);
    }
    round.forEach((ns, i) => {
      times[i].push(ns);
      ratios[i].push(ns / round[0]);
    });
  }
  return passes.map((_, i) => ({ ns: median(times[i]), ratio: median(ratios[i]) }));
}

const out = [];
const print = (line = '') => {
  out.push(line);
  console.log(line);
};
print('# robotsmatch/edge benchmark');
print();
print(
  `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores); ${urls.length.toLocaleString('en-US')} URLs from make-urls.mjs per file; ` +
    `${crawlerHeaders.length} crawler and ${browserHeaders.length} browser headers from test/fixtures/user-agents.ts. Median of 15 rounds.`,
);
print();
print(
  "`isAllowed`: for each request, a bare `matcher.isAllowed(url)` with a matcher made beforehand for the crawler the request comes from (Googlebot's for browser requests). " +
    '`decide`: `await enforcer.decide(request)` with `{ url, userAgent }` objects (mix: 30% crawler requests, 70% browser; crawlers: every request from a crawler), ' +
    'and with fetch `Request` objects (the mix; there the bare call reads `request.url` too). Ratios are the median of the per-round ratios (the passes take turns), time per request against `isAllowed`.',
);
print();
print(
  '| file | mix: isAllowed ns | mix: decide ns | decisions/s (mix) | mix: decide / isAllowed | crawlers: isAllowed ns | crawlers: decide ns | crawlers: decide / isAllowed | mix as Request objects: decide ns | Request / isAllowed |',
);
print('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');

let worst = 0;
let worstCrawlers = 0;
for (const name of files) {
  const text = readFileSync(CORPUS + name, 'utf8');
  const robots = parse(text);
  // The bare call: for each request, isAllowed() of a matcher made beforehand
  // for that request's crawler (Googlebot's for browser requests), as a
  // program that already knew who was asking would call it.
  const matchers = new Map();
  const matcherFor = (userAgent) => {
    const entry = identify(userAgent)[0] ?? crawler('Googlebot');
    if (!matchers.has(entry)) matchers.set(entry, robots.forAgent(entry));
    return matchers.get(entry);
  };
  const bareOf = (list) => list.map((r) => [matcherFor(r.userAgent), r.url]);
  const bareMix = bareOf(realistic);
  const bareRequests = asRequests.map((request, i) => [bareMix[i][0], request]);
  const bareCrawlers = bareOf(crawlersOnly);
  const enforcer = createEnforcer({ robots: text, onViolation: () => {} });
  let sink = 0;
  const bare = (pairs) => () => {
    for (const [matcher, url] of pairs) sink += matcher.isAllowed(url) ? 1 : 0;
  };
  const decideAll = (list) => async () => {
    for (const r of list) sink += (await enforcer.decide(r)).allowed ? 1 : 0;
  };
  const [bareMixed, mixed] = await compare(realistic.length, [bare(bareMix), decideAll(realistic)]);
  // With Request objects, the bare call reads request.url too (as any handler must).
  const [, requests] = await compare(asRequests.length, [
    () => {
      for (const [matcher, request] of bareRequests) sink += matcher.isAllowed(request.url) ? 1 : 0;
    },
    decideAll(asRequests),
  ]);
  const [bareCrawling, crawling] = await compare(crawlersOnly.length, [bare(bareCrawlers), decideAll(crawlersOnly)]);
  if (sink === 0.5) console.log(sink);
  worst = Math.max(worst, mixed.ratio);
  worstCrawlers = Math.max(worstCrawlers, crawling.ratio);
  const f = (n) => n.toFixed(0);
  const x = (n) => `${n.toFixed(2)}x`;
  print(
    `| ${name} | ${f(bareMixed.ns)} | ${f(mixed.ns)} | ${Math.round(1e9 / mixed.ns).toLocaleString('en-US')} | ${x(mixed.ratio)} | ` +
      `${f(bareCrawling.ns)} | ${f(crawling.ns)} | ${x(crawling.ratio)} | ${f(requests.ns)} | ${x(requests.ratio)} |`,
  );
  enforcer.dispose();
  for (const matcher of matchers.values()) matcher.dispose();
  robots.dispose();
}
print();
print(
  `Worst decide / isAllowed ratio on the realistic mix: ${worst.toFixed(2)}x (the bound: 3x). With crawler requests only: ${worstCrawlers.toFixed(2)}x ` +
    '(every request matched, and on the files whose rules the URL list is made from, most of them disallowed: each a violation record and a callback).',
);
print();

// Memory: a million decisions, a new header every 100 requests (10,000 distinct headers, past maxUserAgents' 4,096).
if (typeof globalThis.gc === 'function') {
  const text = readFileSync(`${CORPUS}github.com.txt`, 'utf8');
  const enforcer = createEnforcer({ robots: text, onViolation: () => {} });
  const heapAfter = async (from, to) => {
    for (let i = from; i < to; i++) {
      const r = realistic[i % realistic.length];
      await enforcer.decide({ url: r.url, userAgent: i % 100 === 0 ? `${r.userAgent} build/${i / 100}` : r.userAgent });
    }
    globalThis.gc();
    return process.memoryUsage().heapUsed;
  };
  const early = await heapAfter(0, 10_000);
  const late = await heapAfter(10_000, 1_000_000);
  print(
    `Memory (github.com.txt): heap ${(early / 2 ** 20).toFixed(1)} MiB after 10,000 decisions, ${(late / 2 ** 20).toFixed(1)} MiB after 1,000,000 ` +
      `(10,000 distinct User-Agent headers; ${enforcer.counters().userAgents.toLocaleString('en-US')} remembered at the end).`,
  );
} else {
  print('Memory: run with --expose-gc (npm run bench:edge does).');
}
writeFileSync(new URL('./edge-results.md', import.meta.url), `${out.join('\n')}\n`);
