// Headless Chromium (Debian's package, driven by playwright-core): the ESM
// build in a page gives Node's verdicts, and the MV3 example extension shows
// a correct verdict. Skipped, saying why, when Chromium is not installed;
// with ROBOTSMATCH_REQUIRE_RUNTIMES=1 (CI) a missing Chromium fails.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import * as robotsmatch from '../src/index.js';
// @ts-expect-error plain JavaScript shared with the other runtimes
import { runCases } from './runtimes/cases.mjs';

const CHROMIUM = '/usr/bin/chromium';
const root = fileURLToPath(new URL('..', import.meta.url));
const available = existsSync(CHROMIUM);
const skip = !available && process.env.ROBOTSMATCH_REQUIRE_RUNTIMES !== '1';
const why = skip ? ' (skipped: Chromium is not installed at /usr/bin/chromium: apt-get install chromium)' : '';
// Flags from this workplace's notes: no sandbox as root, no background networking.
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
};

let server: Server;
let origin = '';

beforeAll(async () => {
  // The repository's files, plus a robots.txt for the extension to fetch.
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /search\n');
      return;
    }
    const file = normalize(join(root, path));
    if (!file.startsWith(root) || !existsSync(file)) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

describe('Chromium', () => {
  test.skipIf(skip)(`the ESM build in a page gives Node's verdicts${why}`, async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
    try {
      const page = await browser.newPage();
      await page.goto(`${origin}/test/runtimes/page.html`);
      await page.waitForFunction(() => (window as { __result?: unknown }).__result !== undefined, undefined, {
        timeout: 20_000,
      });
      const result = await page.evaluate(() => (window as unknown as { __result: unknown }).__result);
      expect(result).toEqual({ results: runCases(robotsmatch), webassembly: true });
    } finally {
      await browser.close();
    }
  });

  test.skipIf(skip)(`the MV3 example extension shows the verdict for a URL${why}`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robotsmatch-extension-'));
    cpSync(join(root, 'examples/mv3-extension'), dir, { recursive: true });
    execFileSync(process.execPath, [join(root, 'scripts/build-extension.mjs'), dir]);
    const profile = mkdtempSync(join(tmpdir(), 'robotsmatch-profile-'));
    const context: BrowserContext = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [...ARGS, `--disable-extensions-except=${dir}`, `--load-extension=${dir}`],
    });
    try {
      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 20_000 }));
      const id = new URL(worker.url()).host;
      const popup = await context.newPage();
      const show = async (path: string, agent: string) => {
        await popup.goto(`chrome-extension://${id}/popup.html?url=${encodeURIComponent(origin + path)}&agent=${agent}`);
        await popup.waitForFunction(
          () => !['…', ''].includes(document.getElementById('verdict')?.textContent ?? ''),
          undefined,
          { timeout: 20_000 },
        );
        return { verdict: await popup.textContent('#verdict'), why: await popup.textContent('#why') };
      };
      expect(await show('/private/report', 'ExampleBot')).toEqual({
        verdict: 'disallowed',
        why: `${origin}/robots.txt line 2: disallow: /private/`,
      });
      expect(await show('/private/report', 'Googlebot')).toMatchObject({ verdict: 'allowed' });
      expect(await show('/search?q=1', 'Googlebot')).toEqual({
        verdict: 'disallowed',
        why: `${origin}/robots.txt line 5: disallow: /search`,
      });
      // The crawler table: each crawler as it picks its group.
      const rows = await popup.$$eval('#crawlers tbody tr', (trs) =>
        trs.map((tr) => Array.from((tr as HTMLTableRowElement).cells).map((td) => td.textContent)),
      );
      const byName = Object.fromEntries(rows.map(([name, verdict, why]) => [name, `${verdict} ${why}`]));
      expect(byName.Googlebot).toBe('disallowed line 5: disallow: /search');
      expect(byName['Googlebot-Image']).toBe('disallowed line 5: disallow: /search'); // no image group: it follows Googlebot's
      expect(byName.bingbot).toBe('allowed no rule applies');
      expect(byName.GPTBot).toBe('allowed no rule applies');
      expect(rows.length).toBe(14);
      await show('/private/report', 'Googlebot');
      const privateRows = await popup.$$eval('#crawlers tbody tr', (trs) =>
        trs.map((tr) => Array.from((tr as HTMLTableRowElement).cells).map((td) => td.textContent)),
      );
      const privately = Object.fromEntries(privateRows.map(([name, verdict]) => [name, verdict]));
      expect([privately.Googlebot, privately['Googlebot-Image'], privately.GPTBot, privately.ClaudeBot]).toEqual([
        'allowed',
        'allowed',
        'disallowed',
        'disallowed',
      ]);
      await popup.screenshot({ path: join(tmpdir(), 'robotsmatch-extension-popup.png') });
    } finally {
      await context.close();
    }
  });
});
