// npm run bench:lint: lint() throughput in files per second, on a realistic
// mix: 3,000 files shaped like the web's (bench/hosts-corpus.mjs: median
// about 830 bytes, a long tail to 300 KB, WordPress, Shopify, Drupal,
// bad-bot lists, AI-crawler blocks, Cloudflare's managed block), the eight
// real files of bench/corpus, and the real-world-shaped lint fixtures (HTML
// pages, typos, non-breaking spaces...). The median of several passes over
// each set, after a warm-up pass, timed twice: lint() alone, which leaves
// unsafe fixes to be worked out when first read, and lint() with every fix
// read (what `robotsmatch lint` and the page, once idle, pay). The target:
// 4,000 files/s or more on the mix. Then lint time against size (CPU time:
// this process's user + system) on the files of bench/lint-shapes.mjs:
// many groups with fixable lines (a bad-bot list, named crawlers with their
// own rules, joined lines, spaces in patterns, typos) from 8 KB to 500 KB,
// files of nothing but joined lines, a news publisher's file of 30 to 70 KB
// (the size of the web's large files), small files dense with fixes (2 to
// 8 KB), and bench/corpus's real files over 20 KB. The target: lint() at most
// 1 CPU ms per KB on every one, and flat (linear) as files grow. Last, each
// file of the mix of 1 KB or more on its own: the worst CPU ms per KB.
// Writes bench/lint-results.md.
//
//   npm run bench:lint                   BENCH_LINT_FILES=3000 BENCH_LINT_RUNS=5 BENCH_LINT_MAX_KB=500
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cpus, loadavg } from 'node:os';
import { lint } from '../dist/lint.js';
import { makeHostsCorpus } from './hosts-corpus.mjs';
import { fixDense, joinedLines, manyGroups, publisher } from './lint-shapes.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const files = Number(process.env.BENCH_LINT_FILES ?? 3000);
const runs = Number(process.env.BENCH_LINT_RUNS ?? 5);
const encoder = new TextEncoder();
const dirFiles = (dir, ext = '.txt') =>
  readdirSync(here(dir))
    .filter((f) => f.endsWith(ext))
    .sort()
    .map((f) => new Uint8Array(readFileSync(here(dir + f))));
const load = [loadavg()[0]];

const mix = makeHostsCorpus({ files }).map((f) => encoder.encode(f.robotsTxt));
const sets = [
  ['web-shaped mix (bench/hosts-corpus.mjs)', mix],
  ['bench/corpus (8 real files, 0.3 KB to 44 KB)', dirFiles('./corpus/')],
  ['lint fixtures (test/fixtures/lint, real-world-shaped)', dirFiles('../test/fixtures/lint/')],
];

/** lint() once, and with `read` every fix read too (reading one works out all of them). */
function lintOnce(body, read) {
  const diagnostics = lint(body);
  if (read) for (const d of diagnostics) void d.fix?.message;
  return diagnostics.length;
}

function pass(bodies, read) {
  let diagnostics = 0;
  const c0 = process.cpuUsage();
  const start = performance.now();
  for (const body of bodies) diagnostics += lintOnce(body, read);
  const c = process.cpuUsage(c0);
  return { ms: performance.now() - start, cpuMs: (c.user + c.system) / 1000, diagnostics };
}

const median = (list) => list.slice().sort((a, b) => a - b)[Math.floor(list.length / 2)];

const rows = [];
for (const [name, bodies] of sets) {
  // Small sets are repeated so that a pass takes long enough to time.
  const repeat = Math.max(1, Math.ceil(2000 / bodies.length));
  const list = Array.from({ length: repeat }, () => bodies).flat();
  const row = { name, files: bodies.length, bytes: bodies.reduce((n, b) => n + b.length, 0) };
  for (const read of [false, true]) {
    pass(list, read); // warm-up
    const results = Array.from({ length: runs }, () => pass(list, read));
    const ms = median(results.map((r) => r.ms));
    const cpuMs = median(results.map((r) => r.cpuMs));
    row[read ? 'read' : 'lint'] = {
      perSecond: (list.length / ms) * 1000,
      perCpuSecond: (list.length / cpuMs) * 1000,
      mbPerSecond: (row.bytes * repeat) / 1e6 / (ms / 1000),
      diagnostics: results[0].diagnostics / repeat,
    };
  }
  rows.push(row);
}
load.push(loadavg()[0]);

// ---- lint time against size ----

