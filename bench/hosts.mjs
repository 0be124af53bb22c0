// The "first answer" benchmark: many robots.txt files, a few URLs each, the
// way crawlers, robots.txt archives and audits use a parser. Every file is
// parsed, asked and let go, so the cost per file (parse, set-up, free)
// counts as much as the cost per URL. robotsmatch (the built dist/) and
// robots-parser run in one process on the same corpus (bench/hosts-corpus.mjs):
//
//   A. one URL per file: the homepage, for CCBot
//   B. three URLs per file, for Googlebot
//   C. the host's 100 URLs, for Googlebot
//
//   npm run bench:hosts
//
// Prints a markdown report and writes it to bench/hosts-results.md.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, totalmem } from 'node:os';
import { parse } from '../dist/index.js';
import { makeHostsCorpus, corpusStats } from './hosts-corpus.mjs';

const started = performance.now();
const loadAtStart = loadavg()[0]; // the machine may be shared: said in the report
const require = createRequire(import.meta.url);
const robotsParser = require('robots-parser');
const rpVersion = require('robots-parser/package.json').version;

const WARMUP_RUNS = 2; // JIT and the WebAssembly tiers settle here
const TIMED_RUNS = 7;
const SEED = 20261123;

const corpus = makeHostsCorpus({ seed: SEED }).map((file) => ({
  ...file,
  robotsUrl: `https://${file.host}/robots.txt`,
  home: `https://${file.host}/`,
  few: file.urls.slice(0, 3), // the homepage and the next two: what a crawler asks first
}));
const stats = corpusStats(corpus);
const maxUrls = Math.max(...corpus.map((f) => f.urls.length));
const verdicts = new Uint8Array(maxUrls); // matchMany's output, reused as a crawler would

// robots-parser answers undefined for a URL of another origin; every URL here is on the file's own.
const rpAllowed = (robots, url, agent) => robots.isAllowed(url, agent) !== false;

// ---- the workloads -------------------------------------------------------------
// Each run goes over the whole corpus and returns the number of allowed
// verdicts, which is checked against the verification pass below: the timed
// code gives the same answers as the checked code, so it does the real work.
const workloads = [
  {
    id: 'A',
    title: '1 URL per file (the homepage, CCBot)',
    urlsPerFile: 1,
    agent: 'CCBot',
    urlsOf: (f) => [f.home],
    variants: [
      {
        library: 'robotsmatch',
        call: '`parse`, `isAllowed`, `dispose`',
        run() {
          let allowed = 0;
          for (const f of corpus) {
            const robots = parse(f.robotsTxt);
            allowed += robots.isAllowed(f.home, 'CCBot') ? 1 : 0;
            robots.dispose();
          }
          return allowed;
        },
      },
      {
        library: 'robots-parser',
        call: '`robotsParser`, `isAllowed`',
        run() {
          let allowed = 0;
          for (const f of corpus) allowed += rpAllowed(robotsParser(f.robotsUrl, f.robotsTxt), f.home, 'CCBot') ? 1 : 0;
          return allowed;
        },
      },
    ],
    target: 6,
  },
  {
    id: 'B',
    title: '3 URLs per file (Googlebot)',
    urlsPerFile: 3,
    agent: 'Googlebot',
    urlsOf: (f) => f.few,
    variants: [
      {
        library: 'robotsmatch',
        call: '`parse`, 3 × `isAllowed`, `dispose`',
        run() {
          let allowed = 0;
          for (const f of corpus) {
            const robots = parse(f.robotsTxt);
            for (const url of f.few) allowed += robots.isAllowed(url, 'Googlebot') ? 1 : 0;
            robots.dispose();
          }
          return allowed;
        },
      },
      {
        library: 'robots-parser',
        call: '`robotsParser`, 3 × `isAllowed`',
        run() {
          let allowed = 0;
          for (const f of corpus) {
            const robots = robotsParser(f.robotsUrl, f.robotsTxt);
            for (const url of f.few) allowed += rpAllowed(robots, url, 'Googlebot') ? 1 : 0;
          }
          return allowed;
        },
      },
    ],
  },
  {
    id: 'C',
    title: `${maxUrls} URLs per file (Googlebot)`,
    urlsPerFile: maxUrls,
    agent: 'Googlebot',
    urlsOf: (f) => f.urls,
    variants: [
      {
        library: 'robotsmatch',
        call: '`parse`, `forAgent`, `matchMany`, `dispose`',
        run() {
          let allowed = 0;
          for (const f of corpus) {
            const robots = parse(f.robotsTxt);
            const out = robots.forAgent('Googlebot').matchMany(f.urls, verdicts.subarray(0, f.urls.length));
            for (let i = 0; i < f.urls.length; i++) allowed += out[i];
            robots.dispose(); // frees the matcher too
          }
          return allowed;
        },
      },
      {
        library: 'robotsmatch',
        call: `\`parse\`, ${maxUrls} × \`isAllowed\`, \`dispose\``,
        target: 15, // the loop most users write: a lower target than the batch call's
        run() {
          let allowed = 0;
          for (const f of corpus) {
            const robots = parse(f.robotsTxt);
            for (const url of f.urls) allowed += robots.isAllowed(url, 'Googlebot') ? 1 : 0;
            robots.dispose();
          }
          return allowed;
        },
      },
      {
        library: 'robots-parser',
        call: `\`robotsParser\`, ${maxUrls} × \`isAllowed\``,
        run() {
          let allowed = 0;
          for (const f of corpus) {
            const robots = robotsParser(f.robotsUrl, f.robotsTxt);
            for (const url of f.urls) allowed += rpAllowed(robots, url, 'Googlebot') ? 1 : 0;
          }
          return allowed;
        },
      },
    ],
    target: 20,
  },
];

