// The proof: every crawler's reading of the file, path by path, by the same
// parser and matcher crawlers are modelled on (parse().forAgent() with the
// crawler's own tokens and `*` behaviour), in Google's and RFC 9309's
// readings, next to what the policy intends. The intent is read by the same
// matcher too: each intended rule set alone, in a `*` group of its own, so
// a cell differs exactly where the file's groups, names, encodings or
// signals give a crawler something other than its rules.

import { parse, selection, type Mode, type Robots, type Verdict } from '../index.js';
import { usage, type Usage } from '../usage.js';
import { fetchesSomething, type Intent, type Subject } from './intent.js';
import type { CheckedPolicy, RuleSet } from './policy.js';

export interface Reading {
  allowed: boolean;
  /** The deciding line of the file (0: no rule decided). */
  line: number;
  /** The deciding rule as written (`Disallow: /private/`), null when none. */
  rule: string | null;
  /** The Content-Signal values the crawler reads (null: none). */
  signal: Record<string, string> | null;
  /** The Content-Usage preferences for the path (null: none, or it may not fetch it). */
  usage: Record<string, string> | null;
}

export interface Cell {
  path: string;
  /** What the policy intends: may the crawler fetch the path? */
  intended: boolean;
  google: Reading;
  rfc: Reading;
  /** Plain sentences for what differs from the intent; empty when the cell is as intended. */
  problems: string[];
  /** True when no file can give the crawler its intent here (no User-agent line can name it: 360Spider). */
  unmet?: boolean;
}

/** Why robots.txt alone cannot deliver a row's intent. */
export type Limit =
  | 'ignores-robots-txt'
  | 'user-triggered'
  | 'not-documented'
  | 'robots-only-token'
  | 'not-in-registry';

export interface MatrixRow {
  crawler: string;
  purpose: string;
  /** Where the intent comes from in the policy (`default`, `purposes.search`, `crawlers.GPTBot`). */
  intent: string;
  /** The token whose group it follows in Google's reading, `*`, or null when none applies. */
  group: string | null;
  readsRobotsTxt: string;
  sentInRequests: boolean;
  cells: Cell[];
  limit?: { kind: Limit; message: string };
}

export interface ProofMatrix {
  paths: string[];
  /** Rows grouped by purpose, in registry order within each. */
  rows: MatrixRow[];
}

export const PURPOSE_ORDER = [
  'search',
  'ads',
  'ai-training',
  'ai-search',
  'ai-assistant',
  'archive',
  'seo',
  'social',
  'other',
  'added',
];
const MODES: readonly Mode[] = ['google', 'rfc'];

/** The text of one intended rule set alone: what the cells are compared with. */
export function referenceText(policy: CheckedPolicy, rules: RuleSet): string {
  const lines = ['User-agent: *'];
  if (!rules.allow.length && !rules.disallow.length) lines.push('Allow: /');
  for (const p of rules.allow) lines.push(`Allow: ${p}`);
  for (const p of rules.disallow) lines.push(`Disallow: ${p}`);
  if (policy.contentUsage !== undefined) lines.push(`Content-Usage: ${policy.contentUsage}`);
  return `${lines.join('\n')}\n`;
}

export function proofMatrix(
  policy: CheckedPolicy,
  intents: readonly Intent[],
  text: string | Uint8Array,
  paths: readonly string[],
): ProofMatrix {
  const files: Record<Mode, Robots> = { google: parse(text, { mode: 'google' }), rfc: parse(text, { mode: 'rfc' }) };
  const references: Robots[] = [];
  // The reference's answers depend only on the rule set: read once per rule set, mode and path.
  const wantedByKey = new Map<string, Record<Mode, Wanted[]>>();
  const wantSignal = policy.signals.length ? JSON.stringify(policy.signals.map(([k, v]) => [k, v])) : undefined;
  const withUsage = policy.contentUsage !== undefined;
  try {
    const rows: MatrixRow[] = [];
    for (const intent of intents) {
      let wanted = wantedByKey.get(intent.key);
      if (!wanted) {
        const body = referenceText(policy, intent.rules);
        wanted = {} as Record<Mode, Wanted[]>;
        for (const mode of MODES) {
          const reference = parse(body, { mode });
          references.push(reference);
          const own = reference.forAgent('*');
          try {
            wanted[mode] = paths.map((path) => {
              if (!withUsage) return { allowed: own.isAllowed(path), usage: null };
              const u = usage(own, path);
              return { allowed: u.allowed, usage: u.contentUsage ? sortedJson(u.contentUsage.preferences) : null };
            });
          } finally {
            own.dispose();
          }
        }
        wantedByKey.set(intent.key, wanted);
      }
      const crawler = {
        name: intent.subject.name,
        tokens: intent.subject.tokens,
        obeysGlobalGroup: intent.subject.obeysGlobalGroup,
      };
      const readings = {} as Record<Mode, Reading[]>;
      for (const mode of MODES) {
        const matcher = files[mode].forAgent(crawler);
        try {
          // Content-Signal belongs to the crawler's groups, not to a path: read once, shared by the row's cells.
          const values = usage(matcher, '/').contentSignal?.values;
          const signal = values ? { ...values } : null;
          readings[mode] = paths.map((path) =>
            readingOf(withUsage ? usage(matcher, path) : matcher.check(path), signal),
          );
        } finally {
          matcher.dispose();
        }
      }
      const cells = paths.map((path, i): Cell => {
        const intended = wanted.google[i]!.allowed;
        const found = {} as Record<Mode, string[]>;
        for (const mode of MODES) {
          const list: string[] = (found[mode] = []);
          const got = readings[mode][i]!;
          const want = wanted[mode][i]!;
          if (got.allowed !== want.allowed) {
            list.push(verdictProblem(got, path, want.allowed));
            continue;
          }
          if (!got.allowed) continue;
          if (wantSignal !== undefined) {
            const read = got.signal ? JSON.stringify(policy.signals.map(([k]) => [k, got.signal![k]])) : undefined;
            const extra = got.signal
              ? Object.keys(got.signal).filter((k) => !policy.signals.some(([key]) => key === k))
              : [];
            if (read !== wantSignal || extra.length) {
              list.push(
                `reads ${got.signal ? `Content-Signal \`${signalText(got.signal)}\`` : 'no Content-Signal'} for ${path}, but the policy says \`${policy.signals.map(([k, v]) => `${k}=${v}`).join(', ')}\``,
              );
            }
          }
          if (policy.contentUsage !== undefined) {
            const gotUsage = got.usage ? sortedJson(got.usage) : null;
            if (want.usage !== gotUsage)
              list.push(
                `reads ${got.usage ? `Content-Usage \`${usageText(got.usage)}\`` : 'no Content-Usage'} for ${path}, but the policy says \`${policy.contentUsage}\``,
              );
          }
        }
        const problems = byReading(found);
        const cell: Cell = { path, intended, google: readings.google[i]!, rfc: readings.rfc[i]!, problems };
        if (intent.unnameable !== undefined && problems.length) cell.unmet = true;
        return cell;
      });
      const group = selection(files.google, crawler).token;
      const row: MatrixRow = {
        crawler: intent.subject.name,
        purpose: intent.subject.purpose,
        intent: intent.from,
        group,
        readsRobotsTxt: intent.subject.readsRobotsTxt,
        sentInRequests: intent.subject.sentInRequests,
        cells,
      };
      const limit = limitOf(intent.subject, intent.rules);
      if (limit) row.limit = limit;
      rows.push(row);
    }
    rows.sort((a, b) => PURPOSE_ORDER.indexOf(a.purpose) - PURPOSE_ORDER.indexOf(b.purpose));
    return { paths: [...paths], rows };
  } finally {
    files.google.dispose();
    files.rfc.dispose();
    for (const r of references) r.dispose();
  }
}

