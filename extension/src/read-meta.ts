// Runs in the page (chrome.scripting.executeScript), only when the popup
// opens: the page's meta tags that have a name and content, as written. It
// must be self-contained: the browser sends its source, not its closure.

export interface MetaTag {
  name: string;
  content: string;
}

export function readMetaTags(): MetaTag[] {
  const tags: MetaTag[] = [];
  for (const meta of Array.from(document.querySelectorAll('meta[name][content]'))) {
    tags.push({ name: meta.getAttribute('name') ?? '', content: meta.getAttribute('content') ?? '' });
  }
  return tags;
}
