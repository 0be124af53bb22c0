// Where the checks put what they find: diagnostics with their messages
// filled from the registry, fixes checked against what the code may carry,
// and unsafe fixes described (by a diff of the file with the fix applied)
// only once it is known which diagnostics are reported.

import { CODES, message, type DiagnosticCode } from './codes.js';
import { describeUnsafe, MAX_DESCRIBED_FIXES } from './fixes.js';
import type { FileModel } from './model.js';
import type { Diagnostic, Fix } from './types.js';

interface PendingFix {
  diagnostic: Diagnostic;
  lines: string[];
  what: string;
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

  /** A fix that leaves Google's reading unchanged. */
  safe(d: Diagnostic, lines: string[], what: string): void {
    if (!this.canFix(d.line)) return;
    this.#check(d, 'safe');
    d.fix = { safety: 'safe', lines, message: sentence(what) };
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

  /** Describes the unsafe fixes of the diagnostics kept (at most MAX_DESCRIBED_FIXES; the rest get none). */
  describeFixes(kept: ReadonlySet<Diagnostic>): void {
    let described = 0;
    for (const p of this.#pending) {
      if (!kept.has(p.diagnostic)) continue;
      if (described++ >= MAX_DESCRIBED_FIXES) break;
      p.diagnostic.fix = { safety: 'unsafe', lines: p.lines, message: describeUnsafe(this.model, this.text!, p.diagnostic.line, p.lines, sentence(p.what)) };
    }
  }
}
