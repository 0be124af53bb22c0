// robotsmatch command line: one binary, a subcommand per job.

import { failureLine, UsageError } from './errors.js';
import { failure, guardStdout, setColor, type ColorWhen } from './output.js';
import { VERSION } from '../common/version.js';
import { closest } from '../common/closest.js';
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
import { groupsCommand } from './groups.js';
import { generateCommand } from './generate.js';
import { verifyCommand } from './verify.js';
import { LineTooLongError } from './line-chunks.js';

const HELP = `Usage: robotsmatch <command> [options]

Commands:
  check <url>...    is each URL allowed, and which line decided (fetches each
                    URL's robots.txt unless --robots is given); --urls FILE|- for a list,
                    --usage for its Content-Signal, Content-Usage and License lines
  filter            keep the allowed URLs of a list (a file, gzip or stdin),
                    streaming, on every core; --verdicts for one answer per line,
                    --json for one record per URL with the rule that decided,
                    --purpose train-ai to leave out what the file opts out of a use
  explain <url>     which groups and rules apply to a URL, and why it is allowed or not
  lint <file|url|-> what Google and RFC 9309 crawlers will make of a robots.txt;
                    --fix writes the safe fixes
  diff <old> <new>  what a robots.txt change does for each crawler (or, with
                    --urls, every URL whose verdict changes)
  groups <file|url|->
                    what a robots.txt says: its groups, the agents each names, their
                    rules and Crawl-delay lines, and the sitemaps
  fetch <url>       fetch a robots.txt by RFC 9309's rules and show the outcome
  generate [policy] write the robots.txt a policy means (--preset NAME), proved
                    crawler by crawler first; --format next|nuxt|astro for a framework
  verify <policy> <file|url>
                    does a robots.txt do what a policy says, crawler by crawler
  audit <file|url|dir>...
                    who can reach a site: each known crawler's group, / verdict
                    and access (blocked, partly, open)
  crawlers          the known crawlers: tokens in fallback order, * or not
  identify "<UA>"   which known crawler a User-Agent header names

  --example         run check, explain and lint on the bundled example
  -V, --version     print the version
  -h, --help        show this help ("robotsmatch help <command>" for a command's options)
  --color[=WHEN]    colour the output: auto (on a terminal, the default), always or
                    never; NO_COLOR and FORCE_COLOR are honoured under auto

A robots.txt is a FILE, - (standard input) or a URL, read as given (a bare
https://host means https://host/robots.txt). Agents are product tokens
(-a Googlebot, not a full User-Agent string), or known crawlers (-c
Googlebot-Image: its own group, else Googlebot's); modes are google
(Googlebot's parser, the default) and rfc (RFC 9309's text).
Every command's output, JSON and exit status: docs/cli.md in the package.
`;

const COMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  check: checkCommand,
  filter: filterCommand,
  explain: explainCommand,
  groups: groupsCommand,
  lint: lintCommand,
  diff: diffCommand,
  fetch: fetchCommand,
  audit: auditCommand,
  crawlers: crawlersCommand,
  identify: identifyCommand,
  generate: generateCommand,
  verify: verifyCommand,
};

/**
 * Takes the global --color flag out of the arguments (it may come anywhere
 * before `--`): --color, --color=WHEN, --color WHEN, --no-color.
 */
function takeColor(argv: string[]): string[] {
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    let value: string | undefined;
    if (arg === '--no-color') value = 'never';
    else if (arg.startsWith('--color=')) value = arg.slice('--color='.length);
    else if (arg === '--color') value = /^(auto|always|never)$/.test(argv[i + 1] ?? '') ? argv[++i]! : 'always';
    else {
      rest.push(arg);
      continue;
    }
    if (value !== 'auto' && value !== 'always' && value !== 'never')
      throw new UsageError(`--color must be auto, always or never, got ${JSON.stringify(value)}`);
    setColor(value as ColorWhen);
  }
  return rest;
}

async function main(args: string[]): Promise<number> {
  const [first, ...rest] = takeColor(args);
  if (first === undefined) {
    process.stderr.write(HELP);
    return 2;
  }
  if (first === '-V' || first === '--version' || first === 'version') {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  if (first === '-h' || first === '--help' || first === 'help') {
    // `help check` is `check --help`.
    if (rest[0] !== undefined && rest[0] !== 'help') {
      const command = COMMANDS[rest[0]];
      if (!command)
        throw new UsageError(
          `unknown command ${JSON.stringify(rest[0])}; the commands are ${Object.keys(COMMANDS).join(', ')}`,
        );
      return command(['--help']);
    }
    process.stdout.write(HELP);
    return 0;
  }
  if (first === '--example' || first === 'example') return exampleCommand();
  const command = COMMANDS[first];
  if (!command) {
    if (first.startsWith('-'))
      throw new UsageError(`${first} is not an option here: give a command first (see robotsmatch --help)`);
    const meant = closest(first, Object.keys(COMMANDS));
    throw new UsageError(
      meant
        ? `unknown command ${JSON.stringify(first)}; did you mean ${meant}? (see robotsmatch --help)`
        : `unknown command ${JSON.stringify(first)}; the commands are ${Object.keys(COMMANDS).join(', ')} (see robotsmatch --help)`,
    );
  }
  return command(rest);
}

// A reader that stops early (`robotsmatch filter ... | head`) is normal: the
// output stops quietly and the exit status is still that of what was found.
guardStdout();

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // Usage and input errors are expected: one line. Anything else is a bug: one line too, and the stack with DEBUG.
    failure(failureLine(error));
    if (!(error instanceof UsageError || error instanceof LineTooLongError) && process.env.DEBUG)
      process.stderr.write(`${(error as Error).stack}\n`);
    process.exitCode = 2;
  },
);
