// Usage signals: what a robots.txt says about how its content may be used,
// beyond whether it may be fetched: Content-Signal lines (search, ai-input,
// ai-train), Content-Usage lines (the IETF AI preferences vocabulary) and
// License lines. The audit shows them in three columns, and they come from
// this one function so that the library's reading can replace it in one
// place.

import type { Robots } from 'robotsmatch';
import type { CrawlerEntry } from 'robotsmatch/crawlers';

export interface UsageSignals {
  /** The Content-Signal values that apply to the crawler, as `key=value` text; null when none applies. */
  contentSignal: string | null;
  /** The Content-Usage preferences that apply to the crawler, as written; null when none applies. */
  contentUsage: string | null;
  /** License URLs the file declares. */
  licenses: readonly string[];
}

const NONE: UsageSignals = { contentSignal: null, contentUsage: null, licenses: [] };

/**
 * The usage signals that apply to `crawler` at the site's root.
 *
 * TODO(usage): the library is gaining `usage(robots, url, agent)` in the
 * main entry ('robotsmatch'), returning `{ allowed, line, rule,
 * contentSignal: { values, lines, ... } | null, contentUsage: { preferences,
 * lines, ... } | null, licenses: string[], ... }`. Until it is merged this
 * returns no signals and the audit shows "—". Then: import { usage } from
 * 'robotsmatch', call `usage(robots, '/', crawler)`, and map its
 * contentSignal.values, contentUsage.preferences and licenses onto the
 * fields above (the audit table needs no other change).
 */
export function usageSignals(robots: Robots, crawler: CrawlerEntry): UsageSignals {
  return NONE;
}

/** A signal as a table cell: its text, or "—" when the file says nothing. */
export function signalText(value: string | null | readonly string[]): string {
  if (value === null) return '—';
  if (typeof value === 'string') return value || '—';
  return value.length ? value.join(', ') : '—';
}
