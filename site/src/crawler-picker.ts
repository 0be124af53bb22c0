// The crawler picker: the registry's crawlers as checkboxes, one
// collapsible group per purpose (search, ads, AI training, AI search and
// assistants, others), each group saying how many of its crawlers are
// chosen so that a closed group still shows what it holds.

import { h, replaceChildren } from './dom.js';
import { entriesOf, PURPOSE_GROUPS } from './crawler-choices.js';

export class CrawlerPicker {
  readonly #boxes: HTMLInputElement[] = [];
  readonly #counts: { count: HTMLElement; boxes: HTMLInputElement[] }[] = [];

  constructor(container: HTMLElement, onChange: () => void) {
    const groups = PURPOSE_GROUPS.map((group) => {
      const boxes: HTMLInputElement[] = [];
      const items = entriesOf(group.purposes).map((entry) => {
        const box = h('input', { type: 'checkbox', value: entry.name });
        boxes.push(box);
        return h(
          'li',
          {},
          h(
            'label',
            { title: entry.description },
            box,
            ` ${entry.name}`,
            h('span', { class: 'operator' }, entry.operator),
          ),
        );
      });
      const count = h('span', { class: 'chosen-count' });
      this.#boxes.push(...boxes);
      this.#counts.push({ count, boxes });
      return h('details', { class: 'crawler-group' }, h('summary', {}, group.title, ' ', count), h('ul', {}, ...items));
    });
    replaceChildren(container, ...groups);
    container.addEventListener('change', () => {
      this.#refreshCounts();
      onChange();
    });
  }

  /** The chosen crawlers' names, in registry order. */
  get chosen(): string[] {
    return this.#boxes.filter((b) => b.checked).map((b) => b.value);
  }

  set chosen(names: readonly string[]) {
    const wanted = new Set(names.map((n) => n.toLowerCase()));
    for (const box of this.#boxes) box.checked = wanted.has(box.value.toLowerCase());
    this.#refreshCounts();
  }

  #refreshCounts(): void {
    for (const { count, boxes } of this.#counts) {
      const n = boxes.filter((b) => b.checked).length;
      count.textContent = `(${n} of ${boxes.length} chosen)`;
    }
  }
}
