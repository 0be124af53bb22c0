// The Crawlee example (examples/crawlee) against a local site: the crawler
// follows links, checks each with RobotsCache first, and never requests a
// page the robots.txt disallows. Crawlee is installed in that folder only
// (npm ci --prefix examples/crawlee, as CI does); without it the test is
// skipped and says so, and with ROBOTSMATCH_REQUIRE_RUNTIMES=1 (CI) it fails.
import { describe, expect, test } from 'vitest';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer, text } from './support/server.js';

const example = fileURLToPath(new URL('../examples/crawlee/', import.meta.url));
const installed = existsSync(`${example}node_modules/@crawlee/basic`);
const skip = !installed && process.env.ROBOTSMATCH_REQUIRE_RUNTIMES !== '1';
const why = skip ? ' (skipped: Crawlee is not installed; npm ci --prefix examples/crawlee)' : '';

describe('Crawlee', () => {
  test.skipIf(skip)(
    `a BasicCrawler respects robots.txt through RobotsCache${why}`,
    async () => {
      const site = await startServer();
      const page = (links: string[]) =>
        text(200, `<html><body>${links.map((l) => `<a href="${l}">x</a>`).join('')}</body></html>`, {
          'content-type': 'text/html',
        });
      site.route(
        '/robots.txt',
        text(
          200,
          'User-agent: *\nDisallow: /private/\n\nUser-agent: ExampleBot\nDisallow: /private/\nDisallow: /*.pdf$\nAllow: /private/press/\n',
        ),
      );
      site.route('/', page(['/a', '/private/secret', '/private/press/release', '/report.pdf', '/b']));
      site.route('/a', page(['/b', '/private/other', '/']));
      site.route('/b', page(['/c']));
      site.route('/c', page([]));
      site.route('/private/press/release', page(['/private/press/old']));
      site.route('/private/press/old', page([]));
      try {
        const { crawl } = await import(`${example}crawl.mjs`);
        const { visited, skipped } = (await crawl([`${site.origin}/`], { maxRequests: 20 })) as {
          visited: string[];
          skipped: string[];
        };
        const paths = (urls: string[]) => urls.map((u) => new URL(u).pathname).sort();
        expect(paths(visited)).toEqual(['/', '/a', '/b', '/c', '/private/press/old', '/private/press/release']);
        expect(paths([...new Set(skipped)])).toEqual(['/private/other', '/private/secret', '/report.pdf']);
        const requested = site.requests.map((r) => r.path);
        expect(requested.filter((p) => p === '/robots.txt')).toHaveLength(1);
        expect(
          requested.some((p) => p.startsWith('/private/s') || p.startsWith('/private/o') || p.endsWith('.pdf')),
        ).toBe(false);
        expect(site.requests.every((r) => r.userAgent?.startsWith('ExampleBot/1.0'))).toBe(true);
      } finally {
        await site.close();
      }
    },
    60_000,
  );
});
