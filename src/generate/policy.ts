// A robots.txt policy: what a site wants each crawler to do, as plain JSON.
// Validation turns a policy as written (a file, a form) into one checked
// shape with every pattern percent-encoded once, or throws a PolicyError
// naming the field at fault.

import { isPlainToken } from '../index.js';
import { leadingToken } from '../rules/agent.js';
import type { CrawlerPurpose } from '../crawlers/registry.js';
import { crawler as findCrawler } from '../crawlers/lookup.js';
import { encodePattern } from './encode.js';
import { printable } from '../common/printable.js';
import { depthOf, MAX_CRAWLERS, MAX_DEPTH, MAX_PATHS, MAX_PATTERN, shown } from './limits.js';
import { meantCrawler } from '../lint/misspelt-name.js';

/**
 * Purposes a policy can speak to: the registry's purposes, `ai` (AI
 * training, search and assistants at once) and `user-triggered` (fetchers
 * that act on a person's request, whatever their purpose).
 */
export type PolicyPurpose = CrawlerPurpose | 'ai' | 'user-triggered';

/** Rules of one's own; `default: false` leaves out the default rules (otherwise carried in). */
export interface AccessRules {
  allow?: readonly string[];
  disallow?: readonly string[];
  /** Carry the default rules into this crawler's group too (default true). */
  default?: boolean;
}

/** allow: the default rules (everything when the default blocks everything); block: nothing at all. */
export type Access = 'allow' | 'block' | AccessRules;

export interface DefaultRules {
  allow?: readonly string[];
  disallow?: readonly string[];
}

export type SignalKey = 'search' | 'ai-input' | 'ai-train';

export interface Policy {
  /** A ready-made policy (presets.ts) this one starts from: its own fields win. */
  preset?: string;
  /** The rules for every crawler: `allow` (everything), `block` (nothing) or rules. */
  default?: DefaultRules | 'allow' | 'block';
  /** Intent per purpose, read through the crawler registry. */
  purposes?: Partial<Record<PolicyPurpose, Access>>;
  /** Intent per crawler: a registry name (or its token; MJ12bot is written as the `MJ` Google reads), or any other product token. */
  crawlers?: Record<string, Access>;
  /** Names under `crawlers` that are crawlers of their own although close to a registry crawler's name (else refused as a typo). */
  custom?: readonly string[];
  /** Content-Signal values, written in every group whose crawlers may fetch something. */
  signals?: Partial<Record<SignalKey, 'yes' | 'no'>>;
  /** A Content-Usage value (AI preferences, e.g. `train-ai=n`), written like the signals. */
  contentUsage?: string;
  /** License URLs (RSL). */
  license?: readonly string[] | string;
  sitemaps?: readonly string[];
  /** More paths to prove, besides `/` and the policy's own patterns. */
  paths?: readonly string[];
  /** A Host line: written only when asked (only Yandex ever read it, and it no longer does). */
  host?: string;
  /** A Crawl-delay in seconds: written only when asked, in the groups of crawlers that read it. */
  crawlDelay?: number;
}

/** A policy that cannot be compiled: `field` says where (e.g. `crawlers.AI2Bot`). */
export class PolicyError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    // The field and message quote the policy (a crawler's name, a path): printed as escapes, never raw.
    super(`policy ${printable(field)}: ${printable(message)}`);
    this.name = 'PolicyError';
    this.field = field;
  }
}

/** A rule set: patterns as written in the file (encoded once), sorted. */
export interface RuleSet {
  allow: string[];
  disallow: string[];
}

/** One access as checked: block, allow (the default's), or rules with or without the default. */
export type CheckedAccess =
  | { kind: 'allow' }
  | { kind: 'block' }
  | { kind: 'rules'; rules: RuleSet; withDefault: boolean };

export interface CheckedPolicy {
  defaultKind: 'allow' | 'block' | 'rules';
  defaultRules: RuleSet;
  purposes: Map<PolicyPurpose, CheckedAccess>;
  /** Keyed by the name as the policy wrote it. */
  crawlers: Map<string, CheckedAccess>;
  /** The `custom` names, lower-cased: crawlers of the policy's own, close to a registry name on purpose. */
  custom: Set<string>;
  signals: [SignalKey, 'yes' | 'no'][];
  contentUsage?: string;
  licenses: string[];
  sitemaps: string[];
  paths: string[];
  host?: string;
  crawlDelay?: number;
  /** Patterns the encoding changed: as given and as written. */
  encoded: { field: string; original: string; written: string }[];
}

