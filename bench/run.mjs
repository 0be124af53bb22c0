// robotsmatch benchmarks: the real corpus (../shared/corpus) and its URL list,
// robotsmatch and its peers measured in the same process with mitata.
//
//   npm run bench                  # build, then run everything
//   BENCH_URLS=200000 npm run bench  # more URLs per file (default 20,000)
//
// Reported separately: import-to-first-verdict time, parse throughput, match
// throughput (single calls and batches), memory per compiled file, and the
// ratios against each peer. Every number comes from this run.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { measure, do_not_optimize } from 'mitata';
import { peers, ours, slicePath } from './peers.mjs';

const CORPUS = fileURLToPath(new URL('../../shared/corpus/', import.meta.url));
if (!existsSync(CORPUS)) {
  console.error(`benchmark corpus not found at ${CORPUS} (the shared/ folder beside the repository)`);
  process.exit(1);
}
const URL_COUNT = Number(process.env.BENCH_URLS ?? 20_000);
const AGENT = 'Googlebot';
const HOST = 'example.com';
const ONLY = process.env.BENCH_FILES?.split(',');

const files = readdirSync(CORPUS)
  .filter((f) => f.endsWith('.txt') && (!ONLY || ONLY.includes(f)))
  .sort((a, b) => readFileSync(CORPUS + a).length - readFileSync(CORPUS + b).length)
  .map((name) => ({ name, text: readFileSync(CORPUS + name, 'utf8'), bytes: readFileSync(CORPUS + name).length }));
const urls = execFileSync('node', [CORPUS + 'make-urls.mjs', String(URL_COUNT), HOST], { encoding: 'utf8', maxBuffer: 1 << 30 })
  .split('\n')
  .filter(Boolean);
const robotsUrl = `https://${HOST}/robots.txt`;

const fmt = (n, digits = 1) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(digits));
const ratio = (a, b) => `${fmt(a / b)}x`;
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const out = [];
const print = (line = '') => {
  out.push(line);
  console.log(line);
};

print(`# robotsmatch benchmarks`);
print();
print(`Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), ${Math.round(totalmem() / 2 ** 30)} GiB; ` +
  `${urls.length.toLocaleString('en-US')} URLs from make-urls.mjs per file, agent ${AGENT}; mitata, median of samples.`);
print();

// ---- 1. import to first verdict, in fresh processes -------------------------
function firstVerdictMs(script) {
  const times = [];
  for (let i = 0; i < 15; i++) {
    times.push(Number(execFileSync('node', ['--input-type=module', '-e', script], { encoding: 'utf8', cwd: fileURLToPath(new URL('..', import.meta.url)) })));
  }
  return median(times);
}
const body = JSON.stringify('User-agent: *\nDisallow: /private/\n');
const loads = {
  robotsmatch: firstVerdictMs(`const t=performance.now(); const {parse}=await import('./dist/index.js'); parse(${body}).isAllowed('https://${HOST}/private/x','${AGENT}'); process.stdout.write(String(performance.now()-t));`),
  'robots-parser': firstVerdictMs(`import {createRequire} from 'node:module'; const t=performance.now(); const p=createRequire(import.meta.url)('robots-parser'); p('${robotsUrl}', ${body}).isAllowed('https://${HOST}/private/x','${AGENT}'); process.stdout.write(String(performance.now()-t));`),
  'robots-txt-guard': firstVerdictMs(`import {createRequire} from 'node:module'; import {Readable} from 'node:stream'; const t=performance.now(); const r=createRequire(import.meta.url); const g=r('robots-txt-guard'), parse=r('robots-txt-parse'); g(await parse(Readable.from([${body}]))).isAllowed('${AGENT}','/private/x'); process.stdout.write(String(performance.now()-t));`),
};
print(`## Load: import to first verdict (fresh Node process, median of 15)`);
print();
print(`| library | ms |`);
print(`|---|---:|`);
for (const [name, ms] of Object.entries(loads)) print(`| ${name} | ${ms.toFixed(2)} |`);
print();

