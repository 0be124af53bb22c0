// Why a URL is allowed or not: the groups that apply, every rule of theirs
// that matches the path, the winner and the reason. Built on the core: the
// path is prepared and each rule matched by the same code check() uses
// (rule-table.ts); only the ranking, Google's "longest pattern wins, allow
// wins a tie", is spelled out here, and the tests hold it to check()'s
// answer on every input.

import type { Compiled, RuleType, Verdict } from '../rules/compiled.js';
import type { Mode } from '../common/options.js';
import { agentTokens, type Agent, type AgentTokens } from '../rules/agent.js';
import { attached, robotsInternals, Robots } from '../rules/robots.js';
import { agentMatcherInternals, AgentMatcher } from '../rules/matcher.js';
import { reparse } from '../rules/parse.js';
import { lines, type RobotsLine } from './lines.js';
import { readingOf } from './reading.js';
import { chosenToken, groupsOf, groupRules, preparePath, ruleInfo, ruleMatches } from './rule-table.js';
import { L } from '../core/layout.js';

export type ExplainReason =
  | 'longest-match'              // the longest matching pattern decided
  | 'allow-wins-tie'             // an allow and a disallow of the same length matched: allow wins
  | 'no-matching-rule'           // no rule (or only an empty one) matches: allowed
  | 'index-html'                 // Google: an `.../index.htm...` allow also allows its directory
  | 'robots-txt-always-allowed'; // RFC 9309: /robots.txt itself is always allowed

/** A group that applies: its user-agent lines and its rule lines (1-based). */
export interface ExplainedGroup {
  userAgentLines: number[];
  /** The user-agent values as written. */
  agents: string[];
  ruleLines: number[];
}

/** A rule of the applying groups that matches the path. */
export interface Candidate {
  line: number;
  type: RuleType;
  /** The pattern as written in the file. */
  pattern: string;
  /** Google's priority: the length in bytes of the pattern as matched (normalised). */
  priority: number;
  /** True for the directory (`<dir>/$`) that Google's index.html rule allows. */
  indexHtml?: true;
}

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
   * For a crawler (tokens in fallback order, SPEC 6.2): the token whose
   * groups it follows (`*` for the global group, null when none applies)
   * and why, in words.
   */
  selectedBy?: { token: string | null; why: string };
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
  if (!(target instanceof Robots)) throw new TypeError(`explain() takes a Robots from parse() or a matcher from forAgent(), got ${target === null ? 'null' : typeof target}`);
  const { compiled } = robotsInternals(target);
  // One read of the caller's argument (its getters are user code), then only the copy.
  const tokens = agentTokens(agent!);
  return explainWith(target, compiled.indexForTokens(tokens), url, tokens);
}

const OTHER_MODE = Symbol('robotsmatch.explain.other');

/** The file parsed in the other mode and its reading, made on first use and kept until dispose(). */
function otherModeOf(robots: Robots): { robots: Robots; lines: RobotsLine[] } {
  return attached(robots, OTHER_MODE, () => {
    const { source, maxBytes } = robotsInternals(robots);
    const mode = robots.mode === 'google' ? 'rfc' as const : 'google' as const;
    return { robots: reparse(robots, { mode }), lines: lines(source, { mode, maxBytes }) };
  }, (other) => other.robots.dispose());
}

function explainWith(robots: Robots, index: number, url: string, tokens: AgentTokens): Explanation {
  const { compiled } = robotsInternals(robots);
  const label = tokens.how & L.HOW_CRAWLER ? String(tokens.name ?? tokens.given[0] ?? 'A crawler with no name') : tokens.given.length ? tokens.given.join(' / ') : 'A crawler with no name';
  return explainSource({
    compiled,
    tokens,
    index,
    mode: robots.mode,
    agentLabel: label,
    lines: () => readingOf(robots),
    other: () => {
      const other = otherModeOf(robots);
      const otherCompiled = robotsInternals(other.robots).compiled;
      const core = explainCore(otherCompiled, otherCompiled.indexForTokens(tokens), url);
      return { verdict: { allowed: core.allowed, line: core.line, rule: core.rule }, path: core.path, reason: core.reason, lines: other.lines };
    },
  }, url);
}


