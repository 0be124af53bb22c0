// Columns of a value in its line's text. A line over 16,663 bytes is cut
// by the parser, maybe inside a character, and its value then ends in
// U+FFFD where the text has the whole character: look the value up without
// that tail, so its column is where it starts in the text as written.

/** The value without the replacement characters a cut inside a character left at its end. */
export function uncut(value: string): string {
  return value.replace(/\uFFFD+$/, '');
}
