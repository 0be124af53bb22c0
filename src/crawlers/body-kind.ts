// Is this body a robots.txt at all? A server that has none often answers
// /robots.txt with its HTML home page, a login or error page, or an image,
// with status 200; crawlers parse whatever comes, find no rules in it, and
// may fetch everything. An audit of such a body is true (every crawler is
// open) but says nothing about what the site meant, so the audit marks it.
//
// Reads at most the first 2 KB (bounded cost on a body of any size).

/** 'html': an HTML (or XHTML) page; 'binary': an image, archive or other non-text data; 'error': a short error page ("404 Not Found", "Access denied") with no robots.txt line. */
export type BodyKind = 'html' | 'binary' | 'error';

const HEAD = 2048;

/** Magic numbers of what servers send instead (gzip, images, PDF, archives, executables). */
const MAGIC: readonly (readonly number[])[] = [
  [0x1f, 0x8b], [0x89, 0x50, 0x4e, 0x47], [0xff, 0xd8, 0xff], [0x47, 0x49, 0x46, 0x38], [0x25, 0x50, 0x44, 0x46, 0x2d],
  [0x50, 0x4b, 0x03, 0x04], [0x52, 0x49, 0x46, 0x46], [0x00, 0x61, 0x73, 0x6d], [0x7f, 0x45, 0x4c, 0x46],
];

const HTML_START = /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html|head|body|meta|title|script|style|link|div|p|\?xml[^>]*>\s*<(!doctype\s+html|html))[\s>/]/i;

/** A line a crawler reads as a robots.txt record. */
const ROBOTS_LINE = /^[ \t]*(user[-_ ]?agent|allow|disallow|sitemap|crawl-delay|content-signal|content-usage)[ \t]*:/im;

/** What error pages say, where the whole body is a few words. */
const ERROR_WORDS = /\b([45]\d\d|not found|forbidden|access denied|unauthori[sz]ed|bad request|internal server error|service unavailable|bad gateway|gateway time-?out|too many requests|error)\b/i;

/**
 * What the body is when it is not a robots.txt; undefined when it reads as
 * one (or as plain text, an empty file included).
 */
export function bodyKind(body: string | Uint8Array): BodyKind | undefined {
  if (typeof body !== 'string' && !(body instanceof Uint8Array)) throw new TypeError(`body must be a string or a Uint8Array, got ${body === null ? 'null' : typeof body}`);
  const bytes = typeof body === 'string' ? undefined : body;
  const at = bytes && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  if (bytes) {
    if (MAGIC.some((magic) => magic.every((b, i) => bytes[at + i] === b))) return 'binary';
    // UTF-16 (with or without its mark) is text a crawler can't read either.
    if ((bytes[at] === 0xff && bytes[at + 1] === 0xfe) || (bytes[at] === 0xfe && bytes[at + 1] === 0xff)) return 'binary';
  }
  const text: string = bytes ? new TextDecoder().decode(bytes.subarray(at, at + HEAD)) : (body as string).slice(0, HEAD);
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0b && c !== 0x0c) || c === 0xfffd) control++;
  }
  if (text.length > 0 && control >= Math.max(4, text.length * 0.1)) return 'binary';
  if (HTML_START.test(text)) return 'html';
  // A short body with no robots.txt line that reads as an error message.
  const whole = typeof body === 'string' ? body.length : body.length - at;
  if (whole <= 512 && !ROBOTS_LINE.test(text) && ERROR_WORDS.test(text)) return 'error';
  return undefined;
}
