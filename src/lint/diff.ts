// What changes between two versions of a robots.txt, for each crawler: the
// rules it follows (added, removed, now outweighed), whether it gained or
// lost a group of its own, the paths whose verdict changes, and sitemaps;
// or, for a list of URLs, every URL whose verdict changes. Built on the
// linter's model, so it reads both files exactly as the core does. The
// unsafe fixes' messages are diffs of one line.

import type { ParseOptions } from '../common/options.js';
import { listOf } from './wording.js';
import { resolveParseOptions } from '../common/options.js';
import { typeError } from '../common/errors.js';
import type { AgentMatcher, Verdict } from '../index.js';
import { CRAWLERS } from './crawlers.js';
import { FileModel, samplePath, type RobotsLine } from './model.js';

export interface RuleRef {
  /** 1-based line in its file (the old file for removed rules, the new one otherwise). */
  line: number;
  type: 'allow' | 'disallow';
  pattern: string;
}

export interface PathChange {
  /** A path crawlers may request: the rule's pattern with its wildcards as nothing (or `/`). */
  path: string;
  /** The pattern it stands for, as written in the file (`/` for the site's root). */
  pattern: string;
  before: Verdict;
  after: Verdict;
}

export interface AgentDiff {
  /** `*` or the crawler's token as the files write it. */
  agent: string;
  /** gained: it has a group of its own only in the new file; lost: only in the old one. */
  ownGroup: 'gained' | 'lost' | 'kept' | 'none';
  added: RuleRef[];
  removed: RuleRef[];
  /** Rules in both files that decided their own path before and no longer do. */
  shadowed: (RuleRef & { by: RuleRef | null })[];
  /** Paths (one per rule of either file, and `/`) whose verdict changes. */
  changes: PathChange[];
  /** The same, in plain sentences. */
  summary: string[];
}

export interface RobotsDiff {
  /** The crawlers for which something changed, in the order asked (default: `*`, then the tokens the files name). */
  agents: AgentDiff[];
  sitemaps: { added: string[]; removed: string[] };
  /** True when some path is disallowed for some crawler that was allowed it before. */
  newlyDisallowed: boolean;
}

export interface DiffOptions extends ParseOptions {
  /** The crawlers to compare (product tokens, `*` for crawlers with no group of their own). Default: `*` and every token either file names. */
  agents?: readonly string[];
}

export interface UrlChange {
  url: string;
  /** 1-based line of the URL in the list given. */
  line: number;
  agent: string;
  before: Verdict;
  after: Verdict;
}

/** At most this many sample paths per crawler (a rule each). */
const MAX_SAMPLES = 20_000;

/** What changes from `oldBody` to `newBody` for each crawler. */
export function diff(oldBody: string | Uint8Array, newBody: string | Uint8Array, options?: DiffOptions): RobotsDiff {
  checkBody('oldBody', oldBody);
  checkBody('newBody', newBody);
  const { maxBytes } = resolveParseOptions(options);
  const agents = options?.agents === undefined ? undefined : agentList(options.agents);
  const before = new FileModel(oldBody, { maxBytes });
  const after = new FileModel(newBody, { maxBytes });
  try {
    return diffModels(before, after, agents);
  } finally {
    before.dispose();
    after.dispose();
  }
}

/** @internal diff() over models already built (the fixes use it for their messages). */
export function diffModels(before: FileModel, after: FileModel, agents?: readonly string[]): RobotsDiff {
  const list = agents ?? defaultAgents(before, after);
  const out: AgentDiff[] = [];
  let newlyDisallowed = false;
  for (const agent of list) {
    const d = agentDiff(before, after, agent);
    if (!d) continue;
    if (d.changes.some((c) => c.before.allowed && !c.after.allowed)) newlyDisallowed = true;
    out.push(d);
  }
  const sitemapsOf = (m: FileModel) => m.lines.filter((l) => l.kind === 'sitemap').map((l) => l.value!);
  const oldSitemaps = sitemapsOf(before);
  const newSitemaps = sitemapsOf(after);
  return {
    agents: out,
    sitemaps: { added: missingFrom(newSitemaps, oldSitemaps), removed: missingFrom(oldSitemaps, newSitemaps) },
    newlyDisallowed,
  };
}

/** The entries of `list` that are not in `other` (a set: 12,000 sitemaps take no longer than a comparison each). */
function missingFrom(list: readonly string[], other: readonly string[]): string[] {
  const have = new Set(other);
  return list.filter((s) => !have.has(s));
}

/** `*`, then every token either file names (as the new file spells it, else the old). */
export function defaultAgents(before: FileModel, after: FileModel): string[] {
  const out = ['*'];
  const seen = new Set<string>(['*']);
  for (const m of [after, before]) {
    for (const token of m.named.keys()) {
      if (seen.has(token)) continue;
      seen.add(token);
      out.push(m.nameOf(token));
    }
  }
  return out;
}

function ruleRef(line: RobotsLine): RuleRef {
  return { line: line.line, type: line.kind as 'allow' | 'disallow', pattern: line.value! };
}

