// The enforcer's public interface: what it answers and what it counts.

import type { Decision, EdgeRequest, WaitUntil } from './options.js';

/** Counts for one crawler (or for all unknown bots). */
export interface CrawlerCounts {
  /** Requests decided. */
  requests: number;
  /** Of which robots.txt disallowed (violations). */
  disallowed: number;
}

export interface EnforcerCounters {
  /** When counting began: the enforcer's creation or the last reset (ms since the epoch). */
  since: number;
  /** Every request decided. */
  requests: number;
  /** Requests from browsers and clients that sent no User-Agent. */
  browsers: number;
  /** Requests from bots that no registry entry names. */
  bots: CrawlerCounts;
  /** Per registry crawler, by name (only those seen). */
  crawlers: Record<string, CrawlerCounts & { operator: string }>;
  /** Distinct User-Agent headers remembered now (at most maxUserAgents; not reset). */
  userAgents: number;
}

export interface Enforcer<R extends EdgeRequest = EdgeRequest> {
  /** The decision for a request. Counts it, and reports a violation. Resolves at once unless the robots.txt is still being fetched. */
  decide(request: R, ctx?: WaitUntil): Promise<Decision>;
  /**
   * The Response to answer with, or undefined to let the request go on:
   * /robots.txt itself when serveRobotsTxt is on, else the action's answer
   * for a request robots.txt disallows (a 403 for 'block').
   */
  handle(request: R, ctx?: WaitUntil): Promise<Response | undefined>;
  /** The counts so far; with `{ reset: true }`, they start again from zero after this snapshot. */
  counters(options?: { reset?: boolean }): EnforcerCounters;
  /** Resolves once the robots.txt is there (fetched, for a URL); decide() waits for it by itself. */
  ready(): Promise<void>;
  /** Frees the matchers (and the parsed or fetched robots.txt, not a Robots you gave); later calls throw. */
  dispose(): void;
}
