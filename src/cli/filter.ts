// robotsmatch filter: newline-separated URLs in, the allowed ones (or every
// line with its verdict) out, streaming in constant memory and in input
// order, on a pool of worker threads once the input proves large.

import Tinypool from 'tinypool';
import type { Agent, FilteredLines, Mode, Robots } from '../index.js';
import { purpose as purposeFor } from '../usage.js';
import type { FilterWorkerData, Keep } from './filter-worker.js';
import { describeLines, type Describe } from './describe-lines.js';
import { UsageError } from './errors.js';
import { openInput, type Input } from './input.js';
import { lineChunks } from './line-chunks.js';
import { outDrained, stdoutClosed, warn } from './output.js';
import { progressLine } from './progress.js';
import { loadRobots, takeStdin } from './robots-source.js';
import { filterArchive, type AgentArgument } from './filter-archive.js';
import type { RowForm } from '../archive.js';
import {
  FETCH_FLAGS_HELP,
  MATCH_FLAGS,
  ROBOTS_FLAGS,
  agentOf,
  maxBytesOf,
  modeOf,
  parseFlags,
  purposeOf,
  timeoutOf,
  workersOf,
} from './options.js';

export const FILTER_HELP = `Usage: robotsmatch filter --robots FILE|URL|- [options] [FILE|-]
       robotsmatch filter --robots-archive PATH [--robots-archive PATH ...] [options] [FILE|-]

Reads newline-separated URLs (a file, gzip recognised by its magic bytes, or
standard input) and writes the ones the robots.txt allows, in input order.
With --purpose, it leaves out the allowed URLs the file opts out of that use.
URLs are matched as on the wire, byte for byte, as a log records them.
A summary goes to standard error at the end. Exit status: 0, or 2 on error.

Options:
  -r, --robots FILE|URL|-
                     the robots.txt: a file, standard input, or a URL read as given
                     (a bare https://host means https://host/robots.txt)
  -a, --agent NAME   a product token (default: Googlebot); repeat it for a union of
                     tokens (every group naming any of them, as Google's C++ API)
  -c, --crawler NAME a known crawler (robotsmatch crawlers): its own group, else its
                     fallback tokens' group, else * if it obeys *
  -m, --mode MODE    google (default) or rfc
  -j, --json         one JSON object per URL, allowed or not, with the rule that
                     decided: {"url","allowed","line","rule"} (see docs/cli.md);
                     with --purpose, also "optedOut": true or false
  --purpose P        also leave out the URLs the file opts out of the use P: train-ai
                     (or ai-train), search, ai-input, or another AIPREF label in lower
                     case. A URL is opted out when it may be crawled and either the
                     Content-Signal of the crawler's groups or the Content-Usage rule
                     for its path says no to P; --invert writes it, and --verdicts
                     and --verdicts-only label it "opted-out"
  --invert           write the disallowed URLs instead (with --purpose, the opted-out
                     ones too)
  --verdicts         write every line as "allowed<TAB>line" or "disallowed<TAB>line"
                     (with --purpose, "opted-out<TAB>line" too): line N of the output
                     answers line N of the input
  --verdicts-only    write every line's verdict alone ("allowed" or "disallowed";
                     with --purpose, "opted-out" too), for engines that expect one
                     value back per input row
  --workers N        worker threads for large inputs (default: the cores, up to 8);
                     1 matches in the main thread only
  --max-bytes N      read only the first N bytes of the robots.txt (default 512000)
${FETCH_FLAGS_HELP}
Many hosts (docs/cli.md#archive-mode): each URL against its own origin's robots.txt
  --robots-archive PATH
                     captures of robots.txt files: a WARC file (.warc, .warc.gz), JSON
                     Lines ({"url","status","body" or "body_base64","location"}, gzip
                     too) or a directory of files named by host (status 200); repeat it
                     for several. 404 allows everything, 5xx, 429 and no response
                     disallow everything, redirects are followed within the archive (5)
                     The input may be JSON Lines with a "url" field (others kept).
                     --agent and --crawler may be repeated: each is answered separately,
                     in the order given, and a URL is kept when every one may fetch it.
                     --json writes a record per URL and agent, with "outcome"
  --unknown keep|drop
                     URLs of origins the archive has no answer for (outcome unknown):
                     dropped (default) or kept; --verdicts labels them "unknown",
                     blank lines too. A row with no usable URL (not an http(s) URL,
                     or a JSON Lines row with no "url" string) is answered "invalid"
                     (its fields kept, counted in the summary) and follows --unknown too
  --strict           a row with no usable URL is an error naming its line (exit 2)
  --blocked-agents   write every URL with the agents that may not fetch it (or are
                     opted out of --purpose): URL<TAB>agent,agent; for JSON Lines input,
                     the record with "outcome" and "blockedAgents"
  --cache-bytes N    compiled robots.txt files held at once (default 67108864, 64 MiB)
  --tmp-dir DIR      where a URL list in any order is partitioned by origin when the
                     cache misses too often (default: the system's temporary
                     directory; needs about the input's size, removed at the end)
  -q, --quiet        no summary on standard error
  -h, --help         show this help
`;

