// Workload C of bench/hosts.mjs (the host's 100 URLs, Googlebot) on the core
// alone: builds of the WebAssembly core called through their exports, with
// no JavaScript wrapper, so that a change to the core is timed without the
// join of the URLs, the objects per file and the collector around it. For
// comparing builds (each build's passes run in turn with the others', so a
// busy machine slows them alike), and for splitting the core's time by
// building variants made only to measure (their answers wrong).
//
//   node bench/hosts-core.mjs build/robotsmatch.wasm [OTHER.wasm ...]
//
// Per build, CPU ms per pass (median / fastest of ROUNDS passes, default 9):
//   batch        the core's part of matchMany: the URLs of each file copied
//                in as UTF-16 (Buffer's ucs2Write) and checkBatch16, on
//                indexes built before the timing
//   parse+index  compile and a full Googlebot index per file, then free both
// then the same two figures for the files by how many rules apply to
// Googlebot (the full index's rule count), and the allowed count, which must
// be the same for every build that answers right.
import { readFileSync } from 'node:fs';
import { makeHostsCorpus } from './hosts-corpus.mjs';

// The core's exports (src/core/exports.ts) and layout (src/core/layout.ts).
const X = { input: 'a', compile: 'd', dispose: 'e', select: 'f', checkBatch16: 'h', verdicts: 'j' };
const MODE_GOOGLE = 0;
const HOW_FULL = 1;
const A_RULE_COUNT = 40;

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node bench/hosts-core.mjs CORE.wasm [OTHER.wasm ...]');
  process.exit(2);
}
const corpus = makeHostsCorpus({ seed: 20261123 }); // bench/hosts.mjs's corpus
const encoder = new TextEncoder();
const agent = encoder.encode('googlebot');
const bodies = corpus.map((f) => encoder.encode(f.robotsTxt));
const batches = corpus.map((f) => f.urls.join('\0'));

const builds = files.map((file) => {
  const core = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(file)), {}).exports;
  const u8 = () => new Uint8Array(core.memory.buffer);
  const write = (bytes) => {
    const at = core[X.input](bytes.length); // first: it may grow the memory
    u8().set(bytes, at);
  };
  const compile = (i) => {
    write(bodies[i]);
    const robots = core[X.compile](bodies[i].length, MODE_GOOGLE);
    write(agent);
    return [robots, core[X.select](robots, agent.length, 1, HOW_FULL)];
  };
  const indexes = corpus.map((_, i) => compile(i)[1]);
  const rules = indexes.map((index) => new Uint32Array(core.memory.buffer)[(index + A_RULE_COUNT) >>> 2]);
  // The core's part of matchMany for file i: returns its allowed count.
  const batch = (i) => {
    const text = batches[i];
    const at = core[X.input](text.length * 2 + 2);
    const bytes = u8();
    Buffer.from(bytes.buffer).ucs2Write(text, at);
    bytes[at + text.length * 2] = 0;
    bytes[at + text.length * 2 + 1] = 0;
    const held = core[X.checkBatch16](indexes[i], text.length, corpus[i].urls.length);
    const verdicts = u8().subarray(core[X.verdicts]());
    let allowed = 0;
    for (let j = 0; j < held; j++) allowed += verdicts[j];
    return allowed;
  };
  const parseAndIndex = (i) => {
    const [robots, index] = compile(i);
    core[X.dispose](index);
    core[X.dispose](robots);
  };
  return { file, rules, batch, parseAndIndex };
});

// Files by the rules that apply to Googlebot (the first build's count; the same in every build).
const sizes = [
  [0, 2],
  [3, 20],
  [21, 100],
  [101, 1000],
  [1001, Infinity],
];
const label = ([lo, hi]) => (hi === Infinity ? `over ${lo - 1}` : `${lo}-${hi}`);
const members = sizes.map(([lo, hi]) =>
  corpus.map((_, i) => i).filter((i) => builds[0].rules[i] >= lo && builds[0].rules[i] <= hi),
);

const cpuMs = (run) => {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const rounds = Number(process.env.ROUNDS ?? 9);
const times = builds.map(() => ({ batch: members.map(() => []), parse: members.map(() => []) }));
const allowed = builds.map(() => 0);
for (let r = -2; r < rounds; r++) {
  // two warm-up passes
  builds.forEach((build, b) => {
    members.forEach((list, m) => {
      let count = 0;
      const batch = cpuMs(() => {
        for (const i of list) count += build.batch(i);
      });
      const parse = cpuMs(() => {
        for (const i of list) build.parseAndIndex(i);
      });
      if (r < 0) return;
      times[b].batch[m].push(batch);
      times[b].parse[m].push(parse);
      if (r === 0) allowed[b] += count;
    });
  });
}
// The whole corpus per pass: the sum of the parts of the same pass.
const total = (lists) => lists[0].map((_, r) => lists.reduce((sum, list) => sum + list[r], 0));
const figure = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return `${sorted[sorted.length >> 1].toFixed(1)} / ${sorted[0].toFixed(1)}`;
};
console.log(`CPU ms per pass, median / fastest of ${rounds} (${corpus.length} files)`);
builds.forEach((build, b) => {
  console.log(
    `${build.file}: batch ${figure(total(times[b].batch))}   parse+index ${figure(total(times[b].parse))}   allowed ${allowed[b]}`,
  );
  members.forEach((list, m) => {
    console.log(
      `  ${label(sizes[m]).padEnd(9)} rules, ${String(list.length).padStart(4)} files: batch ${figure(times[b].batch[m])}   parse+index ${figure(times[b].parse[m])}`,
    );
  });
});
