// The repository's two commands, as the README gives them: `npm
// start` installs what is missing, builds quietly and shows the example's
// answer; `npm test` ends by saying which tests it skipped and why. The
// scripts run here in a copy of scripts/ with a stand-in `npm` first on
// PATH, which records what it is asked to do: a real install and build take
// minutes and the network, and what is under test is what the scripts do
// with them.
import { describe, expect, test } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchDir } from './support/files.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const { dir } = scratchDir('repo-commands');

/** A clone-like folder: scripts/start.mjs and scripts/test.mjs, and a stand-in npm that logs its arguments. */
function clone(name: string, { installed = false, buildFails = false } = {}) {
  const at = join(dir, name);
  mkdirSync(join(at, 'scripts'), { recursive: true });
  mkdirSync(join(at, 'bin'));
  for (const script of ['start.mjs', 'test.mjs'])
    copyFileSync(join(root, 'scripts', script), join(at, 'scripts', script));
  const tools =
    'for t in asc tsup wasm-opt tsc vitest; do printf "#!/bin/sh\\necho \\"$t \\$*\\" >> \\"$NPM_LOG\\"\\n" > node_modules/.bin/$t; chmod +x node_modules/.bin/$t; done';
  writeFileSync(
    join(at, 'bin', 'npm'),
    `#!/bin/sh
echo "npm $*" >> "$NPM_LOG"
case "$1" in
  ci) mkdir -p node_modules/.bin && ${tools} ;;
  run)
    i=0; while [ $i -lt 100 ]; do echo "build output line $i"; i=$((i+1)); done
    ${buildFails ? 'echo "asc: ERROR TS2304: Cannot find name" >&2; exit 1' : 'mkdir -p dist/cli && echo "console.log(\\"the example answer\\")" > dist/cli/main.js'} ;;
esac
`,
  );
  chmodSync(join(at, 'bin', 'npm'), 0o755);
  if (installed) {
    mkdirSync(join(at, 'node_modules', '.bin'), { recursive: true });
    for (const t of ['asc', 'tsup', 'wasm-opt']) writeFileSync(join(at, 'node_modules', '.bin', t), '');
  }
  return at;
}

function run(
  at: string,
  script: string,
  args: string[] = [],
  env: Record<string, string | undefined> = {},
): Promise<{ status: number | null; stdout: string; stderr: string; log: string[] }> {
  const log = join(at, 'npm.log');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(at, 'scripts', script), ...args], {
      cwd: at,
      // A variable given as undefined is left out; FORCE_COLOR only where a test sets it.
      env: Object.fromEntries(
        Object.entries({
          ...process.env,
          FORCE_COLOR: undefined,
          PATH: `${join(at, 'bin')}:${process.env.PATH}`,
          NPM_LOG: log,
          ...env,
        }).filter(([, value]) => value !== undefined),
      ),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) =>
      resolve({ status, stdout, stderr, log: existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [] }),
    );
  });
}

