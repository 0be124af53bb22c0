// The service worker: the badge of every tab as its page loads, the
// popup's reports (made as the page loads, kept per tab), and the response headers of pages (for their
// X-Robots-Tag). Listeners are added at the top level, as Manifest V3
// requires of a worker that the browser stops when idle and wakes for them.

import { api } from './browser-api.js';
import { badgeFor, quietBadge, showBadge, type Badge } from './badge.js';
import { groupsOf } from './crawler-groups.js';
import { choiceChanged, chosenGroups } from './group-choice.js';
import { mayRead, whyUnchecked } from './page-kind.js';
import { isReportRequest, type ReportAnswer } from './report.js';
import { forgetHeaders, recordHeaders } from './response-headers.js';
import { RobotsService } from './robots-service.js';
import { forgetTabReport, keepTabReport, popupFor } from './tab-reports.js';

const service = new RobotsService();
const READING = quietBadge("reading this site's robots.txt…");
/** The URL each tab's badge is being worked out for: an answer for a page the tab has left is dropped. */
const latest = new Map<number, string>();

async function badgeOf(url: string): Promise<Badge> {
  const why = whyUnchecked(url);
  if (why) return quietBadge(why);
  if (!(await mayRead(url))) return quietBadge("open it to allow reading this site's robots.txt.");
  const groups = groupsOf(await chosenGroups());
  const { verdicts, unreachable } = await service.verdicts(
    url,
    groups.flatMap((g) => g.entries),
  );
  return badgeFor(verdicts, groups, unreachable);
}

async function updateBadge(tabId: number, url: string | undefined): Promise<void> {
  // No URL: a page the extension has no access to (Chromium hides it then); the badge stays empty.
  if (!url) return;
  // A new page: the last page's badge goes at once, not when this one's robots.txt has come.
  const fresh = latest.get(tabId) !== url;
  latest.set(tabId, url);
  if (fresh) await showBadge(tabId, READING).catch(() => {});
  let badge: Badge;
  try {
    badge = await badgeOf(url);
  } catch (error) {
    badge = quietBadge(`this page could not be checked (${String((error as Error)?.message ?? error)}).`);
  }
  if (latest.get(tabId) !== url) return;
  await showBadge(tabId, badge).catch(() => {}); // the tab may have closed meanwhile
  await api.action.setPopup({ tabId, popup: popupFor(tabId) }).catch(() => {});
  await keepReport(tabId, url).catch(() => {}); // the popup asks for it then
}

/** The popup's report for the tab's page, made now (after the badge) so that the popup only has to draw it. */
async function keepReport(tabId: number, url: string): Promise<void> {
  if (whyUnchecked(url) || !(await mayRead(url))) return;
  const report = await service.report(url);
  if (latest.get(tabId) === url) await keepTabReport(tabId, report);
}

async function updateAllBadges(): Promise<void> {
  for (const tab of await api.tabs.query({})) if (tab.id !== undefined) void updateBadge(tab.id, tab.url);
}

api.tabs.onUpdated.addListener((tabId, change, tab) => {
  if (change.url !== undefined || change.status !== undefined) void updateBadge(tabId, tab.url);
});
api.tabs.onRemoved.addListener((tabId) => {
  latest.delete(tabId);
  forgetHeaders(tabId);
  forgetTabReport(tabId);
});
api.storage.onChanged.addListener((changes, area) => {
  if (choiceChanged(changes, area)) void updateAllBadges();
});
api.permissions.onAdded.addListener(() => void updateAllBadges());
api.permissions.onRemoved.addListener(() => void updateAllBadges());
api.webRequest.onHeadersReceived.addListener(
  recordHeaders,
  { urls: ['http://*/*', 'https://*/*'], types: ['main_frame'] },
  ['responseHeaders'],
);

api.runtime.onMessage.addListener((message, _sender, reply) => {
  if (!isReportRequest(message)) return undefined;
  answer(message.url).then(reply, (error) =>
    reply({ problem: `The check failed: ${String(error?.message ?? error)}` } satisfies ReportAnswer),
  );
  return true; // the reply comes later
});

async function answer(url: string): Promise<ReportAnswer> {
  const why = whyUnchecked(url);
  if (why) return { problem: why };
  if (!(await mayRead(url))) return { noAccess: true };
  return { report: await service.report(url) };
}
