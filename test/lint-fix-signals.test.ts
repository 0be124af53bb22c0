// `robotsmatch lint --fix` interrupted while it writes: SIGINT (Ctrl-C) or
// SIGTERM, sent twice, the moment its temporary file appears next to a
// 5 MB robots.txt. The file must be the original or the fully fixed text, never
// a part of either, and no `.<name>.<hex>.tmp` may be left behind.
import { describe, expect, test } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from './support/cli.js';
import { scratchDir } from './support/files.js';

const { dir } = scratchDir('fix-signals');

// One safe fix (the misspelt key) and 5 MB of comments, so that writing and syncing the fixed file takes a while.
const PADDING = `${Array.from({ length: 50_000 }, () => `# ${'x'.repeat(97)}`).join('\n')}\n`;
const ORIGINAL = `User-agent: *\nDissallow: /private/\n${PADDING}`;
const FIXED = `User-agent: *\nDisallow: /private/\n${PADDING}`;
const TEMPORARY = /^\.robots\.txt\.[0-9a-f]+\.tmp$/;

/** Runs `lint --fix` on a fresh copy and sends `signal` as soon as its temporary file is created; its exit status. */
function interrupted(signal: NodeJS.Signals): Promise<number | NodeJS.Signals | null> {
  const path = join(dir, 'robots.txt');
  writeFileSync(path, ORIGINAL);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'lint', path, '--fix', '--max-bytes', '6000000'], { stdio: 'ignore' });
    let sent = false;
    const watcher = watch(dir, (_event, name) => {
      if (sent || !name || !TEMPORARY.test(name)) return;
      sent = true;
      // Twice, as an impatient Ctrl-C does: the second must not kill the process halfway through its cleanup.
      child.kill(signal);
      child.kill(signal);
    });
    child.on('error', reject);
    child.on('close', (status, bySignal) => {
      watcher.close();
      resolve(bySignal ?? status);
    });
  });
}

describe.skipIf(!existsSync(cli))('lint --fix interrupted while it writes', () => {
  test.each(['SIGINT', 'SIGTERM'] as const)(
    '%s: the original or the whole fix, and no temporary file left',
    async (signal) => {
      const statuses: (number | NodeJS.Signals | null)[] = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        const status = await interrupted(signal);
        statuses.push(status);
        const text = readFileSync(join(dir, 'robots.txt'), 'utf8');
        expect(text === ORIGINAL || text === FIXED, `attempt ${attempt}: a partial file`).toBe(true);
        expect(readdirSync(dir).filter((name) => TEMPORARY.test(name))).toEqual([]);
        // Ended by the signal, raised again once its handler cleaned up (a kill halfway would leave the
        // temporary file or a partial file, checked above); 0: the write was done before the signal came.
        expect([0, signal]).toContain(status);
      }
      // The signal came while the temporary file existed at least once, so the cleanup path ran.
      expect(statuses).toContain(signal);
    },
    60_000,
  );
});
