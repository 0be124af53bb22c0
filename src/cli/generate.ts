// robotsmatch generate [POLICY] [--preset NAME]: the robots.txt a policy
// means, proved crawler by crawler before it is written. stdout is the file
// (or a framework's config); stderr says what was proved and what robots.txt
// cannot hold crawlers to. Exit 1 when the policy cannot be written as a
// file that does what it says (the differences on stderr).

import {
  LIMIT_KINDS,
  formatLimits,
  formatMatrix,
  generate,
  GenerateError,
  PRESET_NAMES,
  toAstroRobots,
  toNextRobots,
  toNuxtRobots,
  type GenerateResult,
  type Policy,
} from '../generate.js';
import { diff, type RobotsDiff } from '../lint.js';
import { UsageError } from './errors.js';
import { caveatLines } from './generate-caveat.js';
import { load } from './diff.js';
import { grouped, provedOn } from './verify.js';
import { readPaths, readPolicy } from './policy-input.js';
import { FETCH_FLAGS, FETCH_FLAGS_HELP, parseFlags, plural, timeoutOf } from './options.js';

export const GENERATE_HELP = `Usage: robotsmatch generate [POLICY] [options]

Writes the robots.txt a policy (a JSON file, see docs/generate.md) means,
and proves it first: every known crawler's verdict on / and the policy's
paths, and on witness paths of every rule in the file, read as Google and
as RFC 9309, must be what the policy says, and
the linter must have no warning. The file goes to standard output; what was
proved, and the crawlers robots.txt cannot hold to the policy, to standard
error. Exit status 1 when no file can do what the policy says (why, on
standard error), 2 on an error.

Options:
  --preset NAME      start from a ready-made policy: ${PRESET_NAMES.join(', ')}
                     (POLICY's own fields win)
  --against FILE|URL the live robots.txt: what changes for each crawler (diff)
  --urls FILE        more URLs or paths to prove, one a line
  --format FORMAT    text (the robots.txt, default), json (file, proof matrix,
                     diagnostics, diff), next (app/robots.ts for Next.js),
                     nuxt (@nuxtjs/robots options) or astro (astro-robots-txt options)
  --matrix           print the proof matrix to standard error
${FETCH_FLAGS_HELP}  -h, --help         show this help
`;

