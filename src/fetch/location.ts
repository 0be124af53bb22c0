// Where the robots.txt for a URL is (docs/behaviour.md, section 4): scheme://host[:port]/robots.txt.
// The platform's WHATWG URL does the work: it lower-cases the host, turns
// internationalised names into punycode and drops default ports.

import { RobotsUrlError, typeError } from '../common/errors.js';

const SCHEMES = /* @__PURE__ */ new Set(['http:', 'https:', 'ftp:']);

/** The origin a robots.txt governs, as a URL object (throws RobotsUrlError). */
function originOf(url: string | URL): URL {
  if (typeof url !== 'string' && !(url instanceof URL)) throw typeError('url', 'a string or a URL', url);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RobotsUrlError(String(url), 'it is not an absolute URL');
  }
  if (!SCHEMES.has(parsed.protocol))
    throw new RobotsUrlError(String(url), `${parsed.protocol} URLs have none (only http, https and ftp)`);
  if (!parsed.host) throw new RobotsUrlError(String(url), 'it has no host');
  return parsed;
}

/**
 * The robots.txt URL for any URL on the same scheme, host and port:
 * robotsTxtUrl('https://Example.COM:443/a/b?c#d') === 'https://example.com/robots.txt'.
 */
export function robotsTxtUrl(url: string | URL): string {
  const { protocol, host } = originOf(url);
  return `${protocol}//${host}/robots.txt`;
}

/** `url` itself as the address of a robots.txt file (fetchRobots' exactUrl), without its fragment. */
export function exactRobotsUrl(url: string | URL): string {
  return originOf(url).href.split('#')[0]!;
}
