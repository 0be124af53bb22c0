// The default onViolation: one console.warn line per violation, but a
// bounded number of them. A crawler (or anyone forging its User-Agent) can
// send thousands of disallowed requests a second; one line each would fill
// the logs (10,000 forged requests: hundreds of MB with long headers). So at
// most LINES lines are written per minute; past that, one line says that the
// rest are counted but not written, and the next minute's first line says how
// many were left out. enforcer.counters() and an onViolation of your own see
// every violation.

import type { Violation } from './options.js';

/** Lines written per window, at most. */
export const LINES = 10;
/** The window, in ms. */
export const WINDOW = 60_000;
/** The longest User-Agent or URL quoted in a line (headers can be tens of KB). */
const LONGEST_QUOTED = 300;

const clip = (text: string) =>
  text.length > LONGEST_QUOTED ? `${text.slice(0, LONGEST_QUOTED)}... (${text.length} characters)` : text;

export function describeViolation(violation: Violation): string {
  const rule = `${violation.rule.type === 'allow' ? 'Allow' : 'Disallow'}: ${violation.rule.pattern}`;
  return `robots.txt violation: ${violation.crawler} requested ${clip(violation.url)} (line ${violation.line}: ${rule}; group ${violation.group}; action ${violation.action}; user-agent ${JSON.stringify(clip(violation.userAgent))})`;
}

export class ViolationLog {
  readonly #now: () => number;
  #windowStart = -Infinity;
  #written = 0;
  #left = 0;

  constructor(now: () => number) {
    this.#now = now;
  }

  write(violation: Violation): void {
    const now = this.#now();
    if (!(now - this.#windowStart < WINDOW)) {
      if (this.#left > 0)
        console.warn(
          `robots.txt violations: ${this.#left} more were not logged in the minute before (at most ${LINES} lines a minute; enforcer.counters() counts them all)`,
        );
      this.#windowStart = now;
      this.#written = 0;
      this.#left = 0;
    }
    if (this.#written < LINES) {
      this.#written++;
      console.warn(describeViolation(violation));
    } else if (this.#left++ === 0) {
      console.warn(
        `robots.txt violations: more than ${LINES} this minute; the rest are counted, not logged, until the next minute (give onViolation to see each one)`,
      );
    }
  }
}
