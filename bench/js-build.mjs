// The pure-JavaScript build (robotsmatch/js, wasm2js) against the WebAssembly
// core, in the same Node process: matchMany per URL and parse per file.
//
//   npm run build && node bench/js-build.mjs
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { measure } from 'mitata';
import * as wasmBuild from '../dist/index.js';
import * as jsBuild from '../dist/js.js';

const CORPUS = fileURLToPath(new URL('./corpus/', import.meta.url));
const urls = execFileSync('node', [`${CORPUS}make-urls.mjs`, '20000'], { encoding: 'utf8', maxBuffer: 1 << 28 })
  .split('\n')
  .filter(Boolean);
console.log('| file | build | matchMany ns/URL | parse us |\n|---|---|---:|---:|');
for (const file of ['www.reddit.com.txt', 'github.com.txt', 'en.wikipedia.org.txt']) {
  const text = readFileSync(CORPUS + file);
  for (const [name, build] of [
    ['WebAssembly', wasmBuild],
    ['robotsmatch/js', jsBuild],
  ]) {
    const matcher = build.parse(text).forAgent('Googlebot');
    const match = (await measure(() => matcher.matchMany(urls))).p50 / urls.length;
    const parse = (await measure(() => build.parse(text).dispose())).p50 / 1000;
    console.log(`| ${file} | ${name} | ${match.toFixed(0)} | ${parse.toFixed(1)} |`);
  }
}
