import { defineConfig } from 'tsup';
import type { Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The package's version, for src/common/version.ts. */
const define = { __ROBOTSMATCH_VERSION__: JSON.stringify(JSON.parse(readFileSync('package.json', 'utf8')).version) };

/**
 * The entries that carry their own copy of the core's wrapper (index, js,
 * workerd, and the explain and usage subpaths that share index's and
 * workerd's chunks) shorten the property names that only their internals use
 * (the core's buffers, the compiled table, agent tokens, the cache's entries):
 * a bundled app that parses and matches gzips about 0.1 KB smaller, the whole
 * entry about 0.2 KB. Each such build's files stand on their own (their
 * chunks shared among them only), so the names only need to agree within
 * it; none is a name of the public API
 * (test/mangled-props.test.ts checks the declarations).
 */
const mangleProps = new RegExp(`^(${(JSON.parse(readFileSync('scripts/mangled-props.json', 'utf8')).names as string[]).join('|')})$`);

/**
 * The entries that hold the core and its classes (src/index.ts, and
 * src/explain.ts and src/usage.ts, which share its chunks): another build
 * imports them as the package's entries instead of bundling a second copy,
 * so that there is one core and one Robots class. `mainEntry` is the entry
 * (index, explain or usage) that `../name.js` names, or undefined.
 */
const MAIN_ENTRIES = ['index', 'explain', 'usage'];
const mainEntry = (path: string, resolveDir: string) => {
  const name = /^\.\.\/(\w+)\.js$/.exec(path)?.[1];
  return name && MAIN_ENTRIES.includes(name) && resolve(resolveDir, path) === resolve('src', `${name}.js`) ? name : undefined;
};

/**
 * `../index.js`, `../explain.js` and `../usage.js` from src/compat/,
 * src/crawlers/, src/edge/ and src/lint/ stay imports of the package's
 * entries. (The CommonJS build is made from the ESM one, so its requires are
 * pointed at the .cjs files after the build.)
 */
const packageEntry: Plugin = {
  name: 'package-entry',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/\w+\.js$/ }, (args) => {
      const name = mainEntry(args.path, args.resolveDir);
      return name ? { path: `./${name}.js`, external: true } : undefined;
    });
  },
};

/** The same, for the workerd builds of src/edge/ and src/crawlers/: dist/workerd.js, dist/usage-workerd.js. */
const workerdEntry: Plugin = {
  name: 'workerd-entry',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/\w+\.js$/ }, (args) => {
      const name = mainEntry(args.path, args.resolveDir);
      return name ? { path: name === 'index' ? './workerd.js' : `./${name}-workerd.js`, external: true } : undefined;
    });
  },
};

/**
 * src/explain.ts and src/usage.ts import the main entry (`./index.js`) for
 * its core; under workerd and edge-light that is the workerd entry, built
 * with them.
 */
const workerdMain: Plugin = {
  name: 'workerd-main',
  setup(build) {
    build.onResolve({ filter: /^\.\/index\.js$/ }, (args) =>
      [resolve('src/explain.ts'), resolve('src/usage.ts')].includes(args.importer) ? { path: resolve('src/workerd.ts') } : undefined);
  },
};

/** `../index.js`, `../explain.js`, `../usage.js`, `../lint.js`, `../crawlers.js` and `../archive.js` from src/cli/ stay imports of the package's own entries (dist/). */
const ownEntry: Plugin = {
  name: 'own-entry',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/(index|explain|usage|lint|crawlers|archive)\.js$/ }, (args) => ({ path: args.path, external: true }));
  },
};