// ---- 2-4. per file -----------------------------------------------------------
const ns = async (fn) => (await measure(fn)).p50;
const rows = [];
for (const file of files) {
  const row = { name: file.name, bytes: file.bytes };
  // Parse (and free, so memory does not pile up across samples).
  row.parseOurs = await ns(() => ours.open(file.text).dispose());
  row.parseRP = await ns(() => do_not_optimize(peers['robots-parser'].open(file.text, robotsUrl)));
  row.parseGuard = await ns(async () => do_not_optimize(await peers['robots-txt-guard'].open(file.text)));

  // Match: every URL of the list once per sample.
  const robots = ours.open(file.text);
  const matcher = robots.forAgent(AGENT);
  const rp = peers['robots-parser'].open(file.text, robotsUrl);
  const gd = await peers['robots-txt-guard'].open(file.text);
  const verdicts = new Uint8Array(urls.length);
  row.single = await ns(() => { let n = 0; for (const u of urls) n += robots.isAllowed(u, AGENT) ? 1 : 0; return n; });
  row.matcher = await ns(() => { let n = 0; for (const u of urls) n += matcher.isAllowed(u) ? 1 : 0; return n; });
  row.batch = await ns(() => matcher.matchMany(urls, verdicts));
  row.rp = await ns(() => { let n = 0; for (const u of urls) n += peers['robots-parser'].allowed(rp, u, AGENT) ? 1 : 0; return n; });
  row.guard = await ns(() => { let n = 0; for (const u of urls) n += peers['robots-txt-guard'].allowed(gd, u, AGENT) ? 1 : 0; return n; });
  row.floor = await ns(() => { let n = 0; for (const u of urls) n += slicePath(u).length; return n; });

  // Memory: the compiled table, plus the agent's index.
  row.memOurs = robots.byteSize;
  row.memIndex = matcher.byteSize;
  robots.dispose();
  row.memRP = heapPerInstance(() => peers['robots-parser'].open(file.text, robotsUrl));
  rows.push(row);
  console.error(`measured ${file.name}`);
}

function heapPerInstance(make) {
  if (typeof globalThis.gc !== 'function') return NaN;
  const keep = [];
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 50; i++) keep.push(make());
  globalThis.gc();
  const after = process.memoryUsage().heapUsed;
  do_not_optimize(keep);
  return (after - before) / keep.length;
}

const mbps = (bytes, nsTime) => bytes / 1e6 / (nsTime / 1e9);
const perSec = (nsTime) => urls.length / (nsTime / 1e9);

print(`## Parse throughput (MB/s)`);
print();
print(`| file | bytes | robotsmatch | robots-parser | robots-txt-guard | vs robots-parser | vs robots-txt-guard |`);
print(`|---|---:|---:|---:|---:|---:|---:|`);
for (const r of rows) {
  print(`| ${r.name} | ${r.bytes.toLocaleString('en-US')} | ${fmt(mbps(r.bytes, r.parseOurs))} | ${fmt(mbps(r.bytes, r.parseRP))} | ${fmt(mbps(r.bytes, r.parseGuard))} | ${ratio(r.parseRP, r.parseOurs)} | ${ratio(r.parseGuard, r.parseOurs)} |`);
}
print();
print(`## Match throughput (million URLs/s)`);
print();
print(`robotsmatch \`matchMany\` is one \`forAgent\` matcher checking the whole list in batches; \`isAllowed\` is one call per URL ` +
  `(on the Robots, and on the matcher). The floor slices each URL's path out with indexOf/slice and does nothing else.`);
print();
print(`| file | matchMany | matcher.isAllowed | robots.isAllowed | robots-parser | robots-txt-guard | slicing floor | matchMany vs robots-parser | vs robots-txt-guard | vs floor |`);
print(`|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|`);
const mps = (t) => fmt(perSec(t) / 1e6, 2);
for (const r of rows) {
  print(`| ${r.name} | ${mps(r.batch)} | ${mps(r.matcher)} | ${mps(r.single)} | ${mps(r.rp)} | ${mps(r.guard)} | ${mps(r.floor)} | ${ratio(r.rp, r.batch)} | ${ratio(r.guard, r.batch)} | ${(r.floor / r.batch).toFixed(2)} |`);
}
print();
print(`## Memory per compiled file`);
print();
print(`robotsmatch: bytes of WebAssembly memory of the compiled table, and of one agent's index on top of it. ` +
  `robots-parser: JS heap growth per parsed instance (needs --expose-gc).`);
print();
print(`| file | bytes | robotsmatch table | x file size | + ${AGENT} index | robots-parser heap |`);
print(`|---|---:|---:|---:|---:|---:|`);
for (const r of rows) {
  print(`| ${r.name} | ${r.bytes.toLocaleString('en-US')} | ${r.memOurs.toLocaleString('en-US')} | ${(r.memOurs / r.bytes).toFixed(2)} | ${r.memIndex.toLocaleString('en-US')} | ${Number.isNaN(r.memRP) ? 'n/a' : Math.round(r.memRP).toLocaleString('en-US')} |`);
}
