// The fixes as a unified diff (what `robotsmatch lint --diff` prints, as
// `ruff --diff` does): the lines each fix replaces, with context.

import { fixesToApply, splitText, type ApplyOptions } from '../fixes.js';
import type { Diagnostic } from '../types.js';

const CONTEXT = 2;

/** A unified diff of what applyFixes() would change in `text` ('' when nothing). */
export function formatFixDiff(
  file: string,
  text: string,
  diagnostics: readonly Diagnostic[],
  options?: ApplyOptions,
): string {
  const fixes = fixesToApply(diagnostics, options);
  if (fixes.size === 0) return '';
  const { lines } = splitText(text);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop(); // the text ends with a line break: no line after it
  const changed = [...fixes.keys()].filter((n) => n <= lines.length).sort((a, b) => a - b);
  if (changed.length === 0) return '';
  let out = `--- ${file}\n+++ ${file}\n`;
  let delta = 0; // new-file lines minus old-file lines before the current hunk
  for (let i = 0; i < changed.length; ) {
    // A hunk: changes whose context windows touch.
    let j = i;
    while (j + 1 < changed.length && changed[j + 1]! - changed[j]! <= CONTEXT * 2 + 1) j++;
    const from = Math.max(1, changed[i]! - CONTEXT);
    const to = Math.min(lines.length, changed[j]! + CONTEXT);
    let body = '';
    let oldCount = 0;
    let newCount = 0;
    for (let n = from; n <= to; n++) {
      if (!fixes.has(n)) {
        body += ` ${lines[n - 1]}\n`;
        oldCount++;
        newCount++;
        continue;
      }
      // A run of fixed lines: the old ones, then the new ones.
      let end = n;
      while (end + 1 <= to && fixes.has(end + 1)) end++;
      for (let k = n; k <= end; k++) {
        body += `-${lines[k - 1]}\n`;
        oldCount++;
      }
      for (let k = n; k <= end; k++) {
        for (const l of fixes.get(k)!.lines) {
          body += `+${l}\n`;
          newCount++;
        }
      }
      n = end;
    }
    out += `@@ -${from},${oldCount} +${from + delta},${newCount} @@\n${body}`;
    delta += newCount - oldCount;
    i = j + 1;
  }
  return out;
}