const PURPOSES: readonly PolicyPurpose[] = [
  'search',
  'ads',
  'ai-training',
  'ai-search',
  'ai-assistant',
  'archive',
  'seo',
  'social',
  'other',
  'ai',
  'user-triggered',
];
const SIGNAL_KEYS: readonly SignalKey[] = ['search', 'ai-input', 'ai-train'];
const TOP_KEYS = [
  'preset',
  'default',
  'purposes',
  'crawlers',
  'custom',
  'signals',
  'contentUsage',
  'license',
  'sitemaps',
  'paths',
  'host',
  'crawlDelay',
];

const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function checkPolicy(policy: unknown, presets: Record<string, Policy>): CheckedPolicy {
  if (!isObject(policy)) throw new PolicyError('(root)', `must be an object, got ${kindOf(policy)}`);
  if (depthOf(policy) > MAX_DEPTH)
    throw new PolicyError(
      '(root)',
      `nests more than ${MAX_DEPTH} levels deep; a policy needs five (crawlers.GPTBot.allow[0])`,
    );
  for (const key of Object.keys(policy)) {
    if (!TOP_KEYS.includes(key))
      throw new PolicyError(key, `is not a policy field (the fields are ${TOP_KEYS.join(', ')})`);
  }
  let p = policy as Policy;
  if (p.preset !== undefined) {
    if (typeof p.preset !== 'string' || !Object.hasOwn(presets, p.preset)) {
      throw new PolicyError('preset', `must be one of ${Object.keys(presets).join(', ')}, got ${shown(p.preset)}`);
    }
    p = mergePreset(presets[p.preset]!, p);
  }
  const encoded: CheckedPolicy['encoded'] = [];
  let budget = MAX_PATHS;
  const patterns = (field: string, list: unknown): string[] => {
    if (list === undefined) return [];
    if (!Array.isArray(list)) throw new PolicyError(field, `must be a list of paths, got ${kindOf(list)}`);
    if ((budget -= list.length) < 0)
      throw new PolicyError(
        field,
        `the policy names more than ${MAX_PATHS.toLocaleString('en-US')} patterns and paths together, and one proof reads at most ${MAX_PATHS.toLocaleString('en-US')}`,
      );
    const out = new Set<string>();
    list.forEach((given: unknown, i) => {
      const at = `${field}[${i}]`;
      if (typeof given !== 'string') throw new PolicyError(at, `must be a path, got ${kindOf(given)}`);
      if (given.length > MAX_PATTERN) throw new PolicyError(at, `is longer than ${MAX_PATTERN} characters`);
      if (/^[a-z][a-z0-9+.-]*:/i.test(given))
        throw new PolicyError(
          at,
          `${JSON.stringify(given)} is a URL: rules match the path alone, so write it as a path starting with /`,
        );
      if (!given.startsWith('/') && !given.startsWith('*'))
        throw new PolicyError(at, `${JSON.stringify(given)} must start with / (or *): every URL path does`);
      // A URL's fragment is never sent, so a path holds no `#`; in robots.txt it would start a comment.
      if (given.includes('#')) {
        const before = given.slice(0, given.indexOf('#')).trimEnd();
        throw new PolicyError(
          at,
          `${JSON.stringify(given)} has a #: crawlers never send what follows # (a URL's fragment), so no rule can match it, and in robots.txt it starts a comment; write the path without it${before ? ` (${JSON.stringify(before)})` : ''}, or %23 for a # that is part of the path`,
        );
      }
      const written = encodePattern(given);
      if (written !== given) encoded.push({ field: at, original: given, written });
      out.add(written);
    });
    return [...out].sort();
  };
  const ruleSet = (field: string, v: Record<string, unknown>): RuleSet => ({
    allow: patterns(`${field}.allow`, v.allow),
    disallow: patterns(`${field}.disallow`, v.disallow),
  });
  const access = (field: string, v: unknown): CheckedAccess => {
    if (v === 'allow' || v === 'block') return { kind: v };
    if (!isObject(v)) throw new PolicyError(field, `must be "allow", "block" or { allow, disallow }, got ${shown(v)}`);
    for (const key of Object.keys(v))
      if (!['allow', 'disallow', 'default'].includes(key))
        throw new PolicyError(`${field}.${key}`, 'is not a field of rules (allow, disallow, default)');
    if (v.default !== undefined && typeof v.default !== 'boolean')
      throw new PolicyError(`${field}.default`, `must be true or false, got ${kindOf(v.default)}`);
    return { kind: 'rules', rules: ruleSet(field, v), withDefault: v.default !== false };
  };

  let defaultKind: CheckedPolicy['defaultKind'] = 'allow';
  let defaultRules: RuleSet = { allow: [], disallow: [] };
  if (p.default === 'block') {
    defaultKind = 'block';
    defaultRules = { allow: [], disallow: ['/'] };
  } else if (p.default !== undefined && p.default !== 'allow') {
    if (!isObject(p.default))
      throw new PolicyError('default', `must be "allow", "block" or { allow, disallow }, got ${shown(p.default)}`);
    for (const key of Object.keys(p.default))
      if (!['allow', 'disallow'].includes(key))
        throw new PolicyError(`default.${key}`, 'is not a field of the default rules (allow, disallow)');
    defaultRules = ruleSet('default', p.default as Record<string, unknown>);
    defaultKind = defaultRules.allow.length || defaultRules.disallow.length ? 'rules' : 'allow';
    // `Disallow: /` with no Allow is a closed site, what "block" says: the same intent, the same file.
    if (!defaultRules.allow.length && defaultRules.disallow.includes('/')) {
      defaultKind = 'block';
      defaultRules = { allow: [], disallow: ['/'] };
    }
  }

  const purposes = new Map<PolicyPurpose, CheckedAccess>();
  if (p.purposes !== undefined) {
    if (!isObject(p.purposes)) throw new PolicyError('purposes', `must be an object, got ${kindOf(p.purposes)}`);
    for (const [key, v] of Object.entries(p.purposes)) {
      if (!PURPOSES.includes(key as PolicyPurpose))
        throw new PolicyError(`purposes.${key}`, `is not a purpose (the purposes are ${PURPOSES.join(', ')})`);
      purposes.set(key as PolicyPurpose, access(`purposes.${key}`, v));
    }
  }

  if (p.custom !== undefined && (!Array.isArray(p.custom) || p.custom.some((n) => typeof n !== 'string')))
    throw new PolicyError('custom', `must be a list of names under \`crawlers\`, got ${kindOf(p.custom)}`);
  const custom = new Set<string>(p.custom ?? []);
  const crawlers = new Map<string, CheckedAccess>();
  if (p.crawlers !== undefined) {
    if (!isObject(p.crawlers))
      throw new PolicyError('crawlers', `must be an object of crawler names, got ${kindOf(p.crawlers)}`);
    const names = Object.keys(p.crawlers);
    if (names.length > MAX_CRAWLERS) throw new PolicyError('crawlers', `names more than ${MAX_CRAWLERS} crawlers`);
    for (const name of names) {
      // The product-token rule (RFC 9309 2.2.1): a User-agent line is cut at its first character outside [A-Za-z_-].
      // A registry crawler whose name is not a token (MJ12bot) is addressed by the token Google reads (MJ).
      if (!isPlainToken(name) && !findCrawler(name)) {
        const read = leadingToken(name);
        throw new PolicyError(
          `crawlers.${name}`,
          read
            ? `${JSON.stringify(name)} is not a product token (letters, - and _ only): Google reads it as ${JSON.stringify(read)}, so a group for it would speak to crawlers named ${read}`
            : `${JSON.stringify(name)} is not a product token (letters, - and _ only): a group for it would speak to no crawler`,
        );
      }
      // A registry crawler whose name Google reads as nothing (360Spider): no group can be written for it;
      // naming it accepts the * group's rules for it (resolveIntents refuses any other rules).
      const entry = findCrawler(name);
      // A name close to a registry crawler's (GTPBot, Claude-Bot) blocks nobody: a typo until `custom` says otherwise.
      const meant = entry ? undefined : meantCrawler(name);
      if (meant && !custom.has(name))
        throw new PolicyError(
          `crawlers.${name}`,
          `no crawler we know is named ${JSON.stringify(name)}; did you mean ${JSON.stringify(meant)}? Crawlers follow a group only when it names their own token, so ${meant} would not follow this one. If ${name} is a crawler of its own, list it in "custom": ["${name}"]`,
        );
      crawlers.set(name, access(`crawlers.${name}`, p.crawlers[name]));
    }
  }
  for (const name of custom) {
    if (!crawlers.has(name))
      throw new PolicyError(
        'custom',
        `${JSON.stringify(name)} is not a key of \`crawlers\`: list there the crawlers of your own`,
      );
    if (findCrawler(name))
      throw new PolicyError(
        'custom',
        `${JSON.stringify(name)} is a registry crawler (${findCrawler(name)!.name}), not one of your own`,
      );
  }

  const signals: [SignalKey, 'yes' | 'no'][] = [];
  if (p.signals !== undefined) {
    if (!isObject(p.signals))
      throw new PolicyError(
        'signals',
        `must be an object such as { "search": "yes", "ai-train": "no" }, got ${kindOf(p.signals)}`,
      );
    for (const [key, v] of Object.entries(p.signals)) {
      if (!SIGNAL_KEYS.includes(key as SignalKey))
        throw new PolicyError(`signals.${key}`, `is not a Content-Signal key (they are ${SIGNAL_KEYS.join(', ')})`);
      if (v !== 'yes' && v !== 'no') throw new PolicyError(`signals.${key}`, `must be "yes" or "no", got ${shown(v)}`);
    }
    for (const key of SIGNAL_KEYS) if (p.signals[key] !== undefined) signals.push([key, p.signals[key]!]);
  }

  const line = (field: string, v: unknown): string => {
    if (typeof v !== 'string' || v.trim() === '')
      throw new PolicyError(field, `must be a non-empty string, got ${kindOf(v)}`);
    if (/[\r\n#]/.test(v) || v.length > MAX_PATTERN)
      throw new PolicyError(
        field,
        'must fit on one line, without # (which starts a comment), in at most 2,000 characters',
      );
    return v.trim();
  };
  const url = (field: string, v: unknown): string => {
    const text = line(field, v);
    if (!/^https?:\/\/[^\s/]+/i.test(text) || /\s/.test(text))
      throw new PolicyError(field, `must be a full URL (https://...), got ${JSON.stringify(text)}`);
    return text;
  };
  const urls = (field: string, v: unknown): string[] => {
    if (v === undefined) return [];
    const list = typeof v === 'string' ? [v] : v;
    if (!Array.isArray(list)) throw new PolicyError(field, `must be a list of URLs, got ${kindOf(v)}`);
    if (list.length > MAX_PATHS)
      throw new PolicyError(field, `has more than ${MAX_PATHS.toLocaleString('en-US')} URLs`);
    return [...new Set(list.map((u, i) => url(`${field}[${i}]`, u)))];
  };

  const checked: CheckedPolicy = {
    defaultKind,
    defaultRules,
    purposes,
    crawlers,
    custom: new Set([...custom].map((n) => n.toLowerCase())),
    signals,
    licenses: urls('license', p.license),
    sitemaps: urls('sitemaps', p.sitemaps),
    paths: [],
    encoded,
  };
  if (p.paths !== undefined) {
    if (!Array.isArray(p.paths)) throw new PolicyError('paths', `must be a list of paths, got ${kindOf(p.paths)}`);
    const before = encoded.length;
    checked.paths = patterns(
      'paths',
      // A path to prove is a URL's path: a fragment is not sent, so it is not proved either.
      p.paths.map((x) => (typeof x !== 'string' ? x : (x.startsWith('*') ? `/${x}` : x).replace(/#.*$/s, '') || '/')),
    );
    encoded.length = before; // sample paths are not written in the file
  }
  if (p.contentUsage !== undefined) checked.contentUsage = line('contentUsage', p.contentUsage);
  if (p.host !== undefined) {
    const host = line('host', p.host);
    if (!/^[A-Za-z0-9.-]+(:\d+)?$/.test(host) && !/^https?:\/\/[A-Za-z0-9.-]+(:\d+)?$/.test(host))
      throw new PolicyError('host', `must be a host name (example.com), got ${JSON.stringify(host)}`);
    checked.host = host;
  }
  if (p.crawlDelay !== undefined) {
    if (typeof p.crawlDelay !== 'number' || !Number.isFinite(p.crawlDelay) || p.crawlDelay <= 0 || p.crawlDelay > 60) {
      throw new PolicyError(
        'crawlDelay',
        `must be a number of seconds above 0 and at most 60, got ${shown(p.crawlDelay)}`,
      );
    }
    checked.crawlDelay = p.crawlDelay;
  }
  return checked;
}

/** A preset under a policy: the policy's own fields win, its purposes and crawlers entry by entry. */
function mergePreset(preset: Policy, policy: Policy): Policy {
  const { preset: _, ...own } = policy;
  const merged: Policy = { ...preset, ...own };
  if (preset.purposes || own.purposes) merged.purposes = { ...preset.purposes, ...own.purposes };
  if (preset.crawlers || own.crawlers) merged.crawlers = { ...preset.crawlers, ...own.crawlers };
  if (preset.signals || own.signals) merged.signals = { ...preset.signals, ...own.signals };
  return merged;
}
