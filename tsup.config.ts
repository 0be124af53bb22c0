import { defineConfig } from 'tsup';
import type { Plugin } from 'esbuild';

/** `../index.js` from src/cli/ stays an import: dist/cli/*.js -> dist/index.js. */
const ownEntry: Plugin = {
  name: 'own-entry',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/index\.js$/ }, () => ({ path: '../index.js', external: true }));
  },
};

export default defineConfig([
  {
    // Node, Deno, Bun, bundlers, browsers (core inlined), and the pure-JS
    // build: ESM and CommonJS, with declarations for both.
    entry: { index: 'src/index.ts', js: 'src/js.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    target: 'es2022',
    platform: 'neutral',
    treeshake: true,
    splitting: false, // each entry self-contained
  },
  {
    // workerd / edge-light: the .wasm stays a separate module their bundlers import.
    entry: { workerd: 'src/workerd.ts' },
    format: ['esm'],
    target: 'es2022',
    platform: 'neutral',
    external: ['./robotsmatch.wasm'],
  },
  {
    // The command-line tool, Node only. It imports the package's own entry
    // (dist/index.js) instead of bundling a second copy of the core.
    entry: { 'cli/main': 'src/cli/main.ts', 'cli/filter-worker': 'src/cli/filter-worker.ts' },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    splitting: false,
    banner: { js: '#!/usr/bin/env node' },
    esbuildPlugins: [ownEntry],
  },
]);
