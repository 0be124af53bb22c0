// The Python package's tests, as `npm test` runs them after vitest: pytest
// runs python/tests against the wheel installed in .cache/python
// (scripts/python-venv.mjs), not python/src. Needs `npm run build` first
// (npm test does it).
import { join } from 'node:path';
import { ensureVenv, root, run, venvPython } from './python-venv.mjs';

ensureVenv((line) => process.stdout.write(`Python tests: ${line}\n`));
// From python/, so that `import robotsmatch` is the installed wheel (the src layout keeps python/src off the path).
process.exit(run(venvPython, ['-m', 'pytest', '-p', 'no:cacheprovider', '-q', 'tests'], { cwd: join(root, 'python') }));
