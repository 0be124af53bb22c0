// The browser extension (extension/), built by scripts/build-extension.mjs
// and loaded into headless Chromium (Debian's package, driven by
// playwright-core, a persistent context with --load-extension), against
// sites served from 127.0.0.1 (one port per site: each is its own origin
// with its own robots.txt). Host access is granted as a user grants it by
// accepting the popup's prompt, which a test cannot click: the test's copy
// of the build names 127.0.0.1 in host_permissions. Checked: the badge of
// an allowed page, a disallowed page, a page disallowed only for AI
// crawlers, robots.txt answering 404, 503 and a redirect (against the
// library's own verdicts computed here); the popup's verdicts, marked line,
// X-Robots-Tag and meta robots; the tester page opening with the test.
// The popup's time to its answer for a cached origin is recorded in
// test/artifacts/extension/timing.json and printed, not asserted.
// Screenshots go to test/artifacts/extension/. Firefox runs the same build
// in test/extension-firefox.test.ts. Skipped, saying why, when Chromium is not
// installed; with ROBOTSMATCH_REQUIRE_RUNTIMES=1 (CI) a missing Chromium fails.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, skipChromium, whyChromiumSkipped } from './support/chromium.js';
import {
  type BadgeState,
  buildWithTestAccess,
  chosen,
  closeSites,
  DARK,
  disallowed,
  ORANGE,
  RED,
  REDIRECTED,
  ROBOTS,
  serve,
  settledBadge,
  text,
} from './support/extension-sites.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const artifacts = join(root, 'test/artifacts/extension');
const skip = skipChromium;
const why = whyChromiumSkipped;
const ARGS = CHROMIUM_ARGS;

let site = '';
let missing = '';
let failing = '';
let moved = '';
let context: BrowserContext;
let worker: Worker;
let id = '';

beforeAll(async () => {
  if (skip) return;
  site = await serve(text(200, ROBOTS));
  missing = await serve(text(404, 'not here'));
  failing = await serve(text(503, 'down'));
  moved = await serve(text(301, '', { location: '/real-robots.txt' }));
  mkdirSync(artifacts, { recursive: true });
  const dir = buildWithTestAccess();
  // The floor for the popup's timing: an extension page with nothing but a module script that marks its start.
  writeFileSync(join(dir, 'baseline.html'), BASELINE_PAGE);
  writeFileSync(join(dir, 'baseline.js'), "performance.mark('popup:script');\n");
  context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'robotsmatch-profile-')), {
    executablePath: CHROMIUM,
    headless: true,
    args: [...ARGS, `--disable-extensions-except=${dir}`, `--load-extension=${dir}`],
  });
  worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 20_000 }));
  id = new URL(worker.url()).host;
  // The worker may start before the install has granted the host access: tabs loaded meanwhile have no URL for it.
  const granted = () =>
    worker.evaluate(() =>
      (globalThis as unknown as { chrome: ChromeInWorker }).chrome.permissions.contains({
        origins: ['http://127.0.0.1/*'],
      }),
    );
  for (let waited = 0; !(await granted()) && waited < 20_000; waited += 100)
    await new Promise((r) => setTimeout(r, 100));
}, 120_000);

afterAll(async () => {
  await context?.close();
  await closeSites();
});

/** What the test asks of the extension's worker (chrome.*), typed for this file. */
interface ChromeInWorker {
  permissions: { contains(query: { origins: string[] }): Promise<boolean> };
  tabs: { query(query: object): Promise<{ id: number; url?: string }[]> };
  action: {
    getBadgeText(query: { tabId: number }): Promise<string>;
    getBadgeBackgroundColor(query: { tabId: number }): Promise<number[]>;
    getTitle(query: { tabId: number }): Promise<string>;
    getPopup(query: { tabId: number }): Promise<string>;
  };
}

/** The badge of the tab showing `url`, as chrome.action holds it. */
async function badgeOf(url: string): Promise<BadgeState | null> {
  return worker.evaluate(async (url) => {
    const api = (globalThis as unknown as { chrome: ChromeInWorker }).chrome;
    const tabs = await api.tabs.query({});
    const tab = tabs.find((t) => t.url === url);
    if (!tab) return null;
    return {
      text: await api.action.getBadgeText({ tabId: tab.id }),
      color: await api.action.getBadgeBackgroundColor({ tabId: tab.id }),
      title: await api.action.getTitle({ tabId: tab.id }),
    };
  }, url);
}

const pages: Page[] = [];

