// Bundles what the MV3 example extension uses of robotsmatch (the built
// dist/, with robotsmatch/crawlers) into examples/mv3-extension/robotsmatch.js,
// or into the folder given as the first argument.
//
//   npm run build && node scripts/build-extension.mjs
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = process.argv[2] ?? join(root, 'examples/mv3-extension');
await build({
  entryPoints: [join(root, 'examples/mv3-extension/lib.js')],
  bundle: true,
  format: 'esm',
  outfile: join(out, 'robotsmatch.js'),
  alias: { 'robotsmatch/crawlers': join(root, 'dist/crawlers.js'), robotsmatch: join(root, 'dist/index.js') },
  logLevel: 'error',
});