/** --cache-bytes: a whole number of bytes, at least 0 (0 compiles each origin's file again for each URL). */
function cacheBytesOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)))
    throw new UsageError(`--cache-bytes must be a whole number of bytes, got ${JSON.stringify(value)}`);
  return Number(value);
}

const rate = (perSecond: number) =>
  perSecond >= 1e6
    ? `${(perSecond / 1e6).toFixed(2)} M URLs/s`
    : `${Math.round(perSecond).toLocaleString('en-US')} URLs/s`;

/** Chunks matched in the main thread before a pool is started: small inputs never pay for one. */
const POOL_AFTER_CHUNKS = 4;

export async function filterCommand(argv: string[]): Promise<number> {
  const { values, positionals, tokens } = parseFlags('filter', argv, {
    ...MATCH_FLAGS,
    ...ROBOTS_FLAGS,
    invert: { type: 'boolean', default: false },
    verdicts: { type: 'boolean', default: false },
    'verdicts-only': { type: 'boolean', default: false },
    workers: { type: 'string' },
    purpose: { type: 'string' },
    quiet: { type: 'boolean', short: 'q', default: false },
    // Many hosts: an archive of robots.txt captures instead of one robots.txt.
    crawler: { type: 'string', short: 'c', multiple: true },
    'robots-archive': { type: 'string', multiple: true },
    unknown: { type: 'string' },
    strict: { type: 'boolean', default: false },
    'blocked-agents': { type: 'boolean', default: false },
    'cache-bytes': { type: 'string' },
    'tmp-dir': { type: 'string' },
  });
  if (values.help) {
    process.stdout.write(FILTER_HELP);
    return 0;
  }
  const archives = values['robots-archive'] ?? [];
  if (archives.length && values.robots)
    throw new UsageError(
      "give --robots (one robots.txt for every URL) or --robots-archive (each URL's own origin), not both",
    );
  if (!values.robots && !archives.length)
    throw new UsageError('filter needs --robots FILE|URL|- or --robots-archive PATH (see robotsmatch filter --help)');
  if (positionals.length > 1)
    throw new UsageError(`filter reads one input, got ${positionals.length}: ${positionals.join(' ')}`);
  const forms = [
    values.verdicts && '--verdicts',
    values['verdicts-only'] && '--verdicts-only',
    values.json && '--json',
    values.invert && '--invert',
    values['blocked-agents'] && '--blocked-agents',
  ].filter(Boolean);
  if (forms.length > 1) throw new UsageError(`${forms.join(' and ')} are different forms of the output: choose one`);
  const mode = modeOf(values.mode);
  if (archives.length) {
    if (values.unknown !== undefined && values.unknown !== 'keep' && values.unknown !== 'drop')
      throw new UsageError(`--unknown must be keep or drop, got ${JSON.stringify(values.unknown)}`);
    if (values.workers !== undefined)
      warn(
        'robotsmatch: --robots-archive matches in one thread; --workers is ignored (split the URL list to use more cores)\n',
      );
    const form: RowForm = values.verdicts
      ? 'labelled'
      : values['verdicts-only']
        ? 'verdicts'
        : values.json
          ? 'json'
          : values.invert
            ? 'disallowed'
            : values['blocked-agents']
              ? 'blocked-agents'
              : 'allowed';
    return filterArchive({
      archives,
      purpose: purposeOf(values.purpose),
      mode,
      // Answered in the order given, --agent and --crawler mixed.
      agents: tokens.flatMap((t) =>
        t.kind === 'option' && (t.name === 'agent' || t.name === 'crawler') && t.value !== undefined
          ? [{ [t.name]: t.value }]
          : [],
      ) as AgentArgument[],
      maxBytes: maxBytesOf(values['max-bytes'], warn),
      form,
      keepUnknown: values.unknown === 'keep',
      strict: values.strict,
      cacheBytes: cacheBytesOf(values['cache-bytes']),
      tmpDir: values['tmp-dir'],
      input: positionals[0],
      quiet: values.quiet,
    });
  }
  for (const flag of ['unknown', 'blocked-agents', 'cache-bytes', 'tmp-dir', 'strict'] as const) {
    if (values[flag] !== undefined && values[flag] !== false)
      throw new UsageError(`--${flag} goes with --robots-archive`);
  }
  if ((values.crawler?.length ?? 0) > 1)
    throw new UsageError(
      '--crawler names one crawler with --robots (several go with --robots-archive; --agent takes several tokens as one union)',
    );
  const { agent, label: agentLabel } = agentOf({ agent: values.agent, crawler: values.crawler?.[0] }, warn);
  const workers = workersOf(values.workers, warn);
  const maxBytes = maxBytesOf(values['max-bytes'], warn);
  const purpose = purposeOf(values.purpose);
  const keep: Keep = values.verdicts
    ? 'labelled'
    : values['verdicts-only']
      ? 'verdicts'
      : values.invert
        ? 'disallowed'
        : 'allowed';
  if (positionals[0] === undefined || positionals[0] === '-') {
    if (values.robots === '-')
      throw new UsageError(
        'the robots.txt and the URL list cannot both come from standard input (-): give the URLs as a file',
      );
  }

  const loaded = await loadRobots(values.robots!, {
    mode,
    maxBytes,
    userAgent: values['user-agent'],
    timeoutMs: timeoutOf(values.timeout),
    warn,
    unreachable: 'disallow',
  });
  if (positionals[0] === undefined || positionals[0] === '-') takeStdin('the URL list');
  const input = await openInput(positionals[0]);
  const describe: Describe | undefined = values.json
    ? {
        format: 'filter-json',
        agent: agentLabel,
        mode,
        robots: loaded.source,
        fetch: null,
        unreachable: loaded.unreachable,
        color: false,
        purpose,
      }
    : undefined;
  const started = performance.now();
  const { totals, pooled } = await runLines({
    robots: loaded.robots,
    body: loaded.body,
    mode,
    maxBytes,
    agent,
    keep,
    purpose,
    describe,
    workers,
    input,
  });
  const seconds = (performance.now() - started) / 1000;
  if (!values.quiet) {
    const n = (x: number) => x.toLocaleString('en-US');
    // With a purpose the three counts are the three labels of --verdicts, and add up to the URLs.
    const counts =
      purpose === undefined
        ? `${n(totals.allowed)} allowed, ${n(totals.urls - totals.allowed)} disallowed`
        : `${n(totals.allowed - totals.optedOut)} allowed, ${n(totals.urls - totals.allowed)} disallowed, ${n(totals.optedOut)} opted out of ${purpose}`;
    process.stderr.write(
      `robotsmatch filter: ${n(totals.urls)} URLs, ${counts}, ` +
        `${seconds.toFixed(2)} s (${rate(totals.urls / seconds)})${pooled ? `, ${workers} workers` : ''}${stdoutClosed() ? '; the output was closed early' : ''}\n`,
    );
  }
  loaded.robots.dispose();
  return 0;
}

