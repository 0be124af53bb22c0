// Where matchMany's time goes (how far is the floor): the cost of
// moving URL strings into WebAssembly memory by each available route, the
// slicing floor, and the core's own time per URL on pre-encoded input.
//
//   npm run bench:transfer
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { measure, do_not_optimize } from 'mitata';
import { slicePath } from './peers.mjs';

// Printed as it goes, and saved whole to bench/transfer-results.md at the end.
const report = [];
const print = (text) => {
  console.log(text);
  report.push(text);
};

const CORPUS = fileURLToPath(new URL('./corpus/', import.meta.url));
const COUNT = 20_000;
const urls = execFileSync('node', [`${CORPUS}make-urls.mjs`, String(COUNT), 'example.com'], {
  encoding: 'utf8',
  maxBuffer: 1 << 28,
})
  .split('\n')
  .filter(Boolean);
// The list split from its file is made of two-byte strings (the file holds non-Latin-1 text);
// the same URLs as one-byte strings, where they have no character above U+00FF:
const oneByte = urls.filter((u) => !/[^\x00-\xff]/.test(u)).map((u) => Buffer.from(u, 'latin1').toString('latin1'));
const enc = new TextEncoder();
const memory = new Uint8Array(1 << 24);
const scratch = memory.subarray(0, 1 << 16);
const nodeBuffer = Buffer.from(memory.buffer);
const per = async (list, fn) => ((await measure(fn)).p50 / list.length).toFixed(1);

print('# Moving URL strings into WebAssembly memory, ns per URL\n');
print('| route | two-byte strings (the corpus list) | one-byte strings |\n|---|---:|---:|');
const routes = {
  'batches of 512 joined with NUL, one Buffer ucs2Write each, UTF-16 as it is (matchMany in Node and Bun)':
    (list) => () => {
      for (let s = 0; s < list.length; s += 512) nodeBuffer.ucs2Write(list.slice(s, s + 512).join('\0'), 1 << 16);
    },
  'join 4,096 with NUL, one Buffer ucs2Write': (list) => () => {
    for (let s = 0; s < list.length; s += 4096) nodeBuffer.ucs2Write(list.slice(s, s + 4096).join('\0'), 1 << 16);
  },
  "Node's Buffer ucs2Write per URL": (list) => () => {
    let at = 1 << 16;
    for (const u of list) {
      at += nodeBuffer.ucs2Write(u, at);
      nodeBuffer[at++] = 0;
      nodeBuffer[at++] = 0;
    }
    return at;
  },
  'join 4,096 with NUL, one encodeInto': (list) => () => {
    for (let s = 0; s < list.length; s += 4096)
      enc.encodeInto(list.slice(s, s + 4096).join('\0'), memory.subarray(1 << 16));
  },
  'encodeInto per URL into a subarray': (list) => () => {
    let at = 1 << 16;
    for (const u of list) {
      at += enc.encodeInto(u, memory.subarray(at)).written;
      memory[at++] = 0;
    }
    return at;
  },
  'encodeInto per URL into scratch, then copyWithin': (list) => () => {
    let at = 1 << 16;
    for (const u of list) {
      const { written } = enc.encodeInto(u, scratch);
      memory.copyWithin(at, 0, written);
      at += written;
      memory[at++] = 0;
    }
    return at;
  },
  "Node's Buffer utf8Write per URL": (list) => () => {
    let at = 1 << 16;
    for (const u of list) {
      at += nodeBuffer.utf8Write(u, at);
      nodeBuffer[at++] = 0;
    }
    return at;
  },
  'slicing floor: indexOf/slice the path out, nothing moved': (list) => () => {
    let n = 0;
    for (const u of list) n += slicePath(u).length;
    return do_not_optimize(n);
  },
};
for (const [name, route] of Object.entries(routes)) {
  print(`| ${name} | ${await per(urls, route(urls))} | ${await per(oneByte, route(oneByte))} |`);
}

print('\n# The core alone on URLs already in its memory (one call per 4,096), ns per URL\n');
const wasm = readFileSync(new URL('../build/robotsmatch.wasm', import.meta.url));
const { exports: byLetter } = new WebAssembly.Instance(new WebAssembly.Module(wasm), {});
// The core's exports go by one letter each; src/core/exports.ts says which is which.
const core = { memory: byLetter.memory };
for (const [, name, letter] of readFileSync(new URL('../src/core/exports.ts', import.meta.url), 'utf8').matchAll(
  /^\s+(\w+) = '(\w+)',$/gm,
))
  core[name] = byLetter[letter];
const text = urls.slice(0, 4096).join('\0');
print('| robots.txt | UTF-16 input, encoded by the core (checkBatch16) |\n|---|---:|');
const nodeCore = () => Buffer.from(core.memory.buffer);
for (const name of [
  '(empty: path extraction only)',
  ...readdirSync(CORPUS)
    .filter((f) => f.endsWith('.txt'))
    .sort(),
]) {
  const body = name.startsWith('(') ? new Uint8Array() : readFileSync(CORPUS + name);
  let at = core.input(body.length);
  new Uint8Array(core.memory.buffer).set(body, at);
  const robots = core.compile(body.length, 0);
  const agent = enc.encode('Googlebot');
  at = core.input(agent.length);
  new Uint8Array(core.memory.buffer).set(agent, at);
  const index = core.select(robots, agent.length, 1, 1); // one agent, the full index
  at = core.input(text.length * 2);
  nodeCore().ucs2Write(text, at);
  const utf16 = await per(urls.slice(0, 4096), () => core.checkBatch16(index, text.length, 4096));
  print(`| ${name} | ${utf16} |`);
  core.dispose(index);
  core.dispose(robots);
}

writeFileSync(new URL('./transfer-results.md', import.meta.url), `${report.join('\n')}\n`);
console.error('wrote bench/transfer-results.md');
