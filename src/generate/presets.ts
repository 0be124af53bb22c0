// Ready-made policies, built from the registry's purposes: a starting point
// that a policy's own fields refine (`"preset": "block-ai"` plus its own
// crawlers and sitemaps).

import type { Policy } from './policy.js';

export const PRESETS: Readonly<Record<string, Readonly<Policy>>> = Object.freeze({
  /** Every crawler may fetch everything. */
  'allow-all': { default: 'allow' },
  /** Search engines and everyone else may crawl; crawlers that collect AI training data may not. */
  'allow-search-block-ai-training': {
    purposes: { 'ai-training': 'block' },
    signals: { search: 'yes', 'ai-train': 'no' },
  },
  /** No AI crawler (training, AI search, assistants) may crawl, search crawlers whose data also feeds AI (Applebot, ...) included; other search engines and the rest may. */
  'block-ai': {
    purposes: { ai: 'block' },
    signals: { search: 'yes', 'ai-input': 'no', 'ai-train': 'no' },
  },
  /** Only search engines' crawlers may crawl. */
  'search-only': {
    default: 'block',
    purposes: { search: 'allow' },
    // No User-agent line can name 360Spider (Google reads no name from it): it follows `*`, blocked, and the preset says so.
    crawlers: { '360Spider': 'block' },
    signals: { search: 'yes', 'ai-input': 'no', 'ai-train': 'no' },
  },
  /** No crawler may fetch anything. */
  'block-all': { default: 'block' },
});

/** The presets' names, for messages and the CLI. */
export const PRESET_NAMES: readonly string[] = Object.keys(PRESETS);
