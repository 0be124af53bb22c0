// Fetching one robots.txt with RFC 9309's rules (docs/behaviour.md, section 4): status classes,
// up to five redirects followed by hand, a bounded body, and an expiry time.
// The caller's fetch does the I/O; nothing here speaks HTTP itself.

import { parseOwned } from '../rules/parse.js';
import type { Robots } from '../rules/robots.js';
import { concatBytes } from '../common/bytes.js';
import { MAX_INPUT_BYTES } from '../common/limits.js';
import { exactRobotsUrl, robotsTxtUrl } from './location.js';
import { hop, standInBody } from './outcome.js';
import {
  resolveFetchOptions,
  DEFAULT_CACHE_MS,
  MIN_CACHE_MS,
  MAX_CACHE_MS,
  RETRY_MS,
  type FetchOptions,
  type ResolvedFetchOptions,
} from '../common/options.js';

/**
 * ok: a 2xx body was parsed. unavailable: no robots.txt (4xx but 429, too
 * many redirects): everything is allowed. unreachable: 429, 5xx, timeout or
 * network error: everything is disallowed for now.
 */
export type FetchOutcome = 'ok' | 'unavailable' | 'unreachable';

export interface FetchedRobots {
  /**
   * What to match with: the parsed file, an allow-all or a disallow-all
   * robots. The disallow-all (outcome unreachable) is a stand-in no server
   * sent: its verdicts name its line 2; RobotsCache.check() and the command
   * line report line 0 and no rule instead, and so should a caller that
   * shows where a verdict came from.
   */
  robots: Robots;
  outcome: FetchOutcome;
  /** HTTP status of the last response; undefined when none came. */
  status: number | undefined;
  /**
   * The Content-Type header of the last response, as sent; undefined when
   * none came. Crawlers parse the body whatever it says, so a `text/html`
   * page served as robots.txt is parsed too (and usually has no rules).
   */
  contentType: string | undefined;
  redirects: number;
  /** The robots.txt URL of the origin asked about (the rules apply to it); with exactUrl, the URL asked for. */
  url: string;
  /** Where the body was finally read, after redirects. */
  finalUrl: string;
  fetchedAt: number;
  /** When to fetch again (ms since the epoch): Cache-Control max-age, else 24 hours; soon for unreachable. */
  expires: number;
  /** The body as received, cut at maxBytes (at most 256 MiB, what the core takes); empty unless the outcome is ok. */
  body: Uint8Array;
  /**
   * Why it was unreachable: a timeout, a network error, or for an ftp: URL
   * (which has a robots.txt, but not one fetch() can read) a DOMException
   * named NotSupportedError.
   */
  error?: unknown;
}

const ALLOW_ALL = /* @__PURE__ */ new Uint8Array(0);
// Made when first needed: a top-level read of the rules would keep them in every bundle that only parses.
const disallowAll = (): Uint8Array => new TextEncoder().encode(standInBody('unreachable'));

/**
 * Fetches and parses the robots.txt for `url`'s scheme, host and port (with
 * `exactUrl`, `url` itself). Never rejects for HTTP or network trouble.
 */
export async function fetchRobots(url: string | URL, options?: FetchOptions): Promise<FetchedRobots> {
  const o = resolveFetchOptions(options);
  return fetchFrom(o.exactUrl ? exactRobotsUrl(url) : robotsTxtUrl(url), o);
}

