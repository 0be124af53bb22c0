// The Python package's tests, as `npm test` runs them after vitest: the
// wheel is built from this clone (it carries the build's .wasm and data
// files, scripts/export-registry.mjs), installed with its test and
// integration extras (Scrapy, pandas, PySpark, datatrove) in a virtual
// environment of its own (.cache/python, made once; the wheel is
// reinstalled on every run), and pytest runs python/tests against the
// installed wheel, not python/src. Needs `npm run build` first (npm test
// does it). Without Python 3.9+ it says so and is skipped, unless
// ROBOTSMATCH_REQUIRE_RUNTIMES=1 (CI), where that is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cache = join(root, '.cache');
const venv = join(cache, 'python');
const wheels = join(cache, 'wheels');
const windows = process.platform === 'win32';
const venvPython = join(venv, windows ? 'Scripts/python.exe' : 'bin/python');
const required = process.env.ROBOTSMATCH_REQUIRE_RUNTIMES === '1';

const run = (command, args, options = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options }).status ?? 1;
const say = (line) => process.stdout.write(`${line}\n`);

const python = ['python3', 'python'].find(
  (p) => spawnSync(p, ['-c', 'import sys; sys.exit(sys.version_info < (3, 9))']).status === 0,
);
if (!python) {
  say('Python tests: skipped, no Python 3.9 or later on this machine (python3)');
  process.exit(required ? 1 : 0);
}

function step(what, command, args, options) {
  say(`Python tests: ${what}`);
  const status = run(command, args, options);
  if (status !== 0) {
    say(`Python tests: not run: ${what} failed (exit ${status})`);
    process.exit(status);
  }
}

if (!existsSync(venvPython)) step('making a virtual environment in .cache/python (once)', python, ['-m', 'venv', venv]);
rmSync(wheels, { recursive: true, force: true });
mkdirSync(wheels, { recursive: true });
step('building the wheel from python/', venvPython, [
  '-m',
  'pip',
  'wheel',
  '--quiet',
  '--disable-pip-version-check',
  '--no-deps',
  '--wheel-dir',
  wheels,
  './python',
]);
const wheel = join(
  wheels,
  readdirSync(wheels).find((f) => f.startsWith('robotsmatch-') && f.endsWith('.whl')),
);
// Dependencies once (PyPI); the wheel itself on every run, so the tests see this build.
step('installing the wheel with its test extras', venvPython, [
  '-m',
  'pip',
  'install',
  '--quiet',
  '--disable-pip-version-check',
  `${wheel}[test,pandas,spark,datatrove]`,
]);
step('reinstalling this build of the wheel', venvPython, [
  '-m',
  'pip',
  'install',
  '--quiet',
  '--disable-pip-version-check',
  '--force-reinstall',
  '--no-deps',
  wheel,
]);
// From python/, so that `import robotsmatch` is the installed wheel (the src layout keeps python/src off the path).
process.exit(run(venvPython, ['-m', 'pytest', '-p', 'no:cacheprovider', '-q', 'tests'], { cwd: join(root, 'python') }));