/** Opens `url` in a tab and waits for its badge to say something about it. */
async function visit(url: string): Promise<BadgeState> {
  const page = await context.newPage();
  pages.push(page);
  await page.goto(url);
  return settledBadge(() => badgeOf(url));
}

/** A page shaped as popup.html (its stylesheet, a module script), with nothing to do. */
const BASELINE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>baseline</title><link rel="stylesheet" href="popup.css"><script type="module" src="baseline.js"></script></head><body><p>baseline</p></body></html>\n';

/** Opens the popup for `url`, as a tab, and waits for its answer. */
async function popup(url: string, page?: Page): Promise<Page> {
  const tab = page ?? (await context.newPage());
  await tab.goto(`chrome-extension://${id}/popup.html?url=${encodeURIComponent(url)}`);
  await tab.waitForFunction(() => document.body.dataset.state !== undefined, undefined, { timeout: 20_000 });
  return tab;
}

describe('the extension in Chromium', () => {
  const badges: { label: string; url: string; badge: BadgeState }[] = [];

  test.skipIf(skip)(`the badge: nothing for an allowed page${why}`, async () => {
    const url = `${site}/`;
    expect(disallowed(ROBOTS, url)).toEqual([]);
    const badge = await visit(url);
    expect(badge.text).toBe('');
    expect(badge.title).toBe(`robotsmatch: all ${chosen.length} chosen crawlers may fetch this page.`);
    badges.push({ label: 'allowed', url, badge });
  });

  test.skipIf(skip)(`the badge: a red count for a page search crawlers may not fetch${why}`, async () => {
    const url = `${site}/private/report.html`;
    const names = disallowed(ROBOTS, url);
    expect(names).toContain('bingbot');
    const badge = await visit(url);
    expect(badge.text).toBe(String(names.length));
    expect(badge.color).toEqual(RED);
    expect(badge.title).toContain(`${names.length} of ${chosen.length} chosen crawlers may not fetch this page: `);
    badges.push({ label: 'disallowed', url, badge });
  });

  test.skipIf(skip)(`the badge: an orange count for a page only AI crawlers may not fetch${why}`, async () => {
    const url = `${site}/articles/one.html`;
    const names = disallowed(ROBOTS, url);
    expect(names.sort()).toEqual(['ClaudeBot', 'GPTBot']);
    const badge = await visit(url);
    expect(badge).toMatchObject({ text: '2', color: ORANGE });
    expect(badge.title).toMatch(/may not fetch this page: (GPTBot, ClaudeBot|ClaudeBot, GPTBot)\.$/);
    badges.push({ label: 'AI only', url, badge });
  });

  test.skipIf(skip)(`the badge: robots.txt answering 404 allows everything${why}`, async () => {
    const badge = await visit(`${missing}/anything.html`);
    expect(badge.text).toBe('');
    badges.push({ label: 'robots.txt 404', url: `${missing}/anything.html`, badge });
  });

  test.skipIf(skip)(`the badge: robots.txt answering 503 is "!", everything disallowed for now${why}`, async () => {
    const badge = await visit(`${failing}/anything.html`);
    expect(badge).toMatchObject({ text: '!', color: DARK });
    expect(badge.title).toContain('crawlers treat every page as disallowed until it answers');
    badges.push({ label: 'robots.txt 503', url: `${failing}/anything.html`, badge });
  });

  test.skipIf(skip)(`the badge: a redirected robots.txt is followed${why}`, async () => {
    const url = `${moved}/moved-away/page.html`;
    const names = disallowed(REDIRECTED, url);
    expect(names.length).toBeGreaterThan(0);
    expect((await visit(url)).text).toBe(String(names.length));
    const allowed = await visit(`${moved}/stays.html`);
    expect(allowed.text).toBe('');
    badges.push({ label: 'redirected robots.txt', url, badge: await badgeOf(url).then((b) => b!) });
  });

  test.skipIf(skip)(`the popup: verdicts with their lines, the marked line, usage signals${why}`, async () => {
    const url = `${site}/private/report.html`;
    const page = await popup(url);
    expect(await page.evaluate(() => document.body.dataset.state)).toBe('answered');
    expect(await page.textContent('#robots-status')).toMatch(
      new RegExp(`^${site}/robots.txt answered 200: 10 lines, read at `),
    );
    const names = disallowed(ROBOTS, url);
    expect(await page.textContent('#summary')).toBe(
      `${names.length} of ${chosen.length} chosen crawlers may not fetch this page.`,
    );
    const rows = await page.$$eval('#verdicts tr', (trs) =>
      trs.map((tr) => Array.from((tr as HTMLTableRowElement).cells, (td) => td.textContent)),
    );
    const byName = Object.fromEntries(rows.map(([name, verdict, line]) => [name, `${verdict} ${line}`]));
    expect(byName.bingbot).toBe('may not line 2: Disallow: /private/');
    expect(byName.Googlebot).toBe('may fetch no rule matches'); // its own group says nothing of /private/
    expect(byName['Googlebot-Image']).toBe('may fetch no rule matches'); // it follows Googlebot's group
    expect(byName.GPTBot).toBe('may fetch no rule matches');
    expect(rows.length).toBe(chosen.length);
    // The first chosen crawler that may not fetch the page is pressed, its line marked.
    expect(await page.getAttribute(`button[data-crawler="${names[0]}"]`, 'aria-pressed')).toBe('true');
    expect(await page.$$eval('#robots-lines li.decides', (lis) => lis.map((li) => li.getAttribute('value')))).toEqual([
      '2',
    ]);
    expect(await page.textContent('#marked-for')).toBe(`Marked: line 2, which decides for ${names[0]}.`);
    // Pressed with the keyboard, another crawler marks its own line.
    await pageWithSearch(page);
    expect(await page.textContent('#usage-list')).toContain('Content-Signal: search=yes, ai-train=no (line 3)');
    expect(await page.textContent('#lint-count')).toMatch(/lint finding|No lint findings/);
    await page.locator('body').screenshot({ path: join(artifacts, 'popup.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.locator('body').screenshot({ path: join(artifacts, 'popup-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
  });

  /** The popup for /search: Googlebot's row, pressed by keyboard, marks line 6. */
  async function pageWithSearch(page: Page) {
    await popup(`${site}/search?q=1`, page);
    // The group opens from the keyboard, then the crawler is pressed.
    await page.locator('details[data-group="search"] summary').press('Enter');
    const button = page.locator('button[data-crawler="Googlebot"]');
    await button.focus();
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    expect(await page.$$eval('#robots-lines li.decides', (lis) => lis.map((li) => li.textContent))).toEqual([
      'Disallow: /search',
    ]);
    await popup(`${site}/private/report.html`, page);
  }

  test.skipIf(skip)(`the popup: the page's X-Robots-Tag and meta robots, as crawlers read them${why}`, async () => {
    const url = `${site}/articles/one.html`;
    if (!pages.some((p) => p.url() === url)) await visit(url);
    const page = await popup(url);
    await page.waitForSelector('#page-signal-list li');
    const items = await page.$$eval('#page-signal-list li', (lis) => lis.map((li) => li.textContent ?? ''));
    expect(items).toEqual([
      expect.stringMatching(/^X-Robots-Tag: noarchive for every crawler\. It asks them not to keep a cached copy\.$/),
      expect.stringMatching(
        /^X-Robots-Tag: nofollow for Googlebot, Googlebot-Image, .*It asks them not to follow its links\.$/,
      ),
      expect.stringMatching(
        /^<meta name="robots">: noai, noimageai for every crawler\. It asks them not to use the page for AI/,
      ),
      expect.stringMatching(
        /^<meta name="googlebot">: noindex for Googlebot, .*not to show the page in search results\.$/,
      ),
    ]);
    // A noindex on a page the crawler may not fetch is never read: said so.
    const privately = await popup(`${site}/private/report.html`, page);
    if (!pages.some((p) => p.url() === `${site}/private/report.html`)) await visit(`${site}/private/report.html`);
    await popup(`${site}/private/report.html`, privately);
    await privately.waitForSelector('#page-signal-list li');
    expect(await privately.textContent('#page-signal-list')).toContain(
      'may not fetch this page, so they never read this noindex',
    );
    // Google-Extended, a robots.txt-only token, fetches no pages: it is not among the crawlers that never read it.
    expect(await privately.textContent('#page-signal-list')).not.toContain('Google-Extended');
  });

  test.skipIf(skip)(`the popup: pages it cannot check, and sites it may not read yet${why}`, async () => {
    const page = await popup('chrome://settings/');
    expect(await page.textContent('#notice')).toBe(
      "This is one of the browser's own pages: crawlers never see it, and it has no robots.txt.",
    );
    await popup('file:///home/report.pdf', page);
    expect(await page.textContent('#notice')).toContain('This is a file on this computer');
    await popup(`${site.replace('127.0.0.1', 'localhost')}/`, page);
    expect(await page.evaluate(() => document.body.dataset.state)).toBe('no-access');
    expect(await page.isVisible('#allow-site')).toBe(true);
  });

  test.skipIf(skip)(`the popup: robots.txt answering 404, 503 and through a redirect, in sentences${why}`, async () => {
    const page = await popup(`${missing}/anything.html`);
    expect(await page.textContent('#robots-status')).toBe(
      `${missing}/robots.txt answered 404: crawlers take that as no robots.txt, and may fetch every page of the site.`,
    );
    await popup(`${failing}/anything.html`, page);
    expect(await page.textContent('#robots-status')).toBe(
      `${failing}/robots.txt answered 503: crawlers take that as "every page is disallowed for now" and try again later.`,
    );
    expect(await page.textContent('#file-note')).toMatch(/^There is no file to show/);
    expect(await page.textContent('#lint-count')).toBe('No file to lint.');
    expect(await page.textContent('#marked-for')).toMatch(/^No line decides for /);
    await popup(`${moved}/moved-away/page.html`, page);
    expect(await page.textContent('#robots-status')).toMatch(
      new RegExp(`^${moved}/robots.txt answered 200 after 1 redirect \\(to ${moved}/real-robots.txt\\): 2 lines, `),
    );
    expect(await page.$$eval('#robots-lines li.decides', (lis) => lis.map((li) => li.textContent))).toEqual([
      'Disallow: /moved-away/',
    ]);
  });

  test.skipIf(skip)(`the popup: the groups the user counts are kept, and the badges follow them${why}`, async () => {
    const url = `${site}/articles/one.html`;
    if (!pages.some((p) => p.url() === url)) await visit(url);
    const page = await popup(url);
    for (const group of ['ai-training', 'ai-search'])
      await page.locator(`#group-choice input[value="${group}"]`).uncheck();
    expect(await page.textContent('#summary')).toMatch(/^All \d+ chosen crawlers may fetch this page\.$/);
    // Kept: a popup opened afresh starts from the choice.
    await popup(url, page);
    expect(await page.isChecked('#group-choice input[value="ai-training"]')).toBe(false);
    expect(await page.isChecked('#group-choice input[value="search"]')).toBe(true);
    // The AI crawlers no longer count, so the AI-only page's badge empties.
    await expect.poll(async () => (await badgeOf(url))?.text, { timeout: 20_000 }).toBe('');
    for (const group of ['ai-training', 'ai-search'])
      await page.locator(`#group-choice input[value="${group}"]`).check();
    await expect.poll(async () => (await badgeOf(url))?.text, { timeout: 20_000 }).toBe('2');
  });

  test.skipIf(skip)(`the popup opens the tester page with the file and the URL${why}`, async () => {
    const url = `${site}/articles/one.html`;
    const page = await popup(url);
    const [tester] = await Promise.all([context.waitForEvent('page'), page.click('#open-tester')]);
    expect(tester.url()).toMatch(new RegExp(`^chrome-extension://${id}/tester/index.html#z=`));
    await tester.waitForFunction(
      () => (document.getElementById('robots-text') as HTMLTextAreaElement)?.value !== '',
      undefined,
      {
        timeout: 20_000,
      },
    );
    expect(await tester.inputValue('#robots-text')).toBe(ROBOTS);
    expect(await tester.inputValue('#urls-text')).toBe(`${url}\n`);
    await tester.screenshot({ path: join(artifacts, 'tester.png') });
  });

  test.skipIf(skip)(`the popup's time to its answer for a cached origin (recorded, not asserted)${why}`, async () => {
    // The page open in a tab, as the toolbar button opens the popup for it (popup.html?tab=ID, which
    // the worker sets per tab) and as the tests name it (popup.html?url=URL): both draw the worker's
    // kept report. And a page of the same site no tab shows (the popup asks the worker).
    const shown = `${site}/private/report.html`;
    await visit(shown);
    const clicked = await worker.evaluate(async (url) => {
      const api = (globalThis as unknown as { chrome: ChromeInWorker }).chrome;
      const tab = (await api.tabs.query({})).find((t) => t.url === url)!;
      return api.action.getPopup({ tabId: tab.id });
    }, shown);
    expect(clicked).toMatch(new RegExp(`^chrome-extension://${id}/popup\\.html\\?tab=\\d+$`));
    const page = await context.newPage();
    const openings = async (address: string) => {
      const open = async () => {
        await page.goto(address);
        await page.waitForFunction(() => document.body.dataset.state !== undefined, undefined, { timeout: 20_000 });
      };
      await open(); // not counted: the worker's copy of the file and the report are made here
      const runs: { from: string; marks: Record<string, number> }[] = [];
      for (let i = 0; i < 7; i++) {
        await open();
        await page.waitForFunction(() => performance.getEntriesByName('popup:drawn').length > 0);
        runs.push(
          await page.evaluate(() => ({
            from: document.body.dataset.reportFrom ?? '',
            marks: Object.fromEntries(
              performance.getEntriesByType('mark').map((m) => [m.name, Math.round(m.startTime)]),
            ),
          })),
        );
      }
      const median = (of: (m: Record<string, number>) => number) =>
        runs.map((r) => of(r.marks)).sort((a, b) => a - b)[3]!;
      return {
        reportFrom: [...new Set(runs.map((r) => r.from))],
        drawnMedian: median((m) => m['popup:drawn']!),
        answeredMedian: median((m) => m['popup:answered']!),
        scriptMedian: median((m) => m['popup:script']!),
        ownMedian: median((m) => m['popup:drawn']! - m['popup:script']!),
        marks: runs.map((r) => r.marks),
      };
    };
    const popupAt = (url: string) => `chrome-extension://${id}/popup.html?url=${encodeURIComponent(url)}`;
    const fromClick = await openings(clicked);
    const fromTab = await openings(popupAt(shown));
    const fromWorker = await openings(popupAt(`${site}/private/not-open.html`));
    // The floors, measured in the same run: an extension page with nothing to run (an icon), loaded;
    // a page shaped as the popup (its stylesheet, a module script) with nothing to do, to its script.
    const empty: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < 7; i++) {
      await page.goto(`chrome-extension://${id}/icons/icon-16.png`);
      empty.push(await page.evaluate(() => Math.round(performance.getEntriesByType('navigation')[0]!.duration)));
      await page.goto(`chrome-extension://${id}/baseline.html`);
      await page.waitForFunction(() => performance.getEntriesByName('popup:script').length > 0);
      baseline.push(await page.evaluate(() => Math.round(performance.getEntriesByName('popup:script')[0]!.startTime)));
    }
    empty.sort((a, b) => a - b);
    baseline.sort((a, b) => a - b);
    const result = {
      fromClick,
      fromTab,
      fromWorker,
      emptyPageMs: empty,
      emptyMedian: empty[3],
      baselineScriptMs: baseline,
      baselineScriptMedian: baseline[3],
    };
    writeFileSync(join(artifacts, 'timing.json'), `${JSON.stringify(result, null, 2)}\n`);
    const line = (r: typeof fromTab) =>
      `drawn ${r.drawnMedian} ms after opening, script started at ${r.scriptMedian} ms, ${r.ownMedian} ms of it after`;
    console.log(
      `extension popup, cached origin (medians of 7): as the toolbar opens it: ${line(fromClick)}; by URL, page open in a tab: ${line(fromTab)}; page in no tab (asks the worker): ${line(fromWorker)}; an empty extension page loads in ${empty[3]} ms, a page shaped as the popup starts its script at ${baseline[3]} ms`,
    );
    expect(fromClick.reportFrom).toEqual(['tab']);
    expect(fromTab.reportFrom).toEqual(['tab']);
    expect(fromWorker.reportFrom).toEqual(['worker']);
  });

  test.skipIf(skip)(`screenshot: the badges, drawn as the toolbar shows them${why}`, async () => {
    // Headless Chromium draws no toolbar: this page draws the extension's icon
    // with each tab's badge text, colour and tooltip as chrome.action holds them.
    const page = await context.newPage();
    await page.goto(`chrome-extension://${id}/popup.css`);
    const rows = badges
      .map(
        ({ label, badge }) =>
          `<li><span class="icon"><img src="icons/icon-32.png" alt=""><b style="background:rgba(${badge.color.join(',')});${badge.text ? '' : 'display:none'}">${badge.text}</b></span><span><strong>${label}</strong><br>${badge.title.replace(/</g, '&lt;')}</span></li>`,
      )
      .join('');
    await page.setContent(
      `<style>body{font:13px system-ui;margin:12px;width:640px}li{display:flex;gap:12px;align-items:center;margin:8px 0;list-style:none}.icon{position:relative;width:40px;height:36px}img{width:32px}b{position:absolute;right:0;bottom:0;color:#fff;font:bold 10px system-ui;padding:0 3px;border-radius:3px;min-width:8px;text-align:center}</style><ul>${rows}</ul>`,
    );
    await page.evaluate(() => Promise.all(Array.from(document.images, (img) => img.decode().catch(() => {}))));
    await page.screenshot({ path: join(artifacts, 'badges.png'), fullPage: true });
    expect(badges.length).toBe(6);
  });
});