const SPACE = 0x20;
const TAB = 0x09;
const HASH = 0x23;

/**
 * The first line of a chunk that cannot be a URL as a log records one: it
 * has a space or a tab (a "URL AGENT" list, a spreadsheet's columns) or is a
 * `#` comment. Each line is matched whole, so such a line would be answered
 * as if it were a URL; saying so once costs three byte searches per chunk
 * (under 1 ms a megabyte; filtering it takes about 40 ms).
 */
function notUrlLine(chunk: Uint8Array): string | undefined {
  const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  // A `#` that starts a line (one byte searched for at a time: a two-byte search costs three times as much).
  let comment = bytes.indexOf(HASH);
  while (comment > 0 && bytes[comment - 1] !== 0x0a) comment = bytes.indexOf(HASH, comment + 1);
  const marks = [bytes.indexOf(SPACE), bytes.indexOf(TAB), comment].filter((i) => i >= 0);
  if (!marks.length) return undefined;
  const at = Math.min(...marks);
  const start = at === 0 ? 0 : bytes.lastIndexOf(0x0a, at - 1) + 1; // (a negative offset would count from the end)
  const end = bytes.indexOf(0x0a, at);
  const line = bytes.toString('utf8', start, end < 0 ? bytes.length : end).replace(/\r$/, '');
  return line.length > 200 ? `${line.slice(0, 200)}...` : line;
}

