// The X-Robots-Tag headers of the page each tab shows, as the browser
// received them. They are observed (webRequest, read-only) on the tab's own
// request rather than asked for again with a HEAD request: a second
// request would leave the browser (the extension promises that only the
// robots.txt request does), could be answered differently from the GET the
// page came by, and would cost the site a request. Kept in session storage
// (the worker may stop between the page loading and the popup opening),
// per tab, with the URL they came for.

import { api, type HeaderDetails } from './browser-api.js';

export interface PageHeaders {
  /** The URL of the response (after redirects: the last one the tab received). */
  url: string;
  status: number;
  /** Every X-Robots-Tag header's value, in order. */
  robotsTags: string[];
  contentType: string | null;
}

const key = (tabId: number) => `headers:${tabId}`;

/** webRequest.onHeadersReceived for main frames: keeps the tab's response headers. */
export function recordHeaders(details: HeaderDetails): void {
  if (details.tabId < 0) return; // not a tab's request
  const headers = details.responseHeaders ?? [];
  const valuesOf = (name: string) =>
    headers.filter((h) => h.name.toLowerCase() === name && h.value !== undefined).map((h) => h.value!);
  const record: PageHeaders = {
    url: details.url,
    status: details.statusCode,
    robotsTags: valuesOf('x-robots-tag'),
    contentType: valuesOf('content-type')[0] ?? null,
  };
  void api.storage.session.set({ [key(details.tabId)]: record });
}

export function forgetHeaders(tabId: number): void {
  void api.storage.session.remove(key(tabId));
}

/** The headers recorded for the tab, if they are those of `url` (the page it shows now). */
export async function headersOf(tabId: number, url: string): Promise<PageHeaders | undefined> {
  const record = (await api.storage.session.get(key(tabId)))[key(tabId)] as PageHeaders | undefined;
  return record && sameDocument(record.url, url) ? record : undefined;
}

/** The same document: URLs equal but for the fragment, which never reaches the server. */
const sameDocument = (a: string, b: string) => a.split('#')[0] === b.split('#')[0];
