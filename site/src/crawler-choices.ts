// The crawlers a test asks about: registry entries, which pick their group
// as the crawler does (its tokens in fallback order, and `*` only if it
// obeys `*`), and product tokens typed by hand, which are matched as Google's
// parser matches a token (its groups, else `*`).

import { isPlainToken, productToken, type Agent } from 'robotsmatch';
import { crawler, crawlers, type CrawlerEntry, type CrawlerPurpose } from 'robotsmatch/crawlers';

export interface CrawlerChoice {
  /** The column heading: the crawler's name, or the token as typed. */
  label: string;
  agent: Agent;
  /** The registry entry, for a crawler picked from it. */
  entry?: CrawlerEntry;
}

/** The registry's purposes, grouped as the picker and the audit show them. */
export const PURPOSE_GROUPS: readonly { title: string; purposes: readonly CrawlerPurpose[] }[] = [
  { title: 'Search', purposes: ['search'] },
  { title: 'Ads', purposes: ['ads'] },
  { title: 'AI training', purposes: ['ai-training'] },
  { title: 'AI search and assistants', purposes: ['ai-search', 'ai-assistant'] },
  { title: 'Archives, SEO, social and others', purposes: ['archive', 'seo', 'social', 'other'] },
];

/** The registry entries of one purpose group (by their main purpose, so that each is in one group), in registry order. */
export function entriesOf(purposes: readonly CrawlerPurpose[]): CrawlerEntry[] {
  return crawlers.filter((c) => purposes.includes(c.purpose));
}

/** A token typed in the token box; `header` when it was read from a full User-Agent header. */
export interface TypedToken {
  token: string;
  header?: string;
}

/** A `name/version` product or a parenthesised comment: the line is a User-Agent header, not a list of tokens. */
const HEADER_LIKE = /[A-Za-z_][\w.-]*\/\S|\(/;

/**
 * The tokens typed in the token box: on each line, tokens separated by
 * spaces or commas; a line that is a full User-Agent header (it has a
 * `name/version` product or a comment in parentheses) is one crawler, read
 * as its product token by the library's productToken(), as a crawler's
 * User-agent line would name it.
 */
export function typedTokens(text: string): TypedToken[] {
  const tokens: TypedToken[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    const header = line.trim();
    if (HEADER_LIKE.test(header)) tokens.push({ token: productToken(header), header });
    else for (const token of header.split(/[\s,]+/)) if (token !== '') tokens.push({ token });
  }
  return tokens;
}

export interface Choices {
  choices: CrawlerChoice[];
  /** Sentences about what was typed (tokens that name no group as written). */
  notes: string[];
}

/** The columns for the chosen registry names and the typed tokens, in that order. */
export function choicesFor(names: readonly string[], tokenText: string): Choices {
  const choices: CrawlerChoice[] = [];
  const notes: string[] = [];
  for (const name of names) {
    const entry = crawler(name);
    if (entry && !choices.some((c) => c.entry === entry)) choices.push({ label: entry.name, agent: entry, entry });
  }
  const seen = new Set<string>();
  for (const { token, header } of typedTokens(tokenText)) {
    if (header !== undefined) {
      const shown = header.length > 80 ? `${header.slice(0, 77)}…` : header;
      if (token === '') {
        notes.push(`"${shown}" names no product token a User-agent line could match, so it adds no column.`);
        continue;
      }
      notes.push(
        `"${shown}" is a User-Agent header: read as its product token ${token}, the name robots.txt groups use for it.`,
      );
    }
    if (seen.has(token.toLowerCase())) continue;
    seen.add(token.toLowerCase());
    // A token and a registry crawler of the same name can answer differently
    // (Googlebot-Image alone does not fall back to Googlebot's group).
    const clash = choices.some((c) => c.label.toLowerCase() === token.toLowerCase());
    choices.push({ label: clash ? `${token} (token)` : token, agent: token });
    if (!isPlainToken(token)) {
      notes.push(
        `${token} is not a product token (letters, - and _ only): a User-agent line naming it would name ${/^[A-Za-z_-]*/.exec(token)![0] || 'nothing'}, so no group names ${token} as written.`,
      );
    }
  }
  return { choices, notes };
}
