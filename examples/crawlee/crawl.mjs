// A Crawlee crawler that respects robots.txt through robotsmatch.
//
//   node crawl.mjs https://example.com/ [maxRequests]
//
// RobotsCache fetches each origin's robots.txt once (RFC 9309: status codes,
// redirects, caching) and answers from memory; every URL is checked before
// it is queued, so the crawler never requests a disallowed page.
import { BasicCrawler, Configuration } from '@crawlee/basic';
import { RobotsCache } from 'robotsmatch';

/** The crawler's product token (what robots.txt groups name) and its User-Agent header. */
export const AGENT = 'ExampleBot';
export const USER_AGENT = `${AGENT}/1.0 (+https://example.org/bot)`;

export async function crawl(startUrls, { maxRequests = 50 } = {}) {
  const robots = new RobotsCache({ userAgent: USER_AGENT });
  const visited = [];
  const skipped = [];

  /** The allowed URLs, in order; the others are noted and dropped. */
  const allowedOnly = async (urls) => {
    const allowed = await robots.filter(urls, AGENT);
    const kept = new Set(allowed);
    for (const url of urls) if (!kept.has(url)) skipped.push(url);
    return allowed;
  };

  const crawler = new BasicCrawler(
    {
      maxRequestsPerCrawl: maxRequests,
      async requestHandler({ request, sendRequest }) {
        const { body } = await sendRequest({ headers: { 'user-agent': USER_AGENT } });
        visited.push(request.url);
        const links = [...String(body).matchAll(/href="([^"#]+)"/g)].map((m) => new URL(m[1], request.url).href);
        await crawler.addRequests(await allowedOnly(links));
      },
    },
    new Configuration({ persistStorage: false }),
  );

  await crawler.run(await allowedOnly(startUrls));
  return { visited, skipped };
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const [start, max] = process.argv.slice(2);
  if (!start) {
    console.error('usage: node crawl.mjs URL [maxRequests]');
    process.exit(2);
  }
  const { visited, skipped } = await crawl([start], { maxRequests: Number(max ?? 50) });
  console.log(JSON.stringify({ visited, skipped }, null, 2));
}
