// Groups and who follows them: a crawler with a group of its own ignores
// every `*` rule (which ones it escapes, by the core's verdicts), a `*`
// group that disallows the whole site, Crawl-delay lines no crawler of the
// group reads or that starve it, and rules repeated or contradicted within
// a group.

import { CRAWLERS, IGNORES_STAR, isBrowserToken, isGoogleToken, isSearchToken, isYandexToken } from '../crawlers.js';
import { listOf } from '../diff.js';
import type { Findings } from '../findings.js';
import { didYouMean } from './lines.js';
import { samplePath, type FileModel, type Group, type RobotsLine } from '../model.js';

export function checkGroups(f: Findings): void {
  const m = f.model;
  escapes(f);
  disallowAll(f);
  for (const group of m.groups) {
    if (!group) continue;
    rulesWithin(f, group);
    crawlDelay(f, group);
  }
}

/** Rules that allow everything: an empty Disallow, or Allow: / (or /*, *). */
const allowsAll = (r: RobotsLine) => (r.kind === 'disallow' && r.value === '') || (r.kind === 'allow' && /^\/?\**$/.test(r.value ?? ''));
/** A disallow of every path: Disallow: /, /*, *. */
const blocksRoot = (r: RobotsLine) => r.kind === 'disallow' && /^(\/\**|\*+)$/.test(r.value ?? '');

const lineList = (lines: number[]) => (lines.length === 1 ? `line ${lines[0]}` : `lines ${listOf(lines.map(String), 3, 'more')}`);

/** ignores-star-group, empty-group, allow-all-group: what a crawler with its own group may fetch that `*` disallows. */
function escapes(f: Findings): void {
  const m = f.model;
  if (m.star.length === 0 || m.named.size === 0) return;
  // The `*` group's disallowed paths (a whole-site disallow aside: naming crawlers in groups of their own is then the point).
  const starRules: RobotsLine[] = [];
  const paths: string[] = [];
  const seen = new Set<string>();
  for (const g of m.star) {
    for (const r of m.groups[g]!.rules) {
      if (r.kind !== 'disallow' || blocksRoot(r)) continue;
      const p = samplePath(r.value!);
      if (p === undefined || p === '/' || seen.has(p)) continue;
      seen.add(p);
      starRules.push(r);
      paths.push(p);
    }
  }
  if (paths.length === 0) return;
  const joined = paths.join('\n');
  const starVerdicts = verdicts(m, '*', joined);
  // One finding per set of groups followed: crawlers named together are reported together.
  const bySet = new Map<string, string[]>();
  for (const token of m.named.keys()) {
    // Not for a browser's name (`Mozilla`: no crawler), nor for crawlers that never follow `*` anyway (AdsBot-Google).
    if (isBrowserToken(token) || IGNORES_STAR.has(token)) continue;
    const key = m.named.get(token)!.join(',');
    const list = bySet.get(key);
    if (list) list.push(token);
    else bySet.set(key, [token]);
  }
  for (const [key, tokens] of bySet) {
    const groups = key.split(',').map((g) => m.groups[Number(g)]!);
    const rules = groups.flatMap((g) => g.rules);
    if (rules.some(blocksRoot) && !rules.some((r) => r.kind === 'allow' && r.value !== '')) continue; // disallowed everything: escapes nothing
    const own = verdicts(m, tokens[0]!, joined);
    const escaped: RobotsLine[] = [];
    for (let i = 0; i < paths.length; i++) if (starVerdicts[i] === 0 && own[i] === 1) escaped.push(starRules[i]!);
    if (escaped.length === 0) continue;
    const names = tokens.map((t) => m.displayName(t));
    const one = names.length === 1;
    const params = {
      who: listOf(names.map((n) => n), 3, 'more crawlers'),
      follow: one ? 'follows' : 'follow',
      their: one ? 'its' : 'their',
      they: one ? 'it' : 'they',
      paths: listOf(escaped.map((r) => r.value!), 3, 'more paths'),
      lines: lineList(escaped.map((r) => r.line)),
    };
    const code = rules.length === 0 ? 'empty-group' : rules.every(allowsAll) ? 'allow-all-group' : 'ignores-star-group';
    const at = groups[0]!.agents.find((a) => tokens.includes((a.agent ?? '').toLowerCase()))!;
    f.add(code, at.line, params);
  }
}

function verdicts(m: FileModel, agent: string, joined: string): Uint8Array {
  const matcher = m.robots.forAgent(agent);
  try {
    return matcher.matchLines(joined);
  } finally {
    matcher.dispose();
  }
}

