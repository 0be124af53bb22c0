// The join of a URL table in any order, in bounded memory. The compiled
// cache holds a bounded number of origins: a table whose rows visit more
// origins than that in random order (crawl order) makes each file compiled
// again every time its origin comes back after being let go. When the join
// sees that happen (most of a chunk's compiles are files compiled again),
// the rest of the table is partitioned by origin into temporary files, a
// partition holding a fraction of the origins; each partition is answered
// with each of its origins compiled about once; and the rows are written
// back in input order, taken from the partitions' answers in the order an
// order file recorded (a byte per row: its partition). So every output form
// is what the join in memory writes, byte for byte. Disk: the rows' lines
// (about the rest of the input), a byte per row, and the rows' output.

import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { CR, endLine, LF } from '../common/lines.js';
import { Batch } from './batch.js';
import type { RowForm, RowOptions } from './rows.js';

/** The join's rows a line at a time (ArchiveMatcher.lineRows). */
export type LineRows = (lines: Uint8Array, form: RowForm, options: RowOptions) => Iterable<Uint8Array>;

/** The most partitions (their partition is a byte of the order file; each one open costs a buffer). */
export const MAX_PARTITIONS = 256;
/** Bytes buffered per file written or read: the memory is about (partitions + 2) of these. */
const BUFFER = 1 << 15;
/** Bytes of whole lines answered at a time from a partition (a longer line makes its chunk longer). */
const CHUNK = 4 << 20;
const CR_LF = Uint8Array.of(CR, LF);
/** Bytes of output per piece handed out. */
const PIECE = 1 << 20;

/**
 * Whether a chunk's compiles say the cache misses too often: at least 64
 * files, and most of them, compiled again for origins let go before.
 */
export function thrashing(compiles: number, recompiles: number): boolean {
  return recompiles >= 64 && recompiles * 2 > compiles;
}

/**
 * How many partitions for `origins` origins (as many as seen so far) when
 * the cache holds `held`: each partition's origins about a quarter of what
 * the cache holds (room for more origins to come), 2 to MAX_PARTITIONS.
 */
export function partitionsFor(origins: number, held: number): number {
  return Math.min(MAX_PARTITIONS, Math.max(2, Math.ceil((4 * origins) / Math.max(1, held))));
}

/** An origin's partition (FNV-1a over its UTF-16 code units). */
function partitionOf(origin: string, partitions: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < origin.length; i++) h = Math.imul(h ^ origin.charCodeAt(i), 0x01000193);
  return (h >>> 0) % partitions;
}

function writeAll(fd: number, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
}

/** A file written through a buffer. */
class FileWriter {
  readonly fd: number;
  readonly #buffer = Buffer.allocUnsafe(BUFFER);
  #at = 0;
  #open = true;
  /** Bytes written, the buffered ones too. */
  written = 0;

  constructor(path: string) {
    this.fd = openSync(path, 'wx');
  }

  /** Makes room for `n` bytes in the buffer (false: they do not fit, write them directly). */
  #room(n: number): boolean {
    if (this.#at + n > BUFFER) this.flush();
    return n <= BUFFER;
  }

  bytes(bytes: Uint8Array): void {
    this.written += bytes.length;
    if (!this.#room(bytes.length)) {
      writeAll(this.fd, bytes);
      return;
    }
    this.#buffer.set(bytes, this.#at);
    this.#at += bytes.length;
  }

