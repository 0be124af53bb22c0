import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { measure } from 'mitata';
import { parse } from '../dist/index.js';
const urls = execFileSync('node', ['/work/shared/corpus/make-urls.mjs', '4096'], { encoding: 'utf8', maxBuffer: 1 << 28 }).split('\n').filter(Boolean);
const wasm = readFileSync(new URL('../build/robotsmatch.wasm', import.meta.url));
const { exports: x } = new WebAssembly.Instance(new WebAssembly.Module(wasm), {});
const enc = new TextEncoder();
const per = (s) => (s.p50 / urls.length).toFixed(1) + ' ns/url';
for (const file of ['', 'www.reddit.com.txt', 'github.com.txt', 'www.linkedin.com.txt', 'en.wikipedia.org.txt']) {
  const body = file ? readFileSync('/work/shared/corpus/' + file) : new Uint8Array();
  let at = x.input(body.length); new Uint8Array(x.memory.buffer).set(body, at);
  const robots = x.compile(body.length, 0);
  const agent = enc.encode('Googlebot'); at = x.input(agent.length); new Uint8Array(x.memory.buffer).set(agent, at);
  const index = x.select(robots, agent.length, 1);
  const text = urls.join('\n');
  at = x.input(text.length * 3);
  const { written } = enc.encodeInto(text, new Uint8Array(x.memory.buffer, at, text.length * 3));
  console.log((file || 'empty').padEnd(22), 'core checkBatch', per(await measure(() => x.checkBatch(index, written, urls.length))));
}
