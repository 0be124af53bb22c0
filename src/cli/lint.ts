// robotsmatch lint: the linter over files, directories, URLs or standard
// input, in text, JSON, GitHub annotations or SARIF; --fix writes the safe
// fixes (--unsafe-fixes the rest too), --diff shows them; exit 1 when a
// diagnostic reaches --fail-on.

import {
  ALL_CODES,
  applyFixes,
  formatFixDiff,
  formatGithub,
  formatSarif,
  formatText,
  lint,
  type Diagnostic,
  type DiagnosticCode,
  type LintOptions,
} from '../lint.js';
import { fetchRobots } from '../index.js';
import { colorOut, failure, outDrained, paint, stdoutClosed, warn } from './output.js';
import { WriteRefusedError, writeFileAtomic } from './write-atomic.js';
import { robotsFiles } from './robots-files.js';
import { JsonArrayWriter } from './json-stream.js';
import { createRequire } from 'node:module';
import { UsageError } from './errors.js';
import { outcomeSentence, readRobotsFile, describeFsError, robotsUrlOf } from './robots-source.js';
import { FETCH_FLAGS, FETCH_FLAGS_HELP, isUrl, maxBytesOf, modeOf, parseFlags, plural, timeoutOf } from './options.js';

export const LINT_HELP = `Usage: robotsmatch lint <FILE|DIR|URL|->... [options]

Reports what Google and RFC 9309 crawlers will make of each robots.txt: one
finding per line, FILE:LINE: SEVERITY CODE: MESSAGE, with the fix under it
where there is one. A directory means every .txt file under it (not in
dot-directories or node_modules; an entry that cannot be read is skipped and
said on stderr); - is standard input. A file that cannot be read is said on
stderr and the others are still linted. docs/lint/README.md lists the codes.
Exit status: 2 when a file cannot be read, else 1 when a finding reaches
--fail-on (or, with --diff, when there is a fix to show), else 0.

Options:
  --format FORMAT    text (default), json, github (workflow annotations) or sarif
  -j, --json         the same as --format json
  --fail-on LEVEL    error (default), warning or info: the least severity that fails
  --select CODES     report only these codes (comma-separated; repeatable)
  --ignore CODES     never report these codes (comma-separated; repeatable)
  --fix              write the safe fixes into the files (standard input: print
                     the fixed file); then report what is left. Each file is
                     replaced whole (a new file, renamed over it, with the same
                     permissions), so a failed write leaves it as it was
  --unsafe-fixes     with --fix or --diff: the unsafe fixes too (each says what
                     crawlers will do differently)
  --diff             show the fixes as a unified diff; change nothing
  -m, --mode MODE    google (default) or rfc: whose grouping decides rule-outside-group
  --max-bytes N      the size limit to check against (default 512000)
${FETCH_FLAGS_HELP}  -h, --help         show this help

In a file, \`# robotsmatch: ignore[code]\` silences a code on its line (alone on a
line: on the next line), \`# robotsmatch: ignore-file[code]\` in the whole file.
`;

type Format = 'text' | 'json' | 'github' | 'sarif';
const SEVERITY_RANK = { info: 0, warning: 1, error: 2 } as const;

interface Target {
  /** How to name it in output. */
  label: string;
  kind: 'file' | 'url' | 'stdin';
  path?: string;
}

interface Linted {
  label: string;
  diagnostics: Diagnostic[];
  status?: number;
  contentType?: string;
  fixed?: number;
  diff?: string;
}

const version = (): string => {
  try {
    return (createRequire(import.meta.url)('../../package.json') as { version: string }).version;
  } catch {
    return '0.0.0';
  }
};

function codesOf(flag: string, values: string[] | undefined): DiagnosticCode[] | undefined {
  if (!values) return undefined;
  const codes = values
    .flatMap((v) => v.split(','))
    .map((c) => c.trim())
    .filter((c) => c !== '');
  for (const c of codes) {
    if (!(ALL_CODES as string[]).includes(c))
      throw new UsageError(`${flag}: ${JSON.stringify(c)} is not a lint code (see docs/lint/README.md)`);
  }
  return codes as DiagnosticCode[];
}

function targetOf(spec: string): Target {
  if (spec === '-') return { label: '<stdin>', kind: 'stdin' };
  if (isUrl(spec)) return { label: spec, kind: 'url' };
  return { label: spec, kind: 'file', path: spec };
}

async function readStdin(limit: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    total += (chunk as Buffer).length;
    if (total > limit) break;
  }
  return Buffer.concat(chunks, total);
}

const fatal = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true });

