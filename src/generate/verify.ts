// verify(policy, text): does a robots.txt (ours, another generator's, a
// hand-written one) do what the policy says? The proof matrix for every
// crawler, the linter's warnings, and what the matrix cannot see: names
// that are not product tokens, Host and Crawl-delay lines nobody asked for,
// sitemaps left out.

import { isPlainToken, lines as fileLines, parse, pathOf } from '../index.js';
import { leadingToken } from '../rules/agent.js';
import { crawler as findCrawler } from '../crawlers/lookup.js';
import { lint } from '../lint/lint.js';
import { samplePath } from '../lint/model.js';
import { PRESETS } from './presets.js';
import { checkPolicy, type CheckedPolicy, type Policy } from './policy.js';
import { fetchesSomething, resolveIntents, type Intent } from './intent.js';
import { proofMatrix, type ProofMatrix, type Limit } from './matrix.js';
import { witnessPaths } from './witness.js';
import { printable } from '../common/printable.js';
import { MAX_PATHS } from './limits.js';
import { proveWitnesses } from './prove-witnesses.js';

export type DifferenceKind =
  | 'verdict'
  | 'signal'
  | 'unnameable'
  | 'lint'
  | 'agent-not-token'
  | 'host'
  | 'crawl-delay'
  | 'sitemap';

export interface Difference {
  kind: DifferenceKind;
  /** Plain sentences: what a crawler will do that the policy does not want. */
  message: string;
  /** The file's line it is about, when there is one. */
  line?: number;
  crawler?: string;
  path?: string;
  /** The lint code, for kind `lint`. */
  code?: string;
}

export interface Note {
  kind: Limit;
  crawler: string;
  message: string;
}

export interface VerifyResult {
  /** True when no difference was found. */
  ok: boolean;
  matrix: ProofMatrix;
  differences: Difference[];
  /** Rows whose intent robots.txt alone cannot deliver (the file may still say it). */
  notes: Note[];
  /**
   * The witness paths proved besides the matrix's: paths each rule of the
   * file and each policy pattern matches, and near misses they must not
   * (docs/generate.md). `cut`: there were more than MAX_WITNESSES, and the
   * rules past them were not proved.
   */
  witnesses: { paths: number; cut: boolean };
}

export interface VerifyOptions {
  /** More paths (or full URLs) to prove, besides `/`, the policy's patterns and its `paths`. */
  paths?: readonly string[];
}

export { MAX_PATHS };

export function verify(policy: Policy, text: string | Uint8Array, options?: VerifyOptions): VerifyResult {
  if (typeof text !== 'string' && !(text instanceof Uint8Array))
    throw new TypeError(`text must be a string or a Uint8Array, got ${text === null ? 'null' : typeof text}`);
  const checked = checkPolicy(policy, PRESETS as Record<string, Policy>);
  return verifyChecked(checked, resolveIntents(checked), text, options);
}

export function verifyChecked(
  policy: CheckedPolicy,
  intents: readonly Intent[],
  text: string | Uint8Array,
  options?: VerifyOptions,
): VerifyResult {
  const paths = samplePaths(policy, options?.paths);
  const matrix = proofMatrix(policy, intents, text, paths);
  const differences: Difference[] = [];
  const unnameable = new Map(intents.filter((i) => i.unnameable !== undefined).map((i) => [i.subject.name, i]));
  for (const row of matrix.rows) {
    const cannot = unnameable.get(row.crawler);
    if (cannot) {
      // One difference for the row: no file can give it, so no cell is the file's fault.
      const paths = row.cells.filter((c) => c.unmet).map((c) => c.path);
      if (paths.length)
        differences.push({
          kind: 'unnameable',
          crawler: row.crawler,
          message: `${row.crawler} cannot be given what ${cannot.unnameable} says (${cannot.rules.disallow.includes('/') && !cannot.rules.allow.length ? 'nothing' : 'its rules'} for ${paths.join(', ')}): Google's parser reads no name from "${row.crawler}", so no User-agent line can name it, and it follows the * group. To accept the * group's rules for it, name it: "crawlers": { "${row.crawler}": "${policy.defaultKind === 'block' ? 'block' : 'allow'}" }.`,
        });
      continue;
    }
    for (const cell of row.cells) {
      for (const problem of cell.problems) {
        const line = cell.google.line || cell.rfc.line || undefined;
        differences.push({
          kind: / it reads /.test(problem) ? 'signal' : 'verdict',
          message: `${row.crawler}, ${cell.path}: ${problem}.`,
          crawler: row.crawler,
          path: cell.path,
          ...(line ? { line } : {}),
        });
      }
    }
  }
  const witnesses = witnessPaths(policy, text, new Set(paths));
  for (const w of proveWitnesses(policy, intents, text, witnesses.paths))
    if (!unnameable.has(w.crawler)) differences.push({ kind: 'verdict', ...w });
  differences.push(...fileDifferences(policy, intents, text));
  const notes = matrix.rows
    .filter((r) => r.limit)
    .map((r) => ({ kind: r.limit!.kind, crawler: r.crawler, message: r.limit!.message }));
  // Rules and names from the file (or the policy) are quoted: their control characters as escapes.
  for (const d of differences) d.message = printable(d.message);
  return {
    ok: differences.length === 0,
    matrix,
    differences,
    notes,
    witnesses: { paths: witnesses.paths.size, cut: witnesses.cut },
  };
}

