// The robots.txt tester page: wires the editor, the lint findings, the
// crawler picker, the URL list, the verdict matrix and its explanations, the
// audit and the diff to one state, which a share link carries.

import type { Mode } from 'robotsmatch';
import { REGISTRY_DATE } from 'robotsmatch/crawlers';
import { applyFixes, lint, type Diagnostic, type LintSource } from 'robotsmatch/lint';
import { byId } from './dom.js';
import { counted, formatMs, formatNumber } from './count.js';
import { debounce } from './debounce.js';
import { RobotsEditor } from './editor.js';
import { LintPanel } from './lint-panel.js';
import { CrawlerPicker } from './crawler-picker.js';
import { choicesFor } from './crawler-choices.js';
import { VerdictMatrix } from './verdict-matrix.js';
import { MatrixTable } from './matrix-table.js';
import { showExplanation } from './explanation-panel.js';
import { auditFilterOptions, showAudit } from './audit-table.js';
import { showDiff } from './diff-panel.js';
import { Tabs } from './tabs.js';
import { defaultState, type PageState, type RowFilter, type View } from './page-state.js';
import { fragmentOf, MAX_STATE_BYTES, stateOfFragment, type Restored } from './share-link.js';
import { fetchRobotsText, readTextFile } from './robots-source.js';
import { modeName, otherMode } from './verdict-text.js';
import { MAX_URLS } from './url-list.js';
import { generate, GenerateError, PolicyError, type Policy } from 'robotsmatch/generate';
import { PolicyForm } from './policy-form.js';
import { showProof } from './proof-table.js';
import { UrlInput } from './url-input.js';

/** Links longer than this may not open in every browser or survive every chat app. */
const LONG_LINK = 1_500_000;
/** Chromium opens no URL longer than 2 MiB (its kMaxURLChars): a longer link is not made. */
const MAX_LINK = 2 * 1024 * 1024;

const editor = new RobotsEditor(byId('editor', HTMLDivElement));
const urlsBox = byId('urls-text', HTMLTextAreaElement);
const tokensBox = byId('crawler-tokens', HTMLTextAreaElement);
const otherBox = byId('other-text', HTMLTextAreaElement);
const rowFilter = byId('row-filter', HTMLSelectElement);
const auditFilter = byId('audit-filter', HTMLSelectElement);
const explanation = byId('explanation', HTMLElement);
const timing = byId('timing', HTMLParagraphElement);
const matrixSummary = byId('matrix-summary', HTMLParagraphElement);
const crawlerNote = byId('crawler-note', HTMLParagraphElement);
const lintSummary = byId('lint-summary', HTMLParagraphElement);
const modeRadios = Array.from(document.querySelectorAll<HTMLInputElement>('input[name="mode"]'));

let mode: Mode = 'google';
let view: View = 'test';
/** Where the file in the editor was fetched from, for the linter's status and Content-Type checks. */
let lintSource: LintSource | undefined;
let diagnostics: Diagnostic[] = [];
let matrix: VerdictMatrix | undefined;
/** The cell explained: kept across recomputes, so the explanation follows edits of the file. */
let explained: { row: number; url: string; label: string } | undefined;

const lintPanel = new LintPanel(
  lintSummary,
  byId('lint-list', HTMLOListElement),
  byId('apply-safe-fixes', HTMLButtonElement),
  {
    apply(d) {
      editor.edit(applyFixes(editor.value, [d], { unsafe: d.fix?.safety === 'unsafe' }));
      refreshAfterEdit(`Applied the fix to line ${d.line} (undo takes it back).`);
      editor.revealLine(d.line);
    },
    applyAllSafe() {
      const count = diagnostics.filter((d) => d.fix?.safety === 'safe').length;
      editor.edit(applyFixes(editor.value, diagnostics));
      refreshAfterEdit(`Applied ${counted(count, 'safe fix', 'safe fixes')} (undo takes them back).`);
    },
    goToLine: (line) => editor.revealLine(line),
  },
);
const picker = new CrawlerPicker(byId('crawler-groups', HTMLDivElement), () => refreshVerdicts());
const matrixTable = new MatrixTable(
  byId('matrix', HTMLTableElement),
  byId('show-more', HTMLButtonElement),
  (row, column) => {
    if (!matrix) return;
    explained = { row, url: matrix.list.urls[row]!, label: matrix.choices[column]!.label };
    showCell(row, column, true);
  },
);

