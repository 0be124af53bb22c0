// Every option of createEnforcer in one place, with its default and its
// check. A wrong option throws EnforcerOptionError naming it, when the
// enforcer is created (never on a request).

import { ORIGIN_PROFILES, type OriginProfile } from './path.js';
import { Robots, RobotsCache, type Verdict } from '../index.js';
import { selectCrawlers, type CrawlerSelection } from '../crawlers/lookup.js';
import type { CrawlerEntry } from '../crawlers/registry.js';

declare global {
  // Empty here; merged with the real declarations where the DOM lib or
  // @types/node has them (as in the main entry), so the types compile with
  // lib es2022 alone.
  interface Response {}
  interface URL {}
}

/** A request as the enforcer reads it: a fetch `Request`, or its URL and User-Agent header. */
export type EdgeRequest = RequestLike | PlainRequest;

/** What the enforcer reads of a fetch `Request` (a `Request` is one). */
export interface RequestLike {
  readonly url: string;
  readonly method?: string;
  readonly headers: { get(name: string): string | null };
}

/** A request given as its parts (Node's `req.url` is a path: that works too). */
export interface PlainRequest {
  /** An absolute URL, or a path starting with `/` (and its query). */
  readonly url: string;
  /** The User-Agent header; missing or null is a client that sent none (it passes). */
  readonly userAgent?: string | null;
  /** Default 'GET'. Only matters for serving /robots.txt. */
  readonly method?: string;
}

/** Where background work goes so that the runtime lets it finish: a Worker's `ctx`, Next.js' `event`. */
export interface WaitUntil {
  waitUntil(promise: Promise<unknown>): void;
}

/** The site's robots.txt: its text, its bytes, a parsed Robots, a URL of the site (its /robots.txt is fetched and refreshed), or what generate() made of a policy. */
export type RobotsSource = string | Uint8Array | ArrayBuffer | Robots | URL | GeneratedRobots;

/**
 * What robotsmatch/generate's generate(policy) returns: the robots.txt it
 * proved (its `text`) is enforced, and served with `serveRobotsTxt`. Taken
 * by shape, so that the edge build does not carry the generator.
 */
export interface GeneratedRobots {
  readonly text: string;
  readonly matrix: object;
}

export type EnforcerAction<R extends EdgeRequest = EdgeRequest> =
  | 'log'
  | 'block'
  | ((decision: Decision, request: R) => Response | undefined | undefined | Promise<Response | undefined | undefined>);

export interface EnforcerOptions<R extends EdgeRequest = EdgeRequest> {
  /**
   * The robots.txt to enforce. Text or bytes are parsed once (on the first
   * request); a Robots is used as it is (and never disposed by the
   * enforcer); a URL (`new URL('https://example.com/robots.txt')`) is
   * fetched through `cache` on the first request and refetched in the
   * background when it expires (Cache-Control, else 24 hours). A string is
   * always robots.txt text: pass a URL as a `URL`. A policy goes through
   * generate() first: `robots: generate(policy)`.
   */
  robots: RobotsSource;
  /** The RobotsCache that fetches a URL `robots` (default: a new one with its defaults). Only with a URL. */
  cache?: RobotsCache;
  /**
   * What happens to a request its robots.txt disallows: 'log' (default: it
   * goes on, and the violation is reported), 'block' (a 403 naming the
   * rule), or a function that returns the Response to answer with, or
   * undefined to let the request go on.
   */
  action?: EnforcerAction<R>;
  /**
   * Called with every violation (a crawler requesting a URL its robots.txt
   * disallows, whatever the action). Default: one console.warn line each. A
   * returned promise is handed to `ctx.waitUntil` when handle() or decide()
   * was given a ctx; errors it throws or rejects with go to console.error.
   */
  onViolation?: (violation: Violation, request: R) => void | Promise<void>;
  /**
   * Which known crawlers robots.txt is enforced on: 'all' (default), 'ai',
   * a purpose ('search', 'ai-training', ...) or a list of names or registry
   * entries. Others pass (their decision says `skipped: 'unselected'`).
   */
  crawlers?: CrawlerSelection;
  /**
   * Clients that no registry entry names but that isBot() recognises:
   * 'pass' (default: untouched, like browsers) or 'enforce' (as a crawler
   * whose one token is the header's product token: the group naming that
   * token if the file has one, else the `*` group).
   */
  unknownBots?: 'pass' | 'enforce';
  /** Answer GET and HEAD /robots.txt with the enforced file itself (not with a parsed Robots as `robots`). Default false. */
  serveRobotsTxt?: boolean;
  /** How many distinct User-Agent headers to remember who they are (least recently seen forgotten first). Default 4,096. */
  maxUserAgents?: number;
  /** The clock, ms since the epoch (default Date.now): violation times and refresh. */
  now?: () => number;
  /**
   * How the origin behind the enforcer reads paths (docs/edge.md, "How your
   * origin reads paths"): 'strict' (RFC 3986: unreserved escapes decoded,
   * slashes merged, dot segments resolved), 'common' (default: also `%2F`,
   * `%5C` and `\` as `/`, `;params` dropped, dot segments resolved after
   * that) or 'case-insensitive' (common, and any case: IIS). A request is
   * disallowed when any reading of its path is.
   */
  origin?: OriginProfile;
}

