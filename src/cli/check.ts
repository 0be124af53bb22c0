// robotsmatch check: the verdict and deciding line for each URL, against one
// robots.txt, or against each URL's own robots.txt fetched by the RFC's rules.

import { RobotsCache, RobotsUrlError, type Agent, type CachedVerdict, type Robots, type Verdict } from '../index.js';
import { usage } from '../usage.js';
import { checkLine, checkRecord, type Describe } from './describe-lines.js';
import { UsageError } from './errors.js';
import { runLines } from './filter.js';
import { openInput } from './input.js';
import { lineChunks } from './line-chunks.js';
import { colorOut, out, outDrained, stdoutClosed, warn } from './output.js';
import { bodyWarnings, errorSentence, fetchRecord, loadRobots, outcomeSentence, takeStdin } from './robots-source.js';
import {
  FETCH_FLAGS_HELP,
  MATCH_FLAGS,
  ROBOTS_FLAGS,
  agentOf,
  maxBytesOf,
  modeOf,
  parseFlags,
  timeoutOf,
  workersOf,
} from './options.js';
import { urlArgument } from './url-argument.js';
import { NO_USAGE, usageRecord, type UsageRecord } from './usage-text.js';

export { verdictText } from './describe-lines.js';

export const CHECK_HELP = `Usage: robotsmatch check <url>... [options]
       robotsmatch check --urls FILE|- [options]

Prints whether each URL is allowed and the line that decided. Without
--robots, fetches each URL's own robots.txt (RFC 9309: status codes,
redirects, size limit) and says which one decided and how its fetch went.
A URL given as an argument is sent as a browser sends it: characters
outside ASCII (https://e.com/café) are percent-encoded as UTF-8
(https://e.com/caf%C3%A9), and stderr says so. URLs read with --urls are
matched as on the wire, byte for byte, as a log records them.
With --usage, each URL's verdict is followed by what the file says about
using it: the Content-Signal of the crawler's groups, the Content-Usage rule
for its path (only where it may be crawled) and the site's License lines.
Exit status: 0 when every URL is allowed (an empty --urls list checks nothing,
said on stderr), 1 when one is disallowed, 2 on error.

Options:
  -r, --robots FILE|URL|-
                     check against this robots.txt instead: a file, standard input,
                     or a URL read as given (a bare https://host means its /robots.txt)
  -u, --urls FILE|-  also check every line of FILE (plain or gzip) or standard input
  --usage            also show the usage signals that apply to each URL, a line each:
                       Content-Signal (line 3): search=yes, ai-train=no
                       Content-Usage (line 12, /blog/): train-ai=y
                       License: https://example.com/license.xml
                     (with --json: "usage": {"contentSignal","contentUsage","licenses"})
  -a, --agent NAME   a product token (default: Googlebot); repeat it for a union of
                     tokens (every group naming any of them, as Google's C++ API)
  -c, --crawler NAME a known crawler (robotsmatch crawlers): its own group, else its
                     fallback tokens' group, else * if it obeys *
  -m, --mode MODE    google (default) or rfc
  -j, --json         one JSON object per URL (see docs/cli.md)
${FETCH_FLAGS_HELP}  --max-bytes N      read only the first N bytes of a robots.txt (default 512000)
  --workers N        worker threads for a long --urls list with --robots (default:
                     the cores, up to 8)
  -h, --help         show this help
`;

/** URLs checked at once through the cache (fetches of different origins overlap). */
const WINDOW = 64;

