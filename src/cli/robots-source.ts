// Where a subcommand's robots.txt comes from: a file, standard input (`-`),
// or a URL fetched with the RFC's rules (status classes, redirects, size
// limit). A URL is read as given; a bare origin (`https://example.com`)
// means its /robots.txt.

import { open } from 'node:fs/promises';
import { fetchRobots, parse, type FetchedRobots, type Mode, type Robots } from '../index.js';
import { UsageError } from './errors.js';
import { isUrl, plural } from './options.js';
import { contentKind } from '../common/content-kind.js';
import { standInBody } from '../fetch/outcome.js';
import { NO_ANSWER, statusReason } from '../fetch/reason.js';

export interface LoadedRobots {
  robots: Robots;
  /** For messages: the file name, `<stdin>`, or the URL read. */
  label: string;
  /** For JSON ("robots"): the file name as given, `-`, or the URL read. */
  source: string;
  /** The bytes that make `robots` (for a worker to parse again); for a URL with no usable body, the rules a crawler then follows. */
  body: Uint8Array;
  fetched?: FetchedRobots;
  /**
   * The URL was unreachable: `robots` disallows everything for now, by no
   * rule of any file (verdicts say line 0, no rule).
   */
  unreachable: boolean;
  /** What the body is (undefined when there is none: no file at the URL, or unreachable). */
  content?: Content;
  /** contentProblem() of the body, when it is not a robots.txt (an HTML page, gzip, UTF-16, binary). */
  problem?: string | undefined;
}

export interface LoadOptions {
  mode: Mode;
  maxBytes?: number | undefined;
  userAgent?: string | undefined;
  timeoutMs: number;
  warn: (line: string) => void;
  /**
   * What an unreachable URL is: `disallow` (check and filter: every URL is
   * disallowed, as a crawler must do, and said on stderr) or `error` (the
   * commands that need the file itself: explain's rules, lint, groups).
   */
  unreachable?: 'disallow' | 'error';
  /** false: a fetch that is not ok is not said on stderr (explain shows it in its output). */
  sayOutcome?: boolean;
}

const DEFAULT_MAX_BYTES = 512_000;
const DISALLOW_ALL = new TextEncoder().encode(standInBody('unreachable'));

/** Standard input can be read once: by --robots - or by a URL list, not both. */
let stdinTaken: string | undefined;

export function takeStdin(what: string): void {
  if (stdinTaken !== undefined)
    throw new UsageError(`${stdinTaken} and ${what} cannot both come from standard input (-)`);
  stdinTaken = what;
}

/**
 * The first `limit` bytes of a file (or of standard input, for `-`) and one
 * more (so a longer file shows as truncated): a robots.txt of any size
 * costs bounded memory.
 */
