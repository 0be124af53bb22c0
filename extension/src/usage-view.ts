// The popup's list of the usage signals the robots.txt states for the page
// (Content-Signal, Content-Usage), each with the chosen crawlers that read it.

import { h, replaceChildren } from '../../site/src/dom.js';
import type { CrawlerVerdict, UsageStatement } from './report.js';
import { whomOf } from './names.js';

const valuesText = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');

/** The usage statements the chosen crawlers read; `total` is the registry's size (a statement all read says so). */
export function showUsage(
  list: HTMLUListElement,
  statements: readonly UsageStatement[],
  chosen: readonly CrawlerVerdict[],
  total: number,
) {
  const chosenNames = new Set(chosen.map((c) => c.name));
  const items = statements.flatMap((s) => {
    const readers = s.crawlers.filter((name) => chosenNames.has(name));
    if (!readers.length) return [];
    const whom = s.crawlers.length === total ? 'for every crawler' : `for ${whomOf(readers, [...chosenNames])}`;
    const parts = [];
    if (s.contentSignal) {
      const lines = s.contentSignal.lines.join(', ');
      parts.push(h('code', {}, `Content-Signal: ${valuesText(s.contentSignal.values)}`), ` (line ${lines}) `);
    }
    if (s.contentUsage) {
      const path = s.contentUsage.path ? ` for ${s.contentUsage.path}` : '';
      parts.push(
        h('code', {}, `Content-Usage: ${valuesText(s.contentUsage.preferences)}`),
        ` (line ${s.contentUsage.lines.join(', ')}${path}) `,
      );
    }
    return [h('li', {}, ...parts, whom, '.')];
  });
  replaceChildren(list, ...items);
  if (!items.length)
    replaceChildren(list, h('li', {}, 'The robots.txt states no Content-Signal or Content-Usage for this page.'));
}
