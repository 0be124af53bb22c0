// bench/hosts.mjs run five times, each in a process of its own, and the median
// of the five ratios to robots-parser per variant: one run's ratio moves with
// the load of a shared machine by a tenth or more (15x to 24x seen for C at a
// load average of 4 to 19 on 2 cores), so a target is judged on the median of
// runs, not on one, and by CPU time (user + system of the process, the
// steadier figure there), with the wall-time ratios beside it.
//
//   npm run bench:hosts-runs    (plain `npm run bench:hosts` is one run)
//
// Appends a "Five runs" section to bench/hosts-results.md, which then holds
// the last run's full report.
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RUNS = 5;
const dir = mkdtempSync(join(tmpdir(), 'hosts-runs-'));
const runs = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const file = join(dir, `run${i}.json`);
    execFileSync(process.execPath, [new URL('./hosts.mjs', import.meta.url).pathname, '--ratios', file], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    runs.push(JSON.parse(readFileSync(file, 'utf8')));
    console.error(`run ${i + 1} of ${RUNS} done`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const lines = [
  '',
  `## ${RUNS} runs`,
  '',
  `The benchmark above, run ${RUNS} times in a row, each in a process of its own (\`npm run bench:hosts-runs\`): ` +
    `the ratio to robots-parser of each run and their median, by CPU time (judged against the target) and by wall time. Load average (1 minute) at the end of each run: ${runs
      .map((r) => r.load.toFixed(2))
      .join(', ')}.`,
  '',
  `| workload | calls per file | by | ${runs.map((_, i) => `run ${i + 1}`).join(' | ')} | median | target |`,
  `|---|---|---|${runs.map(() => '---:').join('|')}|---:|---:|`,
];
for (const [basis, key] of [
  ['CPU time', 'cpuRatio'],
  ['wall time', 'ratio'],
]) {
  runs[0].ratios.forEach((first, k) => {
    const ratios = runs.map((r) => r.ratios[k][key]);
    const m = median(ratios);
    const judged = key === 'cpuRatio' && first.target;
    const target = judged ? `${first.target}x: ${m >= first.target ? '**met**' : '**not met**'}` : '';
    lines.push(
      `| ${first.workload} | ${first.call} | ${basis} | ${ratios.map((x) => `${x.toFixed(1)}x`).join(' | ')} | **${m.toFixed(1)}x** | ${target} |`,
    );
  });
}
appendFileSync(new URL('./hosts-results.md', import.meta.url), `${lines.join('\n')}\n`);
console.log(lines.join('\n'));
