// What a robots.txt says about using a URL (usage(): Content-Signal,
// Content-Usage, License), in the compact words check --usage, explain and
// audit print, and as their JSON records carry it.

import type { ContentSignal, ContentUsage, Usage } from '../usage.js';

/** The usage fields of a JSON record: usage() without the verdict (which the record has already). */
export interface UsageRecord {
  contentSignal: ContentSignal | null;
  contentUsage: ContentUsage | null;
  licenses: string[];
}

/** Nothing known: the robots.txt was unreachable. */
export const NO_USAGE: UsageRecord = { contentSignal: null, contentUsage: null, licenses: [] };

export function usageRecord(u: Pick<Usage, 'contentSignal' | 'contentUsage' | 'licenses'>): UsageRecord {
  return { contentSignal: u.contentSignal, contentUsage: u.contentUsage, licenses: u.licenses };
}

/**
 * "line 4", "lines 4, 14", "lines 3-8002, 9000": runs of three or more
 * consecutive lines as a range, and past ten parts "lines 3, 7, ..., 31999
 * (8,000 lines)" (a file may have thousands of Content-Signal lines that
 * apply: listing each, for every URL, made check --usage print 47 KB per
 * URL). JSON records list every line.
 */
export function linesText(lines: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < lines.length; ) {
    let j = i;
    while (j + 1 < lines.length && lines[j + 1] === lines[j]! + 1) j++;
    if (j - i >= 2) parts.push(`${lines[i]}-${lines[j]}`);
    else for (let k = i; k <= j; k++) parts.push(String(lines[k]));
    i = j + 1;
  }
  // Past ten parts, the first ten, the last line and how many in all.
  const shown =
    parts.length > 10
      ? `${parts.slice(0, 10).join(', ')}, ... ${lines[lines.length - 1]} (${lines.length.toLocaleString('en-US')} lines)`
      : parts.join(', ');
  return `line${lines.length > 1 ? 's' : ''} ${shown}`;
}

/** Content-Signal values as the file states them: "search=yes, ai-train=no". */
export function signalText(signal: ContentSignal): string {
  const entries = Object.entries(signal.values);
  return entries.length ? entries.map(([key, value]) => `${key}=${value}`).join(', ') : 'no value it can read';
}

/** Content-Usage preferences: "train-ai=n, search=y"; the labels of a value that does not parse are all unknown. */
export function preferencesText(usage: ContentUsage): string {
  const entries = Object.entries(usage.preferences);
  return entries.length ? entries.map(([label, value]) => `${label}=${value}`).join(', ') : 'no preference it can read';
}

/** Where the deciding Content-Usage rules are: "line 7, /blog/" or "line 7, the whole group". */
export function contentUsageWhere(usage: ContentUsage): string {
  return `${linesText(usage.lines)}, ${usage.path === '' ? 'the whole group' : usage.path}`;
}

/**
 * The usage statements that apply, a line each:
 *   Content-Signal (line 3): search=yes, ai-train=no
 *   Content-Usage (line 12, /blog/): train-ai=y
 *   License: https://example.com/license.xml
 * or one line saying none does.
 */
export function usageLines(u: UsageRecord): string[] {
  const out: string[] = [];
  if (u.contentSignal) out.push(`Content-Signal (${linesText(u.contentSignal.lines)}): ${signalText(u.contentSignal)}`);
  if (u.contentUsage)
    out.push(`Content-Usage (${contentUsageWhere(u.contentUsage)}): ${preferencesText(u.contentUsage)}`);
  for (const license of u.licenses) out.push(`License: ${license}`);
  if (!out.length) out.push('no Content-Signal, Content-Usage or License line applies');
  return out;
}

/**
 * Sentences start with a capital letter: the library's usage `why` may
 * start one with "line 3 ...".
 */
export const capitalised = (text: string) =>
  text.replace(/(^|\. )line (?=\d)/g, '$1Line ').replace(/^[a-z]/, (c) => c.toUpperCase());
