// Each line as the parser reads it: bytes crawlers cut or cannot read, keys
// (misspelt, without a colon, unknown, unsupported: Google ignores the usage
// statements Content-Signal, Content-Usage and License, which checks/usage/
// checks), HTML markup among the lines, two lines written as one, and rules
// before any group.

import { UNSUPPORTED_KEYS } from '../../report/unused-keys.js';
import type { Findings } from '../findings.js';
import type { RobotsLine } from '../model.js';
import { isBareUrl } from './sitemaps.js';
import { rewriteKey } from '../rewrite.js';
import { closest } from '../../common/closest.js';

export const CANONICAL: Record<string, string> = {
  'user-agent': 'User-agent',
  allow: 'Allow',
  disallow: 'Disallow',
  sitemap: 'Sitemap',
};

const isDirective = (kind: string) =>
  kind === 'user-agent' || kind === 'allow' || kind === 'disallow' || kind === 'sitemap';

/** Keys a misspelling may have meant, with their canonical spelling. */
const KNOWN_KEYS: [string, string][] = [
  ['useragent', 'User-agent'],
  ['allow', 'Allow'],
  ['disallow', 'Disallow'],
  ['sitemap', 'Sitemap'],
  ['crawldelay', 'Crawl-delay'],
  ['host', 'Host'],
  ['cleanparam', 'Clean-param'],
  ['noindex', 'Noindex'],
  ['contentsignal', 'Content-Signal'],
  ['contentusage', 'Content-Usage'],
  ['license', 'License'],
];

/** Keys the linter knows that Google's reporting parser (lines()) calls unknown: RSL's License. */
const KNOWN_TO_LINT: ReadonlySet<string> = /* @__PURE__ */ new Set(['license']);

/** The key a misspelt one probably meant (`User-Agnet` -> `User-agent`), if one is close enough. */
export function didYouMean(key: string): string | undefined {
  const plain = key.toLowerCase().replace(/[^a-z]/g, '');
  if (plain.length < 4) return undefined;
  const known = closest(
    plain,
    KNOWN_KEYS.map(([k]) => k),
  );
  return known === undefined ? undefined : KNOWN_KEYS.find(([k]) => k === known)![1];
}

/** A line of HTML markup (`<div ...>`, `</body>`, `<!DOCTYPE html>`). */
export const isMarkup = (l: RobotsLine) => /^\s*<[A-Za-z!/?]/.test(l.text);

const DIRECTIVE_INSIDE = /\s+(?=(?:user-agent|disallow|allow|sitemap|crawl-delay)\s*:)/i;

/** For a line holding more than one directive (`User-agent: * Disallow: /`): its parts, each a line. */
export function joinedParts(l: RobotsLine): string[] | undefined {
  if (l.kind !== 'user-agent' && l.kind !== 'allow' && l.kind !== 'disallow') return undefined;
  const value = l.value ?? '';
  if (!value.includes(':') || !DIRECTIVE_INSIDE.test(value)) return undefined;
  const parts = value.split(DIRECTIVE_INSIDE);
  const key = l.problems.includes('typo') || l.key!.toLowerCase() !== l.kind ? CANONICAL[l.kind]! : l.key!;
  const indent = /^\s*/.exec(l.text)![0];
  return [`${indent}${key}: ${parts[0]!.trim()}`, ...parts.slice(1).map((p) => indent + p.trim())];
}

