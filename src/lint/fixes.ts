// Fixes: applying them to a text, and saying what an unsafe one changes.
// A fix replaces its diagnostic's line with zero or more lines; lines are
// counted as the core counts them (LF, CRLF and CR each end a line), and a
// byte order mark before the first line stays where it is.

import { typeError } from '../common/errors.js';
import type { Diagnostic, Fix } from './types.js';

export interface ApplyOptions {
  /** Apply unsafe fixes too (default: safe ones only). */
  unsafe?: boolean;
}

/** A text cut into lines, each with its own line break ('' for the last line when the text does not end in one). */
export function splitText(text: string): { bom: string; lines: string[]; breaks: string[] } {
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const lines: string[] = [];
  const breaks: string[] = [];
  const re = /\r\n|\r|\n/g;
  let from = bom.length;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    lines.push(text.slice(from, m.index));
    breaks.push(m[0]);
    from = m.index + m[0].length;
  }
  lines.push(text.slice(from));
  breaks.push('');
  return { bom, lines, breaks };
}

/** The fixes that apply: one per line (the first given for that line), safe ones only unless `unsafe`. */
export function fixesToApply(diagnostics: readonly Diagnostic[], options?: ApplyOptions): Map<number, Fix> {
  const unsafe = options?.unsafe === true;
  const byLine = new Map<number, Fix>();
  for (const d of diagnostics) {
    const fix = d.fix;
    if (!fix || (fix.safety === 'unsafe' && !unsafe) || byLine.has(d.line)) continue;
    byLine.set(d.line, fix);
  }
  return byLine;
}

/**
 * The text with the diagnostics' fixes applied: safe ones, and unsafe ones
 * too with `{ unsafe: true }`. One fix per line (the first given for it);
 * every other line is kept byte for byte, with its own line break.
 */
export function applyFixes(text: string, diagnostics: readonly Diagnostic[], options?: ApplyOptions): string {
  if (typeof text !== 'string') throw typeError('text', 'a string', text);
  if (!Array.isArray(diagnostics)) throw typeError('diagnostics', 'an array of diagnostics', diagnostics);
  if (options !== undefined && (typeof options !== 'object' || options === null))
    throw typeError('options', 'an object', options);
  const fixes = fixesToApply(diagnostics, options);
  if (fixes.size === 0) return text;
  return applyToLines(splitText(text), fixes);
}

/** A text already cut into lines (splitText()) with `fixes` (by line number) applied. */
export function applyToLines(
  { bom, lines, breaks }: { bom: string; lines: string[]; breaks: string[] },
  fixes: ReadonlyMap<number, Pick<Fix, 'lines'>>,
): string {
  const usual = breaks.find((b) => b !== '') ?? '\n';
  let out = bom;
  for (let i = 0; i < lines.length; i++) {
    const fix = fixes.get(i + 1);
    if (!fix) {
      out += lines[i]! + breaks[i]!;
      continue;
    }
    if (fix.lines.length === 0) continue; // the line and its break go
    out += fix.lines.join(breaks[i] || usual) + breaks[i]!;
  }
  return out;
}

/** Most unsafe fixes one lint() describes (each is a parse of the fixed file); past this, they are dropped. */
export const MAX_DESCRIBED_FIXES = 40;

/** Most bytes of fixed files one lint() reads to describe unsafe fixes (at least one fix is described). */
export const MAX_BYTES_READ = 256 * 1024;

/** A text cut into lines once, for many fixes of one line each (applyOne()). */
export interface SplitText {
  text: string;
  breaks: string[];
  /** Where each line starts in the text (after the byte order mark for the first). */
  starts: number[];
  /** The line break most lines end with (for the lines a split adds to the last line). */
  usual: string;
}

export function splitForFixes(text: string): SplitText {
  const { bom, lines, breaks } = splitText(text);
  const starts = [bom.length];
  for (let i = 0; i < lines.length; i++) starts.push(starts[i]! + lines[i]!.length + breaks[i]!.length);
  return { text, breaks, starts, usual: breaks.find((b) => b !== '') ?? '\n' };
}

/** The text with line `line` replaced by `lines`, as applyFixes() replaces it (every other byte kept). */
export function applyOne(split: SplitText, line: number, lines: string[]): string {
  const i = line - 1;
  const { text, breaks, starts } = split;
  if (i < 0 || i >= breaks.length) return text;
  const replaced = lines.length === 0 ? '' : lines.join(breaks[i] || split.usual) + breaks[i]!;
  return text.slice(0, starts[i]) + replaced + text.slice(starts[i + 1]);
}