export async function generateCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags('generate', argv, {
    preset: { type: 'string' },
    against: { type: 'string' },
    urls: { type: 'string' },
    format: { type: 'string', default: 'text' },
    matrix: { type: 'boolean', default: false },
    ...FETCH_FLAGS,
  });
  if (values.help) {
    process.stdout.write(GENERATE_HELP);
    return 0;
  }
  if (positionals.length > 1)
    throw new UsageError(`generate takes one POLICY, got ${positionals.length} (see robotsmatch generate --help)`);
  if (!positionals.length && values.preset === undefined)
    throw new UsageError('generate needs a POLICY file or --preset NAME (see robotsmatch generate --help)');
  const format = values.format!;
  if (!['text', 'json', 'next', 'nuxt', 'astro'].includes(format))
    throw new UsageError(`--format must be text, json, next, nuxt or astro, got ${JSON.stringify(format)}`);
  if (values.preset !== undefined && !PRESET_NAMES.includes(values.preset))
    throw new UsageError(`--preset must be one of ${PRESET_NAMES.join(', ')}, got ${JSON.stringify(values.preset)}`);
  let policy: Policy = positionals.length ? await readPolicy(positionals[0]!) : {};
  if (values.preset !== undefined) {
    if (typeof policy !== 'object' || policy === null || Array.isArray(policy))
      throw new UsageError('the policy must be a JSON object');
    policy = { ...policy, preset: values.preset };
  }
  const paths = values.urls === undefined ? undefined : await readPaths(values.urls);
  const err = (s: string) => process.stderr.write(s);
  const write = (s: string) => process.stdout.write(s);

  let result: GenerateResult;
  try {
    result = generate(policy, paths ? { paths } : undefined);
  } catch (error) {
    if (!(error instanceof GenerateError)) throw error;
    err(`robotsmatch: no robots.txt does what this policy says (${plural(error.differences.length, 'difference')}):\n`);
    for (const d of grouped(error.differences)) err(`  ${d.line ? `line ${d.line}: ` : ''}${d.message}\n`);
    if (values.matrix) err(`\n${formatMatrix(error.result.matrix)}`);
    return 1;
  }

  let changes: RobotsDiff | undefined;
  let liveLabel = '';
  if (values.against !== undefined) {
    const live = await load(
      values.against,
      512_000,
      { userAgent: values['user-agent'], timeoutMs: timeoutOf(values.timeout) },
      { used: false },
    );
    liveLabel = live.label;
    changes = diff(live.body, result.text);
  }

  if (format === 'json')
    write(`${JSON.stringify({ ...result, ...(changes ? { against: liveLabel, diff: changes } : {}) }, null, 2)}\n`);
  else if (format === 'next') write(nextModule(policy));
  else if (format === 'nuxt')
    write(configText('@nuxtjs/robots: the `robots` key of nuxt.config', toNuxtRobots(policy)));
  else if (format === 'astro')
    write(configText('astro-robots-txt: the options of robotsTxt() in astro.config', toAstroRobots(policy)));
  else write(result.text);

  // Every diagnostic of the JSON output is said here: rows robots.txt cannot deliver as one line per reason, the rest in full.
  const listed = (d: (typeof result.diagnostics)[number]) => d.crawler !== undefined && LIMIT_KINDS.includes(d.kind);
  const limits = result.diagnostics.filter(listed).map((d) => ({ kind: d.kind, crawler: d.crawler! }));
  err(
    `robotsmatch: proved for ${provedOn(result.matrix.rows.length, result.matrix.paths.length, result.witnesses)}; the linter has no warning.\n`,
  );
  // The purposes caveat first, on short lines of its own: it is the one a site owner most often misses.
  const said = result.diagnostics.filter((x) => !listed(x));
  for (const d of said.filter((x) => x.kind === 'purposes')) for (const line of caveatLines(d)) err(`  ${line}\n`);
  for (const d of said.filter((x) => x.kind !== 'purposes')) err(`  ${d.message}\n`);
  if (limits.length) {
    err(`${plural(limits.length, 'crawler')} robots.txt alone cannot hold to the policy:\n`);
    for (const line of formatLimits(limits)) err(`  ${line}\n`);
  }
  if (values.matrix) err(`\n${formatMatrix(result.matrix)}`);
  if (changes && format !== 'json') err(diffText(changes, liveLabel));
  return 0;
}

function nextModule(policy: Policy): string {
  const { config, lost } = toNextRobots(policy);
  const notes = lost.map((l) => `// Not expressible here: ${l}\n`).join('');
  return `// app/robots.ts, written by robotsmatch generate --format next.\n${notes}import type { MetadataRoute } from 'next';\n\nexport default function robots(): MetadataRoute.Robots {\n  return ${JSON.stringify(config, null, 2).replace(/\n/g, '\n  ')};\n}\n`;
}

function configText(what: string, r: { config: unknown; lost: string[] }): string {
  const notes = r.lost.map((l) => `// Not expressible here: ${l}\n`).join('');
  return `// ${what}, written by robotsmatch generate.\n${notes}${JSON.stringify(r.config, null, 2)}\n`;
}

function diffText(d: RobotsDiff, live: string): string {
  let out = `\nAgainst ${live}:\n`;
  if (!d.agents.length && !d.sitemaps.added.length && !d.sitemaps.removed.length)
    return `${out}  no crawler's rules change.\n`;
  for (const a of d.agents) {
    out += `  ${a.agent === '*' ? '* (crawlers with no group of their own)' : a.agent}:\n`;
    for (const s of a.summary) out += `    ${s}\n`;
  }
  if (d.sitemaps.added.length) out += `  Sitemaps added: ${d.sitemaps.added.join(', ')}\n`;
  if (d.sitemaps.removed.length) out += `  Sitemaps removed: ${d.sitemaps.removed.join(', ')}\n`;
  return out;
}