export async function lintCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags('lint', argv, {
    format: { type: 'string' },
    json: { type: 'boolean', short: 'j', default: false },
    'fail-on': { type: 'string', default: 'error' },
    select: { type: 'string', multiple: true },
    ignore: { type: 'string', multiple: true },
    fix: { type: 'boolean', default: false },
    'unsafe-fixes': { type: 'boolean', default: false },
    diff: { type: 'boolean', default: false },
    mode: { type: 'string', short: 'm', default: 'google' },
    'max-bytes': { type: 'string' },
    ...FETCH_FLAGS,
  });
  if (values.help) {
    process.stdout.write(LINT_HELP);
    return 0;
  }
  if (positionals.length === 0)
    throw new UsageError('lint takes one or more FILE, DIR, URL or - (see robotsmatch lint --help)');
  const format = (values.json ? 'json' : (values.format ?? 'text')) as Format;
  if (!['text', 'json', 'github', 'sarif'].includes(format))
    throw new UsageError(`--format must be text, json, github or sarif, got ${JSON.stringify(values.format)}`);
  const failOn = values['fail-on'] as keyof typeof SEVERITY_RANK;
  if (!(failOn in SEVERITY_RANK))
    throw new UsageError(`--fail-on must be error, warning or info, got ${JSON.stringify(failOn)}`);
  if (values.fix && values.diff)
    throw new UsageError('--fix writes the fixes and --diff only shows them: give one of them');
  const unsafe = values['unsafe-fixes'];
  if (unsafe && !values.fix && !values.diff) throw new UsageError('--unsafe-fixes goes with --fix or --diff');
  const mode = modeOf(values.mode);
  const maxBytes = maxBytesOf(values['max-bytes'], (line) => process.stderr.write(line));
  const timeoutMs = timeoutOf(values.timeout);
  const options: LintOptions = {
    mode,
    ...(maxBytes === undefined ? {} : { maxBytes }),
    ...(values.select ? { select: codesOf('--select', values.select)! } : {}),
    ...(values.ignore ? { ignore: codesOf('--ignore', values.ignore)! } : {}),
  };
  const limit = (maxBytes ?? 512_000) + 1; // a byte past the limit, so the linter reports the cut itself
  // With --fix, the fixed standard input is the output: the report goes to stderr.
  const toStdout = !(values.fix && positionals.includes('-'));
  const write = (text: string) => (toStdout ? outDrained(text) : void process.stderr.write(text));
  const json = format === 'json' && !values.diff ? new JsonArrayWriter({}, 'files') : undefined;
  const sarif: { file: string; diagnostics: Diagnostic[] }[] = [];
  let fixable = false;
  let unreadable = false;
  let worst = -1;
  const report = {
    skipped: (line: string) => warn(line),
    failed: (line: string) => {
      unreadable = true;
      failure(line);
    },
  };

  // A file at a time: its report is written before the next is read, so a directory of any size costs one file's memory.
  for await (const spec of robotsFiles(positionals, report)) {
    if (toStdout && stdoutClosed()) break;
    let result: Linted;
    try {
      result = await lintTarget(targetOf(spec));
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      report.failed(`robotsmatch: ${error.message}\n`);
      continue;
    }
    worst = Math.max(worst, ...result.diagnostics.map((d) => SEVERITY_RANK[d.severity]));
    if (values.diff) {
      if (result.diff) await outDrained(result.diff);
    } else if (json) {
      await write(
        json.item({
          file: result.label,
          ...(result.status === undefined ? {} : { status: result.status }),
          ...(result.contentType === undefined ? {} : { contentType: result.contentType }),
          ...(result.fixed === undefined ? {} : { fixed: result.fixed }),
          diagnostics: result.diagnostics,
        }),
      );
    } else if (format === 'sarif') sarif.push({ file: result.label, diagnostics: result.diagnostics });
    else if (format === 'github') await write(formatGithub(result.label, result.diagnostics));
    else await write(colourSeverities(formatText(result.label, result.diagnostics)));
    if (format === 'text' || values.diff)
      process.stderr.write(summaryLine(result, Boolean(values.fix || values.diff), unsafe));
  }
  if (json) await write(json.end());
  if (format === 'sarif' && !values.diff) await write(formatSarif(sarif, version()));
  if (unreadable) return 2;
  if (values.diff) return fixable ? 1 : 0;
  return worst >= SEVERITY_RANK[failOn] ? 1 : 0;

  async function lintTarget(t: Target): Promise<Linted> {
    let body: Uint8Array;
    let lintOptions = options;
    const result: Linted = { label: t.label, diagnostics: [] };
    if (t.kind === 'url') {
      const fetched = await fetchRobots(robotsUrlOf(t.label), {
        exactUrl: true,
        mode,
        maxBytes: limit,
        timeoutMs,
        ...(values['user-agent'] ? { userAgent: values['user-agent'] } : {}),
      }).catch((error: Error) => {
        throw new UsageError(`cannot fetch a robots.txt for ${t.label}: ${error.message}`);
      });
      fetched.robots.dispose();
      if (fetched.status === undefined && fetched.outcome === 'unreachable')
        throw new UsageError(`cannot fetch ${fetched.url}: ${outcomeSentence(fetched, timeoutMs)}`);
      result.label = fetched.url;
      if (fetched.status !== undefined) result.status = fetched.status;
      if (fetched.contentType !== undefined) result.contentType = fetched.contentType;
      body = fetched.body;
      lintOptions = {
        ...options,
        source: {
          url: fetched.url,
          ...(fetched.status === undefined
            ? {}
            : { status: fetched.outcome === 'unavailable' && fetched.status < 400 ? 404 : fetched.status }),
          contentType: fetched.contentType ?? null,
        },
      };
    } else if (t.kind === 'stdin') {
      body = await readStdin(limit);
    } else {
      body = await readRobotsFile(t.path!, limit);
    }
    result.diagnostics = lint(body, lintOptions);

    const wantsFix = values.fix || values.diff;
    const hasFix = result.diagnostics.some((d) => d.fix && (unsafe || d.fix.safety === 'safe'));
    if (wantsFix && hasFix && t.kind !== 'url') {
      let text: string | undefined;
      try {
        text = fatal.decode(body);
      } catch {
        text = undefined; // not UTF-8: no fix is offered (lint gives none)
      }
      if (text !== undefined && body.length < limit) {
        if (values.diff) {
          result.diff = formatFixDiff(t.label, text, result.diagnostics, { unsafe });
          fixable ||= result.diff !== '';
        } else {
          let fixedText = text;
          let count = 0;
          // A fix can reveal another (a split line's parts), and unsafe fixes held back because together
          // they would do what none says are offered again: passes until nothing changes, so that one run
          // reaches what more runs would (a text seen before ends it too; every pass applies a fix, so 64 is plenty).
          const seen = new Set([fixedText]);
          for (let pass = 0; pass < 64; pass++) {
            const diagnostics = pass === 0 ? result.diagnostics : lint(fixedText, lintOptions);
            const next = applyFixes(fixedText, diagnostics, { unsafe });
            if (seen.has(next)) break;
            seen.add(next);
            count += new Set(diagnostics.filter((d) => d.fix && (unsafe || d.fix.safety === 'safe')).map((d) => d.line))
              .size;
            fixedText = next;
          }
          if (count > 0) {
            if (t.kind === 'stdin') await outDrained(fixedText);
            else {
              try {
                await writeFileAtomic(t.path!, fixedText);
              } catch (error) {
                const why = error instanceof WriteRefusedError ? error.message : describeFsError(error);
                throw new UsageError(`cannot write the fixes to ${t.path}: ${why}; the file is unchanged`);
              }
            }
            result.fixed = count;
            result.diagnostics = lint(fixedText, lintOptions);
          }
        }
      }
    }
    return result;
  }
}

