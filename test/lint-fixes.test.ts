// Fixes: applyFixes() on texts, and the promises fixes make. Over generated
// files, the corpus and the real-world-shaped fixtures: applying every safe
// fix leaves every Google-mode verdict unchanged for every token either
// file names, `*` and the fixed crawler set, on a sample of URLs; applying
// every fix never disallows `/` for a crawler that had it, unless a fix says
// so in its message.
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { lines, parse } from '../src/index.js';
import { applyFixes, lint, type Diagnostic } from '../src/lint.js';
import { corpusFiles } from './support/corpus.js';
import { robotsBody, url as urlArbitrary } from './support/generated.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/lint/', import.meta.url));
const CRAWLERS = ['Googlebot', 'Googlebot-Image', 'Bingbot', 'GPTBot', 'ClaudeBot', 'CCBot', '*'];
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const URLS = fc.sample(urlArbitrary, { numRuns: 40, seed: 42 });

function textOf(body: Uint8Array): string | undefined {
  try {
    return decoder.decode(body);
  } catch {
    return undefined;
  }
}

/** Tokens the file names, as Google reads them. */
function tokens(text: string): string[] {
  // A browser's name (`Mozilla`, read from a full header) is no crawler: fixes do not speak for it.
  return lines(text)
    .filter(
      (l) =>
        l.kind === 'user-agent' &&
        l.agent &&
        l.agent !== '*' &&
        !/^(Mozilla|Opera|Safari|Chrome|AppleWebKit)$/i.test(l.agent),
    )
    .map((l) => l.agent!);
}

/** `/`, a path for each rule of either file, and the generated URLs. */
function sample(...texts: string[]): string[] {
  const out = new Set(['/', ...URLS]);
  for (const t of texts) {
    for (const l of lines(t)) {
      if (l.kind !== 'allow' && l.kind !== 'disallow') continue;
      const p = (l.value ?? '').replace(/\*/g, '').replace(/\$$/, '');
      out.add(p.startsWith('/') ? p : `/${p}`);
      out.add(p.startsWith('/') ? `${p}x/y` : `/${p}x`);
    }
  }
  return [...out].slice(0, 400);
}

/** The token a crawler matches with: Googlebot-Image follows the Googlebot group when no group names it, as Google's image crawler does. */
function agentIn(text: string, agent: string): string {
  if (agent !== 'Googlebot-Image') return agent;
  const named = tokens(text).map((t) => t.toLowerCase());
  return !named.includes('googlebot-image') && named.includes('googlebot') ? 'Googlebot' : agent;
}

function verdicts(text: string, agents: string[], urls: string[]): Map<string, boolean> {
  const robots = parse(text);
  try {
    const out = new Map<string, boolean>();
    for (const a of agents) for (const u of urls) out.set(`${a} ${u}`, robots.isAllowed(u, agentIn(text, a)));
    return out;
  } finally {
    robots.dispose();
  }
}

/** The promises of one file's fixes. */
function holds(text: string): void {
  const diagnostics = lint(text);
  const safe = applyFixes(text, diagnostics);
  const all = applyFixes(text, diagnostics, { unsafe: true });
  const agents = [...new Set([...CRAWLERS, ...tokens(text), ...tokens(safe), ...tokens(all)])];
  const urls = sample(text, safe, all);
  const before = verdicts(text, agents, urls);
  // Safe fixes: every verdict unchanged.
  const afterSafe = verdicts(safe, agents, urls);
  for (const [key, allowed] of before)
    expect(afterSafe.get(key), `safe fixes changed ${key}\n${text}\n---\n${safe}`).toBe(allowed);
  // Every fix: `/` newly disallowed only where a fix says so.
  if (all === text) return;
  const said = diagnostics.filter((d) => d.fix?.safety === 'unsafe').map((d) => d.fix!.message);
  const robots = parse(all);
  try {
    for (const agent of agents) {
      if (!before.get(`${agent} /`) || robots.isAllowed('/', agentIn(all, agent))) continue;
      const named = said.some(
        (m) =>
          /will then be disallowed from \/(\.| and)/.test(m) &&
          (m.toLowerCase().includes(agent.toLowerCase()) || m.includes('Crawlers with no group of their own')),
      );
      expect(
        named,
        `the fixes disallow / for ${agent} without saying so\n${text}\n---\n${all}\n${said.join('\n')}`,
      ).toBe(true);
    }
  } finally {
    robots.dispose();
  }
  // Safe fixes converge: none is left to apply.
  expect(
    lint(safe)
      .filter((d) => d.fix?.safety === 'safe')
      .map((d) => `${d.line} ${d.code}`),
    safe,
  ).toEqual([]);
}

