// robotsmatch verify POLICY FILE|URL: does the file do what the policy
// says, crawler by crawler? Exit 0 when it does, 1 when it does not, 2 on
// an error; --format github annotates the file's lines in a pull request.

import { formatLimits, formatMatrix, verify, type Difference, type VerifyResult } from '../generate.js';
import { githubAnnotation } from '../lint.js';
import { UsageError } from './errors.js';
import { load } from './diff.js';
import { readRobotsFile } from './robots-source.js';
import { compose, readPaths, readPolicy } from './policy-input.js';
import { FETCH_FLAGS, FETCH_FLAGS_HELP, maxBytesOf, parseFlags, plural, timeoutOf } from './options.js';

export const VERIFY_HELP = `Usage: robotsmatch verify <POLICY> <FILE|URL|-> [options]

Whether a robots.txt does what a policy (a JSON file, see docs/generate.md)
says: every known crawler's verdict on / and the policy's paths, and on
witness paths of every rule in the file (paths each rule matches and near
misses it must not), read as Google and as RFC 9309, with the line that decides and the Content-Signal
it reads; the linter's warnings; names that are not product tokens; Host
and Crawl-delay lines the policy did not ask for. Exit status 0 when it
does, 1 when it does not, 2 on an error.

Options:
  --prepend FILE     put FILE (a managed block, e.g. a CDN's) before the site's
                     file, and verify what crawlers will read
  --append FILE      the same, after it
  --urls FILE        more URLs or paths to prove, one a line
  --format FORMAT    text (default), github (annotations) or json
  --matrix           print the whole proof matrix (text format)
  --max-bytes N      read at most N bytes of the robots.txt (default 512000)
${FETCH_FLAGS_HELP}  -h, --help         show this help
`;

export async function verifyCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags('verify', argv, {
    prepend: { type: 'string' },
    append: { type: 'string' },
    urls: { type: 'string' },
    format: { type: 'string', default: 'text' },
    matrix: { type: 'boolean', default: false },
    'max-bytes': { type: 'string' },
    ...FETCH_FLAGS,
  });
  if (values.help) {
    process.stdout.write(VERIFY_HELP);
    return 0;
  }
  if (positionals.length !== 2)
    throw new UsageError(
      `verify takes POLICY and a robots.txt (FILE, URL or -), got ${positionals.length} (see robotsmatch verify --help)`,
    );
  const format = values.format!;
  if (!['text', 'github', 'json'].includes(format))
    throw new UsageError(`--format must be text, github or json, got ${JSON.stringify(format)}`);
  const maxBytes = maxBytesOf(values['max-bytes'], (line) => process.stderr.write(line)) ?? 512_000;
  const policy = await readPolicy(positionals[0]!);
  const paths = values.urls === undefined ? undefined : await readPaths(values.urls);
  const site = await load(
    positionals[1]!,
    maxBytes,
    { userAgent: values['user-agent'], timeoutMs: timeoutOf(values.timeout) },
    { used: false },
  );
  const before = values.prepend === undefined ? undefined : await readRobotsFile(values.prepend, maxBytes);
  const after = values.append === undefined ? undefined : await readRobotsFile(values.append, maxBytes);
  const body = compose(before, site.body, after);
  const composed = before || after;
  const label = composed
    ? `${site.label} with ${[values.prepend && `${values.prepend} before`, values.append && `${values.append} after`].filter(Boolean).join(' and ')}`
    : site.label;

  const result = verify(policy, body, paths ? { paths } : undefined);
  const write = (s: string) => process.stdout.write(s);
  if (format === 'json') write(`${JSON.stringify({ policy: positionals[0], file: label, ...result }, null, 2)}\n`);
  else if (format === 'github') write(githubText(result, site.label, Boolean(composed)));
  else write(text(result, label, positionals[0]!, values.matrix!, Boolean(composed)));
  return result.ok ? 0 : 1;
}

function summary(r: VerifyResult): string {
  return provedOn(r.matrix.rows.length, r.matrix.paths.length, r.witnesses);
}

/** `182 crawlers on 3 paths and 12 witness paths of the rules, read as Google and as RFC 9309`, saying when witnesses were cut. */
export function provedOn(crawlers: number, paths: number, witnesses: { paths: number; cut: boolean }): string {
  const w = witnesses.paths
    ? ` and ${plural(witnesses.paths, 'witness path')} of the rules${witnesses.cut ? ' (the first ones: the file has more rules than one proof reads)' : ''}`
    : '';
  return `${plural(crawlers, 'crawler')} on ${plural(paths, 'path')}${w}, read as Google and as RFC 9309`;
}

