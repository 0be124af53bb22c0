// Lint findings under the editor: each with its line, severity, code,
// message and fix. A safe fix (Google reads the file the same after it)
// applies with one click; an unsafe one says first what crawlers will then
// do differently, and its button says it is unsafe. The page lints as the
// typing pauses: working out what unsafe fixes change is most of lint's cost
// (lint() leaves it until a fix is read), so the findings show at once and
// the fixes of codes that may carry an unsafe one are read and shown when
// the browser is next idle, unless the file changed meanwhile.

import { CODES, type Diagnostic } from 'robotsmatch/lint';
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
  /** The pending idle-time reading of the fixes of the findings shown. */
  #later: (() => void) | undefined;

  constructor(summary: HTMLElement, list: HTMLElement, all: HTMLButtonElement, actions: LintActions) {
    this.#summary = summary;
    this.#list = list;
    this.#all = all;
    this.#actions = actions;
    all.addEventListener('click', () => actions.applyAllSafe());
  }

  show(diagnostics: readonly Diagnostic[], note = ''): void {
    this.#later?.();
    this.#later = undefined;
    // Fixes of codes that are only ever safe are plain values: read now. The others may need working out: read later.
    const later: { d: Diagnostic; slot: HTMLElement }[] = [];
    replaceChildren(
      this.#list,
      ...diagnostics.map((d) => {
        if (!onlySafe(d)) {
          const slot = h('div', { class: 'fix-slot' });
          later.push({ d, slot });
          return this.#item(d, slot);
        }
        return this.#item(d, d.fix ? this.#fix(d, d.fix) : null);
      }),
    );
    this.#summarise(diagnostics.filter(onlySafe), diagnostics, note);
    if (!later.length) return;
    this.#later = whenIdle(() => {
      this.#later = undefined;
      for (const { d, slot } of later) if (d.fix) slot.replaceWith(this.#fix(d, d.fix));
      this.#summarise(diagnostics, diagnostics, note);
    });
  }

  /** The summary line and the button for every safe fix, counting the safe fixes of `read`. */
  #summarise(read: readonly Diagnostic[], diagnostics: readonly Diagnostic[], note: string): void {
    const safe = read.filter((d) => d.fix?.safety === 'safe').length;
    const bySeverity = (s: string) => diagnostics.filter((d) => d.severity === s).length;
    const parts = [
      counted(bySeverity('error'), 'error'),
      counted(bySeverity('warning'), 'warning'),
      counted(bySeverity('info'), 'note'),
    ].filter((p) => !p.startsWith('0 '));
    const summary =
      diagnostics.length === 0
        ? 'No findings: Google and RFC 9309 crawlers read every line as it is written.'
        : `${counted(diagnostics.length, 'finding')} (${parts.join(', ')})${safe ? `, ${counted(safe, 'safe fix', 'safe fixes')}` : ''}.`;
    this.#summary.textContent = note ? `${note} ${summary}` : summary;
    this.#all.hidden = safe < 2;
    this.#all.textContent = `Apply the ${counted(safe, 'safe fix', 'safe fixes')}`;
  }

  #item(d: Diagnostic, fix: HTMLElement | null): HTMLElement {
    const goTo = h('button', { type: 'button', class: 'line-link' }, `Line ${d.line}`);
    goTo.addEventListener('click', () => this.#actions.goToLine(d.line));
    return h(
      'li',
      { class: `diagnostic ${d.severity}` },
      h(
        'p',
        { class: 'where' },
        goTo,
        ' ',
        h('span', { class: 'severity' }, d.severity === 'info' ? 'note' : d.severity),
        ' ',
        h('code', { class: 'diagnostic-code' }, d.code),
      ),
      h('p', { class: 'message' }, ...withCode(d.message)),
      fix,
    );
  }

  #fix(d: Diagnostic, fix: NonNullable<Diagnostic['fix']>): HTMLElement {
    const unsafe = fix.safety === 'unsafe';
    const becomes =
      fix.lines.length === 0
        ? [`line ${d.line} goes.`]
        : [`line ${d.line} becomes `, h('code', {}, fix.lines.join('\n')), '.'];
    const apply = h(
      'button',
      { type: 'button', class: unsafe ? 'unsafe' : 'safe' },
      unsafe ? `Apply this unsafe fix to line ${d.line}` : `Apply the fix to line ${d.line}`,
    );
    apply.addEventListener('click', () => this.#actions.apply(d));
    return h(
      'div',
      { class: `fix ${fix.safety}` },
      h('p', {}, h('strong', {}, unsafe ? 'Unsafe fix: ' : 'Safe fix: '), ...becomes, ' ', ...withCode(fix.message)),
      apply,
    );
  }
}

/** A code whose fixes are only ever safe (or none): its diagnostics' fixes are plain values, nothing to work out. */
const onlySafe = (d: Diagnostic) => CODES[d.code].fix === 'safe' || CODES[d.code].fix === 'none';

/** Runs `run` when the browser is next idle (at the latest after a second); returns what cancels it. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 0);
  return () => clearTimeout(id);
}
