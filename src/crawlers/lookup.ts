// Finding entries in the registry: by name or token, and by purpose.

import { crawlerRegistry, type CrawlerEntry, type CrawlerPurpose } from './registry.js';

/** The AI purposes, for selections such as `'ai'`. */
export const AI_PURPOSES: readonly CrawlerPurpose[] = ['ai-training', 'ai-search', 'ai-assistant'];

const byName = new Map<string, CrawlerEntry>();
const byToken = new Map<string, CrawlerEntry>();
for (const entry of crawlerRegistry) byName.set(entry.name.toLowerCase(), entry);
// A token names the entry whose first token it is (Googlebot is Googlebot,
// not Googlebot-Image, which falls back to it).
for (const entry of crawlerRegistry) {
  const first = entry.tokens[0]?.toLowerCase();
  if (first && !byToken.has(first)) byToken.set(first, entry);
}

/** The registry entry named `name` (its name or its first robots.txt token), case-insensitively; undefined if none. */
export function crawler(name: string): CrawlerEntry | undefined {
  if (typeof name !== 'string')
    throw new TypeError(`name must be a string, got ${name === null ? 'null' : typeof name}`);
  const key = name.trim().toLowerCase();
  return byName.get(key) ?? byToken.get(key);
}

/**
 * A selection of the registry: `'all'`, `'ai'` (every crawler with an AI
 * purpose among its purposes: AI training, search or assistants), a purpose
 * (`'search'`, `'ads'`, `'ai-training'`, ...: every crawler that has it), or
 * names. An unknown name is a RangeError naming it.
 */
export type CrawlerSelection = 'all' | 'ai' | CrawlerPurpose | readonly (string | CrawlerEntry)[];

export function selectCrawlers(selection: CrawlerSelection = 'all'): CrawlerEntry[] {
  if (Array.isArray(selection)) {
    return selection.map((one) => {
      if (typeof one !== 'string') return one as CrawlerEntry;
      const found = crawler(one);
      if (!found)
        throw new RangeError(`no known crawler is named ${JSON.stringify(one)} (robotsmatch crawlers lists them)`);
      return found;
    });
  }
  if (selection === 'all') return [...crawlerRegistry];
  // A crawler is chosen by any of its purposes (CCBot archives and feeds AI training).
  if (selection === 'ai') return crawlerRegistry.filter((c) => c.purposes.some((p) => AI_PURPOSES.includes(p)));
  const purpose = selection as CrawlerPurpose;
  const chosen = crawlerRegistry.filter((c) => c.purposes.includes(purpose));
  if (!chosen.length)
    throw new RangeError(
      `crawlers must be 'all', 'ai', a purpose or a list of names, got ${JSON.stringify(selection)}`,
    );
  return chosen;
}
