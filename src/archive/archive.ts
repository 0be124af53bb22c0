// An archive of robots.txt captures held compactly: one small record per
// captured URL, the bodies in Buffers (outside the JavaScript heap: pooled
// slabs for small ones), deflated when `compress` asks for it, nothing
// parsed until a URL of its origin is asked about (then the bounded cache of
// compiled files, compiled-cache.ts, holds it). Bodies are raw by default:
// zlib costs about 0.3 ms a body to deflate and 0.1 ms to inflate here,
// more than parsing most files, and an evicted origin asked about again is
// inflated again; deflated they take about a third of the memory.

import { deflateRawSync, inflateRawSync, constants } from 'node:zlib';
import { captureKey, timeOf, type Capture, type StoredCapture } from './capture.js';
import { ArchiveError } from './errors.js';
import { resolveOrigin, type Resolution } from './resolve.js';

/** Bodies shorter than this are kept as they are, even with `compress`: deflating them saves nothing. */
const DEFLATE_FROM = 128;
const DEFAULT_MAX_BYTES = 512_000;

export interface ArchiveOptions {
  /** Bytes of each body kept, as parse()'s maxBytes (default 512,000, Google's limit is 500 KiB). */
  maxBytes?: number;
  /** Keep the bodies deflated: about a third of the memory, slower to read and to compile again (default false). */
  compress?: boolean;
}

export class RobotsArchive {
  readonly #captures = new Map<string, StoredCapture>();
  readonly #maxBytes: number;
  readonly #compress: boolean;
  #bodyBytes = 0;

  constructor(options?: ArchiveOptions) {
    const maxBytes = options?.maxBytes ?? DEFAULT_MAX_BYTES;
    if (!Number.isInteger(maxBytes) || maxBytes < 0 || maxBytes > 0x7fff_ffff)
      throw new RangeError(`options.maxBytes must be a whole number from 0 to 2^31-1, got ${String(maxBytes)}`);
    this.#maxBytes = maxBytes;
    this.#compress = options?.compress === true;
  }

  /** Captured URLs held (robots.txt files and the targets of redirects). */
  get size(): number {
    return this.#captures.size;
  }

  /** Bytes the stored bodies take (deflated with `compress`). */
  get bodyBytes(): number {
    return this.#bodyBytes;
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
    const old = this.#captures.get(key);
    if (old && fetchedAt < old.fetchedAt) return; // false when either is NaN: the later added wins
    const status = capture.status ?? undefined;
    let body: Buffer | undefined;
    let deflated = false;
    if (status !== undefined && status >= 200 && status < 300 && capture.body !== undefined) {
      // Text is encoded straight into the Buffer kept (small ones share Node's pooled slabs); bytes are copied.
      const text = typeof capture.body === 'string';
      let bytes = text ? Buffer.from(capture.body as string) : (capture.body as Uint8Array);
      if (bytes.length > this.#maxBytes)
        bytes = text ? Buffer.from(bytes.subarray(0, this.#maxBytes)) : bytes.subarray(0, this.#maxBytes);
      deflated = this.#compress && bytes.length >= DEFLATE_FROM;
      // Level 1: the archive is read once and most bodies are never asked for twice.
      body = deflated ? deflateRawSync(bytes, { level: 1 }) : text ? (bytes as Buffer) : Buffer.from(bytes);
    }
    if (old?.body) this.#bodyBytes -= old.body.length;
    if (body) this.#bodyBytes += body.length;
    this.#captures.set(key, {
      status,
      location: capture.location ?? undefined,
      body,
      deflated,
      fetchedAt,
      error: status === undefined && typeof capture.error === 'string' ? capture.error : undefined,
    });
  }

  /** The stored capture of a URL (its key: see captureKey), if any. */
  capture(key: string): StoredCapture | undefined {
    return this.#captures.get(key);
  }

  /** The body of a stored capture, as it was received (up to maxBytes). */
  body(capture: StoredCapture): Uint8Array {
    if (!capture.body) return new Uint8Array(0);
    return capture.deflated ? inflateRawSync(capture.body, { finishFlush: constants.Z_SYNC_FLUSH }) : capture.body;
  }

  /** What the robots.txt at `robotsUrl` comes to, following redirects within the archive (resolve.ts). */
  resolve(robotsUrl: string): Resolution {
    return resolveOrigin(robotsUrl, (key) => this.#captures.get(key));
  }

  /** Bytes kept per body (parse()'s maxBytes for them). */
  get maxBytes(): number {
    return this.#maxBytes;
  }
}
