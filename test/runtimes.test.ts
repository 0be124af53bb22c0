// Runtimes: the shared cases (test/runtimes/cases.mjs) run in each
// real runtime through the entry point that runtime resolves, and must give
// exactly Node's verdicts. A runtime that is not installed is skipped, and
// the test's name says so; with ROBOTSMATCH_REQUIRE_RUNTIMES=1 (CI) it fails.
import { describe, expect, test } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as robotsmatch from '../src/index.js';
// @ts-expect-error plain JavaScript shared with the other runtimes
import { runCases } from './runtimes/cases.mjs';
import { startWorkerd, workerdBin } from './support/workerd.js';
import { corpusFiles, corpusUrls, CORPUS_DIR } from './support/corpus.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => `${root}node_modules/.bin/${name}`;
const require = process.env.ROBOTSMATCH_REQUIRE_RUNTIMES === '1';
const expected = runCases(robotsmatch);
const run = (command: string, args: string[]) =>
  JSON.parse(
    execFileSync(command, args, { cwd: `${root}test/runtimes`, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
  );

interface Runtime {
  name: string;
  missing: string | false;
  run(): Promise<{ results: unknown; webassembly: boolean }>;
  webassembly: boolean;
}

const runtimes: Runtime[] = [
  {
    name: 'Node, ESM build',
    missing: existsSync(`${root}dist/index.js`) ? false : 'dist/ not built',
    webassembly: true,
    run: async () => run('node', ['run.mjs', '../../dist/index.js']),
  },
  {
    name: 'Node, CommonJS build (require)',
    missing: existsSync(`${root}dist/index.cjs`) ? false : 'dist/ not built',
    webassembly: true,
    run: async () => run('node', ['run.cjs', `${root}dist/index.cjs`]),
  },
  {
    name: 'Node --jitless (no WebAssembly), robotsmatch/js',
    missing: existsSync(`${root}dist/js.js`) ? false : 'dist/ not built',
    webassembly: false,
    run: async () => run('node', ['--jitless', 'run.mjs', '../../dist/js.js']),
  },
  {
    name: 'Node, robotsmatch/js CommonJS',
    missing: existsSync(`${root}dist/js.cjs`) ? false : 'dist/ not built',
    webassembly: true,
    run: async () => run('node', ['run.cjs', `${root}dist/js.cjs`]),
  },
  // The Node lines users run besides the machine's (scripts/node-lines.mjs installs them; CI does).
  ...[22, 24, 26].flatMap((major): Runtime[] => {
    const node = `${root}.cache/node/${major}/bin/node`;
    const missing = existsSync(node) ? false : `Node ${major} is not installed (node scripts/node-lines.mjs)`;
    return [
      {
        name: `Node ${major}, ESM build`,
        missing,
        webassembly: true,
        run: async () => run(node, ['run.mjs', '../../dist/index.js']),
      },
      {
        name: `Node ${major}, CommonJS build (require)`,
        missing,
        webassembly: true,
        run: async () => run(node, ['run.cjs', `${root}dist/index.cjs`]),
      },
      {
        name: `Node ${major} --jitless, robotsmatch/js`,
        missing,
        webassembly: false,
        run: async () => run(node, ['--jitless', 'run.mjs', '../../dist/js.js']),
      },
    ];
  }),
  {
    name: 'Deno',
    missing: existsSync(bin('deno')) ? false : 'deno is not installed (npm package deno)',
    webassembly: true,
    run: async () => run(bin('deno'), ['run', '-A', 'run.mjs', '../../dist/index.js']),
  },
  {
    name: 'Bun',
    missing: existsSync(bin('bun')) ? false : 'bun is not installed (npm package bun)',
    webassembly: true,
    run: async () => run(bin('bun'), ['run.mjs', '../../dist/index.js']),
  },
  {
    name: 'workerd (Cloudflare Workers), workerd entry with the .wasm as a module',
    missing: existsSync(workerdBin) ? false : 'workerd is not installed (npm package workerd)',
    webassembly: true,
    run: async () => {
      const worker = await startWorkerd();
      try {
        return await (await fetch(worker.origin)).json();
      } finally {
        worker.stop();
      }
    },
  },
];

describe("runtimes give Node's verdicts", () => {
  for (const runtime of runtimes) {
    const skip = runtime.missing !== false && !require;
    const title = skip ? `${runtime.name} (skipped: ${runtime.missing})` : runtime.name;
    test.skipIf(skip)(title, async () => {
      const { results, webassembly } = await runtime.run();
      expect(results).toEqual(expected);
      expect(webassembly).toBe(runtime.webassembly);
    });
  }

  test.skipIf(!existsSync(workerdBin) && !require)(
    'workerd: RobotsCache frees the copies it evicts itself (no finalizers there)',
    async () => {
      const worker = await startWorkerd();
      try {
        const { verdicts, fetches, disposed, held } = await (await fetch(`${worker.origin}/cache`)).json();
        // Per round: ten isAllowed (all disallowed), then filter's one allowed URL.
        expect(verdicts).toEqual([0, 1, 2].flatMap((r) => [...Array(10).fill(false), `https://h${r}.test/open`]));
        expect(held).toBe(3);
        expect(fetches).toBeGreaterThan(10);
        expect(disposed).toBe(fetches - held);
      } finally {
        worker.stop();
      }
    },
  );

  // The example Cloudflare Worker (robotsmatch/edge) runs in workerd in edge-runtimes.test.ts.

  test.skipIf(!existsSync(`${root}dist/js.js`))(
    'robotsmatch/js (wasm2js) agrees with the WebAssembly core on the whole corpus',
    () => {
      const urls = corpusUrls(5_000);
      const file = join(mkdtempSync(join(tmpdir(), 'robotsmatch-urls-')), 'urls.txt');
      writeFileSync(file, urls.join('\n'));
      const want: Record<string, { batch: string; lines: number[] }> = {};
      for (const { name, body } of corpusFiles()) {
        const robots = robotsmatch.parse(body);
        want[name] = {
          batch: Array.from(robots.forAgent('Googlebot').matchMany(urls)).join(''),
          lines: urls.map((u) => robots.check(u, 'bingbot').line),
        };
        robots.dispose();
      }
      const got = JSON.parse(
        execFileSync('node', ['--jitless', 'corpus.mjs', '../../dist/js.js', CORPUS_DIR, file], {
          cwd: `${root}test/runtimes`,
          encoding: 'utf8',
          maxBuffer: 1 << 28,
          stdio: ['ignore', 'pipe', 'ignore'],
        }),
      );
      expect(got).toEqual(want);
    },
  );

  test.skipIf(!existsSync(bin('attw')) || !existsSync(`${root}dist/index.d.ts`))(
    'types resolve for import and require under node16, nodenext and bundler (attw)',
    () => {
      // attw exits non-zero on any problem; the profile leaves out node10 (no `exports`).
      const out = execFileSync(
        bin('attw'),
        ['--pack', '.', '--profile', 'node16', '--exclude-entrypoints', './robotsmatch.wasm', '--format', 'json'],
        { cwd: root, encoding: 'utf8' },
      );
      const report = JSON.parse(out.slice(out.indexOf('{')));
      expect(
        report.analysis.problems.filter((p: { resolutionKind?: string }) => p.resolutionKind !== 'node10'),
      ).toEqual([]);
      for (const entry of ['.', './js']) {
        const resolutions = report.analysis.entrypoints[entry].resolutions;
        for (const kind of ['node16-cjs', 'node16-esm', 'bundler'])
          expect(resolutions[kind].resolution.isTypeScript, `${entry} ${kind}`).toBe(true);
      }
    },
    60_000,
  );
});
