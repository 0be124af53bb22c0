// A URL typed or pasted on the command line, as a browser sends it. An
// address bar shows https://e.com/café; the request says /caf%C3%A9, and
// that is what robots.txt rules are matched against. The library takes URLs
// as on the wire; the command line encodes what a browser would, and says so.

import { UsageError } from './errors.js';

/**
 * Characters a browser percent-encodes in a URL's path and query: those
 * outside printable ASCII (as UTF-8 bytes), space and controls, and
 * `"`, `<`, `>`, `` ` ``, `{`, `}`. Everything else, including `%XX`
 * escapes already there, is left as typed.
 */
const ENCODE = /[^\x21-\x7e]|["<>`{}]/gu;

export function encodeLikeBrowser(url: string): string {
  return url.replace(ENCODE, (c) => {
    try {
      return encodeURIComponent(c);
    } catch {
      throw new UsageError(`${JSON.stringify(url)} holds a character that is not valid text (a lone surrogate)`);
    }
  });
}

/** The URL to match for a URL argument; a line on stderr when it differs from what was typed. */
export function urlArgument(url: string, warn: (line: string) => void): string {
  const sent = encodeLikeBrowser(url);
  if (sent !== url) warn(`robotsmatch: matching ${sent}, the URL as a browser sends ${url}\n`);
  return sent;
}