/** disallow-all: every crawler without a group of its own (Googlebot among them) may fetch nothing. */
function disallowAll(f: Findings): void {
  const m = f.model;
  const starRules = m.star.flatMap((g) => m.groups[g]!.rules);
  if (!starRules.some(blocksRoot) || starRules.some((r) => r.kind === 'allow' && r.value !== '')) return;
  if (m.groupsFor(m.agentFor('Googlebot')) !== m.star) return; // Googlebot has its own group: the block is for the others
  // A rule that disallows every path and no Allow: every URL is disallowed (the core says which line decides `/`).
  const robots = m.robots;
  const root = robots.check('/', '*');
  if (root.allowed) return;
  const rule = starRules.find((r) => r.line === root.line)!;
  const following = CRAWLERS.filter((c) => !c.fallback && m.groupsFor(m.agentFor(c.token)) === m.star).map((c) => c.token);
  const free = [...m.named.keys()].filter((t) => robots.check('/', m.nameOf(t)).allowed).map((t) => m.displayName(t));
  f.add('disallow-all', rule.line, {
    who: following.length ? `${following.join(', ')} and every other crawler without a group of its own` : 'Every crawler without a group of its own',
    rule: `Disallow: ${rule.value}`,
    except: free.length ? ` (only ${listOf(free, 3, 'more crawlers')}, named in ${free.length === 1 ? 'a group' : 'groups'} of ${free.length === 1 ? 'its' : 'their'} own, may fetch)` : '',
  });
}

/** duplicate-rule and conflicting-rules within one group. */
function rulesWithin(f: Findings, group: Group): void {
  if (group.rules.length < 2) return;
  // Pattern -> the first line of each kind with it (one key per rule: no strings built).
  const seen = new Map<string, { allow: number; disallow: number }>();
  for (const r of group.rules) {
    const value = r.value ?? '';
    let entry = seen.get(value);
    if (!entry) {
      entry = { allow: 0, disallow: 0 };
      seen.set(value, entry);
    }
    const kind = r.kind as 'allow' | 'disallow';
    const same = entry[kind];
    if (same) {
      const d = f.add('duplicate-rule', r.line, { first: same });
      // Not when a line between reads like a User-agent line Google misses (`\u200dUser-agent: ClaudeBot`): the rule is that crawler's.
      if (!meantAgentBetween(f.model, same, r.line)) f.safe(d, { remove: true }, `Removes this line; line ${same} stays`);
      continue;
    }
    const opposite = entry[kind === 'allow' ? 'disallow' : 'allow'];
    if (opposite && value !== '') f.add('conflicting-rules', r.line, { first: opposite });
    entry[kind] = r.line;
  }
}

/** Is there, between lines `from` and `to`, a line Google does not read as User-agent that was meant as one? */
function meantAgentBetween(m: FileModel, from: number, to: number): boolean {
  for (let n = from + 1; n < to; n++) {
    const l = m.line(n);
    if (l && l.kind !== 'user-agent' && l.key !== undefined && didYouMean(l.key) === 'User-agent') return true;
  }
  return false;
}

/** crawl-delay-ignored and long-crawl-delay. */
function crawlDelay(f: Findings, group: Group): void {
  for (const o of group.others) {
    if ((o.key ?? '').toLowerCase() !== 'crawl-delay') continue;
    const value = o.value ?? '';
    if (!/^(\d+(\.\d*)?|\.\d+)$/.test(value)) continue; // crawl-delay-invalid
    const tokens = group.tokens.filter((t) => t !== '');
    if (tokens.length > 0 && tokens.every((t) => isGoogleToken(t) || isYandexToken(t))) {
      const names = [...new Set(group.agents.filter((a) => a.agent).map((a) => a.agent!))];
      const google = tokens.some(isGoogleToken);
      const yandex = tokens.some(isYandexToken);
      const owner = google && yandex ? 'Google and Yandex ignore Crawl-delay' : google ? 'Google ignores Crawl-delay' : 'Yandex has ignored Crawl-delay since 2018';
      f.add('crawl-delay-ignored', o.line, { who: listOf(names, 3, 'more'), reads: names.length === 1 ? 'reads' : 'read', owner });
      f.drop('unsupported-key', o.line);
      continue;
    }
    // Slowing a search engine (or every crawler) is what costs a site; an SEO tool's delay is its owner's choice.
    const seconds = Number(value);
    if (seconds >= 30 && tokens.some((t) => t === '*' || isSearchToken(t))) {
      const engines = group.agents.filter((a) => isSearchToken(a.agent ?? '')).map((a) => a.agent!);
      const everyone = tokens.includes('*');
      const who = engines.length
        ? `${listOf([...new Set(engines)], 3, 'more')}${everyone ? ' and every other crawler that honours Crawl-delay and follows this group' : ''}`
        : 'Every crawler that honours Crawl-delay and follows this group (Bing does)';
      f.add('long-crawl-delay', o.line, { who, wait: engines.length === 1 && !everyone ? 'waits' : 'wait', seconds: value, perDay: Math.floor(86_400 / seconds) });
      f.drop('unsupported-key', o.line);
    }
  }
}
