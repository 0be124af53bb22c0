// Builds the robots.txt tester page (site/) into site-dist/: one bundled
// script with the library's inlined WebAssembly, the HTML and the CSS. The
// result is static files for any static host (GitHub Pages included).
// The page imports the package by its own name; the bundle takes it from the
// built dist/, as an app installing the package would.
//
//   npm run build:site          (builds dist/ first)
//   node scripts/build-site.mjs (when dist/ is already built)
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
// SITE_OUT builds elsewhere (a test measuring the bundle without touching site-dist/).
const out = process.env.SITE_OUT ?? join(root, 'site-dist');

for (const entry of ['index.js', 'explain.js', 'usage.js', 'crawlers.js', 'lint.js', 'generate.js']) {
  if (!existsSync(join(dist, entry))) {
    console.error(`build-site: dist/${entry} is missing: run npm run build first (npm run build:site does both)`);
    process.exit(1);
  }
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await build({
  entryPoints: [join(root, 'site/src/main.ts')],
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  sourcemap: true,
  outfile: join(out, 'app.js'),
  alias: {
    'robotsmatch/crawlers': join(dist, 'crawlers.js'),
    'robotsmatch/explain': join(dist, 'explain.js'),
    'robotsmatch/usage': join(dist, 'usage.js'),
    'robotsmatch/lint': join(dist, 'lint.js'),
    'robotsmatch/generate': join(dist, 'generate.js'),
    robotsmatch: join(dist, 'index.js'),
  },
  logLevel: 'error',
});
for (const file of ['index.html', 'style.css']) copyFileSync(join(root, 'site', file), join(out, file));
// GitHub Pages, publishing from a branch, runs Jekyll on the folder unless told not to; nothing here needs it.
writeFileSync(join(out, '.nojekyll'), '');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const app = readFileSync(join(out, 'app.js'));
// The figures docs/site.md quotes: the script as served, and gzipped as most hosts send it.
console.log(
  `build-site: ${out === join(root, 'site-dist') ? 'site-dist/' : out} (app.js ${kb(app.length)}, ${kb(gzipSync(app, { level: 9 }).length)} gzipped; index.html, style.css)`,
);
