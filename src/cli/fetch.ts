// robotsmatch fetch: fetch a URL's robots.txt by RFC 9309's rules and show
// what a crawler would make of the answer.

import { fetchRobots } from '../index.js';
import { parseArgs } from 'node:util';
import { UsageError } from './errors.js';
import { outcomeSentence } from './robots-source.js';
import { maxBytesOf, parseCommand, timeoutOf } from './options.js';

export const FETCH_HELP = `Usage: robotsmatch fetch <url> [options]

Fetches the robots.txt of the URL's scheme, host and port as a crawler must
(RFC 9309: up to 5 redirects, 4xx means no robots.txt, 5xx and network
errors mean disallow everything for now, only the first 500 KiB count) and
prints the outcome, status, redirects, expiry and the start of the body.
Exit status: 0 when the robots.txt was read or there is none (4xx), 1 when
it was unreachable (a crawler must not fetch anything for now), 2 on error.

Options:
  --json             the outcome and the whole body as one JSON object
  --lines N          how many lines of the body to print (default 20; 0: all)
  --user-agent UA    the User-Agent header to send
  --timeout MS       give up after MS milliseconds (default 30000)
  --max-bytes N      read only the first N bytes of the body (default 512000)
  -h, --help         show this help
`;

export async function fetchCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommand('fetch', () => parseArgs({ args: argv, allowPositionals: true, strict: true, options: {
    json: { type: 'boolean', default: false },
    lines: { type: 'string', default: '20' },
    'user-agent': { type: 'string' },
    timeout: { type: 'string', default: '30000' },
    'max-bytes': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  } }));
  if (values.help) {
    process.stdout.write(FETCH_HELP);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(`fetch takes one URL, got ${positionals.length} (see robotsmatch fetch --help)`);
  if (!/^\d+$/.test(values.lines)) throw new UsageError(`--lines must be a whole number, got ${JSON.stringify(values.lines)}`);
  const maxBytes = maxBytesOf(values['max-bytes'], (line) => process.stderr.write(line));
  const userAgent = values['user-agent'];
  let fetched;
  try {
    fetched = await fetchRobots(positionals[0]!, { timeoutMs: timeoutOf(values.timeout), ...(maxBytes === undefined ? {} : { maxBytes }), ...(userAgent ? { userAgent } : {}) });
  } catch (error) {
    throw new UsageError(`cannot fetch a robots.txt for ${positionals[0]}: ${(error as Error).message}`);
  }
  const { robots, body, outcome, status, redirects, url, finalUrl, fetchedAt, expires, error } = fetched;
  const text = new TextDecoder().decode(body);
  if (values.json) {
    process.stdout.write(JSON.stringify({
      url, finalUrl, outcome, status: status ?? null, redirects, fetchedAt: new Date(fetchedAt).toISOString(), expires: new Date(expires).toISOString(),
      bytes: body.length, truncated: robots.truncated, sitemaps: robots.sitemaps, ...(error ? { error: String((error as Error).message ?? error) } : {}), body: text,
    }, null, 2) + '\n');
  } else {
    const hours = (expires - fetchedAt) / 3_600_000;
    const rows: [string, string][] = [
      ['robots.txt', url],
      ['outcome', `${outcome}: ${outcomeSentence(fetched)}`],
      ['redirects', redirects ? `${redirects}, read from ${finalUrl}` : '0'],
      ['expires', `${new Date(expires).toISOString()} (${hours >= 1 ? `${hours.toFixed(hours % 1 ? 1 : 0)} h` : `${Math.round(hours * 60)} min`})`],
      ['bytes', `${body.length.toLocaleString('en-US')}${robots.truncated ? ' (cut: crawlers ignore the rest)' : ''}`],
    ];
    for (const sitemap of robots.sitemaps) rows.push(['sitemap', sitemap]);
    const label = Math.max(...rows.map(([k]) => k.length));
    for (const [k, v] of rows) process.stdout.write(`${k.padEnd(label)}  ${v}\n`);
    if (body.length) {
      const all = text.split(/\r\n|\r|\n/);
      if (all[all.length - 1] === '') all.pop();
      const limit = Number(values.lines) || all.length;
      process.stdout.write(`\n${all.slice(0, limit).join('\n')}\n`);
      if (all.length > limit) process.stdout.write(`... ${all.length - limit} more lines (--lines 0 shows all)\n`);
    }
  }
  robots.dispose();
  return fetched.outcome === 'unreachable' ? 1 : 0;
}
