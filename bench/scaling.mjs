// One point of the scaling benchmark, in its own process: a synthetic
// robots.txt of N rules (the shape of big real ones: 9 in 10 plain prefixes,
// 1 in 10 wildcards) and the corpus URL list with a third of it hitting
// those rules. Prints JSON with mitata medians in ns. Used by bench/run.mjs.
//
//   node bench/scaling.mjs 30000 20000
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { measure, do_not_optimize } from 'mitata';
import { parse } from '../dist/index.js';
import { peers } from './peers.mjs';

const ruleCount = Number(process.argv[2] ?? 30_000);
const urlCount = Number(process.argv[3] ?? 20_000);
const corpus = fileURLToPath(new URL('./corpus/make-urls.mjs', import.meta.url));
const urls = execFileSync('node', [corpus, String(urlCount), 'example.com'], { encoding: 'utf8', maxBuffer: 1 << 30 })
  .split('\n')
  .filter(Boolean);

function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const r = rng(ruleCount);
const words = ['shop', 'item', 'user', 'search', 'cart', 'news', 'wiki', 'api', 'static', 'media', 'tag', 'list'];
const pick = (a) => a[(r() * a.length) | 0];
const lines = ['User-agent: *'];
const paths = [];
for (let i = 0; i < ruleCount; i++) {
  const base = `/${pick(words)}/${pick(words)}-${i.toString(36)}/`;
  paths.push(base);
  if (i % 10 === 9) lines.push(`Disallow: ${base}*?${pick(words)}=`);
  else lines.push(`${r() < 0.2 ? 'Allow' : 'Disallow'}: ${base}`);
}
const text = `${lines.join('\n')}\n`;
const r2 = rng(7);
const list = urls.map((u, i) =>
  i % 3 === 0 ? `https://example.com${paths[(r2() * paths.length) | 0]}page?${pick(words)}=1` : u,
);
const bytes = new TextEncoder().encode(`${list.join('\n')}\n`);

const whole = { maxBytes: text.length }; // 30,000 rules are more than the default 500 KiB
const ns = async (fn) => (await measure(fn)).p50;
const robots = parse(text, whole);
const matcher = robots.forAgent('Googlebot');
const verdicts = new Uint8Array(list.length);
const rp = peers['robots-parser'].open(text, 'https://example.com/robots.txt');
// robots-parser walks every rule per URL: a sample of the list keeps it finite.
const sample = list.slice(0, ruleCount > 1000 ? 200 : list.length);
// Matching first, after a warm-up pass (measured after hundreds of 1.8 ms
// parses of the big file, matching came out at half its speed).
for (let i = 0; i < 3; i++) {
  matcher.matchMany(list, verdicts);
  matcher.matchLines(bytes, verdicts);
}
const batch = await ns(() => matcher.matchMany(list, verdicts));
const linesTime = await ns(() => matcher.matchLines(bytes, verdicts));
const rpTime =
  (await ns(() => {
    let k = 0;
    for (const u of sample) k += peers['robots-parser'].allowed(rp, u, 'Googlebot') ? 1 : 0;
    return do_not_optimize(k);
  })) *
  (list.length / sample.length);
const parseTime = await ns(() => parse(text, whole).dispose());
console.log(
  JSON.stringify({ n: ruleCount, bytes: text.length, parse: parseTime, batch, lines: linesTime, rp: rpTime }),
);
