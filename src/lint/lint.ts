// The linter: what Google and RFC 9309 crawlers will make of each line, as
// plain sentences with stable codes. It reads the file twice with the core's
// own parser (lines(), once per mode) and compares the readings, so it can
// never disagree with what parse() does.

// The package entry, not its modules: robotsmatch/lint shares the main
// entry's core (the build keeps this import as an import of the package).
import { lines } from '../index.js';
import { UNSUPPORTED_KEYS } from '../report/unused-keys.js';
import { resolveParseOptions, type ParseOptions } from '../common/options.js';
import { typeError } from '../common/errors.js';
import { leadingToken } from '../rules/agent.js';

export type Severity = 'error' | 'warning' | 'info';

export type DiagnosticCode =
  | 'rule-outside-group'
  | 'unparseable'
  | 'too-long'
  | 'over-size-limit'
  | 'nul-byte'
  | 'invalid-utf8'
  | 'typo-key'
  | 'missing-colon'
  | 'unknown-key'
  | 'unsupported-key'
  | 'pattern-no-leading-slash'
  | 'dollar-inside-pattern'
  | 'relative-sitemap'
  | 'user-agent-not-token'
  | 'empty-user-agent'
  | 'crawl-delay-invalid'
  | 'partial-bom'
  | 'duplicate-rule'
  | 'conflicting-rules'
  | 'modes-differ';

export interface Diagnostic {
  /** 1-based line number. */
  line: number;
  /** 1-based column (in characters of the line) where the problem starts, when it is part of the line. */
  column?: number;
  /** 1-based column just after the problem. */
  endColumn?: number;
  severity: Severity;
  /** A stable name for the problem (see docs/lint.md). */
  code: DiagnosticCode;
  /** One plain sentence: what crawlers will do with this line. */
  message: string;
  /** The corrected line, where there is an obvious one. */
  fix?: string;
}

export type LintOptions = ParseOptions;

const encoder = /* @__PURE__ */ new TextEncoder();

/** Who honours the keys Google does not use, for the unsupported-key message. */
const USED_BY: Record<string, string> = {
  'crawl-delay': 'Bing, Yandex and many other crawlers wait this many seconds between requests',
  host: 'only Yandex ever used it (to choose the main mirror), and it no longer does',
  'clean-param': 'Yandex uses it to ignore URL parameters',
  noindex: 'no major crawler has honoured it since Google dropped it in 2019; use a `noindex` robots meta tag or X-Robots-Tag header instead',
  nofollow: 'no major crawler honours it; use a `nofollow` robots meta tag or X-Robots-Tag header instead',
  noarchive: 'no major crawler honours it; use a `noarchive` robots meta tag or X-Robots-Tag header instead',
  'request-rate': 'a few crawlers read it as a rate limit',
  'visit-time': 'a few crawlers read it as the hours they may visit',
  'revisit-after': 'no major crawler honours it (it comes from an HTML meta tag)',
  domain: 'no major crawler honours it',
  'content-signal': 'it states preferences for AI uses of the content (Cloudflare\'s Content Signals), read by some AI crawlers',
  'content-usage': 'it states preferences for AI uses of the content (the IETF AI preferences draft), read by some AI crawlers',
};

const CANONICAL: Record<string, string> = { 'user-agent': 'User-agent', allow: 'Allow', disallow: 'Disallow', sitemap: 'Sitemap' };

