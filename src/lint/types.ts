// What the linter reports: a diagnostic per finding, with a stable code
// (codes.ts), a plain sentence and, where there is one, a fix whose safety
// says whether any crawler's behaviour changes.

import type { ParseOptions } from '../common/options.js';
import type { DiagnosticCode, Severity } from './codes.js';

export type { Severity };

/**
 * safe: Google reads the file the same before and after, for every crawler
 * (the fix only makes the line read the same for RFC 9309 crawlers and for
 * people). unsafe: some crawler will do something else; the fix's message
 * says what.
 */
export type FixSafety = 'safe' | 'unsafe';

export interface Fix {
  safety: FixSafety;
  /** What the diagnostic's line becomes: one line, several (a split), or none (the line goes). */
  lines: string[];
  /** What the fix does, and for an unsafe fix what crawlers will then do differently. */
  message: string;
}

export interface Diagnostic {
  /** 1-based line number (1 for a finding about the whole file). */
  line: number;
  /** 1-based column (in characters of the line) where the problem starts, when it is part of the line. */
  column?: number;
  /** 1-based column just after the problem. */
  endColumn?: number;
  severity: Severity;
  /** A stable name for the problem: docs/lint/<code>.md explains it. */
  code: DiagnosticCode;
  /** Plain sentences: what crawlers will do with this line or file. */
  message: string;
  /**
   * The fix, if there is one. An unsafe fix is worked out when first read
   * (an accessor until then): the first read of any unsafe fix of a lint()
   * call works out all of them, since each is checked against the others.
   */
  fix?: Fix;
}

/** What the server said when the file was fetched (lint URL). */
export interface LintSource {
  /** The robots.txt URL: its host tells a rule for this host from one for another. */
  url?: string;
  /** The HTTP status of the response. */
  status?: number;
  /** The Content-Type header, as sent (null when there was none). */
  contentType?: string | null;
}

export interface LintOptions extends ParseOptions {
  /** Report only these codes. */
  select?: readonly DiagnosticCode[];
  /** Never report these codes. */
  ignore?: readonly DiagnosticCode[];
  /** Where the file came from, for the checks that need it (status, Content-Type, host). */
  source?: LintSource;
}
