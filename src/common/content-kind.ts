// What a robots.txt body is, by its bytes, when it is not a robots.txt: gzip
// sent without Content-Encoding, UTF-16 text, another binary format, or an
// HTML page. One reading, for lint's findings (gzip-body, utf16-body,
// binary-body, html-body) and for the command line's warnings (fetch, check,
// explain, audit), so both name the same body the same way.

export interface ContentKind {
  kind: 'gzip' | 'utf-16' | 'binary' | 'html';
  /** For binary: what it looks like ("a PNG image", "binary data"); otherwise ''. */
  what: string;
}

const MAGIC: [number[], string][] = [
  [[0x89, 0x50, 0x4e, 0x47], 'a PNG image'],
  [[0xff, 0xd8, 0xff], 'a JPEG image'],
  [[0x47, 0x49, 0x46, 0x38], 'a GIF image'],
  [[0x25, 0x50, 0x44, 0x46, 0x2d], 'a PDF document'],
  [[0x50, 0x4b, 0x03, 0x04], 'a ZIP archive'],
  [[0x52, 0x49, 0x46, 0x46], 'a RIFF file (an image or a sound)'],
  [[0x00, 0x61, 0x73, 0x6d], 'a WebAssembly module'],
  [[0x7f, 0x45, 0x4c, 0x46], 'an executable'],
];

const HTML_START =
  /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html|head|body|meta|title|script|style|link|div|p|\?xml[^>]*>\s*<(!doctype\s+html|html))[\s>/]/i;

const startsWith = (bytes: Uint8Array, at: number, magic: number[]) => magic.every((b, i) => bytes[at + i] === b);

/** What the body is, when it is not a robots.txt; undefined when it is text a crawler can read. */
export function contentKind(bytes: Uint8Array): ContentKind | undefined {
  const at = startsWith(bytes, 0, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  if (startsWith(bytes, at, [0x1f, 0x8b])) return { kind: 'gzip', what: '' };
  if (startsWith(bytes, at, [0xff, 0xfe]) || startsWith(bytes, at, [0xfe, 0xff])) return { kind: 'utf-16', what: '' };
  for (const [magic, what] of MAGIC) if (startsWith(bytes, at, magic)) return { kind: 'binary', what };
  const head = bytes.subarray(at, at + 1024);
  let nulEven = 0;
  let nulOdd = 0;
  let control = 0;
  for (let i = 0; i < head.length; i++) {
    const c = head[i]!;
    if (c === 0) {
      if (i & 1) nulOdd++;
      else nulEven++;
    }
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0b && c !== 0x0c) control++;
  }
  // UTF-16 without a byte order mark: a NUL beside most ASCII characters.
  if (head.length >= 8 && Math.max(nulEven, nulOdd) >= head.length * 0.3) return { kind: 'utf-16', what: '' };
  if (head.length > 0 && control >= Math.max(4, head.length * 0.1)) return { kind: 'binary', what: 'binary data' };
  if (bytes[at] === 0x3c || /^\s/.test(String.fromCharCode(bytes[at] ?? 0))) {
    const text = new TextDecoder().decode(bytes.subarray(at, at + 2048));
    if (HTML_START.test(text)) return { kind: 'html', what: '' };
  }
  return undefined;
}
