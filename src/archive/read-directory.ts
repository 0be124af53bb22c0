// Captures from a plain directory: one file per host, named by the host
// (`example.com` or `example.com.txt`), holding the robots.txt that host
// served with status 200, for both https and http. Other statuses and
// redirects need a JSON Lines or WARC archive. Hidden files are skipped.

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Capture } from './capture.js';
import { ArchiveError } from './errors.js';

export async function* readDirectory(path: string): AsyncGenerator<[Capture, string]> {
  const entries = await readdir(path, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith('.') || !entry.isFile()) continue;
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
    const body = await readFile(where);
    for (const scheme of ['https', 'http'])
      yield [{ url: `${scheme}://${parsed.host}/robots.txt`, status: 200, body }, where];
  }
}
