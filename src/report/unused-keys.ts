// Keys that crawlers know and Google does not use (docs/behaviour.md, section 5): the per-line
// reading tags them `unsupported-key`, the linter says who reads them.

/**
 * Keys that crawlers other than Google recognise and Google does not use
 * (the list Google's own reporting parser tags "unused" rather than "unknown").
 */
export const UNSUPPORTED_KEYS: ReadonlySet<string> = /* @__PURE__ */ new Set([
  'clean-param',
  'content-signal',
  'content-usage',
  'crawl-delay',
  'domain',
  'host',
  'noarchive',
  'nofollow',
  'noindex',
  'request-rate',
  'revisit-after',
  'visit-time',
]);
