// The same file for a framework's own robots.txt config, so a site keeps its
// framework: Next.js's MetadataRoute.Robots (app/robots.ts), @nuxtjs/robots'
// `robots` options and astro-robots-txt's options. Each is built from the
// groups generate() proved; what the framework's format cannot say is listed
// in `lost`, in words, and verify() on the framework's output checks the rest.

import { build } from './generate.js';
import type { CompiledGroup } from './compile.js';
import type { CheckedPolicy, Policy } from './policy.js';

export interface AdapterResult<T> {
  config: T;
  /** What the framework's format cannot express, and what crawlers then miss. */
  lost: string[];
}

/** Next.js's MetadataRoute.Robots (the value app/robots.ts returns). */
export interface NextRobots {
  rules: {
    userAgent: string | string[];
    allow?: string | string[];
    disallow?: string | string[];
    crawlDelay?: number;
  }[];
  sitemap?: string | string[];
  host?: string;
}

/** @nuxtjs/robots module options (nuxt.config `robots`). */
export interface NuxtRobotsConfig {
  groups: {
    userAgent: string[];
    allow?: string[];
    disallow?: string[];
    contentSignal?: Record<string, string>;
    contentUsage?: Record<string, string>;
  }[];
  sitemap?: string[];
}

/** astro-robots-txt integration options. */
export interface AstroRobotsConfig {
  policy: { userAgent: string; allow?: string[]; disallow?: string[]; crawlDelay?: number }[];
  sitemap: string[] | false;
  host?: string;
}

const rulesOf = (g: CompiledGroup) =>
  !g.rules.allow.length && !g.rules.disallow.length
    ? { allow: ['/'] }
    : {
        ...(g.rules.allow.length ? { allow: g.rules.allow } : {}),
        ...(g.rules.disallow.length ? { disallow: g.rules.disallow } : {}),
      };

function signalsLost(p: CheckedPolicy, framework: string): string[] {
  const lost: string[] = [];
  if (p.signals.length)
    lost.push(
      `${framework} cannot write Content-Signal, so crawlers read no \`${p.signals.map(([k, v]) => `${k}=${v}`).join(', ')}\`: add it to a static robots.txt, or serve the generated file.`,
    );
  if (p.contentUsage !== undefined)
    lost.push(`${framework} cannot write Content-Usage, so crawlers read no \`${p.contentUsage}\`.`);
  if (p.licenses.length) lost.push(`${framework} cannot write License lines, so RSL crawlers find no license.`);
  return lost;
}

/** Next.js: `export default function robots(): MetadataRoute.Robots { return config }`. */
export function toNextRobots(policy: Policy): AdapterResult<NextRobots> {
  const { compiled, checked } = build(policy);
  const rules = compiled.groups.map((g) => {
    const delay = g.crawlDelay;
    return {
      userAgent: g.agents.length === 1 ? g.agents[0]! : g.agents,
      ...rulesOf(g),
      ...(delay !== undefined ? { crawlDelay: delay } : {}),
    };
  });
  const config: NextRobots = { rules };
  if (checked.sitemaps.length) config.sitemap = checked.sitemaps.length === 1 ? checked.sitemaps[0]! : checked.sitemaps;
  if (checked.host !== undefined) config.host = checked.host;
  return { config, lost: signalsLost(checked, 'MetadataRoute.Robots') };
}

/** @nuxtjs/robots: `robots: config` in nuxt.config (its groups take Content-Signal and Content-Usage). */
export function toNuxtRobots(policy: Policy): AdapterResult<NuxtRobotsConfig> {
  const { compiled, checked } = build(policy);
  const signal = checked.signals.length ? Object.fromEntries(checked.signals) : undefined;
  const usage = checked.contentUsage !== undefined ? preferencesOf(checked.contentUsage) : undefined;
  const groups = compiled.groups.map((g) => {
    const fetches = !(g.rules.allow.length === 0 && g.rules.disallow.includes('/'));
    return {
      userAgent: g.agents,
      ...rulesOf(g),
      ...(fetches && signal ? { contentSignal: signal } : {}),
      ...(fetches && usage ? { contentUsage: usage } : {}),
    };
  });
  const lost: string[] = [];
  if (checked.contentUsage !== undefined && !usage)
    lost.push(
      `\`${checked.contentUsage}\` is not simple \`label=value\` pairs, which is what @nuxtjs/robots' contentUsage takes: it is left out.`,
    );
  if (checked.licenses.length) lost.push('@nuxtjs/robots has no License option, so RSL crawlers find no license.');
  if (checked.host !== undefined)
    lost.push('@nuxtjs/robots has no Host option: the Host line is left out (no major crawler reads it).');
  if (checked.crawlDelay !== undefined)
    lost.push('Crawl-delay is left out: write it in the groups that need it if you must.');
  const config: NuxtRobotsConfig = { groups };
  if (checked.sitemaps.length) config.sitemap = checked.sitemaps;
  return { config, lost };
}

/** astro-robots-txt: `robotsTxt(config)` in astro.config (one policy entry per User-agent: the same rules, group by group). */
export function toAstroRobots(policy: Policy): AdapterResult<AstroRobotsConfig> {
  const { compiled, checked } = build(policy);
  const entries: AstroRobotsConfig['policy'] = [];
  for (const g of compiled.groups) {
    const delay = g.crawlDelay;
    for (const agent of g.agents)
      entries.push({ userAgent: agent, ...rulesOf(g), ...(delay !== undefined ? { crawlDelay: delay } : {}) });
  }
  const config: AstroRobotsConfig = { policy: entries, sitemap: checked.sitemaps.length ? checked.sitemaps : false };
  if (checked.host !== undefined) config.host = checked.host;
  return { config, lost: signalsLost(checked, 'astro-robots-txt') };
}

/** `train-ai=n, search=y` as { 'train-ai': 'n', search: 'y' }; undefined when it is not that simple. */
function preferencesOf(value: string): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const part of value.split(',')) {
    const m = /^\s*([a-z][a-z0-9-]*)\s*=\s*([a-z]+)\s*$/.exec(part);
    if (!m) return undefined;
    out[m[1]!] = m[2]!;
  }
  return out;
}
