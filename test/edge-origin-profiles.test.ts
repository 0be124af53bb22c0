// robotsmatch/edge's origin profiles against real origins on 127.0.0.1:
// Python's http.server and a Node static server that reads paths as
// express.static (send) does, each serving files from a folder, and origins
// that strip `;params` (as Tomcat, Jetty and Spring do) or ignore case (as
// IIS does). For every spelling of a disallowed path, whenever the origin
// serves the disallowed file, the enforcer's decision under the profile that
// describes that origin is "disallowed": never looser than the origin.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, normalize, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createEnforcer, EnforcerOptionError } from '../src/edge.js';
import { originReadings } from '../src/edge/path.js';
import { crawlerUserAgents } from './fixtures/user-agents.js';

const GPTBOT = crawlerUserAgents.find((s) => s.crawler === 'GPTBot')!.header;
const ROBOTS = 'User-agent: GPTBot\nDisallow: /private\nDisallow: /admin/\n';
const SECRET = 'the private page';

/** Every spelling the issue of origins' path readings names, and combinations of them. */
const SPELLINGS = [
  '/private',
  '/%2fprivate',
  '/%2Fprivate',
  '/a/..%2fprivate',
  '/a/..%2Fprivate',
  '/a%2f..%2fprivate',
  '/%5Cprivate',
  '/%5cprivate',
  '/\\private',
  '/a/..\\private',
  '/private;x',
  '/a;x/../private',
  '/%2e%2e/private',
  '//private',
  '/./private',
  '/%70rivate',
  '/admin/',
  '/admin;jsessionid=1/',
  '/admin;x/index.html',
  '/ADMIN/',
  '/Private',
  '/a/..%5cPRIVATE',
  '/public',
];

let folder: string;
const servers: Server[] = [];
let python: ChildProcess | undefined;