function rulesOf(m: FileModel, agent: string): RobotsLine[] {
  const groups = agent === '*' ? m.star : m.groupsFor(m.agentFor(agent));
  const out: RobotsLine[] = [];
  for (const g of groups) out.push(...m.groups[g]!.rules);
  return out;
}

/** What changes for one crawler, or undefined when it follows the same rules in both files. */
function agentDiff(before: FileModel, after: FileModel, agent: string): AgentDiff | undefined {
  const key = agent.toLowerCase();
  if (before.ruleSignature(agent) === after.ruleSignature(agent) && before.named.has(key) === after.named.has(key))
    return undefined;
  const oldRules = rulesOf(before, agent);
  const newRules = rulesOf(after, agent);
  const count = (rules: RobotsLine[]) => {
    const map = new Map<string, RobotsLine[]>();
    for (const r of rules) {
      const k = `${r.kind} ${r.value}`;
      const list = map.get(k);
      if (list) list.push(r);
      else map.set(k, [r]);
    }
    return map;
  };
  const oldSet = count(oldRules);
  const newSet = count(newRules);
  const added: RuleRef[] = [];
  const removed: RuleRef[] = [];
  for (const [k, list] of newSet) for (const r of list.slice(oldSet.get(k)?.length ?? 0)) added.push(ruleRef(r));
  for (const [k, list] of oldSet) for (const r of list.slice(newSet.get(k)?.length ?? 0)) removed.push(ruleRef(r));

  // Paths: `/` and a path for each rule of either file, decided by the core in both.
  const paths: string[] = ['/'];
  const patterns: string[] = ['/'];
  const seen = new Set(paths);
  for (const r of [...oldRules, ...newRules]) {
    const value = r.value!;
    if (/\s/.test(value)) continue; // a pattern with a space matches no URL a crawler requests
    const p = samplePath(value);
    if (p !== undefined && !seen.has(p) && paths.length < MAX_SAMPLES) {
      seen.add(p);
      paths.push(p);
      patterns.push(value);
    }
  }
  const oldAgent = agent === '*' ? '*' : before.agentFor(agent);
  const newAgent = agent === '*' ? '*' : after.agentFor(agent);
  const joined = paths.join('\n');
  const a = verdictsOf(before, oldAgent, joined);
  const b = verdictsOf(after, newAgent, joined);
  const changes: PathChange[] = [];
  const shadowed: AgentDiff['shadowed'] = [];
  for (let i = 0; i < paths.length; i++) {
    if (a[i] === b[i]) continue;
    const path = paths[i]!;
    changes.push({
      path,
      pattern: patterns[i]!,
      before: before.robots.check(path, oldAgent),
      after: after.robots.check(path, newAgent),
    });
  }
  // A rule kept in both files that decided its own path and no longer does.
  for (const r of newRules) {
    const old = oldSet.get(`${r.kind} ${r.value}`);
    if (!old) continue;
    const path = samplePath(r.value!);
    const change = path === undefined ? undefined : changes.find((c) => c.path === path);
    if (!change || change.before.rule?.pattern !== r.value || change.before.rule?.type !== r.kind) continue;
    const winner = change.after.rule;
    shadowed.push({
      ...ruleRef(r),
      by: winner ? { line: change.after.line, type: winner.type, pattern: winner.pattern } : null,
    });
  }
  const ownBefore = agent !== '*' && before.named.has(before.agentFor(agent).toLowerCase());
  const ownAfter = agent !== '*' && after.named.has(after.agentFor(agent).toLowerCase());
  const ownGroup = ownBefore === ownAfter ? (ownBefore ? 'kept' : 'none') : ownAfter ? 'gained' : 'lost';
  // The same rules in another order: nothing changes for this crawler.
  if (!added.length && !removed.length && !changes.length && ownBefore === ownAfter) return undefined;
  const name = agent === '*' ? '*' : after.named.has(key) ? after.nameOf(agent) : before.nameOf(agent);
  const d: AgentDiff = { agent: name, ownGroup, added, removed, shadowed, changes, summary: [] };
  d.summary = summarise(d, after);
  return d;
}

function verdictsOf(m: FileModel, agent: string, joined: string): Uint8Array {
  const matcher = m.robots.forAgent(agent);
  try {
    return matcher.matchLines(joined);
  } finally {
    matcher.dispose();
  }
}

const quote = (text: string) => `\`${text}\``;
const ruleText = (r: { type: string; pattern: string }) =>
  quote(`${r.type === 'allow' ? 'Allow' : 'Disallow'}: ${r.pattern}`);

/** Who `*` stands for: the crawlers of the fixed set that follow the `*` group in this file. */
export function starName(m: FileModel): string {
  const following = CRAWLERS.filter((c) => m.groupsFor(m.agentFor(c.token)) === m.star && !c.fallback).map(
    (c) => c.token,
  );
  return following.length
    ? `crawlers with no group of their own (${listOf(following, 2, 'others')})`
    : 'crawlers with no group of their own';
}

