// The browser extension (extension/) run in Firefox: the same build as for
// Chromium (scripts/build-extension.mjs), installed into headless Firefox
// (Debian's firefox-esr) through Firefox's own WebDriver BiDi
// (webExtension.install, a temporary add-on as about:debugging loads it),
// against sites served from 127.0.0.1. Firefox runs the manifest's
// `background.scripts` (an event page), not its service worker, so this is
// the other half of "one source for both". Host access as in the Chromium
// test: the test's copy of the build names 127.0.0.1 in host_permissions.
// Checked: the badge of an allowed page, a disallowed page and a page whose
// robots.txt answers 503, read with browser.action from an extension page
// (Firefox's remote protocol has no toolbar); the popup
// (popup.html?url=URL) with its verdicts, deciding lines, marked line and
// the page's meta robots; the popup the toolbar opens for a tab
// (popup.html?tab=ID) drawing the report kept for it. Screenshots go to
// test/artifacts/extension/ (firefox-*.png). Skipped, saying why, when Firefox is not installed; with
// ROBOTSMATCH_REQUIRE_RUNTIMES=1 (CI) a missing Firefox fails.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Firefox, launchFirefox, skipFirefox, whyFirefoxSkipped } from './support/firefox.js';
import {
  type BadgeState,
  buildWithTestAccess,
  chosen,
  closeSites,
  DARK,
  disallowed,
  RED,
  ROBOTS,
  serve,
  settledBadge,
  text,
} from './support/extension-sites.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const artifacts = join(root, 'test/artifacts/extension');
const skip = skipFirefox;
const why = whyFirefoxSkipped;

const EXTENSION_ID = 'robotsmatch-extension@robotsmatch'; // the manifest's gecko id
/** The extension's moz-extension:// host, fixed through a profile preference (random per install otherwise). */
const UUID = '6f1c2a4e-3b5d-4e7f-8a9b-0c1d2e3f4a5b';
const base = `moz-extension://${UUID}`;

let firefox: Firefox;
let site = '';
let failing = '';
/** A tab on one of the extension's pages: browser.* is there to read badges. */
let probe = '';

beforeAll(async () => {
  if (skip) return;
  site = await serve(text(200, ROBOTS));
  failing = await serve(text(503, 'down'));
  mkdirSync(artifacts, { recursive: true });
  const dir = buildWithTestAccess();
  firefox = await launchFirefox({ 'extensions.webextensions.uuids': JSON.stringify({ [EXTENSION_ID]: UUID }) });
  const installed = await firefox.send('webExtension.install', { extensionData: { type: 'path', path: dir } });
  expect(installed.extension).toBe(EXTENSION_ID);
  probe = await firefox.newTab();
  await firefox.goto(probe, `${base}/popup.html?url=about%3Ablank`);
  expect(await firefox.evaluate(probe, `browser.permissions.contains({ origins: ['http://127.0.0.1/*'] })`)).toBe(true);
}, 60_000);

afterAll(async () => {
  await firefox?.close();
  await closeSites();
});

/** The badge of the tab showing `url`, as browser.action holds it (read from the probe tab). */
function badgeOf(url: string): Promise<BadgeState | null> {
  return firefox.evaluate<BadgeState | null>(
    probe,
    `browser.tabs.query({}).then(async (tabs) => {
      const tab = tabs.find((t) => t.url === ${JSON.stringify(url)});
      if (!tab) return null;
      return {
        text: await browser.action.getBadgeText({ tabId: tab.id }),
        color: await browser.action.getBadgeBackgroundColor({ tabId: tab.id }),
        title: await browser.action.getTitle({ tabId: tab.id }),
      };
    })`,
  );
}

/** Opens `url` in a new tab and waits for its badge to say something about it, and to hold still. */
async function visit(url: string): Promise<BadgeState> {
  await firefox.goto(await firefox.newTab(), url);
  return settledBadge(() => badgeOf(url));
}

/** Opens the popup for `url` in a new tab and waits for its answer; returns the tab. */
async function popup(url: string): Promise<string> {
  const tab = await firefox.newTab();
  await firefox.goto(tab, `${base}/popup.html?url=${encodeURIComponent(url)}`);
  await expect
    .poll(() => firefox.evaluate(tab, 'document.body.dataset.state ?? null'), { timeout: 20_000 })
    .not.toBe(null);
  return tab;
}

