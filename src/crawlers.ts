// robotsmatch/crawlers: a registry of known crawlers (with how each picks
// its group), identification from a User-Agent header, and an audit of who
// can reach a site. A subpath of its own: apps that only match do not carry
// the registry. It uses the main entry's core.
export { crawlerRegistry as crawlers, REGISTRY_DATE } from './crawlers/registry.js';
export type { CrawlerEntry, CrawlerPurpose, ReadsRobotsTxt } from './crawlers/registry.js';
export { crawler, selectCrawlers, AI_PURPOSES } from './crawlers/lookup.js';
export type { CrawlerSelection } from './crawlers/lookup.js';
export { identify, isBot } from './crawlers/identify.js';
export { audit, usageConflicts } from './crawlers/audit.js';
export type { Access, AuditRow, UsageConflict } from './crawlers/audit.js';
export { bodyKind } from './crawlers/body-kind.js';
export type { BodyKind } from './crawlers/body-kind.js';
