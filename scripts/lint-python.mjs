// The Python linters, as `npm run lint` runs them after Biome: ruff check,
// ruff format --check (python/pyproject.toml holds their settings) and mypy
// --strict on the package (ruff on bench/python too), in the environment the tests use (the integrations
// installed, so that their types are checked too). Exits non-zero on any finding.
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
process.exit(status);