// ---- verification, before any timing --------------------------------------------
// The two libraries must agree on the vast majority of verdicts (they differ
// in documented corner cases, docs/behaviour.md section 3 and docs/compat.md):
// a benchmark where one side answers something else measures nothing.
// Disagreements are sorted by the URL feature that explains them.
function differenceKind(url) {
  if (/[^\x00-\x7f]/.test(url))
    return 'raw non-ASCII in the URL (Google mode matches the URL as given; robots-parser escapes it)';
  if (/%[0-9A-Fa-f]?[a-f]/.test(url))
    return 'lower-case `%xx` in the URL (Google mode compares it as written; robots-parser upper-cases it)';
  if (/\?(#|$)/.test(url)) return "an empty query (robots-parser's URL parser drops the `?`)";
  return 'other';
}
const agreement = {};
const differences = new Map();
const expected = { robotsmatch: {}, 'robots-parser': {} };
for (const w of workloads) {
  let same = 0;
  let total = 0;
  let ours = 0;
  let theirs = 0;
  for (const f of corpus) {
    const robots = parse(f.robotsTxt);
    const rp = robotsParser(f.robotsUrl, f.robotsTxt);
    const urls = w.urlsOf(f);
    const batch = robots.forAgent(w.agent).matchMany(urls);
    urls.forEach((url, i) => {
      const a = robots.isAllowed(url, w.agent);
      const b = rpAllowed(rp, url, w.agent);
      if (batch[i] !== (a ? 1 : 0)) throw new Error(`matchMany and isAllowed differ on ${url} (${f.host})`);
      total++;
      ours += a ? 1 : 0;
      theirs += b ? 1 : 0;
      if (a === b) same++;
      else if (w.id === 'C') {
        const kind = differenceKind(url);
        if (!differences.has(kind)) differences.set(kind, []);
        differences.get(kind).push(url);
      }
    });
    robots.dispose();
  }
  agreement[w.id] = { same, total };
  expected.robotsmatch[w.id] = ours;
  expected['robots-parser'][w.id] = theirs;
  if (same / total < 0.99)
    throw new Error(`workload ${w.id}: robotsmatch and robots-parser agree on only ${same} of ${total} verdicts`);
}

// ---- where robotsmatch's time goes ------------------------------------------------
// Parts of workloads A and C, timed in turn with the variants: how much of a
// pass parsing (and freeing) alone takes, and parsing with the full index.
// They return the number of files, checked like the variants' verdicts.
const parts = [
  {
    id: 'parse',
    call: '`parse`, `dispose`',
    run() {
      for (const f of corpus) parse(f.robotsTxt).dispose();
      return corpus.length;
    },
  },
  {
    id: 'index',
    call: "`parse`, `forAgent('Googlebot')`, `dispose`",
    run() {
      for (const f of corpus) {
        const robots = parse(f.robotsTxt);
        robots.forAgent('Googlebot');
        robots.dispose();
      }
      return corpus.length;
    },
  },
];
for (const part of parts)
  Object.assign(part, { library: 'robotsmatch', workload: { id: part.id }, times: [], cpuTimes: [] });
expected.robotsmatch.parse = corpus.length;
expected.robotsmatch.index = corpus.length;

// ---- timing ---------------------------------------------------------------------
// The variants take turns, run after run, so that a slow patch of the machine,
// or the collection of garbage another variant left, falls on all of them
// alike; the median of the timed runs counts. (No forced GC between runs:
// tried, a full collection just before a run made that run slower, by a third
// or more for both libraries, while the heap grew back.)
const all = [
  ...workloads.flatMap((w) => w.variants.map((v) => Object.assign(v, { workload: w, times: [], cpuTimes: [] }))),
  ...parts,
];
for (let run = 0; run < WARMUP_RUNS + TIMED_RUNS; run++) {
  for (const v of all) {
    const cpuStart = process.cpuUsage();
    const start = process.hrtime.bigint();
    const allowed = v.run();
    const ns = Number(process.hrtime.bigint() - start);
    const cpu = process.cpuUsage(cpuStart);
    if (allowed !== expected[v.library][v.workload.id]) {
      throw new Error(
        `${v.workload.id} ${v.library} ${v.call}: ${allowed} allowed, verification counted ${expected[v.library][v.workload.id]}`,
      );
    }
    if (run >= WARMUP_RUNS) {
      v.times.push(ns);
      v.cpuTimes.push((cpu.user + cpu.system) * 1000);
    }
  }
  console.error(`run ${run + 1} of ${WARMUP_RUNS + TIMED_RUNS}${run < WARMUP_RUNS ? ' (warm-up)' : ''}`);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
for (const v of all) {
  v.ns = median(v.times);
  v.cpuNs = median(v.cpuTimes);
}

// ---- the report -----------------------------------------------------------------
const out = [];
const print = (line = '') => {
  out.push(line);
  console.log(line);
};
const int = (n) => Math.round(n).toLocaleString('en-US');
const pct = (x) => `${(x * 100).toFixed(2)}%`;
const perSec = (count, ns) => count / (ns / 1e9);
const ms = (ns) => (ns / 1e6).toFixed(1);

print('# robotsmatch: first answers across many hosts');
print();
print(
  'Many robots.txt files and a few URLs each, the workload of crawlers, robots.txt archives and audits: ' +
    'every file is parsed, asked and freed, so the cost per file counts as much as the cost per URL. ' +
    `robotsmatch (dist/) and robots-parser ${rpVersion} in one process, on the same corpus.`,
);
print();
print(
  `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), ${Math.round(totalmem() / 2 ** 30)} GiB. ` +
    `Each figure is the median of ${TIMED_RUNS} timed runs over the whole corpus, after ${WARMUP_RUNS} warm-up runs, the variants taking turns. ` +
    `Load average (1 minute) ${loadAtStart.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end: on a shared machine wall times ` +
    'grow with the load, and the CPU time per pass (user + system, this process) is the steadier figure.',
);
print();
print('Reproduce: `npm run bench:hosts`');
print();
print('## Corpus');
print();
print(
  `bench/hosts-corpus.mjs, seed ${SEED}: ${int(stats.files)} synthetic robots.txt files of distinct hosts, shaped after published ` +
    `measurements of the top 10,000 sites (\`node bench/hosts-corpus.mjs --stats\` prints these), ${maxUrls} URLs per host built from its own rules.`,
);
print();
print('| | this corpus | published |');
print('|---|---:|---:|');
print(`| median size | ${int(stats.medianBytes)} bytes | 834 bytes |`);
print(`| median lines | ${stats.medianLines} | 31 |`);
print(`| files with 100 or more rules | ${(stats.share100Rules * 100).toFixed(1)}% | about 10% |`);
print(`| largest | ${int(stats.maxBytes)} bytes | hundreds of KB |`);
print(`| median rules | ${stats.medianRules} | |`);
print(
  `| files over 10 KB / 100 KB | ${(stats.over10KB * 100).toFixed(1)}% / ${(stats.over100KB * 100).toFixed(1)}% | |`,
);
print(`| total | ${(stats.totalBytes / 1e6).toFixed(2)} MB, ${int(stats.urls)} URLs | |`);
print();
print('## Verdicts, checked before timing');
print();
print(
  'robots-parser agrees with robotsmatch on ' +
    workloads
      .map(
        (w) =>
          `${w.id}: ${pct(agreement[w.id].same / agreement[w.id].total)} ` +
          `(${int(agreement[w.id].same)} of ${int(agreement[w.id].total)})`,
      )
      .join(', ') +
    ". robotsmatch's `matchMany` and `isAllowed` agree on every URL. Where the libraries differ in C, by what the URL holds " +
    '(documented in docs/behaviour.md, section 3, and docs/compat.md):',
);
print();
for (const [kind, urls] of [...differences].sort((a, b) => b[1].length - a[1].length)) {
  print(`- ${kind}: ${int(urls.length)}, e.g. \`${urls[0]}\``);
}
print();
print('## Results');
print();
print(
  '| workload | library | calls per file | files/s | URLs/s | vs robots-parser | target | ms per pass (min-max) | CPU ms per pass |',
);
print('|---|---|---|---:|---:|---:|---:|---:|---:|');
for (const w of workloads) {
  const base = w.variants.find((v) => v.library === 'robots-parser');
  w.variants.forEach((v, i) => {
    const files = perSec(corpus.length, v.ns);
    const ratio = base.ns / v.ns;
    const isOurs = v.library === 'robotsmatch';
    print(
      `| ${i === 0 ? `${w.id}: ${w.title}` : ''} | ${v.library} | ${v.call} | ${int(files)} | ${int(files * w.urlsPerFile)} | ` +
        `${isOurs ? `**${ratio.toFixed(1)}x**` : '1x'} | ${isOurs && (v.target ?? w.target) ? `target ${v.target ?? w.target}x` : ''} | ` +
        `${ms(v.ns)} (${ms(Math.min(...v.times))}-${ms(Math.max(...v.times))}) | ${ms(v.cpuNs)} |`,
    );
  });
}
print();
print('## Targets');
print();
const partNs = Object.fromEntries(parts.map((p) => [p.id, p.ns]));
for (const w of workloads.filter((w) => w.target)) {
  const base = w.variants.find((v) => v.library === 'robots-parser');
  const ours = w.variants.find((v) => v.library === 'robotsmatch');
  const ratio = base.ns / ours.ns;
  const allowed = base.ns / w.target;
  const verdict =
    (ratio >= w.target
      ? `**met**: ${ratio.toFixed(1)}x`
      : `**not met**: ${ratio.toFixed(1)}x, ${ms(ours.ns - allowed)} ms per pass over the ${ms(allowed)} ms it allows`) +
    ` (by CPU time ${(base.cpuNs / ours.cpuNs).toFixed(1)}x)`;
  const split =
    w.id === 'A'
      ? `parsing and freeing ${ms(partNs.parse)} ms, the first answer (the light index and one match) ${ms(ours.ns - partNs.parse)} ms`
      : `parsing and freeing ${ms(partNs.parse)} ms, the full index ${ms(partNs.index - partNs.parse)} ms, \`matchMany\` on ${maxUrls} URLs per file ${ms(ours.ns - partNs.index)} ms`;
  print(
    `- ${w.id} (${w.target}x robots-parser): ${verdict}. Where the ${ms(ours.ns)} ms go (${split}; the parts are timed apart, in turn with the variants).`,
  );
}
print();
print(
  `The whole benchmark (corpus, verification, ${WARMUP_RUNS + TIMED_RUNS} runs of each variant) took ${((performance.now() - started) / 1000).toFixed(1)} s.`,
);

writeFileSync(new URL('./hosts-results.md', import.meta.url), `${out.join('\n')}\n`);
// For bench/hosts-runs.mjs: each robotsmatch variant's ratio to robots-parser in this run.
const ratiosAt = process.argv.indexOf('--ratios');
if (ratiosAt > 0) {
  const ratios = workloads.flatMap((w) => {
    const base = w.variants.find((v) => v.library === 'robots-parser');
    return w.variants
      .filter((v) => v.library === 'robotsmatch')
      .map((v) => ({
        workload: w.id,
        call: v.call,
        target: v.target ?? w.target ?? null,
        ratio: base.ns / v.ns,
        cpuRatio: base.cpuNs / v.cpuNs,
      }));
  });
  writeFileSync(process.argv[ratiosAt + 1], JSON.stringify({ load: loadavg()[0], ratios }));
}
console.error('wrote bench/hosts-results.md');
