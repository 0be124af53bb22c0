// The linter: what Google and RFC 9309 crawlers will make of a robots.txt,
// as plain sentences with stable codes (codes.ts), and fixes that say
// whether any crawler's behaviour changes. One model of the file
// (model.ts) is built with the core's own parser and every family of checks
// reads it: the file as a whole, its lines, User-agent lines, groups,
// patterns, sitemaps and usage statements (checks/*.ts).

import { typeError } from '../common/errors.js';
import { resolveParseOptions } from '../common/options.js';
import { CODES, isCode, type DiagnosticCode } from './codes.js';
import { Findings } from './findings.js';
import { FileModel } from './model.js';
import { isSuppressed, suppressionsOf } from './suppress.js';
import type { Diagnostic, LintOptions } from './types.js';
import { checkFile, checkSource } from './checks/file.js';
import { checkLines } from './checks/lines.js';
import { checkAgents } from './checks/agents.js';
import { checkGroups } from './checks/groups.js';
import { checkPatterns } from './checks/patterns.js';
import { checkSitemaps } from './checks/sitemaps.js';
import { checkUsage } from './checks/usage/index.js';

export type { Diagnostic, LintOptions, Severity, Fix, FixSafety, LintSource } from './types.js';
export type { DiagnosticCode } from './codes.js';

const ORDER = /* @__PURE__ */ new Map(Object.keys(CODES).map((c, i) => [c, i]));

/** The diagnostics for a robots.txt, sorted by line. Never throws on any content. */
export function lint(body: string | Uint8Array, options?: LintOptions): Diagnostic[] {
  return lintFile(body, options, false);
}

/**
 * @internal lint() with its unsafe fixes worked out before it returns, as
 * lint() did before they were worked out on first read: the tests check
 * that reading them later says exactly the same. Not in the package's API.
 */
export function lintSettled(body: string | Uint8Array, options?: LintOptions): Diagnostic[] {
  return lintFile(body, options, true);
}

function lintFile(body: string | Uint8Array, options: LintOptions | undefined, settleNow: boolean): Diagnostic[] {
  if (typeof body !== 'string' && !(body instanceof Uint8Array))
    throw typeError('body', 'a string or a Uint8Array', body);
  resolveParseOptions(options);
  const select = codeSet('options.select', options?.select);
  const ignore = codeSet('options.ignore', options?.ignore);
  const source = options?.source;
  if (source !== undefined && (typeof source !== 'object' || source === null))
    throw typeError('options.source', 'an object', source);

  const model = new FileModel(body, options);
  try {
    const f = new Findings(model);
    if (!checkSource(f) && !checkFile(f)) {
      checkLines(f);
      checkAgents(f);
      checkGroups(f);
      checkPatterns(f);
      checkSitemaps(f);
      checkUsage(f);
    }
    const suppressions = suppressionsOf(model.lines);
    const kept = f.list.filter(
      (d) => (!select || select.has(d.code)) && !ignore?.has(d.code) && !isSuppressed(suppressions, d),
    );
    f.offerFixes(kept, settleNow);
    return kept.sort(
      (a, b) => a.line - b.line || (a.column ?? 0) - (b.column ?? 0) || ORDER.get(a.code)! - ORDER.get(b.code)!,
    );
  } finally {
    model.dispose();
  }
}

function codeSet(name: string, codes: unknown): Set<DiagnosticCode> | undefined {
  if (codes === undefined) return undefined;
  if (!Array.isArray(codes)) throw typeError(name, 'an array of diagnostic codes', codes);
  for (const c of codes) {
    if (typeof c !== 'string' || !isCode(c))
      throw new RangeError(`${name}: ${JSON.stringify(c)} is not a diagnostic code (see docs/lint/README.md)`);
  }
  return new Set(codes as DiagnosticCode[]);
}
