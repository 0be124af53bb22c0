// What fixes do to crawlers, computed rather than asserted: each crawler of
// the registry with its own choice of groups (its fallback tokens, whether
// it obeys `*`), every token a file names, and `*`. Crawlers are put in
// classes by the groups the core selects for them (selection()) before and
// after, and verdicts are worked out once per class whose rules changed, on
// a path for each of those rules and `/`: the cost of a fix is a parse of
// the fixed file and a few matches, not one diff per crawler.

import type { Agent, AgentMatcher, Crawler } from '../index.js';
import { crawlerRegistry, type CrawlerEntry } from '../crawlers/registry.js';
import { isBrowserToken } from './crawlers.js';
import { listOf } from './wording.js';
import { samplePath } from './model.js';
import type { EffectsModel } from './groups-model.js';

/** A crawler a change is described for. */
export interface Who {
  /** How messages name it. */
  name: string;
  agent: Agent;
  /** `*`: every crawler without a group of its own. */
  star?: true;
}

/** A path whose verdict changes for a class of crawlers. */
export interface Change {
  pattern: string;
  path: string;
  /** Allowed after the change (it was the opposite before). */
  allowed: boolean;
}

/** The crawlers whose verdicts change the same way (in classes that select the same groups), and how. */
export interface Effect {
  classes: Who[][];
  changes: Change[];
}

/**
 * How messages name a registry crawler: by its name, and for one whose name
 * is no product token by the group Google reads for it too (`MJ12bot (group
 * \`MJ\`)`), so that a site owner finds both the crawler and the line.
 */
export function crawlerName(entry: CrawlerEntry): string {
  return entry.googleReads !== undefined ? `${entry.name} (group \`${entry.googleReads}\`)` : entry.name;
}

/**
 * `*`, then every registry crawler, then the tokens the files name that no
 * registry crawler reads as its own (its first token: a group `MJ12bot` is
 * MJ12bot's, which Google reads as `MJ`, so it is not said twice).
 */
export function crawlersFor(models: readonly EffectsModel[]): Who[] {
  const { list, names, tokens: known } = registryWho();
  const out = list.slice();
  const tokens = new Set<string>();
  for (const m of models) {
    for (const token of m.named.keys()) {
      if (known.has(token) || tokens.has(token) || isBrowserToken(token)) continue; // `Mozilla` (a browser's header) is no crawler
      tokens.add(token);
      // A registry crawler's name that is not its token (BingPreview follows `bingbot`): the group is not that crawler's.
      const entry = names.get(token);
      const name = entry
        ? `crawlers reading \`${m.nameOf(token)}\` (${entry.name} itself follows \`${entry.tokens[0]}\`)`
        : m.displayName(token);
      out.push({ name, agent: m.nameOf(token) });
    }
  }
  return out;
}

let registryWhoCache: { list: Who[]; names: Map<string, CrawlerEntry>; tokens: Set<string> } | undefined;

/** `*` and every registry crawler, with their names and first tokens: the part of crawlersFor() that depends on the registry alone, made once. */
function registryWho(): { list: Who[]; names: Map<string, CrawlerEntry>; tokens: Set<string> } {
  if (registryWhoCache) return registryWhoCache;
  const list: Who[] = [{ name: '*', agent: '*', star: true }];
  const names = new Map<string, CrawlerEntry>();
  const tokens = new Set<string>(['*']);
  for (const entry of crawlerRegistry) {
    const key = entry.name.toLowerCase();
    if (names.has(key)) continue;
    names.set(key, entry);
    tokens.add(entry.tokens[0]!.toLowerCase());
    list.push({ name: crawlerName(entry), agent: entry });
  }
  return (registryWhoCache = { list, names, tokens });
}

/** A file as the effects see it: who selects which groups, and those groups' rules. */
export class Reading {
  readonly model: EffectsModel;
  readonly #keys = new Map<Who, string>(); // by crawler, not by name: two may share a name
  readonly #signatures = new Map<string, string>();
  readonly #matchers = new Map<string, AgentMatcher>();

  constructor(model: EffectsModel) {
    this.model = model;
  }

  #structure: string | undefined;
  #same: Reading | undefined;