/** A file's line on stderr: its counts, what was fixed, and what --fix could fix. */
function summaryLine(r: Linted, fixing: boolean, unsafe: boolean): string {
  const count = (s: Diagnostic['severity']) => r.diagnostics.filter((d) => d.severity === s).length;
  const http = r.status === undefined ? '' : ` (HTTP ${r.status}${r.contentType ? `, ${r.contentType}` : ''})`;
  const fixed = r.fixed ? `; fixed ${plural(r.fixed, 'line')}` : '';
  const left = fixing ? '' : fixHint(r.diagnostics, unsafe);
  return `${r.label}${http}: ${plural(count('error'), 'error')}, ${plural(count('warning'), 'warning')}, ${plural(count('info'), 'note')}${fixed}${left}\n`;
}

/** "; 2 fixable with --fix (1 more with --unsafe-fixes)". */
function fixHint(diagnostics: Diagnostic[], unsafe: boolean): string {
  const safe = new Set(diagnostics.filter((d) => d.fix?.safety === 'safe').map((d) => d.line)).size;
  const risky = new Set(diagnostics.filter((d) => d.fix?.safety === 'unsafe').map((d) => d.line)).size;
  if (!safe && !risky) return '';
  const parts: string[] = [];
  if (safe) parts.push(`${safe} fixable with --fix`);
  if (risky && !unsafe) parts.push(`${risky} with --fix --unsafe-fixes`);
  return `; ${parts.join(', ')}`;
}

/** The severity word of each finding line in colour, on a terminal (or as --color says). */
function colourSeverities(text: string): string {
  if (!colorOut()) return text;
  const colours = { error: paint.error, warning: paint.warning, info: paint.note } as const;
  return text.replace(
    /^(.*?:\d+: )(error|warning|info)( )/gm,
    (_, place: string, word: keyof typeof colours, space: string) => place + colours[word](true, word) + space,
  );
}