/**
 * What differs in one reading: the crawler's verdict on `path` against the
 * policy's. `tests`: the line whose rule a witness path was made to test,
 * named when no rule applies (the difference is reported on that line).
 */
export function verdictProblem(
  got: Pick<Reading, 'allowed' | 'line' | 'rule'>,
  path: string,
  wanted: boolean,
  tests?: number,
): string {
  const why = got.rule
    ? ` (line ${got.line} \`${got.rule}\`)`
    : tests
      ? ` (no rule in the groups it reads applies; the path tests line ${tests})`
      : ' (no rule applies)';
  return `${got.allowed ? 'may fetch' : 'may not fetch'} ${path}${why}, but the policy says it ${wanted ? 'may' : 'may not'}`;
}

/** One sentence when both readings say the same; each reading's own otherwise. */
export function byReading(found: Record<Mode, string[]>): string[] {
  return [
    ...found.google.map((p) =>
      found.rfc.includes(p) ? `by Google's and RFC 9309's rules it ${p}` : `by Google's rules it ${p}`,
    ),
    ...found.rfc.filter((p) => !found.google.includes(p)).map((p) => `by RFC 9309's rules it ${p}`),
  ];
}

/** The intent for one path: may the crawler fetch it, and the Content-Usage it should read there (sorted JSON). */
interface Wanted {
  allowed: boolean;
  usage: string | null;
}

function readingOf(v: Verdict | Usage, signal: Record<string, string> | null): Reading {
  const usage = 'contentUsage' in v && v.contentUsage ? { ...v.contentUsage.preferences } : null;
  return {
    allowed: v.allowed,
    line: v.line,
    rule: v.rule ? `${v.rule.type === 'allow' ? 'Allow' : 'Disallow'}: ${v.rule.pattern}` : null,
    signal,
    usage,
  };
}

const sortedJson = (o: Record<string, string>) =>
  JSON.stringify(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
export const signalText = (o: Record<string, string>) =>
  Object.entries(o)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
const usageText = signalText;

/** Why robots.txt cannot deliver this crawler's intent, when it cannot (nothing to deliver when it may fetch everything). */
function limitOf(s: Subject, rules: RuleSet): MatrixRow['limit'] {
  const restricts = rules.disallow.length > 0 || !fetchesSomething(rules);
  if (!s.entry) {
    return {
      kind: 'not-in-registry',
      message: `${s.name} is not in the crawler registry: the proof assumes it reads robots.txt and obeys the * group when no group names it.`,
    };
  }
  if (!restricts) return undefined;
  if (s.readsRobotsTxt === 'no') {
    return {
      kind: 'ignores-robots-txt',
      message: `${s.name} does not follow robots.txt (documented or reported), whatever the file says: block it at the edge (robotsmatch/edge) by its User-Agent.`,
    };
  }
  if (s.readsRobotsTxt === 'user-triggered') {
    return {
      kind: 'user-triggered',
      message: `${s.name} fetches when a person asks for a page, and its operator says robots.txt may not apply to that: the file states the wish, robotsmatch/edge enforces it.`,
    };
  }
  if (!s.sentInRequests) {
    return {
      kind: 'robots-only-token',
      message: `${s.name} is a robots.txt-only token, never sent in requests: its operator applies its group to what its other crawlers fetch or to how the content is used, so no server (robotsmatch/edge included) can tell its requests apart to enforce it.`,
    };
  }
  if (s.readsRobotsTxt === 'unknown') {
    return {
      kind: 'not-documented',
      message: `${s.name}: whether it follows robots.txt is not documented by its operator: the file states the wish, robotsmatch/edge enforces it by its User-Agent.`,
    };
  }
  return undefined;
}
