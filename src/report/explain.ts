// Why a URL is allowed or not: the groups that apply, every rule of theirs
// that matches the path, the winner and the reason. Built on the core: the
// path is prepared, and the matching rules found in one call, by the code
// check() uses (the scan of its first answers, with its prefilter for long
// paths; rule-table.ts); only the ranking, Google's "longest pattern wins,
// allow wins a tie", is spelled out here, and the tests hold it to check()'s
// answer on every input.

import type { Compiled, Verdict } from '../rules/compiled.js';
import type { Mode } from '../common/options.js';
import { agentTokens, isPlainToken, productToken, type Agent, type AgentTokens } from '../rules/agent.js';
import type { Robots } from '../rules/robots.js';
import { attached, isRobots, ownRobots, robotsInternals } from '../rules/own.js';
import { agentMatcherInternals, AgentMatcher } from '../rules/matcher.js';
import { reparse } from '../rules/parse.js';
import { readLines, type LineEvents } from './lines.js';
import { readingOf } from './reading.js';
import { selectionOf } from './selection.js';
import { groupsOf, preparePath, candidateOf, matchingRules, verdictOf, type Candidate } from './rule-table.js';
import { Layout } from '../core/layout.js';
import { usageAt, type Usage } from './usage.js';
import { usageStatements } from '../rules/usage-table.js';
import { blocksEverything, escapedStarRules, starGroups } from './escaped-star.js';

export type ExplainReason =
  | 'longest-match' // the longest matching pattern decided
  | 'allow-wins-tie' // an allow and a disallow of the same length matched: allow wins
  | 'no-matching-rule' // no rule (or only an empty one) matches: allowed
  | 'index-html' // Google: an `.../index.htm...` allow also allows its directory
  | 'robots-txt-always-allowed'; // RFC 9309: /robots.txt itself is always allowed

/** A group that applies: its user-agent lines and its rule lines (1-based). */
export interface ExplainedGroup {
  userAgentLines: number[];
  /** The user-agent values as written. */
  agents: string[];
  ruleLines: number[];
}

export type { Candidate } from './rule-table.js';

export interface Explanation extends Verdict {
  reason: ExplainReason;
  /** The path and query the rules were matched against (RFC mode: normalised). */
  path: string;
  /** The groups that apply, in file order; empty when none does (everything allowed). */
  groups: ExplainedGroup[];
  /** True when no group names the agent and the `*` groups apply. */
  fallback: boolean;
  /** Every matching rule, highest priority first (allow first on a tie, then file order). */
  candidates: Candidate[];
  /** When the other mode decides differently: its verdict and why the modes differ. */
  otherMode?: Verdict & { mode: Mode; why: string };
  /**
   * For a crawler (tokens in fallback order, docs/crawlers.md): the token whose
   * groups it follows (`*` for the global group, null when none applies)
   * and why, in words.
   */
  selectedBy?: { token: string | null; why: string };
  /**
   * The `*` groups' Disallow rules that do not apply to the agent, in file
   * order, when it follows a group of its own (or another token's, or ignores
   * `*`); absent when the `*` rules apply or disallow nothing.
   */
  escapedStarRules?: { line: number; pattern: string }[];
  /** What the file says about using the URL (usage()), and why those statements apply, in words. */
  usage: Pick<Usage, 'contentSignal' | 'contentUsage' | 'licenses'> & { why: string };
  /** One plain sentence: what a crawler will do and why. */
  message: string;
}

/**
 * Why `url` is allowed or not for `agent`: the groups that apply, every
 * rule that matches with its priority, the winner and the reason, and the
 * other mode's answer when it differs. Agrees with check() on every input;
 * slower (it matches each rule of the applying groups). With a matcher
 * from forAgent(), its agent is used and `agent` is not given.
 */
export function explain(robots: Robots, url: string, agent: Agent): Explanation;
export function explain(matcher: AgentMatcher, url: string): Explanation;
export function explain(target: Robots | AgentMatcher, url: string, agent?: Agent): Explanation {
  if (target instanceof AgentMatcher) {
    const { index, tokens } = agentMatcherInternals(target);
    return explainWith(target.robots, index, url, tokens);
  }
  if (!isRobots(target))
    throw new TypeError(
      `explain() takes a Robots from parse() or a matcher from forAgent(), got ${target === null ? 'null' : typeof target}`,
    );
  const robots = ownRobots(target); // this copy's, for a Robots of another copy of the library
  const { compiled } = robotsInternals(robots);
  // One read of the caller's argument (its getters are user code), then only the copy.
  const tokens = agentTokens(agent!);
  return explainWith(robots, compiled.indexForTokens(tokens), url, tokens);
}

