// The tarball users install: `npm pack`, installed into a fresh
// project outside the repository, then used there as users do: import and
// require, every public subpath, the CLI through npx, TypeScript under
// node16 and bundler with the default lib and no @types/node; publint and
// attw on the tarball itself. And the entries' contract (docs/architecture.md): explain,
// usage and purpose are robotsmatch/explain and robotsmatch/usage, not the
// main entry, and work on what the main entry parses; robotsmatch/js keeps
// them.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = existsSync(join(root, 'dist/index.js'));
let dir = '';
let app = '';
let tarball = '';

const sh = (command: string, args: string[], cwd = app, input?: string) => {
  const r = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    input,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};

describe.skipIf(!built)('the packed tarball, installed as users install it', () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'robotsmatch-pack-'));
    // --ignore-scripts: dist/ is already built by the test command; prepack scripts would rebuild it.
    const packed = execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], {
      cwd: root,
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop()!;
    tarball = join(dir, packed);
    app = join(dir, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    const install = sh('npm', [
      'install',
      tarball,
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--loglevel',
      'error',
    ]);
    if (install.status !== 0) throw new Error(`npm install of the tarball failed: ${install.stderr}`);
  }, 180_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('the tarball holds the papers and one core', () => {
    const list = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
    for (const file of [
      'package/LICENSE',
      'package/CHANGELOG.md',
      'package/README.md',
      'package/dist/index.js',
      'package/dist/cli/main.js',
      'package/dist/robotsmatch.wasm',
      'package/dist/explain.js',
      'package/dist/explain.cjs',
      'package/dist/explain-workerd.js',
      'package/dist/usage.js',
      'package/dist/usage.cjs',
      'package/dist/usage-workerd.js',
      // The runtime examples the docs name, for users who have only the package.
      'package/examples/node/server.mjs',
      'package/examples/deno-bun/server.mjs',
      'package/examples/cloudflare-worker/worker.js',
      'package/examples/crawlee/crawl.mjs',
    ]) {
      expect(list).toContain(file);
    }
    expect(readFileSync(join(app, 'node_modules/robotsmatch/LICENSE'), 'utf8')).toContain('Apache License');
    // The CLI imports the package entry instead of carrying its own copy of the core.
    const cli = readFileSync(join(app, 'node_modules/robotsmatch/dist/cli/main.js'), 'utf8');
    expect(cli).toContain('from "../index.js"');
    expect(cli).not.toMatch(/WebAssembly\.(Module|Instance|instantiate|compile)/);
    expect(
      list.some((f) => f.startsWith('package/test/') || f.startsWith('package/src/') || f.startsWith('package/bench/')),
    ).toBe(false);
  });

  test('every link of the published Markdown resolves in the tarball, or is an absolute URL', () => {
    const list = new Set(execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean));
    const documents = [...list].filter((f) => f.endsWith('.md'));
    expect(documents).toEqual(
      expect.arrayContaining([
        'package/README.md',
        'package/docs/cli.md',
        'package/docs/architecture.md',
        'package/docs/crawlers.md',
      ]),
    );
    const broken: string[] = [];
    for (const document of documents) {
      const text = readFileSync(join(app, 'node_modules/robotsmatch', document.slice('package/'.length)), 'utf8')
        .replace(/```[\s\S]*?```/g, '')
        .replace(/`[^`\n]*`/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^https:\/\//.test(target!)) continue;
        const path = target!.split('#')[0]!;
        if (path === '') continue;
        const resolved = posix.normalize(posix.join(posix.dirname(document), path));
        if (!list.has(resolved)) broken.push(`${document}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  test('ESM: import, every public subpath', () => {
    writeFileSync(
      join(app, 'esm.mjs'),
      `
import { parse, RobotsCache } from 'robotsmatch';
import { explain } from 'robotsmatch/explain';
import { lint } from 'robotsmatch/lint';
import { parse as parseJs } from 'robotsmatch/js';
import robotsParser from 'robotsmatch/compat';
import pkg from 'robotsmatch/package.json' with { type: 'json' };
import { createEnforcer } from 'robotsmatch/edge';
import { readFileSync } from 'node:fs';
const body = 'User-agent: *\\nDisallow: /private/\\nDissallow: /typo\\n';
const robots = parse(body);
const wasm = readFileSync(new URL(import.meta.resolve('robotsmatch/robotsmatch.wasm')));
console.log(JSON.stringify({
  check: robots.check('https://e.com/private/x', 'bot'),
  js: parseJs(body).isAllowed('https://e.com/private/x', 'bot'),
  explain: explain(robots, 'https://e.com/typo', 'bot').reason,
  lint: lint(body).map((d) => d.code),
  cache: typeof RobotsCache,
  version: pkg.version,
  wasm: WebAssembly.validate(wasm),
  compat: robotsParser('https://e.com/robots.txt', body).isAllowed('https://e.com/private/x', 'Bot/1.0'),
  edge: (await createEnforcer({ robots, action: 'block', onViolation: () => {} }).handle(new Request('https://e.com/private/x', { headers: { 'user-agent': 'CCBot/2.0 (https://commoncrawl.org/faq/)' } }))).status,
}));
`,
    );
    const r = sh(process.execPath, ['esm.mjs']);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({
      check: { allowed: false, line: 2, rule: { type: 'disallow', pattern: '/private/' } },
      js: false,
      explain: 'longest-match',
      lint: ['typo-key'],
      cache: 'function',
      version: '0.1.0',
      wasm: true,
      compat: false,
      edge: 403,
    });
  });

  test('CommonJS: require', () => {
    writeFileSync(
      join(app, 'cjs.cjs'),
      `
const { parse } = require('robotsmatch');
const js = require('robotsmatch/js');
const r = parse('User-agent: *\\nDisallow: /a\\n');
const robotsParser = require('robotsmatch/compat');
const { lint } = require('robotsmatch/lint');
const { createEnforcer } = require('robotsmatch/edge');
createEnforcer({ robots: r, onViolation: () => {} }).decide({ url: '/a', userAgent: 'CCBot/2.0' }).then((d) => console.log(JSON.stringify([d.crawler.name, d.allowed])));
console.log(JSON.stringify([r.isAllowed('/a', 'x'), js.parse('User-agent: *\\nDisallow: /a\\n').isAllowed('/b', 'x'), require('robotsmatch/package.json').name, typeof robotsParser, robotsParser('https://e.com/robots.txt', 'User-agent: *\\nDisallow: /a\\n').isAllowed('https://e.com/a'), lint('Dissallow: /x').map((d) => d.code)]));
`,
    );
    const r = sh(process.execPath, ['cjs.cjs']);
    expect(r.stderr).toBe('');
    const [first, second] = r.stdout.trim().split('\n');
    expect(JSON.parse(first!)).toEqual([false, true, 'robotsmatch', 'function', false, ['no-user-agent', 'typo-key']]);
    expect(JSON.parse(second!)).toEqual(['CCBot', false]);
  });

  // The main entry stays within its size budget without explain,
  // usage and purpose, which are subpaths of their own. They read what the
  // main entry's parse() made (one Robots class, one core, one table of
  // purposes), under import and require alike; robotsmatch/js, self-contained,
  // keeps all three.
  const BODY = 'User-agent: *\nContent-Signal: search=yes, ai-train=no\nDisallow: /private/\n';
  const entryContract = (load: string) => `
${load}
const robots = main.parse(${JSON.stringify(BODY)});
const matcher = robots.forAgent('bot');
const kept = (purpose) => new TextDecoder().decode(matcher.filterLines('https://e.com/a\\n', 'allowed', { purpose }).output);
const jsRobots = js.parse(${JSON.stringify(BODY)});
let foreign = null;
try { foreign = explainer.explain(jsRobots, '/private/x', 'bot').reason; } catch (error) { foreign = error.name; }
console.log(JSON.stringify({
  main: ['explain', 'usage', 'purpose'].filter((name) => name in main),
  explain: explainer.explain(robots, '/private/x', 'bot').reason,
  explainMatcher: explainer.explain(matcher, '/ok').allowed,
  usage: usager.usage(robots, 'https://e.com/a', 'bot').contentSignal.values,
  purpose: [kept(usager.purpose('search')), kept(usager.purpose('train-ai'))],
  subpaths: [Object.keys(explainer).sort(), Object.keys(usager).sort()],
  js: [js.explain(jsRobots, '/private/x', 'bot').reason, js.usage(jsRobots, '/a', 'bot').contentSignal.values['ai-train'], new TextDecoder().decode(jsRobots.forAgent('bot').filterLines('https://e.com/a\\n', 'allowed', { purpose: js.purpose('search') }).output)],
  foreign,
}));
`;
  const contract = {
    main: [],
    explain: 'longest-match',
    explainMatcher: true,
    usage: { search: 'yes', 'ai-train': 'no' },
    purpose: ['https://e.com/a\n', ''],
    subpaths: [['explain'], ['purpose', 'usage']],
    js: ['longest-match', 'no', 'https://e.com/a\n'],
    foreign: 'longest-match', // a robotsmatch/js Robots works with the main entry's subpaths (test/dual-package.test.ts)
  };

  test.each([
    [
      'ESM',
      'entries.mjs',
      "import * as main from 'robotsmatch';\nimport * as explainer from 'robotsmatch/explain';\nimport * as usager from 'robotsmatch/usage';\nimport * as js from 'robotsmatch/js';",
    ],
    [
      'CommonJS',
      'entries.cjs',
      "const main = require('robotsmatch');\nconst explainer = require('robotsmatch/explain');\nconst usager = require('robotsmatch/usage');\nconst js = require('robotsmatch/js');",
    ],
  ])(
    '%s: explain, usage and purpose are subpaths that read what the main entry parses; robotsmatch/js keeps them',
    (_, file, load) => {
      writeFileSync(join(app, file), entryContract(load));
      const r = sh(process.execPath, [file]);
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout)).toEqual(contract);
    },
  );

  test('the CLI through npx: --example and a real filter', () => {
    const example = sh('npx', ['--no-install', 'robotsmatch', '--example']);
    expect(example.status).toBe(0);
    expect(example.stdout).toContain(
      'disallowed  ExampleBot     https://example.com/private/notes.html  (line 3: Disallow: /private/)',
    );
    // The commands it shows name files the user has: run one as shown.
    const shown = /--robots (\S+)/.exec(example.stdout)![1]!;
    expect(shown).toBe('node_modules/robotsmatch/examples/demo/robots.txt');
    const again = sh('npx', [
      '--no-install',
      'robotsmatch',
      'check',
      'https://example.com/private/notes.html',
      '--robots',
      shown,
      '--agent',
      'ExampleBot',
    ]);
    expect(again.stdout).toBe('disallowed  https://example.com/private/notes.html  (line 3: Disallow: /private/)\n');
    expect(sh('npx', ['--no-install', 'robotsmatch', '--version']).stdout).toBe('0.1.0\n');
    writeFileSync(join(app, 'robots.txt'), 'User-agent: *\nDisallow: /private/\n');
    const filter = sh(
      'npx',
      ['--no-install', 'robotsmatch', 'filter', '--robots', 'robots.txt', '--verdicts'],
      app,
      'https://e.com/private/a\nhttps://e.com/ok\n',
    );
    expect(filter.status).toBe(0);
    expect(filter.stdout).toBe('disallowed\thttps://e.com/private/a\nallowed\thttps://e.com/ok\n');
  });

  const typescript = join(root, 'node_modules/typescript/bin/tsc');
  const source = `
import { parse, productToken, type Robots, type Verdict, type FetchedRobots, type Purpose } from 'robotsmatch';
import { explain, type Explanation } from 'robotsmatch/explain';
import { usage, purpose, type Usage, type Purpose as UsagePurpose } from 'robotsmatch/usage';
import { explain as explainJs, usage as usageJs, purpose as purposeJs } from 'robotsmatch/js';
// @ts-expect-error explain() is robotsmatch/explain's, not the main entry's
import { explain as notInMain } from 'robotsmatch';
import { lint, type Diagnostic } from 'robotsmatch/lint';
import { parse as parseJs } from 'robotsmatch/js';
import robotsParser, { type Robot } from 'robotsmatch/compat';
import { createEnforcer, EnforcerOptionError, type Decision, type Violation, type EnforcerOptions } from 'robotsmatch/edge';
import { audit } from 'robotsmatch/crawlers';
import { RobotsCache as Cache } from 'robotsmatch';
import * as archiveEntry from 'robotsmatch/archive';
import * as generateEntry from 'robotsmatch/generate';
export const entries = [archiveEntry.openArchive, generateEntry.generate];
const edgeOptions: EnforcerOptions = { robots: 'User-agent: *\\nDisallow: /a\\n', action: 'block', onViolation: (v: Violation) => void v.line };
const enforcer = createEnforcer(edgeOptions);
export const edge: [Promise<Decision>, unknown, typeof EnforcerOptionError] = [enforcer.decide({ url: '/a', userAgent: 'x' }), enforcer.counters().crawlers, EnforcerOptionError];
const robot: Robot = robotsParser('https://e.com/robots.txt', '');
const lineNumber: number = robot.getMatchingLineNumber('https://e.com/x'); // robots-parser's type: a strict project switches as it is
const robots: Robots = parse('User-agent: *\\nDisallow: /a\\n', { mode: 'rfc' });
const verdict: Verdict = robots.check('/a', productToken('Googlebot/2.1'));
const explanation: Explanation = explain(robots, '/a', ['a', 'b']);
const used: Usage = usage(robots.forAgent('a'), '/a');
const forTraining: Purpose = purpose('train-ai'); // the main entry's type: its matchers take it
const same: UsagePurpose = forTraining;
const filtered: Uint8Array = robots.forAgent('x').filterLines('/a\\n', 'allowed', { purpose: same }).output;
export const subpaths = [used.licenses, filtered, notInMain, explainJs, usageJs, purposeJs];
const diagnostics: Diagnostic[] = lint('x');
const matcher = robots.forAgent('x');
const kept: Uint8Array = matcher.filterLines('/a\\n/b\\n', 'labelled').output;
let fetched: FetchedRobots | undefined;
export const all = [lineNumber, robot.isAllowed('https://e.com/x', 'Bot/1.0') ?? false, robot.getCrawlDelay(), verdict.allowed, explanation.reason, diagnostics.length, kept.length, fetched, parseJs('').isAllowed('/', 'x')];
// The subpaths take the main entry's Robots and RobotsCache (one declaration of each).
declare const site: URL; // a value only where a lib or @types/node has URL
export const shared = [audit(robots, 'ai'), createEnforcer({ robots }), createEnforcer({ robots: site, cache: new Cache() })];
robots.dispose();
`;
  test.each(['node16', 'bundler'] as const)(
    'TypeScript, moduleResolution %s, strict, skipLibCheck false, default lib, no @types/node',
    (resolution) => {
      const project = join(app, `ts-${resolution}`);
      mkdirSync(project, { recursive: true });
      writeFileSync(join(project, 'check.ts'), source);
      writeFileSync(
        join(project, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'es2022',
            module: resolution === 'node16' ? 'node16' : 'esnext',
            moduleResolution: resolution,
            strict: true,
            skipLibCheck: false,
            noEmit: true,
            types: [],
            typeRoots: [],
          },
          files: ['check.ts'],
        }),
      );
      const r = sh(process.execPath, [typescript, '-p', project]);
      expect(r.stdout + r.stderr).toBe('');
      expect(r.status).toBe(0);
    },
  );

  test.each([false, true])(
    'TypeScript, lib es2022 only (no DOM), strict, skipLibCheck false, @types/node %s',
    (withNode) => {
      const project = join(app, `ts-es2022-${withNode ? 'node' : 'bare'}`);
      mkdirSync(project, { recursive: true });
      writeFileSync(
        join(project, 'check.ts'),
        source.replace(
          "import { parse as parseJs } from 'robotsmatch/js';",
          "import { parse as parseJs } from 'robotsmatch/js';\nimport { fetchRobots, RobotsCache } from 'robotsmatch';\nexport const more = [fetchRobots, new RobotsCache()];",
        ),
      );
      writeFileSync(
        join(project, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'es2022',
            lib: ['es2022'],
            module: 'node16',
            moduleResolution: 'node16',
            strict: true,
            skipLibCheck: false,
            noEmit: true,
            types: withNode ? ['node'] : [],
            typeRoots: withNode ? [join(root, 'node_modules/@types')] : [],
          },
          files: ['check.ts'],
        }),
      );
      const r = sh(process.execPath, [typescript, '-p', project]);
      expect(r.stdout + r.stderr).toBe('');
      expect(r.status).toBe(0);
    },
  );

  test('TypeScript with the esnext lib: `using` disposes a Robots', () => {
    const project = join(app, 'ts-using');
    mkdirSync(project, { recursive: true });
    writeFileSync(
      join(project, 'check.ts'),
      `import { parse } from 'robotsmatch';\n{\n  using robots = parse('User-agent: *\\nDisallow: /\\n');\n  robots.isAllowed('/', 'x');\n}\nexport {};\n`,
    );
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2022',
          lib: ['esnext', 'dom'],
          module: 'node16',
          moduleResolution: 'node16',
          strict: true,
          skipLibCheck: false,
          noEmit: true,
          types: [],
          typeRoots: [],
        },
        files: ['check.ts'],
      }),
    );
    const r = sh(process.execPath, [typescript, '-p', project]);
    expect(r.stdout + r.stderr).toBe('');
    const robots = sh(process.execPath, [
      '--input-type=module',
      '-e',
      "import { parse } from 'robotsmatch'; const r = parse('User-agent: *\\nDisallow: /\\n'); r[Symbol.dispose ?? Symbol.for('Symbol.dispose')](); try { r.isAllowed('/', 'x'); } catch (e) { console.log(e.name); }",
    ]);
    expect(robots.stdout.trim()).toBe('RobotsDisposedError');
  });

  test('publint and attw pass on the tarball', () => {
    const publint = sh(join(root, 'node_modules/.bin/publint'), ['run', tarball, '--strict'], root);
    expect(publint.stdout + publint.stderr).not.toMatch(/Errors:|Warnings:/);
    expect(publint.status).toBe(0);
    const attw = sh(
      join(root, 'node_modules/.bin/attw'),
      [tarball, '--profile', 'node16', '--exclude-entrypoints', './robotsmatch.wasm', '--format', 'table-flipped'],
      root,
    );
    expect(attw.status, attw.stdout + attw.stderr).toBe(0);
  });
});
