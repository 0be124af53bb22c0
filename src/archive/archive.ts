// An archive of robots.txt captures held compactly: a few typed arrays of
// columns (status, date, where the body is) indexed by capture URL, and
// the bodies in a BodyStore (body-store.ts: large slabs of memory up to
// `bodyMemory`, then a temporary file), deflated when `compress` asks for
// it, nothing parsed until a URL of its origin is asked about (then the
// bounded cache of compiled files, compiled-cache.ts, holds it). So an
// origin costs its key and about 30 bytes beyond its body, and the bodies
// past the bound cost disk, not memory (docs/performance.md measures it).
// Bodies are raw by default: zlib costs about 0.3 ms a body to deflate and
// 0.1 ms to inflate here, more than parsing most files, and an evicted
// origin asked about again is inflated again; deflated they take about a
// third of the memory.

import { deflateRawSync, inflateRawSync, constants } from 'node:zlib';
import { BodyStore, DEFAULT_BODY_MEMORY } from './body-store.js';
import { KeyTable } from './key-table.js';
import { captureKey, timeOf, type Capture, type StoredCapture } from './capture.js';
import { ArchiveError } from './errors.js';
import { resolveOrigin, type Resolution } from './resolve.js';

/** Bodies shorter than this are kept as they are, even with `compress`: deflating them saves nothing. */
const DEFLATE_FROM = 128;
const DEFAULT_MAX_BYTES = 512_000;
/** bodySlab of a capture with no body kept. */
const NO_BODY = -2;

export interface ArchiveOptions {
  /** Bytes of each body kept, as parse()'s maxBytes (default 512,000, Google's limit is 500 KiB). */
  maxBytes?: number;
  /** Keep the bodies deflated: about a third of the memory, slower to read and to compile again (default false). */
  compress?: boolean;
  /** Bytes of bodies held in memory; the rest go to a temporary file (default 128 MiB). */
  bodyMemory?: number;
  /** Where that temporary file is made (default: the system's temporary directory). */
  tmpDir?: string;
}

/** How the archive's readers tell it of gzip members found cut short (not a public method). */
export const noteCuts: unique symbol = Symbol('noteCuts');

/** A typed array twice as long, its start copied. */
function grown<T extends Int16Array | Int32Array | Float64Array | Uint8Array>(old: T): T {
  const bigger = new (old.constructor as new (n: number) => T)(old.length * 2);
  bigger.set(old);
  return bigger;
}

export class RobotsArchive {
  /** Each capture's number, by key (captureKey). */
  readonly #index = new KeyTable();
  #status = new Int16Array(1024);
  #fetchedAt = new Float64Array(1024);
  #bodySlab = new Int32Array(1024);
  #bodyAt = new Float64Array(1024);
  #bodyLength = new Int32Array(1024);
  #deflated = new Uint8Array(1024);
  /** Location headers, by capture number (redirects only). */
  readonly #locations = new Map<number, string>();
  readonly #errors = new Map<number, string>(); // sparse: only captures that could not be read
  readonly #bodies: BodyStore;
  readonly #maxBytes: number;
  readonly #compress: boolean;
  #bodyBytes = 0;
  #cutMembers = 0;
  #firstCut: string | undefined;

  constructor(options?: ArchiveOptions) {
    const maxBytes = options?.maxBytes ?? DEFAULT_MAX_BYTES;
    if (!Number.isInteger(maxBytes) || maxBytes < 0 || maxBytes > 0x7fff_ffff)
      throw new RangeError(`options.maxBytes must be a whole number from 0 to 2^31-1, got ${String(maxBytes)}`);
    const bodyMemory = options?.bodyMemory ?? DEFAULT_BODY_MEMORY;
    if (!Number.isSafeInteger(bodyMemory) || bodyMemory < 0)
      throw new RangeError(`options.bodyMemory must be a whole number of bytes, got ${String(bodyMemory)}`);
    this.#maxBytes = maxBytes;
    this.#compress = options?.compress === true;
    this.#bodies = new BodyStore(bodyMemory, options?.tmpDir);
  }

  /** Captured URLs held (robots.txt files and the targets of redirects). */
  get size(): number {
    return this.#index.size;
  }

  /**
   * Gzip members of the WARC files read that were cut short inside the file:
   * the record each starts is its site's failed fetch when its header names
   * the site, and that member's other records are not read.
   */
  get cutMembers(): number {
    return this.#cutMembers;
  }

  /** Where the first cut member falls (`in f.warc.gz record 4`, `after f.warc.gz record 3`), when there is one. */
  get firstCut(): string | undefined {
    return this.#firstCut;
  }