const OTHER_MODE = Symbol('robotsmatch.explain.other');

/** The file parsed in the other mode, its reading, and a matcher per agent set asked about. */
interface OtherMode {
  robots: Robots;
  lines: LineEvents;
  matchers: Map<string, AgentMatcher>;
}

/** Matchers kept per other-mode parse, least recently made dropped first (as Robots keeps indexes). */
const MAX_OTHER_MATCHERS = 16;

/** The file parsed in the other mode and its reading, made on first use and kept until dispose(). */
function otherModeOf(robots: Robots): OtherMode {
  return attached(
    robots,
    OTHER_MODE,
    () => {
      const { source, maxBytes } = robotsInternals(robots);
      const mode = robots.mode === 'google' ? ('rfc' as const) : ('google' as const);
      return {
        robots: reparse(robots, { mode }),
        lines: readLines(source, { mode, maxBytes }, true),
        matchers: new Map(),
      };
    },
    (other) => other.robots.dispose(),
  ); // its matchers with it
}

/**
 * The other mode's matcher for `agent`: its full index, so that the other
 * mode's verdict costs what check() costs (keys and prefilter), never a
 * scan of every rule against the whole path.
 */
function otherMatcher(other: OtherMode, tokens: AgentTokens): AgentMatcher {
  const key = tokens.cacheKey;
  let matcher = other.matchers.get(key);
  if (matcher === undefined) {
    if (other.matchers.size >= MAX_OTHER_MATCHERS) {
      const [oldestKey, oldest] = other.matchers.entries().next().value as [string, AgentMatcher];
      other.matchers.delete(oldestKey);
      oldest.dispose();
    }
    // The same agent as read once: a crawler's kept tokens, or the tokens given.
    matcher = other.robots.forAgent(
      tokens.how & Layout.HOW_CRAWLER
        ? { tokens: tokens.tokens, obeysGlobalGroup: !(tokens.how & Layout.HOW_IGNORES_GLOBAL) }
        : tokens.given,
    );
    other.matchers.set(key, matcher);
  }
  return matcher;
}

function explainWith(robots: Robots, index: number, url: string, tokens: AgentTokens): Explanation {
  const { compiled } = robotsInternals(robots);
  const label =
    tokens.how & Layout.HOW_CRAWLER
      ? String(tokens.name ?? tokens.given[0] ?? 'A crawler with no name')
      : tokens.given.length
        ? tokens.given.join(' / ')
        : 'A crawler with no name';
  return explainSource(
    {
      compiled,
      tokens,
      index,
      mode: robots.mode,
      agentLabel: label,
      lines: () => readingOf(robots),
      other: () => {
        const other = otherModeOf(robots);
        const otherCompiled = robotsInternals(other.robots).compiled;
        const { path, always } = preparePath(otherCompiled, url);
        const { verdict, indexHtml } = verdictOf(
          otherCompiled,
          agentMatcherInternals(otherMatcher(other, tokens)).index,
          url,
        );
        return { verdict, path, always, indexHtml, lines: other.lines };
      },
    },
    url,
  );
}

/** What explain needs of a Robots besides its compiled rules. */
interface ExplainSource {
  compiled: Compiled;
  tokens: AgentTokens;
  index: number;
  mode: Mode;
  /** The per-line reading of the body as parsed (for group lines). */
  lines: () => LineEvents;
  /** The other mode's verdict and reading, for otherMode. */
  other: () => OtherVerdict | undefined;
  agentLabel: string;
}

/**
 * The other mode's answer: its verdict, the path as it matched it, whether
 * RFC 9309 allowed /robots.txt itself, whether Google's index.html rule
 * decided, and its reading of the lines.
 */
interface OtherVerdict {
  verdict: Verdict;
  path: string;
  always: boolean;
  indexHtml: boolean;
  lines: LineEvents;
}

/**
 * Google's ranking: the longest pattern first, allow before disallow of the
 * same length. The sort is stable, so equal rules stay in file order.
 */
const RANK = (a: Candidate, b: Candidate) =>
  b.priority - a.priority || (a.type === b.type ? 0 : a.type === 'allow' ? -1 : 1);

