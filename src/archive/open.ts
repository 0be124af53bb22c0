// Opening archives by path: a directory, a WARC file or a JSON Lines file,
// told by the name (.warc, .warc.gz, .jsonl, .jsonl.gz, .ndjson) or else
// by the first bytes (gzip is looked into); all read into one RobotsArchive.

import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { createGunzip, gunzipSync, constants } from 'node:zlib';
import { RobotsArchive, type ArchiveOptions } from './archive.js';
import type { Capture } from './capture.js';
import { ArchiveError } from './errors.js';
import { readDirectory } from './read-directory.js';
import { readJsonl } from './read-jsonl.js';
import { readWarc } from './read-warc.js';

export type ArchiveFormat = 'warc' | 'jsonl' | 'directory';

/** Reads every path into one archive (later paths' captures of a URL win when undated). */
export async function openArchive(paths: string | readonly string[], options?: ArchiveOptions): Promise<RobotsArchive> {
  const archive = new RobotsArchive(options);
  for (const path of typeof paths === 'string' ? [paths] : paths) await addPath(archive, path);
  return archive;
}

/** Adds the captures of one path to `archive`. */
export async function addPath(archive: RobotsArchive, path: string): Promise<void> {
  for await (const [capture, where] of readPath(path, archive.maxBytes)) archive.add(capture, where);
}

/** The captures of one path, in the order it holds them, with where each is (WARC bodies decoded up to `limit` + 1 bytes). */
export async function* readPath(path: string, limit?: number): AsyncGenerator<[Capture, string]> {
  const info = await stat(path);
  if (info.isDirectory()) {
    yield* readDirectory(path);
    return;
  }
  const format = await formatOf(path);
  // A .warc.gz is ungzipped here, not by warcio: warcio stops without an error at a cut gzip member, and the records after it would be lost in silence.
  if (format === 'warc') yield* readWarc(await gunzipped(path), path, limit);
  else yield* readJsonl(await gunzipped(path), path);
}

async function formatOf(path: string): Promise<'warc' | 'jsonl'> {
  if (/\.warc(\.gz)?$/i.test(path)) return 'warc';
  if (/\.(jsonl|ndjson)(\.gz)?$/i.test(path)) return 'jsonl';
  const handle = await open(path);
  let head: Buffer;
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(65536), 0, 65536, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (head[0] === 0x1f && head[1] === 0x8b) {
    try {
      head = gunzipSync(head, { finishFlush: constants.Z_SYNC_FLUSH });
    } catch {
      throw new ArchiveError(path, 'is not valid gzip');
    }
  }
  const start = head.toString('latin1').trimStart();
  if (start.startsWith('WARC/')) return 'warc';
  if (start.startsWith('{') || start === '') return 'jsonl';
  throw new ArchiveError(
    path,
    'is not an archive robotsmatch reads: a WARC file, JSON Lines of captures, or a directory of one file per host',
  );
}

/** A file's bytes, ungzipped when it starts with gzip's magic bytes (every member of a file of many, as a WARC's records are; a cut one is an ArchiveError). */
async function gunzipped(path: string): Promise<AsyncIterable<Uint8Array>> {
  const handle = await open(path);
  let magic: Buffer;
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    magic = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const file = createReadStream(path, { highWaterMark: 1 << 20 });
  if (!(magic[0] === 0x1f && magic[1] === 0x8b)) return file;
  const gunzip = file.pipe(createGunzip({ chunkSize: 1 << 20 }));
  file.on('error', (error) => gunzip.destroy(error));
  return (async function* () {
    try {
      for await (const chunk of gunzip) yield chunk as Buffer;
    } catch (error) {
      throw new ArchiveError(path, `is not valid gzip (${(error as Error).message})`);
    }
  })();
}
