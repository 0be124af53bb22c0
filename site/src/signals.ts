// Usage signals: what a robots.txt says about how its content may be used,
// beyond whether it may be fetched: Content-Signal lines (search, ai-input,
// ai-train), Content-Usage lines (the IETF AI preferences vocabulary) and
// License lines. The audit shows them in three columns, and they come from
// this one function so that the library's reading can replace it in one
// place.

import type { Robots } from 'robotsmatch';
import { usage } from 'robotsmatch/usage';
import type { CrawlerEntry } from 'robotsmatch/crawlers';

export interface UsageSignals {
  /** The Content-Signal values that apply to the crawler, as `key=value` text with their lines; null when none applies. */
  contentSignal: string | null;
  /** The Content-Usage preferences that decide `/` for the crawler, as `label=value` text with their lines; null when none applies. */
  contentUsage: string | null;
  /** License URLs the file declares. */
  licenses: readonly string[];
}

/** The usage signals that apply to `crawler` at the site's root: the library's usage(). */
export function usageSignals(robots: Robots, crawler: CrawlerEntry): UsageSignals {
  const u = usage(robots, '/', crawler);
  const lines = (list: readonly number[]) => ` (line${list.length > 1 ? 's' : ''} ${list.join(', ')})`;
  return {
    contentSignal: u.contentSignal
      ? Object.entries(u.contentSignal.values)
          .map(([key, value]) => `${key}=${value}`)
          .join(', ') + lines(u.contentSignal.lines)
      : null,
    contentUsage: u.contentUsage
      ? Object.entries(u.contentUsage.preferences)
          .map(([label, value]) => `${label}=${value}`)
          .join(', ') + lines(u.contentUsage.lines)
      : null,
    licenses: u.licenses,
  };
}

/** A signal as a table cell: its text, or "—" when the file says nothing. */
export function signalText(value: string | null | readonly string[]): string {
  if (value === null) return '—';
  if (typeof value === 'string') return value || '—';
  return value.length ? value.join(', ') : '—';
}
