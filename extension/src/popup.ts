// The popup: the verdict of every chosen crawler for the tab's page, with
// the line that decided; the robots.txt with that line marked; the page's
// own robots rules; the usage signals; the lint count and a button to the
// tester. The toolbar button opens `popup.html?tab=ID` (the worker sets it
// per tab; plain `popup.html` checks the active tab). `popup.html?url=URL`
// checks URL instead (and reads the page's rules from a tab showing it, if
// one does): tests drive it so.

import { byId, h, replaceChildren } from '../../site/src/dom.js';
import { api, type Tab } from './browser-api.js';
import { chosenGroups, saveChosenGroups } from './group-choice.js';
import { FileView, lintSentence, statusSentence } from './file-view.js';
import { ALL_SITES, sitePattern, whyUnchecked } from './page-kind.js';
import type { CrawlerVerdict, ReportAnswer, RobotsReport } from './report.js';
import type { PageSignals, showPageSignals } from './signals-view.js';
import { showUsage } from './usage-view.js';
import { tabReport } from './tab-reports.js';
import { chosenVerdicts, showGroupChoice, showVerdicts, summaryOf } from './verdict-list.js';

const notice = byId('notice', HTMLParagraphElement);
const fileView = new FileView(byId('robots-lines', HTMLOListElement), byId('file-note', HTMLParagraphElement));
const sameDocument = (a: string | undefined, b: string) => a?.split('#')[0] === b.split('#')[0];

const asked = new URLSearchParams(location.search);
type ShowPageSignals = typeof showPageSignals;

/** The tab the toolbar button opened the popup for: `?tab=ID`, which the worker sets per tab. */
const namedTab = (): number | undefined => {
  const id = Number(asked.get('tab') ?? Number.NaN);
  return Number.isInteger(id) && !asked.has('url') ? id : undefined;
};

/**
 * The page to check, and the tab showing it (none when `?url=` names a page
 * no tab shows): the named tab's page, else the active tab's.
 */
async function target(tab: number | undefined): Promise<{ url: string; tabId: number | undefined }> {
  const url = asked.get('url');
  if (url) {
    const tabs: Tab[] = await api.tabs.query({});
    return { url, tabId: tabs.find((t) => sameDocument(t.url, url))?.id };
  }
  const [shown] =
    tab === undefined ? await api.tabs.query({ active: true, currentWindow: true }) : [await api.tabs.get(tab)];
  return { url: shown?.url ?? '', tabId: shown?.id };
}

/** Says a sentence instead of an answer; `state` tells tests which. */
function stop(sentence: string, state: string): void {
  notice.textContent = sentence;
  document.body.dataset.state = state;
}

function askForAccess(url: string): void {
  stop("This extension may not read this site's robots.txt yet.", 'no-access');
  byId('access', HTMLElement).hidden = false;
  const ask = async (origins: string[]) => {
    if (await api.permissions.request({ origins })) location.reload();
  };
  byId('allow-site', HTMLButtonElement).addEventListener('click', () => void ask([sitePattern(url)]));
  byId('allow-all', HTMLButtonElement).addEventListener('click', () => void ask(ALL_SITES));
}

/** The report the worker kept for the tab as its page loaded (`kept`, if already asked for), else the worker's answer now. */
async function reportFor(
  url: string,
  tabId: number | undefined,
  kept = tabId === undefined ? undefined : tabReport(tabId, url),
): Promise<ReportAnswer> {
  const report = await kept;
  document.body.dataset.reportFrom = report ? 'tab' : 'worker';
  if (report) return { report };
  return (await api.runtime.sendMessage({ kind: 'robots-report', url })) as ReportAnswer;
}

/** Runs `work` once, after the next frame is drawn (or soon, if the page draws no frames: a hidden tab). */
function afterFrame(work: () => void): void {
  let done = false;
  const once = () => {
    if (!done) work();
    done = true;
  };
  requestAnimationFrame(() => setTimeout(once));
  setTimeout(once, 100);
}

async function main(): Promise<void> {
  performance.mark('popup:script');
  const tab = namedTab();
  const chosenRead = chosenGroups();
  const shown = target(tab);
  // The named tab's kept report is read while the browser says which page the tab shows, not after.
  const kept =
    tab === undefined
      ? undefined
      : tabReport(
          tab,
          shown.then((s) => s.url),
        );
  const { url, tabId } = await shown;
  performance.mark('popup:tab');
  byId('page-url', HTMLParagraphElement).textContent = url;
  const why = whyUnchecked(url);
  if (why) return stop(why, 'unchecked');
  const [answer, chosen] = await Promise.all([reportFor(url, tabId, kept), chosenRead]);
  performance.mark('popup:report');
  if ('noAccess' in answer) return askForAccess(url);
  if ('problem' in answer) return stop(answer.problem, 'problem');
  const { report } = answer;
  // The first screen (summary, group lines, the file at its marked line); once it is drawn, the groups'
  // crawler rows (closed at first) and the page's own rules, whose code is loaded only then, so that the
  // first screen waits for nothing else. The marks are for the test that measures the popup.
  const view = new AnswerView(report, chosen);
  view.render();
  performance.mark('popup:answered');
  document.body.dataset.answeredMs = performance.now().toFixed(1);
  afterFrame(() => {
    performance.mark('popup:drawn');
    view.fillRows();
    document.body.dataset.state = 'answered';
    void showPageRules(view, report, url, tabId);
  });
}

