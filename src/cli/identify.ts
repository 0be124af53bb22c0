// robotsmatch identify: which known crawler a User-Agent header names.

import { identify, isBot } from '../crawlers.js';
import { UsageError } from './errors.js';
import { parseFlags } from './options.js';
import { out } from './output.js';

export const IDENTIFY_HELP = `Usage: robotsmatch identify "<User-Agent header>" [options]

Prints the known crawler(s) the header names, in the order they appear in
it, with the robots.txt tokens each follows. A header is whatever the client
sent: verifying it (reverse DNS, published IP ranges) is not done here.
Exit status: 0 when a known crawler is named, 1 when none is, 2 on error.

Options:
  -j, --json    {"userAgent", "crawlers": [registry entries], "bot"} (see docs/cli.md)
  -h, --help    show this help
`;

export async function identifyCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags('identify', argv, {
    json: { type: 'boolean', short: 'j', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    process.stdout.write(IDENTIFY_HELP);
    return 0;
  }
  if (positionals.length !== 1)
    throw new UsageError(`identify takes one User-Agent header in quotes, got ${positionals.length} arguments`);
  const header = positionals[0]!;
  const found = identify(header);
  const bot = isBot(header);
  if (values.json) out(`${JSON.stringify({ userAgent: header, crawlers: found, bot }, null, 2)}\n`);
  else if (found.length)
    for (const c of found)
      out(
        `${c.name}  (${c.operator}, ${c.purposes.join(', ')}; follows the group of ${c.tokens.join(', then ')}${c.obeysGlobalGroup ? ', then *' : ', never *'})\n`,
      );
  else
    out(
      bot
        ? 'no known crawler; a bot all the same (isbot recognises it)\n'
        : 'no known crawler: a browser or an unknown client\n',
    );
  return found.length ? 0 : 1;
}