describe('applyFixes', () => {
  const fix = (lines: string[], safety: 'safe' | 'unsafe' = 'safe'): Diagnostic['fix'] => ({
    safety,
    lines,
    message: 'x.',
  });
  const d = (line: number, f?: Diagnostic['fix']): Diagnostic => ({
    line,
    severity: 'warning',
    code: 'typo-key',
    message: 'x.',
    ...(f ? { fix: f } : {}),
  });

  test("replaces, splits and removes lines, keeping every other byte and each line's own break", () => {
    const text = '\uFEFFUser-agent: *\r\nDissallow: /a\r\nDisallow: /b\nDisallow: /b\rSitemap: x';
    expect(applyFixes(text, [d(2, fix(['Disallow: /a'])), d(4, fix([]))])).toBe(
      '\uFEFFUser-agent: *\r\nDisallow: /a\r\nDisallow: /b\nSitemap: x',
    );
    expect(applyFixes(text, [d(1, fix(['User-agent: *', 'Disallow: /']))])).toBe(
      '\uFEFFUser-agent: *\r\nDisallow: /\r\nDissallow: /a\r\nDisallow: /b\nDisallow: /b\rSitemap: x',
    );
    expect(applyFixes('a\nb', [d(2, fix(['c', 'd']))])).toBe('a\nc\nd');
  });

  test('safe fixes only, unless unsafe; one fix per line (the first given); no fix, same text', () => {
    const text = 'a\nb\n';
    expect(applyFixes(text, [d(1, fix(['A'], 'unsafe'))])).toBe(text);
    expect(applyFixes(text, [d(1, fix(['A'], 'unsafe'))], { unsafe: true })).toBe('A\nb\n');
    expect(applyFixes(text, [d(2, fix(['B'])), d(2, fix(['C']))])).toBe('a\nB\n');
    expect(applyFixes(text, [d(1)])).toBe(text);
  });

  test('what lint finds, fixed: the typo, the colon and the duplicate', () => {
    const text = 'User-agent: *\nDissallow /tmp/ # old\nDisallow: /a\nDisallow: /a\n';
    expect(applyFixes(text, lint(text))).toBe('User-agent: *\nDisallow: /tmp/ # old\nDisallow: /a\n');
  });

  test('bad arguments throw typed errors', () => {
    expect(() => applyFixes(1 as never, [])).toThrow(TypeError);
    expect(() => applyFixes('', {} as never)).toThrow(TypeError);
  });
});

describe('the promises fixes make', () => {
  test('generated files', () => {
    fc.assert(
      fc.property(robotsBody, (body) => {
        const text = textOf(body);
        if (text !== undefined) holds(text);
      }),
      { numRuns: 400 },
    );
  });

  test('every corpus file', () => {
    for (const { body } of corpusFiles()) holds(textOf(body)!);
  });

  test('every real-world-shaped fixture', () => {
    for (const name of readdirSync(FIXTURES).filter((f) => f.endsWith('.txt'))) {
      const text = textOf(new Uint8Array(readFileSync(FIXTURES + name)));
      if (text !== undefined) holds(text);
    }
  });

  test('files made of the lines fixes touch', () => {
    const pieces = fc.constantFrom(
      'User-agent: *',
      'User-agent: *OrkashBot*',
      'User-Agnet: *',
      'User-agent: * Disallow: /',
      'User-agent: Googlebot/2.1',
      'User-agent: Googlebot Image',
      'User-agent: Google Bot',
      'useragent: x',
      'Disallow: /',
      'Disallow:\u00a0/x',
      'Disallow: /a b',
      'Disallow: /a /b',
      'Allow: .css',
      'Disallow: private/',
      'Dissallow /x',
      'Alow: /y',
      'Disallow: /a',
      'Disallow: /a',
      'Disallow: http://e.com/',
      'sitemap https://e.com/s.xml',
      'https://e.com/sitemap.xml',
      'User-agent: Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Allow: /',
      '',
      '# c',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => holds(`${parts.join('\n')}\n`)),
      { numRuns: 400 },
    );
  });
});
