// What the extension tests (Chromium and Firefox) load the extension
// against: sites served from 127.0.0.1, one port per site (each is its own
// origin with its own robots.txt), the build with test access, and the
// library's own verdicts to compare the badges with.
import { expect } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '../../src/index.js';
import { crawlers } from '../../src/crawlers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The main site's file: AI crawlers kept out of /articles/, everyone out of /private/, Googlebot out of /search. */
export const ROBOTS = `User-agent: *
Disallow: /private/
Content-Signal: search=yes, ai-train=no

User-agent: Googlebot
Disallow: /search

User-agent: GPTBot
User-agent: ClaudeBot
Disallow: /articles/
`;
export const REDIRECTED = 'User-agent: *\nDisallow: /moved-away/\n';
/** The groups counted until the user chooses: search, AI training, AI search and assistants. */
const DEFAULT_PURPOSES = ['search', 'ai-training', 'ai-search', 'ai-assistant'];
export const chosen = crawlers.filter((c) => DEFAULT_PURPOSES.includes(c.purpose));

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const servers: Server[] = [];

/**
 * A site on its own port: `robots` answers /robots.txt; /real-robots.txt is
 * the target of a redirect; pages under /articles/ carry X-Robots-Tag headers
 * and meta tags, pages under /private/ a noindex meta tag.
 */
export async function serve(robots: Handler): Promise<string> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/robots.txt') return robots(req, res);
    if (path === '/real-robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end(REDIRECTED);
    }
    const headers: Record<string, string | string[]> = { 'content-type': 'text/html' };
    let meta = '';
    if (path.startsWith('/articles/')) {
      headers['x-robots-tag'] = ['noarchive', 'googlebot: nofollow'];
      meta = '<meta name="robots" content="noai, noimageai"><meta name="googlebot" content="noindex">';
    }
    if (path.startsWith('/private/')) meta = '<meta name="robots" content="noindex">';
    res.writeHead(200, headers);
    res.end(`<!doctype html><html><head><title>${path}</title>${meta}</head><body><h1>${path}</h1></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A robots.txt answer: `status`, a plain-text body and headers. */
export const text =
  (status: number, body = '', headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/plain', ...headers });
    res.end(body);
  };

export async function closeSites(): Promise<void> {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/**
 * Builds the extension into a fresh folder, with the access a user grants by
 * accepting the popup's prompt (which a test cannot click): the copy's
 * manifest names 127.0.0.1 in host_permissions. Returns the folder.
 */
export function buildWithTestAccess(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'robotsmatch-extension-')), 'unpacked');
  execFileSync(process.execPath, [join(root, 'scripts/build-extension.mjs'), dir]);
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  manifest.host_permissions = ['http://127.0.0.1/*'];
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

/** The chosen crawlers that may not fetch `url` under `robots`, by the library. */
export function disallowed(robots: string, url: string): string[] {
  const parsed = parse(robots);
  try {
    return chosen.filter((c) => !parsed.check(url, c).allowed).map((c) => c.name);
  } finally {
    parsed.dispose();
  }
}

/**
 * Tooltips that say nothing about the page yet: the manifest's, the one of
 * the blank page a new tab starts on, and the one while robots.txt is read.
 */
const DEFAULT_TITLE = 'robotsmatch: may crawlers fetch this page?';
const NOT_YET =
  /^robotsmatch: (may crawlers fetch this page\?|This is one of the browser's own pages|reading this site's robots.txt)/;

/** A tab's badge as the browser's action API holds it (colour as RGBA numbers). */
export interface BadgeState {
  text: string;
  color: number[];
  title: string;
}

/** The badge colours (search, AI only, robots.txt unreachable), as the action API returns them. */
export const RED = [197, 34, 31, 255];
export const ORANGE = [180, 83, 9, 255];
export const DARK = [32, 33, 36, 255];

/**
 * The badge of a tab whose page just loaded, read by `read` until it says
 * something about the page, and then until it holds still: the browser may
 * clear a tab's badge as its navigation commits, between the worker's calls.
 */
export async function settledBadge(read: () => Promise<BadgeState | null>): Promise<BadgeState> {
  let badge: BadgeState | null = null;
  const said = async () => {
    badge = await read();
    return badge?.title ?? DEFAULT_TITLE;
  };
  await expect.poll(said, { timeout: 20_000 }).not.toMatch(NOT_YET);
  let last = '';
  while (JSON.stringify(badge) !== last) {
    last = JSON.stringify(badge);
    await new Promise((r) => setTimeout(r, 300));
    await said();
  }
  return badge!;
}
