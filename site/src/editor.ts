// The robots.txt editor: a plain <textarea> (so typing, pasting, undo,
// selection and screen readers work as everywhere), with a gutter of line
// numbers and a layer behind the text that marks lines: lint findings by
// severity (and their columns underlined), the line that decided the
// selected verdict, and the lines of the groups that applied. The textarea
// does not wrap, so line N is always N line-heights down and the layers
// only follow its scrolling.

import type { Diagnostic } from 'robotsmatch/lint';
import { h, replaceChildren } from './dom.js';
import { replaceText } from './replace-text.js';

/** Must match style.css: .editor's line height and the textarea's top and left padding, in pixels. */
const LINE_PX = 20;
const PAD_TOP_PX = 8;
const PAD_LEFT_PX = 10;
/** Must match the textarea's tab-size in style.css. */
const TAB = 4;

export class RobotsEditor {
  readonly textarea: HTMLTextAreaElement;
  readonly #numbers: HTMLElement;
  readonly #gutter: HTMLElement;
  readonly #gutterMarks: HTMLElement;
  readonly #bands: HTMLElement;
  readonly #underlines: HTMLElement;
  #lineCount = 0;
  #diagnostics: readonly Diagnostic[] = [];
  #deciding = 0;
  #related: readonly number[] = [];

  constructor(root: HTMLElement) {
    const part = <T extends HTMLElement>(selector: string): T => {
      const found = root.querySelector<T>(selector);
      if (!found) throw new Error(`the editor has no ${selector}`);
      return found;
    };
    this.textarea = part<HTMLTextAreaElement>('textarea');
    this.#numbers = part('.gutter-numbers');
    this.#gutter = part('.gutter-inner');
    this.#gutterMarks = part('.gutter-marks');
    const backdrop = part('.marks');
    this.#bands = h('div', { class: 'bands' });
    this.#underlines = h('div', { class: 'underlines' });
    backdrop.append(this.#bands, this.#underlines);
    this.textarea.addEventListener('input', () => this.#refreshNumbers());
    this.textarea.addEventListener('scroll', () => this.#follow());
  }

  get value(): string {
    return this.textarea.value;
  }

  set value(text: string) {
    this.textarea.value = text;
    this.#refreshNumbers();
    this.#follow();
  }

  /** Replaces the whole text as an edit the browser's undo takes back (a fix), leaving the caret in the box. */
  edit(text: string): void {
    replaceText(this.textarea, text);
    this.#refreshNumbers();
    this.#follow();
  }

  setDiagnostics(diagnostics: readonly Diagnostic[]): void {
    this.#diagnostics = diagnostics;
    this.#draw();
  }

  /** Marks the line that decided the selected verdict (0: none) and the lines of the groups that applied. */
  setDeciding(line: number, related: readonly number[]): void {
    this.#deciding = line;
    this.#related = related;
    this.#draw();
    if (line > 0) this.#scrollTo(line, false);
  }

  /** Puts the caret on a line, selecting it, and scrolls it into view. */
  revealLine(line: number): void {
    const { start, end } = this.#lineRange(line);
    this.textarea.focus();
    this.textarea.setSelectionRange(start, end);
    this.#scrollTo(line, true);
  }

  #lineRange(line: number): { start: number; end: number } {
    const text = this.textarea.value;
    let start = 0;
    for (let n = 1; n < line; n++) {
      const next = text.indexOf('\n', start);
      if (next < 0) break;
      start = next + 1;
    }
    const end = text.indexOf('\n', start);
    return { start, end: end < 0 ? text.length : end };
  }

  /** Scrolls the textarea so that `line` is visible (always: to a third of the height). */
  #scrollTo(line: number, always: boolean): void {
    const top = PAD_TOP_PX + (line - 1) * LINE_PX;
    const view = this.textarea;
    if (!always && top >= view.scrollTop && top + LINE_PX <= view.scrollTop + view.clientHeight) return;
    view.scrollTop = Math.max(0, top - view.clientHeight / 3);
    this.#follow();
  }

  #refreshNumbers(): void {
    const text = this.textarea.value;
    let count = 1;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
    if (count === this.#lineCount) return;
    this.#lineCount = count;
    const numbers = new Array<number>(count);
    for (let i = 0; i < count; i++) numbers[i] = i + 1;
    this.#numbers.textContent = numbers.join('\n');
    this.#gutter.parentElement!.style.width = `${Math.max(3, String(count).length) + 2}ch`;
  }

  /** The gutter and marks follow the textarea's scrolling. */
  #follow(): void {
    const { scrollTop, scrollLeft } = this.textarea;
    this.#gutter.style.transform = `translateY(${-scrollTop}px)`;
    this.#bands.style.transform = `translateY(${-scrollTop}px)`;
    this.#underlines.style.transform = `translate(${-scrollLeft}px, ${-scrollTop}px)`;
  }

  #draw(): void {
    const bands: HTMLElement[] = [];
    const underlines: HTMLElement[] = [];
    const gutterMarks: HTMLElement[] = [];
    const top = (line: number) => `${PAD_TOP_PX + (line - 1) * LINE_PX}px`;
    for (const line of new Set(this.#related)) {
      if (line !== this.#deciding) bands.push(mark('band related', top(line)));
    }
    const lines = this.textarea.value.split('\n');
    const worst = new Map<number, string>();
    for (const d of this.#diagnostics) {
      const previous = worst.get(d.line);
      if (previous === undefined || rank(d.severity) > rank(previous)) worst.set(d.line, d.severity);
      if (d.column !== undefined) {
        const text = lines[d.line - 1] ?? '';
        const from = visualColumn(text, d.column - 1);
        const to = Math.max(from + 1, visualColumn(text, (d.endColumn ?? text.length + 1) - 1));
        const underline = mark(`underline ${d.severity}`, top(d.line));
        underline.style.left = `calc(${PAD_LEFT_PX}px + ${from}ch)`;
        underline.style.width = `${to - from}ch`;
        underlines.push(underline);
      }
    }
    for (const [line, severity] of worst) {
      bands.push(mark(`band ${severity}`, top(line)));
      gutterMarks.push(mark(`gutter-mark ${severity}`, top(line)));
    }
    if (this.#deciding > 0) {
      bands.push(mark('band deciding', top(this.#deciding)));
      gutterMarks.push(mark('gutter-mark deciding', top(this.#deciding)));
    }
    replaceChildren(this.#bands, ...bands);
    replaceChildren(this.#underlines, ...underlines);
    replaceChildren(this.#gutterMarks, ...gutterMarks);
  }
}

/**
 * A mark placed `top` down the layer. Positions are set through the style
 * object, not a style attribute, which the page's Content-Security-Policy
 * (style-src 'self') would refuse.
 */
function mark(className: string, top: string): HTMLElement {
  const element = h('div', { class: className });
  element.style.top = top;
  return element;
}

function rank(severity: string): number {
  return severity === 'error' ? 3 : severity === 'warning' ? 2 : 1;
}

/** The on-screen column (in character widths) of character `index` of a line, tabs expanded. */
function visualColumn(text: string, index: number): number {
  let column = 0;
  for (let i = 0; i < index && i < text.length; i++)
    column = text[i] === '\t' ? (Math.floor(column / TAB) + 1) * TAB : column + 1;
  return column + Math.max(0, index - text.length);
}
