// generate's key caveat (a purpose's rule reaches the other purposes its
// crawlers serve, since one token takes one rule set) on short lines of its
// own: a site owner blocking AI training must see that link previews
// (facebookexternalhit) or shopping answers (Amazonbot) go with it.

import type { GenerateDiagnostic } from '../generate.js';

const WIDTH = 78;

/** Lines for a `purposes` diagnostic: what the field does, a line (or a few) per other purpose, how to decide otherwise. */
export function caveatLines(d: GenerateDiagnostic): string[] {
  if (!d.also?.length) return [d.message];
  const byPurposes = new Map<string, string[]>();
  for (const a of d.also) {
    const key = a.purposes.join(', ');
    byPurposes.set(key, [...(byPurposes.get(key) ?? []), a.crawler]);
  }
  const verb = d.message.startsWith(`${d.field} blocks`) ? 'blocks' : 'sets the rules of';
  const out = [
    `${d.field} ${verb} these crawlers for their other purposes too`,
    '(one robots.txt token cannot be given two rule sets):',
  ];
  for (const [purposes, crawlers] of byPurposes) out.push(...wrapList(`  also ${purposes}: `, crawlers));
  out.push('Name one under `crawlers` to decide otherwise.');
  return out;
}

/** `label` then the names, comma-separated, continued under the first name when a line would pass WIDTH. */
function wrapList(label: string, names: string[]): string[] {
  const pad = ' '.repeat(label.length);
  const lines: string[] = [];
  let line = label;
  let empty = true;
  names.forEach((name, i) => {
    const item = name + (i < names.length - 1 ? ',' : '');
    if (!empty && line.length + 1 + item.length > WIDTH) {
      lines.push(line);
      line = pad;
      empty = true;
    }
    line += empty ? item : ` ${item}`;
    empty = false;
  });
  lines.push(line);
  return lines;
}
