// Lint findings under the editor: each with its line, severity, code,
// message and fix. A safe fix (Google reads the file the same after it)
// applies with one click; an unsafe one says first what crawlers will then
// do differently, and its button says it is unsafe.

import type { Diagnostic } from 'robotsmatch/lint';
import { h, replaceChildren } from './dom.js';
import { withCode } from './code-text.js';
import { counted } from './count.js';

export interface LintActions {
  /** Applies one diagnostic's fix (unsafe ones only when asked by their own button). */
  apply(diagnostic: Diagnostic): void;
  applyAllSafe(): void;
  goToLine(line: number): void;
}

export class LintPanel {
  readonly #summary: HTMLElement;
  readonly #list: HTMLElement;
  readonly #all: HTMLButtonElement;
  readonly #actions: LintActions;

  constructor(summary: HTMLElement, list: HTMLElement, all: HTMLButtonElement, actions: LintActions) {
    this.#summary = summary;
    this.#list = list;
    this.#all = all;
    this.#actions = actions;
    all.addEventListener('click', () => actions.applyAllSafe());
  }

  show(diagnostics: readonly Diagnostic[], note = ''): void {
    const safe = diagnostics.filter((d) => d.fix?.safety === 'safe').length;
    const bySeverity = (s: string) => diagnostics.filter((d) => d.severity === s).length;
    const parts = [counted(bySeverity('error'), 'error'), counted(bySeverity('warning'), 'warning'), counted(bySeverity('info'), 'note')].filter((p) => !p.startsWith('0 '));
    const summary = diagnostics.length === 0
      ? 'No findings: Google and RFC 9309 crawlers read every line as it is written.'
      : `${counted(diagnostics.length, 'finding')} (${parts.join(', ')})${safe ? `, ${counted(safe, 'safe fix', 'safe fixes')}` : ''}.`;
    this.#summary.textContent = note ? `${note} ${summary}` : summary;
    this.#all.hidden = safe < 2;
    this.#all.textContent = `Apply the ${counted(safe, 'safe fix', 'safe fixes')}`;
    replaceChildren(this.#list, ...diagnostics.map((d) => this.#item(d)));
  }

  #item(d: Diagnostic): HTMLElement {
    const goTo = h('button', { type: 'button', class: 'line-link' }, `Line ${d.line}`);
    goTo.addEventListener('click', () => this.#actions.goToLine(d.line));
    return h('li', { class: `diagnostic ${d.severity}` },
      h('p', { class: 'where' }, goTo, ' ', h('span', { class: 'severity' }, d.severity === 'info' ? 'note' : d.severity), ' ', h('code', { class: 'diagnostic-code' }, d.code)),
      h('p', { class: 'message' }, ...withCode(d.message)),
      d.fix ? this.#fix(d, d.fix) : null);
  }

  #fix(d: Diagnostic, fix: NonNullable<Diagnostic['fix']>): HTMLElement {
    const unsafe = fix.safety === 'unsafe';
    const becomes = fix.lines.length === 0
      ? [`line ${d.line} goes.`]
      : [`line ${d.line} becomes `, h('code', {}, fix.lines.join('\n')), '.'];
    const apply = h('button', { type: 'button', class: unsafe ? 'unsafe' : 'safe' }, unsafe ? `Apply this unsafe fix to line ${d.line}` : `Apply the fix to line ${d.line}`);
    apply.addEventListener('click', () => this.#actions.apply(d));
    return h('div', { class: `fix ${fix.safety}` },
      h('p', {}, h('strong', {}, unsafe ? 'Unsafe fix: ' : 'Safe fix: '), ...becomes, ' ', ...withCode(fix.message)),
      apply);
  }
}
