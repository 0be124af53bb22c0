// Is this body a robots.txt at all? A server that has none often answers
// /robots.txt with its HTML home page, a login or error page, or an image,
// with status 200; crawlers parse whatever comes, find no rules in it, and
// may fetch everything. An audit of such a body is true (every crawler is
// open) but says nothing about what the site meant, so the audit marks it.
//
// Reads at most the first 2 KB (bounded cost on a body of any size).

import { contentKind } from '../common/content-kind.js';

/** 'html': an HTML (or XHTML) page; 'binary': an image, archive or other non-text data; 'error': a short error page ("404 Not Found", "Access denied") with no robots.txt line. */
export type BodyKind = 'html' | 'binary' | 'error';

const HEAD = 2048;

/** A line a crawler reads as a robots.txt record. */
const ROBOTS_LINE = /^[ \t]*(user[-_ ]?agent|allow|disallow|sitemap|crawl-delay|content-signal|content-usage)[ \t]*:/im;

/** What error pages say, where the whole body is a few words. */
const ERROR_WORDS =
  /\b([45]\d\d|not found|forbidden|access denied|unauthori[sz]ed|bad request|internal server error|service unavailable|bad gateway|gateway time-?out|too many requests|error)\b/i;

/**
 * What the body is when it is not a robots.txt; undefined when it reads as
 * one (or as plain text, an empty file included).
 */
export function bodyKind(body: string | Uint8Array): BodyKind | undefined {
  if (typeof body !== 'string' && !(body instanceof Uint8Array))
    throw new TypeError(`body must be a string or a Uint8Array, got ${body === null ? 'null' : typeof body}`);
  // gzip, UTF-16, images and other binary data, and HTML pages are named by
  // the one reading lint and the command line share (common/content-kind.ts).
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body.slice(0, HEAD)) : body;
  const kind = contentKind(bytes)?.kind;
  if (kind === 'html') return 'html';
  if (kind) return 'binary';
  const at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const text = new TextDecoder().decode(bytes.subarray(at, at + HEAD));
  // A short body with no robots.txt line that reads as an error message.
  const whole = typeof body === 'string' ? body.length : body.length - at;
  if (whole <= 512 && !ROBOTS_LINE.test(text) && ERROR_WORDS.test(text)) return 'error';
  return undefined;
}
