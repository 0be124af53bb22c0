// Headless Chromium (Debian's package, driven by playwright-core): the ESM
// build in a page gives Node's verdicts (the browser extension has its own
// test, test/extension.test.ts). Skipped, saying why, when Chromium is not
// installed; with ROBOTSMATCH_REQUIRE_RUNTIMES=1 (CI) a missing Chromium fails.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, skipChromium, whyChromiumSkipped } from './support/chromium.js';
import * as robotsmatch from '../src/index.js';
// @ts-expect-error plain JavaScript shared with the other runtimes
import { runCases } from './runtimes/cases.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const skip = skipChromium;
const why = whyChromiumSkipped;
const ARGS = CHROMIUM_ARGS;
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
};

let server: Server;
let origin = '';

beforeAll(async () => {
  // The repository's files.
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
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
});
