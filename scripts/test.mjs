// `npm test`: every test of the repository, and what it could not run, said.
// Installs the dependencies when they are missing (as npm start does),
// builds quietly, type-checks, runs the vitest suite (which ends with the
// tests it skipped and why: test/support/skipped-reporter.ts), then the
// Python package's tests through scripts/test-python.mjs when the clone has
// a python/ folder. Arguments go to vitest: `npm test -- test/cli.test.ts`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installed, step } from './start.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const bin = (tool) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${tool}.cmd` : tool);

if (!installed()) step('Installing the dependencies (npm ci, once)', npm, ['ci', '--no-audit', '--no-fund']);
step('Building', npm, ['run', 'build', '--silent']);
step('Type-checking (tsc)', bin('tsc'), ['-p', '.']);

const run = (command, args) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' }).status ?? 1;
// vitest colours its output whenever TERM is not dumb, into a file or a pipe
// too (`npm test > log`): there it gets none, as the command line does,
// unless FORCE_COLOR asks for colour.
const plain = !process.stdout.isTTY && !('FORCE_COLOR' in process.env);
let status = run(bin('vitest'), ['run', ...(plain ? ['--no-color'] : []), ...process.argv.slice(2)]);

// The Python package's tests, when the clone has it: scripts/test-python.mjs makes its
// virtual environment and runs them, or says why it cannot (no Python 3 here).
const python = join(root, 'python');
const runner = join(root, 'scripts', 'test-python.mjs');
if (process.argv.slice(2).some((arg) => !arg.startsWith('-'))) {
  // Chosen vitest files (npm test -- test/cli.test.ts): only those.
} else if (!existsSync(python)) {
  process.stdout.write('Python tests: none in this clone (no python/ folder)\n');
} else if (!existsSync(runner)) {
  process.stdout.write('Python tests: skipped, python/ is here but scripts/test-python.mjs, which runs them, is not\n');
} else {
  status ||= run(process.execPath, [runner]);
}
process.exit(status);
