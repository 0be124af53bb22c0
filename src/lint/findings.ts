// Where the checks put what they find: diagnostics with their messages
// filled from the registry, fixes checked against what the code may carry,
// and unsafe fixes described (by a diff of the file with the fix applied)
// only once it is known which diagnostics are reported.

import { CODES, message, type DiagnosticCode } from './codes.js';
import { describeUnsafe, MAX_DESCRIBED_FIXES, undeclaredBlocks } from './fixes.js';
import type { FileModel } from './model.js';
import { rewriteLine } from './rewrite.js';
import type { Diagnostic, Fix } from './types.js';

interface PendingFix {
  diagnostic: Diagnostic;
  lines: string[];
  what: string;
}

export interface SafeEdit {
  /** The key as Google reads it (the same key adds a missing colon). */
  key?: string;
  /** The value as Google reads it. */
  value?: string;
  remove?: true;
}

export interface Place {
  column?: number | undefined;
  endColumn?: number | undefined;
}

const decoder = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true });

const sentence = (text: string) => (/[.?!]$/.test(text) ? text : `${text}.`);

export class Findings {
  readonly model: FileModel;
  readonly list: Diagnostic[] = [];
  /** Set by the file checks: the body is not a robots.txt, so no line is checked. */
  notRobots = false;
  /** Set by the file checks: no User-agent line, so rules outside groups are one file-level finding. */
  noUserAgent = false;
  readonly #pending: PendingFix[] = [];
  readonly #safeLines = new Map<number, { edit: SafeEdit; diagnostics: Diagnostic[] }>();
  #text: string | null | undefined;

  constructor(model: FileModel) {
    this.model = model;
  }

  /** The body as text, or null when it is not UTF-8 (then nothing is fixed: the bytes could not be written back). */
  get text(): string | null {
    if (this.#text === undefined) {
      try {
        this.#text = decoder.decode(this.model.bytes);
      } catch {
        this.#text = null;
      }
    }
    return this.#text;
  }

  add(code: DiagnosticCode, line: number, params?: Record<string, string | number>, place?: Place): Diagnostic {
    const d: Diagnostic = { line, severity: CODES[code].severity, code, message: message(code, params) };
    if (place?.column !== undefined) d.column = place.column;
    if (place?.endColumn !== undefined) d.endColumn = place.endColumn;
    this.list.push(d);
    return d;
  }

  /** Can line `n` carry a fix? Not when the file is not UTF-8, the line has a NUL byte, or the size limit cuts it. */
  canFix(n: number): boolean {
    if (this.text === null) return false;
    const line = this.model.line(n);
    if (!line || line.problems.includes('nul-byte') || line.problems.includes('too-long')) return false;
    if (this.model.truncated && n >= this.model.lines[this.model.lines.length - 1]!.line) return false;
    return true;
  }

  /**
   * A fix that leaves Google's reading unchanged: a key written as Google
   * reads it (with its colon), a value written as Google reads it, or the
   * line removed. The safe edits of one line are made into one fix, which
   * each of its diagnostics carries, so that one pass applies them all.
   */
  safe(d: Diagnostic, edit: SafeEdit, what: string): void {
    if (!this.canFix(d.line)) return;
    this.#check(d, 'safe');
    const line = this.#safeLines.get(d.line) ?? { edit: {}, diagnostics: [] };
    this.#safeLines.set(d.line, line);
    Object.assign(line.edit, edit);
    line.diagnostics.push(d);
    const l = this.model.line(d.line)!;
    const lines = line.edit.remove ? [] : [rewriteLine(l, line.edit.key, line.edit.value)];
    for (const other of line.diagnostics) {
      other.fix = { safety: 'safe', lines, message: other === d ? sentence(what) : other.fix!.message };
    }
  }

  /**
   * A fix that changes what some crawler does. Its message is `what` and,
   * unless `said` gives it (for lines that decide no URL, like a Sitemap),
   * what crawlers will then do differently, worked out once the diagnostic
   * is known to be reported.
   */
  unsafe(d: Diagnostic, lines: string[], what: string, said?: string): void {
    if (!this.canFix(d.line)) return;
    this.#check(d, 'unsafe');
    if (said !== undefined) {
      d.fix = { safety: 'unsafe', lines, message: `${sentence(what)} ${sentence(said)}` };
      return;
    }
    this.#pending.push({ diagnostic: d, lines, what });
  }

  /** Drops a finding another one says more precisely (`unsupported-key` beside `crawl-delay-ignored`). */
  drop(code: DiagnosticCode, line: number): void {
    const at = this.list.findIndex((d) => d.code === code && d.line === line);
    if (at >= 0) this.list.splice(at, 1);
  }

  #check(d: Diagnostic, safety: Fix['safety']): void {
    const allowed = CODES[d.code].fix;
    if (allowed !== 'either' && allowed !== safety) throw new Error(`lint: ${d.code} declares ${allowed} fixes, not ${safety}`);
  }

  /**
   * Describes the unsafe fixes of the diagnostics kept (at most
   * MAX_DESCRIBED_FIXES; the rest get none). Each is described alone; when
   * applying them all together would disallow `/` for a crawler that none of
   * them names (two User-agent fixes that merge groups, a duplicate removed
   * from a group another fix splits), unsafe fixes are withdrawn,
   * last first, until it would not: a later lint offers them again, described
   * against the file as it then is.
   */
  describeFixes(kept: readonly Diagnostic[]): void {
    const keptSet = new Set(kept);
    const described: Diagnostic[] = [];
    for (const p of this.#pending) {
      if (!keptSet.has(p.diagnostic)) continue;
      if (described.length >= MAX_DESCRIBED_FIXES) break;
      p.diagnostic.fix = { safety: 'unsafe', lines: p.lines, message: describeUnsafe(this.model, this.text!, p.diagnostic.line, p.lines, sentence(p.what)) };
      described.push(p.diagnostic);
    }
    // Alone, each is described; together with the others (safe ones too, described against the file as it is) they may do more.
    const fixes = kept.filter((d) => d.fix).length;
    while (described.length >= 1 && fixes >= 2) {
      const undeclared = undeclaredBlocks(this.model, this.text!, kept);
      if (undeclared.length === 0) break;
      delete described.pop()!.fix;
    }
  }
}
