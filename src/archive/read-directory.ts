// Captures from a plain directory: one file per host, named by the host
// (`example.com` or `example.com.txt`), holding the robots.txt that host
// served with status 200, for both https and http. Other statuses and
// redirects need a JSON Lines or WARC archive. Hidden files are skipped; a
// symbolic link is followed (a link to a regular file is that host's file,
// to anything else skipped as a directory is). Each file is read only up to
// the archive's limit + 1 bytes, as a live fetch reads a long file. A file
// that cannot be read (no permission, a link to nothing) is that host's
// problem, not the run's: a capture with no response, so unreachable, with
// why as its reason.

import { readdir, open, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Capture } from './capture.js';
import { ArchiveError } from './errors.js';

export async function* readDirectory(path: string, limit = 512_000): AsyncGenerator<[Capture, string]> {
  const entries = await readdir(path, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith('.') || !(entry.isFile() || entry.isSymbolicLink())) continue;
    const where = join(path, entry.name);
    const host = entry.name.replace(/\.txt$/i, '');
    let parsed: URL | undefined;
    try {
      parsed = new URL(`https://${host}/robots.txt`);
    } catch {
      parsed = undefined;
    }
    if (parsed?.pathname !== '/robots.txt' || parsed.username || parsed.search) {
      throw new ArchiveError(
        where,
        `${JSON.stringify(entry.name)} is not a host name (a directory archive holds one file per host, named by it)`,
      );
    }
    let capture: Omit<Capture, 'url'>;
    try {
      // Following a link: a directory or a pipe behind it is no host's file (a pipe's open would wait for a writer).
      if (!(await stat(where)).isFile()) continue;
      capture = { status: 200, body: await readUpTo(where, limit + 1) };
    } catch (error) {
      const e = error as NodeJS.ErrnoException;
      capture = { status: null, error: `the archive's file ${where} cannot be read (${e.code ?? e.message})` };
    }
    for (const scheme of ['https', 'http']) yield [{ url: `${scheme}://${parsed.host}/robots.txt`, ...capture }, where];
  }
}

/** The first `most` bytes of a file (all of a shorter one): a huge file is never read whole. */
async function readUpTo(path: string, most: number): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    // Sized by the file (most files are small), grown if it grows meanwhile.
    let buffer = Buffer.allocUnsafe(Math.min(most, Math.max(size, 1)));
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length >= most) break;
        const bigger = Buffer.allocUnsafe(Math.min(most, length * 2));
        buffer.copy(bigger, 0, 0, length);
        buffer = bigger;
      }
      const { bytesRead } = await file.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return buffer.subarray(0, length);
  } finally {
    await file.close();
  }
}
