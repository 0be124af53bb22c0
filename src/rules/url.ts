// URL helpers over the core's byte-level code, so they agree with matching.

import { getCore } from '../core/wasm.js';
import { typeError } from '../common/errors.js';
import { Export } from '../core/exports.js';

/**
 * docs/behaviour.md, section 3's RFC-mode normalisation of a URL or path: bytes outside ASCII
 * become %XX, percent-escapes get upper-case hex, escapes of unreserved
 * characters (A-Z a-z 0-9 - . _ ~) are decoded, and literal `*` and `$`
 * become %2A and %24. Structure is untouched (no dot-segment removal), so
 * normalizeUrl('/foo/bar/%62%61%7A') === '/foo/bar/baz'.
 */
export function normalizeUrl(url: string): string {
  if (typeof url !== 'string') throw typeError('url', 'a string', url);
  const core = getCore();
  const length = core.exports[Export.normalizeInput](core.writeShort(url));
  return core.read(core.exports[Export.normalized](), length);
}

/**
 * The part of a URL that rules are matched against (docs/behaviour.md, section 3): path, params
 * and query, starting with '/'; scheme, authority and fragment dropped.
 */
export function pathOf(url: string): string {
  if (typeof url !== 'string') throw typeError('url', 'a string', url);
  const core = getCore();
  const length = core.exports[Export.pathOfInput](core.writeShort(url));
  return core.read(core.exports[Export.path](), length);
}
