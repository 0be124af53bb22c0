// robotsmatch/edge: enforce a site's own robots.txt on the crawlers that
// request it, in fetch-style handlers (Cloudflare Workers, Deno, Bun, Hono,
// Next.js middleware; Node through a small adapter). A subpath of its own:
// it uses the main entry's core and the crawler registry.
export { createEnforcer } from './edge/enforcer.js';
export { blockedResponse } from './edge/requests.js';
export type { Enforcer, EnforcerCounters, CrawlerCounts } from './edge/enforcer-api.js';
export { EnforcerOptionError } from './edge/options.js';
export type {
  EnforcerOptions,
  EnforcerAction,
  RobotsSource,
  GeneratedRobots,
  Decision,
  Violation,
  EdgeRequest,
  RequestLike,
  PlainRequest,
  WaitUntil,
} from './edge/options.js';
