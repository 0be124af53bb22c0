// The dual-package hazard: `import 'robotsmatch'` and `require('robotsmatch')`
// load two copies of the library (the ESM and the CommonJS builds), and
// robotsmatch/js a third. A Robots made by any of them works with every
// subpath loaded the other way: explain, usage, audit, the edge enforcer and
// the main entry's own readers. Run on the built dist/ in child processes,
// as an installed package is (node_modules/robotsmatch linked to the repo).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = existsSync(join(root, 'dist/index.cjs'));
let app = '';

const BODY =
  'User-agent: GPTBot\\nDisallow: /private\\nContent-Signal: ai-train=no\\n\\nUser-agent: *\\nDisallow: /x\\nCrawl-delay: 2\\n';

/** What every subpath says of `robots`, loaded the other way: the same in every combination. */
const PROBE = `
async function probe(robots, lib) {
  const out = {};
  out.check = robots.check('https://e.com/private', 'GPTBot');
  out.explain = (({ allowed, line, reason }) => ({ allowed, line, reason }))(lib.explain(robots, 'https://e.com/private', 'GPTBot'));
  out.usage = lib.usage(robots, 'https://e.com/a', 'GPTBot').contentSignal;
  out.audit = lib.audit(robots, ['GPTBot', 'Googlebot']).map((r) => [r.crawler.name, r.group, r.access, r.example]);
  out.groups = lib.groups(robots).length;
  out.crawlDelay = lib.crawlDelay(robots, 'Otherbot');
  out.selection = lib.selection(robots, 'GPTBot').token;
  const enforcer = lib.createEnforcer({ robots, onViolation: () => {} });
  out.edge = (await enforcer.decide({ url: '/private', userAgent: 'Mozilla/5.0 (compatible; GPTBot/1.2)' })).allowed;
  enforcer.dispose();
  robots.dispose();
  try { lib.explain(robots, 'https://e.com/x', 'GPTBot'); out.afterDispose = 'answered'; } catch (error) { out.afterDispose = error.name; }
  return out;
}
`;

const ESM = `
import { createRequire } from 'node:module';
import * as main from 'robotsmatch';
import * as js from 'robotsmatch/js';
import { explain } from 'robotsmatch/explain';
import { usage } from 'robotsmatch/usage';
import { audit } from 'robotsmatch/crawlers';
import { createEnforcer } from 'robotsmatch/edge';
const require = createRequire(import.meta.url);
${PROBE}
const esmLib = { explain, usage, audit, createEnforcer, groups: main.groups, crawlDelay: main.crawlDelay, selection: main.selection };
const cjsMain = require('robotsmatch');
const cjsLib = {
  explain: require('robotsmatch/explain').explain, usage: require('robotsmatch/usage').usage, audit: require('robotsmatch/crawlers').audit,
  createEnforcer: require('robotsmatch/edge').createEnforcer, groups: cjsMain.groups, crawlDelay: cjsMain.crawlDelay, selection: cjsMain.selection,
};
const body = '${BODY}';
process.stdout.write(JSON.stringify({
  'esm robots, esm subpaths': await probe(main.parse(body), esmLib),
  'esm robots, cjs subpaths': await probe(main.parse(body), cjsLib),
  'cjs robots, esm subpaths': await probe(cjsMain.parse(body), esmLib),
  'js robots, esm subpaths': await probe(js.parse(body), esmLib),
  'js robots, cjs subpaths': await probe(js.parse(body), cjsLib),
}));
`;

const CJS = `
const main = require('robotsmatch');
const js = require('robotsmatch/js');
${PROBE}
(async () => {
  const esmMain = await import('robotsmatch');
  const esmLib = {
    explain: (await import('robotsmatch/explain')).explain, usage: (await import('robotsmatch/usage')).usage, audit: (await import('robotsmatch/crawlers')).audit,
    createEnforcer: (await import('robotsmatch/edge')).createEnforcer, groups: esmMain.groups, crawlDelay: esmMain.crawlDelay, selection: esmMain.selection,
  };
  const cjsLib = {
    explain: require('robotsmatch/explain').explain, usage: require('robotsmatch/usage').usage, audit: require('robotsmatch/crawlers').audit,
    createEnforcer: require('robotsmatch/edge').createEnforcer, groups: main.groups, crawlDelay: main.crawlDelay, selection: main.selection,
  };
  const body = '${BODY}';
  process.stdout.write(JSON.stringify({
    'cjs robots, cjs subpaths': await probe(main.parse(body), cjsLib),
    'cjs robots, esm subpaths': await probe(main.parse(body), esmLib),
    'esm robots, cjs subpaths': await probe(esmMain.parse(body), cjsLib),
    'js robots, esm subpaths': await probe(js.parse(body), esmLib),
  }));
})();
`;

const EXPECTED = {
  check: { allowed: false, line: 2, rule: { type: 'disallow', pattern: '/private' } },
  explain: { allowed: false, line: 2, reason: 'longest-match' },
  usage: { values: { 'ai-train': 'no' }, lines: [3] },
  audit: [
    ['GPTBot', 'GPTBot', 'partly', '/private'],
    ['Googlebot', '*', 'partly', '/x'],
  ],
  groups: 2,
  crawlDelay: 2,
  selection: 'GPTBot',
  edge: false,
  afterDispose: 'RobotsDisposedError',
};

describe.skipIf(!built)('one Robots, every subpath, whichever way each was loaded', () => {
  beforeAll(() => {
    app = mkdtempSync(join(tmpdir(), 'robotsmatch-dual-'));
    mkdirSync(join(app, 'node_modules'));
    symlinkSync(root, join(app, 'node_modules/robotsmatch'), 'dir');
    writeFileSync(join(app, 'esm.mjs'), ESM);
    writeFileSync(join(app, 'cjs.cjs'), CJS);
  });
  afterAll(() => {
    if (app) rmSync(app, { recursive: true, force: true });
  });

  test("an ESM program that also requires: ESM, CommonJS and robotsmatch/js Robots with each other's subpaths", () => {
    const results = JSON.parse(execFileSync('node', ['esm.mjs'], { cwd: app, encoding: 'utf8' }));
    expect(Object.keys(results)).toHaveLength(5);
    for (const [combination, result] of Object.entries(results)) expect(result, combination).toEqual(EXPECTED);
  });

  test('a CommonJS program that also imports: the same', () => {
    const results = JSON.parse(execFileSync('node', ['cjs.cjs'], { cwd: app, encoding: 'utf8' }));
    expect(Object.keys(results)).toHaveLength(4);
    for (const [combination, result] of Object.entries(results)) expect(result, combination).toEqual(EXPECTED);
  });

  test('something that only looks like a Robots is still refused with a TypeError', () => {
    const out = execFileSync(
      'node',
      [
        '--input-type=module',
        '-e',
        `
      import { explain } from 'robotsmatch/explain';
      import { groups } from 'robotsmatch';
      const tries = [() => explain({ check() {} }, '/x', 'a'), () => groups({ [Symbol.for('robotsmatch.Robots')]: 1 })];
      process.stdout.write(JSON.stringify(tries.map((f) => { try { f(); return 'answered'; } catch (e) { return e.name; } })));
    `,
      ],
      { cwd: app, encoding: 'utf8' },
    );
    expect(JSON.parse(out)).toEqual(['TypeError', 'TypeError']);
  });
});
