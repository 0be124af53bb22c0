// The core's compiler as a linter: AssemblyScript prints a warning (a 32/64-bit
// conversion, an unused or shadowed value) and still builds, so `npm run build`
// would let one through. This compiles assembly/index.ts as the release build
// does, into a temporary folder, and exits non-zero when the compiler says
// anything at all.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), 'robotsmatch-lint-core-'));
try {
  const asc = join(root, 'node_modules', '.bin', 'asc');
  const result = spawnSync(asc, ['assembly/index.ts', '--target', 'release', '-o', join(out, 'core.wasm')], {
    cwd: root,
    encoding: 'utf8',
  });
  const said = `${result.stdout}${result.stderr}`.trim();
  if (result.status !== 0 || /\b(WARNING|ERROR)\b/.test(said)) {
    process.stderr.write(`${said}\nCore lint: the AssemblyScript compiler reported the findings above.\n`);
    process.exit(1);
  }
  process.stdout.write('Core lint: asc reported nothing\n');
} finally {
  rmSync(out, { recursive: true, force: true });
}
