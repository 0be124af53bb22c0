// Opening archives by path: a directory, a WARC file or a JSON Lines file,
// told by the name (.warc, .warc.gz, .jsonl, .jsonl.gz, .ndjson) or else
// by the first bytes (gzip is looked into); all read into one RobotsArchive.

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { noteCuts, RobotsArchive, type ArchiveOptions } from './archive.js';
import type { Capture } from './capture.js';
import { ArchiveError } from './errors.js';
import { firstMember, ungzipAll } from './gzip-members.js';
import { readDirectory } from './read-directory.js';
import { readJsonl } from './read-jsonl.js';
import { type CutTally, readWarc } from './read-warc.js';

export type ArchiveFormat = 'warc' | 'jsonl' | 'directory';

/** Reads every path into one archive (later paths' captures of a URL win when undated). */
export async function openArchive(paths: string | readonly string[], options?: ArchiveOptions): Promise<RobotsArchive> {
  const archive = new RobotsArchive(options);
  for (const path of typeof paths === 'string' ? [paths] : paths) await addPath(archive, path);
  return archive;
}

/** Adds the captures of one path to `archive`. */
export async function addPath(archive: RobotsArchive, path: string): Promise<void> {
  const cuts: CutTally = { count: 0 };
  for await (const [capture, where] of readPath(path, archive.maxBytes, cuts)) archive.add(capture, where);
  if (cuts.count) archive[noteCuts](cuts);
}

/**
 * The captures of one path, in the order it holds them, with where each is
 * (WARC bodies decoded up to `limit` + 1 bytes). `-` is standard input; a
 * path that is not a regular file (a pipe, `<(...)`) is read the same way:
 * once, from its start, never seeking. `cuts`, when given, counts the gzip
 * members of a WARC file found cut short and keeps where the first fell (the
 * records they lose are not captures, so nothing else tells of them).
 */
export async function* readPath(path: string, limit?: number, cuts?: CutTally): AsyncGenerator<[Capture, string]> {
  if (path !== '-' && (await stat(path)).isDirectory()) {
    yield* readDirectory(path, limit);
    return;
  }
  const name = path === '-' ? 'standard input' : path;
  const source = path === '-' ? process.stdin : createReadStream(path, { highWaterMark: 1 << 20 });
  const { head, rest } = await headOf(source);
  const gzip = head[0] === 0x1f && head[1] === 0x8b;
  const format = formatOf(path, head, gzip, name);
  // A .warc.gz is ungzipped here, not by warcio: warcio stops without an error at a cut gzip member, and the records after it would be lost in silence.
  if (format === 'warc') yield* readWarc(gzip ? ungzipAll(rest, name) : rest, name, limit, gzip, cuts);
  else yield* readJsonl(gzip ? gunzipped(rest, name) : rest, name);
}

/** Bytes looked at to tell the format. */
const HEAD = 65536;

/** The first bytes of a stream (up to HEAD, fewer when it ends sooner), and all of its bytes from the start, read once. */
async function headOf(source: AsyncIterable<Uint8Array>): Promise<{ head: Buffer; rest: AsyncIterable<Uint8Array> }> {
  const chunks = source[Symbol.asyncIterator]();
  const taken: Buffer[] = [];
  let length = 0;
  while (length < HEAD) {
    const next = await chunks.next();
    if (next.done) break;
    taken.push(Buffer.from(next.value));
    length += next.value.length;
  }
  const rest = (async function* () {
    yield* taken;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  })();
  return { head: Buffer.concat(taken).subarray(0, HEAD), rest };
}

function formatOf(path: string, start: Buffer, gzip: boolean, name: string): 'warc' | 'jsonl' {
  if (/\.warc(\.gz)?$/i.test(path)) return 'warc';
  if (/\.(jsonl|ndjson)(\.gz)?$/i.test(path)) return 'jsonl';
  let head = start;
  // The start of the first member (a later one may be cut), and of the one inside it for a file gzipped twice.
  for (let depth = 0; gzip && depth < 3 && head[0] === 0x1f && head[1] === 0x8b; depth++) {
    const inflated = firstMember(head);
    if (inflated === undefined) throw new ArchiveError(name, 'is not valid gzip');
    head = inflated;
  }
  const text = head.toString('latin1').trimStart();
  if (text.startsWith('WARC/')) return 'warc';
  if (text.startsWith('{') || text === '') return 'jsonl';
  throw new ArchiveError(
    name,
    'is not an archive robotsmatch reads: a WARC file, JSON Lines of captures, or a directory of one file per host',
  );
}

/** Gzipped bytes ungzipped (every member of a file of many, as a WARC's records are; a cut one is an ArchiveError). */
async function* gunzipped(bytes: AsyncIterable<Uint8Array>, name: string): AsyncGenerator<Uint8Array> {
  const gunzip = createGunzip({ chunkSize: 1 << 20 });
  Readable.from(bytes)
    .on('error', (error) => gunzip.destroy(error))
    .pipe(gunzip);
  try {
    for await (const chunk of gunzip) yield chunk as Buffer;
  } catch (error) {
    throw new ArchiveError(name, `is not valid gzip (${(error as Error).message})`);
  }
}
