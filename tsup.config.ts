import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // The library: ESM and CommonJS, with declarations for both.
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    target: 'es2022',
    platform: 'neutral',
    treeshake: true,
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