/** What explain needs of a Robots besides its compiled rules. */
interface ExplainSource {
  compiled: Compiled;
  tokens: AgentTokens;
  index: number;
  mode: Mode;
  /** The body as parsed and the per-line reading of it (for group lines). */
  lines: () => RobotsLine[];
  /** The other mode's verdict and reading, for otherMode. */
  other: () => { verdict: Verdict; path: string; lines: RobotsLine[]; reason: ExplainReason } | undefined;
  agentLabel: string;
}

const RANK = (a: Candidate & { order: number }, b: Candidate & { order: number }) =>
  b.priority - a.priority || (a.type === b.type ? a.order - b.order : a.type === 'allow' ? -1 : 1);

/** The core of explain: groups, candidates, winner and reason, without otherMode. */
function explainCore(compiled: Compiled, index: number, url: string): Omit<Explanation, 'otherMode' | 'message' | 'groups'> & { groupIndexes: number[] } {
  const { groups, specific } = groupsOf(compiled, index);
  const { path, always } = preparePath(compiled, url);
  const matched: (Candidate & { order: number })[] = [];
  for (const g of groups) {
    const { start, count } = groupRules(compiled, g);
    for (let i = start; i < start + count; i++) {
      if (!ruleMatches(compiled, i)) continue;
      const info = ruleInfo(compiled, i);
      matched.push({ line: info.line, type: info.type, pattern: info.pattern, priority: info.priority, ...(info.indexHtml ? { indexHtml: true as const } : {}), order: i });
    }
  }
  matched.sort(RANK);
  const candidates: Candidate[] = matched.map(({ order: _, ...c }) => c);
  const winner = always ? undefined : candidates[0];
  let reason: ExplainReason;
  if (always) reason = 'robots-txt-always-allowed';
  else if (!winner || winner.priority === 0) reason = 'no-matching-rule';
  else if (winner.indexHtml) reason = 'index-html';
  else if (winner.type === 'allow' && candidates.some((c) => c.type === 'disallow' && c.priority === winner.priority)) reason = 'allow-wins-tie';
  else reason = 'longest-match';
  return {
    allowed: !winner || winner.type === 'allow' || winner.priority === 0,
    line: winner?.line ?? 0,
    rule: winner ? { type: winner.type, pattern: winner.pattern } : null,
    reason,
    path,
    groupIndexes: [...groups].sort((a, b) => a - b),
    fallback: groups.size > 0 && !specific,
    candidates,
  };
}

/** Builds the full explanation for one URL. */
function explainSource(source: ExplainSource, url: string): Explanation {
  const core = explainCore(source.compiled, source.index, url);
  const reading = source.lines();
  const groups = core.groupIndexes.map((g) => groupOf(reading, g));
  const { groupIndexes: _, ...rest } = core;
  const explanation: Explanation = { ...rest, groups, message: '' };
  if (source.tokens.how & L.HOW_CRAWLER) explanation.selectedBy = selection(source.tokens, chosenToken(source.compiled, source.index), groups.length > 0);
  const other = source.other();
  if (other && (other.verdict.allowed !== core.allowed || other.verdict.line !== core.line)) {
    explanation.otherMode = { mode: source.mode === 'google' ? 'rfc' : 'google', ...other.verdict, why: whyModesDiffer(source.mode, explanation, reading, other) };
  }
  explanation.message = sentence(source.agentLabel, explanation, reading);
  return explanation;
}

const orList = (tokens: readonly string[]) => tokens.length ? tokens.join(' or ') : 'it';

/** Which token chose a crawler's groups, and why (`chosen` from the core; -1 none). */
function selection(tokens: AgentTokens, chosen: number, applies: boolean): { token: string | null; why: string } {
  const list = tokens.tokens;
  if (chosen === 0) return { token: list[0]!, why: `a group names ${list[0]}` };
  if (chosen > 0) return { token: list[chosen]!, why: `no group names ${orList(list.slice(0, chosen))}, so it follows the ${list[chosen]} group` };
  if (applies) return { token: '*', why: `no group names ${orList(list)}, so it follows the \`*\` group` };
  if (tokens.how & L.HOW_IGNORES_GLOBAL) return { token: null, why: `no group names ${orList(list)}, and it ignores the \`*\` group, so nothing in this file restricts it` };
  return { token: null, why: `no group names ${orList(list)}, and there is no \`*\` group` };
}