export function checkLines(f: Findings): void {
  const m = f.model;
  const all = m.lines;
  const primary = m.primary;
  let markupFrom = 0; // the first line of a run of HTML markup
  let markupTo = 0;
  let inScript = false;
  const flushMarkup = () => {
    if (!markupFrom) return;
    const many = markupTo > markupFrom;
    f.add('html-in-file', markupFrom, {
      what: many ? `Lines ${markupFrom} to ${markupTo} are` : 'This line is',
      it: many ? 'them' : 'it',
    });
    markupFrom = 0;
  };

  for (let i = 0; i < all.length; i++) {
    const g = all[i]!;
    const { line, text } = g;
    if (g.problems.includes('nul-byte')) f.add('nul-byte', line, undefined, { column: text.indexOf('\0') + 1 });
    if (g.problems.includes('too-long')) f.add('too-long', line);
    if (g.problems.includes('invalid-utf8')) f.add('invalid-utf8', line);

    // HTML markup among the lines: one finding per run (a script's body included).
    if (isMarkup(g) || (inScript && g.kind !== 'empty')) {
      if (!markupFrom) markupFrom = line;
      markupTo = line;
      const opens = (text.match(/<(script|style)\b/gi) ?? []).length;
      const closes = (text.match(/<\/(script|style)\s*>/gi) ?? []).length;
      if (opens > closes) inScript = true;
      else if (closes > opens) inScript = false;
      continue;
    }
    if (g.kind !== 'empty' && g.kind !== 'comment') flushMarkup();

    if (g.kind === 'invalid') {
      f.add('unparseable', line);
      continue;
    }
    if (g.kind === 'empty' || g.kind === 'comment') continue;
    const key = g.key ?? '';
    const keyColumn = text.indexOf(key) + 1;
    const keyPlace = { column: keyColumn, endColumn: keyColumn + key.length };

    if (isDirective(g.kind)) {
      const canonical = CANONICAL[g.kind]!;
      // `sitemap https://...` without its colon: the key swallows the scheme (checks/sitemaps.ts).
      const swallowed = g.kind === 'sitemap' && /\s/.test(key);
      const misspelt = !swallowed && (g.problems.includes('typo') || key.toLowerCase() !== g.kind);
      if ((misspelt || g.problems.includes('missing-colon')) && m.rfc[i]?.line === line && m.rfc[i]!.kind !== g.kind) {
        if (misspelt) {
          const d = f.add('typo-key', line, { key, canonical }, keyPlace);
          f.safe(d, { key: canonical }, `Writes the key as \`${canonical}\`, which Google already reads it as`);
        }
        if (g.problems.includes('missing-colon')) {
          const d = f.add('missing-colon', line, undefined, { column: keyColumn + key.length });
          f.safe(d, { key: canonical }, 'Adds the colon Google already reads as there');
        }
      }
      const parts = joinedParts(g);
      if (parts) joined(f, g, parts);
      if (
        g.kind !== 'sitemap' &&
        primary[i]?.line === line &&
        primary[i]!.problems.includes('rule-outside-group') &&
        !f.noUserAgent
      ) {
        f.add('rule-outside-group', line);
      }
      continue;
    }

    if (g.kind === 'other') {
      // Only for a key some crawler reads (`Crawl-delay 10`): `Not Found` is an error page's words, not a key without its colon.
      const knownKey =
        UNSUPPORTED_KEYS.has(key.toLowerCase()) ||
        KNOWN_TO_LINT.has(key.toLowerCase()) ||
        /^no(index|follow|archive)$/i.test(key);
      if (
        g.problems.includes('missing-colon') &&
        knownKey &&
        !isBareUrl(g) &&
        m.rfc[i]?.line === line &&
        m.rfc[i]!.kind !== 'other'
      ) {
        const d = f.add('missing-colon', line, undefined, { column: keyColumn + key.length });
        f.safe(d, { key }, 'Adds the colon Google already reads as there');
      }
      if (isBareUrl(g)) continue; // checks/sitemaps.ts
      const name = key.toLowerCase();
      const value = g.value ?? '';
      if (name === 'noindex' || name === 'nofollow' || name === 'noarchive') {
        f.add(
          'noindex-directive',
          line,
          {
            key: `${key}:`,
            history:
              name === 'noindex' ? 'Google stopped reading it in September 2019' : 'it was never part of the standard',
            directive: name,
          },
          keyPlace,
        );
      } else if (UNSUPPORTED_KEYS.has(name) || KNOWN_TO_LINT.has(name)) {
        f.add('unsupported-key', line, { key, who: USED_BY[name]! }, keyPlace);
      } else {
        const meant = didYouMean(key);
        const d = f.add('unknown-key', line, { key, suggestion: meant ? ` Did you mean \`${meant}\`?` : '' }, keyPlace);
        if (meant)
          f.unsafe(
            d,
            [rewriteKey(g, meant)],
            `Writes the key as \`${meant}\``,
            meant.toLowerCase() in CANONICAL
              ? undefined
              : `Crawlers that read \`${meant}\` will then read this line; no crawler's verdict on any URL changes`,
          );
      }
      if (name === 'crawl-delay' && !/^(\d+(\.\d*)?|\.\d+)$/.test(value)) f.add('crawl-delay-invalid', line, { value });
    }
  }
  flushMarkup();
}

/** joined-lines: a User-agent and a rule, or two rules, on one line. */
function joined(f: Findings, l: RobotsLine, parts: string[]): void {
  const first = parts[0]!.trim();
  const rest = parts.slice(1).map((p) => `\`${p.trim()}\``);
  const restText = rest.join(', ');
  let what: string;
  let effect: string;
  if (l.kind === 'user-agent') {
    what = `a User-agent line and ${parts.length > 2 ? 'more lines' : 'a rule'}`;
    effect = `Google reads only \`User-agent: ${l.agent === '*' ? '*' : l.agent}\` and ignores ${restText}`;
  } else {
    what = `${parts.length} rules`;
    effect = `crawlers read one pattern, \`${l.value}\`, which never matches a URL (it contains a space), so none of them applies`;
  }
  const d = f.add('joined-lines', l.line, { what, effect });
  f.unsafe(
    d,
    parts,
    `Puts ${rest.length > 1 ? `${restText} on lines` : `${rest[0]} on a line`} of ${rest.length > 1 ? 'their' : 'its'} own under \`${first}\``,
  );
}

/** Who honours the keys Google does not use, for the unsupported-key message. */
const USED_BY: Record<string, string> = {
  'crawl-delay':
    'Bing and some other crawlers wait this many seconds between requests; Yandex has ignored it since 2018',
  host: 'only Yandex ever used it (to choose the main mirror), and it no longer does',
  'clean-param': 'Yandex uses it to ignore URL parameters',
  'request-rate': 'a few crawlers read it as a rate limit',
  'visit-time': 'a few crawlers read it as the hours they may visit',
  'revisit-after': 'no major crawler honours it (it comes from an HTML meta tag)',
  domain: 'no major crawler honours it',
  // Usage statements (checks/usage/ checks what they say): none of them changes which URLs any crawler may fetch.
  'content-signal':
    "it states whether the content may be used for search, AI input and AI training (Cloudflare's Content Signals Policy), for the AI crawlers and dataset builders that honour the policy; it changes no crawler's access to any URL",
  'content-usage':
    "it states AI usage preferences (the IETF AIPREF drafts), for the AI crawlers and dataset builders that read them; it changes no crawler's access to any URL",
  license:
    "it links the licensing terms of the site's content (RSL, Really Simple Licensing), for the crawlers and AI companies that honour RSL; it changes no crawler's access to any URL",
};
