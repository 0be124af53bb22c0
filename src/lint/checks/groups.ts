// Groups and who follows them: a crawler with a group of its own ignores
// every `*` rule (which ones it escapes, by the core's verdicts), a `*`
// group that disallows the whole site, Crawl-delay lines no crawler of the
// group reads or that starve it, and rules repeated or contradicted within
// a group.

import {
  CRAWLERS,
  crawlDelayReader,
  IGNORES_STAR,
  ignoresCrawlDelay,
  isBrowserToken,
  readsCrawlDelay,
} from '../crawlers.js';
import { listOf } from '../wording.js';
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
    delayMerged(f, group);
  }
  crawlDelays(f);
  allowCancels(f);
  afterBlankLine(f);
}

/** Rules that allow everything: an empty Disallow, or Allow: / (or /*, *). */
const allowsAll = (r: RobotsLine) =>
  (r.kind === 'disallow' && r.value === '') || (r.kind === 'allow' && /^\/?\**$/.test(r.value ?? ''));
/** A disallow of every path: Disallow: /, /*, *. */
const blocksRoot = (r: RobotsLine) => r.kind === 'disallow' && /^(\/\**|\*+)$/.test(r.value ?? '');

const lineList = (lines: number[]) =>
  lines.length === 1 ? `line ${lines[0]}` : `lines ${listOf(lines.map(String), 3, 'more')}`;

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
      if (r.kind !== 'disallow' || blocksRoot(r) || /[{}"<>`\\\s]/.test(r.value!)) continue; // a pattern that never matches keeps nobody out
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
      who: listOf(
        names.map((n) => n),
        3,
        'more crawlers',
      ),
      follow: one ? 'follows' : 'follow',
      their: one ? 'its' : 'their',
      they: one ? 'it' : 'they',
      paths: listOf(
        escaped.map((r) => r.value!),
        3,
        'more paths',
      ),
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
  const following = CRAWLERS.filter((c) => !c.fallback && m.groupsFor(m.agentFor(c.token)) === m.star).map(
    (c) => c.token,
  );
  const free = [...m.named.keys()]
    .filter((t) => !isBrowserToken(t) && robots.check('/', m.nameOf(t)).allowed)
    .map((t) => m.displayName(t));
  f.add('disallow-all', rule.line, {
    who: following.length
      ? `${following.join(', ')} and every other crawler without a group of its own`
      : 'Every crawler without a group of its own',
    rule: `Disallow: ${rule.value}`,
    except: free.length
      ? ` (only ${listOf(free, 3, 'more crawlers')}, named in ${free.length === 1 ? 'a group' : 'groups'} of ${free.length === 1 ? 'its' : 'their'} own, may fetch)`
      : '',
  });
}

const ruleText = (r: RobotsLine) => `${r.kind === 'allow' ? 'Allow' : 'Disallow'}: ${r.value}`;

/**
 * delay-group-merged: User-agent lines with a Crawl-delay (or another key)
 * and no rule, then more User-agent lines. Google reads one group, so the
 * first crawlers follow the rules written for the next (bingbot blocked
 * with the bad bots below it); parsers that start a group at any
 * User-agent line after another key (Python's robotparser) give them none.
 * The fix, `Disallow:` under their last User-agent line, makes every
 * parser read the group the second way.
 */
function delayMerged(f: Findings, group: Group): void {
  const m = f.model;
  if (group.rules.length === 0 || group.agents.length < 2) return;
  const firstRule = group.rules[0]!.line;
  const agents = group.agents.filter((a) => a.line < firstRule);
  let cut = -1;
  for (let i = 1; i < agents.length && cut < 0; i++) {
    for (let n = agents[i - 1]!.line + 1; n < agents[i]!.line; n++) {
      const o = m.line(n);
      // A usage line between them is usage-joins-groups' to say.
      if (o?.kind === 'other' && !/^(content-signal|content-usage|license)$/i.test(o.key ?? '')) cut = i;
    }
  }
  if (cut < 0) return;
  const before = agents.slice(0, cut).filter((a) => a.agent);
  const after = agents.slice(cut);
  if (!before.length || before.some((a) => a.agent === '*') || after.some((a) => a.agent === '*')) return; // joined to `*`: what they follow anyway
  const tokens = [...new Set(before.map((a) => a.agent!))];
  const names = [...new Set(tokens.map((t) => m.displayName(t).replace(/^[^ ]+/, (n) => `\`${n}\``)))];
  const one = names.length === 1;
  const blocked = !m.robots.check('/', m.nameOf(tokens[0]!)).allowed;
  // Only this group names them: with a group of their own and no rule, they may fetch every URL.
  const onlyHere = tokens.every((t) => m.named.get(t.toLowerCase())?.length === 1);
  // Whose crawlers read the delay: those operators, and only they, know which reading they use.
  const readers = tokens.filter(readsCrawlDelay).map((t) => m.displayName(t));
  const operators = [...new Set(tokens.map(crawlDelayReader).filter((o) => o !== undefined))];
  const googles = tokens.filter((t) => ignoresCrawlDelay(t) === 'Google').map((t) => m.displayName(t));
  const last = agents[cut - 1]!;
  const d = f.add('delay-group-merged', last.line, {
    who: listOf(names, 3, 'more crawlers'),
    has: one ? 'has' : 'have',
    them: one ? 'it' : 'them',
    they: one ? 'it' : 'they',
    follow: one ? 'follows' : 'follow',
    next: after[0]!.line,
    from: agents[0]!.line,
    // Google's crawlers read the file with Google's parser: for them this reading is the one.
    google: googles.length
      ? ` (${listOf(googles, 2, 'more')} ${googles.length === 1 ? 'reads it so, and ignores' : 'read it so, and ignore'} the Crawl-delay)`
      : '',
    to: group.rules[group.rules.length - 1]!.line,
    rules: listOf(
      group.rules.map((r) => `\`${ruleText(r)}\``),
      2,
      'more',
    ),
    effect: blocked ? ` and may fetch no URL of this site` : '',
    record: onlyHere ? `: ${one ? 'it' : 'they'} may fetch every URL` : '',
    readers: readers.length
      ? ` ${listOf(readers, 3, 'more crawlers')} ${readers.length === 1 ? 'reads' : 'read'} the Crawl-delay; ${listOf(operators)} ${operators.length === 1 ? 'does' : 'do'} not document which of the two readings ${readers.length === 1 ? 'it uses' : 'they use'}.`
      : '',
  });
  f.unsafe(
    d,
    [last.text, 'Disallow:'],
    `Adds \`Disallow:\` under line ${last.line}: an empty rule that ends ${one ? 'the group' : 'their group'} for Google, so ${listOf(names, 3, 'more crawlers')} ${one ? 'follows' : 'follow'} no rule of line ${after[0]!.line}'s group`,
  );
}

/** allow-cancels-disallow: a Disallow that an Allow in another group naming the same crawlers outweighs (a prepended `User-agent: *` / `Allow: /`). */
function allowCancels(f: Findings): void {
  const m = f.model;
  const sets = new Map<string, string[]>();
  if (m.star.length > 1) sets.set(m.star.join(','), ['*']);
  for (const [token, groups] of m.named) {
    if (groups.length < 2) continue;
    const key = groups.join(',');
    const list = sets.get(key);
    if (list) list.push(token);
    else sets.set(key, [token]);
  }
  for (const [key, tokens] of sets) {
    const groups = key.split(',').map(Number);
    const agent = tokens[0] === '*' ? '*' : m.nameOf(tokens[0]!);
    const byLine = new Map<number, number>();
    for (const g of groups) for (const r of m.groups[g]!.rules) byLine.set(r.line, g);
    // The Disallow rules' sample paths, matched in one call; only the allowed ones are asked which line decides.
    const rules: RobotsLine[] = [];
    const paths: string[] = [];
    for (const g of groups) {
      for (const r of m.groups[g]!.rules) {
        if (r.kind !== 'disallow' || !r.value) continue;
        const p = samplePath(r.value);
        if (p === undefined || p.startsWith('//')) continue; // `//edit` would read as a host
        rules.push(r);
        paths.push(p);
      }
    }
    if (!rules.length) continue;
    const matcher = m.robots.forAgent(agent);
    let allowed: Uint8Array;
    try {
      allowed = matcher.matchLines(paths.join('\n'));
    } finally {
      matcher.dispose();
    }
    const byGroup = new Map<number, { cancelled: RobotsLine[]; by: RobotsLine }>();
    for (let i = 0; i < rules.length; i++) {
      if (allowed[i] !== 1) continue;
      const r = rules[i]!;
      const g = byLine.get(r.line)!;
      const v = m.robots.check(`https://example.com${paths[i]}`, agent); // a full URL: the path is never read as a host
      const winner = v.line === undefined ? undefined : m.line(v.line);
      // An Allow outweighs a Disallow that matches only when its pattern is as long (sample paths aside).
      if (winner?.kind !== 'allow' || byLine.get(winner.line) === g || (winner.value ?? '').length < r.value!.length)
        continue;
      const entry = byGroup.get(g) ?? { cancelled: [], by: winner };
      entry.cancelled.push(r);
      byGroup.set(g, entry);
    }
    for (const { cancelled, by } of byGroup.values()) {
      if (!cancelled.length || !by) continue;
      const one = tokens.length === 1;
      f.add('allow-cancels-disallow', cancelled[0]!.line, {
        who:
          tokens[0] === '*'
            ? '`*`'
            : listOf(
                tokens.map((t) => `\`${m.displayName(t)}\``),
                3,
                'more crawlers',
              ),
        is: one ? 'is' : 'are',
        allow: ruleText(by),
        line: by.line,
        they: tokens[0] === '*' ? 'every crawler without a group of its own' : one ? 'it' : 'they',
        paths: listOf(
          cancelled.map((r) => r.value!),
          3,
          'more paths',
        ),
      });
    }
  }
}

/**
 * rule-after-blank-line: rules after a blank line and no User-agent line,
 * which join a named crawler's group above (whose rules came before the
 * blank line). One finding per group, on its first such rule, counting the
 * others. A warning when the rules look meant for someone else: the group
 * has one such run, or already disallows everything before it; an info
 * when the group spaces its rules with blank lines throughout, which Google
 * reads as the author meant (one group).
 */
function afterBlankLine(f: Findings): void {
  const m = f.model;
  let blank = false;
  let lastKeyed: RobotsLine | undefined;
  // Group -> its rules after a blank line, and how many runs of them.
  const found = new Map<number, { lines: RobotsLine[]; runs: number; closedBefore: boolean }>();
  for (const l of m.lines) {
    if (l.kind === 'empty') {
      blank = true;
      continue;
    }
    // Sitemap and other keys between: the group's rules may start after them (`User-agent: Googlebot`, Sitemaps, a blank line, rules).
    if (l.kind !== 'user-agent' && l.kind !== 'allow' && l.kind !== 'disallow') continue;
    if (
      (l.kind === 'allow' || l.kind === 'disallow') &&
      blank &&
      lastKeyed &&
      lastKeyed.kind !== 'user-agent' &&
      l.group !== undefined &&
      l.group >= 0
    ) {
      const group = m.groups[l.group]!;
      if (!group.tokens.includes('*') && group.agents.length) {
        let entry = found.get(l.group);
        if (!entry) {
          const before = group.rules.filter((r) => r.line < l.line);
          entry = {
            lines: [],
            runs: 0,
            closedBefore: before.some((r) => r.kind === 'disallow' && r.value === '/'),
          };
          found.set(l.group, entry);
        }
        entry.runs++;
      }
    }
    if ((l.kind === 'allow' || l.kind === 'disallow') && l.group !== undefined && found.has(l.group)) {
      const entry = found.get(l.group)!;
      if (entry.runs > 0 && (blank || entry.lines.length)) entry.lines.push(l);
    }
    blank = false;
    lastKeyed = l;
  }
  for (const [g, { lines, runs, closedBefore }] of found) {
    const group = m.groups[g]!;
    const names = [...new Set(group.tokens.filter((t) => t !== '').map((t) => m.displayName(t)))];
    const more = lines.length - 1;
    const d = f.add('rule-after-blank-line', lines[0]!.line, {
      group: group.agents[0]!.line,
      who: listOf(names, 3, 'more crawlers'),
      more: more
        ? `; so ${more === 1 ? 'does the rule' : `do the ${more} rules`} after it, to line ${lines[lines.length - 1]!.line}`
        : '',
    });
    if (runs > 1 && !closedBefore) d.severity = 'info';
  }
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
      if (!meantAgentBetween(f.model, same, r.line))
        f.safe(d, { remove: true }, `Removes this line; line ${same} stays`);
      continue;
    }
    const opposite = entry[kind === 'allow' ? 'disallow' : 'allow'];
    if (opposite && value !== '') f.add('conflicting-rules', r.line, { first: opposite });
    entry[kind] = r.line;
  }
}