function showCell(row: number, column: number, focus: boolean): void {
  const lines = showExplanation(explanation, matrix!, row, column, (line) => editor.revealLine(line), focus);
  editor.setDeciding(lines.deciding, lines.related);
}

/** After a recompute: the explained cell again, if its URL and crawler are still in the test; else no explanation. */
function explainAgain(): void {
  const column = matrix && explained ? matrix.choices.findIndex((c) => c.label === explained!.label) : -1;
  if (matrix && explained && column >= 0 && matrix.list.urls[explained.row] === explained.url) {
    matrixTable.mark(explained.row, column);
    showCell(explained.row, column, explanation.contains(document.activeElement));
    return;
  }
  explained = undefined;
  explanation.hidden = true;
  editor.setDeciding(0, []);
}
const tabs = new Tabs(byId('tab-test', HTMLButtonElement).parentElement!, (chosen) => {
  view = chosen;
  refreshView();
});
auditFilterOptions(auditFilter);

function currentState(): PageState {
  return {
    robots: editor.value,
    urls: urlInput.text,
    crawlers: picker.chosen,
    tokens: tokensBox.value,
    mode,
    view,
    filter: rowFilter.value as RowFilter,
    other: otherBox.value,
  };
}

function applyState(state: PageState): void {
  editor.value = state.robots;
  urlInput.set(state.urls, 'from the link');
  picker.chosen = state.crawlers;
  tokensBox.value = state.tokens;
  otherBox.value = state.other;
  rowFilter.value = state.filter;
  setMode(state.mode);
  view = state.view;
  tabs.show(view);
  lintSource = undefined;
  refreshAll();
}

function setMode(next: Mode): void {
  mode = next;
  for (const radio of modeRadios) radio.checked = radio.value === next;
}

function refreshLint(note = ''): void {
  diagnostics = lint(editor.value, lintSource ? { mode, source: lintSource } : { mode });
  editor.setDiagnostics(diagnostics);
  lintPanel.show(diagnostics, note);
}

/** "100,000 URLs × 5 crawlers in 312 ms", and what was left out. */
function timingText(m: VerdictMatrix): string {
  let text = `${counted(m.rowCount, 'URL')} × ${counted(m.choices.length, 'crawler')} in ${formatMs(m.ms)} ms, read as Google and as RFC 9309.`;
  if (m.list.dropped)
    text += ` Only the first ${counted(MAX_URLS, 'URL')} are tested: ${counted(m.list.dropped, 'more line')} left out.`;
  if (m.robots.truncated)
    text += ' The file is longer than 500 KB: crawlers read only its first 500 KB, and so does this test.';
  return text;
}

/** "Of 7 URLs, Googlebot may not fetch 2, ..." and how often the other mode decides otherwise. */
function summaryText(m: VerdictMatrix): string {
  if (m.rowCount === 0 || m.choices.length === 0) return '';
  const parts = m.choices.map(
    (c, i) => `${c.label}${i === 0 ? ' may not fetch' : ''} ${formatNumber(m.disallowedCounts[i]!)}`,
  );
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  const differs = m.differsCounts.reduce((a, b) => a + b, 0);
  return (
    `Of ${counted(m.rowCount, 'URL')}, ${list}. ` +
    (differs === 0
      ? `${modeName(otherMode(m.mode))} crawlers give every verdict the same.`
      : `${modeName(otherMode(m.mode))} crawlers decide ${counted(differs, 'verdict')} the other way.`)
  );
}

function refreshVerdicts(): void {
  const { choices, notes } = choicesFor(picker.chosen, tokensBox.value);
  crawlerNote.textContent = notes.join(' ');
  matrix?.dispose();
  matrix = new VerdictMatrix(editor.value, urlInput.text, choices, mode);
  timing.textContent = timingText(matrix);
  matrixSummary.textContent = summaryText(matrix);
  matrixTable.show(matrix, rowFilter.value as RowFilter);
  explainAgain();
  if (view === 'diff') refreshView();
  showBusy();
}

