// The bundled tester page (site/, built into the extension: it works
// offline) opened on the page's test: the robots.txt crawlers act on, the
// page's URL and the crawlers that matter, carried in the URL fragment as a
// share link carries them.

import rules from '../../data/fetch-outcomes.json' with { type: 'json' };
import { DEFAULT_CRAWLERS, defaultState } from '../../site/src/page-state.js';
import { fragmentOf } from '../../site/src/share-link.js';
import { api } from './browser-api.js';
import type { RobotsReport } from './report.js';

/** The tester's address with the test in its fragment. */
export async function testerUrl(report: RobotsReport, crawlers: readonly string[]): Promise<string> {
  // An unreachable file with no good copy: the disallow-all crawlers act on meanwhile.
  const robots = report.text ?? rules.standInBodies.unreachable;
  const state = {
    ...defaultState(),
    robots,
    urls: `${report.url}\n`,
    crawlers: [...new Set([...DEFAULT_CRAWLERS, ...crawlers])],
  };
  return `${api.runtime.getURL('tester/index.html')}#${await fragmentOf(state)}`;
}