  /** Bytes [s, e) of `bytes` as a line: then LF, after one more CR when they end in CR (common/lines.ts). */
  line(bytes: Uint8Array, s: number, e: number): void {
    if (!this.#room(e - s + 2)) {
      this.bytes(bytes.subarray(s, e));
      this.bytes(bytes[e - 1] === CR ? CR_LF : CR_LF.subarray(1));
      return;
    }
    this.#buffer.set(bytes.subarray(s, e), this.#at);
    const end = endLine(this.#buffer, this.#at + e - s);
    this.written += end - this.#at;
    this.#at = end;
  }

  byte(b: number): void {
    this.#room(1);
    this.#buffer[this.#at++] = b;
    this.written++;
  }

  uint32(n: number): void {
    this.#room(4);
    this.#buffer.writeUInt32LE(n, this.#at);
    this.#at += 4;
    this.written += 4;
  }

  flush(): void {
    writeAll(this.fd, this.#buffer.subarray(0, this.#at));
    this.#at = 0;
  }

  close(): void {
    if (!this.#open) return;
    this.flush();
    this.#open = false;
    closeSync(this.fd);
  }

  /** Closes the file without writing what is buffered (once: its descriptor may be another file's afterwards). */
  drop(): void {
    if (!this.#open) return;
    this.#open = false;
    closeSync(this.fd);
  }
}

/** A file read forward from a position, through a buffer. */
class FileReader {
  #buffer = Buffer.allocUnsafe(BUFFER);
  #at = 0;
  #length = 0;

  constructor(
    readonly fd: number,
    private position: number,
  ) {}

  /** Makes `n` bytes readable at #at. */
  #need(n: number): void {
    const held = this.#length - this.#at;
    if (held >= n) return;
    if (n > this.#buffer.length) {
      const bigger = Buffer.allocUnsafe(n);
      this.#buffer.copy(bigger, 0, this.#at, this.#length);
      this.#buffer = bigger;
    } else this.#buffer.copyWithin(0, this.#at, this.#length);
    this.#at = 0;
    this.#length = held;
    while (this.#length < n) {
      const got = readSync(this.fd, this.#buffer, this.#length, this.#buffer.length - this.#length, this.position);
      if (got === 0) throw new Error('a temporary file of the join ended early (was it changed meanwhile?)');
      this.position += got;
      this.#length += got;
    }
  }

  byte(): number {
    this.#need(1);
    return this.#buffer[this.#at++]!;
  }

  uint32(): number {
    this.#need(4);
    const n = this.#buffer.readUInt32LE(this.#at);
    this.#at += 4;
    return n;
  }

  /** The next `n` bytes, a view valid until the next read. */
  bytes(n: number): Uint8Array {
    this.#need(n);
    this.#at += n;
    return this.#buffer.subarray(this.#at - n, this.#at);
  }
}

/** Whole lines of a file, about CHUNK bytes at a time, each a view valid until the next. */
function* chunksOf(path: string): Generator<Uint8Array> {
  const fd = openSync(path, 'r');
  try {
    let buffer = Buffer.allocUnsafe(CHUNK);
    let held = 0;
    for (;;) {
      if (held === buffer.length) {
        const bigger = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(bigger, 0, 0, held);
        buffer = bigger;
      }
      const got = readSync(fd, buffer, held, buffer.length - held, null);
      held += got;
      if (got === 0) {
        if (held > 0) yield buffer.subarray(0, held);
        return;
      }
      const cut = buffer.lastIndexOf(LF, held - 1);
      if (cut < 0) continue;
      yield buffer.subarray(0, cut + 1);
      buffer.copyWithin(0, cut + 1, held);
      held -= cut + 1;
    }
  } finally {
    closeSync(fd);
  }
}

export class OriginSpill {
  /** The directory of the temporary files, made in the one given and removed by remove(). */
  readonly dir: string;
  readonly #parts: FileWriter[] = [];
  readonly #order: FileWriter;
  #removed = false;
  /** Rows partitioned. */
  rows = 0;
  /** Bytes written to the temporary files, in all (the most they hold at once). */
  diskBytes = 0;

  constructor(
    tmpDir: string,
    readonly partitions: number,
  ) {
    this.dir = mkdtempSync(joinPath(tmpDir, 'robotsmatch-join-'));
    try {
      this.#order = new FileWriter(joinPath(this.dir, 'order'));
      for (let p = 0; p < partitions; p++) this.#parts.push(new FileWriter(joinPath(this.dir, `part-${p}`)));
    } catch (error) {
      this.remove();
      throw error;
    }
  }

  /**
   * Writes each line of `chunk` the join answers (as rows() reads it, with
   * the same form and options) to its origin's partition, and that
   * partition to the order file. With `strict`, a RecordLineError as rows() throws it.
   */
  add(chunk: Uint8Array, form: RowForm, options: RowOptions): void {
    const everyLine = form === 'labelled' || form === 'verdicts';
    const batch = new Batch(chunk, options.jsonInput === true, false, everyLine, options.strict === true);
    // Lines with no origin (blank, no URL) go with partition 0.
    const partOf = batch.origins.map((o) => (o === undefined ? 0 : partitionOf(o, this.partitions)));
    for (let k = 0; k < batch.count; k++) {
      const p = partOf[batch.groupOf[k]!]!;
      this.#order.byte(p);
      this.#parts[p]!.line(batch.bytes, batch.starts[k]!, batch.ends[k]!);
    }
    this.rows += batch.count;
  }

  /**
   * The rows of every line added, in the order added: each partition
   * answered (`lineRows`, with the form and options given to add()), its
   * rows kept in a file, then those taken back in input order. Pieces of up
   * to about a megabyte, each a view of a buffer the next is written into.
   */
  async *answers(lineRows: LineRows, form: RowForm, options: RowOptions): AsyncGenerator<Uint8Array> {
    this.#order.close();
    const rowsPath = joinPath(this.dir, 'rows');
    const out = new FileWriter(rowsPath);
    const starts: number[] = [];
    try {
      for (let p = 0; p < this.partitions; p++) {
        starts.push(out.written);
        const path = joinPath(this.dir, `part-${p}`);
        this.#parts[p]!.close();
        for (const chunk of chunksOf(path))
          for (const row of lineRows(chunk, form, options)) {
            out.uint32(row.length);
            if (row.length) out.bytes(row);
          }
        rmSync(path); // its disk is free for the rows' output
        await new Promise(setImmediate); // a signal's turn to remove the files
      }
    } finally {
      out.close();
    }
    this.diskBytes = this.#parts.reduce((n, part) => n + part.written, this.#order.written + out.written);
    const rowsFd = openSync(rowsPath, 'r');
    const orderFd = openSync(joinPath(this.dir, 'order'), 'r');
    try {
      const order = new FileReader(orderFd, 0);
      const cursors = starts.map((start) => new FileReader(rowsFd, start));
      const piece = Buffer.allocUnsafe(PIECE);
      let at = 0;
      for (let r = 0; r < this.rows; r++) {
        const cursor = cursors[order.byte()]!;
        const n = cursor.uint32();
        if (n === 0) continue;
        if (at + n > PIECE) {
          if (at > 0) yield piece.subarray(0, at);
          at = 0;
          if (n > PIECE) {
            yield cursor.bytes(n);
            continue;
          }
        }
        piece.set(cursor.bytes(n), at);
        at += n;
      }
      if (at > 0) yield piece.subarray(0, at);
    } finally {
      closeSync(rowsFd);
      closeSync(orderFd);
    }
  }

  /** Removes the temporary files (safe to call again, and from a signal handler or an exit hook: synchronous). */
  remove(): void {
    if (this.#removed) return;
    this.#removed = true;
    for (const file of [this.#order, ...this.#parts])
      try {
        file?.drop();
      } catch {}
    rmSync(this.dir, { recursive: true, force: true });
  }
}
