// Runs workerd (from npm) with the package's workerd entry and the .wasm as a
// module, on a random loopback port; returns its address and a stop function.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const workerdBin = join(root, 'node_modules/.bin/workerd');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The chunks a file of dist/ imports, directly or through each other (the workerd entry shares them with its subpaths). */
function chunksOf(file: string, found = new Set<string>()): Set<string> {
  for (const [, chunk] of readFileSync(join(root, 'dist', file), 'utf8').matchAll(
    /(?:from|import) "\.\/(chunk-[\w-]+\.js)"/g,
  )) {
    if (chunk && !found.has(chunk)) chunksOf(chunk, found.add(chunk));
  }
  return found;
}

export async function startWorkerd(): Promise<{ origin: string; stop(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'robotsmatch-workerd-'));
  copyFileSync(join(root, 'dist/workerd.js'), join(dir, 'robotsmatch.js'));
  const chunks = [...chunksOf('workerd.js')];
  for (const chunk of chunks) copyFileSync(join(root, 'dist', chunk), join(dir, chunk));
  copyFileSync(join(root, 'dist/robotsmatch.wasm'), join(dir, 'robotsmatch.wasm'));
  copyFileSync(join(root, 'test/runtimes/cases.mjs'), join(dir, 'cases.mjs'));
  copyFileSync(join(root, 'test/runtimes/worker.mjs'), join(dir, 'cases-worker.mjs'));
  const port = await freePort();
  const modules = (main: string) => `[
      (name = "${main}", esModule = embed "${main}"),
      (name = "cases.mjs", esModule = embed "cases.mjs"),
      (name = "robotsmatch", esModule = embed "robotsmatch.js"),
${chunks.map((chunk) => `      (name = "${chunk}", esModule = embed "${chunk}"),\n`).join('')}      (name = "robotsmatch.wasm", wasm = embed "robotsmatch.wasm"),
    ]`;
  writeFileSync(
    join(dir, 'config.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "cases", worker = (modules = ${modules('cases-worker.mjs')}, compatibilityDate = "2024-09-23")),
  ],
  sockets = [
    (name = "cases", address = "127.0.0.1:${port}", http = (), service = "cases"),
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
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`workerd exited: ${log}`);
    try {
      await fetch(origin, { signal: AbortSignal.timeout(500) });
      return { origin, stop: () => child.kill() };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill();
  throw new Error(`workerd did not start: ${log}`);
}
