// Per-line reports (SPEC 5): what the parser made of every line of a file.
// The linter and the explain view are built on this; it is the same parser
// pass the matcher uses, asked to report every line.

import { getCore } from '../core/wasm.js';
import { L } from '../core/layout.js';

import { resolveParseOptions, type ParseOptions } from '../common/options.js';
import { leadingToken } from '../rules/agent.js';
import { UNSUPPORTED_KEYS } from './unused-keys.js';

export type LineKind = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'other' | 'empty' | 'comment' | 'invalid';

export type LineProblem =
  | 'typo'               // an accepted misspelling of the key (Google mode)
  | 'missing-colon'      // whitespace stood in for ':' (accepted in Google mode only)
  | 'too-long'           // longer than 16,663 bytes: the rest was ignored
  | 'rule-outside-group' // allow/disallow before any user-agent line: ignored
  | 'unsupported-key'    // a key crawlers know (crawl-delay, host, noindex, ...) that Google does not use
  | 'unknown-key'        // a key nobody recognises
  | 'unparseable'        // not `key: value`: ignored
  | 'nul-byte'           // a NUL byte ended the line early
  | 'invalid-utf8';      // bytes that are not UTF-8

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
const KINDS: readonly LineKind[] = ['invalid', 'user-agent', 'allow', 'disallow', 'sitemap', 'other', 'empty', 'comment', 'invalid'];



const strictDecoder = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true });

/** Reads a robots.txt and reports every line, as the matcher would read it. */
export function lines(body: string | Uint8Array, options?: ParseOptions): RobotsLine[] {
  const { mode, maxBytes } = resolveParseOptions(options);
  const core = getCore();
  const { length } = core.writeBody(body, maxBytes);
  const count = core.exports.scan(length, mode === 'rfc' ? L.MODE_RFC : L.MODE_GOOGLE, 1);
  const base = core.exports.events() >>> 2;
  const input = core.inputAt;
  const u32 = core.u32;
  const u8 = core.u8;
  const out: RobotsLine[] = [];
  // One decode of the whole body: when it is valid UTF-8 no line needs the
  // per-line check, and when it is ASCII (most files) every text is a slice.
  // (From the first line's start: a byte order mark, or part of one, before it is not part of any line.)
  const from = count > 0 ? u32[base + L.EV_LINE_START]! : 0;
  let whole: string | undefined;
  try {
    whole = strictDecoder.decode(u8.subarray(input + from, input + length));
  } catch {
    whole = undefined;
  }
  const ascii = whole !== undefined && whole.length === length - from;
  const text = (start: number, end: number) => (ascii ? whole!.slice(start - from, end - from) : core.read(input + start, end - start));
  for (let i = 0; i < count; i++) {
    const ev = base + i * L.EV_WORDS;
    const flags = u32[ev + L.EV_KIND]!;
    const kind = KINDS[flags & L.KIND_MASK]!;
    const lineStart = u32[ev + L.EV_LINE_START]!;
    const lineEnd = u32[ev + L.EV_LINE_END]!;
    const report: RobotsLine = {
      line: u32[ev + L.EV_LINE]!,
      kind,
      text: text(lineStart, lineEnd),
      hasComment: (flags & L.FLAG_COMMENT) !== 0,
      problems: [],
    };
    if (kind !== 'empty' && kind !== 'comment' && kind !== 'invalid') {
      report.key = text(u32[ev + L.EV_KEY_START]!, u32[ev + L.EV_KEY_END]!);
      report.value = text(u32[ev + L.EV_VALUE_START]!, u32[ev + L.EV_VALUE_END]!);
    }
    if (kind === 'user-agent' || kind === 'allow' || kind === 'disallow') report.group = u32[ev + L.EV_GROUP]! | 0;
    if (kind === 'user-agent') report.agent = flags & L.FLAG_GLOBAL_AGENT ? '*' : leadingToken(report.value!);
    const problems = report.problems;
    if (flags & L.FLAG_TYPO) problems.push('typo');
    if (flags & L.FLAG_MISSING_COLON) problems.push('missing-colon');
    if (flags & L.FLAG_TOO_LONG) problems.push('too-long');
    if (flags & L.FLAG_NO_GROUP) problems.push('rule-outside-group');
    if (kind === 'other') problems.push(UNSUPPORTED_KEYS.has(report.key!.toLowerCase()) ? 'unsupported-key' : 'unknown-key');
    if (kind === 'invalid') problems.push('unparseable');
    if (flags & L.FLAG_NUL) problems.push('nul-byte');
    if (whole === undefined) {
      try {
        strictDecoder.decode(u8.subarray(input + lineStart, input + lineEnd));
      } catch {
        problems.push('invalid-utf8');
      }
    }
    out.push(report);
  }
  return out;
}
