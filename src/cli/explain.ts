// robotsmatch explain: why one URL is allowed or not, rule by rule.

import { explain, type Explanation, type ExplainReason } from '../index.js';
import { parseArgs } from 'node:util';
import { UsageError } from './errors.js';
import { loadRobots } from './robots-source.js';
import { MATCH_FLAGS, agentOf, maxBytesOf, modeOf, parseCommand, timeoutOf } from './options.js';

export const EXPLAIN_HELP = `Usage: robotsmatch explain <url> --robots FILE|URL [options]

Shows which groups apply to the crawler, every rule that matches the URL's
path with its priority, the rule that decides and why, and, when Google and
RFC 9309 crawlers would answer differently, both answers and the reason.

Options:
  --robots FILE|URL  the robots.txt: a file, or a URL whose robots.txt is fetched
  --agent NAME       a product token (default: Googlebot); repeat it for a union of
                     tokens (every group naming any of them, as Google's C++ API)
  --crawler NAME     a known crawler (robotsmatch crawlers): its own group, else its
                     fallback tokens' group, else * if it obeys *
  --mode MODE        google (default) or rfc
  --json             the explanation as one JSON object
  --user-agent UA    the User-Agent header when fetching
  --timeout MS       give up fetching after MS milliseconds (default 30000)
  --max-bytes N      read only the first N bytes of the robots.txt (default 512000)
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
export function formatExplanation(url: string, agent: string, e: Explanation, modeName: string): string {
  const rows: [string, string][] = [['url', url], ['path', e.path], ['agent', agent]];
  if (e.groups.length === 0) rows.push(['groups', 'none applies: no group names the crawler and there is no `*` group']);
  else {
    if (e.selectedBy) rows.push(['group', e.selectedBy.why]);
    else rows.push(['groups', e.fallback ? `no group names ${agent}: the \`*\` group${e.groups.length > 1 ? 's apply' : ' applies'}` : `${e.groups.length} group${e.groups.length > 1 ? 's name' : ' names'} ${agent}`]);
    for (const g of e.groups) {
      const rules = g.ruleLines.length ? `rules on line${g.ruleLines.length > 1 ? 's' : ''} ${span(g.ruleLines)}` : 'no rules';
      rows.push(['', `line${g.userAgentLines.length > 1 ? 's' : ''} ${span(g.userAgentLines)}: User-agent: ${g.agents.join(', ')}  (${rules})`]);
    }
  }
  if (e.candidates.length === 0) rows.push(['matching', 'no rule matches the path']);
  const width = Math.max(0, ...e.candidates.map((c) => ruleText(c.type, c.pattern).length));
  e.candidates.forEach((c, i) => {
    const decides = i === 0 && e.reason !== 'robots-txt-always-allowed' ? '  <- decides' : '';
    const implied = c.indexHtml ? ` (allows ${e.path.slice(0, e.path.lastIndexOf('/') + 1) || '/'} by the index.html rule)` : '';
    rows.push([i === 0 ? 'matching' : '', `line ${String(c.line).padEnd(4)} ${ruleText(c.type, c.pattern).padEnd(width)}  priority ${c.priority}${implied}${decides}`]);
  });
  rows.push(['verdict', `${e.allowed ? 'allowed' : 'disallowed'} (${modeName}): ${REASONS[e.reason]}${e.line ? ` (line ${e.line})` : ''}`]);
  rows.push(['why', e.message]);
  if (e.otherMode) {
    const o = e.otherMode;
    const other = o.mode === 'rfc' ? 'RFC 9309' : 'Google';
    rows.push([other, `${o.allowed ? 'allowed' : 'disallowed'} (${o.rule ? `line ${o.line}: ${ruleText(o.rule.type, o.rule.pattern)}` : 'no rule applies'})`]);
    rows.push(['', o.why]);
  }
  const label = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(label)}  ${v}`.trimEnd()).join('\n') + '\n';
}

/** "3", "3-5", "3, 7". */
function span(lines: number[]): string {
  const contiguous = lines.every((l, i) => i === 0 || l === lines[i - 1]! + 1);
  if (lines.length > 2 && contiguous) return `${lines[0]}-${lines[lines.length - 1]}`;
  return lines.join(', ');
}

export async function explainCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommand('explain', () => parseArgs({ args: argv, allowPositionals: true, strict: true, options: { ...MATCH_FLAGS, robots: { type: 'string' }, 'max-bytes': { type: 'string' } } }));
  if (values.help) {
    process.stdout.write(EXPLAIN_HELP);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(`explain takes one URL, got ${positionals.length} (see robotsmatch explain --help)`);
  if (!values.robots) throw new UsageError('explain needs --robots FILE|URL (see robotsmatch explain --help)');
  const warn = (line: string) => process.stderr.write(line);
  const mode = modeOf(values.mode);
  const { agent, label: agentLabel } = agentOf(values, warn);
  const url = positionals[0]!;
  const { robots, label } = await loadRobots(values.robots, { mode, maxBytes: maxBytesOf(values['max-bytes'], warn), userAgent: values['user-agent'], timeoutMs: timeoutOf(values.timeout), warn });
  const explanation = explain(robots, url, agent);
  if (values.json) process.stdout.write(JSON.stringify({ url, agent: agentLabel, robots: label, mode, ...explanation }, null, 2) + '\n');
  else process.stdout.write(formatExplanation(url, agentLabel, explanation, mode === 'rfc' ? 'RFC 9309' : 'Google'));
  robots.dispose();
  return 0;
}
