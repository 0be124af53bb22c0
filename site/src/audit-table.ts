// The audit: every known crawler's reading of the file (audit() from
// robotsmatch/crawlers): the group it follows, whether it may fetch `/`,
// and whether it is blocked, partly blocked or open, in a sentence that
// says what it will do, with the usage signals that apply to it.

import { parse, type Mode } from 'robotsmatch';
import { audit, bodyKind, type AuditRow, type CrawlerPurpose } from 'robotsmatch/crawlers';
import { h, replaceChildren } from './dom.js';
import { withCode } from './code-text.js';
import { counted } from './count.js';
import { PURPOSE_GROUPS } from './crawler-choices.js';
import { signalText, usageSignals } from './signals.js';
import { modeName, ruleText, verdictText } from './verdict-text.js';

const PURPOSE_NAMES: Record<CrawlerPurpose, string> = {
  search: 'search',
  ads: 'ads',
  'ai-training': 'AI training',
  'ai-search': 'AI search',
  'ai-assistant': 'AI assistant',
  archive: 'archive',
  seo: 'SEO',
  social: 'social',
  other: 'other',
};

/** What a body that is not a robots.txt is, for the summary. */
const BODY_WORDS = {
  html: 'This is an HTML page',
  binary: 'This is binary data',
  error: 'This is an error message',
} as const;

/** The audit filter's choices: every crawler, a purpose group, or only the restricted ones. */
export function auditFilterOptions(select: HTMLSelectElement): void {
  replaceChildren(
    select,
    h('option', { value: 'all' }, 'every known crawler'),
    ...PURPOSE_GROUPS.map((g, i) => h('option', { value: String(i) }, g.title)),
    h('option', { value: 'restricted' }, 'crawlers that are blocked or partly blocked'),
  );
}

function followed(row: AuditRow): string {
  if (row.group === null) return 'none';
  if (row.group === '*') return 'the `*` group';
  return row.group.toLowerCase() === row.crawler.tokens[0]?.toLowerCase() ? `its own (${row.group})` : `${row.group}'s`;
}

/** What the crawler will do, in a sentence. */
function sentence(row: AuditRow): string {
  const name = row.crawler.name;
  let s: string;
  if (row.access === 'blocked')
    s = `${name} will not fetch anything: / is ${verdictText(row.root)}${row.root.rule ? ` (\`${ruleText(row.root.rule)}\`)` : ''}.`;
  else if (row.access === 'partly')
    s = `${name} will fetch / but not ${row.example} (nor other paths its rules disallow).`;
  else if (row.group === null) s = `${name} will fetch anything: no group in this file applies to it.`;
  else s = `${name} will fetch anything: none of its group's rules disallows a path.`;
  if (row.readsRobotsTxt === 'user-triggered')
    s += ' It fetches when a person asks, and its operator says robots.txt generally does not apply then.';
  if (row.readsRobotsTxt === 'no')
    s += ' It is documented or reported not to follow robots.txt, whatever the file says.';
  if (row.readsRobotsTxt === 'unknown') s += ' Whether it follows robots.txt is not documented by its operator.';
  for (const c of row.usageConflicts) {
    s += ` Its Content-Signal says ${c.signalKey}=${c.signal} but Content-Usage says ${c.purpose}=${c.preference} for /: where both are read, the stricter (no) applies.`;
  }
  return s;
}

/**
 * Renders the audit of `text` into the table and summary; `filter` is a
 * value of the audit filter. License lines are the file's, the same for every
 * crawler: they are stated once, in `licenses`, not repeated in each row.
 */
export function showAudit(
  table: HTMLTableElement,
  summary: HTMLElement,
  licenses: HTMLElement,
  text: string,
  mode: Mode,
  filter: string,
): void {
  const robots = parse(text, { mode });
  try {
    const rows = audit(robots);
    const count = (access: string) => rows.filter((r) => r.access === access).length;
    const group = PURPOSE_GROUPS[Number(filter)];
    const shown = rows.filter((r) =>
      filter === 'restricted'
        ? r.access !== 'open'
        : group
          ? r.crawler.purposes.some((p) => group.purposes.includes(p))
          : true,
    );
    const kind = bodyKind(text);
    const declared = rows.length > 0 ? usageSignals(robots, rows[0]!.crawler).licenses : [];
    licenses.textContent =
      declared.length === 0
        ? ''
        : `License: the file declares ${declared.length === 1 ? 'a license' : 'licenses'} for its content, whichever crawler reads it: ${signalText(declared)}.`;
    summary.textContent =
      (kind ? `${BODY_WORDS[kind]}, not a robots.txt: crawlers find no rules in it. ` : '') +
      `As ${modeName(mode)} reads the file, of ${counted(rows.length, 'known crawler')}, ${count('blocked')} ${count('blocked') === 1 ? 'is' : 'are'} blocked, ${count('partly')} partly blocked and ${count('open')} open.${shown.length === rows.length ? '' : ` Showing ${shown.length}.`}`;
    replaceChildren(
      table,
      h('caption', { id: 'audit-caption' }, "Every known crawler's reading of the file"),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ...['Crawler', 'Group it follows', 'Access', 'What it will do', 'Content-Signal', 'Content-Usage'].map((t) =>
            h('th', { scope: 'col' }, t),
          ),
        ),
      ),
      h(
        'tbody',
        {},
        ...shown.map((row) => {
          const signals = usageSignals(robots, row.crawler);
          return h(
            'tr',
            { class: row.access },
            h(
              'th',
              { scope: 'row' },
              row.crawler.name,
              h(
                'span',
                { class: 'operator' },
                `${row.crawler.operator}, ${row.crawler.purposes.map((p) => PURPOSE_NAMES[p]).join(', ')}`,
              ),
            ),
            h('td', {}, ...withCode(followed(row))),
            h('td', { class: 'access' }, row.access),
            h('td', {}, h('div', { class: 'sentence' }, ...withCode(sentence(row)))),
            h('td', {}, signalText(signals.contentSignal)),
            h('td', {}, signalText(signals.contentUsage)),
          );
        }),
      ),
    );
  } finally {
    robots.dispose();
  }
}
