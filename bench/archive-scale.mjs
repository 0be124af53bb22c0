// npm run bench:archive-scale: the archive join at scale, in grouped and in
// random order, against the robots-parser join, in the same run. The data
// is bench/archive-data.mjs's (ORIGINS origins shaped by the hosts corpus,
// URLs host-interleaved in windows of 2,000 hosts: "grouped"); "random" is
// the same lines in a seeded random order (bench/archive-order.mjs). The
// sides are bench/archive-side.mjs's, each in a process of its own:
//
//   cli            robotsmatch filter --robots-archive A -a Googlebot -a GPTBot URLS
//                  (the kept URLs, to /dev/null), with --tmp-dir on a fresh
//                  directory: bodies past 128 MiB and the partitions of a
//                  list in any order go there
//   library        robotsmatch/archive, ArchiveMatcher.matchMany over 4 MiB
//                  chunks (grouped order only: the library keeps no
//                  partitions, a list in any order is the command's job)
//   robots-parser  the same join with a Map of robots-parser files and the
//                  same RFC 9309 outcomes (it counts, writes no rows)
//
// Each side is run under /usr/bin/time (its CPU time, user + system, and its
// peak RSS, even when it dies of memory), its temporary directory's size is
// sampled every second (the peak is the disk it used), and it is stopped after
// BENCH_SCALE_TIMEOUT seconds; a side that fails or is stopped is reported as
// such with what it had done. Writes bench/archive-scale-results.md.
//
//   BENCH_SCALE_SIZES=100000x10,1000000x2   ORIGINSxURLS_PER_HOST, comma-separated
//   BENCH_SCALE_ORDERS=grouped,random
//   BENCH_SCALE_SIDES=cli,library,robots-parser
//   BENCH_SCALE_TIMEOUT=1800                 seconds per side
//   BENCH_SCALE_LIBRARY_MAX_ORIGINS=100000   the library side at these sizes only (it reads the
//                                            archive as the command does: the command's run says the rest)
//   BENCH_SCALE_DATA=DIR                     where the data is made (default: the system's temporary directory)
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeArchiveData } from './archive-data.mjs';
import { shuffledIndexes } from './archive-order.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const sizes = (process.env.BENCH_SCALE_SIZES ?? '100000x10,1000000x2').split(',').map((s) => {
  const [origins, perHost] = s.split('x').map(Number);
  return { origins, perHost };
});
const orders = (process.env.BENCH_SCALE_ORDERS ?? 'grouped,random').split(',');
const sides = (process.env.BENCH_SCALE_SIDES ?? 'cli,library,robots-parser').split(',');
const timeout = Number(process.env.BENCH_SCALE_TIMEOUT ?? 1800);
const dataRoot = process.env.BENCH_SCALE_DATA ?? tmpdir();
const libraryMaxOrigins = Number(process.env.BENCH_SCALE_LIBRARY_MAX_ORIGINS ?? 100_000);
const AGENTS = ['Googlebot', 'GPTBot'];
const SEED = 20261129;
const WINDOW = 2000;

/** DIR/urls-random.txt: the lines of the grouped table in a seeded random order (made once). */
function randomOrder(dir, urls) {
  const path = join(dir, 'urls-random.txt');
  if (existsSync(path)) return path;
  const lines = readFileSync(urls, 'latin1').split('\n'); // latin1: bytes kept as they are, one char each
  if (lines.at(-1) === '') lines.pop();
  const order = shuffledIndexes(lines.length, SEED);
  const shuffled = new Array(lines.length);
  for (let i = 0; i < order.length; i++) shuffled[i] = lines[order[i]];
  writeFileSync(`${path}.part`, `${shuffled.join('\n')}\n`, 'latin1');
  spawnSync('mv', [`${path}.part`, path]);
  return path;
}

/**
 * Kilobytes a process holds under a directory: what du finds there, plus the
 * files it opened there and has already unlinked (the archive's body file is
 * unlinked as soon as it is open), read through /proc/PID/fd.
 */
function kilobytesUnder(dir, pids) {
  const r = spawnSync('du', ['-sk', dir], { encoding: 'utf8' });
  let kb = r.status === 0 ? Number(r.stdout.split('\t')[0]) : 0;
  for (const pid of pids) {
    let fds = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {} // the process has ended
    for (const fd of fds) {
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (target.startsWith(dir) && target.endsWith(' (deleted)')) kb += statSync(`/proc/${pid}/fd/${fd}`).blocks / 2;
      } catch {} // closed meanwhile
    }
  }
  return kb;
}

