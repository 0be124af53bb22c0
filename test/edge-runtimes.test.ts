// robotsmatch/edge in the real runtimes. workerd: the shared cases
// (test/edge/cases.mjs) must pass and give Node's decisions, and the example
// Worker (examples/cloudflare-worker), bundled as wrangler bundles it, runs
// in front of an origin with real crawler and browser headers; when wrangler
// is installed in the example (npm ci --prefix examples/cloudflare-worker,
// as CI does), its own `wrangler deploy --dry-run` bundle runs too. Node:
// the built ESM and CommonJS entries, and examples/node; Deno and Bun:
// examples/deno-bun. A runtime that is not installed is skipped and says so;
// with ROBOTSMATCH_REQUIRE_RUNTIMES=1 (CI) it fails.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '../src/index.js';
import { createEnforcer, blockedResponse, EnforcerOptionError } from '../src/edge.js';
import { audit } from '../src/crawlers.js';
import { explain } from '../src/explain.js';
import { usage, purpose } from '../src/usage.js';
import { crawlerUserAgents, browserUserAgents } from './fixtures/user-agents.js';
// @ts-expect-error plain JavaScript shared with workerd
import { runEdgeCases } from './edge/cases.mjs';
import { startEdgeWorkerd, type EdgeWorkerd } from './support/edge-workerd.js';
import { workerdBin } from './support/workerd.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = process.env.ROBOTSMATCH_REQUIRE_RUNTIMES === '1';
const built = existsSync(join(root, 'dist/edge-workerd.js'));
const agents = { crawlers: crawlerUserAgents, browsers: browserUserAgents };
const header = (name: string) => crawlerUserAgents.find((s) => s.crawler === name)!.header;
const CHROME = browserUserAgents[0]!.header;
const FIREFOX = browserUserAgents.find((s) => s.header.includes('Firefox'))!.header;
const skipWorkerd = (!existsSync(workerdBin) || !built) && !require;
const why = (missing: boolean, what: string) => (missing ? ` (skipped: ${what})` : '');