const maxKb = Number(process.env.BENCH_LINT_MAX_KB ?? 500);
/** Median wall and CPU time of 5 runs after a warm-up, of lint() alone and of lint() with every fix read. */
function timeOne(body) {
  const out = {};
  for (const read of [false, true]) {
    lintOnce(body, read); // warm-up
    const times = [];
    const cpu = [];
    let diagnostics = 0;
    for (let i = 0; i < 5; i++) {
      const c0 = process.cpuUsage();
      const start = performance.now();
      diagnostics = lintOnce(body, read);
      times.push(performance.now() - start);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
    }
    out[read ? 'read' : 'lint'] = { ms: median(times), cpuMs: median(cpu), diagnostics };
  }
  const fixes = lint(body).filter((d) => d.fix);
  out.unsafe = fixes.filter((d) => d.fix.safety === 'unsafe').length;
  return out;
}
const scaling = [];
const shapes = [
  ['many groups', manyGroups, [8, 16, 32, 64, 128, 256, 500]],
  ['joined lines', joinedLines, [8, 16, 32, 64, 128, 256, 500]],
  ['news publisher', publisher, [30, 48, 66]],
  ['dense with fixes', fixDense, [2, 4, 8]],
];
for (const [shape, make, sizes] of shapes) {
  for (const kb of sizes.filter((k) => k <= maxKb)) {
    const body = encoder.encode(make(kb));
    scaling.push({ shape, kb: body.length / 1024, ...timeOne(body) });
  }
}
for (const body of dirFiles('./corpus/').filter((b) => b.length > 20 * 1024)) {
  scaling.push({ shape: 'bench/corpus real file', kb: body.length / 1024, ...timeOne(body) });
}
load.push(loadavg()[0]);

// ---- each file of the mix of 1 KB or more, alone ----
const perFile = [];
for (const body of mix.filter((b) => b.length >= 1024)) {
  lint(body);
  const cpu = [];
  for (let i = 0; i < 5; i++) {
    const c0 = process.cpuUsage();
    lint(body);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  perFile.push({ kb: body.length / 1024, perKb: median(cpu) / (body.length / 1024) });
}
perFile.sort((a, b) => b.perKb - a.perKb);
load.push(loadavg()[0]);

const fmt = (n) => Math.round(n).toLocaleString('en-US');
let md = `# lint() throughput\n\nNode ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}; median of ${runs} passes after a warm-up, one thread; load average ${load.map((l) => l.toFixed(1)).join(', ')} on ${cpus().length} cores (at the start and after each part). lint() leaves unsafe fixes to be worked out when first read; "every fix read" reads them all, as \`robotsmatch lint\` does.\n\n`;
md +=
  '| files | count | total | lint(): files/s | files per CPU-s | MB/s | every fix read: files/s | files per CPU-s | diagnostics per pass |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n';
for (const r of rows)
  md += `| ${r.name} | ${fmt(r.files)} | ${(r.bytes / 1e6).toFixed(2)} MB | ${fmt(r.lint.perSecond)} | ${fmt(r.lint.perCpuSecond)} | ${r.lint.mbPerSecond.toFixed(1)} | ${fmt(r.read.perSecond)} | ${fmt(r.read.perCpuSecond)} | ${fmt(r.lint.diagnostics)} |\n`;
const mixRow = rows[0];
md += `\nTarget: 4,000 files/s or more on the web-shaped mix: ${mixRow.lint.perSecond >= 4000 ? 'met' : 'NOT MET'} (${fmt(mixRow.lint.perSecond)} files/s wall, ${fmt(mixRow.lint.perCpuSecond)} per CPU-second).\n`;
md +=
  '\n## lint() time against size\n\nMedian of 5 runs after a warm-up, per file. Linear means the CPU milliseconds per KB stay flat as the file grows. "Every fix read": lint() and then every fix read, which works out the unsafe ones (at most 40 a call, each a parse of the fixed file and a comparison per registry crawler, checked together).\n\n';
md +=
  '| file | size | lint() wall | lint() CPU | CPU ms per KB | every fix read: CPU | CPU ms per KB | diagnostics | unsafe fixes |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n';
for (const r of scaling)
  md += `| ${r.shape} | ${r.kb.toFixed(0)} KB | ${r.lint.ms.toFixed(1)} ms | ${r.lint.cpuMs.toFixed(1)} ms | ${(r.lint.cpuMs / r.kb).toFixed(3)} | ${r.read.cpuMs.toFixed(1)} ms | ${(r.read.cpuMs / r.kb).toFixed(3)} | ${fmt(r.lint.diagnostics)} | ${r.unsafe} |\n`;
const worst = scaling.reduce((a, r) => (r.lint.cpuMs / r.kb > a.lint.cpuMs / a.kb ? r : a));
const worstKb = worst.lint.cpuMs / worst.kb;
md += `\nlint() at most 1 CPU ms per KB on every file above: ${worstKb <= 1 ? 'met' : 'NOT MET'} (worst ${worstKb.toFixed(3)} ms per KB, ${worst.shape} ${worst.kb.toFixed(0)} KB).\n`;
if (perFile.length) {
  const p99 = perFile[Math.floor(perFile.length / 100)];
  md += `\nEach of the mix's ${fmt(perFile.length)} files of 1 KB or more, alone (median of 5): lint() CPU ms per KB at most ${perFile[0].perKb.toFixed(3)} (a ${perFile[0].kb.toFixed(1)} KB file); 99th percentile ${p99.perKb.toFixed(3)}.\n`;
}
process.stdout.write(md);
writeFileSync(here('./lint-results.md'), md);
process.exitCode = mixRow.lint.perSecond >= 4000 && worstKb <= 1 ? 0 : 1;
