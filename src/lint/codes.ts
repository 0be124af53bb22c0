// Every diagnostic code, declared once: its severity (by consequence), the
// family of checks that reports it, which fixes it may carry, and its
// message as a template. docs/lint/<code>.md explains each one; the tests
// hold every code to a page, a case that triggers it and a near miss.

import { printable } from '../common/printable.js';

import { USAGE_CODES } from './codes-usage.js';
import { code, type CodeInfo } from './code-info.js';

export type { CodeInfo, Family, FixKind, Severity } from './code-info.js';

export const CODES = {
  // ---- the file as a whole (checks/file.ts) ----
  'html-body': code(
    'error',
    'file',
    'none',
    'An HTML page served as robots.txt',
    'This robots.txt is an HTML page, not a robots.txt file: {effect}.',
  ),
  'binary-body': code(
    'error',
    'file',
    'none',
    'Binary data served as robots.txt',
    'This robots.txt is {what}, not text: {effect}.',
  ),
  'gzip-body': code(
    'error',
    'file',
    'none',
    'A gzip-compressed body',
    'This robots.txt is gzip-compressed bytes (compressed without a Content-Encoding header saying so): {effect}.',
  ),
  'utf16-body': code(
    'error',
    'file',
    'none',
    'A UTF-16 file',
    'This robots.txt is UTF-16 text and crawlers read robots.txt as UTF-8: {effect}. Save it as UTF-8.',
  ),
  'empty-file': code(
    'info',
    'file',
    'none',
    'No rules at all',
    'This robots.txt has no rules ({why}): every crawler may fetch every URL.',
  ),
  'no-user-agent': code(
    'error',
    'file',
    'none',
    'Rules but no User-agent line',
    'This file has no User-agent line, so crawlers ignore {rules} and may fetch every URL{hint}.',
  ),
  'html-in-file': code(
    'warning',
    'file',
    'none',
    'HTML markup among the lines',
    '{what} HTML markup, not robots.txt lines: crawlers ignore {it}.',
  ),
  'over-size-limit': code(
    'error',
    'file',
    'none',
    'Longer than crawlers read',
    'Crawlers read only the first {limit} bytes of a robots.txt: {cut}.',
  ),
  'partial-bom': code(
    'warning',
    'file',
    'none',
    'Part of a byte order mark',
    'The file starts with part of a byte order mark: Google skips it, RFC 9309 crawlers read it as part of the first line.',
  ),
  'too-many-rules': code(
    'warning',
    'file',
    'none',
    "More rules than Yandex's limit",
    'This file has {count} Allow and Disallow rules: Yandex takes at most 2,048 and reports the file as over its limit (rule 2,049 is on line {line}); Google reads them all.',
  ),
  'content-type': code(
    'warning',
    'file',
    'none',
    'Not served as text/plain',
    'The server sends this robots.txt as `{type}`, not `text/plain`: Google reads it anyway, but RFC 9309 expects text/plain and stricter crawlers may not read it.',
  ),
  'http-not-found': code(
    'info',
    'file',
    'none',
    'No robots.txt (HTTP 4xx)',
    'HTTP {status}: crawlers take this as no robots.txt, so they may fetch every URL of the site.',
  ),
  'http-error': code(
    'error',
    'file',
    'none',
    'A server error for robots.txt (HTTP 5xx or 429)',
    'HTTP {status}: crawlers take this as "disallow everything": Google fetches no URL of the site while robots.txt answers with an error (for up to 30 days; then it uses its last copy, or crawls as if there were no robots.txt).',
  ),

  // ---- each line as the parser reads it (checks/lines.ts) ----
  'nul-byte': code(
    'error',
    'lines',
    'none',
    'A NUL byte',
    'A NUL byte ends this line early: crawlers ignore everything after it.',
  ),
  'too-long': code(
    'error',
    'lines',
    'none',
    'A line over 16,663 bytes',
    'This line is longer than 16,663 bytes: crawlers read only its start and ignore the rest.',
  ),
  'invalid-utf8': code(
    'warning',
    'lines',
    'none',
    'Bytes that are not UTF-8',
    'This line has bytes that are not UTF-8: crawlers match them as raw bytes, which may not be what the URLs contain.',
  ),
  unparseable: code(
    'error',
    'lines',
    'none',
    'Not a `key: value` line',
    'Crawlers cannot read this line (it is not `key: value`), so they ignore it.',
  ),
  'typo-key': code(
    'warning',
    'lines',
    'safe',
    'A misspelt key Google accepts',
    'Google reads `{key}` as `{canonical}`; RFC 9309 crawlers ignore this line.',
  ),
  'missing-colon': code(
    'warning',
    'lines',
    'safe',
    'No colon after the key',
    'This line has no colon after its key: Google accepts it, RFC 9309 crawlers ignore it.',
  ),
  'unknown-key': code(
    'warning',
    'lines',
    'unsafe',
    'A key no crawler knows',
    'No crawler recognises the key `{key}`, so they all ignore this line.{suggestion}',
  ),
  'unsupported-key': code('info', 'lines', 'none', 'A key Google ignores', 'Google ignores `{key}`; {who}.'),
  'noindex-directive': code(
    'warning',
    'lines',
    'none',
    'Noindex, Nofollow or Noarchive in robots.txt',
    'Google and the other major crawlers ignore `{key}` in robots.txt ({history}), so it keeps no URL out of search results: use a `{directive}` robots meta tag or X-Robots-Tag header instead.',
  ),
  'crawl-delay-invalid': code(
    'warning',
    'lines',
    'none',
    'A Crawl-delay that is not a number',
    'Crawlers that honour Crawl-delay expect a number of seconds; they ignore `{value}`.',
  ),
  'rule-outside-group': code(
    'error',
    'lines',
    'none',
    'A rule before any User-agent line',
    'This rule comes before any User-agent line, so every crawler ignores it.',
  ),

  // ---- User-agent lines (checks/agents.ts) ----
  'empty-user-agent': code(
    'warning',
    'agents',
    'none',
    'A User-agent line with no name',
    'This User-agent line names no crawler, so its group applies to none; write a product token or `*`.',
  ),
  'user-agent-not-token': code(
    'info',
    'agents',
    'safe',
    'A version or `*` after the crawler name',
    'Google reads only the product token of `{value}`: this group applies to crawlers named `{token}`.',
  ),
  'user-agent-words': code(
    'warning',
    'agents',
    'unsafe',
    'Several words naming a known crawler',
    'Google reads `{value}` as `{token}`: {effect}.',
  ),
  'wildcard-in-user-agent': code(
    'warning',
    'agents',
    'unsafe',
    'A pattern instead of a crawler name',
    "`{value}` names no crawler: a User-agent line takes a crawler's name, and `*` only on its own, so {effect}.",
  ),
  'user-agent-header': code(
    'warning',
    'agents',
    'unsafe',
    'A full User-Agent header',
    '`{value}` is a full User-Agent header, not a product token: Google reads it as `{token}`, {effect}.',
  ),
  'joined-lines': code('error', 'lines', 'unsafe', 'Two lines written as one', 'This line holds {what}: {effect}.'),
  'repeated-agent': code(
    'warning',
    'agents',
    'none',
    'A crawler named in several groups',
    '{who} is named again here (first on line {first}): Google and RFC 9309 crawlers combine the rules of every group naming it, but crawlers that follow only the first such group ignore this one.',
  ),
  'duplicate-group': code(
    'info',
    'agents',
    'none',
    'A group repeated word for word',
    'This group repeats the group on line {first}{how}: Google and RFC 9309 crawlers combine them, so it changes nothing (crawlers that follow only the first such group read that one, the same).',
  ),
  'agent-name-cut': code(
    'warning',
    'agents',
    'none',
    "A crawler's name Google reads shorter",
    'Google reads `{value}` as {read} (a product token is letters, `-` and `_` only): {effect}.',
  ),
  'misspelt-crawler': code(
    'warning',
    'agents',
    'none',
    "A crawler's name misspelt",
    'No crawler we know is named `{token}`; did you mean `{meant}`? Crawlers follow a group only when it names their own token, so {meant} does not follow this group.',
  ),
  'lookalike-character': code(
    'error',
    'agents',
    'unsafe',
    "A lookalike or invisible character in a crawler's name",
    '`{value}` has {what}: Google reads {read}, {effect}.',
  ),
  'modes-differ': code('info', 'agents', 'safe', 'Google and RFC 9309 read it differently', '{how}.'),

  // ---- groups and who follows them (checks/groups.ts) ----
  'ignores-star-group': code(
    'warning',
    'groups',
    'none',
    'A crawler escapes the `*` rules',
    '{who} {follow} only {their} own group, not the `*` group: {they} may fetch {paths} that `*` disallows ({lines}).',
  ),
  'empty-group': code(
    'warning',
    'groups',
    'none',
    'A group with no rules',
    '{who} {follow} only this group, which has no Allow or Disallow rule: {they} may fetch every URL, including {paths} that the `*` group disallows ({lines}).',
  ),
  'allow-all-group': code(
    'info',
    'groups',
    'none',
    'A group that allows everything',
    '{who} {follow} only this group, which allows every URL: {they} may fetch {paths} that the `*` group disallows ({lines}).',
  ),
  'disallow-all': code(
    'error',
    'groups',
    'none',
    'The whole site disallowed',
    '{who} may fetch no URL of this site: `{rule}` in the `*` group disallows every path{except}.',
  ),
  'crawl-delay-ignored': code(
    'warning',
    'groups',
    'none',
    'Crawl-delay in a group only Google or Yandex reads',
    'Only {who} {reads} this group, and {owner}: this line changes nothing.',
  ),
  'long-crawl-delay': code(
    'warning',
    'groups',
    'none',
    'A very long Crawl-delay',
    '{who} {wait} {seconds} seconds between requests: at most {perDay} URLs a day from this site.',
  ),
  'delay-group-merged': code(
    'error',
    'groups',
    'unsafe',
    'A Crawl-delay group joined to the next group',
    "{who} {has} no rule before the next User-agent line (line {next}). Google reads lines {from} to {to} as one group{google}, so {they} {follow} its rules ({rules}){effect}. Parsers that start a new group at line {next} (Python's robotparser) give {them} a group with no rule{record}.{readers}",
  ),
  'allow-cancels-disallow': code(
    'error',
    'groups',
    'none',
    "A later group's Allow cancels a Disallow",
    '{who} {is} named in more than one group and crawlers combine them: `{allow}` on line {line} wins over this rule, so {they} may fetch {paths}.',
  ),
  'rule-after-blank-line': code(
    'warning',
    'groups',
    'none',
    'Rules after a blank line join the group above',
    'This rule follows a blank line but no User-agent line: Google and RFC 9309 crawlers read it as part of the group of line {group} ({who}), not as a rule for every crawler{more}.',
  ),
  'duplicate-rule': code(
    'info',
    'groups',
    'safe',
    'The same rule twice in a group',
    'The same rule is on line {first} of this group; this line changes nothing.',
  ),
  'conflicting-rules': code(
    'info',
    'groups',
    'none',
    'Allow and Disallow of the same pattern',
    'Line {first} of this group has the same pattern with the opposite rule: allow wins, so crawlers may fetch these URLs.',
  ),

  // ---- Allow and Disallow patterns (checks/patterns.ts) ----
  'pattern-no-leading-slash': code(
    'warning',
    'patterns',
    'unsafe',
    'A pattern that does not start with `/`',
    'This pattern never matches, because every URL path starts with `/`: crawlers never apply it.',
  ),
  'url-as-pattern': code(
    'warning',
    'patterns',
    'unsafe',
    'A full URL as a pattern',
    'This rule is a full URL, and crawlers match rules against the path alone, so it never applies{where}.',
  ),
  'whitespace-in-pattern': code(
    'warning',
    'patterns',
    'unsafe',
    'A space in a pattern',
    'This pattern has {what}, which never appears in a URL a crawler requests (it sends `{encoded}`): {effect}.',
  ),
  'hash-in-pattern': code(
    'warning',
    'patterns',
    'none',
    '`#` glued to a pattern',
    'Crawlers read `#` as the start of a comment, so this rule is `{rule}`{effect}.',
  ),
  'pattern-never-matches': code(
    'warning',
    'patterns',
    'none',
    'A pattern no URL can match',
    'This pattern has {what}, which {why}: it never matches, so crawlers never apply this rule.',
  ),
  'double-encoded-pattern': code(
    'warning',
    'patterns',
    'none',
    'A percent sign encoded twice (`%25XX`)',
    "This pattern has `{twice}`, which is `{once}` percent-encoded a second time: crawlers apply the rule only to URLs that contain the literal text `{twice}`, so it does not apply to {meant}. If the site's URLs really contain `{twice}`, the rule is right as it is.",
  ),
  'regex-in-pattern': code(
    'warning',
    'patterns',
    'unsafe',
    'Regular-expression syntax in a pattern',
    'This pattern uses regular-expression syntax ({syntax}), which robots.txt does not have: crawlers match it as characters of the URL, so the rule applies only to URLs that spell it out, and the paths it was meant for stay {open}. Robots.txt has only `*` (any characters) and `$` (the end): {meant} probably what was meant.',
  ),
  'dollar-inside-pattern': code(
    'warning',
    'patterns',
    'none',
    '`$` followed by `*` or `$`',
    '`$` ends a pattern only as its last character: here crawlers match it as a literal `$` in the URL, so this rule applies only to URLs that contain `{literal}`.',
  ),

  // ---- Sitemap lines (checks/sitemaps.ts) ----
  'relative-sitemap': code(
    'warning',
    'sitemaps',
    'unsafe',
    'A sitemap that is not a full URL',
    "Crawlers need the sitemap's full URL (`https://...`); they ignore `{value}`.",
  ),
  'bare-url': code(
    'warning',
    'sitemaps',
    'unsafe',
    'A URL on a line of its own',
    'This line is a bare URL, not `key: value`: crawlers ignore it{hint}.',
  ),

  ...USAGE_CODES,
} as const satisfies Record<string, CodeInfo>;

export type DiagnosticCode = keyof typeof CODES;

/** Every code, in registry order. */
export const ALL_CODES = /* @__PURE__ */ Object.keys(CODES) as DiagnosticCode[];

export function isCode(name: string): name is DiagnosticCode {
  return Object.hasOwn(CODES, name);
}

/** The repository path of a code's page. */
export const docsPath = (c: DiagnosticCode) => `docs/lint/${c}.md`;

/** Fills a code's message template. */
export function message(c: DiagnosticCode, params: Record<string, string | number> = {}): string {
  return CODES[c].message.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`lint: message of ${c} needs {${name}}`);
    return typeof value === 'number' ? value.toLocaleString('en-US') : printable(value);
  });
}
