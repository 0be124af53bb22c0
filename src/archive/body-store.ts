// Where an archive keeps its robots.txt bodies: appended to a few large
// slabs of memory (no object per body: a million small bodies cost their
// bytes, not a million Buffers), and once `memoryBytes` are held, to a
// temporary file, read back by position when an origin is compiled. The
// file is unlinked as soon as it is opened where the system allows it (so
// nothing is left behind, whatever ends the process); elsewhere it is
// removed by dispose() or at exit.

import { closeSync, mkdtempSync, openSync, readSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Bytes of a memory slab; a body longer than a quarter of one gets a slab of its own. */
const SLAB = 4 << 20;
/** Bytes written to the file at a time. */
const WRITE_BUFFER = 1 << 20;
/** Default bound of the bodies held in memory: 128 MiB. */
export const DEFAULT_BODY_MEMORY = 128 << 20;

/** Where one body is: slab index (IN_FILE: the file), position in it, and length. */
export const IN_FILE = -1;

export class BodyStore {
  readonly #memoryBytes: number;
  readonly #tmpDir: string | undefined;
  readonly #slabs: Buffer[] = [];
  /** The slab being filled (-1: none yet), and the bytes used of it. */
  #current = -1;
  #slabAt = 0;
  /** Bytes of memory the slabs take. */
  #held = 0;
  #fd = -1;
  #path: string | undefined;
  #fileBytes = 0;
  #buffer: Buffer | undefined;
  #buffered = 0;
  /** Where add() put the last body: its slab (or IN_FILE) and position. */
  slab = 0;
  at = 0;

  constructor(memoryBytes = DEFAULT_BODY_MEMORY, tmpDir?: string) {
    this.#memoryBytes = memoryBytes;
    this.#tmpDir = tmpDir;
  }

  /** Bytes of memory the bodies take (whole slabs). */
  get memoryBytes(): number {
    return this.#held;
  }

  /** Bytes of the bodies written to the temporary file. */
  get fileBytes(): number {
    return this.#fileBytes;
  }

  /** Stores a body; slab and at say where it went. */
  add(bytes: Uint8Array): void {
    const n = bytes.length;
    if (this.#fd < 0 && this.#current >= 0 && this.#slabAt + n <= SLAB) {
      this.#slabs[this.#current]!.set(bytes, this.#slabAt);
      this.slab = this.#current;
      this.at = this.#slabAt;
      this.#slabAt += n;
      return;
    }
    const own = n > SLAB >>> 2;
    const size = own ? n : SLAB;
    if (this.#fd < 0 && this.#held + size <= this.#memoryBytes) {
      const slab = Buffer.allocUnsafeSlow(size);
      slab.set(bytes, 0);
      this.#held += size;
      this.slab = this.#slabs.length;
      this.at = 0;
      this.#slabs.push(slab);
      if (!own) {
        this.#current = this.slab;
        this.#slabAt = n;
      }
      return;
    }
    this.#toFile(bytes);
  }

  /** The body at (slab, at), `length` bytes: a view of memory, or a copy read from the file. */
  read(slab: number, at: number, length: number): Uint8Array {
    if (slab !== IN_FILE) {
      const held = this.#slabs[slab];
      if (held === undefined) throw new Error('the archive was disposed of: its bodies are gone');
      return held.subarray(at, at + length);
    }
    if (this.#fd < 0) throw new Error('the archive was disposed of: its bodies are gone');
    if (at + length > this.#fileBytes - this.#buffered) this.#flush();
    const out = Buffer.allocUnsafe(length);
    for (let got = 0; got < length; ) {
      const n = readSync(this.#fd, out, got, length - got, at + got);
      if (n === 0) throw new Error('the temporary file of the archive bodies ended early (was it changed meanwhile?)');
      got += n;
    }
    return out;
  }

  /** Frees the memory and the temporary file (the store holds nothing afterwards). */
  dispose(): void {
    this.#slabs.length = 0;
    this.#held = 0;
    this.#current = -1;
    this.#buffer = undefined;
    this.#buffered = 0;
    if (this.#fd >= 0) closeSync(this.#fd);
    this.#fd = -1;
    this.#removeFile();
  }

  #toFile(bytes: Uint8Array): void {
    if (this.#fd < 0) this.#open();
    this.slab = IN_FILE;
    this.at = this.#fileBytes;
    this.#fileBytes += bytes.length;
    const buffer = this.#buffer!;
    if (this.#buffered + bytes.length > buffer.length) this.#flush();
    if (bytes.length > buffer.length) {
      writeAll(this.#fd, bytes);
      return;
    }
    buffer.set(bytes, this.#buffered);
    this.#buffered += bytes.length;
  }

  #flush(): void {
    writeAll(this.#fd, this.#buffer!.subarray(0, this.#buffered));
    this.#buffered = 0;
  }

  #open(): void {
    const dir = mkdtempSync(join(this.#tmpDir ?? tmpdir(), 'robotsmatch-archive-'));
    const path = join(dir, 'bodies');
    this.#fd = openSync(path, 'wx+');
    this.#buffer = Buffer.allocUnsafe(WRITE_BUFFER);
    try {
      unlinkSync(path); // the open descriptor keeps it readable; its disk is freed when the process ends
      rmSync(dir, { recursive: true, force: true });
    } catch {
      this.#path = dir; // a system that cannot unlink an open file: removed by dispose() or at exit
      process.once('exit', () => this.#removeFile());
    }
  }

  #removeFile(): void {
    if (this.#path === undefined) return;
    try {
      rmSync(this.#path, { recursive: true, force: true });
    } catch {}
    this.#path = undefined;
  }
}

function writeAll(fd: number, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at, null);
}
