// The archive of the memory runs in docs/performance.md ("Memory at a million
// origins"): N origins whose robots.txt is one small group (User-agent: *,
// Disallow: /private<i % 7>/, 35 bytes), and PER URLs per origin in random
// order (a seeded shuffle of every origin's PER URLs), so that almost no two
// neighbouring lines share an origin. Small bodies make the archive itself
// cheap, leaving the join's own memory (cache, partitions) to be measured.
//
//   node bench/archive-small-data.mjs DIR ORIGINS [URLS_PER_HOST=10]
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shuffledIndexes } from './archive-order.mjs';

const SEED = 20261129;

async function write(stream, text) {
  if (!stream.write(text)) await new Promise((resolve) => stream.once('drain', resolve));
}

/** Writes DIR/archive.jsonl and DIR/urls.txt (unless there already); returns their paths and counts. */
export async function makeSmallArchiveData(dir, { origins, urlsPerHost = 10 }) {
  const archive = join(dir, 'archive.jsonl');
  const urls = join(dir, 'urls.txt');
  const info = join(dir, 'info.json');
  if (existsSync(info)) return { archive, urls, ...JSON.parse(readFileSync(info, 'utf8')) };
  mkdirSync(dir, { recursive: true });
  const host = (i) => `h${i}.example-host.com`;
  const a = createWriteStream(archive);
  for (let start = 0; start < origins; start += 10000) {
    let text = '';
    for (let i = start; i < Math.min(origins, start + 10000); i++) {
      const body = `User-agent: *\nDisallow: /private${i % 7}/\n`;
      text += `${JSON.stringify({ url: `https://${host(i)}/robots.txt`, status: 200, body })}\n`;
    }
    await write(a, text);
  }
  await new Promise((resolve) => a.end(resolve));
  const order = shuffledIndexes(origins * urlsPerHost, SEED);
  const u = createWriteStream(urls);
  for (let start = 0; start < order.length; start += 10000) {
    let text = '';
    for (let k = start; k < Math.min(order.length, start + 10000); k++) {
      const i = Math.floor(order[k] / urlsPerHost);
      text += `https://${host(i)}/private${k % 9}/page${k % 1000}.html\n`;
    }
    await write(u, text);
  }
  await new Promise((resolve) => u.end(resolve));
  const meta = { origins, urlsPerHost, urlCount: order.length, order: 'random' };
  writeFileSync(info, JSON.stringify(meta));
  return { archive, urls, ...meta };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, origins, perHost] = process.argv.slice(2);
  console.log(await makeSmallArchiveData(dir, { origins: Number(origins), urlsPerHost: Number(perHost ?? 10) }));
}
