// npm run bench:hostile: the hostile inputs, each case in a fresh
// process (bench/hostile-case.mjs; the command line as a real process), with
// the figure the issue reported, the figure measured here, and optionally
// the same case measured on a build from before the fixes in the same run.
// Writes bench/hostile-results.md.
//
//   npm run bench:hostile
//   HOSTILE_BEFORE=/path/to/old/dist npm run bench:hostile   # also measure a build from before the fixes
//     (e.g. git worktree add /tmp/before f75a85c && cd /tmp/before && npm ci && npm run build:
//      HOSTILE_BEFORE=/tmp/before/dist; a case that runs past HOSTILE_TIMEOUT seconds, 120 by default, shows as "> 120 s")
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const AFTER = here('../dist');
const BEFORE = process.env.HOSTILE_BEFORE;
const TIMEOUT_S = Number(process.env.HOSTILE_TIMEOUT ?? 120);
const node = process.execPath;
const ROBOTS = here('./corpus/www.nytimes.com.txt');
const RSS = here('../test/support/report-rss.cjs');
const dir = mkdtempSync(join(tmpdir(), 'robotsmatch-hostile-'));

const ms = (x) =>
  x >= 10_000 ? `${(x / 1000).toFixed(1)} s` : x >= 100 ? `${Math.round(x)} ms` : `${x.toFixed(1)} ms`;
const mb = (bytes) => `${Math.round(bytes / 1e6)} MB`;
const TIMED_OUT = { timedOut: true };

/** One in-process case (bench/hostile-case.mjs) against a dist, in a fresh process. */
function inProcess(dist, name) {
  const r = spawnSync(node, [here('./hostile-case.mjs'), dist, name], {
    encoding: 'utf8',
    timeout: TIMEOUT_S * 1000,
    maxBuffer: 1 << 20,
  });
  if (r.error?.code === 'ETIMEDOUT' || r.signal) return TIMED_OUT;
  if (r.status !== 0) throw new Error(`${name} on ${dist}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** Runs the built command line; `feed` writes its stdin. Wall time, exit status, peak memory. */
function command(dist, args, feed) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(node, ['-r', RSS, join(dist, 'cli/main.js'), ...args], {
      stdio: [feed ? 'pipe' : 'ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    let done = false;
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_S * 1000);
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status, signal) => {
      done = true;
      clearTimeout(timer);
      if (signal) return resolve(TIMED_OUT);
      resolve({
        ms: performance.now() - start,
        status,
        peakBytes: Number(/maxRSS (\d+)/.exec(stderr)?.[1] ?? NaN),
        stderr,
      });
    });
    if (feed) {
      child.stdin.on('error', () => {}); // it may stop reading (EPIPE)
      feed(child.stdin, () => done).catch(reject);
    }
  });
}

/** Writes `total` bytes of one line in 64 KiB writes (what a pipe gives each read), then a line break. */
const longLine = (total) => async (stdin, done) => {
  const piece = Buffer.alloc(64 << 10, 0x61);
  for (let sent = 0; sent < total && !done(); sent += piece.length) {
    if (!stdin.write(piece)) {
      await new Promise((resolve) => {
        const go = () => {
          stdin.off('drain', go);
          stdin.off('close', go);
          resolve();
        };
        stdin.on('drain', go);
        stdin.on('close', go); // it stopped reading
      });
    }
  }
  if (!done()) stdin.end('\n');
};

// ---- the cases ----------------------------------------------------------------
const rows = [];
const measure = async (row, run, show) => {
  const after = await run(AFTER);
  const before = BEFORE ? await run(BEFORE) : undefined;
  const fmt = (m, dist) => (m === undefined ? 'not run' : m.timedOut ? `> ${TIMEOUT_S} s` : show(m, dist));
  rows.push({ ...row, before: fmt(before, BEFORE), after: fmt(after, AFTER) });
  console.error(`${row.item} ${row.what}: ${fmt(before, BEFORE)} -> ${fmt(after, AFTER)}`);
};
const firstAndNext = (m) => `${ms(m.ms)} first, ${ms(m.median)} next`;

await measure(
  {
    item: '19.1',
    what: 'explain(), 20,000 applying `*` groups (540 KB), LF',
    issue: '5.2 s per call',
    target: 'under 50 ms per call',
  },
  (dist) => inProcess(dist, 'explain-groups-lf'),
  firstAndNext,
);
await measure(
  { item: '19.1', what: 'the same, CR-only line ends', issue: '5.2 s per call', target: 'under 50 ms per call' },
  (dist) => inProcess(dist, 'explain-groups-cr'),
  firstAndNext,
);
await measure(
  {
    item: '19.1',
    what: 'compat isExplicitlyDisallowed() on the same file',
    issue: 'about 4 s per URL',
    target: 'as explain()',
  },
  (dist) => inProcess(dist, 'compat-explicit'),
  firstAndNext,
);

const filterArgs = ['filter', '--robots', ROBOTS, '--quiet', '--workers', '1'];
const lineFile = join(dir, 'line.txt');
writeFileSync(lineFile, Buffer.concat([Buffer.alloc(32 << 20, 0x61), Buffer.from('\n')]));
const fromFile = {};
await measure(
  { item: '19.3', what: '`filter`, one 32 MiB line from a file', issue: '1.8 s', target: '' },
  async (dist) => (fromFile[dist] = await command(dist, [...filterArgs, lineFile])),
  (m) => ms(m.ms),
);
await measure(
  {
    item: '19.3',
    what: '`filter`, the same line on a pipe (64 KiB reads)',
    issue: '7 s (3.9x the file)',
    target: 'within 2x of the file',
  },
  (dist) => command(dist, filterArgs, longLine(32 << 20)),
  (m, dist) => `${ms(m.ms)} (${fromFile[dist]?.ms ? (m.ms / fromFile[dist].ms).toFixed(1) : '?'}x the file)`,
);
await measure(
  {
    item: '19.3',
    what: '`filter`, a 200 MiB line on a pipe: refused (exit 2)',
    issue: 'refused after 25 s',
    target: 'refused quickly',
  },
  (dist) => command(dist, filterArgs, longLine(200 << 20)),
  (m) => `${ms(m.ms)} (exit ${m.status})`,
);

await measure(
  {
    item: '19.4',
    what: 'explain(), a 64 KiB URL against 30,000 wildcard rules',
    issue: '308 ms (check() 0.47 ms)',
    target: 'under 50 ms',
  },
  (dist) => inProcess(dist, 'explain-url-64k'),
  (m) => `${ms(m.ms)} (check() ${ms(m.check)})`,
);
await measure(
  { item: '19.4', what: 'explain(), a 1 MiB URL against the same rules', issue: '5 s', target: 'under 500 ms' },
  (dist) => inProcess(dist, 'explain-url-1m'),
  (m) => `${ms(m.ms)} (check() ${ms(m.check)})`,
);
await measure(
  {
    item: '19.4',
    what: "a Robots' first check() (light index), 64 KiB URL, same rules",
    issue: 'not in the issue (found with 19.4)',
    target: 'as the full index',
  },
  (dist) => inProcess(dist, 'check-first-64k'),
  (m) => ms(m.ms),
);
await measure(
  {
    item: '19.4',
    what: "a Robots' first check(), 1 MiB URL, same rules",
    issue: 'not in the issue',
    target: 'as the full index',
  },
  (dist) => inProcess(dist, 'check-first-1m'),
  (m) => ms(m.ms),
);

const urls = join(dir, 'urls.txt');
writeFileSync(
  urls,
  execFileSync(node, [here('./corpus/make-urls.mjs'), '1000000', 'example.com'], { maxBuffer: 1 << 30 }),
);
const cores = availableParallelism();
const poolArgs = (n) => [
  'filter',
  '--robots',
  here('./corpus/github.com.txt'),
  '--quiet',
  '--workers',
  String(n),
  urls,
];
await measure(
  {
    item: '19.7',
    what: `\`filter --workers 64\`, 1,000,000 URLs (64 MB), ${cores} cores`,
    issue: '1.08 GB peak, 3x slower',
    target: `as --workers ${cores}`,
  },
  (dist) => command(dist, poolArgs(64)),
  (m) => `${ms(m.ms)}, ${mb(m.peakBytes)} peak`,
);
await measure(
  { item: '19.7', what: `\`filter --workers ${cores}\`, the same input`, issue: '', target: '' },
  (dist) => command(dist, poolArgs(cores)),
  (m) => `${ms(m.ms)}, ${mb(m.peakBytes)} peak`,
);

