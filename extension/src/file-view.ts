// The popup's view of the robots.txt: how its fetch went, in a sentence;
// the file with the deciding line of the chosen crawler marked; the count
// of lint findings. A long file shows the lines around the marked one (the
// tester shows it whole).

import { h, replaceChildren } from '../../site/src/dom.js';
import { counted } from '../../site/src/count.js';
import type { RobotsReport } from './report.js';

/** Lines shown at once: enough to read a group around the deciding line, few enough to render at once. */
const WINDOW = 400;

const fetchedTime = (ms: number) => new Date(ms).toLocaleTimeString();

/** The file's lines, without the empty one after a final line break. */
export function linesOf(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** How the robots.txt fetch went, and what crawlers do about it, in a sentence or two. */
export function statusSentence(report: RobotsReport): string {
  const { robotsUrl, outcome, status, stale } = report;
  const moved = report.redirects > 0 ? ` after ${counted(report.redirects, 'redirect')} (to ${report.finalUrl})` : '';
  const answered =
    status === undefined ? `could not be reached (${report.error ?? 'no answer'})` : `answered ${status}`;
  if (outcome === 'ok') {
    const lines = linesOf(report.text ?? '').length;
    return `${robotsUrl} answered ${status}${moved}: ${counted(lines, 'line')}, read at ${fetchedTime(report.fetchedAt)}.`;
  }
  if (outcome === 'unavailable') {
    const why = status !== undefined && status >= 300 && status < 400 ? `led through too many redirects` : answered;
    return `${robotsUrl} ${why}: crawlers take that as no robots.txt, and may fetch every page of the site.`;
  }
  if (stale) {
    return `${robotsUrl} ${answered} just now: crawlers go on with the copy they read before (below) until it answers again.`;
  }
  return `${robotsUrl} ${answered}: crawlers take that as "every page is disallowed for now" and try again later.`;
}

/** "2 lint findings (1 error)". */
export function lintSentence({ count, errors, file }: RobotsReport['lint']): string {
  if (file === false) return 'No file to lint.';
  if (!count) return 'No lint findings.';
  return `${counted(count, 'lint finding')}${errors ? ` (${counted(errors, 'error')})` : ''}.`;
}

export class FileView {
  readonly #list: HTMLOListElement;
  readonly #note: HTMLElement;
  #lines: string[] = [];

  constructor(list: HTMLOListElement, note: HTMLElement) {
    this.#list = list;
    this.#note = note;
  }

  /** Shows the file, marking `line` (0: none). */
  show(report: RobotsReport, line: number): void {
    if (report.text === null) {
      this.#lines = [];
      replaceChildren(this.#list);
      this.#list.hidden = true;
      this.#note.textContent =
        'There is no file to show: until it can be read, crawlers act as if it said "User-agent: *" and "Disallow: /".';
      return;
    }
    this.#lines = linesOf(report.text);
    this.#list.hidden = this.#lines.length === 0;
    this.#note.textContent = this.#lines.length ? '' : 'The file is empty: every crawler may fetch every page.';
    this.mark(line);
  }

  /** Marks `line` (1-based; 0 marks none) and scrolls it into view. */
  mark(line: number): void {
    const total = this.#lines.length;
    if (!total) return;
    const first = total <= WINDOW ? 1 : Math.max(1, Math.min(line - WINDOW / 2, total - WINDOW + 1));
    const last = Math.min(total, first + WINDOW - 1);
    const items: HTMLLIElement[] = [];
    for (let n = first; n <= last; n++) {
      items.push(
        h('li', { value: n, class: n === line ? 'decides' : null, 'data-line': n }, this.#lines[n - 1] || ' '),
      );
    }
    replaceChildren(this.#list, ...items);
    if (total > WINDOW)
      this.#note.textContent = `Lines ${first} to ${last} of ${total}: the tester shows the whole file.`;
    // Scrolled when the frame is laid out anyway: reading offsetTop now would lay the popup out twice.
    const marked = this.#list.querySelector<HTMLElement>('li.decides');
    if (marked) requestAnimationFrame(() => (this.#list.scrollTop = marked.offsetTop - this.#list.clientHeight / 2));
  }
}
