// robotsmatch without WebAssembly (robotsmatch/js): the same core as plain JavaScript.
import './core/load-js.js';
export * from './api.js';
// Self-contained, so it carries what the default build puts in subpaths of
// their own too: explain (robotsmatch/explain) and usage and purpose
// (robotsmatch/usage). From their modules, not src/explain.ts and
// src/usage.ts, which bring the default entry and its core.
export { explain } from './report/explain.js';
export type { Explanation, ExplainReason, ExplainedGroup, Candidate } from './report/explain.js';
export { usage } from './report/usage.js';
export type { Usage, ContentSignal, ContentUsage, Preference, SignalValue, UseLevel } from './report/usage.js';
export { purpose } from './rules/purpose.js';
export { init, initSync } from './core/load-js.js';
