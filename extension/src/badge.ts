// The toolbar badge of a tab, at a glance: nothing when every chosen
// crawler may fetch the page; the number that may not, red when a search
// (or ads) crawler is among them, orange when only AI crawlers are, grey for
// the others; "!" when the robots.txt is unreachable, which RFC 9309 reads
// as "disallow everything for now". The tooltip says it in a sentence.

import { api } from './browser-api.js';
import { listNames } from './names.js';
import type { CrawlerGroup } from './crawler-groups.js';
import type { CrawlerVerdict } from './report.js';

export interface Badge {
  text: string;
  color: string;
  title: string;
}

export const BADGE_COLORS = { search: '#c5221f', ai: '#b45309', other: '#5f6368', unreachable: '#202124' };

const NAME = 'robotsmatch';

/** The badge for the verdicts of the chosen groups' crawlers. */
export function badgeFor(
  verdicts: readonly CrawlerVerdict[],
  groups: readonly CrawlerGroup[],
  unreachable: boolean,
): Badge {
  if (unreachable) {
    return {
      text: '!',
      color: BADGE_COLORS.unreachable,
      title: `${NAME}: this site's robots.txt cannot be read (an error or no answer), so crawlers treat every page as disallowed until it answers.`,
    };
  }
  const disallowed = new Set(verdicts.filter((v) => !v.allowed).map((v) => v.name));
  const chosen = groups.reduce((n, g) => n + g.entries.length, 0);
  if (!disallowed.size) {
    return {
      text: '',
      color: BADGE_COLORS.other,
      title: `${NAME}: all ${chosen} chosen crawlers may fetch this page.`,
    };
  }
  const weights = new Set(groups.filter((g) => g.entries.some((e) => disallowed.has(e.name))).map((g) => g.weight));
  const color = weights.has('search') ? BADGE_COLORS.search : weights.has('ai') ? BADGE_COLORS.ai : BADGE_COLORS.other;
  const count = disallowed.size;
  return {
    text: count > 999 ? '999+' : String(count),
    color,
    title: `${NAME}: ${count} of ${chosen} chosen crawlers may not fetch this page: ${listNames([...disallowed])}.`,
  };
}

/** No badge: a page the extension cannot or may not check, with a sentence saying why. */
export const quietBadge = (title: string): Badge => ({
  text: '',
  color: BADGE_COLORS.other,
  title: `${NAME}: ${title}`,
});

/** Sets a tab's badge; the tooltip last, so that a tooltip about a page always comes with its badge. */
export async function showBadge(tabId: number, badge: Badge): Promise<void> {
  await Promise.all([
    api.action.setBadgeText({ tabId, text: badge.text }),
    api.action.setBadgeBackgroundColor({ tabId, color: badge.color }),
    api.action.setBadgeTextColor?.({ tabId, color: '#ffffff' }),
  ]);
  await api.action.setTitle({ tabId, title: badge.title });
}