await measure(
  {
    item: '19.8',
    what: 'crawlDelay(), 10,000 tokens, 6,000 records',
    issue: '720 ms',
    target: 'linear in records + agents',
  },
  (dist) => inProcess(dist, 'agents-crawl-delay'),
  (m) => ms(m.ms),
);
await measure(
  {
    item: '19.8',
    what: 'explain(), 10,000 tokens, 6,000 groups',
    issue: '420-629 ms',
    target: 'linear in groups + agents',
  },
  (dist) => inProcess(dist, 'agents-explain'),
  (m) => ms(m.ms),
);

const withPeak = (m) => `${ms(m.ms)}, ${mb(m.peakBytes)} peak`;
await measure(
  {
    item: '19.9',
    what: 'explain(), 512,000 empty lines (first call)',
    issue: '0.25-0.45 s, about 250 MB',
    target: 'under 0.2 s and 100 MB',
  },
  (dist) => inProcess(dist, 'empty-lines-explain'),
  withPeak,
);
await measure(
  {
    item: '19.9',
    what: 'crawlDelay(), 512,000 empty lines (first call)',
    issue: '0.25-0.45 s, about 250 MB',
    target: 'under 0.2 s and 100 MB',
  },
  (dist) => inProcess(dist, 'empty-lines-crawl-delay'),
  withPeak,
);
await measure(
  {
    item: '19.9',
    what: 'lines(), 512,000 empty lines (512,003 RobotsLine objects, as before)',
    issue: '0.25-0.45 s, about 250 MB',
    target: 'the same objects',
  },
  (dist) => inProcess(dist, 'empty-lines-lines'),
  withPeak,
);

rmSync(dir, { recursive: true, force: true });

const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
const report = `# Hostile-input benchmark (issue 19)

\`npm run bench:hostile\` on Node ${version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${cores} cores, ${Math.round(totalmem() / 2 ** 30)} GiB
(load average ${loadavg()
  .map((x) => x.toFixed(1))
  .join(', ')} at the end: the machine is shared, so figures vary between runs).
Each case runs in a fresh process: \`bench/hostile-case.mjs\` for the library, the built command line for \`filter\`.
"Issue" is the figure issue 19 reported (another machine); "before" is the same case on a build from before the fixes${BEFORE ? '' : ' (not run: set HOSTILE_BEFORE)'},
measured in this run, cut off at ${TIMEOUT_S} s; "now" is this tree. Peak memory is the growth of the process's peak resident set during the call
(for \`filter\`, the whole process's peak).

| item | case | issue | before | now | target |
|---|---|---|---:|---:|---|
${rows.map((r) => `| ${r.item} | ${r.what} | ${r.issue} | ${r.before} | ${r.after} | ${r.target} |`).join('\n')}
`;
writeFileSync(here('./hostile-results.md'), report);
console.log(report);
