// robotsmatch groups: what a robots.txt says, group by group: the agents
// each names, its rules and Crawl-delay lines, then the sitemaps.

import { groups, type RobotsGroup } from '../index.js';
import { UsageError } from './errors.js';
import { colorOut, out, paint, warn } from './output.js';
import { fetchRecord, loadRobots, outcomeSentence } from './robots-source.js';
import { FETCH_FLAGS, FETCH_FLAGS_HELP, maxBytesOf, modeOf, parseFlags, plural, timeoutOf } from './options.js';

export const GROUPS_HELP = `Usage: robotsmatch groups <FILE|URL|-> [options]

Lists the groups of a robots.txt as crawlers read them: for each, its
User-agent lines (and the token or * each names), its Allow and Disallow
rules and its Crawl-delay lines, with line numbers; then the sitemaps.
Lines outside any group are left out, as every crawler leaves them out.
A URL is read as given; a bare https://host means https://host/robots.txt.
Exit status: 0, or 2 when the robots.txt cannot be read.

Options:
  -j, --json         one JSON object (see docs/cli.md)
  -m, --mode MODE    google (default) or rfc: how lines are read
${FETCH_FLAGS_HELP}  --max-bytes N      read only the first N bytes of the robots.txt (default 512000)
  -h, --help         show this help
`;

export async function groupsCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags('groups', argv, {
    json: { type: 'boolean', short: 'j', default: false },
    mode: { type: 'string', short: 'm', default: 'google' },
    'max-bytes': { type: 'string' },
    ...FETCH_FLAGS,
  });
  if (values.help) {
    process.stdout.write(GROUPS_HELP);
    return 0;
  }
  if (positionals.length !== 1)
    throw new UsageError(`groups takes one FILE, URL or -, got ${positionals.length} (see robotsmatch groups --help)`);
  const mode = modeOf(values.mode);
  const timeoutMs = timeoutOf(values.timeout);
  const loaded = await loadRobots(positionals[0]!, {
    mode,
    maxBytes: maxBytesOf(values['max-bytes'], warn),
    userAgent: values['user-agent'],
    timeoutMs,
    warn,
  });
  const { robots, fetched } = loaded;
  const list = groups(robots);
  if (values.json) {
    out(
      `${JSON.stringify(
        {
          robots: loaded.source,
          mode,
          fetch: fetchRecord(fetched, timeoutMs),
          groups: list.map((g) => ({
            ...g,
            crawlDelays: g.crawlDelays.map((d) => ({ ...d, seconds: d.seconds ?? null })),
          })),
          sitemaps: robots.sitemaps,
        },
        null,
        2,
      )}\n`,
    );
  } else {
    const color = colorOut();
    if (fetched && fetched.outcome !== 'ok') out(`${loaded.label}: ${outcomeSentence(fetched, timeoutMs)}\n`);
    out(`${loaded.label}: ${plural(list.length, 'group')}, ${plural(robots.sitemaps.length, 'sitemap')}\n`);
    for (const g of list) out(formatGroup(g, color));
    if (robots.sitemaps.length) out(`\nsitemaps\n${robots.sitemaps.map((s) => `  ${s}\n`).join('')}`);
  }
  robots.dispose();
  return 0;
}

/** One group as text: a heading naming its agents, then its lines in file order. */
function formatGroup(g: RobotsGroup, color: boolean): string {
  const names = g.userAgents.map((a) => (a.names === '' ? `${JSON.stringify(a.value)} (names no crawler)` : a.names));
  const rows: [number, string][] = [
    ...g.userAgents.map((a): [number, string] => [
      a.line,
      `User-agent: ${a.value}${a.names !== a.value && a.names !== '' ? `  (the token ${a.names})` : ''}`,
    ]),
    ...g.rules.map((r): [number, string] => [
      r.line,
      `${r.type === 'allow' ? paint.allowed(color, 'Allow') : paint.disallowed(color, 'Disallow')}: ${r.pattern}`,
    ]),
    ...g.crawlDelays.map((d): [number, string] => [
      d.line,
      `Crawl-delay: ${d.value}  (${d.seconds === undefined ? 'not a number of seconds: ignored' : `${d.seconds} s for crawlers that honour it; Google ignores it`})`,
    ]),
  ].sort((a, b) => a[0] - b[0]);
  const width = Math.max(...rows.map(([line]) => String(line).length));
  const rules = g.rules.length ? '' : ' (no rules: everything allowed)';
  return (
    `\n${paint.bold(color, `group ${g.index + 1}: ${names.join(', ')}`)}${rules}\n` +
    rows.map(([line, text]) => `  line ${String(line).padStart(width)}  ${text}\n`).join('')
  );
}
