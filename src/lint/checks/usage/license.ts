// License (RSL): a full license URL.

import type { Findings } from '../../findings.js';
import type { RobotsLine } from '../../model.js';
import { isAbsoluteHttpUrl } from '../sitemaps.js';
import { rewriteValue } from '../../rewrite.js';
import { placeOf } from './common.js';

// ---- License ----

/** license-not-url: RSL's License takes the license's full URL. */
export function license(f: Findings, l: RobotsLine): void {
  const value = l.value ?? '';
  if (isAbsoluteHttpUrl(value)) return;
  const d = f.add(
    'license-not-url',
    l.line,
    { what: value === '' ? 'this line has none' : `\`${value}\` is not one` },
    placeOf(l, value),
  );
  const base = f.model.source?.url;
  let url: string | undefined;
  try {
    if (value.startsWith('//')) url = new URL(value, base ?? 'https://example.invalid/').href;
    else if (value.startsWith('/') && base) url = new URL(value, base).href;
  } catch {
    url = undefined;
  }
  if (url && isAbsoluteHttpUrl(url)) {
    const why =
      value.startsWith('//') && !base
        ? 'Writes the full URL (assuming https)'
        : `Writes the full URL, resolved against ${base}`;
    f.unsafe(
      d,
      [rewriteValue(l, url)],
      why,
      `Crawlers that honour RSL will then read the license at ${url}; no crawler's access to any URL changes`,
    );
  }
}
