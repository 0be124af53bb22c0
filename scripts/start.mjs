// `npm start`: from a clone to the example's answer in one command. Installs
// the dependencies when they are missing (npm ci, from package-lock.json),
// builds with its output held back (shown only if the build fails; skipped
// when dist/ is newer than everything it is built from), then runs the
// command line on the bundled example (robotsmatch --example).
// `--build` stops after the build: the quiet build of npm run build:site and
// build:extension, which print their own one line after it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

/** What the build reads: the core, the wrappers, the facts in data/, and the build's own scripts and configs. */
const BUILD_INPUTS = ['assembly', 'src', 'data', 'scripts', 'package.json', 'asconfig.json', 'tsup.config.ts'];

/** The newest modification time under a path, in ms. */
function newest(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let time = stat.mtimeMs;
  for (const entry of readdirSync(path)) time = Math.max(time, newest(join(path, entry)));
  return time;
}

/** dist/ was built after every change to what it is built from (false when it is not there). */
export function builtUpToDate() {
  const built = ['dist/cli/main.js', 'dist/robotsmatch.wasm'].map((p) =>
    statSync(join(root, p), { throwIfNoEntry: false }),
  );
  if (built.some((s) => !s)) return false;
  const builtAt = Math.min(...built.map((s) => s.mtimeMs));
  return BUILD_INPUTS.every((input) => newest(join(root, input)) < builtAt);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!installed()) step('Installing the dependencies (npm ci, once)', npm, ['ci', '--no-audit', '--no-fund']);
  if (builtUpToDate()) process.stderr.write('Built already (dist/ is newer than its sources): not rebuilding\n');
  else step('Building', npm, ['run', 'build', '--silent']);
  if (process.argv.includes('--build')) process.exit(0);
  process.stderr.write('\n');
  const r = spawnSync(process.execPath, [join(root, 'dist', 'cli', 'main.js'), '--example'], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