/** The processes /usr/bin/time started (the node process it measures). */
function childrenOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** One side in its own process: CPU time, peak RSS, peak disk of its temporary directory, wall time, its output. */
async function runSide(args, stdoutToNull) {
  const tmp = mkdtempSync(join(dataRoot, 'robotsmatch-scale-tmp-'));
  const timeFile = join(tmp, '..', `${tmp.split('/').pop()}.time`);
  const child = spawn(
    '/usr/bin/time',
    ['-f', '%e %U %S %M %x', '-o', timeFile, process.execPath, ...args.map((a) => (a === '$TMP' ? tmp : a))],
    {
      stdio: ['ignore', stdoutToNull ? 'ignore' : 'pipe', 'pipe'],
      env: { ...process.env, TMPDIR: tmp },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  let stderrHead = ''; // the first lines say why a process died (V8's "heap out of memory" comes before its stack)
  child.stderr.on('data', (d) => {
    if (stderrHead.length < 2000) stderrHead = (stderrHead + d).slice(0, 2000);
    stderr = (stderr + d).slice(-4000);
  });
  let peakKb = 0;
  let stopped = false;
  const started = performance.now();
  const poll = setInterval(() => {
    const measured = childrenOf(child.pid);
    peakKb = Math.max(peakKb, kilobytesUnder(tmp, measured));
    if ((performance.now() - started) / 1000 > timeout && !stopped) {
      stopped = true;
      for (const pid of measured) process.kill(pid, 'SIGTERM'); // not time itself: it still writes what the process used
    }
  }, 1000);
  const status = await new Promise((resolve) => child.on('close', resolve));
  clearInterval(poll);
  rmSync(tmp, { recursive: true, force: true });
  const timeLines = readFileSync(timeFile, 'utf8').trim().split('\n');
  rmSync(timeFile, { force: true });
  const [wall, user, system, maxKb, exit] = timeLines.pop().split(' ').map(Number);
  const signal = /terminated by signal (\d+)/.exec(timeLines.join('\n'))?.[1]; // its exit status then reads 0
  return {
    wall,
    cpu: user + system,
    maxRSS: maxKb * 1024,
    disk: peakKb * 1024,
    exit: signal === undefined ? exit : `signal ${signal}`,
    status,
    stopped: stopped && !(exit === 0 && signal === undefined), // a side that ended as the limit came is done
    stdout,
    stderr: stderr.trim(),
    stderrHead,
  };
}

const uptime = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const loadBefore = uptime();
const started = performance.now();
const results = [];

const mib = (b) => `${Math.round(b / 2 ** 20).toLocaleString('en-US')} MiB`;
const int = (n) => Math.round(n).toLocaleString('en-US');
const NAMES = {
  cli: '`robotsmatch filter --robots-archive`',
  library: '`robotsmatch/archive` (matchMany)',
  'robots-parser': 'robots-parser join',
};
/** What a side that did not finish did. */
const outcome = (r) => {
  if (r.stopped) return `stopped after ${int(r.wall)} s (the ${int(timeout)} s limit)`;
  if (r.exit !== 0) {
    const reason = /heap out of memory|Allocation failed/i.test(r.stderrHead)
      ? 'ran out of JavaScript heap'
      : (r.stderrHead.split('\n').find((l) => l.trim() !== '') ?? `exit ${r.exit}`);
    return `failed (${reason.slice(0, 120)}) after ${int(r.wall)} s`;
  }
  return 'done';
};
const summaryOf = (r) => {
  if (r.side !== 'cli') return '';
  const m = /([\d,]+) files compiled/.exec(r.stderr);
  if (!m) return '';
  const p = /into ([\d,]+) temporary files/.exec(r.stderr);
  return `${m[1]} compiles${p ? `, ${p[1]} partitions` : ''}`;
};
/** The results file, written again after each side: a run stopped part-way keeps what it measured. */
function writeReport(done) {
  const loadAfter = uptime();
  const total = (performance.now() - started) / 1000;
  const lines = [];
  for (const { origins, perHost } of sizes) {
    for (const order of orders) {
      const rows = results.filter((r) => r.origins === origins && r.perHost === perHost && r.order === order);
      const peer = rows.find((r) => r.side === 'robots-parser' && r.exit === 0 && !r.stopped);
      for (const r of rows) {
        const ok = r.exit === 0 && !r.stopped;
        const ratio = ok && peer && r !== peer ? `**${(peer.cpu / r.cpu).toFixed(1)}x**` : r === peer ? '1x' : '';
        lines.push(
          `| ${int(origins)} × ${perHost} | ${order} | ${NAMES[r.side]} | ${ok ? int(r.urls / r.cpu) : ''} | ${r.cpu.toFixed(1)} s | ${int(r.wall)} s | ${ratio} | ${mib(r.maxRSS)} | ${mib(r.disk)} | ${outcome(r)}${summaryOf(r) ? `; ${summaryOf(r)}` : ''} | ${r.load} |`,
        );
      }
    }
  }
  const env = Object.entries(process.env)
    .filter(([k]) => k.startsWith('BENCH_SCALE_'))
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  const report = `# Archive join at scale (bench/archive-scale.mjs)

The archive of bench/archive-data.mjs (JSON Lines, about 2.9 KB of body per origin: 84% 200, 6% 404, 4% 5xx, 1% 429, 3% redirected to www, 1% redirected out of the archive, 1% missing), ORIGINS × URLS per host, two agents (Googlebot, GPTBot) for every URL. **grouped**: the generator's table, each host's URLs within a window of 2,000 hosts; **random**: the same lines in a seeded random order. Each side in its own process under \`/usr/bin/time\`: CPU time is user + system of the whole process (reading the archive included), URLs/s per core is URLs / CPU seconds, the ratio is robots-parser's CPU time over the side's, both measured in this run; peak RSS from \`/usr/bin/time\`; disk is the peak size of the side's own temporary directory (\`--tmp-dir\` and TMPDIR on a fresh directory, sampled every second, with the files the side opened there and unlinked: the archive's bodies past 128 MiB and a list's partitions). The command writes the kept URLs to /dev/null; robots-parser's join counts and writes nothing, so it does a little less work than the command. The library side runs in grouped order only (it keeps no partitions: a list in any order is the command's job, docs/cli.md#any-order) and at up to ${int(libraryMaxOrigins)} origins (past that it reads the archive and compiles each file as the command does, which the command's row shows).

Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores (shared with other work), ${Math.round(totalmem() / 2 ** 30)} GB. Load average (1, 5, 15 min) before: ${loadBefore}; ${done ? 'after' : 'now'}: ${loadAfter}; per side in the last column.

| origins × URLs/host | order | side | URLs/s per core | CPU | wall | vs robots-parser | peak RSS | disk | | load before |
|---|---|---|---:|---:|---:|---:|---:|---:|---|---|
${lines.join('\n')}

Run: \`${env ? `${env} ` : ''}npm run bench:archive-scale\` (${int(total)} s in all, data made beforehand not counted when already there).
`;
  writeFileSync(
    here('./archive-scale-results.md'),
    done ? report : `${report}\n(Still running: more sides to come.)\n`,
  );
  return report;
}

for (const { origins, perHost } of sizes) {
  const dir = join(dataRoot, `robotsmatch-bench-archive-${origins}-${perHost}-${WINDOW}`);
  const t = performance.now();
  const data = await makeArchiveData(dir, { origins, urlsPerHost: perHost, window: WINDOW });
  const tables = { grouped: data.urls };
  if (orders.includes('random')) tables.random = randomOrder(dir, data.urls);
  console.error(
    `data: ${data.urlCount} URLs over ${origins} origins in ${dir} (${((performance.now() - t) / 1000).toFixed(0)} s)`,
  );
  for (const order of orders) {
    for (const side of sides) {
      if (side === 'library' && (order !== 'grouped' || origins > libraryMaxOrigins)) continue;
      const load = uptime();
      let r;
      if (side === 'cli') {
        const args = [here('../dist/cli/main.js'), 'filter', '--robots-archive', data.archive];
        for (const a of AGENTS) args.push('-a', a);
        r = await runSide([...args, '--tmp-dir', '$TMP', tables[order]], true);
      } else {
        const name = side === 'library' ? 'robotsmatch' : side; // archive-side.mjs's name for the library join
        r = await runSide([here('./archive-side.mjs'), name, data.archive, tables[order], AGENTS.join(',')], false);
      }
      const row = { origins, perHost, urls: data.urlCount, order, side, load, ...r };
      results.push(row);
      console.error(JSON.stringify({ ...row, stdout: row.stdout.slice(-300), stderr: row.stderr.slice(-600) }));
      writeReport(false);
    }
  }
}
console.log(writeReport(true));
