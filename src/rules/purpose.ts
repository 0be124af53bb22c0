// Filtering by purpose (`train-ai`, `search`, `ai-input`, any AIPREF label):
// which statements speak to it, and the per-rule table the core's bulk
// loops read. A URL is opted out when it may be crawled and the file says
// no to the purpose, by Content-Signal for the crawler's groups or by the
// Content-Usage rule that decides its path: the most restrictive statement
// wins (AIPREF vocab, combining preferences).

import { L } from '../core/layout.js';
import type { Compiled } from './compiled.js';
import { purposeSetups, type Purpose } from './matcher.js';
import { parseContentSignal, stricter, type SignalValue } from './content-signal.js';
import { applyingGroups, preferencesOf, usageStatements } from './usage-table.js';
import { X } from '../core/exports.js';

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
    throw new RangeError(`purpose must be train-ai, search, ai-input or another lower-case AIPREF label; got ${JSON.stringify(purpose)}`);
  }
  return { label: purpose, signal: null };
}

/** The Content-Signal values of the given groups, combined (the most restrictive per key), with their lines. */
export function signalsOf(compiled: Compiled, groups: readonly number[]): { values: Record<string, SignalValue>; lines: number[] } | null {
  const { signals } = usageStatements(compiled);
  let values: Record<string, SignalValue> | null = null;
  const lines: number[] = [];
  // A file may have thousands of groups that apply (every `*` group): look them up in a set.
  const applies = new Set(groups);
  for (const record of signals) {
    if (!applies.has(record.group)) continue;
    values ??= Object.create(null) as Record<string, SignalValue>;
    for (const [key, value] of Object.entries(parseContentSignal(record.value).values)) {
      values[key] = key in values ? stricter(values[key]!, value) : value;
    }
    lines.push(record.line);
  }
  return values ? { values, lines } : null;
}

/**
 * Sets the core up to answer `purpose` for an index; returns the core's
 * PURPOSE_* mode for checkLines/filterLines.
 */
export function preparePurpose(compiled: Compiled, index: number, names: PurposeNames): number {
  if (names.signal && signalsOf(compiled, applyingGroups(compiled, index))?.values[names.signal] === 'no') return L.PURPOSE_ALL;
  const statements = usageStatements(compiled);
  const rules = statements.ruleLines;
  if (!names.label || !rules.length) return L.PURPOSE_NONE;
  const core = compiled.core;
  const at = core.exports[X.purposeTable](index);
  const table = core.u8;
  for (let r = 0; r < rules.length; r++) {
    const preference = preferencesOf(statements, rules[r]!).preferences[names.label];
    table[at + r] = preference === 'n' ? 2 : preference === 'y' ? 1 : 0;
  }
  return L.PURPOSE_TABLE;
}
