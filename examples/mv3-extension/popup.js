// Fetches the robots.txt of the active tab's site and shows whether the
// chosen crawler may fetch the tab's URL, then the same for the main search
// and AI crawlers, each as it picks its group (Googlebot-Image falls back to
// the Googlebot group, AdsBot ignores `*`). (`?url=...&agent=...` overrides
// the tab and the crawler, which is how the test drives it.)
import { crawler, fetchRobots, productToken } from './robotsmatch.js';

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);

/** The crawlers in the table: search first, then the AI crawlers and controls. */
const MAIN_CRAWLERS = [
  'Googlebot', 'Googlebot-Image', 'bingbot', 'Applebot', 'DuckDuckBot', 'YandexBot',
  'GPTBot', 'OAI-SearchBot', 'ClaudeBot', 'PerplexityBot', 'CCBot', 'Google-Extended', 'Applebot-Extended', 'Bytespider',
];

async function tabUrl() {
  if (params.get('url')) return params.get('url');
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  return tab?.url ?? '';
}

const ruleText = (v) => (v.rule ? `line ${v.line}: ${v.rule.type}: ${v.rule.pattern}` : 'no rule applies');

function crawlerRows(robots, url) {
  const body = $('crawlers').tBodies[0];
  body.replaceChildren();
  for (const name of MAIN_CRAWLERS) {
    const known = crawler(name);
    const verdict = robots.check(url, known);
    const row = body.insertRow();
    row.insertCell().textContent = known.name;
    const cell = row.insertCell();
    cell.textContent = verdict.allowed ? 'allowed' : 'disallowed';
    cell.className = verdict.allowed ? 'allowed' : 'disallowed';
    row.insertCell().textContent = ruleText(verdict);
  }
}

async function show() {
  const url = await tabUrl();
  const agent = productToken($('agent').value) || 'Googlebot';
  $('url').textContent = url;
  try {
    const { robots, outcome, status, url: robotsUrl, error } = await fetchRobots(url, { timeoutMs: 10_000 });
    const verdict = robots.check(url, agent);
    $('verdict').textContent = verdict.allowed ? 'allowed' : 'disallowed';
    $('verdict').className = verdict.allowed ? 'allowed' : 'disallowed';
    $('why').textContent = verdict.rule
      ? `${robotsUrl} line ${verdict.line}: ${verdict.rule.type}: ${verdict.rule.pattern}`
      : `${robotsUrl}: ${outcome}${status ? ` (HTTP ${status})` : ''}, no rule applies to ${agent}`;
    if (outcome === 'unreachable') $('why').textContent += ` (${error?.message ?? 'unreachable'})`;
    crawlerRows(robots, url);
    robots.dispose();
  } catch (error) {
    $('verdict').textContent = 'no robots.txt';
    $('verdict').className = 'error';
    $('why').textContent = String(error.message ?? error);
  }
}

$('agent').value = params.get('agent') ?? (await chrome.storage?.local.get('agent'))?.agent ?? 'Googlebot';
$('agent').addEventListener('change', () => { chrome.storage?.local.set({ agent: $('agent').value }); show(); });
show();
