// An enforcer of a site's own robots.txt for fetch-style handlers: for each
// request, who the client is (identify), which group of the file it
// follows, and whether that group allows the request's path and query.
//
// The per-request path: one Map look-up for the User-Agent header (identify
// runs once per distinct header), the crawler's state cached on that
// identity, and one call of the crawler's matcher, built once per robots.txt
// and shared by every crawler whose groups are the same. Nothing kept grows
// with traffic: headers are remembered up to maxUserAgents, states and
// matchers are at most one per registry crawler (and one per group token of
// the file, for unknown bots), counters one per registry crawler.

import { groups, parse, pathOf, selection, type AgentMatcher, type Robots, type Verdict } from '../index.js';
import type { CrawlerEntry } from '../crawlers/registry.js';
import { BOT, CRAWLER, Identities, type Identity } from './identity.js';
import { foldCase, originReadings } from './path.js';
import { ViolationLog } from './violation-log.js';
import type { CrawlerCounts, Enforcer, EnforcerCounters } from './enforcer-api.js';
import { blockedResponse, isRobotsTxt, methodOf, urlOf, userAgentOf } from './requests.js';
import {
  resolveEnforcerOptions,
  type Decision,
  type EdgeRequest,
  type EnforcerOptions,
  type ResolvedEnforcerOptions,
  type Violation,
  type WaitUntil,
} from './options.js';

/** What the enforcer matches with while one robots.txt is current. */
interface Loaded {
  /** null: no robots.txt could be had (unreachable, no good copy): nothing is enforced. */
  robots: Robots | null;
  /** Whether the enforcer owns (and so disposes) the robots. */
  owned: boolean;
  /** When to refetch (URL sources); Infinity otherwise. */
  expires: number;
  /** The file to serve at /robots.txt, when there is one. */
  body: string | Uint8Array | undefined;
  /** For a case-insensitive origin: the file with its ASCII letters in lower case, for paths in lower case. */
  folded: Robots | null;
}

/** One agent's reading of the current robots.txt. */
interface AgentState {
  /** undefined: no group applies, everything is allowed. */
  matcher: AgentMatcher | undefined;
  /** The same groups in the folded file (case-insensitive origins only). */
  folded: AgentMatcher | undefined;
  group: string | null;
  counts: CrawlerCounts;
}

const NO_RULE: Verdict = Object.freeze({ allowed: true, line: 0, rule: null }) as Verdict;

class EnforcerImpl<R extends EdgeRequest> implements Enforcer<R> {
  readonly #o: ResolvedEnforcerOptions;
  readonly #identities: Identities;
  #loaded: Loaded | undefined;
  #loading: Promise<Loaded> | undefined;
  /** Bumped at every new robots.txt: identities' cached states older than this are stale. */
  #generation = 0;
  #states = new Map<string, AgentState>();
  /** Matchers by the groups they follow: crawlers with the same groups share one. */
  #matchers = new Map<string, AgentMatcher>();
  /** Group tokens the file names (lower case), for unknown bots; made when first needed. */
  #groupTokens: Set<string> | undefined;
  #counts = new Map<string, CrawlerCounts & { operator: string }>();
  #botCounts: CrawlerCounts = { requests: 0, disallowed: 0 };
  #requests = 0;
  #browsers = 0;
  #since: number;
  #disposed = false;
  /** The default onViolation's log, made at the first violation. */
  #log: ViolationLog | undefined;

  constructor(options: ResolvedEnforcerOptions) {
    this.#o = options;
    this.#identities = new Identities(options.maxUserAgents, options.crawlers, options.unknownBots === 'enforce');
    this.#since = options.now();
  }