/** The core of explain: groups, candidates, winner and reason, without otherMode. */
function explainCore(
  compiled: Compiled,
  index: number,
  url: string,
): Omit<Explanation, 'otherMode' | 'message' | 'groups' | 'usage'> & { groupIndexes: number[] } {
  const { groups, specific } = groupsOf(compiled, index);
  const { path, always } = preparePath(compiled, url);
  // Matched in the core (file order), then ranked.
  const candidates = Array.from(matchingRules(compiled, index), (rule) => candidateOf(compiled, rule)).sort(RANK);
  const winner = always ? undefined : candidates[0];
  let reason: ExplainReason;
  if (always) reason = 'robots-txt-always-allowed';
  else if (!winner || winner.priority === 0) reason = 'no-matching-rule';
  else if (winner.indexHtml) reason = 'index-html';
  else if (winner.type === 'allow' && candidates.some((c) => c.type === 'disallow' && c.priority === winner.priority))
    reason = 'allow-wins-tie';
  else reason = 'longest-match';
  return {
    allowed: !winner || winner.type === 'allow' || winner.priority === 0,
    line: winner?.line ?? 0,
    rule: winner ? { type: winner.type, pattern: winner.pattern } : null,
    reason,
    path,
    groupIndexes: groups,
    fallback: groups.length > 0 && !specific,
    candidates,
  };
}

/** Builds the full explanation for one URL. */
function explainSource(source: ExplainSource, url: string): Explanation {
  const core = explainCore(source.compiled, source.index, url);
  const reading = source.lines();
  const groups = groupLines(reading, core.groupIndexes);
  const { groupIndexes: _, ...rest } = core;
  const { contentSignal, contentUsage, licenses } = usageAt(source.compiled, source.index, url);
  const usage = { contentSignal, contentUsage, licenses, why: '' };
  const explanation: Explanation = { ...rest, groups, usage, message: '' };
  if (!core.fallback && !blocksEverything(reading, core.groupIndexes)) {
    const escaped = escapedStarRules(reading, core.groupIndexes);
    if (escaped.length) explanation.escapedStarRules = escaped;
  }
  if (source.tokens.how & Layout.HOW_CRAWLER)
    explanation.selectedBy = selectedBy(source.tokens, selectionOf(source.compiled, source.index, source.tokens).token);
  const other = source.other();
  if (other && (other.verdict.allowed !== core.allowed || other.verdict.line !== core.line)) {
    explanation.otherMode = {
      mode: source.mode === 'google' ? 'rfc' : 'google',
      ...other.verdict,
      why: whyModesDiffer(source.mode, explanation, reading, other),
    };
  }
  explanation.message = sentence(source.agentLabel, explanation, reading) + notTokens(source.tokens);
  usage.why = usageWhy(source.compiled, explanation, reading);
  return explanation;
}

/** Why the usage statements that apply do, and why others do not, in plain sentences. */
function usageWhy(compiled: Compiled, e: Explanation, reading: LineEvents): string {
  const { contentSignal, contentUsage, licenses } = e.usage;
  const statements = usageStatements(compiled);
  const parts: string[] = [];
  const lines = (list: readonly number[]) =>
    list.map((line) => `line ${line} ${ruleText(reading, line)}`).join(' and ');
  if (contentSignal) {
    parts.push(
      `${lines(contentSignal.lines)} ${contentSignal.lines.length > 1 ? 'are in the groups it follows; where they disagree the most restrictive value counts' : 'is in the group it follows'}.`,
    );
  } else {
    const stars = e.groups.length && !e.fallback && statements.signals.length ? starGroups(reading) : new Set<number>();
    const star = statements.signals.filter((record) => stars.has(record.group));
    if (star.length && e.groups.length && !e.fallback)
      parts.push(
        `The \`*\` group's Content-Signal on line ${star.map((r) => r.line).join(', ')} does not apply: it follows its own group, which has none.`,
      );
    else if (statements.signals.length) parts.push('No Content-Signal line is in the groups it follows.');
  }
  if (!e.allowed) {
    if (statements.usages.size)
      parts.push(
        'No Content-Usage preference applies: it may not crawl this URL, and preferences apply only to what may be crawled.',
      );
  } else if (contentUsage) {
    if (contentUsage.path === '')
      parts.push(
        `${lines(contentUsage.lines)} cover${contentUsage.lines.length > 1 ? '' : 's'} the whole group (no path), and no Content-Usage path matches ${e.path}.`,
      );
    else if (contentUsage.lines.length > 1)
      parts.push(
        `${lines(contentUsage.lines)} are the longest Content-Usage paths matching ${e.path}, equally long: their preferences combine, the most restrictive winning.`,
      );
    else parts.push(`${lines(contentUsage.lines)} is the longest Content-Usage path matching ${e.path}.`);
  } else if (statements.usages.size) {
    parts.push(`No Content-Usage rule of the groups it follows matches ${e.path}.`);
  }
  if (licenses.length)
    parts.push(
      `The file names ${licenses.length === 1 ? 'a license' : `${licenses.length} licenses`} for the whole site (License lines belong to no group).`,
    );
  return (
    parts.map((part) => part[0]!.toUpperCase() + part.slice(1)).join(' ') ||
    'The file has no Content-Signal, Content-Usage or License line.'
  );
}

