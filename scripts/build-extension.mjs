// Builds the browser extension (extension/) into dist-extension/, a folder
// Chromium and Firefox load as it is, and dist-extension.zip beside it for
// the stores: the service worker and the popup bundled with the library
// (from the built dist/, with its inlined core; the popup in three files,
// its first screen and two parts it loads later), the tester page (site/)
// under tester/ so that it works offline, the manifest with the package's
// version, the icons. A folder given as the first argument builds there
// instead (the tests do), with its zip beside it.
//
//   npm run build:extension            (builds dist/ first)
//   node scripts/build-extension.mjs   (when dist/ is already built)
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipFolder } from './zip.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const source = join(root, 'extension');
const out = resolve(process.argv[2] ?? join(root, 'dist-extension'));

for (const entry of ['index.js', 'usage.js', 'crawlers.js', 'lint.js', 'explain.js', 'generate.js']) {
  if (!existsSync(join(dist, entry))) {
    console.error(
      `build-extension: dist/${entry} is missing: run npm run build first (npm run build:extension does both)`,
    );
    process.exit(1);
  }
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const bundle = {
  bundle: true,
  format: 'esm',
  target: 'es2022',
  // Readable, as store reviewers ask of code they check; no source maps to ship.
  minify: false,
  outdir: out,
  alias: {
    'robotsmatch/crawlers': join(dist, 'crawlers.js'),
    'robotsmatch/usage': join(dist, 'usage.js'),
    'robotsmatch/lint': join(dist, 'lint.js'),
    robotsmatch: join(dist, 'index.js'),
  },
  logLevel: 'error',
};
// The popup's first screen in popup.js; what it loads after that screen is drawn (page-rules.js:
// reading and showing the page's own rules; tester-link.js: the tester's address, on a click) in
// files of their own, each complete (no chunk shared with popup.js, which would be one more file to
// load before the first screen).
const LATER = ['page-rules', 'tester-link'];
const later = {
  name: 'popup-later',
  setup(build) {
    build.onResolve({ filter: new RegExp(`^\\./(${LATER.join('|')})\\.js$`) }, (args) =>
      args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
    );
  },
};
await build({ ...bundle, entryPoints: [join(source, 'src/background.ts')] });
await build({ ...bundle, entryPoints: [join(source, 'src/popup.ts')], plugins: [later] });
await build({ ...bundle, entryPoints: LATER.map((name) => join(source, `src/${name}.ts`)) });

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(join(source, 'manifest.json'), 'utf8'));
manifest.version = pkg.version;
writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
for (const file of ['popup.html', 'popup.css']) cpSync(join(source, file), join(out, file));
cpSync(join(source, 'icons'), join(out, 'icons'), { recursive: true });

// The tester page, built by its own script into tester/; source maps left out of the package.
const tester = join(out, 'tester');
execFileSync(process.execPath, [join(root, 'scripts/build-site.mjs')], {
  env: { ...process.env, SITE_OUT: tester },
  stdio: 'ignore',
});
for (const file of ['app.js.map', '.nojekyll']) rmSync(join(tester, file), { force: true });
const app = join(tester, 'app.js');
writeFileSync(app, readFileSync(app, 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'));

const zip = `${out}.zip`;
const count = zipFolder(out, zip);
const kb = (file) => `${(readFileSync(file).length / 1024).toFixed(1)} KB`;
console.log(
  `build-extension: ${relative(root, out) || out}/ (background.js ${kb(join(out, 'background.js'))}, popup.js ${kb(join(out, 'popup.js'))}, tester/), ${relative(root, zip)} (${count} files, ${kb(zip)})`,
);