/** The page's own rules: meta tags naming every crawler or one the registry knows, and X-Robots-Tag headers. */
async function showPageRules(view: AnswerView, report: RobotsReport, url: string, tabId: number | undefined) {
  const list = byId('page-signal-list', HTMLUListElement);
  try {
    const { readPageSignals, showPageSignals } = await import('./page-rules.js');
    const tokens = new Set(report.verdicts.flatMap((v) => v.tokens.map((t) => t.toLowerCase())));
    view.showSignals(await readPageSignals(tabId, url, tokens), showPageSignals);
  } catch (error) {
    byId('page-signals', HTMLElement).hidden = false;
    const why = String((error as Error)?.message ?? error);
    replaceChildren(list, h('li', { class: 'note' }, `The page's own rules could not be read: ${why}.`));
  }
}

/** The popup's answer for one report, re-rendered when the chosen groups change. */
class AnswerView {
  readonly #report: RobotsReport;
  #chosen: string[];
  #selected: CrawlerVerdict | undefined;
  #buttons = new Map<string, HTMLButtonElement>();
  /** Builds the crawler rows of the groups last rendered; undefined once built. */
  #rows: (() => Map<string, HTMLButtonElement>) | undefined;
  /** The page's rules, with the function that shows them (loaded after the first screen). */
  #signals: { signals: PageSignals; show: ShowPageSignals } | undefined;

  constructor(report: RobotsReport, chosen: string[]) {
    this.#report = report;
    this.#chosen = chosen;
    showGroupChoice(byId('group-choice', HTMLFieldSetElement), report.groups, chosen, (ids) => {
      this.#chosen = ids;
      void saveChosenGroups(ids); // the worker redraws the badges
      this.render();
      this.fillRows();
      if (this.#signals) this.showSignals(this.#signals.signals, this.#signals.show);
    });
    byId('open-tester', HTMLButtonElement).addEventListener('click', () => void this.#openTester());
  }

  /** The chosen crawlers' verdicts. */
  get #verdicts(): CrawlerVerdict[] {
    return chosenVerdicts(this.#report.verdicts, this.#chosen);
  }

  render(): void {
    const report = this.#report;
    const verdicts = this.#verdicts;
    notice.textContent = '';
    notice.hidden = true;
    byId('robots-status', HTMLParagraphElement).textContent = statusSentence(report);
    byId('summary', HTMLParagraphElement).textContent = summaryOf(verdicts);
    this.#buttons.clear();
    this.#rows = showVerdicts(byId('verdicts', HTMLDivElement), report, this.#chosen, (v) => this.#select(v));
    byId('lint-count', HTMLSpanElement).textContent = lintSentence(report.lint);
    byId('answer', HTMLElement).hidden = false;
    byId('file', HTMLElement).hidden = false;
    byId('usage', HTMLElement).hidden = false;
    showUsage(byId('usage-list', HTMLUListElement), report.usage, verdicts, report.verdicts.length);
    // The line first worth seeing: the first chosen crawler that may not fetch the page, else the first chosen.
    const first = verdicts.find((v) => !v.allowed) ?? verdicts[0];
    fileView.show(report, first?.line ?? 0);
    if (first) this.#press(first);
  }

  /** The crawler rows of the chosen groups, under their lines (closed until opened). */
  fillRows(): void {
    if (!this.#rows) return;
    this.#buttons = this.#rows();
    this.#rows = undefined;
    if (this.#selected) this.#press(this.#selected);
  }

  showSignals(signals: PageSignals, show: ShowPageSignals): void {
    this.#signals = { signals, show };
    byId('page-signals', HTMLElement).hidden = false;
    show(byId('page-signal-list', HTMLUListElement), signals, this.#verdicts);
  }

  #select(verdict: CrawlerVerdict): void {
    this.#press(verdict);
    fileView.mark(verdict.line);
  }

  #press(verdict: CrawlerVerdict): void {
    this.#selected = verdict;
    byId('marked-for', HTMLParagraphElement).textContent = verdict.line
      ? `Marked: line ${verdict.line}, which decides for ${verdict.name}.`
      : `No line decides for ${verdict.name}.`;
    for (const [name, button] of this.#buttons) button.setAttribute('aria-pressed', String(name === verdict.name));
  }

  /** The tester, on the pressed crawler and the chosen ones that may not fetch the page. */
  async #openTester(): Promise<void> {
    const names = [this.#selected?.name, ...this.#verdicts.filter((v) => !v.allowed).map((v) => v.name)];
    const ordered = this.#report.verdicts.map((v) => v.name).filter((n) => names.includes(n));
    const { testerUrl } = await import('./tester-link.js');
    await api.tabs.create({ url: await testerUrl(this.#report, ordered) });
  }
}

main().catch((error) => stop(`Something went wrong: ${String(error?.message ?? error)}`, 'problem'));
