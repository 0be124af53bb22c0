// Per-line reports (docs/behaviour.md, section 5): what the parser made of every line of a file.
// The linter and the explain view are built on this; it is the same parser
// pass the matcher uses, asked to report every line.

import { getCore } from '../core/wasm.js';
import { Layout } from '../core/layout.js';

import { resolveParseOptions, type ParseOptions } from '../common/options.js';
import { leadingToken } from '../rules/agent.js';
import { UNSUPPORTED_KEYS } from './unused-keys.js';
import { Export } from '../core/exports.js';

export type LineKind = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'other' | 'empty' | 'comment' | 'invalid';

export type LineProblem =
  | 'typo' // an accepted misspelling of the key (Google mode)
  | 'missing-colon' // whitespace stood in for ':' (accepted in Google mode only)
  | 'too-long' // longer than 16,663 bytes: the rest was ignored
  | 'rule-outside-group' // allow/disallow before any user-agent line: ignored
  | 'unsupported-key' // a key crawlers know (crawl-delay, host, noindex, ...) that Google does not use
  | 'unknown-key' // a key nobody recognises
  | 'unparseable' // not `key: value`: ignored
  | 'nul-byte' // a NUL byte ended the line early
  | 'invalid-utf8'; // bytes that are not UTF-8

export interface RobotsLine {
  /** 1-based line number. */
  line: number;
  kind: LineKind;
  /** The key and value as written (trimmed), for lines that have them. */
  key?: string;
  value?: string;
  /** The whole line as written, without its line break. */
  text: string;
  /** True when the line has a `#` comment. */
  hasComment: boolean;
  /**
   * For user-agent, allow and disallow lines: the index (from 0) of the group
   * the line belongs to; -1 for a rule before any user-agent line.
   */
  group?: number;
  /**
   * For user-agent lines: whom the line names as the matcher reads it, `*`
   * for the global group (Google also reads `* more text` so), else the
   * product token (the value's leading run of letters, `-` and `_`; '' when
   * it has none).
   */
  agent?: string;
  problems: LineProblem[];
}

/** Line kinds by the core's number for them (layout.ts KIND_*). */
const KINDS: readonly LineKind[] = [
  'invalid',
  'user-agent',
  'allow',
  'disallow',
  'sitemap',
  'other',
  'empty',
  'comment',
  'invalid',
];

/** u32 words of one line event. */
const EVENT_WORDS = Layout.EV_SIZE >>> 2;

const decoder = /* @__PURE__ */ new TextDecoder();
const strictDecoder = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true });

/**
 * What the parser made of every line, kept compact: the core's event words
 * (Layout.EV_SIZE bytes, EVENT_WORDS u32, per line) and the bytes they point into, copied out of
 * core memory once. explain and crawl-delay read it a field at a time, and
 * RobotsLine objects are built only when asked for (lines()): a file of
 * 512,000 empty lines is 18 MB here, about 250 MB as objects. explain and
 * crawl-delay leave out empty and comment lines, which they never read: for
 * them such a file is a few words.
 */
export class LineEvents {
  /** Lines read, in order: every line (event i is line i + 1), or all but empty and comment lines. */
  readonly count: number;
  readonly #words: Uint32Array;
  readonly #bytes: Uint8Array;
  /** Is the whole body valid UTF-8 (and so every line)? Decided on first need. */
  #utf8: boolean | undefined;

  constructor(words: Uint32Array, bytes: Uint8Array) {
    this.count = words.length / EVENT_WORDS;
    this.#words = words;
    this.#bytes = bytes;
  }

