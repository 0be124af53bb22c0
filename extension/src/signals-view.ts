// The popup's list of the page's own robots rules (X-Robots-Tag headers,
// robots meta tags), each with the crawlers that read it and what it asks,
// and a warning where a crawler may not fetch the page and so never reads
// its noindex. (The usage signals' list is usage-view.ts.)

import { h, replaceChildren } from '../../site/src/dom.js';
import {
  EVERY_CRAWLER,
  keepsOutOfIndex,
  meaningOf,
  pageReaders,
  readBy,
  type PageDirective,
} from './page-directives.js';
import type { CrawlerVerdict } from './report.js';
import { listNames, whomOf } from './names.js';

/** What the page's rules come to; `notes` are sentences about what could not be read. */
export interface PageSignals {
  directives: PageDirective[];
  notes: string[];
}

/** The page's rules, each with the chosen crawlers (their verdicts) that read it. */
export function showPageSignals(
  list: HTMLUListElement,
  signals: PageSignals,
  verdicts: readonly CrawlerVerdict[],
): void {
  const chosen = pageReaders(verdicts);
  const blocked = new Set(chosen.filter((v) => !v.allowed).map((v) => v.name));
  const items = signals.directives.map((d) => {
    const where = d.source === 'meta' ? `<meta name="${d.agent}">` : 'X-Robots-Tag';
    const readers = chosen.filter((c) => readBy(d, c.tokens));
    const whom =
      d.agent === EVERY_CRAWLER
        ? 'for every crawler'
        : readers.length
          ? `for ${whomOf(
              readers.map((c) => c.name),
              chosen.map((c) => c.name),
            )}`
          : `for ${d.agent} (none of the chosen crawlers)`;
    const asks = d.rules.map(meaningOf).filter((m) => m !== null);
    const unseen = d.rules.some(keepsOutOfIndex) ? readers.filter((c) => blocked.has(c.name)).map((c) => c.name) : [];
    return h(
      'li',
      { 'data-source': d.source, 'data-agent': d.agent },
      h('code', {}, `${where}: ${d.rules.join(', ')}`),
      ` ${whom}. `,
      asks.length ? `It asks them ${asks.join('; ')}.` : 'It asks nothing that limits them.',
      unseen.length > 0 &&
        h(
          'strong',
          { class: 'unseen' },
          ` ${listNames(unseen)} may not fetch this page, so ${unseen.length === 1 ? 'it never reads' : 'they never read'} this noindex: the URL can still be listed in results, from links to it.`,
        ),
    );
  });
  const notes = signals.notes.map((note) => h('li', { class: 'note' }, note));
  replaceChildren(list, ...items, ...notes);
  if (!items.length && !notes.length)
    replaceChildren(
      list,
      h('li', {}, 'No X-Robots-Tag header and no robots meta tag: the page asks nothing more of crawlers.'),
    );
}