export interface LinesRun {
  /** The parsed robots.txt (matched in the main thread) and the bytes workers parse again. */
  robots: Robots;
  body: Uint8Array;
  mode: Mode;
  maxBytes: number | undefined;
  agent: Agent;
  keep: Keep;
  /** A purpose (filter --purpose): URLs the file opts out of it are not kept as allowed. */
  purpose?: string | undefined;
  describe: Describe | undefined;
  workers: number;
  input: Input;
}

/**
 * Streams the input's lines through the matcher (and, once the input proves
 * large, a pool of worker threads), writing each chunk's output in input
 * order; stops early when nobody reads standard output any more.
 */
export async function runLines(
  run: LinesRun,
): Promise<{ totals: { urls: number; allowed: number; optedOut: number }; pooled: boolean }> {
  const { input, workers, keep, describe, purpose } = run;
  const matcher = run.robots.forAgent(run.agent);
  const options = purpose === undefined ? undefined : { purpose: purposeFor(purpose) };
  const match = (chunk: Uint8Array) =>
    describe ? describeLines(matcher, chunk, describe) : matcher.filterLines(chunk, keep, options);
  const progress = progressLine(input.size, input.read);
  const totals = { urls: 0, allowed: 0, optedOut: 0 };
  const emit = async (chunk: FilteredLines) => {
    totals.urls += chunk.urls;
    totals.allowed += chunk.allowed;
    totals.optedOut += chunk.optedOut ?? 0;
    if (chunk.output.length) await outDrained(chunk.output);
    progress.update(totals.urls);
  };

  let pool: Tinypool | undefined;
  const inFlight: Promise<FilteredLines>[] = [];
  let count = 0;
  let warned = false;
  try {
    for await (const chunk of lineChunks(input.chunks)) {
      if (stdoutClosed()) break;
      count++;
      if (!warned) {
        const odd = notUrlLine(chunk);
        if (odd !== undefined) {
          warned = true;
          warn(
            `robotsmatch: the URL list has a line that is not a URL, ${JSON.stringify(odd)}: each line is matched whole as one URL (said for the first such line only)\n`,
          );
        }
      }
      if (!pool && workers > 1 && count > POOL_AFTER_CHUNKS) {
        const workerData: FilterWorkerData = {
          robots: run.body,
          mode: run.mode,
          maxBytes: run.maxBytes,
          agent: run.agent,
          keep,
          purpose,
          describe,
        };
        const threads = workers - 1; // the main thread is one of the workers
        pool = new Tinypool({
          filename: new URL('./filter-worker.js', import.meta.url).href,
          minThreads: threads,
          maxThreads: threads,
          workerData,
        });
      }
      if (pool) {
        // Round robin: one chunk in `workers` is matched here, between reads
        // and writes; the others go to the pool. Results are written in order.
        const result: Promise<FilteredLines> =
          count % workers === 0
            ? Promise.resolve(match(chunk))
            : pool.run(chunk, { transferList: [chunk.buffer as ArrayBuffer] });
        // Awaited in order below; until then a failure must not count as unhandled (which would end the process with a stack).
        result.catch(() => {});
        inFlight.push(result);
        // Enough chunks under way to keep every worker busy, and no more: memory stays bounded.
        while (inFlight.length >= workers * 2) await emit(await inFlight.shift()!);
      } else {
        await emit(match(chunk));
      }
    }
    while (inFlight.length && !stdoutClosed()) await emit(await inFlight.shift()!);
  } finally {
    progress.done();
    await pool?.destroy();
    matcher.dispose();
  }
  return { totals, pooled: pool !== undefined };
}
