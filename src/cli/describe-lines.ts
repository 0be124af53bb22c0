// One record per URL of a chunk of newline-separated URLs, with the rule
// that decided each: filter --json and check --urls. Runs in the main
// thread and in filter's worker threads alike, on a matcher built once.

import type { AgentMatcher, FilteredLines, Verdict } from '../index.js';
import { purpose, usage } from '../usage.js';
import { paint } from './output.js';
import { NO_USAGE, usageLines, type UsageRecord } from './usage-text.js';

/** filter --json (url, allowed, line, rule), check --json's records, or check's text lines. */
export type Format = 'filter-json' | 'check-json' | 'check-text';

/** What every record of a run shares; plain data, so it can go to a worker. */
export interface Describe {
  format: Format;
  /** check's fields: who asked, in which mode, against which robots.txt and how it was fetched. */
  agent: string;
  mode: string;
  robots: string;
  fetch: unknown;
  /** The robots.txt was unreachable: every URL is disallowed, by no rule. */
  unreachable: boolean;
  /** check's text: colour the verdicts. */
  color: boolean;
  /** filter --purpose: also say whether the file opts each allowed URL out of it (`optedOut`). */
  purpose?: string | undefined;
  /** check --usage: each URL's Content-Signal, Content-Usage and licenses (usage()). */
  usage?: boolean | undefined;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();
const UNREACHABLE: Verdict = { allowed: false, line: 0, rule: null };

/** check's words for a verdict: the deciding line, or why there is none. */
export function verdictText(v: Verdict, unreachable = false): string {
  if (unreachable) return 'robots.txt unreachable: every URL is disallowed for now';
  return v.rule
    ? `line ${v.line}: ${v.rule.type === 'allow' ? 'Allow' : 'Disallow'}: ${v.rule.pattern}`
    : 'no rule applies';
}

/**
 * check's text line for one URL (without its line break); with --usage,
 * the usage statements that apply follow it, indented, a line each.
 */
export function checkLine(
  url: string,
  v: Verdict,
  color: boolean,
  unreachable = false,
  suffix = '',
  usage?: UsageRecord,
): string {
  const word = v.allowed ? paint.allowed(color, 'allowed   ') : paint.disallowed(color, 'disallowed');
  const line = `${word}  ${url}  (${verdictText(v, unreachable)})${suffix}`;
  return usage ? [line, ...usageLines(usage).map((text) => `  ${text}`)].join('\n') : line;
}

/** check --json's record for one URL; with --usage, its `usage`. */
export function checkRecord(
  url: string,
  v: Verdict,
  d: Pick<Describe, 'agent' | 'mode' | 'robots' | 'fetch'>,
  usage?: UsageRecord,
): string {
  const record = {
    url,
    agent: d.agent,
    mode: d.mode,
    allowed: v.allowed,
    line: v.line,
    rule: v.rule,
    robots: d.robots,
    fetch: d.fetch,
  };
  return JSON.stringify(usage ? { ...record, usage } : record);
}

/**
 * A record per non-blank line of `chunk` (LF or CRLF; a line is a URL as on
 * the wire, not trimmed further), in order, with the counts filter reports.
 */
export function describeLines(matcher: AgentMatcher, chunk: Uint8Array, d: Describe): FilteredLines {
  const lines = decoder.decode(chunk).split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  // With a purpose: the core's verdict for every line of the chunk (one byte
  // a line, 2 for opted out), read in one call, as filter's other forms are.
  const purposes =
    d.purpose === undefined ? undefined : matcher.matchLines(chunk, undefined, { purpose: purpose(d.purpose) });
  let out = '';
  let urls = 0;
  let allowed = 0;
  let optedOut = 0;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (line === '') continue;
    urls++;
    let v: Verdict;
    let u: UsageRecord | undefined;
    if (d.unreachable) [v, u] = [UNREACHABLE, d.usage ? NO_USAGE : undefined];
    else if (d.usage && d.format !== 'filter-json') {
      // usage() is check()'s verdict and the usage statements, in one call.
      const { contentSignal, contentUsage, licenses, ...verdict } = usage(matcher, line);
      [v, u] = [verdict, { contentSignal, contentUsage, licenses }];
    } else v = matcher.check(line);
    if (v.allowed) allowed++;
    if (d.format === 'filter-json') {
      const record = { url: line, allowed: v.allowed, line: v.line, rule: v.rule };
      if (purposes) {
        // Allowed by check() (the decoded line) and opted out by the core (the bytes): they differ only for bytes that are not UTF-8.
        const opted = v.allowed && purposes[i] === 2;
        if (opted) optedOut++;
        out += `${JSON.stringify({ ...record, optedOut: opted })}\n`;
      } else out += `${JSON.stringify(record)}\n`;
      continue;
    }
    if (d.format === 'check-json') out += `${checkRecord(line, v, d, u)}\n`;
    else out += `${checkLine(line, v, d.color, d.unreachable, '', u)}\n`;
  }
  const counts = { output: encoder.encode(out), lines: lines.length, urls, allowed };
  return purposes ? { ...counts, optedOut } : counts;
}
