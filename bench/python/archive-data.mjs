// An archive of robots.txt captures and a URL table in the shape of issue
// 30's many-host join, for bench/python/spark_join.py: the hosts corpus
// (bench/hosts-corpus.mjs: files shaped like the web's, 100 URLs per host
// built from each file's own rules), with the statuses an archive holds
// (about 7% 404, 3% 5xx, 1% 429, 1% no response, 4% an http:// origin
// redirected to its https:// capture, 2% a redirect out of the archive), and
// the URLs of every host interleaved in a seeded random order.
//
//   node bench/python/archive-data.mjs OUT_DIR [origins=10000] [seed=20261126]
//
// Writes OUT_DIR/captures.jsonl (one JSON Lines record per capture, the
// format of `filter --robots-archive` and robotsmatch.archive) and
// OUT_DIR/urls.txt (one URL per line).
import { mkdirSync, writeFileSync, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { makeHostsCorpus } from '../hosts-corpus.mjs';

const [out, originsArg = '10000', seedArg = '20261126'] = process.argv.slice(2);
if (!out) {
  process.stderr.write('usage: node bench/python/archive-data.mjs OUT_DIR [origins] [seed]\n');
  process.exit(2);
}
const origins = Number(originsArg);
let seed = Number(seedArg) | 0;
// mulberry32, as the corpus uses: the same data on every machine.
const next = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

mkdirSync(out, { recursive: true });
const corpus = makeHostsCorpus({ files: origins, seed: 20261123 });
const captures = [];
const urls = [];
const counts = {};
for (const { host, robotsTxt, urls: hostUrls } of corpus) {
  const k = next();
  let kind;
  let pages = hostUrls;
  if (k < 0.07) kind = 'status 404';
  else if (k < 0.10) kind = 'status 5xx';
  else if (k < 0.11) kind = 'status 429';
  else if (k < 0.12) kind = 'no response';
  else if (k < 0.16) kind = 'redirect http to https';
  else if (k < 0.18) kind = 'redirect out of the archive';
  else kind = 'status 200';
  counts[kind] = (counts[kind] ?? 0) + 1;
  const robots = `https://${host}/robots.txt`;
  switch (kind) {
    case 'status 404': captures.push({ url: robots, status: 404, body: '<html>Not found</html>' }); break;
    case 'status 5xx': captures.push({ url: robots, status: next() < 0.5 ? 500 : 503, body: '' }); break;
    case 'status 429': captures.push({ url: robots, status: 429, body: '' }); break;
    case 'no response': captures.push({ url: robots, status: null }); break;
    case 'redirect http to https':
      captures.push({ url: `http://${host}/robots.txt`, status: 301, location: robots });
      captures.push({ url: robots, status: 200, body: robotsTxt });
      pages = hostUrls.map((u) => u.replace(/^https:/, 'http:'));
      break;
    case 'redirect out of the archive':
      captures.push({ url: robots, status: 302, location: `https://cdn.elsewhere.example/${host}/robots.txt` });
      break;
    default: captures.push({ url: robots, status: 200, body: robotsTxt, fetched_at: '2026-11-01T00:00:00Z' });
  }
  urls.push(...pages);
}
// Host-interleaved: a seeded Fisher-Yates shuffle of every URL.
for (let i = urls.length - 1; i > 0; i--) {
  const j = Math.floor(next() * (i + 1));
  [urls[i], urls[j]] = [urls[j], urls[i]];
}
writeFileSync(join(out, 'captures.jsonl'), captures.map((c) => JSON.stringify(c)).join('\n') + '\n');
const stream = createWriteStream(join(out, 'urls.txt'));
for (let i = 0; i < urls.length; i += 10_000) {
  if (!stream.write(urls.slice(i, i + 10_000).join('\n') + '\n')) await once(stream, 'drain');
}
stream.end();
await once(stream, 'finish');
process.stdout.write(JSON.stringify({ origins, captures: captures.length, urls: urls.length, kinds: counts }) + '\n');
