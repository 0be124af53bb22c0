// robotsmatch/explain: why a URL is allowed or not (the groups that apply,
// every matching rule, the winner and the reason), a subpath of its own so
// that the main entry stays within its size budget (docs/architecture.md). It reads a
// Robots that the main entry's parse() made, through internals that must be
// the main entry's own modules: the build puts this entry, usage and index
// in one build that shares their chunks (tsup.config.ts), and this import
// brings the main entry (its core) with it, so that the shared code is one
// chunk in the main entry's own order.
import './index.js';
export { explain } from './report/explain.js';
export type { Explanation, ExplainReason, ExplainedGroup, Candidate } from './report/explain.js';
