// Where a subcommand's robots.txt comes from: a file, or a URL fetched with
// the RFC's rules (status classes, redirects, size limit).

import { open } from 'node:fs/promises';
import { fetchRobots, parse, type FetchedRobots, type Mode, type Robots } from '../index.js';
import { UsageError } from './errors.js';
import { isUrl } from './options.js';

export interface LoadedRobots {
  robots: Robots;
  /** The file name or robots.txt URL, for messages. */
  label: string;
  /** The bytes parsed (a fetched body is empty unless it was a 2xx). */
  body: Uint8Array;
  fetched?: FetchedRobots;
}

export interface LoadOptions {
  mode: Mode;
  maxBytes?: number | undefined;
  userAgent?: string | undefined;
  timeoutMs: number;
  warn: (line: string) => void;
}

const DEFAULT_MAX_BYTES = 512_000;

/**
 * The first `limit` bytes of a file and one more (so a longer file shows as
 * truncated): a robots.txt file of any size costs bounded memory.
 */
export async function readRobotsFile(path: string, limit: number): Promise<Uint8Array> {
  try {
    const file = await open(path, 'r');
    try {
      const want = Math.min(limit + 1, 0x7fffffff);
      const chunks: Uint8Array[] = [];
      let total = 0;
      for (;;) {
        const room = Math.min(want - total, 1 << 20);
        if (room <= 0) break;
        const { bytesRead, buffer } = await file.read(new Uint8Array(room), 0, room, null);
        if (bytesRead === 0) break;
        chunks.push(buffer.subarray(0, bytesRead));
        total += bytesRead;
      }
      return Buffer.concat(chunks, total);
    } finally {
      await file.close();
    }
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${describeFsError(error)}`);
  }
}

export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'EACCES') return 'permission denied';
  return (error as Error).message;
}

/** Parses the robots.txt named by `spec` (a path, or an http(s) URL to fetch). */
export async function loadRobots(spec: string, o: LoadOptions): Promise<LoadedRobots> {
  const parseOptions = { mode: o.mode, ...(o.maxBytes === undefined ? {} : { maxBytes: o.maxBytes }) };
  let loaded: LoadedRobots;
  if (isUrl(spec)) {
    let fetched: FetchedRobots;
    try {
      fetched = await fetchRobots(spec, { ...parseOptions, timeoutMs: o.timeoutMs, ...(o.userAgent ? { userAgent: o.userAgent } : {}) });
    } catch (error) {
      throw new UsageError(`cannot fetch a robots.txt for ${spec}: ${(error as Error).message}`);
    }
    // Unreachable means "disallow everything for now": as an answer to "check
    // against this file" that would hide the failure, so it is an error here.
    if (fetched.outcome === 'unreachable') {
      fetched.robots.dispose();
      throw new UsageError(`cannot fetch ${fetched.url}: ${outcomeSentence(fetched)}`);
    }
    loaded = { robots: fetched.robots, label: fetched.url, body: fetched.body, fetched };
    if (fetched.outcome !== 'ok') o.warn(`robotsmatch: ${fetched.url}: ${outcomeSentence(fetched)}\n`);
  } else {
    const body = await readRobotsFile(spec, o.maxBytes ?? DEFAULT_MAX_BYTES);
    loaded = { robots: parse(body, parseOptions), label: spec, body };
  }
  if (loaded.robots.truncated) {
    o.warn(`robotsmatch: ${loaded.label} is longer than ${(o.maxBytes ?? DEFAULT_MAX_BYTES).toLocaleString('en-US')} bytes; crawlers ignore the rest, and so does this check\n`);
  }
  return loaded;
}

/** What a crawler does after this fetch, in words. */
export function outcomeSentence(f: FetchedRobots): string {
  const status = f.status === undefined ? '' : `HTTP ${f.status}`;
  switch (f.outcome) {
    case 'ok':
      return `${status}: the rules of this file apply`;
    case 'unavailable':
      return `${status || 'too many redirects'}: there is no robots.txt, so every URL is allowed`;
    case 'unreachable': {
      const why = status || (f.error instanceof Error ? (f.error.cause instanceof Error ? f.error.cause.message : f.error.message) : 'no answer');
      return `unreachable (${why}): every URL is disallowed until it answers`;
    }
  }
}
