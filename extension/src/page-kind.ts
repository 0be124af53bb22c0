// Which pages have a robots.txt to check: http and https pages. For the
// others (the browser's own pages, files on this computer, extension
// pages), a plain sentence saying why there is nothing to check.

import { api } from './browser-api.js';

/** null for a page with a robots.txt; else why it has none, in a sentence. */
export function whyUnchecked(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'This tab shows no web page: there is no robots.txt to check.';
  }
  switch (parsed.protocol) {
    case 'http:':
    case 'https:':
      return null;
    case 'file:':
      return 'This is a file on this computer: no crawler can reach it, and it has no robots.txt.';
    case 'chrome:':
    case 'edge:':
    case 'brave:':
    case 'opera:':
    case 'vivaldi:':
    case 'about:':
    case 'view-source:':
      return "This is one of the browser's own pages: crawlers never see it, and it has no robots.txt.";
    case 'chrome-extension:':
    case 'moz-extension:':
    case 'extension:':
      return "This is an extension's page: crawlers never see it, and it has no robots.txt.";
    default:
      return `Pages at ${parsed.protocol} addresses are not on the web: they have no robots.txt.`;
  }
}

/**
 * The host permission pattern of `url`'s site (every port and path of its
 * scheme and host): what the extension asks for to read its robots.txt.
 */
export const sitePattern = (url: string): string => {
  const { protocol, hostname } = new URL(url);
  return `${protocol}//${hostname}/*`;
};

/** Every http and https site: what "allow on all sites" asks for (the manifest's optional host permissions). */
export const ALL_SITES = ['http://*/*', 'https://*/*'];

/** May the extension read `url`'s site (the user granted it that site, or all)? */
export const mayRead = (url: string): Promise<boolean> => api.permissions.contains({ origins: [sitePattern(url)] });
