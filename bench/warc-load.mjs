// Reading a WARC archive: openArchive over a generated WARC of RECORDS
// response records (robots.txt bodies from the hosts corpus; 200, 404, 500
// and 301 in turn), plain and as one gzip member per record, each load in
// its own process, CPU seconds (user + system). With BENCH_WARC_BASE set to
// another build's dist directory (inside this repository, so that it finds
// warcio), that build is timed in turn with this one, RUNS times each.
//
//   npm run build --silent && node bench/warc-load.mjs
//   BENCH_WARC_RECORDS=20000 BENCH_WARC_RUNS=3 BENCH_WARC_BASE=$PWD/old-dist node bench/warc-load.mjs
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { makeHostsCorpus } from './hosts-corpus.mjs';

const RECORDS = Number(process.env.BENCH_WARC_RECORDS ?? 20000);
const RUNS = Number(process.env.BENCH_WARC_RUNS ?? 3);
const here = fileURLToPath(new URL('.', import.meta.url));

if (process.argv[2] === '--load') {
  // One load, in this process: print its CPU seconds.
  const { openArchive } = await import(join(process.argv[3], 'archive.js'));
  const start = process.cpuUsage();
  await openArchive(process.argv[4]);
  const used = process.cpuUsage(start);
  console.log(((used.user + used.system) / 1e6).toFixed(2));
  process.exit(0);
}

const plain = join(tmpdir(), `robotsmatch-warc-load-${RECORDS}.warc`);
if (!existsSync(plain) || !existsSync(`${plain}.gz`)) {
  const corpus = makeHostsCorpus({ files: 1000, seed: 5 });
  const records = [];
  for (let i = 0; i < RECORDS; i++) {
    const status = [200, 200, 200, 404, 500, 301][i % 6];
    const location = status === 301 ? `Location: https://www.h${i}.test/robots.txt\r\n` : '';
    const content = Buffer.from(
      `HTTP/1.1 ${status} X\r\nContent-Type: text/plain\r\n${location}\r\n${corpus[i % corpus.length].robotsTxt}`,
    );
    const head = `WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: https://h${i}.test/robots.txt\r\nWARC-Date: 2025-01-01T00:00:00Z\r\nWARC-Record-ID: <urn:uuid:${i}>\r\nContent-Length: ${content.length}\r\n\r\n`;
    records.push(Buffer.concat([Buffer.from(head), content, Buffer.from('\r\n\r\n')]));
  }
  writeFileSync(plain, Buffer.concat(records));
  writeFileSync(`${plain}.gz`, Buffer.concat(records.map((r) => gzipSync(r))));
}

const builds = [['this build', resolve(here, '../dist')]];
if (process.env.BENCH_WARC_BASE) builds.unshift(['base', resolve(process.env.BENCH_WARC_BASE)]);
const times = new Map();
for (let run = 0; run < RUNS; run++) {
  for (const [name, dist] of builds) {
    for (const file of [plain, `${plain}.gz`]) {
      const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--load', dist, file], {
        encoding: 'utf8',
      });
      if (r.status !== 0) throw new Error(r.stderr);
      const key = `${name}, ${file.endsWith('.gz') ? '.warc.gz' : '.warc'}`;
      times.set(key, [...(times.get(key) ?? []), Number(r.stdout.trim())]);
    }
  }
}
console.log(`${RECORDS} response records; CPU seconds per load, ${RUNS} runs`);
for (const [key, list] of times) console.log(`${key}: ${list.map((t) => t.toFixed(2)).join(' ')}`);
