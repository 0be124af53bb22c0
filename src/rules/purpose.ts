// Filtering by purpose (`train-ai`, `search`, `ai-input`, any AIPREF label):
// which statements speak to it, and the per-rule table the core's bulk
// loops read. A URL is opted out when it may be crawled and the file says
// no to the purpose, by Content-Signal for the crawler's groups or by the
// Content-Usage rule that decides its path: the most restrictive statement
// wins (AIPREF vocab, combining preferences).

import { Layout } from '../core/layout.js';
import type { Compiled } from './compiled.js';
import { purposeSetups, type Purpose } from './matcher.js';
import { parseContentSignal, stricter, type SignalValue } from './content-signal.js';
import { applyingGroups, preferencesOf, usageStatements, type CombinedSignals } from './usage-table.js';
import { Export } from '../core/exports.js';

/** What a purpose is called in each mechanism; null where it has no name. */
export interface PurposeNames {
  /** The AIPREF Content-Usage label. */
  label: string | null;
  /** The Content-Signal key. */
  signal: string | null;
}

/**
 * The purposes both mechanisms name, by either name. Any other purpose is
 * taken as an AIPREF label (Content-Signal has no key for it).
 */
const KNOWN: Record<string, PurposeNames> = {
  'train-ai': { label: 'train-ai', signal: 'ai-train' },
  'ai-train': { label: 'train-ai', signal: 'ai-train' },
  search: { label: 'search', signal: 'search' },
  'ai-input': { label: null, signal: 'ai-input' },
};

/**
 * A purpose for the bulk calls (`matchLines`, `filterLines`): `train-ai`
 * (or `ai-train`), `search`, `ai-input`, or another lower-case AIPREF label.
 * Throws a RangeError naming anything else.
 */
export function purpose(name: string): Purpose {
  const names = purposeNames(name);
  const made: Purpose = Object.freeze({ name, ...names });
  purposeSetups.set(made, (compiled, index) => preparePurpose(compiled, index, names));
  return made;
}

export function purposeNames(purpose: unknown): PurposeNames {
  if (typeof purpose === 'string' && Object.hasOwn(KNOWN, purpose)) return KNOWN[purpose]!;
  if (typeof purpose !== 'string' || !/^[a-z*][a-z0-9_\-.*]*$/.test(purpose)) {
    throw new RangeError(
      `purpose must be train-ai, search, ai-input or another lower-case AIPREF label; got ${JSON.stringify(purpose)}`,
    );
  }
  return { label: purpose, signal: null };
}

/** Sets of applying groups whose combined Content-Signal values are kept per Robots (the first ones asked for). */
const MAX_SIGNAL_SETS = 256;

/**
 * The Content-Signal values of the given groups, combined (the most
 * restrictive per key), with their lines; null when they have none. Worked
 * out once per set of groups and kept with the Robots (a file may have
 * thousands of lines, and usage() is asked per URL): the result is shared,
 * so callers must not change it.
 */
export function signalsOf(compiled: Compiled, groups: readonly number[]): CombinedSignals | null {
  const statements = usageStatements(compiled);
  if (statements.signals.length === 0) return null;
  // Looked up by a short key (joining thousands of group numbers would cost
  // more than the rest of usage()), then compared in full.
  const key = `${groups.length},${groups[0]},${groups[groups.length - 1]}`;
  const bucket = statements.signalsByGroups.get(key);
  for (const known of bucket ?? []) if (sameGroups(known.groups, groups)) return known.signals;
  let values: Record<string, SignalValue> | null = null;
  const lines: number[] = [];
  // A file may have thousands of groups that apply (every `*` group): look them up in a set.
  const applies = new Set(groups);
  for (const record of statements.signals) {
    if (!applies.has(record.group)) continue;
    values ??= Object.create(null) as Record<string, SignalValue>;
    for (const [key, value] of Object.entries(parseContentSignal(record.value).values)) {
      values[key] = key in values ? stricter(values[key]!, value) : value;
    }
    lines.push(record.line);
  }
  const signals = values ? { values, lines } : null;
  if (statements.signalSets++ < MAX_SIGNAL_SETS) {
    if (bucket) bucket.push({ groups: groups.slice(), signals });
    else statements.signalsByGroups.set(key, [{ groups: groups.slice(), signals }]);
  }
  return signals;
}

function sameGroups(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Sets the core up to answer `purpose` for an index; returns the core's
 * PURPOSE_* mode for checkLines/filterLines.
 */
export function preparePurpose(compiled: Compiled, index: number, names: PurposeNames): number {
  if (names.signal && signalsOf(compiled, applyingGroups(compiled, index))?.values[names.signal] === 'no')
    return Layout.PURPOSE_ALL;
  const statements = usageStatements(compiled);
  const rules = statements.ruleLines;
  if (!names.label || !rules.length) return Layout.PURPOSE_NONE;
  const core = compiled.core;
  const at = core.exports[Export.purposeTable](index);
  const table = core.u8;
  for (let r = 0; r < rules.length; r++) {
    const preference = preferencesOf(statements, rules[r]!).preferences[names.label];
    table[at + r] = preference === 'n' ? 2 : preference === 'y' ? 1 : 0;
  }
  return Layout.PURPOSE_TABLE;
}
