// The proof matrix as text: one table per purpose, a column per path. A
// cell is `yes` (may fetch) or `no` with the deciding line; where Google's
// and RFC 9309's readings differ it shows both; `!` marks a cell that is
// not what the policy intends. Rows robots.txt cannot deliver carry a note.

import { PURPOSE_ORDER, signalText, type Cell, type ProofMatrix, type Reading } from './matrix.js';
import { plural } from '../common/count.js';

const word = (r: Reading) => (r.allowed ? 'yes' : r.line ? `no L${r.line}` : 'no');

function cellText(c: Cell): string {
  const g = word(c.google);
  const r = word(c.rfc);
  const text = c.google.allowed === c.rfc.allowed ? g : `G:${g} R:${r}`;
  return c.unmet ? `${text} ~` : c.problems.length ? `${text} !` : text;
}

const pad = (s: string, n: number) => s + ' '.repeat(Math.max(0, n - s.length));

export function formatMatrix(matrix: ProofMatrix): string {
  const out: string[] = [];
  out.push(
    `${plural(matrix.rows.length, 'crawler')} x ${plural(matrix.paths.length, 'path')}, read as Google and as RFC 9309 (G: and R: where they differ); yes = may fetch, no Ln = line n disallows, ! = not what the policy says, ~ = not what the policy says, and no file can give it.`,
  );
  const headers = ['crawler', 'group', ...matrix.paths, 'reads'];
  const table = matrix.rows.map((row) => {
    const fetched = row.cells.find((c) => c.google.allowed);
    return {
      row,
      cols: [
        row.crawler,
        row.group ?? '(none)',
        ...row.cells.map(cellText),
        fetched?.google.signal ? signalText(fetched.google.signal) : '-',
      ],
    };
  });
  const widths = headers.map((h, i) => Math.min(40, Math.max(h.length, ...table.map((t) => t.cols[i]!.length))));
  for (const purpose of PURPOSE_ORDER) {
    const rows = table.filter((t) => t.row.purpose === purpose);
    if (!rows.length) continue;
    out.push('', purpose === 'added' ? 'added by the policy' : purpose);
    out.push(
      '  ' +
        headers
          .map((h, i) => pad(h, widths[i]!))
          .join('  ')
          .trimEnd(),
    );
    for (const t of rows) {
      out.push(
        '  ' +
          t.cols
            .map((c, i) => pad(c, widths[i]!))
            .join('  ')
            .trimEnd(),
      );
      if (t.row.limit) out.push(`    note: ${t.row.limit.message}`);
      for (const cell of t.row.cells) for (const p of cell.problems) out.push(`    ! ${cell.path}: ${p}`);
    }
  }
  return `${out.join('\n')}\n`;
}

const LIMIT_HEADINGS: Record<string, string> = {
  'ignores-robots-txt':
    'Do not follow robots.txt, whatever it says (block them at the edge by User-Agent: robotsmatch/edge)',
  'user-triggered':
    'Fetch when a person asks, and their operators say robots.txt may not apply (the file states the wish; robotsmatch/edge enforces it)',
  'not-documented':
    'Not documented: their operators do not say whether they follow robots.txt (the file states the wish; robotsmatch/edge enforces it)',
  'robots-only-token':
    'robots.txt-only tokens, never sent in requests (their operators apply them; no server can tell their requests apart to enforce them)',
  'not-in-registry': 'Not in the crawler registry (the proof assumes they read robots.txt and obey the * group)',
};

/** The kinds of row formatLimits lists by name. */
export const LIMIT_KINDS: readonly string[] = Object.keys(LIMIT_HEADINGS);

/** The rows robots.txt cannot hold to the policy, one line per reason with the crawlers' names. */
export function formatLimits(notes: readonly { kind: string; crawler: string }[]): string[] {
  const out: string[] = [];
  for (const [kind, heading] of Object.entries(LIMIT_HEADINGS)) {
    const names = notes.filter((n) => n.kind === kind).map((n) => n.crawler);
    if (names.length) out.push(`${heading}: ${names.join(', ')}.`);
  }
  return out;
}