/**
 * Where a change applies, in words: a plain pattern is the path it names
 * (`/private/`); a pattern with `*` or `$` is not a path a crawler fetches,
 * so it is named as a pattern with a path it matches.
 */
function placeOf(c: PathChange): string {
  return /[*$]/.test(c.pattern) ? `URLs matching ${quote(c.pattern)} (such as ${c.path})` : c.pattern;
}

function decided(v: Verdict): string {
  return v.rule ? `line ${v.line} ${ruleText(v.rule)}` : 'no rule matches';
}

function summarise(d: AgentDiff, after: FileModel): string[] {
  const who = d.agent === '*' ? starName(after) : d.agent;
  const out: string[] = [];
  if (d.ownGroup === 'gained') out.push(`${who} now has a group of its own, so it no longer follows the \`*\` group.`);
  if (d.ownGroup === 'lost') out.push(`${who} no longer has a group of its own: it now follows the \`*\` group.`);
  if (d.added.length)
    out.push(
      `Now follows ${listOf(
        d.added.map((r) => `${ruleText(r)} (line ${r.line})`),
        5,
        'more rules',
      )}.`,
    );
  if (d.removed.length)
    out.push(
      `No longer follows ${listOf(
        d.removed.map((r) => `${ruleText(r)} (old line ${r.line})`),
        5,
        'more rules',
      )}.`,
    );
  for (const s of d.shadowed.slice(0, 5)) {
    out.push(
      `${ruleText(s)} (line ${s.line}) no longer decides ${s.pattern}: ${s.by ? `line ${s.by.line} ${ruleText(s.by)} now does` : 'no rule matches it now'}.`,
    );
  }
  const blocked = d.changes.filter((c) => c.before.allowed && !c.after.allowed);
  const freed = d.changes.filter((c) => !c.before.allowed && c.after.allowed);
  const say = (list: PathChange[], now: string) => {
    if (!list.length) return;
    const shown = list.slice(0, 5).map((c) => `${placeOf(c)} (${decided(c.after)}; before: ${decided(c.before)})`);
    out.push(`${who} may ${now} ${listOf(shown, 5, 'more paths')}.`);
  };
  say(blocked, 'no longer fetch');
  say(freed, 'now fetch');
  // A sentence starts with a capital, but a crawler's name keeps its own spelling (`facebookexternalhit`).
  return out.map((s) => (d.agent !== '*' && s.startsWith(who) ? s : s[0]!.toUpperCase() + s.slice(1)));
}

/**
 * Every URL whose verdict changes between two files, for each agent, a
 * chunk of newline-separated URLs at a time: the core decides each chunk
 * in both files (matchLines), and only the changed URLs are explained.
 */
export class UrlDiff {
  readonly #before: FileModel;
  readonly #after: FileModel;
  readonly #agents: string[];
  readonly #matchers: [AgentMatcher, AgentMatcher][];
  #line = 0;

  constructor(
    oldBody: string | Uint8Array,
    newBody: string | Uint8Array,
    agents: readonly string[],
    options?: ParseOptions,
  ) {
    checkBody('oldBody', oldBody);
    checkBody('newBody', newBody);
    const { maxBytes } = resolveParseOptions(options);
    this.#agents = agentList(agents);
    this.#before = new FileModel(oldBody, { maxBytes });
    this.#after = new FileModel(newBody, { maxBytes });
    this.#matchers = this.#agents.map((a) => [this.#before.robots.forAgent(a), this.#after.robots.forAgent(a)]);
  }

  /** The changed URLs of a chunk of whole lines (LF or CRLF); line numbers run on across chunks. */
  compare(chunk: string | Uint8Array): UrlChange[] {
    const out: UrlChange[] = [];
    let urls: string[] | undefined;
    let count = 0;
    for (let k = 0; k < this.#agents.length; k++) {
      const [m1, m2] = this.#matchers[k]!;
      const a = m1.matchLines(chunk);
      const b = m2.matchLines(chunk);
      count = a.length;
      for (let i = 0; i < a.length; i++) {
        if (a[i] === b[i]) continue;
        urls ??= splitLines(chunk);
        const url = urls[i] ?? '';
        const agent = this.#agents[k]!;
        out.push({ url, line: this.#line + i + 1, agent, before: m1.check(url), after: m2.check(url) });
      }
    }
    this.#line += count;
    return out.sort((x, y) => x.line - y.line);
  }

  dispose(): void {
    this.#before.dispose();
    this.#after.dispose();
  }
}

const decoder = /* @__PURE__ */ new TextDecoder();

function splitLines(chunk: string | Uint8Array): string[] {
  const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk);
  const list = text.split('\n');
  if (list[list.length - 1] === '') list.pop();
  return list.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}

function checkBody(name: string, body: unknown): void {
  if (typeof body !== 'string' && !(body instanceof Uint8Array))
    throw typeError(name, 'a string or a Uint8Array', body);
}

function agentList(agents: unknown): string[] {
  if (!Array.isArray(agents) || agents.some((a) => typeof a !== 'string'))
    throw typeError('options.agents', 'an array of strings', agents);
  return [...(agents as string[])];
}