/** `/`, each pattern's plainest path (as a crawler sends it), the policy's paths and the caller's, once each. */
export function samplePaths(policy: CheckedPolicy, extra: readonly string[] | undefined): string[] {
  const out = new Set<string>(['/']);
  const add = (pattern: string) => {
    const path = samplePath(pattern);
    if (path !== undefined) out.add(path);
  };
  const sets = [
    policy.defaultRules,
    ...[...policy.purposes.values(), ...policy.crawlers.values()].flatMap((a) => (a.kind === 'rules' ? [a.rules] : [])),
  ];
  for (const r of sets) for (const p of [...r.disallow, ...r.allow]) add(p);
  for (const p of policy.paths) add(p);
  for (const given of extra ?? []) {
    if (typeof given !== 'string') throw new TypeError(`options.paths must be strings, got ${typeof given}`);
    add(/^[a-z][a-z0-9+.-]*:/i.test(given) ? pathOf(given) : given.startsWith('/') ? given : `/${given}`);
  }
  if (out.size - 1 > MAX_PATHS)
    throw new RangeError(
      `the policy's patterns and paths and the paths given come to ${(out.size - 1).toLocaleString('en-US')}, and one proof reads at most ${MAX_PATHS.toLocaleString('en-US')} besides /`,
    );
  return [...out];
}

/** What the matrix cannot show: lint warnings, non-token names, unasked Host and Crawl-delay, missing sitemaps. */
function fileDifferences(policy: CheckedPolicy, intents: readonly Intent[], text: string | Uint8Array): Difference[] {
  const out: Difference[] = [];
  for (const d of lint(text)) {
    if (d.severity === 'info' || intendedFinding(policy, intents, text, d.code, d.line)) continue;
    out.push({ kind: 'lint', code: d.code, line: d.line, message: `${d.message} (${d.code})` });
  }
  for (const l of fileLines(text)) {
    if (l.kind === 'user-agent') {
      const value = l.value ?? '';
      if (value === '*' || value === '' || isPlainToken(value)) continue;
      const token = leadingToken(value);
      // The registry says the crawler itself reads its name so (AI2Bot's group is `AI` to Google and to AI2Bot): it reaches the crawler meant.
      if (token && findCrawler(value)?.googleReads?.toLowerCase() === token.toLowerCase()) continue;
      // A name cut inside a word (AI2Bot is read as AI): the group speaks to another crawler, or none.
      if (token && /^[A-Za-z0-9]/.test(value.slice(token.length))) {
        out.push({
          kind: 'agent-not-token',
          line: l.line,
          message: `\`User-agent: ${value}\` is not a product token: Google reads it as \`${token}\`, so this group speaks to crawlers named ${token}, not to ${value}.`,
        });
      }
    } else if (l.kind === 'other') {
      const key = (l.key ?? '').toLowerCase();
      if (key === 'host' && policy.host === undefined) {
        out.push({
          kind: 'host',
          line: l.line,
          message: `\`${l.text.trim()}\` was not asked for: Google, Bing and RFC 9309 crawlers ignore Host; only Yandex ever used it (to choose the main mirror), and it no longer does.`,
        });
      }
      if (key === 'crawl-delay' && policy.crawlDelay === undefined) {
        out.push({
          kind: 'crawl-delay',
          line: l.line,
          message: `\`${l.text.trim()}\` was not asked for: Bing and other crawlers that honour Crawl-delay slow down to one request per that many seconds; Google and Yandex ignore it.`,
        });
      }
    }
  }
  if (policy.sitemaps.length) {
    const robots = parse(text);
    try {
      for (const url of policy.sitemaps) {
        if (!robots.sitemaps.includes(url))
          out.push({
            kind: 'sitemap',
            message: `The policy's sitemap ${url} is not listed: crawlers that find sitemaps through robots.txt will not find it.`,
          });
      }
    } finally {
      robots.dispose();
    }
  }
  return out;
}

/**
 * Lint findings that are the policy's own intent: a whole-site disallow
 * when the default blocks everything, and a crawler escaping `*` rules when
 * the policy leaves them out of its rules (`default: false`, or allowing
 * what the default disallows).
 */
function intendedFinding(
  policy: CheckedPolicy,
  intents: readonly Intent[],
  text: string | Uint8Array,
  code: string,
  line: number,
): boolean {
  if (code === 'disallow-all') return policy.defaultKind === 'block';
  if (code === 'agent-name-cut') {
    // AI2Bot read as `AI`: the registry says AI2Bot follows that group, so the line reaches the crawler meant.
    const l = fileLines(text).find((x) => x.line === line);
    const entry = l?.value ? findCrawler(l.value) : undefined;
    return entry?.googleReads !== undefined && entry.googleReads.toLowerCase() === l?.agent?.toLowerCase();
  }
  if (code === 'misspelt-crawler') {
    const named = fileLines(text)
      .find((l) => l.line === line)
      ?.agent?.toLowerCase();
    return named !== undefined && policy.custom.has(named);
  }
  if (code !== 'ignores-star-group' && code !== 'allow-all-group' && code !== 'empty-group') return false;
  const agentLine = fileLines(text).find((l) => l.line === line);
  const token = agentLine?.agent?.toLowerCase();
  if (!token) return false;
  return intents.some(
    (i) =>
      i.subject.tokens[0]!.toLowerCase() === token &&
      fetchesSomething(i.rules) &&
      policy.defaultRules.disallow.some((p) => !i.rules.disallow.includes(p)),
  );
}
