// Where the checks put what they find: diagnostics with their messages
// filled from the registry, fixes checked against what the code may carry,
// and unsafe fixes described (by a diff of the file with the fix applied)
// only once it is known which diagnostics are reported.

import { CODES, message, type DiagnosticCode } from './codes.js';
import { applyFixes, applyOne, MAX_BYTES_READ, MAX_DESCRIBED_FIXES, splitForFixes } from './fixes.js';
import { FileModel } from './model.js';
import { GroupsModel } from './groups-model.js';
import { crawlersFor, effects, namedIn, pathsFor, Reading, sayEffects, unnamed, type Who } from './effects.js';
import type { Crawler } from '../index.js';
import { rewriteLine } from './rewrite.js';
import type { Diagnostic, Fix } from './types.js';

interface PendingFix {
  diagnostic: Diagnostic;
  lines: string[];
  what: string;
  /** What to say when no crawler's verdict changes (a line that decides no URL). */
  said?: string | undefined;
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

/** A line with a key that makes or fills a group. */
const DIRECTIVE = /^\s*(user-agent|allow|disallow)\s*:/i;

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
   * A fix that changes what some crawler does. Its message is `what` and
   * what crawlers will then do differently, worked out once the diagnostic
   * is known to be reported; `said` is what to say instead when no
   * crawler's verdict changes (a Sitemap or Crawl-delay line).
   */
  unsafe(d: Diagnostic, lines: string[], what: string, said?: string): void {
    if (!this.canFix(d.line)) return;
    this.#check(d, 'unsafe');
    this.#pending.push({ diagnostic: d, lines, what, said });
  }

  /** Drops a finding another one says more precisely (`unsupported-key` beside `crawl-delay-ignored`). */
  drop(code: DiagnosticCode, line: number): void {
    const at = this.list.findIndex((d) => d.code === code && d.line === line);
    if (at >= 0) this.list.splice(at, 1);
  }

  #check(d: Diagnostic, safety: Fix['safety']): void {
    const allowed = CODES[d.code].fix;
    if (allowed !== 'either' && allowed !== safety)
      throw new Error(`lint: ${d.code} declares ${allowed} fixes, not ${safety}`);
  }

  /**
   * Offers the unsafe fixes of the diagnostics kept, to be worked out when
   * first read. Working them out is most of lint's cost (a parse of the
   * fixed file for each, and a comparison for every registry crawler), and
   * most callers read few of them or none (lint on every keystroke, a CI
   * check): each such diagnostic's `fix` is read through an accessor, and
   * the first read of any of them settles all of them at once (settle()),
   * exactly as they would be settled up front. Reading one settles every
   * one because each is checked against the others. `now`: settled here,
   * against this lint's own model (what the tests compare the lazy way with).
   */
  offerFixes(kept: readonly Diagnostic[], now = false): void {
    const keptSet = new Set(kept);
    const pending = this.#pending.filter((p) => keptSet.has(p.diagnostic)).slice(0, MAX_DESCRIBED_FIXES);
    if (!pending.length) return;
    if (now) {
      const offered = describeFixes(this.model, this.text!, pending, kept);
      for (const { diagnostic: d } of pending) {
        const fix = offered.get(d);
        if (fix) d.fix = fix;
        else delete d.fix;
      }
      return;
    }
    // What settling needs, and nothing else of this lint: the text, the bytes (copied: the caller may reuse its buffer)
    // and the other fixes of the diagnostics kept. The model is freed by lint(); settling builds its own.
    const text = this.text!;
    const bytes = this.model.bytes.slice();
    const maxBytes = this.model.maxBytes;
    const list = kept.slice();
    let offered: Map<Diagnostic, Fix> | undefined;
    const settle = (): Map<Diagnostic, Fix> => {
      if (offered) return offered;
      const base = new FileModel(bytes, { maxBytes });
      try {
        offered = describeFixes(base, text, pending, list);
      } finally {
        base.dispose();
      }
      // The accessors give way to plain values (a fix not offered: no property), as working them out up front
      // leaves them; on a diagnostic the caller froze, the accessor stays and answers the same.
      for (const { diagnostic: d } of pending) {
        try {
          const fix = offered.get(d);
          if (fix)
            Object.defineProperty(d, 'fix', { configurable: true, enumerable: true, writable: true, value: fix });
          else delete d.fix;
        } catch {
          // frozen or sealed
        }
      }
      return offered;
    };
    for (const p of pending) {
      const d = p.diagnostic;
      Object.defineProperty(d, 'fix', {
        configurable: true,
        enumerable: true,
        get: (): Fix | undefined => settle().get(d),
        set(value: Fix | undefined) {
          // A caller's own value replaces the fix (the others are settled first, as they would have been).
          settle();
          Object.defineProperty(d, 'fix', { configurable: true, enumerable: true, writable: true, value });
        },
      });
    }
  }
}

/**
 * Describes the unsafe fixes `pending` (at most MAX_DESCRIBED_FIXES; the
 * rest get none), each by its effect alone on every crawler, against the
 * file `base` whose text is `text`, and returns those offered (by
 * diagnostic; the diagnostics themselves are not touched). Then all the fixes of `kept` are applied
 * together (safe ones too): where a crawler's verdict on some path changes
 * in a way no fix says, or a change a fix promises does not happen (a
 * duplicate removed from a group another fix splits), the unsafe fixes that
 * touch that crawler are withdrawn, last first, until the whole does what
 * the messages say. A later lint offers them again, described against the
 * file as it then is.
 */
