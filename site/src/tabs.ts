// The three views as ARIA tabs: one tab stop for the tab list, arrow keys
// (and Home, End) move between tabs, and each tab shows its panel.

import type { View } from './page-state.js';

export class Tabs {
  readonly #tabs: HTMLButtonElement[];
  readonly #onChange: (view: View) => void;

  constructor(list: HTMLElement, onChange: (view: View) => void) {
    this.#tabs = Array.from(list.querySelectorAll<HTMLButtonElement>('[role="tab"]'));
    this.#onChange = onChange;
    list.addEventListener('click', (event) => {
      const tab = (event.target as Element).closest<HTMLButtonElement>('[role="tab"]');
      if (tab) this.#choose(tab, true);
    });
    list.addEventListener('keydown', (event) => {
      const at = this.#tabs.indexOf(document.activeElement as HTMLButtonElement);
      if (at < 0) return;
      const last = this.#tabs.length - 1;
      const to =
        event.key === 'ArrowRight'
          ? at === last
            ? 0
            : at + 1
          : event.key === 'ArrowLeft'
            ? at === 0
              ? last
              : at - 1
            : event.key === 'Home'
              ? 0
              : event.key === 'End'
                ? last
                : -1;
      if (to < 0) return;
      event.preventDefault();
      this.#choose(this.#tabs[to]!, true);
      this.#tabs[to]!.focus();
    });
  }

  /** Shows a view without telling the page (when restoring a state). */
  show(view: View): void {
    const tab = this.#tabs.find((t) => t.id === `tab-${view}`);
    if (tab) this.#choose(tab, false);
  }

  #choose(chosen: HTMLButtonElement, tell: boolean): void {
    for (const tab of this.#tabs) {
      const selected = tab === chosen;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !selected;
    }
    if (tell) this.#onChange(chosen.id.slice('tab-'.length) as View);
  }
}
