// One case of bench/hostile.mjs, in a fresh process so that its time and
// peak memory are its own: node bench/hostile-case.mjs DIST CASE
// DIST is a built dist/ (this tree's, or one built before the fixes);
// prints one JSON object: { ms, ... } (ms: the call measured).
import { pathToFileURL } from 'node:url';

const [dist, name] = process.argv.slice(2);
const main = await import(pathToFileURL(`${dist}/index.js`).href);
const { parse, crawlDelay, lines } = main;
// explain() is in robotsmatch/explain; a dist built before that has it in the main entry.
const explain = main.explain ?? (await import(pathToFileURL(`${dist}/explain.js`).href)).explain;
const robotsParser = (await import(pathToFileURL(`${dist}/compat.js`).href)).default;

const time = (call) => {
  const start = performance.now();
  const result = call();
  return { ms: performance.now() - start, result };
};
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
/** The first call (cold: what a caller pays once per file) and the median of the next five. */
const calls = (call) => {
  const first = time(call).ms;
  const next = Array.from({ length: 5 }, () => time(call).ms);
  return { ms: first, median: median(next) };
};
/** One call and the growth of the process's peak resident memory during it. */
const peak = (call) => {
  const before = process.resourceUsage().maxRSS * 1024;
  const { ms } = time(call);
  return { ms, peakBytes: process.resourceUsage().maxRSS * 1024 - before };
};

// A product token per number: letters only, so every one names a record.
const token = (prefix, i) => prefix + i.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26)));
const groups = (eol) => 'User-agent: *\nDisallow: /x\n'.repeat(20_000).replace(/\n/g, eol);
const wildcards = `User-agent: *\n${Array.from({ length: 30_000 }, (_, i) => `Disallow: /*a${i}b*c\n`).join('')}`;
const records = Array.from(
  { length: 6_000 },
  (_, i) => `User-agent: ${token('bot', i)}\nCrawl-delay: ${(i % 5) + 1}\nDisallow: /${i}\n`,
).join('');
const agents = Array.from({ length: 10_000 }, (_, i) => (i === 9_990 ? token('bot', 4_321) : token('agent', i)));
const empty = `${'\n'.repeat(512_000)}User-agent: *\nDisallow: /x\nCrawl-delay: 2\n`;

const cases = {
  'explain-groups-lf': () => {
    const robots = parse(groups('\n'), { maxBytes: 1 << 20 });
    return calls(() => explain(robots, '/x', 'bot'));
  },
  'explain-groups-cr': () => {
    const robots = parse(groups('\r'), { maxBytes: 1 << 20 });
    return calls(() => explain(robots, '/x', 'bot'));
  },
  'compat-explicit': () => {
    const robots = robotsParser('https://e.com/robots.txt', groups('\n'));
    return calls(() => robots.isExplicitlyDisallowed('https://e.com/x', 'bot'));
  },
  'explain-url-64k': () => explainUrl(1 << 16),
  'explain-url-1m': () => explainUrl(1 << 20),
  'check-first-64k': () => checkFirst(1 << 16),
  'check-first-1m': () => checkFirst(1 << 20),
  'agents-crawl-delay': () => {
    const robots = parse(records);
    return { ms: time(() => crawlDelay(robots, agents)).ms };
  },
  'agents-explain': () => {
    const robots = parse(records);
    return { ms: time(() => explain(robots, '/4321', agents)).ms };
  },
  'empty-lines-explain': () => {
    const robots = parse(empty, { maxBytes: 1 << 20 });
    robots.isAllowed('/', 'bot');
    return peak(() => explain(robots, '/x', 'bot'));
  },
  'empty-lines-crawl-delay': () => {
    const robots = parse(empty, { maxBytes: 1 << 20 });
    robots.isAllowed('/', 'bot');
    return peak(() => crawlDelay(robots, 'bot'));
  },
  'empty-lines-lines': () => {
    lines('User-agent: *\n'); // the core loaded
    return peak(() => lines(empty, { maxBytes: 1 << 20 }));
  },
};

/** explain() of a long URL against 30,000 wildcard rules, and check() from the full index for scale. */
function explainUrl(n) {
  const robots = parse(wildcards, { maxBytes: 1 << 20 });
  const url = `https://e.com/${'a'.repeat(n)}`;
  const matcher = robots.forAgent('bot');
  matcher.check(url);
  const check = time(() => matcher.check(url)).ms;
  return { ms: time(() => explain(robots, url, 'bot')).ms, check };
}

/** A Robots' first check() of a long URL (its light index) against 30,000 wildcard rules. */
function checkFirst(n) {
  const robots = parse(wildcards, { maxBytes: 1 << 20 });
  return { ms: time(() => robots.check(`https://e.com/${'a'.repeat(n)}`, 'bot')).ms };
}

if (!Object.hasOwn(cases, name)) {
  console.error(`unknown case ${name}; the cases are ${Object.keys(cases).join(', ')}`);
  process.exit(2);
}
process.stdout.write(JSON.stringify(cases[name]()));