/** @internal fetchRobots with options already resolved (the cache's path). */
export async function fetchFrom(robotsUrl: string, o: ResolvedFetchOptions): Promise<FetchedRobots> {
  const fetchedAt = o.now();
  // The most of a body the core can parse: a larger maxBytes reads (and cuts
  // the body at) the core's limit, and the Robots says it was truncated. A
  // local limit is never a server outcome.
  const maxBytes = Math.min(o.maxBytes, MAX_INPUT_BYTES);
  let contentType: string | undefined;
  let current = robotsUrl;
  let redirects = 0;
  let reply: Reply;
  try {
    reply = await exchange();
  } catch (error) {
    // The caller's own abort is theirs to handle; anything else is "unreachable".
    if (o.signal?.aborted) throw o.signal.reason;
    reply = { outcome: 'unreachable', body: disallowAll(), status: undefined, expires: fetchedAt + RETRY_MS, error };
  }
  // Parsed outside the try: a failure here is ours (the core's memory), to
  // be thrown as it is, never taken for the server being unreachable.
  const { outcome, body, status, expires, error } = reply;
  const robots = parseOwned(body, { mode: o.mode, maxBytes });
  return {
    robots,
    outcome,
    status,
    contentType,
    redirects,
    url: robotsUrl,
    finalUrl: current,
    fetchedAt,
    expires,
    body: outcome === 'ok' ? body.subarray(0, maxBytes) : new Uint8Array(0),
    ...(error === undefined ? {} : { error }),
  };

  /** The requests and responses, up to the body to parse; `current` and `redirects` follow the redirects. */
  async function exchange(): Promise<Reply> {
    // An ftp: robots.txt has a place (RFC 9309 names ftp) but fetch() speaks only http and https:
    // unreachable, as a file a crawler cannot read, with this reason rather than fetch()'s bare TypeError.
    if (!/^https?:/.test(current))
      throw new DOMException('fetch() reads only http: and https: URLs', 'NotSupportedError');
    const timeout = AbortSignal.timeout(o.timeoutMs);
    const signal = o.signal ? AbortSignal.any([o.signal, timeout]) : timeout;
    const headers: Record<string, string> = {};
    if (o.userAgent) headers['user-agent'] = o.userAgent;
    for (;;) {
      let response = await o.fetch(current, { redirect: 'manual', headers, signal });
      if (response.type === 'opaqueredirect') {
        // Browsers hide redirects from scripts: let the browser follow them
        // (its own limit, not five; the count is then at least one).
        response = await o.fetch(current, { redirect: 'follow', headers, signal });
        if (response.redirected) {
          redirects++;
          if (response.url) current = response.url; // where the body is read: finalUrl
        }
      }
      const { status } = response;
      contentType = response.headers.get('content-type') ?? undefined;
      // What the status comes to (data/fetch-outcomes.json, read by the archive join too).
      const next = hop(
        status,
        status >= 300 && status < 400 ? response.headers.get('location') : undefined,
        current,
        redirects,
      );
      if (next.outcome === 'redirect') {
        await response.body?.cancel().catch(() => {});
        current = next.next;
        redirects++;
        continue;
      }
      if (next.outcome === 'ok') {
        const body = await readAtMost(response, maxBytes);
        return { outcome: 'ok', body, status, expires: fetchedAt + cacheLifetime(response.headers) };
      }
      await response.body?.cancel().catch(() => {});
      if (next.outcome === 'unavailable') {
        // A redirect that leads nowhere holds as long as a missing file: a day.
        const lifetime = status >= 300 && status < 400 ? DEFAULT_CACHE_MS : cacheLifetime(response.headers);
        return { outcome: 'unavailable', body: ALLOW_ALL, status, expires: fetchedAt + lifetime };
      }
      return {
        outcome: 'unreachable',
        body: disallowAll(),
        status,
        expires: fetchedAt + retryDelay(response.headers, fetchedAt),
      };
    }
  }
}

/** What the server's answers came to: the body to parse and how long it holds. */
interface Reply {
  outcome: FetchOutcome;
  body: Uint8Array;
  status: number | undefined;
  expires: number;
  error?: unknown;
}

/**
 * The body, stopping once more than `maxBytes` arrived: a huge response is
 * never buffered (at most maxBytes plus one chunk), and parse() then cuts it
 * to maxBytes and reports it truncated.
 */
async function readAtMost(response: Response, maxBytes: number): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.length;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      break;
    }
  }
  return concatBytes(chunks, total);
}

/** Cache-Control max-age, within [1 minute, 7 days]; no-store/no-cache mean the minimum; else 24 hours. */
function cacheLifetime(headers: Headers): number {
  const control = headers.get('cache-control')?.toLowerCase() ?? '';
  if (/(^|,)\s*(no-store|no-cache)\s*(,|$)/.test(control)) return MIN_CACHE_MS;
  const maxAge = /(^|,)\s*max-age\s*=\s*"?(\d+)"?/.exec(control);
  if (!maxAge) return DEFAULT_CACHE_MS;
  return Math.min(MAX_CACHE_MS, Math.max(MIN_CACHE_MS, Number(maxAge[2]) * 1000));
}

/** Retry-After (seconds or a date) within [1 second, 24 hours]; else a minute. */
function retryDelay(headers: Headers, now: number): number {
  const value = headers.get('retry-after');
  if (value === null) return RETRY_MS;
  const ms = /^\s*\d+\s*$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) ? Math.min(DEFAULT_CACHE_MS, Math.max(1000, ms)) : RETRY_MS;
}
