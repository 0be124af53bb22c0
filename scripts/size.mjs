// Size budget (issue 4): the default ESM entry with its inlined WebAssembly,
// minified and gzipped, must stay under 12 KB. Also reported: what a bundler
// keeps of it for an app that only parses and matches. Exits 1 over budget.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const BUDGET = 12 * 1024;
const entry = fileURLToPath(new URL('../dist/index.js', import.meta.url));

async function gzipped(contents) {
  const result = await build({
    stdin: { contents, resolveDir: process.cwd(), sourcefile: 'size-check.mjs' },
    bundle: true, minify: true, format: 'esm', write: false, logLevel: 'error',
  });
  const code = result.outputFiles[0].contents;
  return { min: code.length, gz: gzipSync(code, { level: 9 }).length };
}

const rows = [
  ['robotsmatch (default ESM entry, everything)', await gzipped(`export * from ${JSON.stringify(entry)};`)],
  ['an app using only parse() and isAllowed()', await gzipped(`import { parse } from ${JSON.stringify(entry)}; export const f = (t, u, a) => parse(t).isAllowed(u, a);`)],
];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log('| bundle | minified | minified + gzipped |\n|---|---:|---:|');
for (const [name, size] of rows) console.log(`| ${name} | ${kb(size.min)} | ${kb(size.gz)} |`);
const whole = rows[0][1].gz;
console.log(`\nbudget: ${kb(BUDGET)} for the default entry: ${whole <= BUDGET ? 'within' : `OVER by ${kb(whole - BUDGET)}`}`);
process.exitCode = whole <= BUDGET ? 0 : 1;
