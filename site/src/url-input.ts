// The URL list's input: a text box for a short list, and a long list held
// outside it. A text box holding 100,000 lines costs the browser seconds on
// every keystroke and minutes on Ctrl+A (layout and selection of the whole
// text), so a long list (opened, pasted or from a link) is held as a string
// and shown as a one-line summary with a button to clear it.

import { counted } from './count.js';

/** A list longer than this, in lines or in characters, is held outside the box. */
export const BOX_LINES = 1_000;
export const BOX_CHARS = 100_000;

/** True when `text` is too long for the text box: more than BOX_CHARS characters or BOX_LINES lines. */
export function isLongList(text: string): boolean {
  if (text.length > BOX_CHARS) return true;
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    if (++lines > BOX_LINES) return true;
  }
  return false;
}

/** A line count without a string per line (the list may hold 100,000). */
function nonBlankLines(text: string): number {
  let count = 0;
  for (const _ of text.matchAll(/[^\S\r\n]*\S[^\r\n]*/g)) count++;
  return count;
}

export class UrlInput {
  readonly #box: HTMLTextAreaElement;
  readonly #held: HTMLElement;
  readonly #summary: HTMLElement;
  /** The long list held outside the box, and where it came from ("from urls.txt", "pasted"). */
  #list: { text: string; from: string } | undefined;

  constructor(
    box: HTMLTextAreaElement,
    held: HTMLElement,
    summary: HTMLElement,
    clear: HTMLButtonElement,
    changed: () => void,
  ) {
    this.#box = box;
    this.#held = held;
    this.#summary = summary;
    clear.addEventListener('click', () => {
      this.set('', '');
      this.#box.focus();
      changed();
    });
    // A long paste never reaches the box: the text it would make is held instead.
    box.addEventListener('paste', (event) => {
      const pasted = event.clipboardData?.getData('text/plain') ?? '';
      const text = box.value.slice(0, box.selectionStart) + pasted + box.value.slice(box.selectionEnd);
      if (!isLongList(text)) return;
      event.preventDefault();
      this.set(text, 'pasted');
      changed();
    });
    // Any other way a long text arrives (dropped, or typed past the limit) goes the same way, at once.
    box.addEventListener('input', () => {
      if (!isLongList(box.value)) return;
      this.set(box.value, 'put in the text box');
      changed();
    });
  }

  /** The list as text: the held list, or the box's text. */
  get text(): string {
    return this.#list?.text ?? this.#box.value;
  }

  /** Sets the list: a long one is held (`from` says where it came from, for the summary), a short one goes in the box. */
  set(text: string, from: string): void {
    const long = isLongList(text);
    this.#list = long ? { text, from } : undefined;
    this.#box.value = long ? '' : text;
    this.#box.hidden = long;
    this.#held.hidden = !long;
    this.#summary.textContent = long
      ? `${counted(nonBlankLines(text), 'URL')} ${from} (${counted(text.length, 'character')}), held outside the text box so that the page stays quick to use.`
      : '';
  }
}