describe('the extension in Firefox', () => {
  test.skipIf(skip)(`the badge: nothing for an allowed page${why}`, async () => {
    const url = `${site}/`;
    expect(disallowed(ROBOTS, url)).toEqual([]);
    const badge = await visit(url);
    expect(badge.text).toBe('');
    expect(badge.title).toBe(`robotsmatch: all ${chosen.length} chosen crawlers may fetch this page.`);
  });

  test.skipIf(skip)(`the badge: a red count for a page search crawlers may not fetch${why}`, async () => {
    const url = `${site}/private/report.html`;
    const names = disallowed(ROBOTS, url);
    expect(names).toContain('bingbot');
    const badge = await visit(url);
    expect(badge).toMatchObject({ text: String(names.length), color: RED });
    expect(badge.title).toContain(`${names.length} of ${chosen.length} chosen crawlers may not fetch this page: `);
  });

  test.skipIf(skip)(`the badge: robots.txt answering 503 is "!", everything disallowed for now${why}`, async () => {
    const badge = await visit(`${failing}/anything.html`);
    expect(badge).toMatchObject({ text: '!', color: DARK });
    expect(badge.title).toContain('crawlers treat every page as disallowed until it answers');
  });

  test.skipIf(skip)(`the popup: verdicts with their deciding lines, the marked line, meta robots${why}`, async () => {
    const url = `${site}/private/report.html`;
    const page = await popup(url);
    expect(await firefox.evaluate(page, 'document.body.dataset.state')).toBe('answered');
    const names = disallowed(ROBOTS, url);
    expect(await firefox.evaluate(page, `document.getElementById('summary').textContent`)).toBe(
      `${names.length} of ${chosen.length} chosen crawlers may not fetch this page.`,
    );
    // The crawler rows are built just after the first screen is drawn.
    const rows = async () =>
      firefox.evaluate<string[][]>(
        page,
        `Array.from(document.querySelectorAll('#verdicts tr'), (tr) => Array.from(tr.cells, (td) => td.textContent))`,
      );
    await expect.poll(async () => (await rows()).length, { timeout: 10_000 }).toBe(chosen.length);
    const byName = Object.fromEntries((await rows()).map(([name, verdict, line]) => [name, `${verdict} ${line}`]));
    expect(byName.bingbot).toBe('may not line 2: Disallow: /private/');
    expect(byName.Googlebot).toBe('may fetch no rule matches'); // its own group says nothing of /private/
    expect(byName['Googlebot-Image']).toBe('may fetch no rule matches'); // it follows Googlebot's group
    expect(
      await firefox.evaluate(
        page,
        `Array.from(document.querySelectorAll('#robots-lines li.decides'), (li) => li.getAttribute('value'))`,
      ),
    ).toEqual(['2']);
    expect(await firefox.evaluate(page, `document.getElementById('marked-for').textContent`)).toBe(
      `Marked: line 2, which decides for ${names[0]}.`,
    );
    // The page is open in a tab (the badge test opened it): its noindex is read there, and said unread.
    await expect
      .poll(() => firefox.evaluate(page, `document.getElementById('page-signal-list').textContent`), {
        timeout: 10_000,
      })
      .toContain('may not fetch this page, so they never read this noindex');
    writeFileSync(join(artifacts, 'firefox-popup.png'), await firefox.screenshot(page));
  });

  test.skipIf(skip)(`the toolbar's popup for a tab names the tab, and draws the report kept for it${why}`, async () => {
    const url = `${site}/private/report.html`;
    const address = await firefox.evaluate<string>(
      probe,
      `browser.tabs.query({}).then((tabs) => browser.action.getPopup({ tabId: tabs.find((t) => t.url === ${JSON.stringify(url)}).id }))`,
    );
    expect(address).toMatch(new RegExp(`^${base}/popup\\.html\\?tab=\\d+$`));
    const page = await firefox.newTab();
    await firefox.goto(page, address);
    await expect
      .poll(() => firefox.evaluate(page, 'document.body.dataset.state ?? null'), { timeout: 20_000 })
      .toBe('answered');
    expect(await firefox.evaluate(page, 'document.body.dataset.reportFrom')).toBe('tab');
    expect(await firefox.evaluate(page, `document.getElementById('page-url').textContent`)).toBe(url);
    expect(await firefox.evaluate(page, `document.getElementById('summary').textContent`)).toBe(
      `${disallowed(ROBOTS, url).length} of ${chosen.length} chosen crawlers may not fetch this page.`,
    );
  });

  test.skipIf(skip)(`the popup: robots.txt answering 503, in a sentence${why}`, async () => {
    const page = await popup(`${failing}/anything.html`);
    expect(await firefox.evaluate(page, `document.getElementById('robots-status').textContent`)).toBe(
      `${failing}/robots.txt answered 503: crawlers take that as "every page is disallowed for now" and try again later.`,
    );
    writeFileSync(join(artifacts, 'firefox-popup-503.png'), await firefox.screenshot(page));
  });
});
