// Usage statements: Content-Signal (Cloudflare's Content Signals Policy),
// Content-Usage (the IETF AIPREF drafts) and License (RSL). Google ignores
// them all for crawling (checks/lines.ts says so); what is checked here is
// what the crawlers and dataset builders that read them will make of them:
// where a line stands (before any group, between the User-agent lines of one
// group, in a group whose crawlers may fetch nothing), and whether its value
// says anything (keys, values and labels they know, a Dictionary that parses,
// a full license URL). The readers are the library's own (rules/).

import type { Findings } from '../../findings.js';
import type { Group } from '../../model.js';
import { NAME, SOURCE } from './common.js';
import { signalsAcrossGroups } from './signals-across-groups.js';
import { joinsGroups, neverApplies } from './placement.js';
import { signal } from './content-signal.js';
import { contentUsage } from './content-usage.js';
import { license } from './license.js';

export function checkUsage(f: Findings): void {
  const m = f.model;
  const joined = new Set<number>();
  // Content-Usage and Content-Signal lines between User-agent lines of one group.
  for (const group of m.groups) if (group) joinsGroups(f, group, joined);
  let current: Group | undefined;
  for (const l of m.lines) {
    if (
      (l.kind === 'user-agent' || l.kind === 'allow' || l.kind === 'disallow') &&
      l.group !== undefined &&
      l.group >= 0
    ) {
      current = m.groups[l.group];
      continue;
    }
    if (l.kind !== 'other') continue;
    const name = (l.key ?? '').toLowerCase();
    if (name === 'license') {
      license(f, l);
      continue;
    }
    if (name !== 'content-signal' && name !== 'content-usage') continue;
    if (!current) {
      const column = l.text.indexOf(l.key ?? '') + 1;
      f.add(
        'usage-outside-group',
        l.line,
        { key: NAME[name]!, source: SOURCE[name]! },
        { column, endColumn: column + (l.key ?? '').length },
      );
    } else if (!joined.has(current.index)) {
      neverApplies(f, l, current, NAME[name]!);
    }
    if (name === 'content-signal') signal(f, l);
    else contentUsage(f, l);
  }
  signalsAcrossGroups(f);
}
