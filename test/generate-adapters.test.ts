// The framework adapters: the config each returns, written out as the
// framework documents its output, does what the policy says (verify), short
// of what `lost` lists.
import { expect, test } from 'vitest';
import {
  toAstroRobots,
  toNextRobots,
  toNuxtRobots,
  verify,
  type NextRobots,
  type NuxtRobotsConfig,
  type AstroRobotsConfig,
  type Policy,
} from '../src/generate.js';
import { EXAMPLE_POLICY } from './support/example-policy.js';

const POLICY: Policy = EXAMPLE_POLICY;
const { signals: _, ...UNSIGNED } = POLICY;
const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** Next.js's documented robots.txt output for a MetadataRoute.Robots: User-Agent, Allow, Disallow, Crawl-delay per rule; Host; Sitemap. */
function nextText(r: NextRobots): string {
  let out = '';
  for (const rule of r.rules) {
    for (const ua of list(rule.userAgent)) out += `User-Agent: ${ua}\n`;
    for (const a of list(rule.allow)) out += `Allow: ${a}\n`;
    for (const d of list(rule.disallow)) out += `Disallow: ${d}\n`;
    if (rule.crawlDelay !== undefined) out += `Crawl-delay: ${rule.crawlDelay}\n`;
    out += '\n';
  }
  if (r.host) out += `Host: ${r.host}\n`;
  for (const s of list(r.sitemap)) out += `Sitemap: ${s}\n`;
  return out;
}

function nuxtText(c: NuxtRobotsConfig): string {
  let out = '';
  for (const g of c.groups) {
    for (const ua of g.userAgent) out += `User-agent: ${ua}\n`;
    for (const a of g.allow ?? []) out += `Allow: ${a}\n`;
    for (const d of g.disallow ?? []) out += `Disallow: ${d}\n`;
    if (g.contentSignal)
      out += `Content-Signal: ${Object.entries(g.contentSignal)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')}\n`;
    out += '\n';
  }
  for (const s of c.sitemap ?? []) out += `Sitemap: ${s}\n`;
  return out;
}

function astroText(c: AstroRobotsConfig): string {
  let out = '';
  for (const p of c.policy) {
    out += `User-agent: ${p.userAgent}\n`;
    for (const a of p.allow ?? []) out += `Allow: ${a}\n`;
    for (const d of p.disallow ?? []) out += `Disallow: ${d}\n`;
    out += '\n';
  }
  for (const s of c.sitemap || []) out += `Sitemap: ${s}\n`;
  return out;
}

test('Next.js: the same verdicts for every crawler; Content-Signal is lost, and said to be', () => {
  const { config, lost } = toNextRobots(POLICY);
  expect(config.rules[0]).toEqual({ userAgent: '*', disallow: ['/private/', '/search'] });
  expect(lost).toEqual([
    'MetadataRoute.Robots cannot write Content-Signal, so crawlers read no `search=yes, ai-train=no`: add it to a static robots.txt, or serve the generated file.',
  ]);
  const result = verify(POLICY, nextText(config));
  expect(result.differences.length).toBeGreaterThan(0);
  expect(result.differences.every((d) => d.kind === 'signal')).toBe(true);
  expect(verify(UNSIGNED, nextText(toNextRobots(UNSIGNED).config)).ok).toBe(true);
  expect(toNextRobots(UNSIGNED).lost).toEqual([]);
});

test('@nuxtjs/robots: groups carry contentSignal, so nothing is lost', () => {
  const { config, lost } = toNuxtRobots(POLICY);
  expect(lost).toEqual([]);
  expect(config.groups[0]).toEqual({
    userAgent: ['*'],
    disallow: ['/private/', '/search'],
    contentSignal: { search: 'yes', 'ai-train': 'no' },
  });
  expect(config.groups[1]!.contentSignal).toBeUndefined(); // the blocked group: nothing to read a signal about
  const result = verify(POLICY, nuxtText(config));
  expect(result.differences).toEqual([]);
});

test('astro-robots-txt: one policy entry per User-agent, the same verdicts', () => {
  const { config, lost } = toAstroRobots(UNSIGNED);
  expect(lost).toEqual([]);
  expect(config.policy.find((p) => p.userAgent === 'AdsBot-Google')).toEqual({
    userAgent: 'AdsBot-Google',
    disallow: ['/private/', '/search'],
  });
  expect(verify(UNSIGNED, astroText(config)).ok).toBe(true);
  expect(toAstroRobots(POLICY).lost[0]).toMatch(/^astro-robots-txt cannot write Content-Signal/);
});
