// The short "What may surprise you" summary audit prints above a file's
// table: only what is true of the file, nothing when nothing is. Each
// sentence is worked out with the matcher (isAllowed, selection), never
// from the file's text alone.

import { groups, type Robots } from '../index.js';
import { AI_PURPOSES, type AuditRow } from '../crawlers.js';
import { listOf } from '../lint/wording.js';

/** Most `*` rules whose paths are tried on each crawler that does not follow `*`. */
const MAX_STAR_PATHS = 50;

/** The summary's sentences for one file's rows (empty when nothing may surprise). */
export function surprises(robots: Robots, rows: readonly AuditRow[]): string[] {
  const reading = rows.filter((r) => r.readsRobotsTxt !== 'no');
  const fileGroups = groups(robots);
  const out = purposeSplits(reading);
  out.push(...escapingStar(robots, fileGroups, reading));
  // Crawlers that follow another token's group (Applebot, Googlebot's), said once per token.
  const byToken = new Map<string, string[]>();
  for (const r of reading) {
    if (r.group === null || r.group === '*' || r.group.toLowerCase() === r.crawler.tokens[0]?.toLowerCase()) continue;
    byToken.set(r.group, [...(byToken.get(r.group) ?? []), r.crawler.name]);
  }
  for (const [token, list] of byToken)
    out.push(
      `${names(list)} ${list.length === 1 ? 'has' : 'have'} no group of ${list.length === 1 ? 'its' : 'their'} own and ${list.length === 1 ? 'follows' : 'follow'} ${token}'s group.`,
    );
  const delays = fileGroups.flatMap((g) => g.crawlDelays);
  if (delays.length) {
    const lines = delays.map((d) => String(d.line));
    out.push(
      `Google's crawlers ignore the Crawl-delay on ${lines.length === 1 ? 'line' : 'lines'} ${listOf(lines)}: only crawlers that read it (bingbot among them) wait between requests.`,
    );
  }
  return out;
}

const names = (list: readonly string[]) => listOf(list, 3, 'more crawlers');

/**
 * Crawlers that may fetch paths the `*` group disallows, because they
 * follow a group of their own (or another token's), or ignore `*`
 * (AdsBot-Google): a sentence for each kind.
 */
function escapingStar(robots: Robots, fileGroups: ReturnType<typeof groups>, rows: readonly AuditRow[]): string[] {
  const starPaths: string[] = [];
  for (const g of fileGroups) {
    if (!g.userAgents.some((a) => a.names === '*')) continue;
    for (const rule of g.rules) {
      // A pattern that never matches (a template, a space) keeps nobody out.
      if (rule.type !== 'disallow' || /^$|[{}"<>`\\\s]/.test(rule.pattern) || starPaths.length >= MAX_STAR_PATHS)
        continue;
      const path = plainPath(rule.pattern);
      if (!starPaths.includes(path) && !robots.isAllowed(path, '*')) starPaths.push(path);
    }
  }
  if (!starPaths.length) return [];
  const own = { who: [] as string[], paths: new Set<string>() };
  const none = { who: [] as string[], paths: new Set<string>() };
  for (const r of rows) {
    if (r.group === '*') continue;
    const open = starPaths.filter((p) => robots.isAllowed(p, r.crawler));
    if (!open.length) continue;
    const kind = r.group === null ? none : own;
    kind.who.push(r.crawler.name);
    for (const p of open) kind.paths.add(p);
  }
  const out: string[] = [];
  const one = (list: string[]) => list.length === 1;
  if (own.who.length)
    out.push(
      `${names(own.who)} ${one(own.who) ? 'follows' : 'follow'} a group other than \`*\` (${one(own.who) ? 'its' : 'their'} own or another crawler's), so ${one(own.who) ? 'it' : 'they'} may fetch ${listOf([...own.paths], 3, 'more paths')} that \`*\` disallows.`,
    );
  if (none.who.length)
    out.push(
      `${names(none.who)} ${one(none.who) ? 'ignores' : 'ignore'} the \`*\` group, so ${one(none.who) ? 'it' : 'they'} may fetch ${listOf([...none.paths], 3, 'more paths')} that \`*\` disallows.`,
    );
  return out;
}

/** A path a pattern matches plainly: `*` as nothing, `$` dropped. */
function plainPath(pattern: string): string {
  const path = pattern.replace(/\$$/, '').split('*').join('');
  return path.startsWith('/') ? path : `/${path}`;
}

/** Search crawlers blocked while others (or AI crawlers) may fetch `/`; AI crawlers blocked while other AI crawlers may. */
function purposeSplits(rows: readonly AuditRow[]): string[] {
  const out: string[] = [];
  const isAi = (r: AuditRow) => r.crawler.purposes.some((p) => AI_PURPOSES.includes(p));
  const search = rows.filter((r) => r.crawler.purposes.includes('search') && !isAi(r));
  const ai = rows.filter(isAi);
  const blocked = (list: AuditRow[]) => list.filter((r) => r.access === 'blocked');
  const allowed = (list: AuditRow[]) => list.filter((r) => r.access !== 'blocked');
  const searchBlocked = blocked(search);
  if (searchBlocked.length && (allowed(search).length || allowed(ai).length)) {
    const others = allowed(search).length ? allowed(search) : allowed(ai);
    const kind = allowed(search).length ? 'search' : 'AI';
    out.push(
      `Search crawlers blocked: ${names(searchBlocked.map((r) => r.crawler.name))}, while ${listOf(
        others.map((r) => r.crawler.name),
        3,
        `more ${kind} crawlers`,
      )} may fetch /.`,
    );
  }
  const aiBlocked = blocked(ai);
  if (aiBlocked.length && allowed(ai).length)
    out.push(
      `AI crawlers blocked: ${names(aiBlocked.map((r) => r.crawler.name))}, while ${listOf(
        allowed(ai).map((r) => r.crawler.name),
        3,
        'more AI crawlers',
      )} may fetch /.`,
    );
  return out;
}
