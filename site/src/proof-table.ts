// The proof matrix of the Generate tab: a row per known crawler, grouped by
// purpose, a column per path, each cell the crawler's verdict in the
// generated file with its deciding line, as generate() proved it.

import type { ProofMatrix, Cell } from 'robotsmatch/generate';
import { h, replaceChildren } from './dom.js';

const PURPOSE_TITLES: Record<string, string> = {
  search: 'Search',
  ads: 'Ads',
  'ai-training': 'AI training',
  'ai-search': 'AI search',
  'ai-assistant': 'AI assistants',
  archive: 'Archive',
  seo: 'SEO tools',
  social: 'Social',
  other: 'Other',
  added: 'Added by the policy',
};

/** A row's limit in a few words; the whole sentence is its title. */
const LIMITS: Record<string, string> = {
  'ignores-robots-txt': 'does not follow robots.txt',
  'user-triggered': 'fetches for a person: robots.txt may not apply',
  'not-documented': 'not documented whether it follows robots.txt',
  'robots-only-token': 'robots.txt-only token, never sent',
  'not-in-registry': 'not in the registry',
};

function cellText(c: Cell): string {
  const one = (allowed: boolean, line: number) => (allowed ? 'may fetch' : line ? `may not (line ${line})` : 'may not');
  const g = one(c.google.allowed, c.google.line);
  return c.google.allowed === c.rfc.allowed ? g : `Google: ${g}; RFC 9309: ${one(c.rfc.allowed, c.rfc.line)}`;
}

export function showProof(table: HTMLTableElement, matrix: ProofMatrix): void {
  const rows: HTMLTableRowElement[] = [];
  let purpose = '';
  for (const row of matrix.rows) {
    if (row.purpose !== purpose) {
      purpose = row.purpose;
      rows.push(
        h(
          'tr',
          { class: 'purpose' },
          h('th', { scope: 'rowgroup', colspan: matrix.paths.length + 3 }, PURPOSE_TITLES[purpose] ?? purpose),
        ),
      );
    }
    const fetched = row.cells.find((c) => c.google.allowed);
    rows.push(
      h(
        'tr',
        {},
        h(
          'th',
          { scope: 'row' },
          row.crawler,
          row.limit
            ? h('span', { class: 'limit', title: row.limit.message }, LIMITS[row.limit.kind] ?? row.limit.kind)
            : null,
        ),
        h('td', {}, row.group ?? 'none'),
        ...row.cells.map((c) =>
          h(
            'td',
            {
              class: `${c.google.allowed ? 'yes' : 'no'}${c.problems.length ? ' wrong' : ''}`,
              title: c.problems.join(' ') || null,
            },
            cellText(c),
          ),
        ),
        h(
          'td',
          {},
          fetched?.google.signal
            ? Object.entries(fetched.google.signal)
                .map(([k, v]) => `${k}=${v}`)
                .join(', ')
            : '',
        ),
      ),
    );
  }
  replaceChildren(
    table,
    h('caption', { id: 'gen-caption' }, "The proof: every known crawler's reading of the generated file"),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Crawler'),
        h('th', { scope: 'col' }, 'Group it follows'),
        ...matrix.paths.map((p) => h('th', { scope: 'col' }, p)),
        h('th', { scope: 'col' }, 'Content-Signal'),
      ),
    ),
    h('tbody', {}, ...rows),
  );
}
