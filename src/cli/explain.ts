// robotsmatch explain: why one URL is allowed or not, rule by rule.

import { crawlDelay, robotsTxtUrl } from '../index.js';
import { explain, type Explanation, type ExplainReason } from '../explain.js';
import { UsageError } from './errors.js';
import { colorOut, out, paint, warn } from './output.js';
import { fetchRecord, loadRobots, outcomeSentence } from './robots-source.js';
import {
  FETCH_FLAGS_HELP,
  MATCH_FLAGS,
  ROBOTS_FLAGS,
  agentOf,
  maxBytesOf,
  modeOf,
  parseFlags,
  timeoutOf,
} from './options.js';
import { urlArgument } from './url-argument.js';
import { capitalised, usageLines } from './usage-text.js';

export const EXPLAIN_HELP = `Usage: robotsmatch explain <url> [options]

Shows which groups apply to the crawler, every rule that matches the URL's
path with its priority, the rule that decides and why, and, when Google and
RFC 9309 crawlers would answer differently, both answers and the reason;
then, when the file has Content-Signal, Content-Usage or License lines, the
ones that apply to the URL and why; then the Crawl-delay the crawler is
given, if any. Without --robots, the
URL's own robots.txt is fetched (RFC 9309), as check does. The URL is sent
as a browser sends it (see robotsmatch check --help).
Exit status: 0 when the URL is allowed, 1 when it is disallowed, 2 on error.

Options:
  -r, --robots FILE|URL|-
                     the robots.txt: a file, standard input, or a URL read as given
                     (a bare https://host means its /robots.txt)
  -a, --agent NAME   a product token (default: Googlebot); repeat it for a union of
                     tokens (every group naming any of them, as Google's C++ API)
  -c, --crawler NAME a known crawler (robotsmatch crawlers): its own group, else its
                     fallback tokens' group, else * if it obeys *
  -m, --mode MODE    google (default) or rfc
  -j, --json         the explanation as one JSON object (see docs/cli.md)
${FETCH_FLAGS_HELP}  --max-bytes N      read only the first N bytes of the robots.txt (default 512000)
  -h, --help         show this help
`;

const REASONS: Record<ExplainReason, string> = {
  'longest-match': 'the longest matching pattern decides',
  'allow-wins-tie': 'an allow and a disallow of the same length match, and allow wins a tie',
  'no-matching-rule': 'no rule matches, so the URL is allowed',
  'index-html': "Google's index.html rule: an allow of `<dir>/index.htm...` also allows `<dir>/`",
  'robots-txt-always-allowed': 'RFC 9309 always allows /robots.txt itself',
};

const ruleText = (type: string, pattern: string) => `${type === 'allow' ? 'Allow' : 'Disallow'}: ${pattern}`;

/** The explanation as the aligned text block the command prints. */
export function formatExplanation(
  url: string,
  agent: string,
  e: Explanation,
  modeName: string,
  color = false,
  more: { robots?: string; crawlDelay?: number | null; problem?: string | undefined } = {},
): string {
  const rows: [string, string][] = [
    ['url', url],
    ['path', e.path],
    ['agent', agent],
  ];
  if (more.robots !== undefined) rows.push(['robots', more.robots]);
  if (e.groups.length === 0)
    rows.push([
      'groups',
      // A crawler that ignores `*` (AdsBot-Google) says so: the file may well have a `*` group.
      `none applies: ${e.selectedBy?.why ?? 'no group names the crawler and there is no `*` group'}`,
    ]);
  else {
    if (e.selectedBy) rows.push(['group', e.selectedBy.why]);
    else
      rows.push([
        'groups',
        e.fallback
          ? agent === '*'
            ? `the \`*\` group${e.groups.length > 1 ? 's' : ''}, as asked`
            : `no group names ${agent}: the \`*\` group${e.groups.length > 1 ? 's apply' : ' applies'}`
          : `${e.groups.length} group${e.groups.length > 1 ? 's name' : ' names'} ${agent}`,
      ]);
    for (const g of e.groups) {
      const rules = g.ruleLines.length
        ? `rules on line${g.ruleLines.length > 1 ? 's' : ''} ${span(g.ruleLines)}`
        : 'no rules';
      rows.push([
        '',
        `line${g.userAgentLines.length > 1 ? 's' : ''} ${span(g.userAgentLines)}: User-agent: ${g.agents.join(', ')}  (${rules})`,
      ]);
    }
  }
  if (e.escapedStarRules) rows.push(...escapedRows(agent, e, e.escapedStarRules));
  if (e.candidates.length === 0) rows.push(['matching', 'no rule matches the path']);
  const width = Math.max(0, ...e.candidates.map((c) => ruleText(c.type, c.pattern).length));
  e.candidates.forEach((c, i) => {
    const decides = i === 0 && e.reason !== 'robots-txt-always-allowed' ? '  <- decides' : '';
    const implied = c.indexHtml
      ? ` (allows ${e.path.slice(0, e.path.lastIndexOf('/') + 1) || '/'} by the index.html rule)`
      : '';
    rows.push([
      i === 0 ? 'matching' : '',
      `line ${String(c.line).padEnd(4)} ${ruleText(c.type, c.pattern).padEnd(width)}  priority ${c.priority}${implied}${decides}`,
    ]);
  });
  const verdict = e.allowed ? paint.allowed(color, 'allowed') : paint.disallowed(color, 'disallowed');
  rows.push(['verdict', `${verdict} (${modeName}): ${REASONS[e.reason]}${e.line ? ` (line ${e.line})` : ''}`]);
  // A file that is not a robots.txt (an HTML page, UTF-16...) is why no rule applies: said first.
  rows.push(['why', more.problem ? `${capitalised(more.problem)}. ${e.message}` : e.message]);
  if (e.otherMode) {
    const o = e.otherMode;
    const other = o.mode === 'rfc' ? 'RFC 9309' : 'Google';
    rows.push([
      other,
      `${o.allowed ? 'allowed' : 'disallowed'} (${o.rule ? `line ${o.line}: ${ruleText(o.rule.type, o.rule.pattern)}` : 'no rule applies'})`,
    ]);
    rows.push(['', o.why]);
  }
  // What the file says about using the URL: shown when it says anything (a file without such lines reads as before).
  const u = e.usage;
  if (u && (u.contentSignal || u.contentUsage || u.licenses.length || !u.why.startsWith('The file has no '))) {
    for (const [i, text] of usageLines(u).entries()) rows.push([i === 0 ? 'usage' : '', text]);
    rows.push(['', capitalised(u.why)]);
  }
  if (more.crawlDelay != null)
    rows.push([
      'crawl-delay',
      `${more.crawlDelay} s: crawlers that honour Crawl-delay (Bing, Yandex, ...) wait this long between fetches; Google ignores it`,
    ]);
  const label = Math.max(...rows.map(([k]) => k.length));
  return `${rows.map(([k, v]) => `${k.padEnd(label)}  ${v}`.trimEnd()).join('\n')}\n`;
}

