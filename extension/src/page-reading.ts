// Gathers the page's own robots rules for the popup: the X-Robots-Tag
// headers the service worker saw as the tab loaded, and the robots meta
// tags, read from the page only now that the popup asks (the scripting
// API, no content script in every page). Pages that cannot be read get a
// sentence saying so.

import { api } from './browser-api.js';
import { headerDirectives, metaDirective, type PageDirective } from './page-directives.js';
import { readMetaTags, type MetaTag } from './read-meta.js';
import { headersOf } from './response-headers.js';
import type { PageSignals } from './signals-view.js';

const isPdf = (contentType: string | null | undefined, url: string) =>
  /^application\/pdf\b/i.test(contentType ?? '') || /\.pdf$/i.test(new URL(url).pathname);

/**
 * The rules of the page `tabId` shows at `url`, for meta tags those naming
 * every crawler or one of `tokens` (lower-cased); with no tab, a sentence
 * saying where to open it.
 */
export async function readPageSignals(
  tabId: number | undefined,
  url: string,
  tokens: ReadonlySet<string>,
): Promise<PageSignals> {
  if (tabId === undefined) {
    return { directives: [], notes: ['Open the page in a tab to see its X-Robots-Tag headers and robots meta tags.'] };
  }
  const directives: PageDirective[] = [];
  const notes: string[] = [];
  const headers = await headersOf(tabId, url);
  if (headers) directives.push(...headers.robotsTags.flatMap(headerDirectives));
  else notes.push('Reload the page to see its X-Robots-Tag headers: they are read as a page loads.');
  if (isPdf(headers?.contentType, url)) {
    notes.push('This is a PDF: it has no meta tags, so only X-Robots-Tag headers can carry its robots rules.');
    return { directives, notes };
  }
  let tags: MetaTag[];
  try {
    const [injection] = await api.scripting.executeScript({ target: { tabId }, func: readMetaTags });
    tags = injection?.result ?? [];
  } catch {
    notes.push('The browser does not let extensions read this page, so its meta tags are not shown.');
    return { directives, notes };
  }
  for (const tag of tags) {
    const directive = metaDirective(tag.name, tag.content, tokens);
    if (directive) directives.push(directive);
  }
  return { directives, notes };
}
