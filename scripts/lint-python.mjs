// The Python linters, as `npm run lint` runs them after Biome: ruff check,
// ruff format --check (python/pyproject.toml holds their settings) and mypy
// --strict on the package (ruff on bench/python too), in the environment the tests use (the integrations
// installed, so that their types are checked too), and the package's C module compiled with every warning
// an error (where a C compiler is at hand). Exits non-zero on any finding.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureVenv, root, run, venvPython } from './python-venv.mjs';

const say = (line) => process.stdout.write(`Python lint: ${line}\n`);
ensureVenv(say);
const python = join(root, 'python');
let status = 0;
for (const [what, args] of [
  // The package and its tests, and the Python benchmarks (bench/python), with the package's settings.
  ['ruff check', ['-m', 'ruff', 'check', '.', '../bench/python']],
  ['ruff format --check', ['-m', 'ruff', 'format', '--check', '.', '../bench/python']],
  ['mypy --strict', ['-m', 'mypy']],
]) {
  say(what);
  status ||= run(venvPython, args, { cwd: python });
}
// The C module (src/robotsmatch/_crossing.c) against this Python's headers: no object is written.
const include = execFileSync(venvPython, ['-c', "import sysconfig; print(sysconfig.get_paths()['include'])"], {
  encoding: 'utf8',
}).trim();
const cc = process.env.CC ?? 'cc';
say(`${cc} -Wall -Wextra -Werror (the C module)`);
const c = ['-fsyntax-only', '-std=c11', '-Wall', '-Wextra', '-Werror', `-I${include}`, 'src/robotsmatch/_crossing.c'];
status ||= run(cc, c, { cwd: python });
process.exit(status);
