// Every option of the library in one place, with its default and its check.

import { typeError } from './errors.js';
import { defaultUserAgent } from './version.js';
import { closest } from './closest.js';

export type Mode = 'google' | 'rfc';

export interface ParseOptions {
  /** 'google' (default): byte-for-byte Googlebot. 'rfc': RFC 9309's text where Google is lenient. */
  mode?: Mode;
  /** Only this many bytes of the file are parsed (default 512,000: 500 KiB). */
  maxBytes?: number;
}

export const DEFAULT_MAX_BYTES = 512_000;

export interface ResolvedParseOptions {
  mode: Mode;
  maxBytes: number;
}

export function resolveParseOptions(options: ParseOptions | undefined): ResolvedParseOptions {
  if (options === undefined) return { mode: 'google', maxBytes: DEFAULT_MAX_BYTES };
  if (typeof options !== 'object' || options === null) throw typeError('options', 'an object', options);
  const mode = options.mode ?? 'google';
  if (mode !== 'google' && mode !== 'rfc') {
    throw new RangeError(`options.mode must be 'google' or 'rfc', got ${JSON.stringify(mode)}`);
  }
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (typeof maxBytes !== 'number' || !Number.isInteger(maxBytes) || maxBytes < 0 || maxBytes > 0x7fff_ffff) {
    throw new RangeError(`options.maxBytes must be a whole number from 0 to 2^31-1, got ${String(maxBytes)}`);
  }
  return { mode, maxBytes };
}

// ---- Fetching (docs/behaviour.md, section 4) -----------------------------------------------------

declare global {
  // Empty here. With the DOM lib or @types/node these merge with the real
  // declarations; a project with neither (lib: ["es2022"] alone) still
  // compiles our types, which name them for fetching.
  interface RequestInit {}
  interface Response {}
  interface AbortSignal {}
  interface URL {}
}

export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

export interface FetchOptions extends ParseOptions {
  /**
   * Only this many bytes of the body are read and parsed (default 512,000:
   * 500 KiB). At most 256 MiB, what the core takes in one piece: a larger
   * value reads up to that, and a longer body is cut there (`truncated`).
   */
  maxBytes?: number;
  /** The fetch to use (default: the global one). */
  fetch?: FetchFunction;
  /** Give up on a fetch (connect, headers and body) after this long; counts as unreachable. Default 30 s. */
  timeoutMs?: number;
  /**
   * Sent as the User-Agent header. Default: `robotsmatch/<version>
   * (+https://www.npmjs.com/package/robotsmatch)`, except in a browser,
   * where the browser's own is sent (a page cannot set one without a CORS
   * preflight). `''` sends none of ours: the runtime's own, if any.
   */
  userAgent?: string;
  /** Aborts the fetch; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * Fetch `url` itself, not its origin's `/robots.txt` (a staging copy, a
   * raw file on a code host). Status codes, redirects and the size limit are
   * handled the same way. Default false.
   */
  exactUrl?: boolean;
  /** The clock, in ms since the epoch (default Date.now): for expiry times. */
  now?: () => number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
/** How long an answer is kept when the server says nothing (docs/behaviour.md, section 4). */
export const DEFAULT_CACHE_MS = 86_400_000; // 24 hours (literals: bundlers drop unused ones)
/** Bounds for Cache-Control max-age: not refetched more often than a minute, nor kept over a week. */
export const MIN_CACHE_MS = 60_000; // a minute
export const MAX_CACHE_MS = 604_800_000; // 7 days
/** How soon an unreachable robots.txt is tried again (unless Retry-After says otherwise). */
export const RETRY_MS = 60_000; // a minute
/** Unreachable this long with no good copy: assume no restrictions (docs/behaviour.md, section 4). */
export const UNREACHABLE_LIMIT_MS = 2_592_000_000; // 30 days

export interface ResolvedFetchOptions extends ResolvedParseOptions {
  fetch: FetchFunction;
  timeoutMs: number;
  userAgent: string | undefined;
  signal: AbortSignal | undefined;
  exactUrl: boolean;
  now: () => number;
}

/** A whole number from 1 to `max` (2^31-1 by default: what timers and counters take). */
function wholeNumber(name: string, value: unknown, fallback: number, max = 0x7fff_ffff): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
    throw new RangeError(
      `${name} must be a whole number from 1 to ${max}, got ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`,
    );
  }
  return value;
}

function optionsObject(options: unknown): Record<string, unknown> {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw typeError('options', 'an object', options);
  return options as Record<string, unknown>;
}

const FETCH_KEYS = ['mode', 'maxBytes', 'fetch', 'timeoutMs', 'userAgent', 'signal', 'now', 'exactUrl'];
const CACHE_KEYS = [
  'mode',
  'maxBytes',
  'fetch',
  'timeoutMs',
  'userAgent',
  'now',
  'maxEntries',
  'concurrency',
  'slowAfterMs',
  'maxSlowFetches',
];