const orList = (tokens: readonly string[]) => (tokens.length ? tokens.join(' or ') : 'it');

/** Why a crawler follows the group of `token` (selectionOf(): a token, `*`, or null), in words. */
function selectedBy(tokens: AgentTokens, token: string | null): { token: string | null; why: string } {
  const list = tokens.tokens;
  if (token === '*') return { token, why: `no group names ${orList(list)}, so it follows the \`*\` group` };
  if (token === null) {
    return {
      token,
      why:
        tokens.how & Layout.HOW_IGNORES_GLOBAL
          ? `no group names ${orList(list)}, and it ignores the \`*\` group, so nothing in this file restricts it`
          : `no group names ${orList(list)}, and there is no \`*\` group`,
    };
  }
  const chosen = list.indexOf(token);
  return {
    token,
    why:
      chosen === 0
        ? `a group names ${token}`
        : `no group names ${orList(list.slice(0, chosen))}, so it follows the ${token} group`,
  };
}

/**
 * The lines of the applying groups (`indexes`, in file order), in one pass
 * over the reading: a file may have thousands of groups that all apply
 * (20,000 `User-agent: *` groups), so never a pass per group.
 */
function groupLines(reading: LineEvents, indexes: readonly number[]): ExplainedGroup[] {
  // By group number (the parser numbers groups densely from 0), a hole for each group that does not apply.
  const byIndex: (ExplainedGroup | undefined)[] = [];
  const out = indexes.map((g) => (byIndex[g] = { userAgentLines: [], agents: [], ruleLines: [] }));
  for (let i = 0; i < reading.count; i++) {
    const kind = reading.kind(i);
    if (kind !== 'user-agent' && kind !== 'allow' && kind !== 'disallow') continue;
    const group = byIndex[reading.group(i)];
    if (group === undefined) continue;
    // A group's first line makes its arrays (exactly one long), rather than
    // growing the empty ones: thousands of groups allocate a third as much.
    if (kind === 'user-agent') {
      if (group.agents.length === 0) {
        group.userAgentLines = [reading.line(i)];
        group.agents = [reading.value(i)];
      } else {
        group.userAgentLines.push(reading.line(i));
        group.agents.push(reading.value(i));
      }
    } else if (group.ruleLines.length === 0) group.ruleLines = [reading.line(i)];
    else group.ruleLines.push(reading.line(i));
  }
  return out;
}

const quote = (text: string) => `\`${text}\``;

/**
 * For agents given as strings that are not product tokens (`AI2Bot`, a full
 * User-Agent header): why no group names them, and the token that would
 * (product tokens: the README's Agents; the command line says the same on stderr). '' when all are tokens.
 */
function notTokens(tokens: AgentTokens): string {
  if (tokens.how & Layout.HOW_CRAWLER) return '';
  return tokens.given
    .filter((agent) => agent !== '' && agent !== '*' && !isPlainToken(agent))
    .map((agent) => {
      const token = productToken(agent);
      const hint = token && token !== agent ? `; its product token is ${quote(token)}` : '';
      return ` ${quote(agent)} is not a product token (letters, \`-\` and \`_\` only), so no group can name it and only the \`*\` rules apply${hint}.`;
    })
    .join('');
}
const bytes = (n: number) => `${n} byte${n === 1 ? '' : 's'}`;

function ruleText(reading: LineEvents, line: number): string {
  const i = reading.indexOf(line);
  return i >= 0 ? quote(`${reading.key(i)}: ${reading.value(i)}`) : `line ${line}`;
}

