// npm run bench:cli: the command line as whole processes. `robotsmatch filter`
// on 2,000,000 corpus URLs (output written to a file) against an in-process
// baseline (bench/cli-baseline.mjs: read the file, one matchLines call, one
// thread, no output) and `grep -v` on the same file, median of several runs.
// Writes bench/cli-results.md.
//
//   npm run bench:cli                   BENCH_CLI_URLS=2000000 BENCH_CLI_RUNS=5
import { spawnSync, execFileSync } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, writeFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir, availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const count = Number(process.env.BENCH_CLI_URLS ?? 2_000_000);
const runs = Number(process.env.BENCH_CLI_RUNS ?? 5);
const node = process.execPath; // scripts/with-node.mjs runs this under BENCH_NODE
const files = ['news.google.com', 'www.nytimes.com', 'github.com'];
const dir = mkdtempSync(join(tmpdir(), 'robotsmatch-bench-cli-'));
const urls = join(dir, 'urls.txt');
const out = join(dir, 'out.txt');

writeFileSync(
  urls,
  execFileSync(node, [here('./corpus/make-urls.mjs'), String(count), 'example.com'], { maxBuffer: 1 << 30 }),
);
const megabytes = statSync(urls).size / 1e6;

/** Median wall time in seconds of `runs` runs of a command, stdout to a file. */
function time(command, args) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const fd = openSync(out, 'w');
    const start = process.hrtime.bigint();
    const r = spawnSync(command, args, { stdio: ['ignore', fd, 'pipe'] });
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    closeSync(fd);
    if (r.status !== 0 && !(command === 'grep' && r.status === 1))
      throw new Error(`${command} ${args.join(' ')} failed: ${r.stderr}`);
    times.push(seconds);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const cli = here('../dist/cli/main.js');
const rows = [];
for (const name of files) {
  const robots = here(`./corpus/${name}.txt`);
  const baseline = time(node, [here('./cli-baseline.mjs'), robots, urls]);
  const filter = time(node, [cli, 'filter', '--quiet', '--robots', robots, urls]);
  const single = time(node, [cli, 'filter', '--quiet', '--workers', '1', '--robots', robots, urls]);
  const verdicts = time(node, [cli, 'filter', '--quiet', '--verdicts', '--robots', robots, urls]);
  const grep = time('grep', ['-v', '-F', '/private/', urls]);
  rows.push({ name, baseline, filter, single, verdicts, grep });
  console.error(
    `${name}: baseline ${baseline.toFixed(3)} s, filter ${filter.toFixed(3)} s, --workers 1 ${single.toFixed(3)} s, --verdicts ${verdicts.toFixed(3)} s, grep -v ${grep.toFixed(3)} s`,
  );
}
rmSync(dir, { recursive: true, force: true });

const s = (x) => x.toFixed(2);
const table = [
  '| robots.txt | baseline (s) | `filter` (s) | `filter` / baseline | `--workers 1` / baseline | `--verdicts` / baseline | `grep -v` (s) | `filter` / `grep -v` | `filter` M URLs/s |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.name} | ${s(r.baseline)} | ${s(r.filter)} | ${s(r.filter / r.baseline)}x | ${s(r.single / r.baseline)}x | ${s(r.verdicts / r.baseline)}x | ${s(r.grep)} | ${s(r.filter / r.grep)}x | ${s(count / r.filter / 1e6)} |`,
  ),
].join('\n');
const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
const report = `# Command-line benchmark

\`npm run bench:cli\` on Node ${version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores;
${count.toLocaleString('en-US')} URLs (${megabytes.toFixed(0)} MB, \`bench/corpus/make-urls.mjs\`), agent Googlebot,
median wall time of ${runs} runs of each whole process, output written to a file.

- **baseline**: \`bench/cli-baseline.mjs\`, in one process: read the file, one \`matchLines\` call, one thread, no output.
- **\`filter\`**: \`robotsmatch filter --robots FILE URLS > out\` with its defaults (a worker pool once the input passes 4 MB).
- **\`grep -v\`**: \`grep -v -F /private/ URLS > out\`, for the cost of reading and writing the same lines.

${table}
`;
writeFileSync(here('./cli-results.md'), report);
console.log(report);