function describeFixes(
  model: FileModel,
  text: string,
  pending: readonly PendingFix[],
  kept: readonly Diagnostic[],
): Map<Diagnostic, Fix> {
  const offered = new Map<Diagnostic, Fix>();
  const base = new Reading(model);
  const made: GroupsModel[] = [];
  const readings: Reading[] = [base];
  const open = (body: string) => {
    const m = new GroupsModel(body, model.maxBytes);
    made.push(m);
    const r = new Reading(m);
    readings.push(r);
    return r;
  };
  try {
    let described: { diagnostic: Diagnostic; reading: Reading; inertRule: boolean; of: Diagnostic }[] = [];
    // Each description reads the whole fixed file: past a budget of bytes read, the rest get no fix this
    // time (lint stays linear in the file's size; applying the fixes offered and linting again offers them).
    let read = 0;
    const split = splitForFixes(text);
    for (const p of pending) {
      if (described.length > 0 && read + text.length > MAX_BYTES_READ) break;
      read += text.length;
      const reading = open(applyOne(split, p.diagnostic.line, p.lines));
      const list = effects(base, reading, crawlersFor([model, reading.model]));
      const said = list.length === 0 && p.said !== undefined ? sentence(p.said) : sayEffects(list);
      const fix: Fix = { safety: 'unsafe', lines: p.lines, message: `${sentence(p.what)} ${said}` };
      offered.set(p.diagnostic, fix);
      // A rule or User-agent line that changes nothing alone (a rule before any group) may change a lot beside another fix.
      const inertRule = list.length === 0 && p.lines.some((x) => DIRECTIVE.test(x));
      // Applied together through a stand-in: the diagnostic's own `fix` is not read (it may be the accessor settling).
      described.push({
        diagnostic: { line: p.diagnostic.line, severity: 'info', code: p.diagnostic.code, message: '', fix },
        reading,
        inertRule,
        of: p.diagnostic,
      });
    }
    const unsafeOnes = new Set(pending.map((p) => p.diagnostic));
    const safe = kept.filter((d) => !unsafeOnes.has(d) && d.fix?.safety === 'safe');
    while (described.length && described.length + safe.length >= 2) {
      const together = open(applyFixes(text, [...safe, ...described.map((x) => x.diagnostic)], { unsafe: true }));
      const culprits = broken(
        base,
        together,
        described.map((x) => x.reading),
      );
      if (!culprits.length) break;
      // Withdrawn first: the rules that do nothing alone; else the fixes that touch the crawler but the
      // first of them (fixes that each join the next lines to a group: the first is offered, the next run
      // offers the one after it), or that one when it is alone. At most a few rounds, each a parse.
      const inert = described.map((x, i) => (x.inertRule ? i : -1)).filter((i) => i >= 0);
      const out = new Set(inert.length ? inert : culprits.length > 1 ? culprits.slice(1) : culprits);
      for (const x of described.filter((_, i) => out.has(i))) offered.delete(x.of);
      described = described.filter((_, i) => !out.has(i));
    }
  } finally {
    for (const r of readings) r.dispose();
    for (const m of made) m.dispose();
  }
  return offered;
}

/**
 * The unsafe fixes (indexes into `alone`) that touch a crawler for which
 * applying everything together does something the fixes alone do not
 * say; empty when the whole does exactly what they say.
 */
function broken(base: Reading, together: Reading, alone: Reading[]): number[] {
  const models = [base.model, together.model, ...alone.map((r) => r.model)];
  const crawlers = crawlersFor(models);
  const named = namedIn(models);
  const classes = new Map<string, Who>();
  let ignoring = false;
  for (const who of crawlers) {
    if (unnamed(who, named)) {
      // No group names it in any file: it selects `*`'s groups in every file (the class of `*`, listed first), or
      // none in every file (the class of the first such crawler).
      if ((who.agent as Crawler).obeysGlobalGroup !== false || ignoring) continue;
      ignoring = true;
    }
    const key = [base.key(who), together.key(who), ...alone.map((r) => r.key(who))].join('|');
    if (!classes.has(key)) classes.set(key, who);
  }
  const culprits = new Set<number>();
  for (const who of classes.values()) {
    const k0 = base.key(who);
    const sig0 = base.signature(k0);
    const touching = alone.map((r, i) => (r.signature(r.key(who)) !== sig0 ? i : -1)).filter((i) => i >= 0);
    const kc = together.key(who);
    if (!touching.length && together.signature(kc) === sig0) continue;
    const { paths } = pathsFor([
      base.patterns(k0),
      together.patterns(kc),
      ...touching.map((i) => alone[i]!.patterns(alone[i]!.key(who))),
    ]);
    const joined = paths.join('\n');
    const v0 = base.verdicts(who, joined);
    const vc = together.verdicts(who, joined);
    const vi = touching.map((i) => alone[i]!.verdicts(who, joined));
    let ok = true;
    for (let p = 0; p < paths.length && ok; p++) {
      // The fixes that say a change on this path: does one say the change made together, does one say another?
      let saysIt = false;
      let saysOther = false;
      for (const v of vi) {
        if (v[p] === v0[p]) continue;
        if (v[p] === vc[p]) saysIt = true;
        else saysOther = true;
      }
      if (vc[p] !== v0[p] && !saysIt) ok = false; // a change no fix says
      if (saysOther) ok = false; // a change a fix says that does not happen
    }
    if (ok) continue;
    // Safe fixes alone never change a verdict: the unsafe ones that touch this crawler are to blame (all of them if none does).
    for (const i of touching.length ? touching : alone.map((_, i) => i)) culprits.add(i);
  }
  return [...culprits].sort((a, b) => a - b);
}
