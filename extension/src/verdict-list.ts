// The popup's crawler verdicts: the groups to count (kept in storage), and
// per chosen group a line saying how many may not fetch the page, which
// opens to a table of its crawlers, those that may not first, each with the
// line that decided (closed at first: a group can hold forty crawlers, and
// the popup should show the file and the page's rules without scrolling). A crawler's name is a
// button: pressing it marks its deciding line in the file below. Everything
// comes from the worker's report: the popup carries no registry.

import { h, replaceChildren } from '../../site/src/dom.js';
import { counted } from '../../site/src/count.js';
import type { CrawlerVerdict, RobotsReport } from './report.js';

type Groups = RobotsReport['groups'];

/** The group checkboxes, checked as `chosen`; `choose` gets the new choice. */
export function showGroupChoice(
  fieldset: HTMLFieldSetElement,
  groups: Groups,
  chosen: readonly string[],
  choose: (ids: string[]) => void,
): void {
  const boxes = groups.map((group) => {
    const box = h('input', { type: 'checkbox', value: group.id, checked: chosen.includes(group.id) });
    box.addEventListener('change', () => choose(boxes.filter((b) => b.checked).map((b) => b.value)));
    return box;
  });
  fieldset.append(...groups.map((group, i) => h('label', {}, boxes[i]!, ` ${group.title}`)));
}

/** The verdicts of the crawlers in the chosen groups, in registry order. */
export const chosenVerdicts = (verdicts: readonly CrawlerVerdict[], chosen: readonly string[]): CrawlerVerdict[] =>
  verdicts.filter((v) => chosen.includes(v.group));

/** "line 5: Disallow: /search", or "no rule matches" when no line decided. */
export const decidedBy = (v: CrawlerVerdict): string => (v.rule ? `line ${v.line}: ${v.rule}` : 'no rule matches');

/** The summary sentence over the chosen crawlers. */
export function summaryOf(chosen: readonly CrawlerVerdict[]): string {
  if (!chosen.length) return 'Choose the crawlers that matter to you below.';
  const blocked = chosen.filter((v) => !v.allowed).length;
  if (!blocked) return `All ${chosen.length} chosen crawlers may fetch this page.`;
  return `${blocked} of ${counted(chosen.length, 'chosen crawler')} may not fetch this page.`;
}

/**
 * The chosen groups, each a closed line saying how many of its crawlers may
 * not fetch the page. Their rows are built by the `fillRows` returned (the
 * popup draws its first screen without them), which gives the buttons by
 * crawler name.
 */
export function showVerdicts(
  container: HTMLElement,
  report: RobotsReport,
  chosen: readonly string[],
  select: (verdict: CrawlerVerdict) => void,
): () => Map<string, HTMLButtonElement> {
  const groups = report.groups
    .filter((group) => chosen.includes(group.id))
    .map((group) => {
      const inGroup = report.verdicts.filter((v) => v.group === group.id);
      const list = [...inGroup.filter((v) => !v.allowed), ...inGroup.filter((v) => v.allowed)];
      const blocked = list.length - inGroup.filter((v) => v.allowed).length;
      const title = blocked
        ? `${group.title}: ${blocked} of ${list.length} may not fetch this page`
        : `${group.title}: all ${list.length} may fetch this page`;
      const body = h('tbody', {});
      const details = h('details', { 'data-group': group.id }, h('summary', {}, title), h('table', {}, body));
      return { details, body, list };
    });
  replaceChildren(container, ...groups.map((g) => g.details));
  return () => {
    const buttons = new Map<string, HTMLButtonElement>();
    for (const { body, list } of groups) {
      const rows = list.map((v) => {
        const button = h('button', { type: 'button', 'aria-pressed': 'false', 'data-crawler': v.name }, v.name);
        button.addEventListener('click', () => select(v));
        buttons.set(v.name, button);
        return h(
          'tr',
          {},
          h('th', { scope: 'row' }, button),
          h('td', { class: v.allowed ? 'allowed' : 'disallowed' }, v.allowed ? 'may fetch' : 'may not'),
          h('td', {}, decidedBy(v)),
        );
      });
      replaceChildren(body, ...rows);
    }
    return buttons;
  };
}
