// What the command line does with failures: a UsageError (bad flag, missing
// file, unreadable URL) is one line on stderr and exit status 2.

import { printable } from '../common/printable.js';

export class UsageError extends Error {
  override name = 'UsageError';
}

/** The one stderr line for any failure: the message, prefixed with the program name. */
export function failureLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // One line whatever it quotes: a line break or an ESC from a policy or a file is printed as an escape, never raw.
  return `robotsmatch: ${printable(message.trimEnd())}\n`;
}
