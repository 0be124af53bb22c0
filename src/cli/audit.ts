// robotsmatch audit: who can reach a site. For each robots.txt (files, URLs
// or a directory of files) and each chosen crawler: the group it follows,
// the verdict for `/`, and whether it is blocked, partly blocked or open.

import { stat } from 'node:fs/promises';
import {
  audit,
  bodyKind,
  selectCrawlers,
  type AuditRow,
  type BodyKind,
  type CrawlerEntry,
  type CrawlerSelection,
  type UsageConflict,
} from '../crawlers.js';
import { UsageError } from './errors.js';
import { loadRobots } from './robots-source.js';
import { FETCH_FLAGS, FETCH_FLAGS_HELP, maxBytesOf, modeOf, parseFlags, timeoutOf } from './options.js';
import { failure, out, outDrained, stdoutClosed, warn } from './output.js';
import { robotsFiles } from './robots-files.js';
import { surprises } from './audit-surprises.js';
import { table } from './table.js';
import { preferencesText, signalText } from './usage-text.js';

export const AUDIT_HELP = `Usage: robotsmatch audit <FILE|URL|DIR|->... [options]

For each robots.txt and each crawler: the group it follows, whether it may
fetch /, and its access: blocked (/ is disallowed), partly (/ is allowed, a
path it may not fetch is shown) or open (none of its rules disallows
anything). When the file has usage signals, two more columns: "signals",
the Content-Signal values of the crawler's groups (search=yes, ai-train=no),
and "usage /", the Content-Usage preferences for / (train-ai=n; - where none
applies or / may not be fetched); the file's License lines follow the table.
A body that is not a robots.txt (an HTML page, binary data or a short error
page, often served with status 200) is marked above its table and in the
"body" column: crawlers find no rules in it. Where a crawler's Content-Signal
and its Content-Usage for / disagree (ai-train=no but train-ai=y), a sentence
under the table says so, and the "usageConflicts" column lists them.
Above the table, "What may surprise you" says what the table hides, when
the file holds it: search or AI crawlers blocked while others may fetch /,
crawlers that escape the * rules (their own group, or ignoring *), crawlers
that follow another token's group, a Crawl-delay Google ignores.
A directory means every .txt file under it, as lint reads it (not in
dot-directories or node_modules; an entry that cannot be read, such as a
loop of symbolic links, is skipped and said on stderr), so a study of many
sites is one command. A URL is read as given; a bare https://host means
https://host/robots.txt. A robots.txt that cannot be read is said on stderr
and the others are still audited. The audit stops when its reader does
(| head). Exit status: 0, or 2 when one could not be read or on error.

Options:
  --crawlers SET     all (default), ai, search, ads, ... or names: GPTBot,ClaudeBot
  -j, --json         one JSON object per robots.txt and crawler (see docs/cli.md):
                     {"robots","crawler","operator","purpose","purposes","group","allowed","line","access","example","more","readsRobotsTxt",
                      "contentSignal","contentUsage","licenses","body","usageConflicts"}
  --csv              the same columns as CSV, with a header row (contentSignal and
                     contentUsage as key=value lists, licenses separated by spaces)
  -m, --mode MODE    google (default) or rfc
${FETCH_FLAGS_HELP}  -h, --help         show this help
`;

export async function auditCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags('audit', argv, {
    crawlers: { type: 'string', default: 'all' },
    json: { type: 'boolean', short: 'j', default: false },
    csv: { type: 'boolean', default: false },
    mode: { type: 'string', short: 'm', default: 'google' },
    'max-bytes': { type: 'string' },
    ...FETCH_FLAGS,
  });
  if (values.help) {
    out(AUDIT_HELP);
    return 0;
  }
  if (!positionals.length)
    throw new UsageError('audit needs a robots.txt: a file, a URL or a directory (see robotsmatch audit --help)');
  if (values.json && values.csv) throw new UsageError('give --json or --csv, not both');
  let chosen: CrawlerEntry[];
  try {
    chosen = selectCrawlers(selectionOf(values.crawlers!));
  } catch (error) {
    throw new UsageError(`--crawlers: ${(error as Error).message}`);
  }
  const mode = modeOf(values.mode);
  const options = {
    mode,
    maxBytes: maxBytesOf(values['max-bytes'], warn),
    userAgent: values['user-agent'],
    timeoutMs: timeoutOf(values.timeout),
    warn,
  };
  let unreadable = false;
  const report = {
    skipped: (line: string) => warn(line),
    failed: (line: string) => {
      unreadable = true;
      failure(line);
    },
  };
  if (values.csv)
    out(
      'robots,crawler,operator,purpose,group,allowed,line,access,example,readsRobotsTxt,contentSignal,contentUsage,licenses,body,usageConflicts\n',
    );
  // A robots.txt at a time, its rows written (at the pace the reader takes them) before the next is read.
  const several =
    positionals.length > 1 || (await stat(positionals[0]!).catch(() => undefined))?.isDirectory() === true;
  for await (const source of robotsFiles(positionals, report)) {
    if (stdoutClosed()) break;
    let loaded: Awaited<ReturnType<typeof loadRobots>>;
    try {
      loaded = await loadRobots(source, options);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      report.failed(`robotsmatch: ${error.message}\n`);
      continue;
    }
    const { robots, label, source: name, body: bytes } = loaded;
    // This file's rows are gathered, then written at the pace the reader takes them.
    let text = '';
    const out = (line: string) => {
      text += line;
    };
    const rows = audit(robots, chosen);
    const summary = values.json || values.csv ? [] : surprises(robots, rows);
    robots.dispose();
    const body = bodyKind(bytes) ?? null;
    if (values.json) for (const r of rows) out(`${JSON.stringify(record(name, r, body))}\n`);
    else if (values.csv)
      for (const r of rows)
        out(
          `${Object.values(csvRecord(name, r, body))
            .map(csvCell)
            .join(',')}\n`,
        );
    else {
      if (several) out(`\n${label}\n`);
      if (body) out(`${BODY_MARKER[body]}\n`);
      // What a reader would not see in a long table, first; nothing when the file holds no surprise.
      if (summary.length) out(`What may surprise you:\n${summary.map((s) => `- ${s}\n`).join('')}\n`);
      // The signal columns only where some crawler is given a signal: a file without them reads as before.
      const signals = rows.some((r) => r.contentSignal || r.contentUsage);
      out(
        table(
          ['crawler', 'operator', 'purpose', 'group', '/', ...(signals ? ['signals', 'usage /'] : []), 'access'],
          rows.map((r) => [
            r.crawler.name,
            r.crawler.operator,
            r.crawler.purposes.join(', '),
            r.group ?? '(none)',
            r.root.allowed
              ? r.root.line
                ? `allowed (line ${r.root.line})`
                : 'allowed'
              : `disallowed (line ${r.root.line})`,
            ...(signals
              ? [
                  r.contentSignal ? signalText(r.contentSignal) : '-',
                  r.contentUsage ? preferencesText(r.contentUsage) : '-',
                ]
              : []),
            (r.access === 'partly' ? `partly: ${r.example}${r.more ? ` +${r.more} more` : ''}` : r.access) +
              READS_NOTE[r.readsRobotsTxt],
          ]),
        ),
      );
      // Licenses are the file's, not a group's: said once, under its table.
      for (const license of rows[0]?.licenses ?? []) out(`License: ${license}\n`);
      for (const sentence of conflictSentences(rows)) out(`${sentence}\n`);
    }
    await outDrained(text);
  }
  return unreadable ? 2 : 0;
}

