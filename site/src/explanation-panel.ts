// The full explanation of one cell: explain() from the library (the groups
// that apply, every matching rule, the winner and why, and the other mode's
// answer), set out as sentences and a table of the matching rules.

import { explain, type Explanation, type ExplainedGroup } from 'robotsmatch/explain';
import { h, replaceChildren } from './dom.js';
import { withCode } from './code-text.js';
import type { VerdictMatrix } from './verdict-matrix.js';
import { modeName, otherMode, ruleText, verdictText } from './verdict-text.js';

/** The lines to highlight in the editor for an explanation: the deciding line and its groups' lines. */
export interface ExplainedLines {
  deciding: number;
  related: number[];
}

function groupSentence(group: ExplainedGroup): string {
  const agents = group.agents.map((a) => `\`User-agent: ${a}\``).join(', ');
  const rules =
    group.ruleLines.length === 0
      ? 'no rules'
      : group.ruleLines.length === 1
        ? `its rule on line ${group.ruleLines[0]}`
        : `its rules on lines ${group.ruleLines[0]}-${group.ruleLines.at(-1)}`;
  return `Line${group.userAgentLines.length > 1 ? 's' : ''} ${group.userAgentLines.join(', ')} (${agents}), with ${rules}.`;
}

function candidatesTable(e: Explanation): HTMLTableElement {
  return h(
    'table',
    { class: 'candidates' },
    h('caption', {}, 'Every rule of those groups that matches the path, highest priority first'),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Line'),
        h('th', { scope: 'col' }, 'Rule'),
        h('th', { scope: 'col' }, 'Priority (bytes)'),
        h('th', { scope: 'col' }, ''),
      ),
    ),
    h(
      'tbody',
      {},
      ...e.candidates.map((c, i) =>
        h(
          'tr',
          { class: i === 0 && c.line === e.line ? 'decides' : '' },
          h('td', {}, String(c.line)),
          h('td', {}, h('code', {}, ruleText(c)), c.indexHtml ? " (its directory, by Google's index.html rule)" : ''),
          h('td', {}, String(c.priority)),
          h('td', {}, i === 0 && c.line === e.line ? 'decides' : ''),
        ),
      ),
    ),
  );
}

/**
 * Renders the explanation of a cell into `panel` and returns the lines the
 * editor should highlight. `showLine` puts the caret on a line of the file.
 * With `focus`, its heading takes the keyboard focus (a cell was chosen);
 * without, the focus stays where it is (the file changed under it).
 */
export function showExplanation(
  panel: HTMLElement,
  matrix: VerdictMatrix,
  row: number,
  column: number,
  showLine: (line: number) => void,
  focus: boolean,
): ExplainedLines {
  const url = matrix.list.urls[row]!;
  const choice = matrix.choices[column]!;
  const e = explain(matrix.robots, url, choice.agent);
  const heading = h('h3', { id: 'explanation-heading', tabindex: -1 }, `${choice.label} and ${url}`);
  const other = e.otherMode;
  const details = h(
    'dl',
    {},
    h('dt', {}, 'Verdict'),
    h('dd', {}, verdictText(e), e.rule ? ' ' : '', e.rule ? h('code', {}, ruleText(e.rule)) : ''),
    h('dt', {}, 'Path matched'),
    h('dd', {}, h('code', {}, e.path)),
    h('dt', {}, 'Group'),
    h(
      'dd',
      {},
      ...(e.selectedBy
        ? withCode(`${e.selectedBy.why[0]!.toUpperCase()}${e.selectedBy.why.slice(1)}.`)
        : [
            e.fallback
              ? 'No group names it, so the `*` group applies.'
              : e.groups.length
                ? 'The groups that name it apply.'
                : 'No group applies: nothing restricts it.',
          ].flatMap(withCode)),
    ),
    ...e.groups.map((g) => h('dd', { class: 'group-lines' }, ...withCode(groupSentence(g)))),
    h('dt', {}, modeName(otherMode(matrix.mode))),
    other
      ? h('dd', { class: 'differs' }, `${verdictText(other)}. `, ...withCode(other.why))
      : h('dd', {}, 'The same verdict, by the same line.'),
  );
  const show = e.line > 0 ? h('button', { type: 'button' }, `Show line ${e.line} in the file`) : null;
  show?.addEventListener('click', () => showLine(e.line));
  replaceChildren(
    panel,
    heading,
    h('p', { class: 'message' }, ...withCode(e.message)),
    details,
    e.candidates.length ? candidatesTable(e) : null,
    show,
  );
  panel.hidden = false;
  if (focus) heading.focus();
  return { deciding: e.line, related: e.groups.flatMap((g) => [...g.userAgentLines, ...g.ruleLines]) };
}
