// Lists of crawler names in sentences: a few named, the rest counted, so a
// sentence about a hundred crawlers stays a sentence.

const MAX_NAMED = 6;

/** "GPTBot, ClaudeBot", or "A, B, C, D, E, F and 12 more". */
export function listNames(names: readonly string[]): string {
  const shown = names.slice(0, MAX_NAMED).join(', ');
  return names.length > MAX_NAMED ? `${shown} and ${names.length - MAX_NAMED} more` : shown;
}

/**
 * Whom something applies to among the chosen crawlers: "every chosen
 * crawler", "every chosen crawler but GPTBot, ClaudeBot" when most, else
 * the names.
 */
export function whomOf(readers: readonly string[], chosen: readonly string[]): string {
  if (readers.length === chosen.length) return 'every chosen crawler';
  if (readers.length > chosen.length / 2) {
    const reading = new Set(readers);
    return `every chosen crawler but ${listNames(chosen.filter((name) => !reading.has(name)))}`;
  }
  return listNames(readers);
}