function groupOf(reading: RobotsLine[], group: number): ExplainedGroup {
  const out: ExplainedGroup = { userAgentLines: [], agents: [], ruleLines: [] };
  for (const line of reading) {
    if (line.group !== group) continue;
    if (line.kind === 'user-agent') {
      out.userAgentLines.push(line.line);
      out.agents.push(line.value ?? '');
    } else out.ruleLines.push(line.line);
  }
  return out;
}

const quote = (text: string) => '`' + text + '`';

function ruleText(reading: RobotsLine[], line: number): string {
  const found = reading.find((l) => l.line === line);
  return found ? quote(`${found.key}: ${found.value}`) : `line ${line}`;
}

function sentence(agent: string, e: Explanation, reading: RobotsLine[]): string {
  const may = e.allowed ? `${agent} may fetch ${e.path}` : `${agent} may not fetch ${e.path}`;
  const where = e.selectedBy ? e.selectedBy.why : e.groups.length === 0
    ? 'no group names it and there is no `*` group'
    : e.fallback ? 'no group names it, so the `*` rules apply' : `the group${e.groups.length > 1 ? 's' : ''} naming it appl${e.groups.length > 1 ? 'y' : 'ies'}`;
  switch (e.reason) {
    case 'robots-txt-always-allowed':
      return `${may}: RFC 9309 always allows /robots.txt itself.`;
    case 'no-matching-rule':
      if (e.groups.length === 0) return `${may}: ${where}.`;
      return e.line
        ? `${may}: ${where}, and only the empty ${ruleText(reading, e.line)} on line ${e.line} matches, which allows everything.`
        : `${may}: ${where}, and none of their rules matches.`;
    case 'index-html':
      return `${may}: line ${e.line} ${ruleText(reading, e.line)} also allows its directory (Google's index.html rule), and no longer disallow matches.`;
    case 'allow-wins-tie':
      return `${may}: line ${e.line} ${ruleText(reading, e.line)} and a disallow of the same length (${e.candidates[0]!.priority} bytes) both match; allow wins a tie.`;
    case 'longest-match':
      return `${may}: ${where}, and line ${e.line} ${ruleText(reading, e.line)} is the longest matching rule (${e.candidates[0]!.priority} bytes).`;
  }
}

function whyModesDiffer(
  mode: Mode,
  e: Explanation,
  reading: RobotsLine[],
  other: { verdict: Verdict; path: string; lines: RobotsLine[]; reason: ExplainReason },
): string {
  const google = mode === 'google' ? { path: e.path, reason: e.reason, lines: reading } : { path: other.path, reason: other.reason, lines: other.lines };
  const rfc = mode === 'rfc' ? { path: e.path, reason: e.reason, lines: reading } : { path: other.path, reason: other.reason, lines: other.lines };
  if (rfc.reason === 'robots-txt-always-allowed') return 'RFC 9309 always allows /robots.txt itself; Google matches it like any other path.';
  if (google.reason === 'index-html') return "Google's index.html rule allows the directory of an `.../index.html` allow rule; RFC 9309 has no such rule.";
  // A deciding line that one mode reads and the other ignores or reads differently.
  for (const line of [e.line, other.verdict.line]) {
    if (!line) continue;
    const g = google.lines.find((l) => l.line === line);
    const r = rfc.lines.find((l) => l.line === line);
    if (g && r && g.kind !== r.kind) {
      return `Google reads line ${line} (${quote(g.text.trim())}) as a ${g.kind} line${g.problems.includes('typo') ? ' despite the misspelt key' : g.problems.includes('missing-colon') ? ' despite the missing colon' : ''}; RFC 9309 crawlers ignore it.`;
    }
  }
  if (google.path !== rfc.path) {
    return `RFC 9309 crawlers match the path in its normalised form (${quote(rfc.path)}), Google matches it as given (${quote(google.path)}).`;
  }
  const gAgents = google.lines.filter((l) => l.kind === 'user-agent').map((l) => l.line);
  const rAgents = rfc.lines.filter((l) => l.kind === 'user-agent').map((l) => l.line);
  if (gAgents.join() !== rAgents.join() || google.lines.some((l) => l.kind === 'user-agent' && l.agent === '*' && l.value !== '*')) {
    return 'The two modes apply different groups: Google accepts user-agent lines RFC 9309 does not (a misspelt key, or `*` followed by more text).';
  }
  return 'Google and RFC 9309 read this file differently (percent-encoding in its patterns, or keys only Google accepts); `robotsmatch lint` lists the lines.';
}
