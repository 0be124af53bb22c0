// robotsmatch command line: one binary, a subcommand per job.

import { failureLine, UsageError } from './errors.js';
import { checkCommand } from './check.js';
import { filterCommand } from './filter.js';
import { explainCommand } from './explain.js';
import { lintCommand } from './lint.js';
import { diffCommand } from './diff.js';
import { fetchCommand } from './fetch.js';
import { exampleCommand } from './example.js';
import { auditCommand } from './audit.js';
import { crawlersCommand } from './crawlers.js';
import { identifyCommand } from './identify.js';
import { LineTooLongError } from './line-chunks.js';

const HELP = `Usage: robotsmatch <command> [options]

Commands:
  check <url>...    is each URL allowed, and which line decided (fetches each
                    URL's robots.txt unless --robots is given)
  filter            keep the allowed URLs of a list (a file, gzip or stdin),
                    streaming, on every core; --verdicts for one answer per line
  explain <url>     which groups and rules apply to a URL, and why it is allowed or not
  lint <file|url>   what Google and RFC 9309 crawlers will make of a robots.txt;
                    --fix writes the safe fixes
  diff <old> <new>  what a robots.txt change does for each crawler (or, with
                    --urls, every URL whose verdict changes)
  fetch <url>       fetch a URL's robots.txt by RFC 9309's rules and show the outcome
  audit <file|url|dir>...
                    who can reach a site: each known crawler's group, / verdict
                    and access (blocked, partly, open)
  crawlers          the known crawlers: tokens in fallback order, * or not
  identify "<UA>"   which known crawler a User-Agent header names

  --example         run check, explain and lint on the bundled example
  -h, --help        show this help ("robotsmatch <command> --help" for a command's options)

Agents are product tokens (--agent Googlebot, not a full User-Agent string),
or known crawlers (--crawler Googlebot-Image: its own group, else Googlebot's);
modes are google (Googlebot's parser, the default) and rfc (RFC 9309's text).
`;

const COMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  check: checkCommand,
  filter: filterCommand,
  explain: explainCommand,
  lint: lintCommand,
  diff: diffCommand,
  fetch: fetchCommand,
  audit: auditCommand,
  crawlers: crawlersCommand,
  identify: identifyCommand,
};

async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    process.stderr.write(HELP);
    return 2;
  }
  if (first === '-h' || first === '--help' || first === 'help') {
    process.stdout.write(HELP);
    return 0;
  }
  if (first === '--example' || first === 'example') return exampleCommand();
  const command = COMMANDS[first];
  if (!command) throw new UsageError(`unknown command ${JSON.stringify(first)}; the commands are ${Object.keys(COMMANDS).join(', ')} (see robotsmatch --help)`);
  return command(rest);
}

// A reader that stops early (`robotsmatch filter ... | head`) is normal: end quietly.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  process.stderr.write(failureLine(error));
  process.exit(2);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // Usage and input errors are expected: one line. Anything else is a bug: one line too, and the stack with DEBUG.
    process.stderr.write(failureLine(error));
    if (!(error instanceof UsageError || error instanceof LineTooLongError) && process.env.DEBUG) process.stderr.write(`${(error as Error).stack}\n`);
    process.exitCode = 2;
  },
);