/**
 * An option nobody reads is a mistake to say, not to ignore: `new
 * RobotsCache({ signal })` would otherwise look like it cancels something.
 * Options set to undefined count as not given.
 */
function knownOptions(o: Record<string, unknown>, known: readonly string[], owner: string): void {
  for (const key of Object.keys(o)) {
    if (o[key] !== undefined && !known.includes(key)) {
      const meant = closest(key, known);
      throw new TypeError(`${owner} has no option ${key}${meant ? `; did you mean ${meant}?` : ''}`);
    }
  }
}

/** In a browser (a page, a worker or an extension) the browser's own User-Agent goes out. */
const inBrowser = () =>
  String((globalThis as { navigator?: { userAgent?: unknown } }).navigator?.userAgent).startsWith('Mozilla/');

export function resolveFetchOptions(
  options: FetchOptions | undefined,
  known = FETCH_KEYS,
  owner = 'fetchRobots',
): ResolvedFetchOptions {
  const parse = resolveParseOptions(options);
  const o = optionsObject(options) as FetchOptions;
  knownOptions(o as Record<string, unknown>, known, owner);
  if (o.fetch !== undefined && typeof o.fetch !== 'function') throw typeError('options.fetch', 'a function', o.fetch);
  if (o.fetch === undefined && typeof globalThis.fetch !== 'function')
    throw typeError('options.fetch', 'a function (there is no global fetch here)', o.fetch);
  // Called as a plain function: browsers throw "Illegal invocation" when
  // fetch's `this` is anything but the global object (or nothing).
  const given = o.fetch;
  const fetchFunction: FetchFunction = given
    ? (input, init) => given(input, init)
    : (input, init) => globalThis.fetch(input, init);
  if (o.userAgent !== undefined && typeof o.userAgent !== 'string')
    throw typeError('options.userAgent', 'a string', o.userAgent);
  if (o.now !== undefined && typeof o.now !== 'function') throw typeError('options.now', 'a function', o.now);
  if (o.signal !== undefined && !(o.signal instanceof AbortSignal))
    throw typeError('options.signal', 'an AbortSignal', o.signal);
  const now = o.now ?? Date.now;
  // The clock is called here once, so that a broken one fails at the call that was given it.
  const probe = now();
  if (typeof probe !== 'number' || !Number.isFinite(probe))
    throw new RangeError(`options.now must return a finite number of milliseconds, returned ${String(probe)}`);
  return {
    ...parse,
    fetch: fetchFunction,
    timeoutMs: wholeNumber('options.timeoutMs', o.timeoutMs, DEFAULT_TIMEOUT_MS),
    userAgent: o.userAgent ?? (inBrowser() ? undefined : defaultUserAgent()),
    signal: o.signal,
    exactUrl: o.exactUrl === true,
    now,
  };
}

// ---- The cache (docs/behaviour.md, section 4) ----------------------------------------------------

/** A cache's fetches serve every caller, so no one call's signal stops them: `signal` is not an option here (a timeoutMs bounds each fetch). */
export interface CacheOptions extends Omit<FetchOptions, 'signal' | 'exactUrl'> {
  /** Most robots.txt answers kept, least recently used dropped first. Default 10,000. */
  maxEntries?: number;
  /** Most fetches under way at once, over all hosts. Default 16. */
  concurrency?: number;
  /**
   * A fetch still waiting after this long gives up its place among the
   * `concurrency` and goes on as a slow fetch, so that origins that never
   * answer cannot hold up the rest. Default 1,000 ms.
   */
  slowAfterMs?: number;
  /** Most slow fetches at once (beyond `concurrency`). Default 4 x concurrency. */
  maxSlowFetches?: number;
}

export interface ResolvedCacheOptions extends ResolvedFetchOptions {
  maxEntries: number;
  concurrency: number;
  slowAfterMs: number;
  maxSlowFetches: number;
}

export const DEFAULT_SLOW_AFTER_MS = 1_000;

export function resolveCacheOptions(options: CacheOptions | undefined): ResolvedCacheOptions {
  const o = optionsObject(options) as CacheOptions;
  // No signal gets past the check of the cache's own keys: its fetches serve every caller.
  const fetchOptions = resolveFetchOptions(o, CACHE_KEYS, 'RobotsCache');
  const concurrency = wholeNumber('options.concurrency', o.concurrency, 16);
  return {
    ...fetchOptions,
    maxEntries: wholeNumber('options.maxEntries', o.maxEntries, 10_000),
    concurrency,
    slowAfterMs: wholeNumber('options.slowAfterMs', o.slowAfterMs, DEFAULT_SLOW_AFTER_MS),
    maxSlowFetches: wholeNumber('options.maxSlowFetches', o.maxSlowFetches, Math.min(4 * concurrency, 0x7fff_ffff)),
  };
}

/** filterStream's batchSize: a positive whole number (a bad one would buffer the whole stream). */
export function resolveBatchSize(value: unknown): number {
  return wholeNumber('options.batchSize', value, 10_000, 1 << 24);
}
