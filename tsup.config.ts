import { defineConfig } from 'tsup';
import type { Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';

/** The package's version, for src/common/version.ts. */
const define = { __ROBOTSMATCH_VERSION__: JSON.stringify(JSON.parse(readFileSync('package.json', 'utf8')).version) };

/**
 * The entries that carry their own copy of the core's wrapper (index, js,
 * workerd) shorten the property names that only their internals use (the
 * core's buffers, the compiled table, agent tokens, the cache's entries):
 * a bundled app that parses and matches gzips about 0.1 KB smaller, the whole
 * entry about 0.2 KB. Each such build is self-contained, so the names only
 * need to agree within it; none is a name of the public API
 * (test/mangled-props.test.ts checks the declarations).
 */
const mangleProps = new RegExp(`^(${(JSON.parse(readFileSync('scripts/mangled-props.json', 'utf8')).names as string[]).join('|')})$`);

/**
 * `../index.js` from src/compat/ stays an import of the package's entry.
 * (The CommonJS build is made from the ESM one, so its require is pointed at
 * index.cjs after the build.)
 */
const packageEntry: Plugin = {
  name: 'package-entry',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/index\.js$/ }, () => ({ path: './index.js', external: true }));
  },
};

/** `../index.js` from src/edge/ and src/crawlers/ becomes the workerd entry (dist/workerd.js). */
const workerdEntry: Plugin = {
  name: 'workerd-entry',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/index\.js$/ }, () => ({ path: './workerd.js', external: true }));
  },
};

/** `../index.js`, `../lint.js` and `../crawlers.js` from src/cli/ stay imports of the package's own entries (dist/). */
const ownEntry: Plugin = {
  name: 'own-entry',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/(index|lint|crawlers)\.js$/ }, (args) => ({ path: args.path, external: true }));
  },
};

export default defineConfig([
  {
    // Node, Deno, Bun, bundlers, browsers (core inlined), and the pure-JS
    // build: ESM and CommonJS, with declarations for both.
    entry: { index: 'src/index.ts', js: 'src/js.ts' },
    format: ['esm', 'cjs'],
    // The declarations of robotsmatch/crawlers and robotsmatch/edge are built
    // here, with the main entry's: they then share one declaration of Robots
    // and RobotsCache (classes with #private members, which TypeScript tells
    // apart by declaration), so `audit(parse(...))` and
    // `createEnforcer({ robots: parse(...) })` type-check.
    dts: { entry: { index: 'src/index.ts', js: 'src/js.ts', crawlers: 'src/crawlers.ts', edge: 'src/edge.ts' } },
    target: 'es2022',
    define,
    platform: 'neutral',
    treeshake: true,
    splitting: false, // each entry self-contained
    esbuildOptions(options) {
      options.mangleProps = mangleProps;
    },
  },
  {
    // robotsmatch/compat (robots-parser's API) and robotsmatch/lint. They
    // import the package entry (one core for all), and compat's CommonJS
    // build is `module.exports = robotsParser`, as robots-parser's is.
    entry: { compat: 'src/compat.ts', lint: 'src/lint.ts', crawlers: 'src/crawlers.ts', edge: 'src/edge.ts' },
    format: ['esm', 'cjs'],
    dts: { entry: { compat: 'src/compat.ts', lint: 'src/lint.ts' } }, // crawlers' and edge's: with the main entry's, above
    target: 'es2022',
    define,
    platform: 'neutral',
    cjsInterop: true,
    splitting: true,
    esbuildPlugins: [packageEntry],
    async onSuccess() {
      const { readFileSync, readdirSync, writeFileSync } = await import('node:fs');
      // The entries, and the chunks they share (which may hold the require instead of an entry).
      const chunks = readdirSync('dist').filter((f) => /^chunk-.*\.cjs$/.test(f)).map((f) => `dist/${f}`);
      for (const file of ['dist/compat.cjs', 'dist/lint.cjs', 'dist/crawlers.cjs', 'dist/edge.cjs', ...chunks]) {
        const code = readFileSync(file, 'utf8');
        if (!code.includes("require('./index.js')")) {
          if (file.includes('/chunk-')) continue;
          throw new Error(`${file}: no require of ./index.js to point at index.cjs`);
        }
        writeFileSync(file, code.replaceAll("require('./index.js')", "require('./index.cjs')"));
      }
    },
  },
  {
    // workerd / edge-light: the .wasm stays a separate module their bundlers import.
    entry: { workerd: 'src/workerd.ts' },
    format: ['esm'],
    target: 'es2022',
    define,
    platform: 'neutral',
    external: ['./robotsmatch.wasm'],
    esbuildOptions(options) {
      options.mangleProps = mangleProps;
    },
  },
  {
    // robotsmatch/crawlers and robotsmatch/edge under the workerd and
    // edge-light conditions: the same sources, importing the workerd entry
    // (the .wasm as a module) instead of the inlined core, so that a worker
    // that imports `robotsmatch` and its subpaths has one core and one Robots
    // class (dist/crawlers.js would bring the inlined core, which workerd
    // cannot compile). They share the registry's chunk. Their types are
    // dist/crawlers.d.ts and dist/edge.d.ts.
    entry: { 'crawlers-workerd': 'src/crawlers.ts', 'edge-workerd': 'src/edge.ts' },
    format: ['esm'],
    target: 'es2022',
    platform: 'neutral',
    splitting: true,
    esbuildPlugins: [workerdEntry],
  },
  {
    // The command-line tool, Node only. It imports the package's own entry
    // (dist/index.js) instead of bundling a second copy of the core.
    entry: { 'cli/main': 'src/cli/main.ts', 'cli/filter-worker': 'src/cli/filter-worker.ts' },
    format: ['esm'],
    target: 'node20',
    define,
    platform: 'node',
    splitting: false,
    banner: { js: '#!/usr/bin/env node' },
    esbuildPlugins: [ownEntry],
  },
]);
