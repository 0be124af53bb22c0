export { parse, Robots } from './robots.js';
export type { AgentMatcher } from './matcher.js';
export type { Verdict, RuleType, OtherRecord } from './robots.js';
export { productToken, isPlainToken } from './agent.js';
export { normalizeUrl, pathOf } from './url.js';
export { lines } from './lines.js';
export type { RobotsLine, LineKind, LineProblem } from './lines.js';
export { RobotsDisposedError } from './errors.js';
export type { ParseOptions, Mode } from './options.js';
