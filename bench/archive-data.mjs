// The generated data of bench/archive.mjs: a robots.txt archive (JSON Lines,
// one capture per line) for N origins and a URL table over them, in the
// shapes of the real thing. The bodies and each host's URLs come from the
// hosts corpus (bench/hosts-corpus.mjs: sizes, groups and rules as measured
// on the web); generating it is slow (about 2.5 ms a file here), so a pool
// of POOL files is made once and origin i takes file i % POOL, under a
// host name of its own (h<i>.<file's host>) with its URLs moved to it.
// Outcomes: 84% 200, 6% 404, 3% 500, 1% 503, 1% 429, 3% a 301 to www (200),
// 1% a 301 to a host outside the archive, 1% not in the archive at all.
// The URL table is host-interleaved: windows of W hosts, the n-th URL of
// each host of the window, then the next n.
//
//   node bench/archive-data.mjs DIR ORIGINS [URLS_PER_HOST=100] [WINDOW=2000]
import { createWriteStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeHostsCorpus } from './hosts-corpus.mjs';

const POOL = 2000;
const SEED = 20261123;

function outcomeOf(i) {
  const r = (Math.imul(i, 2654435761) >>> 0) % 100; // a fixed spread over the origins
  if (r < 84) return 200;
  if (r < 90) return 404;
  if (r < 93) return 500;
  if (r < 94) return 503;
  if (r < 95) return 429;
  if (r < 98) return 'www';
  if (r < 99) return 'away';
  return 'absent';
}

async function write(stream, text) {
  if (!stream.write(text)) await new Promise((resolve) => stream.once('drain', resolve));
}

/** Writes DIR/archive.jsonl and DIR/urls.txt (unless there already); returns their paths and counts. */
export async function makeArchiveData(dir, { origins, urlsPerHost = 100, window = 2000 }) {
  const archive = join(dir, 'archive.jsonl');
  const urls = join(dir, 'urls.txt');
  const info = join(dir, 'info.json');
  if (existsSync(info)) return { archive, urls, ...JSON.parse((await import('node:fs')).readFileSync(info, 'utf8')) };
  mkdirSync(dir, { recursive: true });
  const pool = makeHostsCorpus({ files: Math.min(POOL, origins), seed: SEED });
  const hostOf = (i) => `h${i}.${pool[i % pool.length].host}`;
  const a = createWriteStream(archive);
  for (let i = 0; i < origins; i++) {
    const file = pool[i % pool.length];
    const host = hostOf(i);
    const url = `https://${host}/robots.txt`;
    const o = outcomeOf(i);
    if (o === 'absent') continue;
    let lines;
    if (o === 'www') {
      lines = [
        { url, status: 301, location: `https://www.${host}/robots.txt` },
        { url: `https://www.${host}/robots.txt`, status: 200, body: file.robotsTxt },
      ];
    } else if (o === 'away') {
      lines = [{ url, status: 301, location: `https://elsewhere.example/${host}/robots.txt` }];
    } else {
      lines = [{ url, status: o, body: o === 200 ? file.robotsTxt : o === 404 ? '<html>Not found</html>' : '' }];
    }
    for (const line of lines) await write(a, `${JSON.stringify(line)}\n`);
  }
  await new Promise((resolve) => a.end(resolve));
  const u = createWriteStream(urls);
  let count = 0;
  for (let start = 0; start < origins; start += window) {
    const end = Math.min(origins, start + window);
    for (let n = 0; n < urlsPerHost; n++) {
      let text = '';
      for (let i = start; i < end; i++) {
        const file = pool[i % pool.length];
        const url = file.urls[n % file.urls.length];
        text += `${url.replace(`://${file.host}`, `://${hostOf(i)}`)}\n`;
        count++;
      }
      await write(u, text);
    }
  }
  await new Promise((resolve) => u.end(resolve));
  const meta = { origins, urlsPerHost, window, urlCount: count, pool: pool.length };
  writeFileSync(info, JSON.stringify(meta));
  return { archive, urls, ...meta };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, origins, perHost, window] = process.argv.slice(2);
  console.log(
    await makeArchiveData(dir, {
      origins: Number(origins),
      urlsPerHost: Number(perHost ?? 100),
      window: Number(window ?? 2000),
    }),
  );
}
