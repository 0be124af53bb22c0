// The file as a whole: what the server said (status, Content-Type), what the
// body is (HTML, binary, gzip, UTF-16, empty, no User-agent line), and its
// size against what crawlers read. A body that is not a robots.txt gets one
// finding and no per-line noise.

import type { Findings } from '../findings.js';
import type { FileModel } from '../model.js';
import { listOf } from '../wording.js';
import { contentKind } from '../../common/content-kind.js';

/** Reports the HTTP status and Content-Type of a fetched file; true when the status means there is no file to read. */
export function checkSource(f: Findings): boolean {
  const source = f.model.source;
  if (!source) return false;
  const { status, contentType } = source;
  if (status !== undefined && status >= 400) {
    f.add(status < 500 && status !== 429 ? 'http-not-found' : 'http-error', 1, { status });
    f.notRobots = true;
    return true;
  }
  if (typeof contentType === 'string') {
    const type = contentType.split(';')[0]!.trim().toLowerCase();
    if (type !== '' && type !== 'text/plain') f.add('content-type', 1, { type });
  }
  return false;
}

/** What the body is, when it is not a robots.txt, as a lint code; undefined when it is text the checks can read. */
function bodyKind(m: FileModel): ['gzip-body' | 'utf16-body' | 'binary-body' | 'html-body', string] | undefined {
  const kind = contentKind(m.bytes);
  return kind && [CODES[kind.kind], kind.what];
}

const CODES = { gzip: 'gzip-body', 'utf-16': 'utf16-body', binary: 'binary-body', html: 'html-body' } as const;

/** "no rules in it", or the rules crawlers still find among the rest. */
function effect(m: FileModel, html: boolean): string {
  const rules = m.lines.filter(
    (l) => (l.kind === 'allow' || l.kind === 'disallow') && l.group !== undefined && l.group >= 0,
  );
  if (rules.length === 0) {
    return `crawlers find no rules in it, so they may fetch every URL${html ? ' (often an error or login page served with status 200)' : ''}`;
  }
  const where =
    rules.length === 1
      ? `line ${rules[0]!.line}`
      : `lines ${listOf(
          rules.map((r) => String(r.line)),
          3,
          'others',
        )}`;
  return `crawlers ignore the rest and read only the ${rules.length === 1 ? 'rule' : `${rules.length} rules`} on ${where}`;
}

/** The whole-file findings; true when the body is not a robots.txt (nothing else is checked). */
export function checkFile(f: Findings): boolean {
  const m = f.model;
  const bytes = m.bytes;
  let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (start < bytes.length && (bytes[start] === 0x20 || (bytes[start]! >= 0x09 && bytes[start]! <= 0x0d))) start++;
  if (start >= bytes.length) {
    f.add('empty-file', 1, { why: 'it is empty' });
    f.notRobots = true;
    return true;
  }
  const kind = bodyKind(m);
  if (kind) {
    const [code, what] = kind;
    f.add(code, 1, { what, effect: effect(m, code === 'html-body') });
    f.notRobots = true;
    return true;
  }
  if (bytes[0] === 0xef && !(bytes[1] === 0xbb && bytes[2] === 0xbf)) f.add('partial-bom', 1, undefined, { column: 1 });

  let keys = 0;
  let agents = 0;
  let rules = 0;
  const counted: number[] = [];
  for (const l of m.lines) {
    if (l.kind === 'empty' || l.kind === 'comment' || l.kind === 'invalid') continue;
    keys++;
    if (l.kind === 'user-agent') agents++;
    else if (l.kind === 'allow' || l.kind === 'disallow') {
      rules++;
      if (counted.length < 2049) counted.push(l.line);
    }
  }
  if (keys === 0 && !m.lines.some((l) => l.kind === 'invalid')) {
    f.add('empty-file', 1, { why: 'only comments' });
    f.notRobots = true;
    return true;
  }
  if (agents === 0 && rules > 0) {
    const misspelt = m.lines.find((l) => l.kind === 'other' && /^user[\s_-]*a?g/i.test(l.key ?? ''));
    f.add('no-user-agent', 1, {
      rules: rules === 1 ? 'its one rule' : `all ${rules.toLocaleString('en-US')} of its rules`,
      hint: misspelt ? ` (line ${misspelt.line}, \`${misspelt.key}\`, is not read as User-agent)` : '',
    });
    f.noUserAgent = true;
  }
  if (bytes.length > m.maxBytes) overSize(f);
  if (rules > 2048) f.add('too-many-rules', counted[2048]!, { count: rules, line: counted[2048]! });
  return false;
}

/** over-size-limit: where the cut falls, and what crawlers make of a line it cuts. */
function overSize(f: Findings): void {
  const m = f.model;
  const limit = m.maxBytes;
  const line = lineAtOffset(m.bytes, limit);
  const before = limit === 0 ? 0x0a : m.bytes[limit - 1];
  let cut: string;
  if (before === 0x0a || before === 0x0d) {
    cut = `from line ${line} on, the file is ignored`;
  } else {
    const read = m.line(line);
    const fragment = read?.text.trim() ?? '';
    const rule =
      read &&
      (read.kind === 'allow' || read.kind === 'disallow') &&
      read.group !== undefined &&
      read.group >= 0 &&
      read.value !== '';
    cut = `the cut falls inside line ${line}, so they read only \`${fragment}\` of it${rule ? `, a rule that ${read.kind === 'allow' ? 'allows' : 'disallows'} every path starting with ${read.value}` : ''}, and ignore everything after`;
  }
  f.add('over-size-limit', line, { limit, cut });
}

/** The 1-based line that byte `offset` is on (LF, CR and CRLF end lines). */
export function lineAtOffset(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) {
    const c = bytes[i];
    if (c === 0x0a) line++;
    else if (c === 0x0d) {
      line++;
      if (bytes[i + 1] === 0x0a) i++;
    }
  }
  return line;
}
