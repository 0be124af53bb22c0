// The path (and query) of a request as the origin behind the enforcer will
// serve it. Origins (nginx, Apache, Node's frameworks, CDNs) answer
// `/%70rivate`, `/x/../private` and `//private` with the page at `/private`:
// matched as sent, a crawler would fetch a disallowed page by spelling its
// path another way. So before matching, the enforcer reads the path as they
// do: escapes of unreserved characters decoded and hex in upper case (the
// core's own normalisation, normalizeUrl(), which RFC mode applies to every
// URL), repeated slashes collapsed, and `.` and `..` segments resolved
// (RFC 3986 5.2.4). The result is matched by the same matcher as any URL.
//
// Origins differ past that (docs/edge.md, "How your origin reads paths"): many
// decode `%2F` and `%5C` too and resolve dot segments after decoding
// (Python's http.server, nginx's decoded $uri, express.static), read `\` as
// `/` (IIS), drop `;params` from segments (Tomcat, Jetty, Spring), or ignore
// case (IIS). The enforcer matches every reading its origin profile allows,
// and a request is disallowed when any of them is.

/** How the origin behind the enforcer reads a request's path (docs/edge.md). */
export type OriginProfile = 'strict' | 'common' | 'case-insensitive';
export const ORIGIN_PROFILES: readonly OriginProfile[] = ['strict', 'common', 'case-insensitive'];

import { normalizeUrl, pathOf } from '../index.js';

/**
 * What to match for `url` (an absolute URL, or a path as Node's `req.url`
 * gives it): `url` itself when an origin would read its path as written (no
 * `%`, no `//`, no `/.` after the authority: the common case, no copy),
 * else its path and query in the form origins serve, starting with `/`.
 */
export function originPath(url: string): string {
  let start = 0;
  if (url.charCodeAt(0) !== 47) {
    const scheme = url.indexOf('://');
    if (scheme < 0) return url;
    start = url.indexOf('/', scheme + 3);
    if (start < 0) return url;
  }
  if (url.indexOf('%', start) < 0 && url.indexOf('//', start) < 0 && url.indexOf('/.', start) < 0) return url;

  // A path that starts with `//` would read as an authority to pathOf(): take it as it is, up to a fragment.
  let target = start === 0 ? url : pathOf(url);
  if (start === 0) {
    const hash = target.indexOf('#');
    if (hash >= 0) target = target.slice(0, hash);
  }
  if (target.includes('%')) target = normalizeUrl(target);
  const q = target.indexOf('?');
  let path = q < 0 ? target : target.slice(0, q);
  const query = q < 0 ? '' : target.slice(q);
  if (path.includes('//')) path = path.replace(/\/{2,}/g, '/');
  if (path.includes('/.')) path = withoutDotSegments(path);
  return path + query;
}

/** RFC 3986 5.2.4 on a path that starts with `/`: `.` segments dropped, `..` removes the one before it. */
function withoutDotSegments(path: string): string {
  const input = path.split('/');
  const output: string[] = [];
  for (let i = 1; i < input.length; i++) {
    const segment = input[i]!;
    const last = i === input.length - 1;
    if (segment === '.' || segment === '..') {
      if (segment === '..') output.pop();
      if (last) output.push(''); // `/a/.` and `/a/b/..` end in a slash
    } else {
      output.push(segment);
    }
  }
  return `/${output.join('/')}`;
}

/**
 * The readings of `url` that an origin of `profile` may serve, for the
 * file's matcher: originPath()'s first (`url` itself when it needs no
 * reading), then for 'common' and 'case-insensitive' the reading with `%2F`,
 * `%5C` and `\` as `/`, `;params` dropped from each segment and dot segments
 * resolved after that, when it differs. (A case-insensitive origin's reading
 * in any case is foldCase() of the last, matched against the file in lower case.)
 */
export function originReadings(url: string, profile: OriginProfile): string[] {
  const strict = originPath(url);
  if (profile === 'strict' || (url.indexOf('%') < 0 && url.indexOf(';') < 0 && url.indexOf('\\') < 0)) return [strict];
  const common = looseReading(strict);
  return common === strict ? [strict] : [strict, common];
}

/** ASCII letters in lower case, everything else as it is (line breaks and byte lengths kept). */
export function foldCase<T extends string | Uint8Array>(text: T): T {
  if (typeof text === 'string') return text.replace(/[A-Z]+/g, (s) => s.toLowerCase()) as T;
  const bytes = Uint8Array.from(text as Uint8Array);
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! >= 65 && bytes[i]! <= 90) bytes[i]! += 32;
  return bytes as T;
}

/** `strict` (originPath()'s reading) as the common origins read it; `strict` itself when nothing changes. */
function looseReading(strict: string): string {
  const target = strict.charCodeAt(0) === 47 ? strict : pathOf(strict);
  const q = target.indexOf('?');
  let path = q < 0 ? target : target.slice(0, q);
  if (!/%2f|%5c|\\|;/i.test(path)) return strict;
  path = path.replace(/%2f|%5c|\\/gi, '/');
  if (path.includes(';')) path = path.replace(/;[^/]*/g, '');
  path = path.replace(/\/{2,}/g, '/');
  if (path.includes('/.')) path = withoutDotSegments(path);
  return path + (q < 0 ? '' : target.slice(q));
}