/** The diagnostics for a robots.txt, sorted by line. Never throws on any content. */
export function lint(body: string | Uint8Array, options?: LintOptions): Diagnostic[] {
  if (typeof body !== 'string' && !(body instanceof Uint8Array)) throw typeError('body', 'a string or a Uint8Array', body);
  const { mode, maxBytes } = resolveParseOptions(options);
  const bytes = typeof body === 'string' ? encoder.encode(body) : body;
  const google = lines(bytes, { mode: 'google', maxBytes });
  const rfc = lines(bytes, { mode: 'rfc', maxBytes });
  const primary = mode === 'google' ? google : rfc;
  const out: Diagnostic[] = [];
  const add = (d: Diagnostic) => out.push(d);

  if (bytes.length > 0 && bytes[0] === 0xef && !(bytes[1] === 0xbb && bytes[2] === 0xbf)) {
    add({
      line: 1, column: 1, severity: 'warning', code: 'partial-bom',
      message: 'The file starts with part of a byte order mark: Google skips it, RFC 9309 crawlers read it as part of the first line.',
    });
  }

  // Rules seen per group, for duplicates and conflicts: "type value" -> line.
  const seen = new Map<number, Map<string, number>>();
  for (let i = 0; i < google.length; i++) {
    const g = google[i]!;
    const r = rfc[i]?.line === google[i]!.line ? rfc[i] : undefined;
    const p = primary[i] ?? g;
    const { line, text } = g;
    if (g.problems.includes('nul-byte')) {
      add({ line, column: text.indexOf('\0') + 1, severity: 'error', code: 'nul-byte', message: 'A NUL byte ends this line early: crawlers ignore everything after it.' });
    }
    if (g.problems.includes('too-long')) {
      add({ line, severity: 'error', code: 'too-long', message: 'This line is longer than 16,663 bytes: crawlers read only its start and ignore the rest.' });
    }
    if (g.problems.includes('invalid-utf8')) {
      add({ line, severity: 'warning', code: 'invalid-utf8', message: 'This line has bytes that are not UTF-8: crawlers match them as raw bytes, which may not be what the URLs contain.' });
    }
    if (g.kind === 'invalid') {
      add({ line, severity: 'error', code: 'unparseable', message: 'Crawlers cannot read this line (it is not `key: value`), so they ignore it.' });
      continue;
    }
    if (g.kind === 'empty' || g.kind === 'comment') continue;
    const key = g.key ?? '';
    const value = g.value ?? '';
    // Columns are counted in the text the key and value were read from: a
    // line over 16,663 bytes as the parser cut it (maybe inside a character).
    const kept = g.problems.includes('too-long') ? keptText(bytes, line) : text;
    const keyColumn = kept.indexOf(key) + 1;
    const directive = g.kind === 'user-agent' || g.kind === 'allow' || g.kind === 'disallow' || g.kind === 'sitemap';
    const fixed = directive ? `${CANONICAL[g.kind]}: ${value}` : `${key}: ${value}`;

    const misspelt = directive && (g.problems.includes('typo') || (r?.kind === 'other' && key.toLowerCase() !== g.kind));
    if (misspelt) {
      add({
        line, column: keyColumn, endColumn: keyColumn + key.length, severity: 'warning', code: 'typo-key', fix: fixed,
        message: `Google reads \`${key}\` as \`${CANONICAL[g.kind]}\`; RFC 9309 crawlers ignore this line.`,
      });
    }
    if (g.problems.includes('missing-colon')) {
      add({
        line, column: keyColumn + key.length, severity: 'warning', code: 'missing-colon', fix: fixed,
        message: 'This line has no colon after its key: Google accepts it, RFC 9309 crawlers ignore it.',
      });
    }

    if (g.kind === 'other') {
      const name = key.toLowerCase();
      if (UNSUPPORTED_KEYS.has(name)) {
        const loud = name === 'noindex' || name === 'nofollow' || name === 'noarchive';
        add({
          line, column: keyColumn, endColumn: keyColumn + key.length, severity: loud ? 'warning' : 'info', code: 'unsupported-key',
          message: `Google ignores \`${key}\`; ${USED_BY[name]}.`,
        });
      } else {
        add({ line, column: keyColumn, endColumn: keyColumn + key.length, severity: 'warning', code: 'unknown-key', message: `No crawler recognises the key \`${key}\`, so they all ignore this line.` });
      }
      if (name === 'crawl-delay' && !/^(\d+(\.\d*)?|\.\d+)$/.test(value)) {
        add({ line, severity: 'warning', code: 'crawl-delay-invalid', message: `Crawlers that honour Crawl-delay expect a number of seconds; they ignore \`${value}\`.` });
      }
      continue;
    }

    if (g.kind === 'allow' || g.kind === 'disallow') {
      if (p.problems.includes('rule-outside-group')) {
        add({ line, severity: 'error', code: 'rule-outside-group', message: 'This rule comes before any User-agent line, so every crawler ignores it.' });
      }
      const valueColumn = kept.indexOf(value, keyColumn + key.length - 1) + 1;
      if (value !== '' && value[0] !== '/' && value[0] !== '*') {
        add({
          line, column: valueColumn, severity: 'warning', code: 'pattern-no-leading-slash', fix: `${CANONICAL[g.kind]}: /${value.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*\/?/i, '')}`,
          message: `This pattern never matches, because every URL path starts with \`/\`: crawlers never apply it.`,
        });
      }
      const dollar = value.indexOf('$');
      if (dollar >= 0 && dollar < value.length - 1) {
        add({
          line, column: valueColumn + dollar, endColumn: valueColumn + dollar + 1, severity: 'warning', code: 'dollar-inside-pattern',
          message: '`$` ends a pattern only as its last character: here crawlers match it as a literal `$` in the URL.',
        });
      }
      if (/%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[de]|5f|7e)/i.test(value)) {
        add({
          line, column: valueColumn, severity: 'info', code: 'modes-differ',
          message: 'This pattern percent-encodes a letter, digit or `-._~`: RFC 9309 crawlers decode it and match either form, Google matches only URLs that encode it the same way.',
        });
      }
      if (g.kind === 'allow' && /\/index\.htm[^/]*$/.test(value)) {
        add({
          line, column: valueColumn, severity: 'info', code: 'modes-differ',
          message: `Google also allows the directory \`${value.slice(0, value.lastIndexOf('/') + 1)}\` itself (its index.html rule); RFC 9309 crawlers allow only what the pattern matches.`,
        });
      }
      if (g.group !== undefined && g.group >= 0) {
        const rules = seen.get(g.group) ?? new Map<string, number>();
        seen.set(g.group, rules);
        const same = rules.get(`${g.kind} ${value}`);
        const opposite = rules.get(`${g.kind === 'allow' ? 'disallow' : 'allow'} ${value}`);
        if (same !== undefined) {
          add({ line, severity: 'info', code: 'duplicate-rule', message: `The same rule is on line ${same} of this group; this line changes nothing.`, fix: '' });
        } else if (opposite !== undefined && value !== '') {
          add({ line, severity: 'info', code: 'conflicting-rules', message: `Line ${opposite} of this group has the same pattern with the opposite rule: allow wins, so crawlers may fetch these URLs.` });
        }
        if (same === undefined) rules.set(`${g.kind} ${value}`, line);
      }
    } else if (g.kind === 'user-agent') {
      const valueColumn = kept.indexOf(value, keyColumn + key.length - 1) + 1;
      if (value === '') {
        add({ line, severity: 'warning', code: 'empty-user-agent', message: 'This User-agent line names no crawler, so its group applies to none; write a product token or `*`.' });
      } else if (value === '*') {
        // every crawler: fine
      } else if (value[0] === '*') {
        if (g.agent === '*') { // Google reads `* ...` as `*`
          add({
            line, column: valueColumn, severity: 'info', code: 'modes-differ', fix: `${CANONICAL['user-agent']}: *`,
            message: 'Google reads `* ...` as `*` (every crawler); RFC 9309 crawlers read it as naming no crawler.',
          });
        } else {
          add({ line, column: valueColumn, severity: 'warning', code: 'user-agent-not-token', fix: `${CANONICAL['user-agent']}: *`, message: `\`${value}\` names no crawler (a name is made of letters, \`-\` and \`_\`); write \`*\` for every crawler.` });
        }
      } else {
        const token = leadingToken(value);
        if (token !== value) {
          add({
            line, column: valueColumn + token.length, endColumn: valueColumn + value.length, severity: 'warning', code: 'user-agent-not-token',
            ...(token ? { fix: `${CANONICAL['user-agent']}: ${token}` } : {}),
            message: token
              ? `Crawlers compare only the product token: they read \`${value}\` as \`${token}\`.`
              : `\`${value}\` names no crawler: a product token is made of letters, \`-\` and \`_\`.`,
          });
        }
      }
    } else if (g.kind === 'sitemap') {
      if (!isAbsoluteHttpUrl(value)) {
        add({ line, column: kept.indexOf(value, keyColumn + key.length - 1) + 1, severity: 'warning', code: 'relative-sitemap', message: `Crawlers need the sitemap's full URL (\`https://...\`); they ignore \`${value}\`.` });
      }
    }
  }

  if (bytes.length > maxBytes) {
    const line = lineAtOffset(bytes, maxBytes);
    add({
      line, severity: 'error', code: 'over-size-limit',
      message: `Crawlers read only the first ${maxBytes.toLocaleString('en-US')} bytes of a robots.txt: from line ${line} on, the file is ignored.`,
    });
  }
  return out.sort((a, b) => a.line - b.line);
}

function isAbsoluteHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value).host !== '';
  } catch {
    return false;
  }
}

/**
 * Line `line` as the parser kept it: its first 16,663 bytes, decoded. Lines
 * start after Google's byte order mark skip (any start of EF BB BF) and end
 * at LF, CR or CRLF, as in the parser.
 */
function keptText(bytes: Uint8Array, line: number): string {
  let at = 0;
  while (at < 3 && bytes[at] === BOM[at]) at++;
  for (let n = 1; n < line && at < bytes.length; n++) {
    while (at < bytes.length && bytes[at] !== 0x0a && bytes[at] !== 0x0d) at++;
    at += bytes[at] === 0x0d && bytes[at + 1] === 0x0a ? 2 : 1;
  }
  return decoder.decode(bytes.subarray(at, at + MAX_LINE_BYTES));
}

const BOM = [0xef, 0xbb, 0xbf];
/** Google keeps the first 2083 * 8 - 1 bytes of a line (the parser's MAX_LINE_BYTES). */
const MAX_LINE_BYTES = 16_663;
const decoder = /* @__PURE__ */ new TextDecoder();

/** The 1-based line that byte `offset` is on (LF, CR and CRLF end lines). */
function lineAtOffset(bytes: Uint8Array, offset: number): number {
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