function refreshView(): void {
  if (view === 'audit')
    showAudit(
      byId('audit', HTMLTableElement),
      byId('audit-summary', HTMLParagraphElement),
      byId('audit-licenses', HTMLParagraphElement),
      editor.value,
      mode,
      auditFilter.value,
    );
  if (view === 'diff' && matrix)
    showDiff(byId('diff-result', HTMLDivElement), otherBox.value, editor.value, matrix.list, matrix.choices, mode);
  showBusy();
}

function refreshAll(note = ''): void {
  refreshLint(note);
  refreshVerdicts();
  refreshView();
}

const refreshFile = debounce(() => refreshAll(), 200);
const refreshUrls = debounce(() => refreshVerdicts(), 250);
const refreshOther = debounce(() => refreshView(), 250);
/** The URL list: a short one in its text box, a long one (opened, pasted, from a link) held outside it. */
const urlInput = new UrlInput(
  urlsBox,
  byId('urls-held', HTMLDivElement),
  byId('urls-held-text', HTMLParagraphElement),
  byId('urls-clear', HTMLButtonElement),
  () => {
    refreshUrls.cancel();
    refreshVerdicts();
  },
);

/**
 * The results are marked busy (aria-busy) while typing waits to be
 * computed: assistive technology then waits for the update, and so can
 * anything else that reads the page.
 */
function showBusy(): void {
  byId('main', HTMLElement).setAttribute(
    'aria-busy',
    String(refreshFile.pending || refreshUrls.pending || refreshOther.pending),
  );
}

/** After a fix: everything at once (the input event's pending refresh is dropped). */
function refreshAfterEdit(note: string): void {
  refreshFile.cancel();
  refreshAll(note);
}

/** A refresh for when typing pauses, marking the page busy until then. */
const onTyping = (refresh: () => void) => () => {
  refresh();
  showBusy();
};
editor.textarea.addEventListener('input', onTyping(refreshFile));
urlsBox.addEventListener('input', onTyping(refreshUrls));
tokensBox.addEventListener('input', onTyping(refreshUrls));
otherBox.addEventListener('input', onTyping(refreshOther));
rowFilter.addEventListener('change', () => matrix && matrixTable.show(matrix, rowFilter.value as RowFilter));
auditFilter.addEventListener('change', refreshView);
for (const radio of modeRadios) {
  radio.addEventListener('change', () => {
    if (!radio.checked) return;
    setMode(radio.value === 'rfc' ? 'rfc' : 'google');
    refreshAll();
  });
}

// Opening and fetching files: the robots.txt, its other version, a URL list.
function onFile(inputId: string, take: (text: string, file: File) => void): void {
  const input = byId(inputId, HTMLInputElement);
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    if (!file) return;
    take(await readTextFile(file), file);
    input.value = ''; // the same file can be opened again after editing
  });
}

onFile('robots-file', (text, file) => {
  lintSource = undefined;
  editor.value = text;
  byId('robots-status', HTMLParagraphElement).textContent = `Opened ${file.name} (${counted(file.size, 'byte')}).`;
  refreshAll();
});
onFile('other-file', (text, file) => {
  otherBox.value = text;
  byId('other-status', HTMLParagraphElement).textContent = `Opened ${file.name} (${counted(file.size, 'byte')}).`;
  refreshView();
});
onFile('urls-file', (text, file) => {
  urlInput.set(text, `from ${file.name}`);
  refreshUrls.cancel();
  refreshVerdicts();
});

function onFetch(
  formId: string,
  inputId: string,
  statusId: string,
  take: (text: string, source: LintSource | undefined, standIn: boolean) => void,
): void {
  const form = byId(formId, HTMLFormElement);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const status = byId(statusId, HTMLParagraphElement);
    const address = byId(inputId, HTMLInputElement).value;
    if (address.trim() === '') {
      status.textContent = 'Type the address of a site or of a robots.txt first.';
      return;
    }
    status.textContent = `Fetching ${address.trim()}…`;
    const result = await fetchRobotsText(address);
    status.textContent = result.message;
    if (result.text !== undefined) take(result.text, result.source, result.standIn === true);
  });
}

onFetch('robots-fetch', 'robots-url', 'robots-status', (text, source, standIn) => {
  // What a 4xx, 5xx or 429 stands for replaces the draft as an edit, so that undo brings the draft back.
  if (standIn) editor.edit(text);
  else editor.value = text;
  lintSource = source;
  refreshFile.cancel();
  refreshAll();
});
onFetch('other-fetch', 'other-url', 'other-status', (text) => {
  otherBox.value = text;
  refreshView();
});

