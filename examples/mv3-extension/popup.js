// Fetches the robots.txt of the active tab's site and shows whether the
// chosen crawler may fetch the tab's URL. (`?url=...&agent=...` overrides
// both, which is how the test drives it.)
import { fetchRobots, productToken } from './robotsmatch.js';

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);

async function tabUrl() {
  if (params.get('url')) return params.get('url');
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  return tab?.url ?? '';
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
