// Verdicts in the words the page uses: a cell says what the crawler may do
// and which line decided ("disallowed by line 3").

import type { Mode, Verdict } from 'robotsmatch';

/** "allowed by line 4", "disallowed by line 3", or "allowed, no rule matches" when no line decided. */
export function verdictText(verdict: Verdict): string {
  const word = verdict.allowed ? 'allowed' : 'disallowed';
  return verdict.line > 0 ? `${word} by line ${verdict.line}` : `${word}, no rule matches`;
}

/** The rule as the file writes it: `Disallow: /private/`. */
export function ruleText(rule: NonNullable<Verdict['rule']>): string {
  return `${rule.type === 'allow' ? 'Allow' : 'Disallow'}: ${rule.pattern}`;
}

export function modeName(mode: Mode): string {
  return mode === 'google' ? 'Google' : 'RFC 9309';
}

export function otherMode(mode: Mode): Mode {
  return mode === 'google' ? 'rfc' : 'google';
}
