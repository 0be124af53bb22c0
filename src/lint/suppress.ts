// In-file suppression comments, as crawlers ignore them (they are comments):
//
//   Disallow: /a$b   # robotsmatch: ignore[dollar-inside-pattern]
//   # robotsmatch: ignore[repeated-agent]      (alone on its line: the next line)
//   # robotsmatch: ignore-file[disallow-all]   (anywhere: the whole file)
//
// `ignore` without a list silences every code on its line.

import type { RobotsLine } from './model.js';
import type { Diagnostic } from './types.js';

const COMMENT = /#.*?\brobotsmatch:\s*(ignore-file|ignore)\b(?:\[([^\]]*)\])?/i;

export interface Suppressions {
  /** Line -> the codes silenced there (undefined: every code). */
  lines: Map<number, Set<string> | undefined>;
  /** Codes silenced in the whole file (undefined: every code). */
  file: Set<string> | undefined | null;
}

export function suppressionsOf(lines: readonly RobotsLine[]): Suppressions {
  const out: Suppressions = { lines: new Map(), file: null };
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (!l.hasComment && l.kind !== 'comment') continue;
    const m = COMMENT.exec(l.text);
    if (!m) continue;
    const codes =
      m[2] === undefined
        ? undefined
        : new Set(
            m[2]
              .split(',')
              .map((c) => c.trim())
              .filter((c) => c !== ''),
          );
    if (m[1]!.toLowerCase() === 'ignore-file') {
      out.file = merge(out.file, codes);
      continue;
    }
    // A comment alone on its line speaks for the next line.
    const target = l.kind === 'comment' ? l.line + 1 : l.line;
    out.lines.set(target, out.lines.has(target) ? merge(out.lines.get(target), codes) : codes);
  }
  return out;
}

function merge(a: Set<string> | undefined | null, b: Set<string> | undefined): Set<string> | undefined {
  if (a === null) return b;
  if (a === undefined || b === undefined) return undefined;
  return new Set([...a, ...b]);
}

export function isSuppressed(s: Suppressions, d: Diagnostic): boolean {
  if (s.file !== null && (s.file === undefined || s.file.has(d.code))) return true;
  if (!s.lines.has(d.line)) return false;
  const codes = s.lines.get(d.line);
  return codes === undefined || codes.has(d.code);
}
