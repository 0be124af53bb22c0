// robotsmatch/compat: robots-parser 3.x's API over robotsmatch's matcher, so
// that switching is a one-line change (`import robotsParser from
// 'robotsmatch/compat'`). What robots-parser decides around the matcher is
// kept (which URLs a robots.txt speaks for, how a User-Agent becomes a name,
// relative URLs, its percent-encoding); the matching is ours: the file read
// by RFC 9309's key rules (as robots-parser reads keys), Google's grouping,
// longest match with allow winning ties. The differences are listed, with an
// example each, in docs/compat.md.

import { parse, crawlDelay, type Robots } from '../index.js';
import { explain } from '../explain.js';
import { leadingToken } from '../rules/agent.js';
import { typeError } from '../common/errors.js';

/** robots-parser 3.x's Robot interface. */
export interface Robot {
  /** Whether `ua` may fetch `url`; undefined when `url` is not on the robots.txt's origin. */
  isAllowed(url: string, ua?: string): boolean | undefined;
  /** `!isAllowed(url, ua)`, as in robots-parser (so true for a URL on another origin). */
  isDisallowed(url: string, ua?: string): boolean | undefined;
  /** True only when a group naming `ua` itself (not `*`) disallows `url`; undefined for another origin. */
  isExplicitlyDisallowed(url: string, ua: string): boolean | undefined;
  /** The line of the deciding rule; -1 when no rule decided or the URL is on another origin (as robots-parser). */
  getMatchingLineNumber(url: string, ua?: string): number;
  /** Crawl-delay in seconds for `ua` (its record, else the `*` record). */
  getCrawlDelay(ua?: string): number | undefined;
  /** Sitemap URLs as written, in file order. */
  getSitemaps(): string[];
  /** The value of the last `Host:` line, lower-cased, or null. */
  getPreferredHost(): string | null;
}

/**
 * Relative URLs (a robots.txt URL such as `/robots.txt`, and URLs checked
 * against it) resolve against this, as robots-parser resolves them against
 * a host of its own; `.invalid` can never be a real host (RFC 6761).
 */
const RELATIVE_BASE = 'http://robots-relative.invalid/';

function parseUrl(url: unknown): URL | undefined {
  try {
    return new URL(String(url), RELATIVE_BASE);
  } catch {
    return undefined;
  }
}

/** Scheme, host and port, default ports filled in (robots-parser's comparison). */
function originOf(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '');
  return `${url.protocol}//${url.hostname}:${port}`;
}

/**
 * robots-parser's name for a User-Agent: lower-cased, cut at the first `/`,
 * trimmed; absent (any falsy value) means `*`. The matcher then compares its
 * product token (`dd / 0-32-3` is `dd`, `Googlebot/2.1` is `googlebot`).
 * robots-parser calls the value's toLowerCase(), so anything but a string
 * is its TypeError, whatever the URL: the same here, naming the argument.
 */
function agentOf(ua: unknown): string {
  if (ua && typeof ua !== 'string' && !(ua instanceof String)) throw typeError('ua', 'a string', ua);
  const name = String(ua || '*')
    .toLowerCase()
    .split('/')[0]!
    .trim();
  if (name === '*') return '*';
  return leadingToken(name) || name;
}

/**
 * The file to parse. robots-parser reads a string (or String), and any
 * falsy value as an empty file; it splits anything else as a string and so
 * throws a TypeError. Bytes (a Uint8Array or a Buffer, as a fetch gives
 * them) are parsed as bytes here, not stringified into text that names no
 * rule (`1,10,...`) and so allows everything.
 */
function bodyOf(contents: unknown): string | Uint8Array {
  if (!contents) return '';
  if (typeof contents === 'string' || contents instanceof Uint8Array) return contents;
  if (contents instanceof String) return String(contents);
  throw typeError('contents', 'a string or a Uint8Array', contents);
}

class CompatRobot implements Robot {
  readonly #robots: Robots;
  readonly #origin: string | undefined;

  constructor(url: unknown, contents: unknown) {
    const robotsUrl = url == null ? undefined : parseUrl(url);
    this.#origin = robotsUrl ? originOf(robotsUrl) : undefined;
    this.#robots = parse(bodyOf(contents), { mode: 'rfc' });
  }

  /**
   * The URL to match (as the URL parser wrote it: non-ASCII percent-encoded,
   * as robots-parser matches it), or undefined when `url` is not on this
   * robots.txt's origin. Whole, not its path: a path that starts with `//`
   * would read as a URL of its own.
   */
  #path(url: unknown): string | undefined {
    const parsed = parseUrl(url);
    if (!parsed || this.#origin === undefined || originOf(parsed) !== this.#origin) return undefined;
    return parsed.href;
  }

  isAllowed(url: string, ua?: string): boolean | undefined {
    const agent = agentOf(ua);
    const path = this.#path(url);
    return path === undefined ? undefined : this.#robots.isAllowed(path, agent);
  }

  isDisallowed(url: string, ua?: string): boolean | undefined {
    return !this.isAllowed(url, ua);
  }

  isExplicitlyDisallowed(url: string, ua: string): boolean | undefined {
    const agent = agentOf(ua);
    const path = this.#path(url);
    if (path === undefined) return undefined;
    const why = explain(this.#robots, path, agent);
    return !why.allowed && !why.fallback;
  }

  getMatchingLineNumber(url: string, ua?: string): number {
    const agent = agentOf(ua);
    const path = this.#path(url);
    if (path === undefined) return -1;
    const verdict = this.#robots.check(path, agent);
    // An empty rule matches nothing: robots-parser does not report it.
    return verdict.rule && verdict.rule.pattern !== '' ? verdict.line : -1;
  }

  getCrawlDelay(ua?: string): number | undefined {
    return crawlDelay(this.#robots, agentOf(ua));
  }

  getSitemaps(): string[] {
    return this.#robots.sitemaps.filter((s) => s !== '');
  }

  getPreferredHost(): string | null {
    const hosts = this.#robots.otherRecords.filter((r) => r.key.toLowerCase() === 'host' && r.value !== '');
    return hosts.length ? hosts[hosts.length - 1]!.value.toLowerCase() : null;
  }
}

/** robots-parser's entry point: the robots.txt at `url` with `contents` (text, or bytes as fetched). */
export default function robotsParser(url: string, contents: string | Uint8Array): Robot {
  return new CompatRobot(url, contents);
}