/** Most `*` rules listed as not applying; the rest are counted. */
const MAX_ESCAPED = 5;

/** The `*` group's Disallow rules the agent escapes, under the groups: a sentence saying why, then a line per rule. */
function escapedRows(agent: string, e: Explanation, rules: { line: number; pattern: string }[]): [string, string][] {
  const token = e.selectedBy?.token;
  const why =
    e.groups.length === 0
      ? `${agent} ignores the \`*\` group`
      : token && token.toLowerCase() !== agent.toLowerCase() // a crawler that follows another token's group (Applebot, Googlebot's)
        ? `${agent} follows the ${token} group`
        : `${agent} has its own group`;
  const rows: [string, string][] = [
    ['* group', `${why}, so these lines of the \`*\` group do not apply to it:`],
    ...rules
      .slice(0, MAX_ESCAPED)
      .map((r): [string, string] => ['', `line ${String(r.line).padEnd(4)} Disallow: ${r.pattern}`]),
  ];
  if (rules.length > MAX_ESCAPED) rows.push(['', `+${rules.length - MAX_ESCAPED} more`]);
  return rows;
}

/** "3", "3-5", "3, 7". */
function span(lines: number[]): string {
  const contiguous = lines.every((l, i) => i === 0 || l === lines[i - 1]! + 1);
  if (lines.length > 2 && contiguous) return `${lines[0]}-${lines[lines.length - 1]}`;
  return lines.join(', ');
}

export async function explainCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags('explain', argv, { ...MATCH_FLAGS, ...ROBOTS_FLAGS });
  if (values.help) {
    process.stdout.write(EXPLAIN_HELP);
    return 0;
  }
  if (positionals.length !== 1)
    throw new UsageError(`explain takes one URL, got ${positionals.length} (see robotsmatch explain --help)`);
  const mode = modeOf(values.mode);
  const { agent, label: agentLabel } = agentOf(values, warn);
  const url = urlArgument(positionals[0]!, warn);
  const timeoutMs = timeoutOf(values.timeout);
  let spec = values.robots;
  if (spec === undefined) {
    // The URL's own robots.txt, as check fetches it.
    try {
      spec = robotsTxtUrl(url);
    } catch (error) {
      throw new UsageError(`${(error as Error).message}; give its robots.txt with --robots FILE|URL|-`);
    }
  }
  // Without --robots, how the fetch went is part of the output (its robots line), not said again on stderr.
  const loaded = await loadRobots(spec, {
    mode,
    maxBytes: maxBytesOf(values['max-bytes'], warn),
    userAgent: values['user-agent'],
    timeoutMs,
    warn,
    unreachable: 'disallow',
    sayOutcome: values.robots !== undefined,
  });
  const { robots, fetched } = loaded;
  const fetch = fetchRecord(fetched, timeoutMs);
  const color = colorOut();
  const header = { url, agent: agentLabel, mode, robots: loaded.source, fetch, content: loaded.content ?? null };
  if (loaded.unreachable) {
    // No file to explain: a crawler may fetch nothing of the site for now.
    const message = `${loaded.label} is ${outcomeSentence(fetched!, timeoutMs)}`;
    if (values.json)
      out(
        `${JSON.stringify(
          {
            ...header,
            allowed: false,
            line: 0,
            rule: null,
            reason: 'robots-txt-unreachable',
            message,
            path: null,
            groups: [],
            fallback: false,
            candidates: [],
            usage: null,
            crawlDelay: null,
          },
          null,
          2,
        )}\n`,
      );
    else
      out(
        `url      ${url}\nagent    ${agentLabel}\nrobots   ${loaded.label}\nverdict  ${paint.disallowed(color, 'disallowed')}: ${message}\n`,
      );
    robots.dispose();
    return 1;
  }
  const explanation = explain(robots, url, agent);
  const delay = crawlDelay(robots, agent) ?? null;
  if (values.json) out(`${JSON.stringify({ ...header, ...explanation, crawlDelay: delay }, null, 2)}\n`);
  else {
    const source =
      fetched && fetched.outcome !== 'ok' ? `${loaded.label}: ${outcomeSentence(fetched, timeoutMs)}` : loaded.label;
    out(
      formatExplanation(url, agentLabel, explanation, mode === 'rfc' ? 'RFC 9309' : 'Google', color, {
        robots: source,
        crawlDelay: delay,
        problem: loaded.problem,
      }),
    );
  }
  robots.dispose();
  return explanation.allowed ? 0 : 1;
}