export async function readRobotsFile(path: string, limit: number): Promise<Uint8Array> {
  const want = Math.min(limit + 1, 0x7fffffff);
  if (path === '-') {
    takeStdin('the robots.txt');
    const chunks: Buffer[] = [];
    let total = 0;
    try {
      for await (const chunk of process.stdin) {
        chunks.push(chunk as Buffer);
        total += (chunk as Buffer).length;
        if (total >= want) break;
      }
    } catch (error) {
      throw new UsageError(`cannot read the robots.txt from standard input: ${describeFsError(error)}`);
    }
    return Buffer.concat(chunks, total).subarray(0, want);
  }
  try {
    const file = await open(path, 'r');
    try {
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

/**
 * The URL to read for a robots.txt given as a URL: a bare origin
 * (`https://example.com`, `https://example.com/`) means its /robots.txt;
 * any other URL is read exactly as given (a staging copy, a raw file).
 */
export function robotsUrlOf(spec: string): string {
  let url: URL;
  try {
    url = new URL(spec);
  } catch {
    throw new UsageError(`${spec} is not a URL that can be fetched`);
  }
  url.hash = '';
  if (url.pathname === '/' && url.search === '') url.pathname = '/robots.txt';
  return url.href;
}

/** Parses the robots.txt named by `spec`: a path, `-` for standard input, or an http(s) URL to fetch. */
export async function loadRobots(spec: string, o: LoadOptions): Promise<LoadedRobots> {
  const parseOptions = { mode: o.mode, ...(o.maxBytes === undefined ? {} : { maxBytes: o.maxBytes }) };
  let loaded: LoadedRobots;
  if (isUrl(spec)) {
    const url = robotsUrlOf(spec);
    let fetched: FetchedRobots;
    try {
      fetched = await fetchRobots(url, {
        ...parseOptions,
        exactUrl: true,
        timeoutMs: o.timeoutMs,
        ...(o.userAgent ? { userAgent: o.userAgent } : {}),
      });
    } catch (error) {
      throw new UsageError(`cannot fetch ${url}: ${(error as Error).message}`);
    }
    if (fetched.outcome === 'unreachable') {
      if (o.unreachable !== 'disallow') {
        fetched.robots.dispose();
        throw new UsageError(`cannot read ${fetched.url}: ${outcomeSentence(fetched, o.timeoutMs)}`);
      }
      o.warn(`robotsmatch: ${fetched.url}: ${outcomeSentence(fetched, o.timeoutMs)}\n`);
      return {
        robots: fetched.robots,
        label: fetched.url,
        source: fetched.url,
        body: DISALLOW_ALL,
        fetched,
        unreachable: true,
      };
    }
    loaded = {
      robots: fetched.robots,
      label: fetched.url,
      source: fetched.url,
      body: fetched.body,
      fetched,
      unreachable: false,
    };
    if (fetched.outcome !== 'ok') {
      if (o.sayOutcome !== false) o.warn(`robotsmatch: ${fetched.url}: ${outcomeSentence(fetched, o.timeoutMs)}\n`);
    } else {
      loaded.content = contentOf(fetched.body, fetched.contentType);
      loaded.problem = contentProblem(fetched.body, fetched.contentType);
    }
    for (const line of bodyWarnings(
      loaded.label,
      fetched.outcome === 'ok' ? fetched.body : new Uint8Array(0),
      fetched.contentType,
      loaded.robots.truncated,
      o.maxBytes,
    ))
      o.warn(line);
  } else {
    const body = await readRobotsFile(spec, o.maxBytes ?? DEFAULT_MAX_BYTES);
    const label = spec === '-' ? '<stdin>' : spec;
    loaded = {
      robots: parse(body, parseOptions),
      label,
      source: spec,
      body,
      unreachable: false,
      content: contentOf(body, undefined),
      problem: contentProblem(body, undefined),
    };
    for (const line of bodyWarnings(label, body, undefined, loaded.robots.truncated, o.maxBytes)) o.warn(line);
  }
  return loaded;
}

/** What a body is, as far as a reader can tell: text, an HTML page, gzip, UTF-16 text, or other binary bytes. */
export type Content = 'text' | 'html' | 'gzip' | 'utf-16' | 'binary';

export function contentOf(body: Uint8Array, contentType: string | undefined): Content {
  // The bytes first, as lint reads them (src/common/content-kind.ts); then what the server called it.
  const kind = contentKind(body)?.kind;
  if (kind) return kind;
  return /^\s*text\/html\b/i.test(contentType ?? '') ? 'html' : 'text';
}

/** A sentence when the body is not what a robots.txt should be; undefined for text. */
export function contentProblem(body: Uint8Array, contentType: string | undefined): string | undefined {
  switch (contentOf(body, contentType)) {
    case 'html':
      return `this is an HTML page${contentType ? ` (Content-Type: ${contentType})` : ''}, not a robots.txt: crawlers read it as one all the same and find no rules in it`;
    case 'gzip':
      return 'the body is gzip-compressed bytes without a Content-Encoding header: crawlers read the bytes as they are and find no rules in them';
    case 'utf-16':
      return 'the file is UTF-16 text: crawlers read a robots.txt as UTF-8 and find no rules in it (save it as UTF-8)';
    case 'binary':
      return 'the body is binary, not text: crawlers find no rules in it';
    default:
      return undefined;
  }
}

/**
 * What to tell a user about a body before trusting answers from it: what it
 * is when it is not a robots.txt, and a cut at the size limit. The same
 * sentences whether the file was given (-r), fetched for a URL, or audited.
 */
export function bodyWarnings(
  label: string,
  body: Uint8Array,
  contentType: string | undefined,
  truncated: boolean,
  maxBytes: number | undefined,
): string[] {
  const lines: string[] = [];
  const problem = contentProblem(body, contentType);
  if (problem) lines.push(`robotsmatch: ${label}: ${problem}\n`);
  if (truncated)
    lines.push(
      `robotsmatch: ${label} is longer than ${plural(maxBytes ?? DEFAULT_MAX_BYTES, 'byte')}; crawlers ignore the rest, and so does this check\n`,
    );
  return lines;
}

/** Why a fetch failed, in the user's terms: a timeout, a name not found, a refused connection. */
export function errorSentence(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return error === undefined ? NO_ANSWER : String(error);
  if (error.name === 'TimeoutError' || error.name === 'AbortError')
    return `timed out after ${timeoutMs.toLocaleString('en-US')} ms`;
  const cause = error.cause as (Error & { code?: string; hostname?: string }) | undefined;
  const code = cause?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `the host ${cause!.hostname ?? ''} was not found (${cause!.message})`.replace('host  was', 'host was');
  if (code === 'ECONNREFUSED') return `the connection was refused (${cause!.message})`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET')
    return `the connection was closed before the answer was complete (${cause!.message})`;
  if (cause instanceof Error) return `${error.message}: ${cause.message}`;
  return error.message;
}

/** What a crawler does after this fetch, in words (without the outcome's name). */
export function outcomeSentence(f: FetchedRobots, timeoutMs: number): string {
  const status = f.status === undefined ? '' : `HTTP ${f.status}`;
  switch (f.outcome) {
    case 'ok':
      return `${status}: the rules of this file apply`;
    case 'unavailable':
      if (f.status !== undefined && f.status >= 300 && f.status < 400) {
        const why =
          f.redirects >= 5
            ? `more than 5 redirects (the last was ${status})`
            : `${status} with no Location a crawler can follow`;
        return `${why}: a crawler takes it as no robots.txt, so every URL is allowed`;
      }
      return `${status}: there is no robots.txt, so every URL is allowed`;
    case 'unreachable': {
      const why = f.status === undefined ? errorSentence(f.error, timeoutMs) : statusReason(f.status);
      return `unreachable, ${why}: a crawler must not fetch any URL of the site until it answers, so every URL is disallowed`;
    }
  }
}

/** The fetch, as JSON outputs carry it; null for a file or standard input. */
export function fetchRecord(f: FetchedRobots | undefined, timeoutMs: number, stale = false) {
  if (!f) return null;
  return {
    outcome: f.outcome,
    status: f.status ?? null,
    error: f.error === undefined ? null : errorSentence(f.error, timeoutMs),
    stale,
  };
}
