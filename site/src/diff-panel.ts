// The diff view: what the draft changes against another version. Per
// crawler, the library's diff() says which rules it gains and loses and
// which paths change, in sentences; then every URL of the test whose
// verdict changes for one of the test's crawlers.

import type { Mode } from 'robotsmatch';
import { diff } from 'robotsmatch/lint';
import { h, replaceChildren } from './dom.js';
import { withCode } from './code-text.js';
import { counted, formatNumber } from './count.js';
import type { CrawlerChoice } from './crawler-choices.js';
import { urlChanges, type UrlVerdictChange } from './url-changes.js';
import type { UrlList } from './url-list.js';
import { modeName, ruleText, verdictText } from './verdict-text.js';

const PAGE_ROWS = 100;

function verdictWithRule(v: UrlVerdictChange['before']): string {
  return v.rule ? `${verdictText(v)} (\`${ruleText(v.rule)}\`)` : verdictText(v);
}

function changesTable(changes: readonly UrlVerdictChange[], mode: Mode): HTMLElement {
  const body = h('tbody');
  const more = h('button', { type: 'button' });
  let shown = 0;
  const page = () => {
    const end = Math.min(changes.length, shown + PAGE_ROWS);
    for (const c of changes.slice(shown, end)) {
      body.append(
        h(
          'tr',
          { class: c.after.allowed ? 'allowed' : 'disallowed' },
          h('th', { scope: 'row', class: 'url' }, h('div', {}, c.url)),
          h('td', {}, c.crawler),
          h('td', {}, ...withCode(verdictWithRule(c.before))),
          h('td', {}, ...withCode(verdictWithRule(c.after))),
        ),
      );
    }
    shown = end;
    more.hidden = shown === changes.length;
    more.textContent = `Show ${formatNumber(Math.min(PAGE_ROWS, changes.length - shown))} more`;
  };
  more.addEventListener('click', page);
  page();
  return h(
    'div',
    {},
    h(
      'div',
      { class: 'table-scroll', role: 'region', 'aria-labelledby': 'url-changes-caption', tabindex: 0 },
      h(
        'table',
        { class: 'changes' },
        h('caption', { id: 'url-changes-caption' }, `URLs whose verdict changes (${modeName(mode)} reading)`),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ...['URL', 'Crawler', "Before (the other version's lines)", 'With the draft'].map((t) =>
              h('th', { scope: 'col' }, t),
            ),
          ),
        ),
        body,
      ),
    ),
    more,
  );
}

/** Renders what changes from `otherText` (before) to `draftText` (after). */
export function showDiff(
  container: HTMLElement,
  otherText: string,
  draftText: string,
  list: UrlList,
  choices: readonly CrawlerChoice[],
  mode: Mode,
): void {
  if (otherText.trim() === '') {
    replaceChildren(
      container,
      h('p', {}, 'Paste, open or fetch the other version above to see what the draft changes.'),
    );
    return;
  }
  const result = diff(otherText, draftText);
  const changes = urlChanges(otherText, draftText, list, choices, mode);
  const sitemaps = [
    ...result.sitemaps.added.map((s) => `Adds the sitemap ${s}.`),
    ...result.sitemaps.removed.map((s) => `Removes the sitemap ${s}.`),
  ];
  replaceChildren(
    container,
    h('h3', {}, 'What changes for each crawler'),
    result.agents.length === 0 && sitemaps.length === 0
      ? h('p', {}, 'Nothing changes: every crawler follows the same rules in both versions.')
      : h(
          'ul',
          { class: 'agent-changes' },
          ...result.agents.map((a) =>
            h(
              'li',
              {},
              h('strong', {}, ...withCode(a.agent === '*' ? 'Crawlers with no group of their own (`*`)' : a.agent)),
              h('ul', {}, ...a.summary.map((s) => h('li', {}, ...withCode(s)))),
            ),
          ),
          ...sitemaps.map((s) => h('li', {}, s)),
        ),
    result.newlyDisallowed
      ? h('p', { class: 'warning-text' }, 'The draft disallows something that some crawler may fetch now.')
      : null,
    h('h3', {}, "The test's URLs"),
    h(
      'p',
      {},
      changes.length === 0
        ? `No verdict changes for the ${counted(list.urls.length, 'URL')} and ${counted(choices.length, 'crawler')} under Test URLs.`
        : `${counted(changes.length, 'verdict')} change${changes.length === 1 ? 's' : ''} for the ${counted(list.urls.length, 'URL')} and ${counted(choices.length, 'crawler')} under Test URLs.`,
    ),
    changes.length ? changesTable(changes, mode) : null,
  );
}
