// Workload C of bench/hosts.mjs (the host's 100 URLs, Googlebot: parse,
// forAgent, matchMany, dispose), timed in parts, for comparing builds of the
// core in one process: each build's passes run in turn with the others', so
// a busy machine slows them alike.
//
//   node bench/hosts-parts.mjs [DIST ...]     (default: ./dist)
//
// To weigh a change: copy dist/ before it (say to /tmp/before), build, and
// run `node bench/hosts-parts.mjs /tmp/before ./dist`. Per build it prints the
// CPU ms per pass (median / fastest of ROUNDS passes, default 11) of
//   C            the whole workload, as bench/hosts.mjs times it
//   matchMany    matchMany alone, on matchers built before the timing
//   parse+index  parse, forAgent and dispose without matchMany
// and the allowed count, which must be the same for every build.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeHostsCorpus } from './hosts-corpus.mjs';

const dists = process.argv.length > 2 ? process.argv.slice(2) : [new URL('../dist', import.meta.url).pathname];
const builds = [];
for (const dist of dists) builds.push((await import(pathToFileURL(resolve(dist, 'index.js')).href)).parse);

const corpus = makeHostsCorpus({ seed: 20261123 }); // bench/hosts.mjs's corpus
// bench/hosts.mjs hands robots-parser the same strings first, which leaves
// them flat; a regular expression over each does the same here.
for (const f of corpus) for (const url of f.urls) /\0/.test(url);
const verdicts = new Uint8Array(Math.max(...corpus.map((f) => f.urls.length)));

const whole = (parse) => {
  let allowed = 0;
  for (const f of corpus) {
    const robots = parse(f.robotsTxt);
    const out = robots.forAgent('Googlebot').matchMany(f.urls, verdicts.subarray(0, f.urls.length));
    for (let i = 0; i < f.urls.length; i++) allowed += out[i];
    robots.dispose();
  }
  return allowed;
};
const parseAndIndex = (parse) => {
  for (const f of corpus) {
    const robots = parse(f.robotsTxt);
    robots.forAgent('Googlebot');
    robots.dispose();
  }
};
const matchers = builds.map((parse) => corpus.map((f) => [parse(f.robotsTxt).forAgent('Googlebot'), f.urls]));
const matchOnly = (held) => {
  for (const [matcher, urls] of held) matcher.matchMany(urls, verdicts.subarray(0, urls.length));
};
const cpuMs = (run) => {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

const rounds = Number(process.env.ROUNDS ?? 11);
const times = builds.map(() => ({ C: [], matchMany: [], 'parse+index': [] }));
builds.forEach((parse, b) => {
  whole(parse);
  whole(parse);
  matchOnly(matchers[b]);
}); // warm-up
const allowed = builds.map((parse) => whole(parse));
for (let r = 0; r < rounds; r++) {
  builds.forEach((parse, b) => {
    times[b].C.push(cpuMs(() => whole(parse)));
    times[b].matchMany.push(cpuMs(() => matchOnly(matchers[b])));
    times[b]['parse+index'].push(cpuMs(() => parseAndIndex(parse)));
  });
}
const figure = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return `${sorted[sorted.length >> 1].toFixed(1)} / ${sorted[0].toFixed(1)}`;
};
console.log(`CPU ms per pass, median / fastest of ${rounds} (${corpus.length} files)`);
dists.forEach((dist, b) => {
  const parts = Object.entries(times[b])
    .map(([name, list]) => `${name} ${figure(list)}`)
    .join('   ');
  console.log(`${dist}: ${parts}   allowed ${allowed[b]}`);
});
