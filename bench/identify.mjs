// identify() on a mixed stream of real User-Agent headers, as an edge
// worker sees them: mostly browsers, some crawlers. Headers per second on
// one core, and isBot() (identify, then isbot for the rest) beside it.
//
//   npm run bench:identify
//
// Prints a markdown report and writes bench/identify-results.md.
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { build } from 'esbuild';
import { identify, isBot } from '../dist/crawlers.js';

// The fixtures are TypeScript: bundle them once to read the headers.
const fixtures = await build({
  entryPoints: [new URL('../test/fixtures/user-agents.ts', import.meta.url).pathname],
  bundle: true,
  format: 'esm',
  write: false,
  logLevel: 'error',
});
const { crawlerUserAgents, browserUserAgents } = await import(
  `data:text/javascript;base64,${Buffer.from(fixtures.outputFiles[0].text).toString('base64')}`
);

// A realistic mix: 80% browser traffic, 20% crawlers, in a fixed shuffled order.
let seed = 20261123;
const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
const stream = [];
for (let i = 0; i < 100_000; i++) {
  const pool = random() < 0.8 ? browserUserAgents : crawlerUserAgents;
  stream.push(pool[Math.floor(random() * pool.length)].header);
}

function measure(fn) {
  let found = 0;
  for (let i = 0; i < 3; i++) for (const h of stream) found += fn(h) ? 1 : 0; // warm-up
  const runs = [];
  for (let r = 0; r < 7; r++) {
    const t = performance.now();
    for (const h of stream) found += fn(h) ? 1 : 0;
    runs.push(performance.now() - t);
  }
  runs.sort((a, b) => a - b);
  return { perSecond: stream.length / (runs[3] / 1000), found };
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const identified = measure((h) => identify(h).length > 0);
const bots = measure((h) => isBot(h));
const lines = [
  '# identify(): User-Agent headers per second',
  '',
  `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), ${Math.round(totalmem() / 2 ** 30)} GiB. ` +
    `A stream of ${fmt(stream.length)} headers: 80% browsers, 20% crawlers (${browserUserAgents.length} browser and ${crawlerUserAgents.length} crawler headers from test/fixtures/user-agents.ts), one core, median of 7 passes.`,
  '',
  'Reproduce: `npm run bench:identify`',
  '',
  '| call | headers/s | target |',
  '|---|---:|---:|',
  `| identify(header) | ${fmt(identified.perSecond)} | 1,000,000 |`,
  `| isBot(header) (identify, then isbot) | ${fmt(bots.perSecond)} | |`,
  '',
];
console.log(lines.join('\n'));
writeFileSync(new URL('./identify-results.md', import.meta.url), lines.join('\n'));