/** The lines Google does not read as User-agent that were meant as one (`\u200dUser-agent: ClaudeBot`), once per model. */
const meantAgents = new WeakMap<FileModel, number[]>();

/** Is there, between lines `from` and `to`, a line Google does not read as User-agent that was meant as one? */
function meantAgentBetween(m: FileModel, from: number, to: number): boolean {
  let list = meantAgents.get(m);
  if (!list) {
    list = m.lines
      .filter(
        (l) =>
          (l.kind === 'other' || l.kind === 'invalid') && l.key !== undefined && didYouMean(l.key) === 'User-agent',
      )
      .map((l) => l.line);
    meantAgents.set(m, list);
  }
  return list.some((n) => n > from && n < to);
}

/** A token no group or record names: asks for the delay of every crawler without a record of its own. */
const NOBODY = 'robotsmatch-unnamed-crawler';

/**
 * The User-agent lines a Crawl-delay line belongs to as the crawlers that
 * honour it read it (crawlDelay()): the run of them directly above it, past
 * any other lines of the record.
 */
function recordOf(m: FileModel, index: number): RobotsLine[] {
  const all = m.lines;
  let i = index - 1;
  while (i >= 0 && all[i]!.kind !== 'user-agent') i--;
  const out: RobotsLine[] = [];
  for (; i >= 0; i--) {
    const l = all[i]!;
    if (l.kind === 'user-agent') out.unshift(l);
    else if (l.kind !== 'empty' && l.kind !== 'comment') break;
  }
  return out;
}