describe('npm start and npm test, as package.json runs them', () => {
  test('package.json runs the two scripts', () => {
    const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
    expect(scripts.start).toBe('node scripts/start.mjs');
    expect(scripts.test).toBe('node scripts/test.mjs');
  });

  test("npm start in a clone never installed: npm ci, a quiet build, then the example's answer and nothing of the build", async () => {
    const at = clone('fresh');
    const r = await run(at, 'start.mjs');
    expect(r.status).toBe(0);
    expect(r.log).toEqual(['npm ci --no-audit --no-fund', 'npm run build --silent']);
    expect(r.stdout).toBe('the example answer\n');
    expect(r.stderr).toBe('Installing the dependencies (npm ci, once)...\nBuilding...\n\n');
    // Installed now: the next start only builds.
    const again = await run(at, 'start.mjs');
    expect(again.log.slice(2)).toEqual(['npm run build --silent']);
  });

  test('npm start with dist/ newer than every source skips the build, and builds again after a source changes', async () => {
    const at = clone('built', { installed: true });
    const past = new Date(Date.now() - 3_600_000);
    mkdirSync(join(at, 'src'));
    writeFileSync(join(at, 'src', 'index.ts'), '');
    mkdirSync(join(at, 'dist', 'cli'), { recursive: true });
    writeFileSync(join(at, 'dist', 'cli', 'main.js'), 'console.log("the example answer")\n');
    writeFileSync(join(at, 'dist', 'robotsmatch.wasm'), '');
    for (const old of ['src/index.ts', 'src', 'scripts/start.mjs', 'scripts/test.mjs', 'scripts'])
      utimesSync(join(at, old), past, past);
    const r = await run(at, 'start.mjs');
    expect(r.log).toEqual([]);
    expect(r.stderr).toBe('Built already (dist/ is newer than its sources): not rebuilding\n\n');
    expect(r.stdout).toBe('the example answer\n');
    const future = new Date(Date.now() + 60_000);
    utimesSync(join(at, 'src', 'index.ts'), future, future);
    expect((await run(at, 'start.mjs')).log).toEqual(['npm run build --silent']);
  });

  test('npm run build:site and build:extension build as quietly: one line, then their own', async () => {
    const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
    expect(scripts['build:site']).toBe('node scripts/start.mjs --build && node scripts/build-site.mjs');
    expect(scripts['build:extension']).toBe('node scripts/start.mjs --build && node scripts/build-extension.mjs');
    const at = clone('site', { installed: true });
    const r = await run(at, 'start.mjs', ['--build']);
    expect(r.status).toBe(0);
    expect(r.log).toEqual(['npm run build --silent']);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('Building...\n');
  });

  test('a build that fails shows its output, says which step failed, and exits non-zero', async () => {
    const at = clone('broken', { installed: true, buildFails: true });
    const r = await run(at, 'start.mjs');
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('build output line 99');
    expect(r.stderr).toContain('asc: ERROR TS2304: Cannot find name');
    expect(r.stderr).toContain('Building failed (npm run build --silent, exit status 1); its output is above');
  });

  test('npm test installs when needed, builds, type-checks, runs vitest, and says the Python tests are not in this clone', async () => {
    const at = clone('tests');
    const r = await run(at, 'test.mjs');
    expect(r.status).toBe(0);
    // Its output is a pipe here, not a terminal: vitest is told not to colour it.
    expect(r.log).toEqual([
      'npm ci --no-audit --no-fund',
      'npm run build --silent',
      'tsc -p .',
      'vitest run --no-color',
    ]);
    expect(r.stdout).toContain('Python tests: none in this clone (no python/ folder)');
    // A python/ folder without its runner: said, not passed over in silence.
    mkdirSync(join(at, 'python'));
    expect((await run(at, 'test.mjs')).stdout).toContain(
      'Python tests: skipped, python/ is here but scripts/test-python.mjs, which runs them, is not',
    );
    // With the runner, it runs after vitest.
    writeFileSync(join(at, 'scripts', 'test-python.mjs'), 'console.log("python tests ran")\n');
    expect((await run(at, 'test.mjs')).stdout).toContain('python tests ran');
    // Arguments go to vitest, and a chosen file runs alone.
    const chosen = await run(at, 'test.mjs', ['test/cli.test.ts']);
    expect(chosen.log.at(-1)).toBe('vitest run --no-color test/cli.test.ts');
    expect(chosen.stdout).not.toContain('python tests ran');
  });

  test('npm test > file writes no colour codes; FORCE_COLOR keeps them', async () => {
    const at = clone('colour');
    expect((await run(at, 'test.mjs')).log.at(-1)).toBe('vitest run --no-color');
    const forced = await run(at, 'test.mjs', [], { FORCE_COLOR: '1' });
    expect(forced.log.at(-1)).toBe('vitest run');
    // vitest itself, told so, writes none (it colours a file otherwise: TERM is all it reads).
    const dir = join(at, 'one');
    mkdirSync(dir);
    writeFileSync(join(dir, 'one.test.ts'), "import { test } from 'vitest';\ntest('runs', () => {});\n");
    const vitest = join(root, 'node_modules', '.bin', 'vitest');
    const plain = spawnSync(vitest, ['run', '--no-color', '--root', dir], {
      encoding: 'utf8',
      env: { ...process.env, TERM: 'xterm' },
    });
    expect(plain.stdout).toContain('1 passed');
    expect(plain.stdout).not.toContain('\x1b[');
  });

  test('the vitest run ends with every skipped test and its reason (test/support/skipped-reporter.ts, in vitest.config.ts)', async () => {
    const config = readFileSync(join(root, 'vitest.config.ts'), 'utf8');
    expect(config).toContain("reporters: ['default', './test/support/skipped-reporter.ts']");
    const at = join(dir, 'skipping');
    mkdirSync(at);
    writeFileSync(
      join(at, 'some.test.ts'),
      "import { test } from 'vitest';\ntest.skipIf(true)('on Node 22 (skipped: Node 22 is not installed)', () => {});\ntest('runs', () => {});\n",
    );
    const r = await new Promise<string>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          join(root, 'node_modules/vitest/vitest.mjs'),
          'run',
          '--root',
          at,
          '--reporter',
          'default',
          '--reporter',
          join(root, 'test/support/skipped-reporter.ts'),
        ],
        { cwd: at, env: { ...process.env, NO_COLOR: '1' } },
      );
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d));
      child.on('error', reject);
      child.on('close', () => resolve(out));
    });
    expect(r).toContain(
      '1 test skipped, each saying why:\n  some.test.ts > on Node 22 (skipped: Node 22 is not installed)\n',
    );
  });
});
