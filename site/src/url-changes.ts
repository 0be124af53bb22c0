// Which of the test's URLs change verdict between two versions of a file,
// for each of the test's crawlers. Like the library's UrlDiff (matchLines on
// both files, check() only for the URLs that changed), but with the page's
// own crawlers: UrlDiff takes product tokens, while the matrix asks about
// registry crawlers, which fall back from token to token (Googlebot-Image to
// Googlebot), and the diff must agree with the matrix.

import { parse, type Mode, type Verdict } from 'robotsmatch';
import type { CrawlerChoice } from './crawler-choices.js';
import type { UrlList } from './url-list.js';

export interface UrlVerdictChange {
  url: string;
  crawler: string;
  before: Verdict;
  after: Verdict;
}

/** Every (URL, crawler) whose verdict differs from `beforeText` to `afterText`, by URL then crawler. */
export function urlChanges(
  beforeText: string,
  afterText: string,
  list: UrlList,
  choices: readonly CrawlerChoice[],
  mode: Mode,
): UrlVerdictChange[] {
  const before = parse(beforeText, { mode });
  const after = parse(afterText, { mode });
  try {
    const changes: { row: number; column: number; change: UrlVerdictChange }[] = [];
    choices.forEach((choice, column) => {
      const old = before.forAgent(choice.agent);
      const now = after.forAgent(choice.agent);
      const a = old.matchLines(list.joined);
      const b = now.matchLines(list.joined);
      for (let row = 0; row < a.length; row++) {
        if (a[row] === b[row]) continue;
        const url = list.urls[row]!;
        changes.push({
          row,
          column,
          change: { url, crawler: choice.label, before: old.check(url), after: now.check(url) },
        });
      }
    });
    return changes.sort((x, y) => x.row - y.row || x.column - y.column).map((c) => c.change);
  } finally {
    before.dispose();
    after.dispose();
  }
}