/** crawl-delay-ignored and long-crawl-delay, for the crawlers crawlDelay() gives the delay to. */
function crawlDelays(f: Findings): void {
  const m = f.model;
  for (let i = 0; i < m.lines.length; i++) {
    const o = m.lines[i]!;
    if (o.kind !== 'other' || (o.key ?? '').toLowerCase() !== 'crawl-delay') continue;
    const value = o.value ?? '';
    if (!/^(\d+(\.\d*)?|\.\d+)$/.test(value)) continue; // crawl-delay-invalid
    const record = recordOf(m, i);
    const agents = record.filter((a) => a.agent);
    const tokens = agents.map((a) => a.agent!.toLowerCase());
    const operators = tokens.map(ignoresCrawlDelay);
    if (tokens.length > 0 && operators.every((o) => o !== undefined)) {
      const names = [...new Set(agents.map((a) => a.agent!))];
      const owner = ownerOf([...new Set(operators as string[])]);
      f.add('crawl-delay-ignored', o.line, {
        who: listOf(names, 3, 'more'),
        reads: names.length === 1 ? 'reads' : 'read',
        owner,
      });
      f.drop('unsupported-key', o.line);
      continue;
    }
    // Slowing a search engine (or every crawler) is what costs a site; an SEO tool's delay is its owner's choice.
    const seconds = Number(value);
    if (seconds < 30) continue;
    // Who waits this long, as crawlDelay() reads the file: not a crawler whose record gives another delay first.
    const engines = [
      ...new Set(
        agents.filter((a) => readsCrawlDelay(a.agent!) && m.delayFor(a.agent!) === seconds).map((a) => a.agent!),
      ),
    ];
    const everyone = tokens.includes('*') && m.delayFor(NOBODY) === seconds;
    if (!engines.length && !everyone) continue;
    const who = engines.length
      ? `${listOf(engines, 3, 'more')}${everyone ? ' and every other crawler that honours Crawl-delay and has no record of its own' : ''}`
      : 'Every crawler that honours Crawl-delay and has no User-agent line of its own above a Crawl-delay (Bing does)';
    f.add('long-crawl-delay', o.line, {
      who,
      wait: engines.length === 1 && !everyone ? 'waits' : 'wait',
      seconds: value,
      perDay: Math.floor(86_400 / seconds),
    });
    f.drop('unsupported-key', o.line);
  }
}

/** Who ignores the Crawl-delay, as the registry's operators say it: Yandex with its date (its page gives it), two or more together. */
function ownerOf(operators: string[]): string {
  operators.sort();
  if (operators.length === 1)
    return operators[0] === 'Yandex'
      ? 'Yandex has ignored Crawl-delay since 2018'
      : `${operators[0]} ignores Crawl-delay`;
  return `${operators.slice(0, -1).join(', ')} and ${operators[operators.length - 1]} ignore Crawl-delay`;
}
