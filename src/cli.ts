// robotsmatch command line: check URLs against a robots.txt.
//
//   robotsmatch [--example] [ROBOTS_TXT [URLS_FILE]] [--agent NAME] [--mode google|rfc] [--json]
//
// URLs come from URLS_FILE (or standard input), one per line, optionally
// followed by whitespace and the agent to check it for.

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { parse } from './index.js';
import type { Mode } from './options.js';

const HELP = `Usage: robotsmatch [options] [ROBOTS_TXT [URLS_FILE]]

Checks each URL (one per line, optionally followed by an agent name) against a
robots.txt and prints the verdict and the line that decided it.

Options:
  --example        use the bundled example robots.txt and URL list
  --agent NAME     crawler product token (default: Googlebot)
  --mode MODE      google (default) or rfc
  --json           one JSON object per URL
  -h, --help       show this help
`;

function exampleFile(name: string): string {
  // dist/cli.js -> examples/demo/NAME
  return fileURLToPath(new URL(`../examples/demo/${name}`, import.meta.url));
}

export function main(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      example: { type: 'boolean' },
      agent: { type: 'string', default: 'Googlebot' },
      mode: { type: 'string', default: 'google' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const robotsPath = values.example ? exampleFile('robots.txt') : positionals[0];
  const urlsPath = values.example ? exampleFile('urls.txt') : positionals[1];
  if (!robotsPath) {
    process.stderr.write(HELP);
    return 2;
  }
  if (values.mode !== 'google' && values.mode !== 'rfc') {
    process.stderr.write(`robotsmatch: --mode must be google or rfc, got ${values.mode}\n`);
    return 2;
  }
  const robots = parse(readFileSync(robotsPath), { mode: values.mode as Mode });
  const lines = readFileSync(urlsPath ?? 0, 'utf8').split(/\r?\n/);
  if (!values.json) process.stdout.write(`robots.txt: ${robotsPath}\n`);
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const [url, agent = values.agent!] = trimmed.split(/\s+/);
    const verdict = robots.check(url!, agent);
    if (values.json) {
      process.stdout.write(JSON.stringify({ url, agent, ...verdict }) + '\n');
    } else {
      const why = verdict.rule ? `line ${verdict.line}: ${verdict.rule.type}: ${verdict.rule.pattern}` : 'no rule applies';
      process.stdout.write(`${verdict.allowed ? 'allowed   ' : 'disallowed'}  ${agent.padEnd(14)} ${url}  (${why})\n`);
    }
  }
  robots.dispose();
  return 0;
}

// A reader that stops early (`robotsmatch ... | head`) is normal, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

process.exitCode = main(process.argv.slice(2));