function sentence(agent: string, e: Explanation, reading: LineEvents): string {
  // `-a '*'` (or '') asks for the `*` rules themselves: what any crawler without a group of its own reads.
  const star = agent === '*' || agent === '';
  const who = star ? 'A crawler no group names' : agent;
  const may = e.allowed ? `${who} may fetch ${e.path}` : `${who} may not fetch ${e.path}`;
  const where = e.selectedBy
    ? e.selectedBy.why
    : e.groups.length === 0
      ? star
        ? 'there is no `*` group'
        : 'no group names it and there is no `*` group'
      : e.fallback
        ? star
          ? 'the `*` rules apply to it'
          : 'no group names it, so the `*` rules apply'
        : `the group${e.groups.length > 1 ? 's' : ''} naming it appl${e.groups.length > 1 ? 'y' : 'ies'}`;
  switch (e.reason) {
    case 'robots-txt-always-allowed':
      return `${may}: RFC 9309 always allows /robots.txt itself.`;
    case 'no-matching-rule':
      if (e.groups.length === 0) return `${may}: ${where}.`;
      return e.line
        ? `${may}: ${where}, and only the empty ${ruleText(reading, e.line)} on line ${e.line} matches, which allows everything.`
        : `${may}: ${where}, and ${e.fallback ? 'none of them' : `none of ${e.groups.length > 1 ? 'their' : 'its'} rules`} matches.`;
    case 'index-html':
      return `${may}: line ${e.line} ${ruleText(reading, e.line)} also allows its directory (Google's index.html rule), and no longer disallow matches.`;
    case 'allow-wins-tie':
      return `${may}: line ${e.line} ${ruleText(reading, e.line)} and a disallow of the same length (${bytes(e.candidates[0]!.priority)}) both match; allow wins a tie.`;
    case 'longest-match':
      return `${may}: ${where}, and line ${e.line} ${ruleText(reading, e.line)} is the longest matching rule (${bytes(e.candidates[0]!.priority)}).`;
  }
}

function whyModesDiffer(mode: Mode, e: Explanation, reading: LineEvents, other: OtherVerdict): string {
  const google = mode === 'google' ? { path: e.path, indexHtml: e.reason === 'index-html', lines: reading } : other;
  const rfc =
    mode === 'rfc' ? { path: e.path, always: e.reason === 'robots-txt-always-allowed', lines: reading } : other;
  if (rfc.always) return 'RFC 9309 always allows /robots.txt itself; Google matches it like any other path.';
  if (google.indexHtml)
    return "Google's index.html rule allows the directory of an `.../index.html` allow rule; RFC 9309 has no such rule.";
  // A deciding line that one mode reads and the other ignores or reads differently.
  for (const line of [e.line, other.verdict.line]) {
    if (!line) continue;
    const g = google.lines.indexOf(line);
    const r = rfc.lines.indexOf(line);
    if (g >= 0 && r >= 0 && google.lines.kind(g) !== rfc.lines.kind(r)) {
      const problems = google.lines.problems(g);
      return `Google reads line ${line} (${quote(google.lines.text(g).trim())}) as a ${google.lines.kind(g)} line${problems.includes('typo') ? ' despite the misspelt key' : problems.includes('missing-colon') ? ' despite the missing colon' : ''}; RFC 9309 crawlers ignore it.`;
    }
  }
  if (google.path !== rfc.path) {
    return `RFC 9309 crawlers match the path in its normalised form (${quote(rfc.path)}), Google matches it as given (${quote(google.path)}).`;
  }
  if (agentLines(google.lines) !== agentLines(rfc.lines) || readsStarWithText(google.lines)) {
    return 'The two modes apply different groups: Google accepts user-agent lines RFC 9309 does not (a misspelt key, or `*` followed by more text).';
  }
  return 'Google and RFC 9309 read this file differently (percent-encoding in its patterns, or keys only Google accepts); `robotsmatch lint` lists the lines.';
}

/** The user-agent lines' numbers, comma-separated. */
function agentLines(reading: LineEvents): string {
  const out: number[] = [];
  for (let i = 0; i < reading.count; i++) if (reading.kind(i) === 'user-agent') out.push(reading.line(i));
  return out.join();
}

/** Is a user-agent line read as `*` though its value is more than `*` (Google's `* text`)? */
function readsStarWithText(reading: LineEvents): boolean {
  for (let i = 0; i < reading.count; i++) {
    if (reading.kind(i) === 'user-agent' && reading.agent(i) === '*' && reading.value(i) !== '*') return true;
  }
  return false;
}