  decide(request: R, ctx?: WaitUntil): Promise<Decision> {
    try {
      const url = urlOf(request);
      const userAgent = userAgentOf(request);
      const identity = this.#identify(userAgent);
      const loaded = this.#current(ctx);
      // Only a client robots.txt applies to waits for the first robots.txt:
      // browsers, unselected clients and /robots.txt itself are answered at once.
      if (loaded instanceof Promise && this.#waits(identity, url))
        return loaded.then(() => this.#decided(url, userAgent, identity, request, ctx));
      return Promise.resolve(this.#decided(url, userAgent, identity, request, ctx));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  async handle(request: R, ctx?: WaitUntil): Promise<Response | undefined> {
    const url = urlOf(request);
    const userAgent = userAgentOf(request);
    const identity = this.#identify(userAgent);
    const method = methodOf(request);
    const loaded = this.#current(ctx);
    if (this.#o.serveRobotsTxt && (method === 'GET' || method === 'HEAD') && isRobotsTxt(url)) {
      // Served from the copy we hold. While a fetch is under way the request
      // goes on to the origin instead, unanswered: that fetch may be our own
      // come back through this handler (an enforcer given its own site's
      // URL), and must reach the origin, not wait for itself or get our old
      // copy back.
      const body = loaded instanceof Promise || this.#loading !== undefined ? undefined : loaded.body;
      if (body !== undefined) {
        return new Response(method === 'HEAD' ? null : (body as BodyInit), {
          status: 200,
          headers: { 'content-type': 'text/plain; charset=utf-8' },
        });
      }
    }
    if (loaded instanceof Promise && this.#waits(identity, url)) await loaded;
    const decision = this.#decided(url, userAgent, identity, request, ctx);
    if (decision.allowed) return undefined;
    const action = this.#o.action;
    if (action === 'log') return undefined;
    if (action === 'block') return blockedResponse(decision);
    const answer = await action(decision, request as never);
    if (answer === undefined || answer === null) return undefined;
    if (typeof Response === 'function' && answer instanceof Response) return answer;
    if (
      typeof answer === 'object' &&
      typeof (answer as Response).status === 'number' &&
      'headers' in (answer as object)
    )
      return answer as Response;
    throw new TypeError(
      `options.action returned ${typeof answer}: it must return a Response, or undefined to let the request go on`,
    );
  }

  counters(options?: { reset?: boolean }): EnforcerCounters {
    const crawlers: EnforcerCounters['crawlers'] = {};
    for (const [name, counts] of this.#counts) crawlers[name] = { ...counts };
    const snapshot: EnforcerCounters = {
      since: this.#since,
      requests: this.#requests,
      browsers: this.#browsers,
      bots: { ...this.#botCounts },
      crawlers,
      userAgents: this.#identities.size,
    };
    if (options?.reset) {
      // In place: the states hold these objects.
      for (const counts of this.#counts.values()) counts.requests = counts.disallowed = 0;
      this.#botCounts.requests = this.#botCounts.disallowed = 0;
      this.#requests = this.#browsers = 0;
      this.#since = this.#o.now();
    }
    return snapshot;
  }

  async ready(): Promise<void> {
    await this.#current(undefined);
  }

  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    if (this.#loaded) this.#retire(this.#loaded);
    this.#loaded = undefined;
    this.#identities.clear();
  }

  /** The robots.txt to match with now, or the promise of the first one. Starts a background refetch when it has expired. */
  #current(ctx: WaitUntil | undefined): Loaded | Promise<Loaded> {
    if (this.#disposed) throw new Error('this enforcer was disposed');
    const loaded = this.#loaded;
    if (loaded !== undefined) {
      if (loaded.expires !== Infinity && this.#loading === undefined && this.#o.now() >= loaded.expires) {
        // Stale while revalidating: this request is answered with the copy we have.
        const refresh = this.#load().catch((error) =>
          console.error('robotsmatch/edge: refreshing robots.txt failed', error),
        );
        ctx?.waitUntil(refresh);
      }
      return loaded;
    }
    const source = this.#o.source;
    if (source.kind !== 'url') {
      // Parsed (or taken) on first use, once: nothing to wait for.
      const now: Loaded =
        source.kind === 'text'
          ? {
              robots: parse(source.body),
              owned: true,
              expires: Infinity,
              body: source.body,
              folded: this.#folded(source.body),
            }
          : { robots: source.robots, owned: false, expires: Infinity, body: undefined, folded: null };
      this.#install(now);
      return now;
    }
    const first = this.#loading ?? this.#load();
    ctx?.waitUntil(first.catch(() => {}));
    return first;
  }

  /** Fetches the robots.txt of a URL source through the RobotsCache. Never rejects for HTTP or network trouble. */
  #load(): Promise<Loaded> {
    const source = this.#o.source;
    if (source.kind !== 'url') throw new Error('unreachable: only URL sources load asynchronously');
    const previous = this.#loaded;
    const pending = source.cache.get(source.url).then((fetched): Loaded => {
      const usable = fetched.outcome !== 'unreachable' || fetched.stale;
      if (!usable) fetched.robots.dispose(); // RFC 9309's disallow-all: not enforced (see docs/edge.md)
      const body = fetched.outcome === 'ok' ? fetched.body : fetched.stale ? previous?.body : undefined;
      const robots = usable ? fetched.robots : null;
      const folded = robots === null ? null : this.#folded(body ?? '');
      return { robots, owned: true, expires: fetched.expires, body, folded };
    });
    const loading = pending.then(
      (loaded) => {
        if (this.#loading === loading) this.#loading = undefined;
        if (this.#disposed) {
          this.#retire(loaded);
          return loaded;
        }
        this.#install(loaded);
        return loaded;
      },
      (error) => {
        if (this.#loading === loading) this.#loading = undefined;
        throw error;
      },
    );
    this.#loading = loading;
    return loading;
  }

  /** The file in lower case for a case-insensitive origin (docs/edge.md); null for the other profiles. */
  #folded(body: string | Uint8Array): Robots | null {
    return this.#o.origin === 'case-insensitive' ? parse(foldCase(body)) : null;
  }

  /** Makes `loaded` current: the old robots' matchers and states go. */
  #install(loaded: Loaded): void {
    const old = this.#loaded;
    this.#loaded = loaded;
    this.#generation++;
    const matchers = this.#matchers;
    this.#matchers = new Map();
    this.#states = new Map();
    this.#groupTokens = undefined;
    for (const matcher of matchers.values()) matcher.dispose();
    if (old && old.robots !== loaded.robots) this.#retire(old, false);
  }

  #retire(loaded: Loaded, matchers = true): void {
    if (matchers) {
      for (const matcher of this.#matchers.values()) matcher.dispose();
      this.#matchers = new Map();
      this.#states = new Map();
    }
    if (loaded.owned) loaded.robots?.dispose();
    loaded.folded?.dispose();
  }

  /** Who sent the request, known before anything waits. */
  #identify(userAgent: string): Identity {
    if (this.#disposed) throw new Error('this enforcer was disposed');
    return this.#identities.of(userAgent);
  }

  /** Whether the decision needs the robots.txt: an enforced crawler or bot, not asking for /robots.txt. */
  #waits(identity: Identity, url: string): boolean {
    return (identity.kind === CRAWLER || identity.kind === BOT) && identity.enforced && !isRobotsTxt(url);
  }

  /** The decision with the current robots.txt (loaded by now when #waits() says it is needed), counted and reported. */
  #decided(url: string, userAgent: string, identity: Identity, request: R, ctx: WaitUntil | undefined): Decision {
    this.#requests++;
    const { kind, crawler } = identity;
    const client = kind === CRAWLER ? 'crawler' : kind === BOT ? 'bot' : 'browser';
    if (kind !== CRAWLER && kind !== BOT) {
      this.#browsers++;
      return {
        allowed: true,
        enforced: false,
        skipped: 'browser',
        client,
        crawler,
        group: null,
        line: 0,
        rule: null,
        url,
        userAgent,
      };
    }
    // RFC 9309 2.2.2: /robots.txt itself is always allowed. What is matched
    // is the path as the origin will read it.
    const readings = identity.enforced ? originReadings(url, this.#o.origin) : [url];
    const target = readings[0]!;
    const robotsTxt = isRobotsTxt(target);
    const robots = this.#loaded?.robots ?? null;
    if (!identity.enforced || robotsTxt || robots === null) {
      (kind === CRAWLER ? this.#countsOf(crawler!) : this.#botCounts).requests++;
      if (!identity.enforced) {
        return {
          allowed: true,
          enforced: false,
          skipped: kind === BOT ? 'bot' : 'unselected',
          client,
          crawler,
          group: null,
          line: 0,
          rule: null,
          url,
          userAgent,
        };
      }
      return {
        allowed: true,
        enforced: false,
        skipped: robotsTxt ? 'robots.txt' : 'unreachable',
        client,
        crawler,
        group: null,
        line: 0,
        rule: null,
        url,
        userAgent,
      };
    }
    let state = identity.generation === this.#generation ? (identity.state as AgentState) : undefined;
    if (state === undefined) {
      state = this.#stateOf(identity, robots);
      identity.state = state;
      identity.generation = this.#generation;
    }
    const matcher = state.matcher;
    // The core takes the path and query out of an absolute URL as Google's
    // parser does (faster than slicing it here); originPath() gave a path
    // that starts with one `/` when the URL had anything for it to do. A
    // rule written for the URL as sent (`Disallow: //admin`) still holds:
    // when the origin's reading is allowed, the URL as sent is matched too
    // (a path that starts with `//` would read as an authority: it goes in
    // as a URL's path).
    let verdict = matcher === undefined ? NO_RULE : matcher.check(target);
    // Every other reading the origin profile allows: disallowed when any is.
    for (let i = 1; i < readings.length && verdict.allowed && matcher !== undefined; i++)
      verdict = matcher.check(readings[i]!);
    if (verdict.allowed && state.folded !== undefined) {
      const last = readings[readings.length - 1]!;
      verdict = state.folded.check(foldCase(last.charCodeAt(0) === 47 ? last : pathOf(last)));
    }
    if (verdict.allowed && target !== url && matcher !== undefined) {
      const sent = matcher.check(url.charCodeAt(0) === 47 && url.charCodeAt(1) === 47 ? `http://h${url}` : url);
      if (!sent.allowed) verdict = sent;
    }
    state.counts.requests++;
    const decision: Decision = {
      allowed: verdict.allowed,
      enforced: true,
      skipped: undefined,
      client,
      crawler,
      group: state.group,
      line: verdict.line,
      rule: verdict.rule,
      url,
      userAgent,
    };
    if (!verdict.allowed) {
      state.counts.disallowed++;
      this.#report(decision, identity, request, ctx);
    }
    return decision;
  }

  #countsOf(crawler: CrawlerEntry): CrawlerCounts & { operator: string } {
    let counts = this.#counts.get(crawler.name);
    if (counts === undefined)
      this.#counts.set(crawler.name, (counts = { requests: 0, disallowed: 0, operator: crawler.operator }));
    return counts;
  }

  /** A crawler's (or unknown bot's) reading of the current robots.txt, made once per robots.txt. */
  #stateOf(identity: Identity, robots: Robots): AgentState {
    let key: string;
    let agent: CrawlerEntry | string;
    let counts: CrawlerCounts;
    if (identity.kind === CRAWLER) {
      key = `crawler\n${identity.crawler!.name}`;
      agent = identity.crawler!;
      counts = this.#countsOf(identity.crawler!);
    } else {
      // An unknown bot follows the group its token names, if the file has one, else `*`
      // (one state per group token of the file at most, whatever the traffic).
      const token = identity.token.toLowerCase();
      const named = token !== '' && this.#fileTokens(robots).has(token);
      key = named ? `bot\n${token}` : 'bot\n*';
      agent = named ? identity.token : '*';
      counts = this.#botCounts;
    }
    let state = this.#states.get(key);
    if (state === undefined) {
      const chosen = selection(robots, agent);
      let matcher: AgentMatcher | undefined;
      if (chosen.groups.length > 0) {
        const groupsKey = chosen.groups.join(',');
        matcher = this.#matchers.get(groupsKey);
        if (matcher === undefined) this.#matchers.set(groupsKey, (matcher = robots.forAgent(agent)));
      }
      // A case-insensitive origin: the same crawler in the file in lower case (freed with that file).
      const foldedFile = this.#loaded?.folded;
      const folded = matcher !== undefined && foldedFile ? foldedFile.forAgent(agent) : undefined;
      state = { matcher, folded, group: chosen.token, counts };
      this.#states.set(key, state);
    }
    return state;
  }

  #fileTokens(robots: Robots): Set<string> {
    if (this.#groupTokens === undefined) {
      const tokens = new Set<string>();
      for (const group of groups(robots))
        for (const agent of group.userAgents) if (agent.names !== '*') tokens.add(agent.names.toLowerCase());
      this.#groupTokens = tokens;
    }
    return this.#groupTokens;
  }

  #report(decision: Decision, identity: Identity, request: R, ctx: WaitUntil | undefined): void {
    const action = this.#o.action;
    const violation: Violation = {
      time: this.#o.now(),
      crawler: identity.crawler?.name ?? (identity.token || '(unnamed bot)'),
      operator: identity.crawler?.operator,
      userAgent: decision.userAgent,
      url: decision.url,
      group: decision.group,
      line: decision.line,
      rule: decision.rule!,
      action: typeof action === 'function' ? 'callback' : action,
    };
    const onViolation = this.#o.onViolation;
    if (onViolation === undefined) {
      (this.#log ??= new ViolationLog(this.#o.now)).write(violation);
      return;
    }
    try {
      const result = onViolation(violation, request as never);
      if (result !== null && typeof result === 'object' && typeof (result as Promise<unknown>).then === 'function') {
        const settled = Promise.resolve(result).catch((error) =>
          console.error('robotsmatch/edge: options.onViolation failed', error),
        );
        ctx?.waitUntil(settled);
      }
    } catch (error) {
      console.error('robotsmatch/edge: options.onViolation failed', error);
    }
  }
}

/**
 * An enforcer of the site's robots.txt: `decide(request)` says who the
 * client is, which group of the file it follows and whether that group
 * allows the request; `handle(request)` returns the Response to answer with
 * (a 403 for 'block') or undefined to let the request go on. Browsers and
 * unknown clients always pass. Throws EnforcerOptionError for a wrong option.
 */
export function createEnforcer<R extends EdgeRequest = EdgeRequest>(options: EnforcerOptions<R>): Enforcer<R> {
  return new EnforcerImpl<R>(resolveEnforcerOptions(options));
}
