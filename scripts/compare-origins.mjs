// Node's archive join and Python's robotsmatch.archive on the same odd URLs,
// many more than test/vectors/archive-origins.json holds: URLs built from
// odd schemes, user info, hosts, ports and rests, and random junk. For each,
// Python gives the origin's robots.txt URL (robots_url_of), the key a
// capture of it is stored under (capture_key) and where a redirect to it
// leads (hop); Node is asked the same through its public API only:
// ArchiveMatcher.check's robotsUrl, RobotsArchive.add and capture(key), and
// the outcome of a redirect to a capture stored under Python's target.
// Prints how many differ, and the first ones. Node 24 and later are built
// with Ada 4, as ada-url 4 is: none should differ. Node 20 and 22 have Ada
// 2.9, which refuses a host with an invalid punycode label (xn--a.example)
// that Ada 4 takes, and leaves a '^' in a path as it is where Ada 4 writes
// %5E: URLs with either differ there.
//
//   npm run build && node scripts/compare-origins.mjs [PYTHON]
//
// PYTHON: a Python with this build's wheel installed (default
// .cache/python/bin/python, the environment scripts/test-python.mjs makes).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArchiveMatcher, RobotsArchive } from '../dist/archive.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const python = process.argv[2] ?? join(root, '.cache', 'python', 'bin', 'python');

// A fixed pseudo-random choice of the combinations, and junk from URL characters.
let seed = 5;
const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
const schemes = [
  'http://',
  'https://',
  'HTTP://',
  'hTtPs://',
  'http:',
  'http:/',
  'http:\\\\',
  'https:///',
  ' http://',
  '\thttp://',
  'ftp://',
  'ws://',
  'file://',
  'javascript:',
  'mailto:',
  '',
  '//',
  'http//',
];
const users = ['', 'u@', 'u:p@', '@', ':@', 'a@b@', '%40@'];
const hosts = [
  'a.example',
  'A.EXAMPLE',
  'a.example.',
  'a..example',
  '.a.example',
  '127.0.0.1',
  '127.1',
  '0x7f.1',
  '0177.1',
  '2130706433',
  '4294967296',
  '1.2.3.4.5',
  'example.1',
  'example.0x1',
  '1e',
  '[::1]',
  '[0:0::1]',
  '[::ffff:1.2.3.4]',
  '[1::2::3]',
  '[::1',
  'bücher.example',
  'BÜCHER.example',
  'xn--bcher-kva.example',
  'ex ample',
  'ex%20ample',
  '%65xample.com',
  'exa\tmple.com',
  'exa_mple.com',
  '-a.example',
  'a.example\u3002jp',
  'ＥＸＡＭＰＬＥ.com',
  'a\u200bb.example',
  'faß.de',
  '💩.la',
  '',
  'a<b',
  'a^b',
  'münchen.de.',
  '0',
  '0.0.0.0',
  '256.0.0.1',
  '0x100000000',
  'xn--a.example',
  'xn--',
];
const ports = ['', ':', ':80', ':443', ':8080', ':0', ':080', ':65535', ':65536', ':8o', '::80'];
const rests = [
  '',
  '/',
  '/a/b?c#d',
  '\\a',
  '?q',
  '#f',
  '/\ud800',
  ' ',
  '  /x',
  '\n',
  '/robots.txt',
  '/./robots.txt',
  '/%72obots.txt',
  '/a b',
  '?',
  '#',
  '/é',
  '/a^b',
];
const urls = new Set();
for (const s of schemes)
  for (const u of users)
    for (const h of hosts)
      for (const p of ports) for (const r of rests) if (random() < 0.05) urls.add(s + u + h + p + r);
const junk = 'ab/:?#@[]\\%.-09 \t\nxX';
for (let i = 0; i < 3000; i++) {
  let u = '';
  for (let n = Math.floor(random() * 20); n > 0; n--) u += junk[Math.floor(random() * junk.length)];
  urls.add(u);
}
const list = [...urls];

const BASE = 'https://base.example/robots.txt';
const dir = mkdtempSync(join(tmpdir(), 'robotsmatch-origins-'));
writeFileSync(join(dir, 'urls.json'), JSON.stringify(list));
const ran = spawnSync(
  python,
  [
    '-c',
    `
import json, sys
from robotsmatch.archive import capture_key, hop, robots_url_of
urls = json.load(open(sys.argv[1], encoding="utf-8"))
out = []
for u in urls:
    step = hop(301, u, sys.argv[3], 0)
    out.append([robots_url_of(u), capture_key(u), step.next if step.outcome == "redirect" else None])
json.dump(out, open(sys.argv[2], "w", encoding="utf-8"))
`,
    join(dir, 'urls.json'),
    join(dir, 'python.json'),
    BASE,
  ],
  { stdio: 'inherit' },
);
if (ran.status !== 0) {
  console.error(
    `compare-origins: ${python} could not run robotsmatch.archive (install this build's wheel: node scripts/test-python.mjs)`,
  );
  process.exit(2);
}
const answers = JSON.parse(readFileSync(join(dir, 'python.json'), 'utf8'));
rmSync(dir, { recursive: true, force: true });

const differ = [];
const matcher = new ArchiveMatcher(new RobotsArchive());
list.forEach((url, i) => {
  const [robotsUrl, key, next] = answers[i];
  const got = [];
  // The origin.
  const nodeRobots = matcher.check(url).robotsUrl ?? null;
  if (nodeRobots !== robotsUrl)
    got.push(`robots.txt ${JSON.stringify(nodeRobots)}, Python ${JSON.stringify(robotsUrl)}`);
  // The capture key: Node refuses the capture exactly when Python has no key, and stores it under Python's key.
  const archive = new RobotsArchive();
  let refused = false;
  try {
    archive.add({ url, status: 404 });
  } catch {
    refused = true;
  }
  if (refused !== (key === null) || (key !== null && archive.capture(key) === undefined))
    got.push(`capture ${refused ? 'refused' : 'kept under another key'}, Python key ${JSON.stringify(key)}`);
  // The redirect: to a capture stored under Python's target (a 500), or not followed at all (unavailable).
  const redirects = new RobotsArchive();
  redirects.add({ url: BASE, status: 301, location: url });
  if (next !== null) {
    try {
      redirects.add({ url: next, status: 500 });
    } catch {
      got.push(`redirect target ${JSON.stringify(next)} refused`);
    }
  }
  const loops = next !== null && redirects.capture(BASE)?.status === 500;
  const outcome = new ArchiveMatcher(redirects).outcome(BASE);
  const expected = next === null ? 'unavailable' : 'unreachable';
  if (!loops && outcome !== expected)
    got.push(`redirect ${outcome}, Python ${next === null ? 'not followed' : JSON.stringify(next)}`);
  if (got.length) differ.push([url, got]);
});
const kinds = (word) => differ.filter(([, got]) => got.some((g) => g.startsWith(word))).length;
console.log(
  `Node ${process.versions.node} (Ada ${process.versions.ada}), ${list.length} URLs: ${differ.length} differ ` +
    `(origin ${kinds('robots.txt')}, capture key ${kinds('capture')}, redirect target ${kinds('redirect')})`,
);
for (const [url, got] of differ.slice(0, 20)) console.log(`  ${JSON.stringify(url)}: ${got.join('; ')}`);
process.exit(differ.length ? 1 : 0);
