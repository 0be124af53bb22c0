// The robots.txt URL of a URL's origin, fast: most URLs of a crawl are
// already in the form the WHATWG URL parser would give (a lower-case host
// of letters, digits, dots and hyphens, no user info, a plain port), and
// for those the origin is a slice of the string. Anything else (upper case,
// IP-like or punycode hosts, user info, odd ports) goes through
// robotsTxtUrl, so both paths give the same answer (test/archive-join.test.ts
// compares them).

import { robotsTxtUrl } from '../index.js';

const PLAIN = /^(https?):\/\/([a-z0-9.-]+)(?::([1-9][0-9]{0,4}))?(?=[/?#]|$)/;

const ROBOTS = '/robots.txt';

/**
 * `url`'s origin as its robots.txt URL starts (scheme://host[:port]), or
 * undefined when it has none (not an absolute http(s) URL as WHATWG reads it). On the
 * fast path it is a slice of `url`: a Map keyed by it hashes a slice, which
 * costs a fraction of hashing a string built by concatenation.
 */
export function originOf(url: string): string | undefined {
  const plain = plainOrigin(url);
  if (plain !== undefined) return plain;
  try {
    const robots = robotsTxtUrl(url);
    // robotsTxtUrl answers for ftp: too, but an archive holds http(s) captures only: an ftp URL has no origin here.
    return robots.startsWith('http') ? robots.slice(0, -ROBOTS.length) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * originOf's fast path alone: the origin of a URL already in the form the
 * WHATWG parser gives, or undefined for any other URL (then originOf asks
 * robotsTxtUrl). It reads only the URL's start up to the first '/', '?' or
 * '#' after the host, so that start alone gives the same answer (the JSON
 * Lines join hands it just that, cut from the input's bytes).
 */
export function plainOrigin(url: string): string | undefined {
  const m = PLAIN.exec(url);
  if (m === null) return undefined;
  const scheme = m[1]!;
  const host = m[2]!;
  const port = m[3];
  // A last label that starts with a digit may be an IPv4 address WHATWG
  // rewrites; xn-- labels are validated by it; empty labels are its too.
  const last = host.slice(host.lastIndexOf('.', host.length - 2) + 1);
  if (
    /^[0-9]/.test(last) ||
    host.includes('xn--') ||
    host.startsWith('.') ||
    host.includes('..') ||
    (port !== undefined && Number(port) > 65535)
  )
    return undefined;
  const defaultPort = (port === '80' && scheme === 'http') || (port === '443' && scheme === 'https');
  return defaultPort ? `${scheme}://${host}` : m[0];
}

/** The robots.txt URL for `url`'s origin, or undefined when it has none: robotsTxtUrl for http(s) URLs, without throwing. */
export function robotsUrlOf(url: string): string | undefined {
  const origin = originOf(url);
  return origin === undefined ? undefined : origin + ROBOTS;
}