export async function checkCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags('check', argv, {
    ...MATCH_FLAGS,
    ...ROBOTS_FLAGS,
    urls: { type: 'string', short: 'u' },
    workers: { type: 'string' },
    usage: { type: 'boolean', default: false },
  });
  if (values.help) {
    process.stdout.write(CHECK_HELP);
    return 0;
  }
  if (positionals.length === 0 && values.urls === undefined)
    throw new UsageError('check needs a URL, or --urls FILE|- with one URL a line (see robotsmatch check --help)');
  if (values.robots === '-' && values.urls === '-')
    throw new UsageError(
      'the robots.txt and the URL list cannot both come from standard input (-): give one of them as a file',
    );
  const mode = modeOf(values.mode);
  const { agent, label: agentLabel } = agentOf(values, warn);
  // On a terminal, say whose answer this is: a user who gave no agent reads
  // the verdict as their own crawler's (a pipe's reader chose the flags).
  if (!values.agent?.length && values.crawler === undefined && process.stderr.isTTY)
    warn('robotsmatch: checking as Googlebot, the default (-a NAME or -c NAME for another crawler)\n');
  const maxBytes = maxBytesOf(values['max-bytes'], warn);
  const timeoutMs = timeoutOf(values.timeout);
  const workers = workersOf(values.workers, warn);
  const userAgent = values['user-agent'];
  const urls = positionals.map((url) => urlArgument(url, warn));
  const color = colorOut();
  const withUsage = values.usage;
  let disallowed = false;

  if (values.robots) {
    const loaded = await loadRobots(values.robots, {
      mode,
      maxBytes,
      userAgent,
      timeoutMs,
      warn,
      unreachable: 'disallow',
    });
    const describe: Describe = {
      format: values.json ? 'check-json' : 'check-text',
      agent: agentLabel,
      mode,
      robots: loaded.source,
      fetch: fetchRecord(loaded.fetched, timeoutMs),
      unreachable: loaded.unreachable,
      color,
      usage: withUsage,
    };
    for (const url of urls) {
      const [v, u] = loaded.unreachable
        ? [{ allowed: false, line: 0, rule: null }, withUsage ? NO_USAGE : undefined]
        : verdictOf(loaded.robots, url, agent, withUsage);
      disallowed ||= !v.allowed;
      out(`${values.json ? checkRecord(url, v, describe, u) : checkLine(url, v, color, loaded.unreachable, '', u)}\n`);
    }
    if (values.urls !== undefined) {
      if (values.urls === '-') takeStdin('the URL list');
      const { totals } = await runLines({
        robots: loaded.robots,
        body: loaded.body,
        mode,
        maxBytes,
        agent,
        keep: 'allowed',
        describe,
        workers,
        input: await openInput(values.urls),
      });
      disallowed ||= totals.allowed < totals.urls;
      if (totals.urls === 0 && urls.length === 0) warn(emptyList(values.urls));
    }
    loaded.robots.dispose();
    return disallowed ? 1 : 0;
  }

  const cache = new RobotsCache({
    mode,
    timeoutMs,
    ...(maxBytes === undefined ? {} : { maxBytes }),
    ...(userAgent ? { userAgent } : {}),
  });
  /**
   * Each robots.txt, looked at once: why it was unreachable, or, for a body,
   * what it is when it is not a robots.txt (an HTML page, gzip, UTF-16) and
   * whether it was cut at the size limit, said on stderr as --robots URL says it.
   */
  const why = new Map<string, Promise<string | null>>();
  const reason = (url: string, robotsUrl: string) => {
    let known = why.get(robotsUrl);
    if (!known) {
      known = cache.get(url).then((got) => {
        if (got.outcome === 'unreachable') warn(`robotsmatch: ${robotsUrl}: ${outcomeSentence(got, timeoutMs)}\n`);
        else if (got.outcome === 'ok')
          for (const line of bodyWarnings(robotsUrl, got.body, got.contentType, got.robots.truncated, maxBytes))
            warn(line);
        got.robots.dispose();
        return got.error === undefined ? null : errorSentence(got.error, timeoutMs);
      });
      why.set(robotsUrl, known);
    }
    return known;
  };
  /**
   * --usage: each robots.txt's own copy (cache.get()), taken once and read by
   * usage() for every URL it answers; disposed at the end.
   */
  const copies = new Map<string, Promise<Robots>>();
  const usageFrom = (url: string, robotsUrl: string): Promise<UsageRecord> => {
    let copy = copies.get(robotsUrl);
    if (!copy) {
      copy = cache.get(url).then((got) => got.robots);
      copies.set(robotsUrl, copy);
    }
    return copy.then((robots) => usageRecord(usage(robots, url, agent)));
  };
  const answer = async (url: string): Promise<string> => {
    let v: CachedVerdict;
    try {
      v = await cache.check(url, agent);
    } catch (error) {
      if (error instanceof RobotsUrlError)
        throw new UsageError(`${error.message}; to check it, give a robots.txt with --robots FILE|URL|-`);
      throw new UsageError(`${url}: ${(error as Error).message}`);
    }
    const { robotsUrl, outcome, status, stale, ...verdict } = v;
    disallowed ||= !verdict.allowed;
    const noted = await reason(url, robotsUrl);
    const error = outcome === 'unreachable' ? noted : null;
    const fetch = { outcome, status: status ?? null, error, stale };
    // Unreachable with no good copy: every URL is disallowed by no file, and nothing is known about use.
    const unreachable = outcome === 'unreachable' && !stale && verdict.line === 0 && !verdict.allowed;
    const u = withUsage ? (unreachable ? NO_USAGE : await usageFrom(url, robotsUrl)) : undefined;
    if (values.json) return `${checkRecord(url, verdict, { agent: agentLabel, mode, robots: robotsUrl, fetch }, u)}\n`;
    const how = `${outcome}${status === undefined ? '' : ` ${status}`}${stale ? ', last good copy' : ''}`;
    return `${checkLine(url, verdict, color, unreachable, `  [${robotsUrl}: ${how}]`, u)}\n`;
  };
  // In order, with up to WINDOW checks under way: one slow origin does not hold up the others' fetches.
  const pending: Promise<string>[] = [];
  const push = async (url: string) => {
    const p = answer(url);
    p.catch(() => {});
    pending.push(p);
    while (pending.length >= WINDOW) await outDrained(await pending.shift()!);
  };
  try {
    for (const url of urls) await push(url);
    if (values.urls !== undefined) {
      if (values.urls === '-') takeStdin('the URL list');
      const input = await openInput(values.urls);
      const decoder = new TextDecoder();
      let listed = 0;
      for await (const chunk of lineChunks(input.chunks)) {
        if (stdoutClosed()) break;
        for (let line of decoder.decode(chunk).split('\n')) {
          if (line.endsWith('\r')) line = line.slice(0, -1);
          if (line !== '') {
            listed++;
            await push(line);
          }
        }
      }
      if (listed === 0 && urls.length === 0 && !stdoutClosed()) warn(emptyList(values.urls));
    }
    while (pending.length) await outDrained(await pending.shift()!);
  } finally {
    cache.clear();
    for (const copy of copies.values())
      copy.then(
        (robots) => robots.dispose(),
        () => {},
      );
  }
  return disallowed ? 1 : 0;
}

/** An empty --urls list with no URL argument: nothing was checked, which is said rather than left as silence (exit 0: no URL is disallowed). */
function emptyList(list: string): string {
  return `robotsmatch: ${list === '-' ? 'standard input' : list} has no URL: nothing was checked\n`;
}

/** The verdict for one URL and, with --usage, what the file says about using it (usage(): the same verdict, in one call). */
function verdictOf(robots: Robots, url: string, agent: Agent, withUsage: boolean): [Verdict, UsageRecord | undefined] {
  if (!withUsage) return [robots.check(url, agent), undefined];
  const { contentSignal, contentUsage, licenses, ...verdict } = usage(robots, url, agent);
  return [verdict, { contentSignal, contentUsage, licenses }];
}
