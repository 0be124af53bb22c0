// Each tab's report, ready to render, kept in session storage by the
// service worker as the tab's page loads: the popup then draws its answer
// from one storage read, without waking the worker (the browser stops it
// when idle, and a woken worker has to load the core and fetch the
// robots.txt again) and without the core in the popup. A report is used
// only for the URL it was made for and until its robots.txt copy expires;
// past that the popup asks the worker.

import { api } from './browser-api.js';
import type { RobotsReport } from './report.js';

const key = (tabId: number) => `report:${tabId}`;
/** The report last written for each tab, so the same one is not written again as the page goes on loading. */
const written = new Map<number, RobotsReport>();

/** Keeps `report` as the tab's. A full storage (many tabs on huge files) only costs the popup a message. */
export async function keepTabReport(tabId: number, report: RobotsReport): Promise<void> {
  if (written.get(tabId) === report) return;
  written.set(tabId, report);
  // As JSON text: Chromium's storage keeps an object's keys sorted, and the order of a Content-Signal's
  // values is the file's, which the popup shows as written.
  await api.storage.session.set({ [key(tabId)]: JSON.stringify(report) }).catch(() => written.delete(tabId));
}

export function forgetTabReport(tabId: number): void {
  written.delete(tabId);
  void api.storage.session.remove(key(tabId));
}

/** The report kept for the tab, if it is for `url` and its robots.txt copy has not expired. */
export async function tabReport(tabId: number, url: string | Promise<string>): Promise<RobotsReport | undefined> {
  const [stored, page] = await Promise.all([api.storage.session.get(key(tabId)), url]);
  const text = stored[key(tabId)];
  const report = typeof text === 'string' ? (JSON.parse(text) as RobotsReport) : undefined;
  return report?.url === page && report.expires > Date.now() ? report : undefined;
}

/**
 * The popup the toolbar button opens on the tab: its address names the tab,
 * so that the popup reads the tab's report while it asks the browser which
 * page the tab shows, not after.
 */
export const popupFor = (tabId: number): string => `popup.html?tab=${tabId}`;
