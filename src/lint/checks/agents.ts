// User-agent lines: what name Google reads from each (the product token,
// or `*`), and when that is not the crawler the line was written for: a
// version or `*` after the name, words, a pattern, a browser's full header;
// and crawlers named in more than one group.

import { productToken } from '../../rules/agent.js';
import { ALL_TOKENS, CUT_NAMES, isBrowserToken } from '../crawlers.js';
import { meantCrawler } from '../misspelt-name.js';
import type { Findings } from '../findings.js';
import type { RobotsLine } from '../model.js';
import { joinedParts } from './lines.js';
import { rewriteValue } from '../rewrite.js';
import { uncut } from '../columns.js';

/** A crawler's name with digits or dots (`MJ12bot`, `Mail.RU_Bot`, `008`): its crawler matches it, whatever Google reads. */
const NAME_LIKE = /^[A-Za-z0-9._-]+$/;
const PLAIN = /^[A-Za-z_-]+$/;
const HEADER = /^[A-Za-z]+\/\d\S*\s+\(/;
const CRAWLER_WORD = /bot|crawl|spider|slurp|fetch|archiver/i;
const GENERIC = /^(bot|bots|spider|crawler|crawl|robot|robots|agent)$/i;

const short = (value: string) => (value.length > 60 ? `${value.slice(0, 57)}...` : value);

export function checkAgents(f: Findings): void {
  const m = f.model;
  // How many User-agent lines of each group name someone: a line that names
  // no crawler leaves its group to no one only when it is the group's only line.
  const naming = new Map<number, number>();
  for (const l of m.lines)
    if (l.kind === 'user-agent' && l.agent) naming.set(l.group!, (naming.get(l.group!) ?? 0) + 1);
  for (const l of m.lines) {
    if (l.kind !== 'user-agent') continue;
    if (joinedParts(l)) continue; // joined-lines (checks/lines.ts) says it all
    agentLine(f, l, (naming.get(l.group!) ?? 0) - (l.agent ? 1 : 0) > 0); // other lines of its group name someone
  }
  repeated(f);
}

/** Dashes that look like `-` and are not (U+2010 to U+2015, minus sign, small and full-width hyphen-minus). */
const LOOKALIKE = /[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/;
const LOOKALIKE_ALL = /[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g;
/** Characters that cannot be seen (soft hyphen, zero-width space, non-joiner, joiner, word joiner): `Claude\u200dBot` reads as `Claude`. */
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060]/;
const INVISIBLE_ALL = /[\u00ad\u200b-\u200d\u2060]/g;
const INVISIBLES: Record<string, string> = {
  '\u00ad': 'soft hyphen',
  '\u200b': 'zero-width space',
  '\u200c': 'zero-width non-joiner',
  '\u200d': 'zero-width joiner',
  '\u2060': 'word joiner',
};
const HYPHENS: Record<string, string> = {
  '\u2010': 'hyphen',
  '\u2011': 'non-breaking hyphen',
  '\u2012': 'figure dash',
  '\u2013': 'en dash',
  '\u2014': 'em dash',
  '\u2212': 'minus sign',
  '\uff0d': 'full-width hyphen-minus',
};

/** Known crawlers whose names are no product token (digits or dots in them): Google reads them shorter. */
function cutName(value: string): boolean {
  return CUT_NAMES.has(value.toLowerCase());
}

/** misspelt-crawler: a plain name that no crawler has, close to a registry crawler's (`GTPBot`, `Claude-Bot`, `Baidu`). */
function misspelt(f: Findings, l: RobotsLine, value: string): void {
  const meant = meantCrawler(value);
  if (!meant) return;
  if (l.group !== undefined && f.model.groups[l.group]?.tokens.includes(meant.toLowerCase())) return; // the group names it too: it follows the group
  f.add('misspelt-crawler', l.line, { token: value, meant });
}

/** What a line that names no crawler does: nothing to its group when others name crawlers, else leaves it to no one. */
function namesNone(shared: boolean, named?: string): string {
  return shared
    ? `this line adds no crawler to its group${named ? `, not even ${named}` : ''} (its other User-agent lines still apply)`
    : `no crawler follows this group${named ? ` (not even ${named})` : ''}`;
}

function agentLine(f: Findings, l: RobotsLine, shared: boolean): void {
  const value = l.value ?? '';
  const token = l.agent ?? '';
  const text = l.text;
  const valueColumn = text.indexOf(uncut(value), text.indexOf(l.key!) + l.key!.length) + 1;
  const place = { column: valueColumn, endColumn: valueColumn + value.length };
  if (value === '') {
    f.add('empty-user-agent', l.line);
    return;
  }
  const lookalike = LOOKALIKE.exec(value) ?? INVISIBLE.exec(value);
  if (lookalike) {
    // `Perplexity‑User` with U+2011, `Claude\u200dBot` with a zero-width joiner: Google reads the name up to it.
    const meant = value.replace(LOOKALIKE_ALL, '-').replace(INVISIBLE_ALL, '');
    const code = `U+${lookalike[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    const dash = LOOKALIKE.test(lookalike[0]);
    const what = dash
      ? `${code} (${HYPHENS[lookalike[0]] ?? 'a dash'}) where \`-\` was meant`
      : `${code} (${INVISIBLES[lookalike[0]]}), which cannot be seen`;
    // Trailing (`GPTBot` + U+200B): Google reads the name meant, and only parsers that compare the whole name miss it.
    const effect =
      token.toLowerCase() === meant.toLowerCase()
        ? 'as meant, but crawlers that compare the whole name may not match this group'
        : `so ${meant} does not follow this group`;
    const d = f.add(
      'lookalike-character',
      l.line,
      { value: short(value), what, read: token ? `\`${token}\`` : 'no name at all', effect },
      place,
    );
    f.unsafe(
      d,
      [rewriteValue(l, meant)],
      dash ? `Writes \`${meant}\` with a plain \`-\`` : `Writes \`${meant}\` without the invisible character`,
    );
    return;
  }
  if (value === '*') return;
  if (PLAIN.test(value)) {
    misspelt(f, l, value);
    return;
  }
  if (token === '*') {
    // `* text`: Google reads `*`; RFC 9309 crawlers read no name.
    const d = f.add(
      'modes-differ',
      l.line,
      { how: `Google reads \`${value}\` as \`*\` (every crawler); RFC 9309 crawlers read it as naming no crawler` },
      place,
    );
    f.safe(d, { value: '*' }, 'Writes `*` alone, as Google already reads it');
    return;
  }
  if (isBrowserToken(token) && HEADER.test(value)) {
    // A browser's whole header: Google reads its first product, `Mozilla`.
    const bot = productToken(value);
    const found = bot !== '' && CRAWLER_WORD.test(bot) && !isBrowserToken(bot) ? bot : undefined;
    const d = f.add(
      'user-agent-header',
      l.line,
      {
        value: short(value),
        token,
        effect: found
          ? `which names no crawler (the crawler in it is \`${found}\`), so ${namesNone(shared)}`
          : `which names no crawler, so ${namesNone(shared)}`,
      },
      place,
    );
    if (found) f.unsafe(d, [rewriteValue(l, found)], `Names the crawler's product token, \`${found}\``);
    return;
  }
  if (token === '') {
    if (value.includes('*')) {
      // `*OrkashBot*`: a pattern; Google reads no name at all.
      const inner = value.replace(/\*/g, '').trim();
      const named = NAME_LIKE.test(inner) && !GENERIC.test(inner) ? inner : undefined;
      const d = f.add('wildcard-in-user-agent', l.line, { value, effect: namesNone(shared, named) }, place);
      if (named) f.unsafe(d, [rewriteValue(l, named)], `Names \`${named}\` without the \`*\``);
    }
    if (cutName(value)) {
      // 360Spider: Google's rules read no name from it, but its operator's own parser reads the whole name
      // (360 Search's robots.txt help page names 360Spider as the name to write), so the line is no mistake for it.
      const own = /^360spider$/i.test(value) ? ' (360 Search says its crawler reads `User-agent: 360Spider`)' : '';
      f.add(
        'agent-name-cut',
        l.line,
        {
          value,
          read: 'no name at all',
          effect: `for parsers that read names as Google's does, ${namesNone(shared)}; ${value}'s own parser may still read the whole name${own}`,
        },
        place,
      );
    }
    return; // `008`: the crawler with that name matches it
  }
  const rest = value.slice(token.length);
  if (/^(\/v?\d[\w.-]*(\s*\(.*\))?|\*+|\s*\(.*\))$/.test(rest)) {
    // `Googlebot/2.1`, `Googlebot/2.1 (+http://www.google.com/bot.html)`, `Mediapartners-Google*`: Google reads the name before it.
    const d = f.add(
      'user-agent-not-token',
      l.line,
      { value: short(value), token },
      { column: valueColumn + token.length, endColumn: valueColumn + value.length },
    );
    f.safe(d, { value: token }, `Writes the product token, \`${token}\`, alone, as Google already reads it`);
    return;
  }
  if (/^[A-Za-z0-9._/-]/.test(rest)) {
    // A known crawler whose name is no product token (`AI2Bot`, `img2dataset`): say what Google reads.
    if (cutName(value)) {
      f.add(
        'agent-name-cut',
        l.line,
        {
          value,
          read: `\`${token}\``,
          effect: `parsers that read names as Google's does match this group as \`${token}\`, and crawlers that compare the whole name may not match it at all`,
        },
        place,
      );
    }
    return; // Mail.ru, larbin_2.6.2, toCrawl/UrlDispatcher: their crawlers match them
  }
  if (/^\s/.test(rest)) words(f, l, value, token, place);
}

let familyNames: Set<string> | undefined;

/** Known names that begin other known names before a `-` (`googlebot` of `googlebot-news`), lower-cased; made on first use. */
function families(): Set<string> {
  if (!familyNames) {
    familyNames = new Set();
    for (const t of ALL_TOKENS.keys()) {
      const dash = t.indexOf('-');
      if (dash > 0 && ALL_TOKENS.has(t.slice(0, dash))) familyNames.add(t.slice(0, dash));
    }
  }
  return familyNames;
}

/** `Googlebot Image`, `Google Bot`: words where a known crawler's name was meant. */
function words(
  f: Findings,
  l: RobotsLine,
  value: string,
  token: string,
  place: { column: number; endColumn: number },
): void {
  const parts = value.split(/\s+/).filter((w) => w !== '');
  const hyphened = ALL_TOKENS.get(parts.slice(0, 2).join('-').toLowerCase());
  const joined = ALL_TOKENS.get(parts.slice(0, 2).join('').toLowerCase());
  const meant = hyphened ?? (joined && joined.toLowerCase() !== token.toLowerCase() ? joined : undefined);
  // A family's name (`Googlebot`, which Googlebot-News and others share) before words: the words may mean one of the family.
  const lower = token.toLowerCase();
  const knownToken = families().has(lower);
  if (!meant && !knownToken) return; // `Sogou web spider`: Sogou's crawler follows `Sogou`, as its words say
  const effect = knownToken
    ? `this group applies to every crawler named \`${token}\`, not only the one the other words describe${meant ? ` (did you mean \`${meant}\`?)` : ''}`
    : `\`${token}\` is not \`${meant}\`, so ${meant} does not follow this group`;
  const d = f.add('user-agent-words', l.line, { value, token, effect }, place);
  if (meant) f.unsafe(d, [rewriteValue(l, meant)], `Names \`${meant}\``);
}

/**
 * How two groups that crawlers read the same are the same: word for word, or
 * only once their User-agent values are cut to product tokens (`BadBot12`
 * and `BadBot34` both name `BadBot`).
 */
function readAlike(m: Findings['model'], a: number, b: number): string {
  const names = (g: number) => m.groups[g]!.agents.map((l) => (l.value ?? '').toLowerCase()).sort();
  const [first, second] = [names(a), names(b)];
  if (first.join('\n') === second.join('\n')) return ' word for word';
  const differ = m.groups[b]!.agents.find((l) => !first.includes((l.value ?? '').toLowerCase()));
  return differ
    ? ` as crawlers read it (\`${differ.value}\` names \`${differ.agent}\`, as the earlier group does)`
    : ' as crawlers read it';
}

/** repeated-agent: a token (or `*`) named by more than one group. */
function repeated(f: Findings): void {
  const m = f.model;
  const first = new Map<string, { group: number; line: number }>();
  // A group the same as an earlier one (its names, rules and other lines): one note, not a warning per name.
  const text = (g: number) => {
    const group = m.groups[g]!;
    return [
      [...group.tokens].sort().join(' '),
      ...group.rules.map((r) => `${r.kind} ${r.value}`),
      ...group.others.map((o) => `${o.key?.toLowerCase()} ${o.value}`),
    ].join('\n');
  };
  const noted = new Set<number>();
  for (const l of m.lines) {
    if (l.kind !== 'user-agent' || l.group === undefined || l.group < 0) continue;
    const token = (l.agent ?? '').toLowerCase();
    if (token === '') continue;
    const seen = first.get(token);
    if (!seen) {
      first.set(token, { group: l.group, line: l.line });
      continue;
    }
    if (seen.group === l.group || noted.has(l.group)) continue;
    if (text(seen.group) === text(l.group)) {
      noted.add(l.group);
      f.add('duplicate-group', l.line, {
        first: m.groups[seen.group]!.agents[0]!.line,
        how: readAlike(m, seen.group, l.group),
      });
    } else f.add('repeated-agent', l.line, { who: token === '*' ? '`*`' : `\`${l.agent}\``, first: seen.line });
    seen.group = l.group; // once per later group
  }
}