export default defineConfig([
  {
    // Node, Deno, Bun, bundlers, browsers (core inlined): ESM and CommonJS,
    // with declarations for both. robotsmatch/explain and robotsmatch/usage
    // are built with the main entry and share its chunks (the classes, the
    // tables their internals read, the core and its loader), so that they
    // read a Robots that `robotsmatch` made. They import the main entry, so
    // all of its modules are one chunk, in its own order (the inlined core
    // first): an app that only parses and matches bundles what it did when
    // the main entry was one file (`npm run size`).
    entry: { index: 'src/index.ts', explain: 'src/explain.ts', usage: 'src/usage.ts' },
    format: ['esm', 'cjs'],
    // The declarations of the subpaths that take the main entry's classes
    // (crawlers, edge, explain, usage) are built here, with the main entry's:
    // they then share one declaration of Robots and RobotsCache (classes with
    // #private members, which TypeScript tells apart by declaration), so
    // `audit(parse(...))`, `explain(parse(...), ...)` and
    // `createEnforcer({ robots: parse(...) })` type-check.
    dts: {
      entry: {
        index: 'src/index.ts', js: 'src/js.ts', crawlers: 'src/crawlers.ts', edge: 'src/edge.ts', explain: 'src/explain.ts', usage: 'src/usage.ts',
      },
    },
    target: 'es2022',
    define,
    platform: 'neutral',
    treeshake: true,
    splitting: true,
    esbuildOptions(options) {
      options.mangleProps = mangleProps;
    },
  },
  {
    // The pure-JS build (robotsmatch/js): self-contained, with its own copy
    // of everything, explain and usage included. Its declarations: above.
    entry: { js: 'src/js.ts' },
    format: ['esm', 'cjs'],
    target: 'es2022',
    define,
    platform: 'neutral',
    treeshake: true,
    splitting: false,
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
      const entryRequire = /require\('\.\/(index|explain|usage)\.js'\)/g;
      for (const file of ['dist/compat.cjs', 'dist/lint.cjs', 'dist/crawlers.cjs', 'dist/edge.cjs', ...chunks]) {
        const code = readFileSync(file, 'utf8');
        if (!code.includes("require('./index.js')") && !file.includes('/chunk-')) {
          throw new Error(`${file}: no require of ./index.js to point at index.cjs`);
        }
        const pointed = code.replace(entryRequire, "require('./$1.cjs')");
        if (pointed !== code) writeFileSync(file, pointed); // the main entry's own chunks (built alongside) are left alone
      }
    },
  },
  {
    // robotsmatch/archive: Node only (it reads files, zlib keeps the bodies
    // deflated, warcio reads WARC). It imports the package entry for the
    // core, as robotsmatch/lint does; its CommonJS build's requires are
    // pointed at the .cjs entries after the build.
    entry: { archive: 'src/archive.ts' },
    format: ['esm', 'cjs'],
    dts: { entry: { archive: 'src/archive.ts' } },
    target: 'node20',
    define,
    platform: 'node',
    splitting: false,
    esbuildPlugins: [packageEntry],
    async onSuccess() {
      const { readFileSync, writeFileSync } = await import('node:fs');
      const code = readFileSync('dist/archive.cjs', 'utf8');
      const entryRequire = /require\((['"])\.\/(index|explain|usage)\.js\1\)/g;
      if (!entryRequire.test(code)) throw new Error('dist/archive.cjs: no require of ./index.js to point at index.cjs');
      writeFileSync('dist/archive.cjs', code.replace(entryRequire, "require('./$2.cjs')"));
    },
  },
  {
    // workerd / edge-light: the .wasm stays a separate module their bundlers
    // import. robotsmatch/explain and robotsmatch/usage under those conditions
    // share the workerd entry's chunks, as above.
    entry: { workerd: 'src/workerd.ts', 'explain-workerd': 'src/explain.ts', 'usage-workerd': 'src/usage.ts' },
    format: ['esm'],
    target: 'es2022',
    define,
    platform: 'neutral',
    external: ['./robotsmatch.wasm'],
    splitting: true,
    esbuildPlugins: [workerdMain],
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
    // cannot compile); audit's usage() is dist/usage-workerd.js. They share
    // the registry's chunk. Their types are dist/crawlers.d.ts and
    // dist/edge.d.ts.
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
