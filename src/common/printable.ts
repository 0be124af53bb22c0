// Text from a policy or a file, made safe to print in a message: control
// characters (C0, DEL, C1), line and paragraph separators and the bidi
// controls are written as escapes (`\x1b`, `\u202e`). Raw, an ESC could set
// the terminal's title or clear its screen, a line break would cut the
// message and start a line that looks like a robots.txt line, and a bidi
// override would show a path other than the one written.

// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
