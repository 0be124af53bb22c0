// What the policy means for each crawler: the rule set it should follow,
// resolved through the registry. A crawler's own entry wins, then
// `user-triggered` for fetchers acting for a person, then its purposes,
// then the default. A crawler serves every purpose in its `purposes` list
// (CCBot archives and feeds AI training), and one robots.txt token cannot
// give it one rule set per purpose: each purpose the policy speaks to (the
// purpose itself, or `ai` for an AI purpose) is a candidate, a block wins
// over any other (`ai-training: block` keeps CCBot out, archive or not, since
// nothing else keeps its pages out of the training data), otherwise the
// first in the crawler's own order (its main purpose first) wins. Where the
// choice overrides what another of its purposes would give, the intent says
// so, and generate() tells the site owner.

import { crawlerRegistry, type CrawlerEntry, type CrawlerPurpose, type ReadsRobotsTxt } from '../crawlers/registry.js';
import { crawler as findCrawler, AI_PURPOSES } from '../crawlers/lookup.js';
import { PolicyError, type CheckedAccess, type CheckedPolicy, type PolicyPurpose, type RuleSet } from './policy.js';

/** A crawler the policy speaks to: a registry entry, or a token the policy adds. */
export interface Subject {
  name: string;
  tokens: readonly string[];
  obeysGlobalGroup: boolean;
  purpose: CrawlerPurpose | 'added';
  readsRobotsTxt: ReadsRobotsTxt | 'unknown';
  sentInRequests: boolean;
  entry?: CrawlerEntry;
}

export interface Intent {
  subject: Subject;
  rules: RuleSet;
  /** Stable text of `rules`, for grouping. */
  key: string;
  /** What set it, in the policy's words (`default`, `purposes.search`, `crawlers.GPTBot`). */
  from: string;
  /** The token through which a `crawlers` key for another crawler binds this one (BingPreview answers to `bingbot`). */
  shared?: string;
  /** The crawler's other purposes that would give it other rules: it serves them too, and they get `rules`. */
  overrides?: CrawlerPurpose[];
  /** For a crawler no `User-agent:` line can name (360Spider) whose intent is not the default's: the field that asked for it. No file can give it `rules`: it follows `*`. */
  unnameable?: string;
}

/** Can a `User-agent:` line name this registry crawler? Not when Google reads no name from its name (360Spider: its token is its name, no product token). */
export const nameable = (entry: CrawlerEntry): boolean => /^[A-Za-z_-]+$/.test(entry.tokens[0]!);

export const ALLOW_ALL: RuleSet = { allow: [], disallow: [] };
export const BLOCK_ALL: RuleSet = { allow: [], disallow: ['/'] };
export const keyOf = (r: RuleSet) => JSON.stringify([r.allow, r.disallow]);
/** Whether a rule set lets its crawler fetch anything at all. */
export const fetchesSomething = (r: RuleSet) => !(r.allow.length === 0 && r.disallow.includes('/'));

export function subjectOf(entry: CrawlerEntry): Subject {
  return {
    name: entry.name,
    tokens: entry.tokens,
    obeysGlobalGroup: entry.obeysGlobalGroup,
    purpose: entry.purpose,
    readsRobotsTxt: entry.readsRobotsTxt,
    sentInRequests: entry.sentInRequests,
    entry,
  };
}