/** A GET of a raw path (no URL parser in between), its status and body. */
function get(origin: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A static server: `read` turns the request's raw path into a file path under the folder (undefined: 404). */
async function staticOrigin(read: (rawPath: string) => string | undefined): Promise<string> {
  const server = createServer((req, res) => {
    try {
      const file = read(req.url!.split('?')[0]!);
      if (file === undefined) throw new Error('not found');
      let path = join(folder, file);
      if (path.endsWith(sep)) path = join(path, 'index.html');
      res.end(readFileSync(path));
    } catch {
      res.statusCode = 404;
      res.end('not found');
    }
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** express.static's reading (the send package): the path decoded once, then normalised as a file path. */
const expressLike = (raw: string) => normalize(`.${sep}${decodeURIComponent(raw)}`);
/** Tomcat's, Jetty's and Spring's: `;params` dropped from each segment, then decoded and normalised. */
const servletLike = (raw: string) => expressLike(raw.replace(/;[^/]*/g, ''));
/** IIS's: `\` is `/`, and the file system ignores case. */
const iisLike = (raw: string) => expressLike(raw).replace(/\\/g, '/').toLowerCase();

async function pythonOrigin(): Promise<string | undefined> {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  python = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', folder], {
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (
      await get(origin, '/public').then(
        () => true,
        () => false,
      )
    )
      return origin;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'robotsmatch-origin-'));
  writeFileSync(join(folder, 'private'), SECRET);
  writeFileSync(join(folder, 'public'), 'a public page');
  mkdirSync(join(folder, 'admin'));
  writeFileSync(join(folder, 'admin', 'index.html'), SECRET);
});

afterAll(() => {
  python?.kill();
  for (const server of servers) server.close();
  rmSync(folder, { recursive: true, force: true });
});

async function decide(profile: 'strict' | 'common' | 'case-insensitive', path: string) {
  // Violations are the point here: the default log (stderr) is switched off.
  const enforcer = createEnforcer({ robots: ROBOTS, origin: profile, onViolation: () => {} });
  try {
    return await enforcer.decide({ url: `http://site.example${path}`, headers: new Headers({ 'user-agent': GPTBOT }) });
  } finally {
    enforcer.dispose();
  }
}

/** For each spelling the origin serves the secret for: the decisions under `profile`. */
async function servedAndDecided(origin: string, profile: 'strict' | 'common' | 'case-insensitive') {
  const rows: { path: string; served: boolean; allowed: boolean }[] = [];
  for (const path of SPELLINGS) {
    const served = (await get(origin, path)).body === SECRET;
    rows.push({ path, served, allowed: (await decide(profile, path)).allowed });
  }
  return rows;
}

describe('origin profiles: never looser than the origin', () => {
  test("Python's http.server, with the default profile ('common')", async () => {
    const origin = await pythonOrigin();
    expect(origin, 'python3 -m http.server did not start').toBeDefined();
    const rows = await servedAndDecided(origin!, 'common');
    // The origin serves the private page for these spellings (what the strict reading missed).
    for (const path of ['/%2fprivate', '/a/..%2fprivate', '/a%2f..%2fprivate'])
      expect(rows.find((r) => r.path === path)!.served, path).toBe(true);
    expect(rows.filter((r) => r.served && r.allowed)).toEqual([]);
    expect(rows.find((r) => r.path === '/public')!.allowed).toBe(true);
  });

  test('the strict profile is looser than such an origin: it is for origins that read paths by RFC 3986 alone', async () => {
    const origin = await pythonOrigin();
    const rows = await servedAndDecided(origin!, 'strict');
    expect(rows.filter((r) => r.served && r.allowed).map((r) => r.path)).toContain('/%2fprivate');
  });

  test('a Node static server reading paths as express.static does', async () => {
    const rows = await servedAndDecided(await staticOrigin(expressLike), 'common');
    expect(rows.filter((r) => r.served).length).toBeGreaterThan(5);
    expect(rows.filter((r) => r.served && r.allowed)).toEqual([]);
  });

  test('an origin that drops ;params from segments (Tomcat, Jetty, Spring)', async () => {
    const rows = await servedAndDecided(await staticOrigin(servletLike), 'common');
    for (const path of ['/admin;jsessionid=1/', '/admin;x/index.html', '/a;x/../private'])
      expect(rows.find((r) => r.path === path)!.served, path).toBe(true);
    expect(rows.filter((r) => r.served && r.allowed)).toEqual([]);
  });

  test("a case-insensitive origin that reads \\ as / (IIS) with the 'case-insensitive' profile", async () => {
    const rows = await servedAndDecided(await staticOrigin(iisLike), 'case-insensitive');
    for (const path of ['/ADMIN/', '/Private', '/%5Cprivate', '/a/..%5cPRIVATE'])
      expect(rows.find((r) => r.path === path)!.served, path).toBe(true);
    expect(rows.filter((r) => r.served && r.allowed)).toEqual([]);
    // The common profile is looser there: /ADMIN/ is another page to a case-sensitive origin.
    expect((await decide('common', '/ADMIN/')).allowed).toBe(true);
  });

  test('rules with capitals hold on a case-insensitive origin, and the deciding line is the file line', async () => {
    const enforcer = createEnforcer({
      robots: 'User-agent: *\nDisallow: /Reports/\n',
      origin: 'case-insensitive',
      onViolation: () => {},
    });
    const bot = new Headers({ 'user-agent': GPTBOT });
    const decision = await enforcer.decide({ url: 'http://site.example/reports/2024.pdf', headers: bot });
    expect(decision).toMatchObject({ allowed: false, line: 2 });
    expect((await enforcer.decide({ url: 'http://site.example/other', headers: bot })).allowed).toBe(true);
    enforcer.dispose();
  });
});

describe('origin profiles: the readings and the option', () => {
  test('the common reading decodes %2F and %5C, reads \\ as /, drops ;params, then resolves dot segments', () => {
    expect(originReadings('/a/..%2fprivate?q=1', 'common')).toEqual(['/a/..%2Fprivate?q=1', '/private?q=1']);
    expect(originReadings('/admin;x/', 'common')).toEqual(['/admin;x/', '/admin/']);
    expect(originReadings('/\\private', 'common')).toEqual(['/\\private', '/private']);
    expect(originReadings('https://e.example/a;b/..%5Cprivate', 'common')).toEqual(['/a;b/..%5Cprivate', '/private']);
    expect(originReadings('https://e.example/admin;x/', 'common')).toEqual(['https://e.example/admin;x/', '/admin/']);
    // A path with nothing to read differently is matched once, as sent.
    expect(originReadings('/blog/post?page=2', 'common')).toEqual(['/blog/post?page=2']);
    expect(originReadings('/a/..%2fprivate', 'strict')).toEqual(['/a/..%2Fprivate']);
  });

  test('a query keeps its ; and escapes: only the path is read as the origin reads it', () => {
    expect(originReadings('/search?a=1;b=%2F', 'common')).toEqual(['/search?a=1;b=%2F']);
  });

  test('an unknown profile, and case-insensitive without the file text, are option errors', () => {
    expect(() => createEnforcer({ robots: ROBOTS, origin: 'nginx' as never })).toThrow(EnforcerOptionError);
    expect(() => createEnforcer({ robots: ROBOTS, origin: 'nginx' as never })).toThrow(
      /options.origin must be one of 'strict', 'common', 'case-insensitive'/,
    );
  });
});
