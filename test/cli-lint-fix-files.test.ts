// `robotsmatch lint --fix` writes where the path points, as a user runs it
// on real files: through a symbolic link to its target (the link kept), over
// a file with hard links in place (every link sees the fix), keeping mode,
// owner and group; a read-only file, a device and a pipe are refused with
// one line and the file unchanged; no temporary file is left behind.
import {
  chmodSync,
  chownSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { robotsmatch, shell } from './support/cli.js';
import { scratchDir } from './support/files.js';

// Line 2 lacks its colon: a safe fix (`Disallow: /private/`).
const FIXABLE = 'User-agent: *\nDisallow /private/\n';
const FIXED = 'User-agent: *\nDisallow: /private/\n';
const { dir, file } = scratchDir('lint-fix-files');
const asRoot = process.getuid?.() === 0;

/** The names in `folder` that a write left behind (temporary files and backups). */
const leftovers = (folder: string) => readdirSync(folder).filter((name) => /\.(tmp|backup)$/.test(name));

describe('lint --fix writes where the path points', () => {
  test('a symbolic link: the target is fixed and the link stays a link (public/robots.txt -> shared/robots.txt)', async () => {
    mkdirSync(join(dir, 'shared'));
    mkdirSync(join(dir, 'public'));
    const target = file('shared/robots.txt', FIXABLE);
    const link = join(dir, 'public', 'robots.txt');
    symlinkSync('../shared/robots.txt', link);
    const r = await robotsmatch(['lint', link, '--fix']);
    expect(r.stderr).toContain('fixed 1 line');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe(FIXED);
    expect([...leftovers(join(dir, 'shared')), ...leftovers(join(dir, 'public'))]).toEqual([]);
  });

  test('a file with a hard link is written in place: both names see the fix, one inode', async () => {
    mkdirSync(join(dir, 'hard'));
    const first = file('hard/robots.txt', FIXABLE);
    const second = join(dir, 'hard', 'robots.copy.txt');
    linkSync(first, second);
    const inode = statSync(first).ino;
    const r = await robotsmatch(['lint', first, '--fix']);
    expect(r.stderr).toContain('fixed 1 line');
    expect(readFileSync(second, 'utf8')).toBe(FIXED);
    expect(statSync(first).ino).toBe(inode);
    expect(statSync(first).nlink).toBe(2);
    expect(leftovers(join(dir, 'hard'))).toEqual([]);
  });

  test('the mode is kept, and a read-only file (mode 444) is refused, unchanged, even when the folder is writable', async () => {
    mkdirSync(join(dir, 'modes'));
    const kept = file('modes/robots.txt', FIXABLE);
    chmodSync(kept, 0o640);
    expect((await robotsmatch(['lint', kept, '--fix'])).stderr).toContain('fixed 1 line');
    expect(statSync(kept).mode & 0o777).toBe(0o640);

    const readOnly = file('modes/locked.txt', FIXABLE);
    chmodSync(readOnly, 0o444);
    const r = await robotsmatch(['lint', readOnly, '--fix']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /cannot write the fixes to .*locked\.txt: it is read-only \(mode 444\); the file is unchanged/,
    );
    expect(readFileSync(readOnly, 'utf8')).toBe(FIXABLE);
    expect(statSync(readOnly).mode & 0o777).toBe(0o444);
    expect(leftovers(join(dir, 'modes'))).toEqual([]);
  });

  test.skipIf(!asRoot)('run as root, the owner and group stay the file’s (nobody:nogroup 640)', async () => {
    mkdirSync(join(dir, 'owned'));
    const owned = file('owned/robots.txt', FIXABLE);
    chmodSync(owned, 0o640);
    chownSync(owned, 65534, 65534);
    expect((await robotsmatch(['lint', owned, '--fix'])).stderr).toContain('fixed 1 line');
    const info = statSync(owned);
    expect([info.uid, info.gid, info.mode & 0o777]).toEqual([65534, 65534, 0o640]);
    expect(readFileSync(owned, 'utf8')).toBe(FIXED);
  });

  test('/dev/stdin given a pipe is not a file to write: refused in one line, and /dev/stdin stays a link', async () => {
    const r = await shell(
      `printf '${FIXABLE.replace(/\n/g, '\\n')}' | "${process.execPath}" ${JSON.stringify(
        join(import.meta.dirname, '..', 'dist', 'cli', 'main.js'),
      )} lint /dev/stdin --fix`,
    );
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/cannot write the fixes to \/dev\/stdin: .*; the file is unchanged/);
    expect(lstatSync('/dev/stdin').isSymbolicLink()).toBe(true);
  });
});
