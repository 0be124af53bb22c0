// Which robots.txt files a command reads when it is given names: lint and
// audit read the same ones. A file, `-` or a URL is read as given; a
// directory means every .txt file under it, sorted by name, leaving out
// dot-directories and node_modules. An entry that cannot be read (a loop of
// symbolic links, a link to nothing, a name that is not UTF-8) is skipped
// with a line on stderr, and the rest are still read: one bad entry among
// 20,000 files does not stop a study.

import { lstat, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describeFsError } from './robots-source.js';
import { isUrl } from './options.js';

export interface RobotsFilesReport {
  /** An entry of a directory left out, and why (a warning: the exit status does not change). */
  skipped(line: string): void;
  /** A name given that cannot be read at all (an error: exit 2 at the end). */
  failed(line: string): void;
}

const utf8 = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true });
const TXT = /* @__PURE__ */ Buffer.from('.txt');

/**
 * The inputs `specs` name, one at a time (a directory is walked as it is
 * read, so a command that stops early walks no further).
 */
export async function* robotsFiles(specs: string[], report: RobotsFilesReport): AsyncGenerator<string> {
  for (const spec of specs) {
    if (spec === '-' || isUrl(spec)) {
      yield spec;
      continue;
    }
    const info = await stat(spec).catch(() => undefined);
    if (!info?.isDirectory()) {
      yield spec; // the reader says why a file cannot be read
      continue;
    }
    let found = 0;
    for await (const path of filesUnder(spec, report)) {
      found++;
      yield path;
    }
    if (found === 0) report.failed(`robotsmatch: ${spec}: no .txt file in this directory\n`);
  }
}

async function* filesUnder(dir: string, report: RobotsFilesReport): AsyncGenerator<string> {
  let names: Buffer[];
  try {
    names = await readdir(dir, { encoding: 'buffer' });
  } catch (error) {
    report.failed(`robotsmatch: cannot read the directory ${dir}: ${describeFsError(error)}\n`);
    return;
  }
  names.sort(Buffer.compare);
  for (const raw of names) {
    let name: string;
    try {
      name = utf8.decode(raw);
    } catch {
      // Only what would have been read is worth a line: a .txt file or a folder.
      const shown = join(dir, raw.toString('utf8'));
      const entry = await lstat(Buffer.concat([Buffer.from(`${dir}/`), raw])).catch(() => undefined);
      if (raw.subarray(-TXT.length).equals(TXT) || entry?.isDirectory())
        report.skipped(`robotsmatch: skipped ${JSON.stringify(shown)}: its name is not UTF-8\n`);
      continue;
    }
    const path = join(dir, name);
    let entry: Awaited<ReturnType<typeof lstat>>;
    try {
      entry = await lstat(path);
      if (entry.isSymbolicLink()) {
        // A link is read when it names a .txt file; a link to a folder is not followed (it can lead back up: a loop).
        if (!name.endsWith('.txt')) continue;
        entry = await stat(path);
        if (entry.isDirectory()) continue;
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why =
        code === 'ELOOP'
          ? 'a loop of symbolic links'
          : code === 'ENOENT'
            ? 'a symbolic link to nothing'
            : describeFsError(error);
      report.skipped(`robotsmatch: skipped ${path}: ${why}\n`);
      continue;
    }
    if (entry.isDirectory()) {
      if (!name.startsWith('.') && name !== 'node_modules') yield* filesUnder(path, report);
    } else if (entry.isFile() && name.endsWith('.txt')) yield path;
  }
}
