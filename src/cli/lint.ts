// robotsmatch lint: the linter's diagnostics as `file:line: severity code:
// message`, a line each, for editors and CI; exit 1 when there is an error.

import { lint, type Diagnostic } from '../lint.js';
import { parseArgs } from 'node:util';
import { UsageError } from './errors.js';
import { colorOut, paint } from './output.js';
import { loadRobots } from './robots-source.js';
import { MATCH_FLAGS, maxBytesOf, modeOf, parseCommand, timeoutOf } from './options.js';

export const LINT_HELP = `Usage: robotsmatch lint <FILE|URL|-> [options]

Reports what Google and RFC 9309 crawlers will make of each line that needs
attention, one per line: FILE:LINE: SEVERITY CODE: MESSAGE (and the fixed line
under it, where there is an obvious fix). Exit status: 1 when there is an
error, 0 otherwise, 2 when the file cannot be read.

Options:
  --mode MODE        google (default) or rfc: whose grouping decides rule-outside-group
  --json             the diagnostics as one JSON object
  --max-bytes N      the size limit to check against (default 512000)
  --user-agent UA    the User-Agent header when fetching
  --timeout MS       give up fetching after MS milliseconds (default 30000)
  -h, --help         show this help
`;

/** Lint reads no URL, so it has no --agent. */
const { agent: _agent, ...LINT_FLAGS } = MATCH_FLAGS;

export function formatDiagnostic(file: string, d: Diagnostic, color = false): string {
  const severity = d.severity === 'error' ? paint.error(color, d.severity) : d.severity === 'warning' ? paint.warning(color, d.severity) : paint.note(color, d.severity);
  return `${file}:${d.line}: ${severity} ${d.code}: ${d.message}\n${d.fix !== undefined && d.fix !== '' ? `    fix: ${d.fix}\n` : ''}`;
}

export async function lintCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommand('lint', () => parseArgs({ args: argv, allowPositionals: true, strict: true, options: { ...LINT_FLAGS, 'max-bytes': { type: 'string' } } }));
  if (values.help) {
    process.stdout.write(LINT_HELP);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(`lint takes one FILE or URL, got ${positionals.length} (see robotsmatch lint --help)`);
  const warn = (line: string) => process.stderr.write(line);
  const mode = modeOf(values.mode);
  const maxBytes = maxBytesOf(values['max-bytes']);
  // A byte past the limit is enough for the linter to report the cut itself.
  const limit = (maxBytes ?? 512_000) + 1;
  const { robots, label, body, fetched } = await loadRobots(positionals[0]!, { mode, maxBytes: limit, userAgent: values['user-agent'], timeoutMs: timeoutOf(values.timeout), warn: () => {} });
  robots.dispose();
  if (fetched && fetched.outcome !== 'ok') {
    throw new UsageError(`${label}: no robots.txt to lint (${fetched.outcome}${fetched.status === undefined ? '' : `, HTTP ${fetched.status}`})`);
  }
  const diagnostics = lint(body, { mode, ...(maxBytes === undefined ? {} : { maxBytes }) });
  if (values.json) process.stdout.write(JSON.stringify({ file: label, diagnostics }, null, 2) + '\n');
  else for (const d of diagnostics) process.stdout.write(formatDiagnostic(label, d, colorOut()));
  const count = (s: Diagnostic['severity']) => diagnostics.filter((d) => d.severity === s).length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (!values.json) warn(`${label}: ${plural(count('error'), 'error')}, ${plural(count('warning'), 'warning')}, ${plural(count('info'), 'note')}\n`);
  return count('error') > 0 ? 1 : 0;
}
