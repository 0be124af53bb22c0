// npm run bench:lint: lint() throughput in files per second, on a realistic
// mix: 3,000 files shaped like the web's (bench/hosts-corpus.mjs: median
// about 830 bytes, a long tail to 300 KB, WordPress, Shopify, Drupal,
// bad-bot lists, AI-crawler blocks, Cloudflare's managed block), the eight
// real files of bench/corpus, and the real-world-shaped lint fixtures (HTML
// pages, typos, non-breaking spaces...). The median of several passes over
// each set, after a warm-up pass. The target: 4,000 files/s or more on the
// mix. Then lint time against size: generated files of many groups with
// fixable lines (a bad-bot list, named crawlers with their own rules, joined
// lines, spaces in patterns, typos) from 8 KB to 500 KB, and files of nothing
// but joined lines; milliseconds per KB should stay flat (linear) and at most
// 1. Writes bench/lint-results.md.
//
//   npm run bench:lint                   BENCH_LINT_FILES=3000 BENCH_LINT_RUNS=5 BENCH_LINT_MAX_KB=500
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cpus, loadavg } from 'node:os';
import { lint } from '../dist/lint.js';
import { makeHostsCorpus } from './hosts-corpus.mjs';
import { manyGroups, joinedLines } from './lint-shapes.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const files = Number(process.env.BENCH_LINT_FILES ?? 3000);
const runs = Number(process.env.BENCH_LINT_RUNS ?? 5);
const encoder = new TextEncoder();
const dirFiles = (dir, ext = '.txt') => readdirSync(here(dir)).filter((f) => f.endsWith(ext)).sort().map((f) => new Uint8Array(readFileSync(here(dir + f))));

const sets = [
  ['web-shaped mix (bench/hosts-corpus.mjs)', makeHostsCorpus({ files }).map((f) => encoder.encode(f.robotsTxt))],
  ['bench/corpus (8 real files, 0.3 KB to 44 KB)', dirFiles('./corpus/')],
  ['lint fixtures (test/fixtures/lint, real-world-shaped)', dirFiles('../test/fixtures/lint/')],
];

function pass(bodies) {
  let diagnostics = 0;
  const start = performance.now();
  for (const body of bodies) diagnostics += lint(body).length;
  return { ms: performance.now() - start, diagnostics };
}

const rows = [];
for (const [name, bodies] of sets) {
  // Small sets are repeated so that a pass takes long enough to time.
  const repeat = Math.max(1, Math.ceil(2000 / bodies.length));
  const list = Array.from({ length: repeat }, () => bodies).flat();
  pass(list); // warm-up
  const times = [];
  let diagnostics = 0;
  for (let i = 0; i < runs; i++) {
    const r = pass(list);
    times.push(r.ms);
    diagnostics = r.diagnostics / repeat;
  }
  times.sort((a, b) => a - b);
  const ms = times[Math.floor(times.length / 2)];
  const bytes = bodies.reduce((n, b) => n + b.length, 0);
  rows.push({ name, files: bodies.length, bytes, perSecond: (list.length / ms) * 1000, mbPerSecond: (bytes * repeat) / 1e6 / (ms / 1000), diagnostics });
}

// ---- lint time against size ----

const maxKb = Number(process.env.BENCH_LINT_MAX_KB ?? 500);
/** Median wall and CPU time of 5 runs after a warm-up (CPU time: this process's user + system, which other processes on a shared machine inflate less than wall time). */
function timeOne(text) {
  lint(text); // warm-up
  const times = [];
  const cpu = [];
  let diagnostics = 0;
  for (let i = 0; i < 5; i++) {
    const c0 = process.cpuUsage();
    const start = performance.now();
    diagnostics = lint(text).length;
    times.push(performance.now() - start);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { ms: times[2], cpuMs: cpu[2], diagnostics };
}
const scaling = [];
for (const [shape, make] of [['many groups', manyGroups], ['joined lines', joinedLines]]) {
  for (const kb of [8, 16, 32, 64, 128, 256, 500].filter((k) => k <= maxKb)) {
    const text = make(kb);
    const bytes = encoder.encode(text).length;
    const { ms, cpuMs, diagnostics } = timeOne(text);
    scaling.push({ shape, kb: bytes / 1024, ms, cpuMs, perKb: cpuMs / (bytes / 1024), diagnostics });
  }
}
for (const body of dirFiles('./corpus/').filter((b) => b.length > 20 * 1024)) {
  const { ms, cpuMs, diagnostics } = timeOne(body);
  scaling.push({ shape: 'bench/corpus real file', kb: body.length / 1024, ms, cpuMs, perKb: cpuMs / (body.length / 1024), diagnostics });
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');
let md = `# lint() throughput\n\nNode ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}; median of ${runs} passes after a warm-up, one thread.\n\n`;
md += '| files | count | total | files/s | MB/s | diagnostics per pass |\n|---|---:|---:|---:|---:|---:|\n';
for (const r of rows) md += `| ${r.name} | ${fmt(r.files)} | ${(r.bytes / 1e6).toFixed(2)} MB | ${fmt(r.perSecond)} | ${r.mbPerSecond.toFixed(1)} | ${fmt(r.diagnostics)} |\n`;
const mix = rows[0];
md += `\nTarget: 4,000 files/s or more on the web-shaped mix: ${mix.perSecond >= 4000 ? 'met' : 'NOT MET'} (${fmt(mix.perSecond)}).\n`;
md += `\n## lint() time against size\n\nMedian of 5 runs after a warm-up, per file; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores when it ran. Linear means the CPU milliseconds per KB stay flat as the file grows.\n\n`;
md += '| file | size | lint() wall | lint() CPU | CPU ms per KB | diagnostics |\n|---|---:|---:|---:|---:|---:|\n';
for (const r of scaling) md += `| ${r.shape} | ${r.kb.toFixed(0)} KB | ${r.ms.toFixed(1)} ms | ${r.cpuMs.toFixed(1)} ms | ${r.perKb.toFixed(3)} | ${fmt(r.diagnostics)} |\n`;
const worst = Math.max(...scaling.map((r) => r.perKb));
md += `\nAt most 1 CPU ms per KB: ${worst <= 1 ? 'met' : 'NOT MET'} (worst ${worst.toFixed(3)} ms per KB).\n`;
process.stdout.write(md);
writeFileSync(here('./lint-results.md'), md);
process.exitCode = mix.perSecond >= 4000 ? 0 : 1;