  [noteCuts](cuts: { count: number; first?: string }): void {
    this.#cutMembers += cuts.count;
    this.#firstCut ??= cuts.first;
  }

  /** Bytes the stored bodies take (deflated with `compress`). */
  get bodyBytes(): number {
    return this.#bodyBytes;
  }

  /** Bytes of bodies written to the temporary file (past `bodyMemory`). */
  get bodyDiskBytes(): number {
    return this.#bodies.fileBytes;
  }

  /**
   * Adds a capture. Of two captures of one URL the one fetched later wins;
   * when either has no date, the one added later. A URL that is not http(s)
   * is an ArchiveError (`where` names it in the message).
   */
  add(capture: Capture, where = 'capture'): void {
    const key = captureKey(String(capture.url));
    if (key === undefined) throw new ArchiveError(where, `${JSON.stringify(capture.url)} is not an http(s) URL`);
    const fetchedAt = timeOf(capture.fetchedAt, where);
    const known = this.#index.size;
    const i = this.#index.add(key);
    if (i < known) {
      if (fetchedAt < this.#fetchedAt[i]!) return; // false when either is NaN: the later added wins
      if (this.#bodySlab[i] !== NO_BODY) this.#bodyBytes -= this.#bodyLength[i]!;
    } else if (i === this.#status.length) this.#grow();
    const status = capture.status ?? undefined;
    this.#status[i] = status ?? -1;
    this.#fetchedAt[i] = fetchedAt;
    if (capture.location !== undefined && capture.location !== null) this.#locations.set(i, capture.location);
    else this.#locations.delete(i);
    // Why a capture with no status is no answer (a cut body, a failed read): said in --json's "reason".
    if (status === undefined && typeof capture.error === 'string') this.#errors.set(i, capture.error);
    else this.#errors.delete(i);
    this.#bodySlab[i] = NO_BODY;
    this.#deflated[i] = 0;
    if (status !== undefined && status >= 200 && status < 300 && capture.body !== undefined) {
      let bytes = typeof capture.body === 'string' ? Buffer.from(capture.body) : capture.body;
      if (bytes.length > this.#maxBytes) bytes = bytes.subarray(0, this.#maxBytes);
      if (this.#compress && bytes.length >= DEFLATE_FROM) {
        // Level 1: the archive is read once and most bodies are never asked for twice.
        bytes = deflateRawSync(bytes, { level: 1 });
        this.#deflated[i] = 1;
      }
      this.#bodies.add(bytes);
      this.#bodySlab[i] = this.#bodies.slab;
      this.#bodyAt[i] = this.#bodies.at;
      this.#bodyLength[i] = bytes.length;
      this.#bodyBytes += bytes.length;
    }
  }

  #grow(): void {
    this.#status = grown(this.#status);
    this.#fetchedAt = grown(this.#fetchedAt);
    this.#bodySlab = grown(this.#bodySlab);
    this.#bodyAt = grown(this.#bodyAt);
    this.#bodyLength = grown(this.#bodyLength);
    this.#deflated = grown(this.#deflated);
  }

  /** The stored capture of a URL (its key: see captureKey), if any. */
  capture(key: string): StoredCapture | undefined {
    const i = this.#index.get(key);
    if (i < 0) return undefined;
    const status = this.#status[i]!;
    return {
      status: status < 0 ? undefined : status,
      location: this.#locations.get(i),
      error: this.#errors.get(i),
      index: i,
      fetchedAt: this.#fetchedAt[i]!,
    };
  }

  /** The body of a stored capture, as it was received (up to maxBytes). */
  body(capture: StoredCapture): Uint8Array {
    const i = capture.index;
    const slab = this.#bodySlab[i]!;
    if (slab === NO_BODY) return new Uint8Array(0);
    const bytes = this.#bodies.read(slab, this.#bodyAt[i]!, this.#bodyLength[i]!);
    return this.#deflated[i] ? inflateRawSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }) : bytes;
  }

  /** Frees the bodies' memory and removes their temporary file: the archive holds no bodies afterwards. */
  dispose(): void {
    this.#bodies.dispose();
  }

  /** What the robots.txt at `robotsUrl` comes to, following redirects within the archive (resolve.ts). */
  resolve(robotsUrl: string): Resolution {
    return resolveOrigin(robotsUrl, (key) => this.capture(key));
  }

  /** Bytes kept per body (parse()'s maxBytes for them). */
  get maxBytes(): number {
    return this.#maxBytes;
  }
}
