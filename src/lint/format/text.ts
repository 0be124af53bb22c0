// Diagnostics as text: `FILE:LINE: SEVERITY CODE: MESSAGE See docs/lint/CODE.md.`, a line each, the
// form editors and CI problem matchers read, with the fix under it for people.

import type { Diagnostic } from '../types.js';
import { messageWithDocs } from './docs-name.js';

export function formatText(file: string, diagnostics: readonly Diagnostic[]): string {
  let out = '';
  for (const d of diagnostics) {
    out += `${file}:${d.line}: ${d.severity} ${d.code}: ${messageWithDocs(d)}\n`;
    const fix = d.fix;
    if (!fix) continue;
    const label = fix.safety === 'safe' ? '    fix: ' : '    unsafe fix: ';
    const pad = ' '.repeat(label.length);
    out +=
      fix.lines.length === 0
        ? `${label}(remove this line)\n`
        : fix.lines.map((l, i) => `${i === 0 ? label : pad}${l}\n`).join('');
    if (fix.safety === 'unsafe') out += `${pad}${fix.message}\n`;
  }
  return out;
}
