// Builds the robots.txt tester page (site/) into site-dist/: one bundled
// script with the library's inlined WebAssembly, the HTML and the CSS. The
// result is static files for any static host (GitHub Pages included).
// The page imports the package by its own name; the bundle takes it from the
// built dist/, as an app installing the package would.
//
//   npm run build:site          (builds dist/ first)
//   node scripts/build-site.mjs (when dist/ is already built)
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const out = join(root, 'site-dist');

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
const kb = (file) => `${(statSync(join(out, file)).size / 1024).toFixed(1)} KB`;
console.log(`build-site: site-dist/ (app.js ${kb('app.js')}, index.html, style.css)`);
