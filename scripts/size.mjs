// Size budgets, minified and gzipped as a bundler ships them: an app that
// only parses and matches (what a bundler keeps of the default entry, with
// its inlined WebAssembly) at most 14 KB, the whole default entry at most
// 20 KB. Prints both; exits 1 when either is over. dist/index.js re-exports
// from the chunks it shares with robotsmatch/explain and robotsmatch/usage
// (which are not part of it); esbuild follows them as an app's bundler does.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('../dist/index.js', import.meta.url));

async function gzipped(contents) {
  const result = await build({
    stdin: { contents, resolveDir: process.cwd(), sourcefile: 'size-check.mjs' },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    logLevel: 'error',
  });
  const code = result.outputFiles[0].contents;
  return { min: code.length, gz: gzipSync(code, { level: 9 }).length };
}

const rows = [
  [
    'an app using only parse() and isAllowed()',
    14 * 1024,
    await gzipped(
      `import { parse } from ${JSON.stringify(entry)}; export const f = (t, u, a) => parse(t).isAllowed(u, a);`,
    ),
  ],
  ['robotsmatch (default ESM entry, everything)', 20 * 1024, await gzipped(`export * from ${JSON.stringify(entry)};`)],
];
const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
console.log('| bundle | minified | minified + gzipped | budget |\n|---|---:|---:|---:|');
let over = false;
for (const [name, budget, size] of rows) {
  console.log(
    `| ${name} | ${kb(size.min)} | ${kb(size.gz)} (${size.gz.toLocaleString('en-US')} bytes) | ${kb(budget)}: ${size.gz <= budget ? 'within' : 'OVER'} |`,
  );
  over ||= size.gz > budget;
}
process.exitCode = over ? 1 : 0;