export function resolveIntents(policy: CheckedPolicy): Intent[] {
  const own = new Map<CrawlerEntry, { access: CheckedAccess; from: string; shared?: string }>();
  const added: Subject[] = [];
  const addedAccess = new Map<Subject, CheckedAccess>();
  // A key binds its crawler and every registry crawler that answers to the same token (`bingbot` binds
  // BingPreview, `AI2Bot` binds Ai2Bot-Dolma): one token, one group. A crawler's own name wins over a shared token.
  for (const [name, access] of policy.crawlers) {
    const entry = findCrawler(name);
    if (!entry) continue;
    const token = entry.tokens[0]!.toLowerCase();
    // Only the token itself (`bingbot`), or a name that is no token and so is written as one (`AI2Bot` as `AI`):
    // a key naming BingPreview does not bind Bing's search crawler.
    if (name.toLowerCase() !== token && /^[A-Za-z_-]+$/.test(name)) continue;
    for (const other of crawlerRegistry) {
      if (other === entry || other.tokens[0]!.toLowerCase() !== token || own.has(other)) continue;
      if ([...policy.crawlers.keys()].some((k) => findCrawler(k) === other)) continue;
      own.set(other, { access, from: `crawlers.${name}`, shared: entry.tokens[0]! });
    }
  }
  for (const [name, access] of policy.crawlers) {
    const entry = findCrawler(name);
    if (entry) own.set(entry, { access, from: `crawlers.${name}` });
    else {
      const subject: Subject = {
        name,
        tokens: [name],
        obeysGlobalGroup: true,
        purpose: 'added',
        readsRobotsTxt: 'unknown',
        sentInRequests: true,
      };
      added.push(subject);
      addedAccess.set(subject, access);
    }
  }
  const intents: Intent[] = [];
  for (const entry of crawlerRegistry) {
    let chosen: { access: CheckedAccess; from: string; shared?: string } | undefined = own.get(entry);
    let overrides: CrawlerPurpose[] | undefined;
    if (!chosen && entry.readsRobotsTxt === 'user-triggered') {
      const access = policy.purposes.get('user-triggered');
      if (access) chosen = { access, from: 'purposes.user-triggered' };
    }
    if (!chosen) {
      const candidates: { purpose: CrawlerPurpose; access: CheckedAccess; from: string }[] = [];
      for (const purpose of entry.purposes) {
        const key: PolicyPurpose | undefined = policy.purposes.has(purpose)
          ? purpose
          : AI_PURPOSES.includes(purpose) && policy.purposes.has('ai')
            ? 'ai'
            : undefined;
        if (key) candidates.push({ purpose, access: policy.purposes.get(key)!, from: `purposes.${key}` });
      }
      const pick = candidates.find((c) => c.access.kind === 'block') ?? candidates[0];
      if (pick) {
        chosen = { access: pick.access, from: pick.from };
        const key = keyOf(rulesOf(policy, pick.access));
        const others = entry.purposes.filter((purpose) => {
          const c = candidates.find((x) => x.purpose === purpose);
          return keyOf(c ? rulesOf(policy, c.access) : policy.defaultRules) !== key;
        });
        if (others.length) overrides = others;
      }
    }
    const rules = chosen ? rulesOf(policy, chosen.access) : policy.defaultRules;
    if (!nameable(entry) && keyOf(rules) !== keyOf(policy.defaultRules)) {
      // No line can name it: it follows `*`, whatever the policy asks. Named under `crawlers`, it may only accept that.
      if (own.has(entry))
        throw new PolicyError(
          chosen!.from,
          `Google's parser reads no name from ${JSON.stringify(entry.name)}, so no User-agent line can name it: it follows the * group, and can only be given the default's rules there (${policy.defaultKind === 'block' ? '"block"' : '"allow"'})`,
        );
      // The intent is kept: the proof marks its cells as ones no file can meet.
      intents.push({
        subject: subjectOf(entry),
        rules,
        key: keyOf(rules),
        from: chosen!.from,
        unnameable: chosen!.from,
      });
      continue;
    }
    intents.push({
      subject: subjectOf(entry),
      rules,
      key: keyOf(rules),
      from: chosen?.from ?? 'default',
      ...(overrides ? { overrides } : {}),
      ...(chosen?.shared ? { shared: chosen.shared } : {}),
    });
  }
  for (const subject of added.sort((a, b) => a.name.localeCompare(b.name, 'en'))) {
    const rules = rulesOf(policy, addedAccess.get(subject)!);
    intents.push({ subject, rules, key: keyOf(rules), from: `crawlers.${subject.name}` });
  }
  return intents;
}

/** An access as a rule set: the default's rules carried in unless it says otherwise. */
export function rulesOf(policy: CheckedPolicy, access: CheckedAccess): RuleSet {
  if (access.kind === 'block') return BLOCK_ALL;
  // `allow` when the default blocks everything: this crawler is the exception, and may fetch everything.
  if (access.kind === 'allow') return policy.defaultKind === 'block' ? ALLOW_ALL : policy.defaultRules;
  const own = access.rules;
  if (!access.withDefault) return own;
  const allow = new Set([...policy.defaultRules.allow, ...own.allow]);
  const disallow = new Set([...policy.defaultRules.disallow.filter((p) => !own.allow.includes(p)), ...own.disallow]);
  for (const p of own.disallow) allow.delete(p);
  return { allow: [...allow].sort(), disallow: [...disallow].sort() };
}