  /** Who names which group: equal structures mean every crawler selects the same groups. */
  get structure(): string {
    return (this.#structure ??= this.model.groups.map((g) => g?.tokens.join(' ') ?? '').join('\n'));
  }

  /** Takes the selections of `other` when both files name the same crawlers in the same groups (a fix to a rule line): no selection to ask again. */
  adopt(other: Reading): void {
    if (other !== this && other.structure === this.structure) this.#same = other;
  }

  /** The groups the core selects for `who`, as a key ('' for none). */
  key(who: Who): string {
    if (this.#same) return this.#same.key(who);
    let key = this.#keys.get(who);
    if (key === undefined) {
      // A token (or `*`) picks the groups naming it, else the `*` groups (the model's reading of the core's).
      // A registry crawler picks the groups naming the first of its tokens (in fallback order) that a group
      // names, else the `*` groups, or none for one that ignores `*`: the core's selection(), read from the
      // same model (test/lint-fixes-lazy.test.ts holds the two equal for every registry crawler), without
      // building a matcher for each crawler in each fixed file.
      const m = this.model;
      const agent = who.agent;
      if (typeof agent === 'string') key = this.#joined(who.star ? m.star : m.groupsFor(agent));
      else {
        const crawler = agent as Crawler;
        let groups: readonly number[] | undefined;
        for (const t of crawler.tokens) if ((groups = m.named.get(t.toLowerCase()))) break;
        key = groups ? this.#joined(groups) : crawler.obeysGlobalGroup === false ? '' : this.#joined(m.star);
      }
      this.#keys.set(who, key);
    }
    return key;
  }

  readonly #lists = new Map<readonly number[], string>();

  /** A list of the model's groups as a key, made once per list (every crawler without a group of its own shares `*`'s). */
  #joined(groups: readonly number[]): string {
    let key = this.#lists.get(groups);
    if (key === undefined) this.#lists.set(groups, (key = groups.join(',')));
    return key;
  }

  /** The rules of the groups `key` names, in file order: equal signatures mean equal verdicts. */
  signature(key: string): string {
    let sig = this.#signatures.get(key);
    if (sig === undefined) {
      sig = '';
      if (key !== '')
        for (const g of key.split(','))
          for (const r of this.model.groups[Number(g)]?.rules ?? []) sig += `${r.kind} ${r.value}\n`;
      this.#signatures.set(key, sig);
    }
    return sig;
  }

  /** The patterns of the rules of `key`'s groups. */
  patterns(key: string): string[] {
    const out: string[] = [];
    if (key !== '')
      for (const g of key.split(',')) for (const r of this.model.groups[Number(g)]?.rules ?? []) out.push(r.value!);
    return out;
  }

  /** Verdicts (1 allowed) for the crawler `who` on newline-joined paths. */
  verdicts(who: Who, joined: string): Uint8Array {
    // Crawlers that select the same groups match alike: one matcher per selection, kept until dispose().
    const key = this.key(who);
    let matcher = this.#matchers.get(key);
    if (!matcher) {
      matcher = this.model.robots.forAgent(who.agent);
      this.#matchers.set(key, matcher);
    }
    return matcher.matchLines(joined);
  }

  /** Frees the matchers (the model is its owner's to free). */
  dispose(): void {
    for (const m of this.#matchers.values()) m.dispose();
    this.#matchers.clear();
  }
}

/** At most this many sample paths for one class of crawlers. */
const MAX_PATHS = 20_000;

/** The paths to compare a class on: `/`, and one for each pattern (as the files write it), with the pattern it stands for. */
export function pathsFor(patternLists: readonly string[][]): { paths: string[]; patterns: string[] } {
  const paths = ['/'];
  const patterns = ['/'];
  const seen = new Set(paths);
  for (const list of patternLists) {
    for (const value of list) {
      if (paths.length >= MAX_PATHS) break;
      if (/[\s{}"<>`\\]/.test(value)) continue; // a space, `{`, a quote...: no URL a crawler requests has them as they are
      const p = samplePath(value);
      if (p === undefined || seen.has(p)) continue;
      seen.add(p);
      paths.push(p);
      patterns.push(value);
    }
  }
  return { paths, patterns };
}

/** Every token the files' groups name (lower-cased). */
export function namedIn(models: readonly EffectsModel[]): Set<string> {
  const out = new Set<string>();
  for (const m of models) for (const token of m.named.keys()) out.add(token);
  return out;
}

/** A registry crawler none of whose tokens a group names (in the files `named` was made from). */
export function unnamed(who: Who, named: ReadonlySet<string>): boolean {
  if (typeof who.agent === 'string') return false;
  const crawler = who.agent as Crawler;
  let tokens = lowerTokens.get(crawler);
  if (!tokens) lowerTokens.set(crawler, (tokens = crawler.tokens.map((t) => t.toLowerCase())));
  for (const t of tokens) if (named.has(t)) return false;
  return true;
}

/** Registry crawlers' tokens, lower-cased once. */
const lowerTokens = /* @__PURE__ */ new WeakMap<Crawler, string[]>();

/** How each crawler's verdicts change from `before` to `after`: one effect per class of crawlers that changes alike. */
export function effects(before: Reading, after: Reading, crawlers: readonly Who[]): Effect[] {
  after.adopt(before);
  // Classes: crawlers that select the same groups before and after.
  const classes = new Map<string, Who[]>();
  const named = namedIn([before.model, after.model]);
  let starClass: Who[] | undefined; // `*`'s class (listed first), if its rules change
  for (const who of crawlers) {
    if (unnamed(who, named)) {
      // A registry crawler no group names in either file selects `*`'s groups in both (so is in `*`'s class), or none in both.
      if ((who.agent as Crawler).obeysGlobalGroup !== false) starClass?.push(who);
      continue;
    }
    const k0 = before.key(who);
    const k1 = after.key(who);
    if (before.signature(k0) === after.signature(k1)) continue;
    const k = `${k0}|${k1}`;
    let list = classes.get(k);
    if (list) list.push(who);
    else classes.set(k, (list = [who]));
    if (who.star) starClass = list;
  }
  const out: Effect[] = [];
  const byChanges = new Map<string, Effect>();
  for (const [k, who] of classes) {
    const [k0, k1] = k.split('|') as [string, string];
    const { paths, patterns } = pathsFor([before.patterns(k0), after.patterns(k1)]);
    const joined = paths.join('\n');
    const a = before.verdicts(who[0]!, joined);
    const b = after.verdicts(who[0]!, joined);
    const changes: Change[] = [];
    for (let i = 0; i < paths.length; i++)
      if (a[i] !== b[i]) changes.push({ pattern: patterns[i]!, path: paths[i]!, allowed: b[i] === 1 });
    if (!changes.length) continue;
    // Classes that change alike are said together.
    const id = changes.map((c) => `${c.allowed ? '+' : '-'}${c.path}`).join('\n');
    const same = byChanges.get(id);
    if (same) {
      same.classes.push(who);
      continue;
    }
    const effect = { classes: [who], changes };
    byChanges.set(id, effect);
    out.push(effect);
  }
  return out;
}

/** Crawlers a message names to say who `*` stands for, when they have no group of their own. */
const WELL_KNOWN = ['googlebot', 'bingbot', 'gptbot', 'claudebot', 'ccbot'];

/** How a message names the crawlers of an effect: a class with `*` as the crawlers with no group of their own (naming the well-known ones), others by name. */
export function namesOf(classes: readonly Who[][]): string {
  const parts: string[] = [];
  const named: string[] = [];
  for (const who of classes) {
    if (!who.some((w) => w.star)) {
      named.push(...who.map((w) => w.name));
      continue;
    }
    // Two well-known names, then how many more the class holds (all of them, not just the well-known ones left).
    const known = WELL_KNOWN.map((k) => who.find((w) => w.name.toLowerCase() === k)?.name)
      .filter((n): n is string => n !== undefined)
      .slice(0, 2);
    const left = who.length - known.length;
    const shown = left > 0 ? [...known, `${left} ${left === 1 ? 'other' : 'others'}`] : known;
    parts.push(
      known.length
        ? `crawlers with no group of their own (${listOf(shown, shown.length)})`
        : 'crawlers with no group of their own',
    );
  }
  if (named.length) parts.push(listOf(named, 4, 'more crawlers'));
  return parts.join(' and ');
}

/** The sentences that say what a change does: "GPTBot will then be disallowed from /." */
export function sayEffects(list: readonly Effect[]): string {
  if (!list.length) return "No crawler's verdict changes on the paths this file names.";
  return `${list
    .map((e) => {
      const blocked = e.changes.filter((c) => !c.allowed).map((c) => c.pattern);
      const freed = e.changes.filter((c) => c.allowed).map((c) => c.pattern);
      const parts: string[] = [];
      if (blocked.includes('/')) parts.push('be disallowed from /');
      else if (blocked.length) parts.push(`be disallowed from ${listOf(blocked, 3, 'more paths')}`);
      if (freed.length) parts.push(`be allowed ${listOf(freed, 3, 'more paths')}`);
      const s = `${namesOf(e.classes)} will then ${parts.join(' and ')}`;
      // A sentence starts with a capital, but a crawler's name keeps its own spelling (`img2dataset`).
      return s.startsWith('crawlers ') ? s[0]!.toUpperCase() + s.slice(1) : s;
    })
    .join('. ')}.`;
}
