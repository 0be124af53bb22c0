// The dataset builder's filter: keep the URLs a crawler may fetch and the
// site does not opt out of a purpose (filterLines with { purpose }), next to
// plain filterLines on the same file and URLs. The bound: at most
// 1.3x plain filter's time.
//
//   npm run bench:purpose                      # build, then measure
//   BENCH_URLS=500000 npm run bench:purpose    # more URLs (default 200,000)
//
// Each corpus file gets what a Cloudflare-managed site serves in front of
// it (a `*` group with a Content-Signal line that leaves AI training open,
// so every URL goes on to its Content-Usage rules), plus Content-Usage
// rules in its `*` groups: one for the whole group and one per path prefix
// of its own Disallow rules (up to 40), alternating n and y. The URLs are
// make-urls.mjs' list (built from the same files' rules, near misses and
// ordinary paths). The purpose is train-ai, for CCBot (which most files do
// not name, so it reads their `*` rules and the usage rules with them).
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parse } from '../dist/index.js';
import { purpose } from '../dist/usage.js';

const CORPUS = fileURLToPath(new URL('./corpus/', import.meta.url));
const URL_COUNT = Number(process.env.BENCH_URLS ?? 200_000);
const ROUNDS = 15;
const AGENT = 'CCBot';
const trainAi = purpose('train-ai');
const files = readdirSync(CORPUS)
  .filter((f) => f.endsWith('.txt'))
  .sort();
const urls = execFileSync('node', [`${CORPUS}make-urls.mjs`, String(URL_COUNT), 'example.com'], {
  encoding: 'utf8',
  maxBuffer: 1 << 30,
});
const urlBytes = new TextEncoder().encode(urls);
const lineCount = urls.split('\n').filter(Boolean).length;

/** The corpus file as a Cloudflare-managed site with Content-Usage rules would serve it. */
function withUsage(text) {
  const prefixes = [
    ...new Set([...text.matchAll(/^\s*disallow\s*:\s*(\/[^\s#*$]*)/gim)].map((m) => m[1]).filter((p) => p.length > 1)),
  ].slice(0, 40);
  const usage = [
    'Content-Usage: train-ai=y, search=y',
    ...prefixes.map((p, i) => `Content-Usage: ${p} train-ai=${i % 2 ? 'y' : 'n'}`),
  ].join('\n');
  const managed = 'User-Agent: *\nContent-Signal: search=yes, ai-train=yes\nAllow: /\n\n';
  // The usage rules go into every `*` group of the file (after its user-agent lines).
  const body = text.replace(/^(\s*user-agent\s*:\s*\*[^\n]*\n)/gim, `$1${usage}\n`);
  return { body: managed + body, rules: prefixes.length + 1 };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
/** ns per URL of each pass and the median of the per-round ratios to the first (passes take turns). */
function compare(passes) {
  for (const pass of passes) {
    pass();
    pass();
  }
  const times = passes.map(() => []);
  const ratios = passes.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    const round = passes.map((pass) => {
      const t = performance.now();
      pass();
      return ((performance.now() - t) * 1e6) / lineCount;
    });
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
print('# Purpose filter benchmark');
print();
print(
  `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores); ${lineCount.toLocaleString('en-US')} URLs from make-urls.mjs as one byte buffer; agent ${AGENT}; purpose train-ai; median of ${ROUNDS} rounds.`,
);
print();
print(
  "`filter`: `matcher.filterLines(urls)`; `filter --purpose`: `matcher.filterLines(urls, 'allowed', { purpose: 'train-ai' })`, both on the same file with usage statements added (see bench/purpose.mjs) and the same matcher. The ratio is the median of the per-round ratios (the passes take turns). Bound: 1.3x.",
);
print();
print('| file | Content-Usage rules | URLs kept / opted out | filter ns/URL | filter --purpose ns/URL | ratio |');
print('|---|---:|---:|---:|---:|---:|');
let worst = 0;
for (const name of files) {
  const { body, rules } = withUsage(readFileSync(CORPUS + name, 'utf8'));
  const robots = parse(body);
  const matcher = robots.forAgent(AGENT);
  const check = matcher.filterLines(urlBytes, 'allowed', { purpose: trainAi });
  const [plain, purpose] = compare([
    () => matcher.filterLines(urlBytes),
    () => matcher.filterLines(urlBytes, 'allowed', { purpose: trainAi }),
  ]);
  worst = Math.max(worst, purpose.ratio);
  const n = (x) => x.toLocaleString('en-US');
  print(
    `| ${name} | ${rules} | ${n(check.allowed - check.optedOut)} / ${n(check.optedOut)} | ${plain.ns.toFixed(0)} | ${purpose.ns.toFixed(0)} | ${purpose.ratio.toFixed(2)}x |`,
  );
  robots.dispose();
}
print();
print(`Worst ratio: ${worst.toFixed(2)}x (bound 1.3x: ${worst <= 1.3 ? 'met' : 'NOT met'}).`);
print();
print('Reproduce: `npm run bench:purpose`.');
writeFileSync(new URL('./purpose-results.md', import.meta.url), `${out.join('\n')}\n`);