// The share link: the whole state in the fragment.
const shareLink = byId('share-link', HTMLInputElement);
const shareStatus = byId('share-status', HTMLParagraphElement);
const shareResult = byId('share-result', HTMLDivElement);
function showShareStatus(text: string): void {
  shareStatus.textContent = text;
  shareResult.hidden = false;
}
byId('share-close', HTMLButtonElement).addEventListener('click', () => {
  shareResult.hidden = true;
  byId('share-button', HTMLButtonElement).focus();
});
byId('share-button', HTMLButtonElement).addEventListener('click', async () => {
  shareLink.hidden = true;
  showShareStatus('Making the link…');
  const fragment = await fragmentOf(currentState());
  const length = location.href.length - location.hash.length + 1 + fragment.length;
  if (length > MAX_LINK) {
    showShareStatus(
      `No link was made: this test needs a link of ${counted(length, 'character')}, too long to open (Chromium opens links of up to 2 MiB, ${counted(MAX_LINK, 'character')}). Share the files instead: the robots.txt and the URL list, which anyone can open here.`,
    );
    return;
  }
  // replaceState: the page is already in this state, so no hashchange reload.
  history.replaceState(null, '', `#${fragment}`);
  shareLink.value = location.href;
  shareLink.hidden = false;
  shareLink.select();
  let copied = false;
  try {
    await navigator.clipboard.writeText(location.href);
    copied = true;
  } catch {
    // No clipboard access (an insecure origin, or permission refused): the link stays selected in the box.
  }
  const size =
    location.href.length > LONG_LINK
      ? ` It is ${counted(location.href.length, 'character')} long: some browsers and apps cut links that long, so share fewer URLs if it does not open.`
      : '';
  showShareStatus(
    `${copied ? 'Copied the link' : 'Copy the link from the box'}: it opens this test, with the file, the URLs, the crawlers and the view.${size}`,
  );
});

/** Why a link's test was not opened, in a sentence; '' for an ordinary anchor. */
function linkProblem(restored: Restored | undefined): string {
  if (!restored || 'state' in restored) return '';
  return restored.problem === 'too-big'
    ? `The link's test unpacks to more than ${MAX_STATE_BYTES / 1024 / 1024} MiB, more than a link made here holds, so it was not opened: ask for the files instead.`
    : "The link's test could not be read (it may have been cut short).";
}

window.addEventListener('hashchange', async () => {
  const restored = await stateOfFragment(location.hash);
  if (restored && 'state' in restored) applyState(restored.state);
  else if (restored) showShareStatus(`${linkProblem(restored)} The page keeps its test.`);
});

// The Generate tab: the form's policy, generated and proved, into the editor.
const genStatus = byId('gen-status', HTMLParagraphElement);
const genTable = byId('gen-matrix', HTMLTableElement);
function writePolicy(policy: Policy): void {
  genStatus.classList.remove('failed');
  try {
    const result = generate(policy);
    lintSource = undefined;
    editor.value = result.text;
    const limits = result.diagnostics.filter((d) => d.crawler !== undefined).length;
    genStatus.textContent = `Wrote the file into the editor: proved for ${counted(result.matrix.rows.length, 'known crawler')} on ${counted(result.matrix.paths.length, 'path')}, read as Google and as RFC 9309.${limits ? ` ${counted(limits, 'crawler')} robots.txt alone cannot hold to it (marked below).` : ''}`;
    showProof(genTable, result.matrix);
    refreshAll('The file was generated from the policy.');
  } catch (error) {
    if (!(error instanceof PolicyError || error instanceof GenerateError)) throw error;
    genStatus.classList.add('failed');
    genStatus.textContent = `No file written: ${error.message}`;
    if (error instanceof GenerateError) showProof(genTable, error.result.matrix);
  }
}
new PolicyForm(writePolicy);

byId('registry-date', HTMLSpanElement).textContent = `Crawler registry checked ${REGISTRY_DATE}.`;

const restored = await stateOfFragment(location.hash);
applyState(restored && 'state' in restored ? restored.state : defaultState());
if (linkProblem(restored)) showShareStatus(`${linkProblem(restored)} This is the example instead.`);
document.documentElement.dataset.ready = 'true';
