// What the usage checks share: the labels and names they know, and how they quote a line.

import type { RobotsLine } from '../../model.js';

/** The labels of the current vocabulary draft (draft-ietf-aipref-vocab-07). */
export const LABELS = ['train-ai', 'search'];
/** Labels of earlier vocabulary drafts still seen in real files. */
export const OUTDATED = ['train-genai', 'ai-use', 'bots', 'ai-output'];

export const NAME: Record<string, string> = { 'content-signal': 'Content-Signal', 'content-usage': 'Content-Usage' };
export const SOURCE: Record<string, string> = {
  'content-signal': "Cloudflare's Content Signals Policy",
  'content-usage': 'the AIPREF draft',
};

/** Rules that disallow every path: Disallow: /, /*, *. */
export const blocksRoot = (r: RobotsLine) => r.kind === 'disallow' && /^(\/\**|\*+)$/.test(r.value ?? '');
export const ruleText = (r: RobotsLine) => `\`${r.kind === 'allow' ? 'Allow' : 'Disallow'}: ${r.value ?? ''}\``;
export const plain = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
export const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Where `part` starts in the line's text, after its key (1-based), for columns. */
export function placeOf(l: RobotsLine, part: string): { column?: number; endColumn?: number } {
  const from = l.text.indexOf(l.key ?? '') + (l.key ?? '').length;
  const at = part ? l.text.indexOf(part, from) : -1;
  return at < 0 ? {} : { column: at + 1, endColumn: at + 1 + part.length };
}
