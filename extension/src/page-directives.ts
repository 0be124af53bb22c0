// The page's own robots signals, as crawlers read them: X-Robots-Tag
// headers and robots meta tags. Each holds comma-separated rules
// (`noindex, nofollow`) for every crawler (`robots`, or a header with no
// name) or for the crawler it names (`<meta name="googlebot">`,
// `X-Robots-Tag: googlebot: noindex`). A name is a robots.txt product
// token, and a crawler reads the rules naming any of its tokens, so
// Googlebot-Image reads `googlebot` ones too.

export interface PageDirective {
  source: 'X-Robots-Tag' | 'meta';
  /** `robots` for every crawler, else the lower-cased token it names. */
  agent: string;
  /** The rules, lower-cased (`noindex`, `max-snippet:50`). */
  rules: string[];
}

export const EVERY_CRAWLER = 'robots';

/** Rules written `name: value`: their name is no crawler's. */
const VALUED = new Set(['max-snippet', 'max-image-preview', 'max-video-preview', 'unavailable_after']);

const tidy = (rule: string) =>
  rule
    .trim()
    .toLowerCase()
    .replace(/\s*:\s*/, ':');

/**
 * The rules of one X-Robots-Tag value. `name: rules` starts rules for a
 * crawler, which run until the next name; a date after unavailable_after
 * keeps its comma (`unavailable_after: Sunday, 25-Jun-2028 15:00:00 GMT`).
 */
export function headerDirectives(value: string): PageDirective[] {
  const out: PageDirective[] = [];
  let current: PageDirective | undefined;
  for (const part of value.split(',')) {
    let rule = part.trim();
    if (!/[a-z]/i.test(rule)) continue; // nothing a rule could name: punctuation, or empty
    const named = /^([A-Za-z_-]+)\s*:\s*(.*)$/.exec(rule);
    if (named && !VALUED.has(named[1]!.toLowerCase())) {
      current = { source: 'X-Robots-Tag', agent: named[1]!.toLowerCase(), rules: [] };
      out.push(current);
      rule = named[2]!.trim();
      if (!rule) continue;
    }
    if (!current) {
      current = { source: 'X-Robots-Tag', agent: EVERY_CRAWLER, rules: [] };
      out.push(current);
    }
    const last = current.rules.length - 1;
    if (last >= 0 && current.rules[last]!.startsWith('unavailable_after') && /^\d/.test(rule)) {
      current.rules[last] += `, ${rule.toLowerCase()}`;
    } else {
      current.rules.push(tidy(rule));
    }
  }
  return out.filter((d) => d.rules.length);
}

/** The rules of a meta tag, if its name is `robots` or one of `tokens` (lower-cased). */
export function metaDirective(name: string, content: string, tokens: ReadonlySet<string>): PageDirective | null {
  const agent = name.trim().toLowerCase();
  if (agent !== EVERY_CRAWLER && !tokens.has(agent)) return null;
  const rules = content.split(',').map(tidy).filter(Boolean);
  return rules.length ? { source: 'meta', agent, rules } : null;
}

/** Does the crawler with these product tokens read this directive? */
export const readBy = (directive: PageDirective, tokens: readonly string[]): boolean =>
  directive.agent === EVERY_CRAWLER || tokens.some((t) => t.toLowerCase() === directive.agent);

/**
 * The crawlers that read a page's meta tags and X-Robots-Tag: those that
 * fetch pages. A robots.txt-only token (Google-Extended) is a switch in
 * robots.txt over what other crawlers fetched; it neither reads nor ignores a page's rules.
 */
export const pageReaders = <C extends { fetchesPages: boolean }>(crawlers: readonly C[]): C[] =>
  crawlers.filter((c) => c.fetchesPages);

/** Rules that keep a page out of search results. */
export const keepsOutOfIndex = (rule: string): boolean => rule === 'noindex' || rule === 'none';

const MEANINGS: Record<string, string> = {
  noindex: 'not to show the page in search results',
  nofollow: 'not to follow its links',
  none: 'neither to show the page in search results nor to follow its links',
  noarchive: 'not to keep a cached copy',
  nocache: 'not to keep a cached copy',
  nosnippet: 'not to show a text snippet of it',
  noimageindex: 'not to index its images',
  notranslate: 'not to offer a translation of it',
  noai: 'not to use the page for AI (a convention some AI services say they follow, not a standard)',
  noimageai: 'not to use its images for AI (a convention some AI services say they follow, not a standard)',
};

/** What a rule asks of the crawlers reading it, as the end of "It asks ..."; null for rules that ask nothing (all, index, follow) or are unknown. */
export function meaningOf(rule: string): string | null {
  if (rule.startsWith('unavailable_after:')) return `to drop the page from search results after ${rule.slice(18)}`;
  if (rule.startsWith('max-snippet:')) return `to show at most ${rule.slice(12)} characters of it as a snippet`;
  return MEANINGS[rule] ?? null;
}