  /** `field`: an EV_* byte offset. */
  #word(i: number, field: number): number {
    return this.#words[i * EVENT_WORDS + (field >>> 2)]!;
  }

  /**
   * The whole body as a string when it is ASCII (most files): every text is
   * then a slice of it, not a decode. null: it is not; undefined: not yet known.
   */
  #ascii: string | null | undefined;

  /** Where the first line starts: a byte order mark (or part of one) before it is in no line. */
  get #start(): number {
    return this.count ? this.#word(0, Layout.EV_LINE_START) : 0;
  }

  /** One decode of the body from its first line: ASCII (then every text is a slice), valid UTF-8, or neither. */
  #decodeWhole(): void {
    const bytes = this.#bytes.subarray(this.#start);
    let whole: string | null = null;
    try {
      whole = strictDecoder.decode(bytes);
      this.#utf8 = true;
    } catch {
      this.#utf8 = false;
    }
    this.#ascii = whole !== null && whole.length === bytes.length ? whole : null;
  }

  #string(i: number, start: number, end: number): string {
    const from = this.#word(i, start);
    const to = this.#word(i, end);
    if (to === from) return '';
    if (this.#ascii === undefined) this.#decodeWhole();
    if (this.#ascii !== null) return this.#ascii!.slice(from - this.#start, to - this.#start);
    // One ASCII byte (`*`, `/`): a string the engine keeps, not a decode.
    if (to === from + 1 && this.#bytes[from]! < 0x80) return String.fromCharCode(this.#bytes[from]!);
    return decoder.decode(this.#bytes.subarray(from, to));
  }

  /** The event of 1-based line `line`, or -1. */
  indexOf(line: number): number {
    if (line - 1 < this.count && this.#word(line - 1, Layout.EV_LINE) === line) return line - 1; // every line read
    let lo = 0;
    let hi = this.count - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = this.#word(mid, Layout.EV_LINE);
      if (at === line) return mid;
      if (at < line) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  line(i: number): number {
    return this.#word(i, Layout.EV_LINE);
  }

  flags(i: number): number {
    return this.#word(i, Layout.EV_KIND);
  }

  kind(i: number): LineKind {
    return KINDS[this.#word(i, Layout.EV_KIND) & Layout.KIND_MASK]!;
  }

  /** Does the line have a key and a value (user-agent, allow, disallow, sitemap, other)? */
  hasKey(i: number): boolean {
    const kind = this.#word(i, Layout.EV_KIND) & Layout.KIND_MASK;
    return kind >= Layout.KIND_USER_AGENT && kind <= Layout.KIND_OTHER;
  }

  /** The group of a user-agent, allow or disallow line (-1: a rule before any user-agent line). */
  group(i: number): number {
    return this.#word(i, Layout.EV_GROUP) | 0;
  }

  key(i: number): string {
    return this.#string(i, Layout.EV_KEY_START, Layout.EV_KEY_END);
  }

  value(i: number): string {
    return this.#string(i, Layout.EV_VALUE_START, Layout.EV_VALUE_END);
  }

  text(i: number): string {
    return this.#string(i, Layout.EV_LINE_START, Layout.EV_LINE_END);
  }

  /** For a user-agent line: `*`, or the product token it names (RobotsLine.agent). */
  agent(i: number): string {
    return this.#word(i, Layout.EV_KIND) & Layout.FLAG_GLOBAL_AGENT ? '*' : leadingToken(this.value(i));
  }

  problems(i: number): LineProblem[] {
    const flags = this.#word(i, Layout.EV_KIND);
    const kind = flags & Layout.KIND_MASK;
    const problems: LineProblem[] = [];
    if (flags & Layout.FLAG_TYPO) problems.push('typo');
    if (flags & Layout.FLAG_MISSING_COLON) problems.push('missing-colon');
    if (flags & Layout.FLAG_TOO_LONG) problems.push('too-long');
    if (flags & Layout.FLAG_NO_GROUP) problems.push('rule-outside-group');
    if (kind === Layout.KIND_OTHER)
      problems.push(UNSUPPORTED_KEYS.has(this.key(i).toLowerCase()) ? 'unsupported-key' : 'unknown-key');
    if (kind === Layout.KIND_INVALID) problems.push('unparseable');
    if (flags & Layout.FLAG_NUL) problems.push('nul-byte');
    if (!this.#validUtf8(i)) problems.push('invalid-utf8');
    return problems;
  }

  #validUtf8(i: number): boolean {
    // One check of the whole body answers for every line when it is valid
    // (lines split at ASCII bytes); only a body that is not is checked line by line.
    if (this.#utf8 === undefined) this.#decodeWhole();
    return (
      this.#utf8 || isUtf8(this.#bytes.subarray(this.#word(i, Layout.EV_LINE_START), this.#word(i, Layout.EV_LINE_END)))
    );
  }

  /** Line i as a RobotsLine. */
  object(i: number): RobotsLine {
    const flags = this.#word(i, Layout.EV_KIND);
    const kind = KINDS[flags & Layout.KIND_MASK]!;
    const report: RobotsLine = {
      line: this.line(i),
      kind,
      text: this.text(i),
      hasComment: (flags & Layout.FLAG_COMMENT) !== 0,
      problems: this.problems(i),
    };
    if (this.hasKey(i)) {
      report.key = this.key(i);
      report.value = this.value(i);
    }
    if (kind === 'user-agent' || kind === 'allow' || kind === 'disallow') report.group = this.group(i);
    if (kind === 'user-agent') report.agent = flags & Layout.FLAG_GLOBAL_AGENT ? '*' : leadingToken(report.value!);
    return report;
  }
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    strictDecoder.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads a robots.txt and keeps what the parser made of every line, compactly;
 * `content`: of all but empty and comment lines.
 */
export function readLines(body: string | Uint8Array, options?: ParseOptions, content = false): LineEvents {
  const { mode, maxBytes } = resolveParseOptions(options);
  const core = getCore();
  const { length } = core.writeBody(body, maxBytes);
  const count = core.exports[Export.scan](
    length,
    mode === 'rfc' ? Layout.MODE_RFC : Layout.MODE_GOOGLE,
    content ? 2 : 1,
  );
  const base = core.exports[Export.events]() >>> 2;
  const input = core.inputAt;
  // Copies: the core reuses both buffers on its next call.
  return new LineEvents(core.u32.slice(base, base + count * EVENT_WORDS), core.u8.slice(input, input + length));
}

/** Reads a robots.txt and reports every line, as the matcher would read it. */
export function lines(body: string | Uint8Array, options?: ParseOptions): RobotsLine[] {
  const reading = readLines(body, options);
  const out: RobotsLine[] = new Array(reading.count);
  for (let i = 0; i < reading.count; i++) out[i] = reading.object(i);
  return out;
}
