// workerd for robotsmatch/edge: each worker is bundled as wrangler bundles it
// (esbuild with the `workerd` condition, so 'robotsmatch' and
// 'robotsmatch/edge' resolve to dist/workerd.js and dist/edge-workerd.js,
// the .wasm left as a module), then served by workerd (npm package) on
// loopback ports. Services: the shared cases, the example Worker (in front of
// a test origin, with its robots.txt fetched from there), the example with a
// ROBOTS_TXT text and ACTION "log", and the origin.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { workerdBin } from './workerd.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A worker bundled as wrangler does; `robotsmatch` resolves to this repository, as `npm install` of the example links it. */
export async function bundleWorker(entry: string, dir: string): Promise<string> {
  const modules = join(dir, 'node_modules');
  mkdirSync(modules, { recursive: true });
  try {
    symlinkSync(root, join(modules, 'robotsmatch'), 'dir');
  } catch {
    // already linked
  }
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2022',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    nodePaths: [modules],
    logLevel: 'error',
    plugins: [
      {
        name: 'wasm-module',
        setup(b) {
          b.onResolve({ filter: /\.wasm$/ }, () => ({ path: './robotsmatch.wasm', external: true }));
        },
      },
    ],
  });
  return result.outputFiles[0]!.text;
}

export interface EdgeWorkerd {
  cases: string;
  example: string;
  exampleText: string;
  /** The example Worker with no ORIGIN whose outbound requests come back to itself, as under `wrangler dev`. */
  exampleLoop: string;
  origin: string;
  log(): string;
  stop(): void;
}

export async function startEdgeWorkerd(bundles?: { example?: string }): Promise<EdgeWorkerd> {
  const dir = mkdtempSync(join(tmpdir(), 'robotsmatch-edge-workerd-'));
  copyFileSync(join(root, 'dist/robotsmatch.wasm'), join(dir, 'robotsmatch.wasm'));
  writeFileSync(join(dir, 'cases.js'), await bundleWorker(join(root, 'test/edge/worker.mjs'), dir));
  writeFileSync(
    join(dir, 'example.js'),
    bundles?.example ?? (await bundleWorker(join(root, 'examples/cloudflare-worker/worker.js'), dir)),
  );
  writeFileSync(join(dir, 'origin.js'), await bundleWorker(join(root, 'test/edge/origin.mjs'), dir));
  const { ORIGIN_ROBOTS } = await import('../edge/origin-robots.mjs' as string);
  const port = await freePort();
  const worker = (main: string, extra = '') => `(modules = [
      (name = "${main}", esModule = embed "${main}"),
      (name = "robotsmatch.wasm", wasm = embed "robotsmatch.wasm"),
    ], compatibilityDate = "2024-09-23"${extra})`;
  const text = (value: string) => JSON.stringify(value);
  writeFileSync(
    join(dir, 'config.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "cases", worker = ${worker('cases.js')}),
    (name = "example", worker = ${worker('example.js', `, globalOutbound = "origin", bindings = [(name = "ACTION", text = "block"), (name = "STATS_TOKEN", text = "s3cret")]`)}),
    (name = "example-text", worker = ${worker('example.js', `, globalOutbound = "origin", bindings = [(name = "ACTION", text = "log"), (name = "ROBOTS_TXT", text = ${text(`${ORIGIN_ROBOTS}\nUser-agent: bingbot\nDisallow: /\n`)})]`)}),
    (name = "example-loop", worker = ${worker('example.js', `, globalOutbound = "example-loop", bindings = [(name = "ROBOTS_TXT", text = "User-agent: *\\nDisallow: /private\\n")]`)}),
    (name = "origin", worker = ${worker('origin.js')}),
  ],
  sockets = [
    (name = "cases", address = "127.0.0.1:${port}", http = (), service = "cases"),
    (name = "example", address = "127.0.0.1:${port + 1}", http = (), service = "example"),
    (name = "example-text", address = "127.0.0.1:${port + 2}", http = (), service = "example-text"),
    (name = "origin", address = "127.0.0.1:${port + 3}", http = (), service = "origin"),
    (name = "example-loop", address = "127.0.0.1:${port + 4}", http = (), service = "example-loop"),
  ],
);
`,
  );
  const child = spawn(workerdBin, ['serve', join(dir, 'config.capnp'), '--verbose'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const at = (n: number) => `http://127.0.0.1:${port + n}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`workerd exited: ${log}`);
    try {
      await fetch(`${at(3)}/origin-ping`, { signal: AbortSignal.timeout(500) });
      return {
        cases: at(0),
        example: at(1),
        exampleText: at(2),
        exampleLoop: at(4),
        origin: at(3),
        log: () => log,
        stop: () => child.kill(),
      };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill();
  throw new Error(`workerd did not start: ${log}`);
}
