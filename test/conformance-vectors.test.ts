// The conformance vectors (test/vectors/conformance.json) that the Python
// package asserts too (python/tests/test_conformance.py): the same verdicts,
// deciding lines, bulk bytes, usage answers and crawler lookups in both
// languages. A change to the core that changes an answer fails both suites;
// scripts/conformance-vectors.mjs writes the file again, to be reviewed.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parse, normalizeUrl, pathOf, productToken, crawlDelay, type Agent } from '../src/index.js';
import { usage, purpose } from '../src/usage.js';
import { crawler, identify } from '../src/crawlers.js';

const vectors = JSON.parse(readFileSync(new URL('./vectors/conformance.json', import.meta.url), 'utf8'));

type VectorAgent = string | string[] | { crawler: string } | { tokens: string[]; obeysGlobalGroup?: boolean };
function agentOf(agent: VectorAgent): Agent {
  if (typeof agent === 'object' && !Array.isArray(agent) && 'crawler' in agent) {
    const found = crawler(agent.crawler);
    if (!found) throw new Error(`no crawler ${agent.crawler} in the registry`);
    return found;
  }
  return agent;
}

describe('conformance vectors', () => {
  test("spec-derived cases and Google's crawler precedence: verdicts, lines and rules", () => {
    for (const set of vectors.checks) {
      const robots = parse(set.body, { mode: set.mode });
      const got = set.cases.map(([url]: [string]) => {
        const v = robots.check(url, agentOf(set.agent));
        return [url, v.allowed, v.line, v.rule ? `${v.rule.type}:${v.rule.pattern}` : null];
      });
      expect(got, `${set.mode}: ${set.about} for ${JSON.stringify(set.agent)}`).toEqual(set.cases);
    }
  });

  test('the corpus in both modes: check(), matchMany() and matchLines() for every agent', () => {
    const urls: string[] = vectors.corpusUrls;
    const lines = `${urls.join('\n')}\n`;
    const bodies = new Map<string, Buffer>();
    for (const set of vectors.corpus) {
      if (!bodies.has(set.file)) bodies.set(set.file, readFileSync(new URL(`../${set.file}`, import.meta.url)));
      const robots = parse(bodies.get(set.file)!, { mode: set.mode });
      const agent = agentOf(set.agent);
      const verdicts = urls.map((url) => robots.check(url, agent));
      const where = `${set.file} ${set.mode} ${JSON.stringify(set.agent)}`;
      expect(verdicts.map((v) => (v.allowed ? '1' : '0')).join(''), where).toBe(set.allowed);
      expect(
        verdicts.map((v) => v.line),
        where,
      ).toEqual(set.lines);
      const matcher = robots.forAgent(agent);
      expect(Array.from(matcher.matchMany(urls)).join(''), where).toBe(set.allowed);
      expect(Array.from(matcher.matchLines(lines)).join(''), where).toBe(set.allowed);
      robots.dispose();
    }
  });

  test('usage(): Content-Signal, Content-Usage and License', () => {
    for (const c of vectors.usage) {
      const u = usage(parse(c.body), c.url, agentOf(c.agent));
      const got = {
        allowed: u.allowed,
        line: u.line,
        contentSignal: u.contentSignal && { values: { ...u.contentSignal.values }, lines: u.contentSignal.lines },
        contentUsage: u.contentUsage && {
          preferences: { ...u.contentUsage.preferences },
          lines: u.contentUsage.lines,
          path: u.contentUsage.path,
        },
        licenses: u.licenses,
      };
      const { body: _b, agent: _a, url: _u, ...expected } = c;
      expect(got, `${JSON.stringify(c.body)} ${c.url}`).toEqual(expected);
    }
  });

  test('purposes in bulk: matchLines() bytes', () => {
    for (const c of vectors.bulk) {
      const got = Array.from(
        parse(c.body)
          .forAgent(agentOf(c.agent))
          .matchLines(c.lines, undefined, { purpose: purpose(c.purpose) }),
      );
      expect(got, `${JSON.stringify(c.body)} ${c.purpose}`).toEqual(c.verdicts);
    }
  });

  test('where a line of URLs ends: matchLines() on text and on bytes', () => {
    expect(vectors.lineBreaks.length).toBeGreaterThan(0);
    for (const c of vectors.lineBreaks) {
      const matcher = parse(c.body).forAgent(agentOf(c.agent));
      expect(Array.from(matcher.matchLines(c.lines)), JSON.stringify(c.lines)).toEqual(c.verdicts);
      const bytes = new TextEncoder().encode(c.lines);
      expect(Array.from(matcher.matchLines(bytes)), JSON.stringify(c.lines)).toEqual(c.verdicts);
    }
  });

  test('Crawl-delay by record, as the crawlers that honour it read it', () => {
    expect(vectors.crawlDelay.length).toBeGreaterThan(0);
    for (const c of vectors.crawlDelay) {
      const robots = parse(c.body, { mode: c.mode });
      for (const [agent, seconds] of c.delays)
        expect(crawlDelay(robots, agentOf(agent)) ?? null, `${JSON.stringify(c.body)} ${JSON.stringify(agent)}`).toBe(
          seconds,
        );
      robots.dispose();
    }
  });

  test('crawler(), identify() and the URL helpers', () => {
    for (const c of vectors.crawler) {
      const found = crawler(c.name);
      expect(
        found ? { name: found.name, tokens: found.tokens, obeysGlobalGroup: found.obeysGlobalGroup } : null,
        c.name,
      ).toEqual(c.found);
    }
    for (const c of vectors.identify)
      expect(
        identify(c.header).map((e) => e.name),
        c.header,
      ).toEqual(c.names);
    for (const c of vectors.productToken) expect(productToken(c.header), c.header).toBe(c.token);
    for (const c of vectors.urls) expect([normalizeUrl(c.url), pathOf(c.url)], c.url).toEqual([c.normalized, c.path]);
  });
});
