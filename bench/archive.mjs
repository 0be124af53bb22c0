// npm run bench:archive: the many-host join. A generated robots.txt archive
// (bench/archive-data.mjs: ORIGINS origins shaped by the hosts corpus, with
// 404s, 5xx, 429s, redirects and origins missing) and a host-interleaved URL
// table, joined for two agents (Googlebot, GPTBot):
//
//   1. the library: robotsmatch/archive (ArchiveMatcher.matchMany over
//      chunks of the table) against the same join written with
//      robots-parser (bench/archive-side.mjs), each in its own process;
//   2. end to end: `robotsmatch filter --robots-archive --json` against the
//      robots-parser join writing the same rows, output to a file;
//   3. every other output form of the archive mode, end to end (CPU time,
//      peak RSS, output bytes): --verdicts, --verdicts-only,
//      --blocked-agents, the kept URLs, --invert, --json with --purpose, and
//      --json and --blocked-agents on JSON Lines input (records with a url
//      and other fields).
//
// Each side's peak RSS comes from its own process. One core: the join runs
// in one thread (split the table for more). Writes bench/archive-results.md.
//
//   npm run bench:archive            BENCH_ARCHIVE_ORIGINS=10000 BENCH_ARCHIVE_URLS_PER_HOST=50 BENCH_ARCHIVE_WINDOW=2000
//
// BENCH_ARCHIVE_CLI=path/to/main.js times another build of the CLI (an
// older dist, to compare); BENCH_ARCHIVE_PARTS=forms runs part 3 alone.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeArchiveData } from './archive-data.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const origins = Number(process.env.BENCH_ARCHIVE_ORIGINS ?? 10_000);
const urlsPerHost = Number(process.env.BENCH_ARCHIVE_URLS_PER_HOST ?? 50);
const window = Number(process.env.BENCH_ARCHIVE_WINDOW ?? 2000);
const AGENTS = 'Googlebot,GPTBot';
const node = process.execPath;
const usage = here('./report-usage.cjs');
const cliPath = process.env.BENCH_ARCHIVE_CLI ?? here('../dist/cli/main.js');
const formsOnly = process.env.BENCH_ARCHIVE_PARTS === 'forms';

