// The URL box's text as the list the matrix decides: one URL or path a
// line, trimmed, blank lines dropped (the bulk matcher gives a blank line a
// verdict of its own), at most MAX_URLS.

export const MAX_URLS = 100_000;

export interface UrlList {
  urls: string[];
  /** The same URLs joined by LF: what matchLines() reads, with no string per URL in the core. */
  joined: string;
  /** URLs beyond MAX_URLS, left out. */
  dropped: number;
}

export function readUrlList(text: string): UrlList {
  const urls: string[] = [];
  let dropped = 0;
  for (const line of text.split(/\r\n|\r|\n/)) {
    const url = line.trim();
    if (url === '') continue;
    if (urls.length < MAX_URLS) urls.push(url);
    else dropped++;
  }
  return { urls, joined: urls.join('\n'), dropped };
}
