// robotsmatch/usage: what a site says about the use of a URL beyond
// crawling (Content-Signal, Content-Usage, License), and purpose() for the
// matcher's bulk calls; a subpath of its own so that the main entry stays
// within its size budget (docs/architecture.md). It reads a Robots that the main entry's
// parse() made, and the matchers of that Robots take its purposes: like
// robotsmatch/explain (see there), it shares the main entry's chunks and
// brings the main entry with it.
import './index.js';
export { usage } from './report/usage.js';
export type { Usage, ContentSignal, ContentUsage, Preference, SignalValue, UseLevel } from './report/usage.js';
export { purpose } from './rules/purpose.js';
export type { Purpose, PurposeOptions } from './rules/matcher.js';