const dir = join(tmpdir(), `robotsmatch-bench-archive-${origins}-${urlsPerHost}-${window}`);
const started = performance.now();
const data = await makeArchiveData(dir, { origins, urlsPerHost, window });
console.error(
  `data: ${data.urlCount.toLocaleString('en-US')} URLs over ${origins.toLocaleString('en-US')} origins in ${dir} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
);

/** A process's wall time, its peak RSS and CPU time (bench/report-usage.cjs), and its stdout (or stdout to a file). */
function run(args, outFile) {
  const fd = outFile ? openSync(outFile, 'w') : 'pipe';
  const start = process.hrtime.bigint();
  const r = spawnSync(node, ['-r', usage, ...args], { stdio: ['ignore', fd, 'pipe'], maxBuffer: 1 << 26 });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (outFile) closeSync(fd);
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
  const [, rssBytes, cpuMicros] = /usage (\d+) (\d+)\s*$/.exec(r.stderr.toString());
  return {
    seconds,
    maxRSS: Number(rssBytes),
    cpu: Number(cpuMicros) / 1e6,
    stdout: r.stdout?.toString() ?? '',
    stderr: r.stderr.toString(),
  };
}

/** Part 3: each output form, end to end, rows to a file; the URL table also as JSON Lines records. */
function timeForms() {
  const records = join(dir, 'urls-records.jsonl');
  if (!existsSync(records)) {
    // A chunk at a time: at the full size the URL list is longer than a string may be.
    const input = openSync(data.urls, 'r');
    const output = openSync(records, 'w');
    const chunk = Buffer.alloc(1 << 24);
    const decoder = new StringDecoder('utf8'); // a character cut between chunks stays whole
    let rest = '';
    let id = 0;
    for (let n; (n = readSync(input, chunk, 0, chunk.length, null)) > 0; ) {
      const lines = (rest + decoder.write(chunk.subarray(0, n))).split('\n');
      rest = lines.pop();
      writeSync(
        output,
        lines
          .filter(Boolean)
          .map((url) => `{"id":${id++},"url":${JSON.stringify(url)},"lang":"en"}\n`)
          .join(''),
      );
    }
    if (rest) writeSync(output, `{"id":${id},"url":${JSON.stringify(rest)},"lang":"en"}\n`);
    closeSync(input);
    closeSync(output);
  }
  const forms = [
    ['--verdicts', ['--verdicts'], data.urls],
    ['--verdicts-only', ['--verdicts-only'], data.urls],
    ['--blocked-agents', ['--blocked-agents'], data.urls],
    ['(the kept URLs)', [], data.urls],
    ['--invert', ['--invert'], data.urls],
    ['--json', ['--json'], data.urls],
    ['--json --purpose train-ai', ['--json', '--purpose', 'train-ai'], data.urls],
    ['--verdicts --purpose train-ai', ['--verdicts', '--purpose', 'train-ai'], data.urls],
    ['--json, JSON Lines input', ['--json'], records],
    ['--blocked-agents, JSON Lines input', ['--blocked-agents'], records],
  ];
  const out = join(dir, `form-${process.pid}.out`);
  const rows = [];
  for (const [name, flags, input] of forms) {
    const r = run(
      [cliPath, 'filter', '--robots-archive', data.archive, '-a', 'Googlebot', '-a', 'GPTBot', ...flags, '-q', input],
      out,
    );
    rows.push({ name, ...r, bytes: statSync(out).size });
    console.error('form', name, r.cpu.toFixed(2), r.seconds.toFixed(2));
  }
  rmSync(out, { force: true });
  return rows;
}

if (formsOnly) {
  const rows = timeForms();
  const mb = (b) => `${Math.round(b / 2 ** 20)} MiB`;
  console.log(
    `${data.urlCount} URLs, ${cliPath}\n` +
      rows
        .map(
          (r) =>
            `| ${r.name} | ${r.cpu.toFixed(2)} s | ${r.seconds.toFixed(2)} s | ${Math.round(data.urlCount / r.cpu).toLocaleString('en-US')} | ${mb(r.maxRSS)} | ${mb(r.bytes)} |`,
        )
        .join('\n'),
  );
  process.exit(0);
}

const side = (name) => {
  const r = run([here('./archive-side.mjs'), name, data.archive, data.urls, AGENTS]);
  return { ...JSON.parse(r.stdout.trim().split('\n').pop()), maxRSS: r.maxRSS };
};
const lib = { robotsmatch: side('robotsmatch'), 'robots-parser': side('robots-parser') };
console.error('library:', JSON.stringify(lib));

// The rows go to a file of this run's own (the data directory may be shared by runs at once), removed after.
const out = join(dir, `rows-${process.pid}.jsonl`);
const cli = run(
  [cliPath, 'filter', '--robots-archive', data.archive, '-a', 'Googlebot', '-a', 'GPTBot', '--json', '-q', data.urls],
  out,
);
const baseline = run([here('./archive-side.mjs'), 'robots-parser', data.archive, data.urls, AGENTS, '--json'], out);
rmSync(out, { force: true });
console.error('cli:', cli.seconds, cli.cpu, 'baseline:', baseline.seconds, baseline.cpu);
const forms = timeForms();

const mb = (b) => `${Math.round(b / 2 ** 20)} MiB`;
const rate = (n, s) => `${Math.round(n / s).toLocaleString('en-US')}`;
const n = data.urlCount;
const a = lib.robotsmatch;
const b = lib['robots-parser'];
const agree = a.allowed
  .map((x, i) => `${AGENTS.split(',')[i]} ${x.toLocaleString('en-US')} / ${b.allowed[i].toLocaleString('en-US')}`)
  .join(', ');
const report = `# Archive join benchmark (bench/archive.mjs)

${data.urlCount.toLocaleString('en-US')} URLs over ${origins.toLocaleString('en-US')} origins (${urlsPerHost} per host, host-interleaved in windows of ${window.toLocaleString('en-US')} hosts), two agents (Googlebot, GPTBot) for every URL. The archive is JSON Lines of captures: 84% 200, 6% 404, 4% 5xx, 1% 429, 3% redirected to www, 1% redirected out of the archive, 1% missing (bench/archive-data.mjs; bodies from a pool of ${data.pool.toLocaleString('en-US')} files of the hosts corpus). One thread each; each side in its own process.

Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GB.

The figures per core are CPU seconds (user + system) of each process, what a core spends on it, so that other work on the machine does not change them; wall times are given too.

## The join in the library

| | archive read (CPU) | join (CPU) | join (wall) | URLs/s per core | peak RSS |
|---|---:|---:|---:|---:|---:|
| robotsmatch/archive (ArchiveMatcher.matchMany, 4 MiB chunks) | ${a.loadCpuSeconds.toFixed(2)} s | ${a.joinCpuSeconds.toFixed(2)} s | ${a.joinSeconds.toFixed(2)} s | ${rate(n, a.joinCpuSeconds)} | ${mb(a.maxRSS)} |
| robots-parser (a Map of parsed files, the same RFC outcomes) | ${b.loadCpuSeconds.toFixed(2)} s | ${b.joinCpuSeconds.toFixed(2)} s | ${b.joinSeconds.toFixed(2)} s | ${rate(n, b.joinCpuSeconds)} | ${mb(b.maxRSS)} |

**${(b.joinCpuSeconds / a.joinCpuSeconds).toFixed(1)}x** robots-parser on the join (read and join: ${((b.joinCpuSeconds + b.loadCpuSeconds) / (a.joinCpuSeconds + a.loadCpuSeconds)).toFixed(1)}x). URLs allowed (robotsmatch / robots-parser): ${agree}; the two parsers read some files differently.

## End to end: \`robotsmatch filter --robots-archive --json\`

Both write the same rows, \`{url, agent, allowed, line, rule, outcome}\` per URL and agent, to a file (robots-parser cannot say which rule decided: its \`rule\` is null). Whole processes: start, reading the archive, the join, the output.

| | CPU time | wall time | URLs/s per core | peak RSS |
|---|---:|---:|---:|---:|
| \`robotsmatch filter --robots-archive A -a Googlebot -a GPTBot --json -q URLS\` | ${cli.cpu.toFixed(2)} s | ${cli.seconds.toFixed(2)} s | ${rate(n, cli.cpu)} | ${mb(cli.maxRSS)} |
| robots-parser join writing the same rows (bench/archive-side.mjs --json) | ${baseline.cpu.toFixed(2)} s | ${baseline.seconds.toFixed(2)} s | ${rate(n, baseline.cpu)} | ${mb(baseline.maxRSS)} |

**${(baseline.cpu / cli.cpu).toFixed(1)}x** robots-parser end to end (CPU time; wall time ${(baseline.seconds / cli.seconds).toFixed(1)}x).

## Every output form, end to end

The same archive and URL table, \`robotsmatch filter --robots-archive A -a Googlebot -a GPTBot FORM -q URLS\`, output to a file. The JSON Lines input is the same URLs as records \`{"id", "url", "lang"}\`.

| form | CPU time | wall time | URLs/s per core | peak RSS | output |
|---|---:|---:|---:|---:|---:|
${forms.map((r) => `| \`${r.name}\` | ${r.cpu.toFixed(2)} s | ${r.seconds.toFixed(2)} s | ${rate(n, r.cpu)} | ${mb(r.maxRSS)} | ${mb(r.bytes)} |`).join('\n')}

Run: \`BENCH_ARCHIVE_ORIGINS=${origins} BENCH_ARCHIVE_URLS_PER_HOST=${urlsPerHost} BENCH_ARCHIVE_WINDOW=${window} npm run bench:archive\` (${((performance.now() - started) / 1000).toFixed(0)} s in all).
`;
writeFileSync(here('./archive-results.md'), report);
console.log(report);