describe.skipIf(skipWorkerd)(`robotsmatch/edge in workerd${why(skipWorkerd, 'workerd or dist/ missing')}`, () => {
  let workerd: EdgeWorkerd;
  beforeAll(async () => {
    workerd = await startEdgeWorkerd();
  }, 60_000);
  afterAll(() => workerd?.stop());

  test("the shared cases pass, with Node's decisions", async () => {
    const response = await fetch(workerd.cases, { method: 'POST', body: JSON.stringify(agents) });
    const got = await response.json();
    const want = await runEdgeCases(
      { parse, createEnforcer, blockedResponse, EnforcerOptionError, audit, explain, usage, purpose },
      agents,
    );
    expect(got.failures).toEqual([]);
    expect(got.results).toEqual(want.results);
  });

  test('the example Worker: robots.txt fetched from the origin once, crawlers held to it, browsers through', async () => {
    const get = (path: string, userAgent: string) =>
      fetch(workerd.example + path, { headers: { 'user-agent': userAgent } });
    // Cold start: concurrent requests wait together for one robots.txt fetch.
    const first = await Promise.all([
      get('/private/a', header('GPTBot')),
      get('/blog', header('GPTBot')),
      get('/private/a', header('Googlebot')),
      get('/private/press/x', header('Googlebot')),
      get('/private/a', CHROME),
      get('/private/a', header('AdsBot-Google')),
    ]);
    expect(first.map((r) => r.status)).toEqual([403, 403, 403, 200, 200, 200]);
    expect(await first[0]!.text()).toBe(
      "Forbidden: this site's robots.txt disallows /private/a for GPTBot (line 6: Disallow: /).\n",
    );
    expect(await first[2]!.text()).toBe(
      "Forbidden: this site's robots.txt disallows /private/a for Googlebot (line 2: Disallow: /private/).\n",
    );
    expect(await first[4]!.text()).toBe(`origin /private/a for ${CHROME}`);
    // Google-Extended's Disallow: / is never applied to Googlebot.
    expect((await get('/blog', header('Googlebot'))).status).toBe(200);
    for (const name of [
      'ClaudeBot',
      'CCBot',
      'PerplexityBot',
      'Bytespider',
      'Googlebot-Image',
      'bingbot',
      'Applebot',
    ]) {
      expect((await get('/private/a', header(name))).status, name).toBe(403);
      expect((await get('/public', header(name))).status, name).toBe(200);
    }
    for (const sample of browserUserAgents) expect((await get('/private/a', sample.header)).status).toBe(200);
    // One robots.txt fetch for all of that (the Worker's RobotsCache, shared across requests).
    expect((await (await fetch(`${workerd.origin}/origin-stats`)).json()).robotsFetches).toBe(1);
    // robots.txt itself reaches the origin for everyone, even a crawler it disallows everything.
    expect(await (await get('/robots.txt', header('GPTBot'))).text()).toContain('User-agent: GPTBot');
    const stats = await (
      await fetch(`${workerd.example}/.well-known/robots-enforcer`, { headers: { authorization: 'Bearer s3cret' } })
    ).json();
    expect(stats.crawlers.GPTBot).toEqual({ requests: 3, disallowed: 2, operator: 'OpenAI' }); // and its /robots.txt
    expect((await fetch(`${workerd.example}/.well-known/robots-enforcer`)).status).toBe(401);
    expect(workerd.log()).toContain('"message":"robots.txt violation"');
  });

  test('the example Worker whose forwarded request comes back to it (wrangler dev, no ORIGIN) answers 508 once, not a loop', async () => {
    const looped = await fetch(`${workerd.exampleLoop}/x`, { headers: { 'user-agent': CHROME } });
    expect(looped.status).toBe(508);
    expect(await looped.text()).toMatch(/^This Worker received a request it forwarded itself.*\nSet ORIGIN/s);
    // A crawler the file disallows is still answered by the Worker itself.
    expect(
      (await fetch(`${workerd.exampleLoop}/private/a`, { headers: { 'user-agent': header('GPTBot') } })).status,
    ).toBe(403);
  });

  test('the example Worker with ROBOTS_TXT and ACTION log: serves that file, lets violations through and logs them', async () => {
    const get = (path: string, userAgent: string) =>
      fetch(workerd.exampleText + path, { headers: { 'user-agent': userAgent } });
    const served = await get('/robots.txt', FIREFOX);
    expect(await served.text()).toContain('User-agent: bingbot\nDisallow: /\n');
    expect(served.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const through = await get('/x', header('bingbot'));
    expect([through.status, await through.text()]).toEqual([200, `origin /x for ${header('bingbot')}`]);
    await new Promise((r) => setTimeout(r, 200));
    expect(workerd.log()).toMatch(/"crawler":"bingbot".*"line":12.*"action":"log"/);
  });
});

const wrangler = join(root, 'examples/cloudflare-worker/node_modules/wrangler/bin/wrangler.js');
const skipWrangler = (!existsSync(wrangler) || skipWorkerd) && !require;
// On the Node running the tests (20 or later, as the README says): the example
// pins a wrangler that runs there (4.86.0; later ones need Node 22).
test.skipIf(skipWrangler)(
  `wrangler deploy --dry-run bundles the example as it is, and that bundle runs in workerd${why(skipWrangler, 'wrangler is not installed (npm ci --prefix examples/cloudflare-worker)')}`,
  async () => {
    const out = mkdtempSync(join(tmpdir(), 'robotsmatch-wrangler-'));
    execFileSync(process.execPath, [wrangler, 'deploy', '--dry-run', '--outdir', out], {
      cwd: join(root, 'examples/cloudflare-worker'),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
    });
    const files = readdirSync(out);
    const wasm = files.filter((f) => f.endsWith('.wasm'));
    expect(wasm).toHaveLength(1); // one core, as a module
    const bundle = readFileSync(join(out, 'worker.js'), 'utf8').replaceAll(wasm[0]!, 'robotsmatch.wasm');
    expect(bundle).not.toContain('WASM_TEXT'); // not the inlined core
    const workerd = await startEdgeWorkerd({ example: bundle });
    try {
      const blocked = await fetch(`${workerd.example}/private/a`, { headers: { 'user-agent': header('ClaudeBot') } });
      expect(blocked.status).toBe(403);
      const through = await fetch(`${workerd.example}/private/press/a`, {
        headers: { 'user-agent': header('Googlebot') },
      });
      expect(await through.text()).toBe(`origin /private/press/a for ${header('Googlebot')}`);
    } finally {
      workerd.stop();
    }
  },
  60_000,
);

/** A folder where `robotsmatch` is installed as `npm install file:` links it, with the example's files. */
function installedExample(example: string): string {
  const dir = mkdtempSync(join(tmpdir(), `robotsmatch-${example}-`));
  for (const file of readdirSync(join(root, 'examples', example))) {
    if (file !== 'node_modules') copyFileSync(join(root, 'examples', example, file), join(dir, file));
  }
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(root, join(dir, 'node_modules/robotsmatch'), 'dir');
  return dir;
}

/** Starts a server example (PORT=0) and waits for its "listening on" line. */
async function serve(
  command: string,
  args: string[],
  cwd: string,
): Promise<{ origin: string; child: ChildProcess; output(): string }> {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, PORT: '0', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  for (let i = 0; i < 300; i++) {
    const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    if (match) return { origin: match[1]!, child, output: () => output };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`${command} ${args.join(' ')} did not start: ${output}`);
}

async function checkServer(origin: string): Promise<void> {
  const get = (path: string, userAgent: string) => fetch(origin + path, { headers: { 'user-agent': userAgent } });
  const blocked = await get('/', header('GPTBot'));
  expect([blocked.status, await blocked.text()]).toEqual([
    403,
    "Forbidden: this site's robots.txt disallows / for GPTBot (line 7: Disallow: /).\n",
  ]);
  expect((await get('/private/a', header('Googlebot'))).status).toBe(403);
  expect((await get('/private/press/a', header('Googlebot'))).status).toBe(200);
  expect((await get('/private/a', header('AdsBot-Google'))).status).toBe(200);
  expect((await get('/private/a', header('CCBot'))).status).toBe(403);
  const browser = await get('/private/a', CHROME);
  expect([browser.status, await browser.text()]).toEqual([200, 'Hello from /private/a\n']);
  const robots = await get('/robots.txt', header('GPTBot'));
  expect(await robots.text()).toBe(readFileSync(join(root, 'examples/node/robots.txt'), 'utf8'));
  const stats = await (await get('/stats', CHROME)).json();
  expect(stats.crawlers.GPTBot).toEqual({ requests: 1, disallowed: 1, operator: 'OpenAI' });
}

describe.skipIf(!built)('robotsmatch/edge in Node, Deno and Bun', () => {
  test('Node: the built ESM and CommonJS entries', () => {
    const script = (load: string) => `${load}
const e = createEnforcer({ robots: 'User-agent: GPTBot\\nDisallow: /p\\n', onViolation: () => {} });
e.decide({ url: 'https://e.com/p?x', userAgent: ${JSON.stringify(header('GPTBot'))} }).then((d) => console.log(JSON.stringify([d.allowed, d.crawler.name, d.line, d.url])));`;
    const esm = execFileSync(
      'node',
      [
        '--input-type=module',
        '-e',
        script(`import { createEnforcer } from ${JSON.stringify(join(root, 'dist/edge.js'))};`),
      ],
      { encoding: 'utf8' },
    );
    const cjs = execFileSync(
      'node',
      ['-e', script(`const { createEnforcer } = require(${JSON.stringify(join(root, 'dist/edge.cjs'))});`)],
      { encoding: 'utf8' },
    );
    expect(JSON.parse(esm)).toEqual([false, 'GPTBot', 2, 'https://e.com/p?x']);
    expect(JSON.parse(cjs)).toEqual([false, 'GPTBot', 2, 'https://e.com/p?x']);
  });

  test('examples/node: a node:http server through the adapter', async () => {
    const server = await serve('node', ['server.mjs'], installedExample('node'));
    try {
      await checkServer(server.origin);
      expect(server.output()).toContain('violation: GPTBot (OpenAI) / line 7: disallow /');
    } finally {
      server.child.kill();
    }
  });

  for (const [name, args] of [
    ['deno', ['run', '--allow-net', '--allow-read', '--allow-env', 'server.mjs']],
    ['bun', ['server.mjs']],
  ] as const) {
    const bin = join(root, 'node_modules/.bin', name);
    const skip = !existsSync(bin) && !require;
    test.skipIf(skip)(
      `examples/deno-bun under ${name === 'deno' ? 'Deno.serve' : 'Bun.serve'}${why(skip, `${name} is not installed (npm package ${name})`)}`,
      async () => {
        const dir = installedExample('deno-bun');
        writeFileSync(
          join(dir, 'package.json'),
          JSON.stringify({ name: 'x', private: true, type: 'module', dependencies: { robotsmatch: '*' } }),
        );
        const server = await serve(bin, [...args], dir);
        try {
          await checkServer(server.origin);
        } finally {
          server.child.kill();
        }
      },
      60_000,
    );
  }
});
