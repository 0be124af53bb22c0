import { defineConfig } from 'tsup';

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
    // The command-line tool, Node only.
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
