// The Python package's virtual environment (.cache/python, made once): the
// wheel built from this clone (it carries the build's .wasm and data files),
// installed with the extras the tests and the type checker need (Scrapy,
// pandas, PySpark, datatrove, warcio; ruff and mypy). Used by test-python.mjs and
// lint-python.mjs. Needs `npm run build` first. Without Python 3.9+ it says
// so and the caller skips, unless ROBOTSMATCH_REQUIRE_RUNTIMES=1 (CI), where
// that is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const cache = join(root, '.cache');
const venv = join(cache, 'python');
const wheels = join(cache, 'wheels');
export const venvPython = join(venv, process.platform === 'win32' ? 'Scripts/python.exe' : 'bin/python');

export const run = (command, args, options = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options }).status ?? 1;

/** Makes the environment and installs this build's wheel; exits the process when a step fails. */
export function ensureVenv(say) {
  const required = process.env.ROBOTSMATCH_REQUIRE_RUNTIMES === '1';
  const python = ['python3', 'python'].find(
    (p) => spawnSync(p, ['-c', 'import sys; sys.exit(sys.version_info < (3, 9))']).status === 0,
  );
  if (!python) {
    say('skipped, no Python 3.9 or later on this machine (python3)');
    process.exit(required ? 1 : 0);
  }
  const step = (what, command, args, options) => {
    say(what);
    const status = run(command, args, options);
    if (status !== 0) {
      say(`not run: ${what} failed (exit ${status})`);
      process.exit(status);
    }
  };
  if (!existsSync(venvPython))
    step('making a virtual environment in .cache/python (once)', python, ['-m', 'venv', venv]);
  rmSync(wheels, { recursive: true, force: true });
  mkdirSync(wheels, { recursive: true });
  const pip = [venvPython, '-m', 'pip'];
  const quiet = ['--quiet', '--disable-pip-version-check'];
  step('building the wheel from python/', pip[0], [
    ...pip.slice(1),
    'wheel',
    ...quiet,
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
  step('installing the wheel with its test extras', pip[0], [
    ...pip.slice(1),
    'install',
    ...quiet,
    `${wheel}[test,fetch,pandas,spark,datatrove,warc,lint]`,
  ]);
  step('reinstalling this build of the wheel', pip[0], [
    ...pip.slice(1),
    'install',
    ...quiet,
    '--force-reinstall',
    '--no-deps',
    wheel,
  ]);
}