/** What the access column adds for a crawler that may not read the file: "not documented" where its operator says nothing. */
const READS_NOTE: Record<AuditRow['readsRobotsTxt'], string> = {
  yes: '',
  no: ' (ignores robots.txt)',
  'user-triggered': ' (fetches for a person: robots.txt may not apply)',
  unknown: ' (robots.txt behaviour not documented)',
};

function selectionOf(value: string): CrawlerSelection {
  return value.includes(',') ||
    !/^(all|ai|search|ads|ai-training|ai-search|ai-assistant|archive|seo|social|other)$/.test(value)
    ? value
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
    : (value as CrawlerSelection);
}

/** The marker above the table of a body that is not a robots.txt. */
const BODY_MARKER: Record<BodyKind, string> = {
  html: 'NOT A ROBOTS.TXT: this body is an HTML page (often an error or login page served with status 200); crawlers find no rules in it.',
  binary:
    'NOT A ROBOTS.TXT: this body is binary data (an image, an archive, compressed or UTF-16 text); crawlers find no rules in it.',
  error: 'NOT A ROBOTS.TXT: this body is an error message, not rules; crawlers find no rules in it.',
};

/** `ai-train=no / train-ai=y` */
function conflictText(c: UsageConflict): string {
  return `Content-Signal ${c.signalKey}=${c.signal} / Content-Usage ${c.purpose}=${c.preference}`;
}

/**
 * One sentence per disagreement, naming the crawlers it concerns: what each
 * mechanism says, and what applies where both are read.
 */
function conflictSentences(rows: readonly AuditRow[]): string[] {
  const byText = new Map<string, { conflict: UsageConflict; crawlers: string[] }>();
  for (const r of rows) {
    for (const c of r.usageConflicts) {
      const key = conflictText(c);
      const seen = byText.get(key) ?? { conflict: c, crawlers: [] };
      seen.crawlers.push(r.crawler.name);
      byText.set(key, seen);
    }
  }
  return [...byText.values()].map(({ conflict: c, crawlers }) => {
    const who =
      crawlers.length > 3 ? `${crawlers.slice(0, 3).join(', ')} and ${crawlers.length - 3} more` : crawlers.join(', ');
    return (
      `Disagreement on ${c.purpose} for ${who}: Content-Signal says ${c.signalKey}=${c.signal}, Content-Usage says ${c.purpose}=${c.preference} for /. ` +
      `Where both are read, the stricter (no) applies, as robotsmatch's purpose filters do; a crawler that reads only one of them follows that one.`
    );
  });
}

function record(robots: string, r: AuditRow, body: BodyKind | null) {
  return {
    robots,
    crawler: r.crawler.name,
    operator: r.crawler.operator,
    purpose: r.crawler.purpose,
    purposes: r.crawler.purposes,
    group: r.group,
    allowed: r.root.allowed,
    line: r.root.line,
    access: r.access,
    example: r.example ?? null,
    more: r.more ?? 0,
    readsRobotsTxt: r.readsRobotsTxt,
    contentSignal: r.contentSignal,
    contentUsage: r.contentUsage,
    licenses: r.licenses,
    body,
    usageConflicts: r.usageConflicts,
  };
}

/** record() with its usage fields as text a cell holds: `search=yes, ai-train=no`, `train-ai=n`, licenses separated by spaces. */
function csvRecord(robots: string, r: AuditRow, body: BodyKind | null) {
  // CSV keeps its columns: `purpose` is the main one, and `more` is JSON's and the table's.
  const { purposes: _, more: _more, ...rest } = record(robots, r, body);
  return {
    ...rest,
    contentSignal: r.contentSignal ? signalText(r.contentSignal) : null,
    contentUsage: r.contentUsage ? preferencesText(r.contentUsage) : null,
    licenses: r.licenses.join(' '),
    usageConflicts: r.usageConflicts.map(conflictText).join('; '),
  };
}

function csvCell(value: unknown): string {
  const text = value === null ? '' : String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
