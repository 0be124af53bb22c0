// Writing a file the user already has (lint --fix), where the path points:
// through a symbolic link to its target (a `public/robots.txt ->
// shared/robots.txt` deploy layout fixes the shared file and keeps the
// link), keeping the file's mode, owner and group (a robots.txt owned by the
// web server's user stays readable to it). The new text goes to a temporary
// file next to the target, which then replaces it in one rename, so a write
// that fails part-way (a full disk, a quota, an interrupt) leaves the
// original as it was, never a robots.txt cut mid-line.
//
// A file with other hard links is written in place instead (a rename would
// split the links): a copy of the original is kept next to it until the new
// text is on disk, and put back if the write fails or is interrupted. Refused, with the file unchanged: anything but a regular
// file (/dev/stdin, a FIFO, a device), a file with no write permission (mode
// 444, even for root), and a file whose owner the fix could not keep.

import { randomBytes } from 'node:crypto';
import { copyFileSync, unlinkSync } from 'node:fs';
import { copyFile, open, realpath, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { endBySignal } from './signal-stop.js';

/** Why --fix will not write a file; the message is a sentence about the file, which is unchanged. */
export class WriteRefusedError extends Error {
  override name = 'WriteRefusedError';
}

/**
 * Replaces the contents of the file `path` names with `text`: through links,
 * keeping mode, owner and group, atomically (in place, after a backup, when
 * the file has other hard links). Throws WriteRefusedError for the files
 * above, and the file-system error for anything else; the file is unchanged
 * and no temporary file is left, even when the process is interrupted.
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const target = await realpath(path);
  const info = await stat(target);
  if (!info.isFile()) throw new WriteRefusedError('it is not a regular file (a device, a pipe or a folder)');
  const mode = info.mode & 0o7777;
  if ((mode & 0o222) === 0) throw new WriteRefusedError(`it is read-only (mode ${mode.toString(8)})`);
  if (info.nlink > 1) return writeInPlace(target, text);

  const temporary = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  await withCleanup(
    temporary,
    () => {},
    async () => {
      const file = await open(temporary, 'wx', mode);
      try {
        await file.writeFile(text);
        await file.chmod(mode); // open()'s mode is narrowed by the umask; the file's own bits are the ones to keep
        if (info.uid !== process.getuid?.() || info.gid !== process.getgid?.()) {
          await file.chown(info.uid, info.gid).catch(() => {
            throw new WriteRefusedError(
              `it belongs to user ${info.uid} and group ${info.gid}, which the fixed file could not keep (run the fix as its owner)`,
            );
          });
        }
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temporary, target);
    },
  );
}

/** Writes over the file itself (its inode, so every hard link sees the fix), with a backup until the write is done. */
async function writeInPlace(target: string, text: string): Promise<void> {
  const backup = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.backup`);
  await copyFile(target, backup);
  const restore = () => copyFileSync(backup, target);
  await withCleanup(backup, restore, async () => {
    const file = await open(target, 'r+');
    try {
      const bytes = Buffer.from(text);
      await file.write(bytes, 0, bytes.length, 0);
      await file.truncate(bytes.length);
      await file.sync();
    } catch (error) {
      restore(); // the backup has every byte of the original
      throw error;
    } finally {
      await file.close();
    }
  });
}

/**
 * Runs `write`, then removes `leftover` (the temporary file or backup)
 * whether it succeeded or failed. When SIGINT or SIGTERM arrives meanwhile,
 * `undo` runs first, then the process ends as the signal would have ended it.
 * The handlers stay until the process ends: with `once`, a second Ctrl-C
 * during the cleanup would find no handler and kill the process halfway
 * through putting the backup back.
 */
async function withCleanup(leftover: string, undo: () => void, write: () => Promise<void>): Promise<void> {
  const onSignal = (signal: NodeJS.Signals) => {
    try {
      undo();
      unlinkSync(leftover);
    } catch {}
    endBySignal(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    await write();
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await unlink(leftover).catch(() => {});
  }
}
