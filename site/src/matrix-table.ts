// The verdict matrix as an HTML table: a row per URL, a column per crawler,
// each cell a button that opens its explanation. Rows are rendered a page at
// a time ("Show more"): the verdicts of every row are already computed, but a
// table of 100,000 rows would take the browser longer to lay out than the
// verdicts took to compute.

import { h, replaceChildren } from './dom.js';
import { counted, formatNumber } from './count.js';
import type { VerdictMatrix } from './verdict-matrix.js';
import type { RowFilter } from './page-state.js';
import { modeName, otherMode, verdictText } from './verdict-text.js';

const PAGE_ROWS = 100;

export type SelectCell = (row: number, column: number) => void;

export class MatrixTable {
  readonly #table: HTMLTableElement;
  readonly #more: HTMLButtonElement;
  #matrix: VerdictMatrix | undefined;
  #rows: Int32Array = new Int32Array(0);
  #shown = 0;
  #body: HTMLTableSectionElement | undefined;
  #selected: HTMLButtonElement | undefined;

  constructor(table: HTMLTableElement, more: HTMLButtonElement, onSelect: SelectCell) {
    this.#table = table;
    this.#more = more;
    table.addEventListener('click', (event) => {
      const button = (event.target as Element).closest('button[data-row]');
      if (!(button instanceof HTMLButtonElement)) return;
      this.#markButton(button);
      onSelect(Number(button.dataset.row), Number(button.dataset.column));
    });
    more.addEventListener('click', () => this.#renderPage());
  }

  /** Shows a matrix from its first page of rows. */
  show(matrix: VerdictMatrix, filter: RowFilter): void {
    this.#matrix = matrix;
    this.#rows = matrix.rows(filter);
    this.#shown = 0;
    this.#selected = undefined;
    const caption = h(
      'caption',
      { id: 'matrix-caption' },
      `What each crawler may fetch, as ${modeName(matrix.mode)} reads the file`,
      h(
        'span',
        { class: 'caption-note' },
        ` (where ${modeName(otherMode(matrix.mode))} crawlers decide otherwise, the cell says so)`,
      ),
    );
    const head = h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'URL'),
        ...matrix.choices.map((c) =>
          h(
            'th',
            {
              scope: 'col',
              title: c.entry
                ? `${c.entry.operator}: ${c.entry.description}`
                : 'a product token, matched as Google matches one',
            },
            c.label,
          ),
        ),
      ),
    );
    this.#body = h('tbody');
    replaceChildren(this.#table, caption, head, this.#body);
    if (matrix.rowCount === 0 || matrix.choices.length === 0) {
      const what = matrix.choices.length === 0 ? 'Choose a crawler or type a product token' : 'Type URLs or paths';
      this.#body.append(
        h(
          'tr',
          {},
          h(
            'td',
            { colspan: matrix.choices.length + 1, class: 'empty' },
            `${what} above to see what each crawler may fetch.`,
          ),
        ),
      );
    } else if (this.#rows.length === 0) {
      this.#body.append(
        h('tr', {}, h('td', { colspan: matrix.choices.length + 1, class: 'empty' }, 'No URL matches this filter.')),
      );
    }
    this.#renderPage();
  }

  /** Appends the next page of rows. */
  #renderPage(): void {
    const matrix = this.#matrix;
    const body = this.#body;
    if (!matrix || !body) return;
    const end = Math.min(this.#rows.length, this.#shown + PAGE_ROWS);
    const fragment = document.createDocumentFragment();
    for (let i = this.#shown; i < end; i++) fragment.append(this.#row(matrix, this.#rows[i]!));
    body.append(fragment);
    this.#shown = end;
    const left = this.#rows.length - end;
    this.#more.hidden = left === 0;
    this.#more.textContent = `Show ${formatNumber(Math.min(PAGE_ROWS, left))} more (${counted(left, 'URL')} not shown)`;
  }

  #row(matrix: VerdictMatrix, row: number): HTMLTableRowElement {
    const tr = h('tr', {}, h('th', { scope: 'row', class: 'url' }, h('div', {}, matrix.list.urls[row]!)));
    for (let column = 0; column < matrix.choices.length; column++) {
      const { verdict, other } = matrix.cell(row, column);
      const button = h(
        'button',
        { type: 'button', class: 'cell', 'data-row': row, 'data-column': column },
        verdictText(verdict),
        other &&
          h(
            'span',
            { class: 'mode-differs' },
            h('span', { class: 'visually-hidden' }, '; '),
            `${modeName(otherMode(matrix.mode))}: ${verdictText(other)}`,
          ),
      );
      tr.append(h('td', { class: verdict.allowed ? 'allowed' : 'disallowed' }, button));
    }
    return tr;
  }

  /** Marks a cell as the one explained (when its row is on screen). */
  mark(row: number, column: number): void {
    const button = this.#table.querySelector(`button[data-row="${row}"][data-column="${column}"]`);
    if (button instanceof HTMLButtonElement) this.#markButton(button);
  }

  #markButton(button: HTMLButtonElement): void {
    this.#selected?.removeAttribute('aria-current');
    button.setAttribute('aria-current', 'true');
    this.#selected = button;
  }
}
