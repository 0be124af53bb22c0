// `npm start`: from a clone to the example's answer in one command. Installs
// the dependencies when they are missing (npm ci, from package-lock.json),
// builds with its output held back (shown only if the build fails), then
// runs the command line on the bundled example (robotsmatch --example).
// `--build` stops after the build: the quiet build of npm run build:site and
// build:extension, which print their own one line after it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a step quietly: one line saying what it is, and its output only when it fails. */
export function step(what, command, args) {
  process.stderr.write(`${what}...\n`);
  const r = spawnSync(command, args, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: process.platform === 'win32',
    maxBuffer: 1 << 28,
  });
  if (r.status === 0) return;
  process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? `${r.error.message}\n` : ''}`);
  process.stderr.write(
    `${what} failed (${command} ${args.join(' ')}, exit status ${r.status ?? r.signal}); its output is above\n`,
  );
  process.exit(r.status || 1);
}

/** What the build needs from node_modules: missing on a clone that was never installed. */
export const installed = () =>
  ['asc', 'tsup', 'wasm-opt'].every((tool) => existsSync(join(root, 'node_modules', '.bin', tool)));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!installed()) step('Installing the dependencies (npm ci, once)', npm, ['ci', '--no-audit', '--no-fund']);
  step('Building', npm, ['run', 'build', '--silent']);
  if (process.argv.includes('--build')) process.exit(0);
  process.stderr.write('\n');
  const r = spawnSync(process.execPath, [join(root, 'dist', 'cli', 'main.js'), '--example'], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
