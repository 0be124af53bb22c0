// The usage statements of a compiled robots.txt, read back from the core:
// Content-Signal and License lines (records, with the group each sits in)
// and Content-Usage rules (the core's usage table, matched like rules; their
// preferences stay in the line's record). Decoded once per Robots.

import { Layout } from '../core/layout.js';
import type { Compiled } from './compiled.js';
import { parsePreferences, type ParsedPreferences } from './preferences.js';
import type { SignalValue } from './content-signal.js';

/** A line with a usage key, as written. */
export interface UsageRecord {
  line: number;
  /** The group it sits in (groups() numbering); -1 before the first user-agent line. */
  group: number;
  /** The value after the colon, as written. */
  value: string;
}

export interface UsageStatements {
  signals: UsageRecord[];
  licenses: UsageRecord[];
  /** Content-Usage lines by line number. */
  usages: Map<number, UsageRecord>;
  /** Per usage-table rule (the core's numbering): its line. */
  ruleLines: number[];
  /** Parsed preferences by line, filled on demand. */
  parsed: Map<number, ParsedPreferences>;
  /** The Content-Signal values of sets of applying groups (signalsOf()), by their count, first and last group. */
  signalsByGroups: Map<string, { groups: readonly number[]; signals: CombinedSignals | null }[]>;
  /** How many sets signalsByGroups holds. */
  signalSets: number;
}

/** Content-Signal values combined over groups (the most restrictive per key), with their lines. */
export interface CombinedSignals {
  values: Record<string, SignalValue>;
  lines: number[];
}

const cache = new WeakMap<Compiled, UsageStatements>();

export function usageStatements(compiled: Compiled): UsageStatements {
  let found = cache.get(compiled);
  if (found) return found;
  const robots = compiled.live();
  const core = compiled.core;
  const u32 = core.u32;
  const word = (at: number) => u32[at >>> 2]!;
  const arena = robots + word(robots + Layout.R_ARENA);
  const records = robots + word(robots + Layout.R_RECORDS);
  found = {
    signals: [],
    licenses: [],
    usages: new Map(),
    ruleLines: [],
    parsed: new Map(),
    signalsByGroups: new Map(),
    signalSets: 0,
  };
  for (let i = 0; i < word(robots + Layout.R_RECORD_COUNT); i++) {
    const at = records + i * Layout.REC_SIZE;
    if (word(at + Layout.REC_KIND) !== Layout.KIND_OTHER) continue;
    const keyLength = word(at + Layout.REC_KEY_LENGTH);
    if (keyLength !== 7 && keyLength !== 13 && keyLength !== 14) continue; // license, content-usage, content-signal
    const key = arena + word(at + Layout.REC_KEY);
    const name = core.read(key, keyLength).toLowerCase();
    const list =
      name === 'content-signal'
        ? found.signals
        : name === 'license'
          ? found.licenses
          : name === 'content-usage'
            ? null
            : undefined;
    if (list === undefined) continue;
    const record = {
      line: word(at + Layout.REC_LINE),
      group: word(at + Layout.REC_GROUP) | 0,
      value: core.read(key + keyLength, word(at + Layout.REC_VALUE_LENGTH)),
    };
    if (list) list.push(record);
    else found.usages.set(record.line, record);
  }
  const usage = robots + word(robots + Layout.R_USAGE);
  for (let r = 0; r < word(robots + Layout.R_USAGE_COUNT); r++)
    found.ruleLines.push(word(usage + r * Layout.RULE_SIZE + Layout.RULE_LINE));
  cache.set(compiled, found);
  return found;
}

/** The path a Content-Usage value names, as written (up to a space or tab); '' when it names none (the whole group). */
export function usagePath(value: string): string {
  return value.startsWith('/') ? /^[^ \t]*/.exec(value)![0] : '';
}

/** The preference expression of a Content-Usage value: what follows its path (if it has one). */
export function preferenceText(value: string): string {
  return value.slice(usagePath(value).length).replace(/^[ \t]+/, '');
}

/** The parsed preferences of the Content-Usage rule on `line`. */
export function preferencesOf(statements: UsageStatements, line: number): ParsedPreferences {
  let parsed = statements.parsed.get(line);
  if (!parsed) {
    parsed = parsePreferences(preferenceText(statements.usages.get(line)?.value ?? ''));
    statements.parsed.set(line, parsed);
  }
  return parsed;
}

/** The groups an agent index applies, in file order. */
export function applyingGroups(compiled: Compiled, index: number): number[] {
  const u32 = compiled.core.u32;
  const count = u32[(index + Layout.A_GROUP_COUNT) >>> 2]!;
  const first = (index + u32[(index + Layout.A_GROUPS) >>> 2]!) >>> 2;
  // A loop: Array.from() of a typed array costs several times more (thousands of `*` groups, per usage() call).
  const groups = new Array<number>(count);
  for (let i = 0; i < count; i++) groups[i] = u32[first + i]!;
  return groups;
}
