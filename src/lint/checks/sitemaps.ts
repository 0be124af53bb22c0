// Sitemap lines: a sitemap crawlers can fetch is a full URL; a bare URL on a
// line of its own (meant as a Sitemap) is a line every crawler ignores.

import type { Findings } from '../findings.js';
import type { RobotsLine } from '../model.js';
import { uncut } from '../columns.js';

/** A line that is a URL and nothing else (`https://example.com/sitemap.xml`): Google reads its key as `https`. */
export function isBareUrl(l: RobotsLine): boolean {
  return l.kind === 'other' && /^https?$/i.test(l.key ?? '') && /^\s*https?:\/\/[^\s/]+\S*\s*(#.*)?$/i.test(l.text);
}

const looksLikeSitemap = (url: string) => /sitemap|\.xml(\.gz)?$|\.txt$/i.test(url);

/** An http or https URL with a host. */
export function isAbsoluteHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value).host !== '';
  } catch {
    return false;
  }
}

export function checkSitemaps(f: Findings): void {
  const m = f.model;
  const base = m.source?.url;
  for (const l of m.lines) {
    if (isBareUrl(l)) {
      const url = l.text.trim().replace(/\s*#.*$/, '');
      const sitemap = looksLikeSitemap(url);
      const d = f.add(
        'bare-url',
        l.line,
        { hint: sitemap ? `; to declare a sitemap, write \`Sitemap: ${url}\`` : '' },
        { column: l.text.indexOf(url) + 1 },
      );
      if (sitemap)
        f.unsafe(
          d,
          [`Sitemap: ${url}`],
          'Declares it as a Sitemap',
          `Crawlers will then read the sitemap ${url}; no crawler's verdict on any URL changes`,
        );
      continue;
    }
    if (l.kind !== 'sitemap') continue;
    const value = l.value ?? '';
    const key = l.key ?? '';
    // `sitemap https://e.com/s.xml`: no colon after the key, so Google's key is `sitemap https` and its value `//e.com/s.xml`.
    const swallowed = /\s/.test(key) ? /^\s*\S+\s+(\S+)/.exec(l.text.replace(/\s*#.*$/, '')) : null;
    const meant = swallowed && isAbsoluteHttpUrl(swallowed[1]!) ? swallowed[1]! : undefined;
    if (value === '' || (isAbsoluteHttpUrl(value) && !meant)) continue;
    if (/^[a-z][a-z0-9+.-]*:/i.test(value) && !meant) continue; // another scheme (ftp:): not relative
    const d = f.add(
      'relative-sitemap',
      l.line,
      { value },
      { column: l.text.indexOf(uncut(value), l.text.indexOf(key) + key.length) + 1 },
    );
    let url = meant;
    if (!url) {
      try {
        url = value.startsWith('//')
          ? new URL(value, base ?? 'https://example.invalid/').href
          : base
            ? new URL(value, base).href
            : undefined;
      } catch {
        url = undefined;
      }
    }
    if (url) {
      const why = meant
        ? 'Writes the colon after `Sitemap`'
        : value.startsWith('//') && !base
          ? `Writes the full URL (assuming https)`
          : `Writes the full URL, resolved against ${base}`;
      f.unsafe(
        d,
        [`Sitemap: ${url}`],
        why,
        `Crawlers will then read the sitemap ${url}; no crawler's verdict on any URL changes`,
      );
    }
  }
}
