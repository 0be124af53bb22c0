// robotsmatch check: the verdict and deciding line for each URL, against one
// robots.txt, or against each URL's own robots.txt fetched by the RFC's rules.

import { RobotsCache, type Verdict } from '../index.js';
import { parseArgs } from 'node:util';
import { UsageError } from './errors.js';
import { loadRobots } from './robots-source.js';
import { MATCH_FLAGS, agentOf, maxBytesOf, modeOf, parseCommand, timeoutOf } from './options.js';

export const CHECK_HELP = `Usage: robotsmatch check <url>... [options]

Prints whether each URL is allowed and the line that decided. Without
--robots, fetches each URL's own robots.txt (RFC 9309: status codes,
redirects, size limit) and says which one decided and how its fetch went.
Exit status: 0 when every URL is allowed, 1 when one is disallowed, 2 on error.

Options:
  --robots FILE|URL  check against this robots.txt instead
  --agent NAME       a product token (default: Googlebot); repeat it for a union of
                     tokens (every group naming any of them, as Google's C++ API)
  --crawler NAME     a known crawler (robotsmatch crawlers): its own group, else its
                     fallback tokens' group, else * if it obeys *
  --mode MODE        google (default) or rfc
  --json             one JSON object per URL
  --user-agent UA    the User-Agent header for fetching
  --timeout MS       give up a fetch after MS milliseconds (default 30000)
  --max-bytes N      read only the first N bytes of a robots.txt (default 512000)
  -h, --help         show this help
`;

export function verdictText(v: Verdict): string {
  return v.rule ? `line ${v.line}: ${v.rule.type === 'allow' ? 'Allow' : 'Disallow'}: ${v.rule.pattern}` : 'no rule applies';
}

export async function checkCommand(argv: string[]): Promise<number> {
  const { values, positionals: urls } = parseCommand('check', () => parseArgs({ args: argv, allowPositionals: true, strict: true, options: { ...MATCH_FLAGS, robots: { type: 'string' }, 'max-bytes': { type: 'string' } } }));
  if (values.help) {
    process.stdout.write(CHECK_HELP);
    return 0;
  }
  if (urls.length === 0) throw new UsageError('check needs at least one URL (see robotsmatch check --help)');
  const warn = (line: string) => process.stderr.write(line);
  const mode = modeOf(values.mode);
  const { agent, label: agentLabel } = agentOf(values, warn);
  const maxBytes = maxBytesOf(values['max-bytes'], warn);
  const timeoutMs = timeoutOf(values.timeout);
  const userAgent = values['user-agent'];
  let disallowed = false;
  const print = (url: string, v: Verdict, source: Record<string, unknown>, sourceText: string) => {
    disallowed ||= !v.allowed;
    if (values.json) process.stdout.write(JSON.stringify({ url, agent: agentLabel, ...v, ...source }) + '\n');
    else process.stdout.write(`${v.allowed ? 'allowed   ' : 'disallowed'}  ${url}  (${verdictText(v)})${sourceText}\n`);
  };

  if (values.robots) {
    const { robots, label } = await loadRobots(values.robots, { mode, maxBytes, userAgent, timeoutMs, warn });
    for (const url of urls) print(url, robots.check(url, agent), { robots: label }, '');
    robots.dispose();
  } else {
    const cache = new RobotsCache({ mode, timeoutMs, ...(maxBytes === undefined ? {} : { maxBytes }), ...(userAgent ? { userAgent } : {}) });
    for (const url of urls) {
      let v;
      try {
        v = await cache.check(url, agent);
      } catch (error) {
        throw new UsageError(`${url}: ${(error as Error).message}`);
      }
      const { robotsUrl, outcome, status, stale, ...verdict } = v;
      const how = `${outcome}${status === undefined ? '' : ` ${status}`}${stale ? ', last good copy' : ''}`;
      print(url, verdict, { robotsUrl, outcome, status: status ?? null, stale }, `  [${robotsUrl}: ${how}]`);
    }
    cache.clear();
  }
  return disallowed ? 1 : 0;
}
