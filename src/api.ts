// The public API, shared by every entry point (index, workerd, js). Each
// area is its own module: a bundler keeps only what an app imports, so
// parse() and matching never bring the per-line reading, lint, explain,
// crawl-delay or fetching with them. explain() and usage()/purpose() are
// subpaths of their own (robotsmatch/explain, robotsmatch/usage: src/explain.ts,
// src/usage.ts), which keeps the whole entry within its 20 KB budget (docs/architecture.md);
// robotsmatch/js exports them too.

// Parsing and matching: the path every URL takes.
export { parse } from './rules/parse.js';
export { Robots } from './rules/robots.js';
export type { AgentMatcher, FilteredLines, PurposeOptions, Purpose } from './rules/matcher.js';
export type { Verdict, RuleType, OtherRecord } from './rules/compiled.js';
export { productToken, isPlainToken } from './rules/agent.js';
export type { Agent, Crawler } from './rules/agent.js';
export { normalizeUrl, pathOf } from './rules/url.js';

// Reports built on the core's per-line reading.
export { lines } from './report/lines.js';
export type { RobotsLine, LineKind, LineProblem } from './report/lines.js';
export { crawlDelay } from './report/crawl-delay.js';
export { groups } from './report/groups.js';
export { selection } from './report/selection.js';
export type { Selection } from './report/selection.js';
export type { RobotsGroup } from './report/groups.js';

// Fetching and caching by RFC 9309.
export { robotsTxtUrl } from './fetch/location.js';
export { fetchRobots } from './fetch/fetch-robots.js';
export type { FetchedRobots, FetchOutcome } from './fetch/fetch-robots.js';
export { RobotsCache } from './fetch/cache.js';
export type { CachedVerdict } from './fetch/cache.js';

export { RobotsDisposedError, RobotsUrlError } from './common/errors.js';
export type { ParseOptions, Mode, FetchOptions, CacheOptions, FetchFunction } from './common/options.js';