/** The enforcer's answer for one request. */
export interface Decision {
  /** False only when the site's robots.txt disallows the URL for this client and robots.txt was applied. */
  allowed: boolean;
  /** Whether robots.txt was applied to the request. */
  enforced: boolean;
  /**
   * Why it was not applied: a browser or a client with no header
   * ('browser'), an unknown bot under unknownBots 'pass' ('bot'), a crawler
   * outside `options.crawlers` ('unselected'), the request is for
   * /robots.txt itself ('robots.txt'), or no robots.txt could be fetched
   * yet ('unreachable'). Undefined when it was applied.
   */
  skipped: 'browser' | 'bot' | 'unselected' | 'robots.txt' | 'unreachable' | undefined;
  /** Who the client says it is: a registry crawler, another bot (isBot()), or anything else. */
  client: 'crawler' | 'bot' | 'browser';
  /** The registry entry for a crawler (the first its header names). */
  crawler: CrawlerEntry | undefined;
  /** Whose group was followed: the token that named it, `*` for the global group, null when none applies or robots.txt was not applied. */
  group: string | null;
  /** 1-based line of the deciding rule; 0 when no rule decided. */
  line: number;
  /** The deciding rule as written; null when none. */
  rule: Verdict['rule'];
  /** The request's URL as given (its path and query are what was matched). */
  url: string;
  userAgent: string;
}

/** One crawler request for a URL its robots.txt disallows. */
export interface Violation {
  /** When, in ms since the epoch. */
  time: number;
  /** The crawler's registry name; for an unknown bot, its header's product token. */
  crawler: string;
  /** Who runs it (undefined for an unknown bot). */
  operator: string | undefined;
  userAgent: string;
  url: string;
  /** The token whose group disallowed it, `*` for the global group. */
  group: string | null;
  line: number;
  rule: NonNullable<Verdict['rule']>;
  /** The enforcer's action for it: 'log', 'block' or 'callback'. */
  action: 'log' | 'block' | 'callback';
}

/** A wrong option of createEnforcer. `option` names it (`options.action`). */
export class EnforcerOptionError extends TypeError {
  readonly option: string;
  constructor(option: string, message: string) {
    super(`${option} ${message}`);
    this.name = 'EnforcerOptionError';
    this.option = option;
  }
}

export interface ResolvedEnforcerOptions {
  source:
    | { kind: 'text'; body: string | Uint8Array }
    | { kind: 'robots'; robots: Robots }
    | { kind: 'url'; url: string; cache: RobotsCache };
  action: 'log' | 'block' | ((decision: Decision, request: never) => unknown);
  onViolation: ((violation: Violation, request: never) => unknown) | undefined;
  /** The crawlers robots.txt applies to; undefined for all. */
  crawlers: ReadonlySet<CrawlerEntry> | undefined;
  unknownBots: 'pass' | 'enforce';
  serveRobotsTxt: boolean;
  maxUserAgents: number;
  now: () => number;
  origin: OriginProfile;
}

