// robotsmatch fetch: fetch a robots.txt by RFC 9309's rules and show what a
// crawler would make of the answer.

import { fetchRobots } from '../index.js';
import { UsageError } from './errors.js';
import { colorOut, out, paint } from './output.js';
import { contentOf, contentProblem, errorSentence, outcomeSentence, robotsUrlOf } from './robots-source.js';
import { FETCH_FLAGS, FETCH_FLAGS_HELP, isUrl, maxBytesOf, parseFlags, plural, timeoutOf } from './options.js';

export const FETCH_HELP = `Usage: robotsmatch fetch <URL> [options]

Fetches a robots.txt as a crawler must (RFC 9309: up to 5 redirects, 4xx
means no robots.txt, 429, 5xx and network errors mean disallow everything
for now, only the first 500 KiB count) and prints the outcome, status,
redirects, expiry, Content-Type and the start of the body. The URL is read
as given; a bare https://host means https://host/robots.txt. A body that is
an HTML page, gzip or other binary bytes is named, not printed.
Exit status: 0 when the robots.txt was read or there is none (4xx), 1 when
it was unreachable (a crawler must not fetch anything for now), 2 on error.

Options:
  -j, --json         the outcome and the whole body as one JSON object (see docs/cli.md)
  --lines N          how many lines of the body to print (default 20; 0: all)
${FETCH_FLAGS_HELP}  --max-bytes N      read only the first N bytes of the body (default 512000)
  -h, --help         show this help
`;

export async function fetchCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags('fetch', argv, {
    json: { type: 'boolean', short: 'j', default: false },
    lines: { type: 'string', default: '20' },
    'max-bytes': { type: 'string' },
    ...FETCH_FLAGS,
  });
  if (values.help) {
    process.stdout.write(FETCH_HELP);
    return 0;
  }
  if (positionals.length !== 1)
    throw new UsageError(`fetch takes one URL, got ${positionals.length} (see robotsmatch fetch --help)`);
  if (!/^\d+$/.test(values.lines))
    throw new UsageError(`--lines must be a whole number, got ${JSON.stringify(values.lines)}`);
  if (!isUrl(positionals[0]!))
    throw new UsageError(`fetch takes an http or https URL, got ${JSON.stringify(positionals[0])}`);
  const maxBytes = maxBytesOf(values['max-bytes'], (line) => process.stderr.write(line));
  const timeoutMs = timeoutOf(values.timeout);
  const userAgent = values['user-agent'];
  const target = robotsUrlOf(positionals[0]!);
  let fetched: Awaited<ReturnType<typeof fetchRobots>>;
  try {
    fetched = await fetchRobots(target, {
      exactUrl: true,
      timeoutMs,
      ...(maxBytes === undefined ? {} : { maxBytes }),
      ...(userAgent ? { userAgent } : {}),
    });
  } catch (error) {
    throw new UsageError(`cannot fetch ${target}: ${(error as Error).message}`);
  }
  const { robots, body, outcome, status, redirects, url, finalUrl, fetchedAt, expires, error, contentType } = fetched;
  const content = contentOf(body, contentType);
  const text = new TextDecoder().decode(body);
  if (values.json) {
    out(
      `${JSON.stringify(
        {
          url,
          finalUrl,
          outcome,
          status: status ?? null,
          redirects,
          fetchedAt: new Date(fetchedAt).toISOString(),
          expires: new Date(expires).toISOString(),
          contentType: contentType ?? null,
          content,
          bytes: body.length,
          truncated: robots.truncated,
          sitemaps: robots.sitemaps,
          error: error === undefined ? null : errorSentence(error, timeoutMs),
          body: text,
        },
        null,
        2,
      )}\n`,
    );
  } else {
    const color = colorOut();
    const hours = (expires - fetchedAt) / 3_600_000;
    const word =
      outcome === 'ok'
        ? paint.allowed(color, outcome)
        : outcome === 'unreachable'
          ? paint.disallowed(color, outcome)
          : paint.warning(color, outcome);
    const rows: [string, string][] = [
      ['robots.txt', url],
      ['outcome', `${word}: ${outcomeSentence(fetched, timeoutMs).replace(/^unreachable, /, '')}`],
      ['redirects', redirects ? `${redirects}, read from ${finalUrl}` : '0'],
      [
        'expires',
        `${new Date(expires).toISOString()} (${hours >= 1 ? `${hours.toFixed(hours % 1 ? 1 : 0)} h` : `${Math.round(hours * 60)} min`})`,
      ],
    ];
    if (contentType !== undefined) rows.push(['type', contentType]);
    if (outcome === 'ok')
      rows.push([
        'bytes',
        `${body.length.toLocaleString('en-US')}${robots.truncated ? ' (cut: crawlers ignore the rest)' : ''}`,
      ]);
    for (const sitemap of robots.sitemaps) rows.push(['sitemap', sitemap]);
    const problem = outcome === 'ok' ? contentProblem(body, contentType) : undefined;
    if (problem) rows.push(['warning', paint.warning(color, problem)]);
    const label = Math.max(...rows.map(([k]) => k.length));
    for (const [k, v] of rows) out(`${k.padEnd(label)}  ${v}\n`);
    if (body.length && (content === 'text' || content === 'html')) {
      const all = text.split(/\r\n|\r|\n/);
      if (all[all.length - 1] === '') all.pop();
      const limit = Number(values.lines) || all.length;
      out(`\n${all.slice(0, limit).join('\n')}\n`);
      if (all.length > limit) out(`... ${plural(all.length - limit, 'more line')} (--lines 0 shows all)\n`);
    }
  }
  robots.dispose();
  return fetched.outcome === 'unreachable' ? 1 : 0;
}
