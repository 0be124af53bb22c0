// Patterns written as crawlers send paths: percent-encoded exactly once.
// encodeURI on a path that is already encoded turns `%C3%A9` into
// `%25C3%25A9`, which no request contains; a raw space or `é` never
// appears in a request either. Here an escape that is already there stays
// as it is, and only what a crawler would never send raw is encoded.

/** The pattern with non-ASCII, spaces, controls, `#` and lone `%` encoded; `%XX` escapes, `*` and `$` kept. */
export function encodePattern(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; ) {
    const code = pattern.codePointAt(i)!;
    const char = String.fromCodePoint(code);
    i += char.length;
    if (char === '%') out += /^[0-9A-Fa-f]{2}$/.test(pattern.slice(i, i + 2)) ? '%' : '%25';
    else if (char === '#')
      out += '%23'; // `#` would start a comment
    else if (code < 0x21 || code > 0x7e) out += encodeChar(char);
    else out += char;
  }
  return out;
}

function encodeChar(char: string): string {
  try {
    return encodeURIComponent(char); // UTF-8, upper-case hex, as crawlers send it
  } catch {
    return '%EF%BF%BD'; // a lone surrogate: what a crawler's UTF-8 encoder makes of it
  }
}