function text(r: VerifyResult, label: string, policy: string, matrix: boolean, composed: boolean): string {
  let out = r.ok
    ? `${label} does what ${policy} says: ${summary(r)}.\n`
    : `${label} does not do what ${policy} says (${plural(r.differences.length, 'difference')}; ${summary(r)}):\n`;
  const where = composed ? 'line of the composed file' : 'line';
  for (const { line, message } of grouped(r.differences)) out += `  ${line ? `${where} ${line}: ` : ''}${message}\n`;
  if (r.notes.length) {
    out += `\n${plural(r.notes.length, 'crawler')} robots.txt alone cannot hold to the policy:\n`;
    for (const line of formatLimits(r.notes)) out += `  ${line}\n`;
  }
  if (matrix) out += `\n${formatMatrix(r.matrix)}`;
  return out;
}

function githubText(r: VerifyResult, file: string, composed: boolean): string {
  let out = '';
  // Line numbers of a composed file are not the site file's: annotate the file as a whole.
  for (const d of r.differences)
    out += githubAnnotation(
      'error',
      file,
      composed ? undefined : d.line,
      'robots.txt differs from the policy',
      d.message,
    );
  for (const n of r.notes)
    out += githubAnnotation('notice', file, undefined, `robots.txt cannot hold ${n.crawler} to the policy`, n.message);
  if (r.ok)
    out += githubAnnotation(
      'notice',
      file,
      undefined,
      'robots.txt matches the policy',
      `It does what the policy says: ${summary(r)}.`,
    );
  return out;
}

/**
 * Differences that say the same of several crawlers, as one line naming them
 * (the first five, and how many more); then lines that say the same of the
 * same crawlers for several paths (a rule's witness paths), as one line
 * naming the paths.
 */
export function grouped(differences: readonly Difference[]): { line?: number; message: string }[] {
  const out: { line?: number; message: string; crawlers: string[]; rest: string; path?: string }[] = [];
  for (const d of differences) {
    if (d.crawler === undefined || !d.message.startsWith(`${d.crawler}, `)) {
      out.push({ ...(d.line ? { line: d.line } : {}), message: d.message, crawlers: [], rest: '' });
      continue;
    }
    const rest = d.message.slice(d.crawler.length).replaceAll(` ${d.crawler} `, ' it ');
    const same = out.find((o) => o.crawlers.length && o.rest === rest && o.line === d.line);
    if (same) same.crawlers.push(d.crawler);
    else
      out.push({
        ...(d.line ? { line: d.line } : {}),
        message: '',
        crawlers: [d.crawler],
        rest,
        ...(d.path ? { path: d.path } : {}),
      });
  }
  // `, /blog: ... fetch /blog (...` and `, /blogx: ... fetch /blogx (...`: one template, the paths listed.
  const merged: { line?: number; message: string; crawlers: string[]; template: string; paths: string[] }[] = [];
  for (const o of out) {
    const template =
      o.path && o.crawlers.length
        ? o.rest
            .replace(`, ${o.path}: `, ', \u0000: ')
            .replace(`fetch ${o.path} (`, 'fetch \u0000 (')
            .replace(` for ${o.path}, `, ' for \u0000, ')
        : undefined;
    const same =
      template === undefined
        ? undefined
        : merged.find(
            (m) => m.template === template && m.line === o.line && m.crawlers.join('\n') === o.crawlers.join('\n'),
          );
    if (same) same.paths.push(o.path!);
    else
      merged.push({
        ...(o.line ? { line: o.line } : {}),
        message: o.message,
        crawlers: o.crawlers,
        template: template ?? o.rest,
        paths: o.path && template !== undefined ? [o.path] : [],
      });
  }
  return merged.map(({ line, message, crawlers, template, paths }) => {
    if (!crawlers.length) return { ...(line ? { line } : {}), message };
    const names =
      crawlers.length <= 5 ? crawlers.join(', ') : `${crawlers.slice(0, 5).join(', ')} and ${crawlers.length - 5} more`;
    const rest = paths.length ? template.split('\u0000').join(listed(paths)) : template;
    return { ...(line ? { line } : {}), message: `${names}${rest}` };
  });
}

/** `/a`, `/a and /b`, `/a, /b and /c`. */
function listed(items: readonly string[]): string {
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