const KNOWN = [
  'robots',
  'cache',
  'action',
  'onViolation',
  'crawlers',
  'unknownBots',
  'serveRobotsTxt',
  'maxUserAgents',
  'now',
  'origin',
];

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (typeof value === 'object') return `a ${(value as object).constructor?.name ?? 'object'}`;
  return typeof value === 'function' ? 'a function' : String(value);
}

function isUrl(value: unknown): value is URL {
  // instanceof fails across realms and for polyfills: a URL has href and protocol strings.
  return (
    (typeof URL === 'function' && value instanceof URL) ||
    (typeof value === 'object' &&
      value !== null &&
      typeof (value as URL).href === 'string' &&
      typeof (value as URL).protocol === 'string' &&
      typeof (value as URL).origin === 'string')
  );
}

function isGenerated(value: unknown): value is GeneratedRobots {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as GeneratedRobots).text === 'string' &&
    typeof (value as GeneratedRobots).matrix === 'object' &&
    (value as GeneratedRobots).matrix !== null
  );
}

/** Checks and completes createEnforcer's options; throws EnforcerOptionError naming the first wrong one. */
export function resolveEnforcerOptions(options: unknown): ResolvedEnforcerOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new EnforcerOptionError('options', `must be an object with at least { robots }, got ${kind(options)}`);
  }
  const o = options as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (!KNOWN.includes(key))
      throw new EnforcerOptionError(`options.${key}`, `is not an option (the options are ${KNOWN.join(', ')})`);
  }

  const robots = o.robots;
  let source: ResolvedEnforcerOptions['source'];
  if (typeof robots === 'string') {
    if (/^\s*https?:\/\/\S*\s*$/i.test(robots)) {
      throw new EnforcerOptionError(
        'options.robots',
        `is a string, which is robots.txt text, but reads as a URL (${kind(robots)}): pass new URL(...) to fetch it`,
      );
    }
    source = { kind: 'text', body: robots };
  } else if (robots instanceof Uint8Array) source = { kind: 'text', body: robots };
  else if (robots instanceof ArrayBuffer) source = { kind: 'text', body: new Uint8Array(robots) };
  // A Robots of another copy of the library (the ESM or CommonJS build, robotsmatch/js) works too.
  else if (
    robots instanceof Robots ||
    (typeof robots === 'object' &&
      robots !== null &&
      typeof (robots as Record<symbol, unknown>)[Symbol.for('robotsmatch.Robots')] === 'function')
  ) {
    source = { kind: 'robots', robots: robots as Robots };
  } else if (isGenerated(robots)) source = { kind: 'text', body: robots.text };
  else if (isUrl(robots)) {
    if (robots.protocol !== 'http:' && robots.protocol !== 'https:') {
      throw new EnforcerOptionError(
        'options.robots',
        `must be an http: or https: URL to fetch, got ${robots.protocol}`,
      );
    }
    const cache = o.cache ?? new RobotsCache(o.now === undefined ? undefined : { now: o.now as () => number });
    if (!(cache instanceof RobotsCache))
      throw new EnforcerOptionError('options.cache', `must be a RobotsCache, got ${kind(cache)}`);
    source = { kind: 'url', url: robots.href, cache };
  } else if (robots === undefined) {
    throw new EnforcerOptionError('options.robots', 'is required: robots.txt text or bytes, a parsed Robots, or a URL');
  } else {
    throw new EnforcerOptionError(
      'options.robots',
      `must be robots.txt text or bytes, a Robots from parse(), a URL, or generate(policy)'s result, got ${kind(robots)}`,
    );
  }
  if (o.cache !== undefined && source.kind !== 'url') {
    throw new EnforcerOptionError(
      'options.cache',
      'is only for a robots.txt given as a URL (options.robots is not one)',
    );
  }

  const action = o.action ?? 'log';
  if (action !== 'log' && action !== 'block' && typeof action !== 'function') {
    throw new EnforcerOptionError('options.action', `must be 'log', 'block' or a function, got ${kind(action)}`);
  }
  const onViolation = o.onViolation;
  if (onViolation !== undefined && typeof onViolation !== 'function') {
    throw new EnforcerOptionError('options.onViolation', `must be a function, got ${kind(onViolation)}`);
  }

  let crawlers: Set<CrawlerEntry> | undefined;
  if (o.crawlers !== undefined && o.crawlers !== 'all') {
    try {
      crawlers = new Set(selectCrawlers(o.crawlers as CrawlerSelection));
    } catch (error) {
      throw new EnforcerOptionError(
        'options.crawlers',
        `must be 'all', 'ai', a purpose or a list of crawler names: ${(error as Error).message}`,
      );
    }
    for (const entry of crawlers) {
      if (
        typeof entry !== 'object' ||
        entry === null ||
        !Array.isArray(entry.tokens) ||
        !Array.isArray(entry.userAgentTokens)
      ) {
        throw new EnforcerOptionError(
          'options.crawlers',
          `lists ${kind(entry)}, which is neither a crawler name nor a registry entry`,
        );
      }
    }
  }

  const unknownBots = o.unknownBots ?? 'pass';
  if (unknownBots !== 'pass' && unknownBots !== 'enforce') {
    throw new EnforcerOptionError('options.unknownBots', `must be 'pass' or 'enforce', got ${kind(unknownBots)}`);
  }
  const serveRobotsTxt = o.serveRobotsTxt ?? false;
  if (typeof serveRobotsTxt !== 'boolean')
    throw new EnforcerOptionError('options.serveRobotsTxt', `must be true or false, got ${kind(serveRobotsTxt)}`);
  if (serveRobotsTxt && source.kind === 'robots') {
    throw new EnforcerOptionError(
      'options.serveRobotsTxt',
      'needs the file itself: give options.robots as text, bytes or a URL, not a parsed Robots',
    );
  }
  const maxUserAgents = o.maxUserAgents ?? 4096;
  if (
    typeof maxUserAgents !== 'number' ||
    !Number.isInteger(maxUserAgents) ||
    maxUserAgents < 2 ||
    maxUserAgents > 1_000_000
  ) {
    throw new EnforcerOptionError(
      'options.maxUserAgents',
      `must be a whole number from 2 to 1,000,000, got ${kind(maxUserAgents)}`,
    );
  }
  const now = o.now ?? Date.now;
  if (typeof now !== 'function')
    throw new EnforcerOptionError('options.now', `must be a function returning ms since the epoch, got ${kind(now)}`);
  const probe = (now as () => number)();
  if (typeof probe !== 'number' || !Number.isFinite(probe))
    throw new EnforcerOptionError('options.now', `must return a finite number of ms, returned ${kind(probe)}`);

  const origin = o.origin ?? 'common';
  if (!ORIGIN_PROFILES.includes(origin as OriginProfile)) {
    throw new EnforcerOptionError(
      'options.origin',
      `must be one of ${ORIGIN_PROFILES.map((p) => `'${p}'`).join(', ')}, got ${kind(origin)}`,
    );
  }
  if (origin === 'case-insensitive' && source.kind === 'robots') {
    throw new EnforcerOptionError(
      'options.origin',
      "'case-insensitive' needs the file itself (its rules are matched in lower case too): give options.robots as text, bytes or a URL, not a parsed Robots",
    );
  }

  return {
    source,
    action: action as ResolvedEnforcerOptions['action'],
    onViolation: onViolation as ResolvedEnforcerOptions['onViolation'],
    crawlers,
    unknownBots,
    serveRobotsTxt,
    maxUserAgents,
    now: now as () => number,
    origin: origin as OriginProfile,
  };
}
