// Writing a file the user already has (lint --fix): the new text goes to a
// temporary file next to it, which then replaces it in one rename. A write
// that fails part-way (a full disk, a quota, a file-size limit) leaves the
// original as it was, never a robots.txt cut mid-line.

import { open, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Replaces `path` with `text`, keeping the file's permission bits. The
 * temporary file is in the same directory (a rename across file systems is
 * not atomic) and is removed when anything fails.
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const mode = (await stat(path)).mode & 0o7777;
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const file = await open(temporary, 'wx', mode);
  try {
    try {
      await file.writeFile(text);
      await file.chmod(mode); // open()'s mode is narrowed by the umask; the file's own bits are the ones to keep
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
}
