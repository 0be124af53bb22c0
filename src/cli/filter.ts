// robotsmatch filter: newline-separated URLs in, the allowed ones (or every
// line with its verdict) out, streaming in constant memory and in input
// order, on a pool of worker threads once the input proves large.

import { once } from 'node:events';
import Tinypool from 'tinypool';
import type { FilteredLines } from '../index.js';
import type { FilterWorkerData, Keep } from './filter-worker.js';
import { parseArgs } from 'node:util';
import { UsageError } from './errors.js';
import { openInput } from './input.js';
import { lineChunks } from './line-chunks.js';
import { progressLine } from './progress.js';
import { loadRobots } from './robots-source.js';
import { MATCH_FLAGS, agentOf, maxBytesOf, modeOf, parseCommand, timeoutOf, workersOf } from './options.js';

export const FILTER_HELP = `Usage: robotsmatch filter --robots FILE|URL [options] [FILE|-]

Reads newline-separated URLs (a file, gzip recognised by its magic bytes, or
standard input) and writes the ones the robots.txt allows, in input order.
A summary goes to standard error at the end.

Options:
  --robots FILE|URL  the robots.txt: a file, or a URL whose robots.txt is fetched
  --agent NAME       a product token (default: Googlebot); repeat it for a union of
                     tokens (every group naming any of them, as Google's C++ API)
  --crawler NAME     a known crawler (robotsmatch crawlers): its own group, else its
                     fallback tokens' group, else * if it obeys *
  --mode MODE        google (default) or rfc
  --invert           write the disallowed URLs instead
  --verdicts         write every line as "allowed<TAB>line" or "disallowed<TAB>line":
                     line N of the output answers line N of the input
  --verdicts-only    write every line's verdict alone ("allowed" or "disallowed"),
                     for engines that expect one value back per input row
  --workers N        worker threads for large inputs (default: the cores, up to 8;
                     at most the cores); 1 matches in the main thread only
  --max-bytes N      read only the first N bytes of the robots.txt (default 512000)
  --user-agent UA    the User-Agent header when fetching the robots.txt
  --timeout MS       give up fetching the robots.txt after MS milliseconds (default 30000)
  --quiet            no summary on standard error
  -h, --help         show this help
`;

const rate = (perSecond: number) =>
  perSecond >= 1e6 ? `${(perSecond / 1e6).toFixed(2)} M URLs/s` : `${Math.round(perSecond).toLocaleString('en-US')} URLs/s`;

/** Chunks matched in the main thread before a pool is started: small inputs never pay for one. */
const POOL_AFTER_CHUNKS = 4;

export async function filterCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommand('filter', () => parseArgs({ args: argv, allowPositionals: true, strict: true, options: {
    ...MATCH_FLAGS,
    robots: { type: 'string' },
    invert: { type: 'boolean', default: false },
    verdicts: { type: 'boolean', default: false },
    'verdicts-only': { type: 'boolean', default: false },
    workers: { type: 'string' },
    'max-bytes': { type: 'string' },
    quiet: { type: 'boolean', default: false },
  } }));
  if (values.help) {
    process.stdout.write(FILTER_HELP);
    return 0;
  }
  if (!values.robots) throw new UsageError('filter needs --robots FILE|URL (see robotsmatch filter --help)');
  if (positionals.length > 1) throw new UsageError(`filter reads one input, got ${positionals.length}: ${positionals.join(' ')}`);
  if (values.verdicts && values['verdicts-only']) throw new UsageError('--verdicts and --verdicts-only are two forms of one output: choose one');
  if ((values.verdicts || values['verdicts-only']) && values.invert) throw new UsageError('--verdicts writes every line; it cannot be combined with --invert');
  if (values.json) throw new UsageError('filter writes lines; --json is for check, explain, lint and fetch');
  const warn = (line: string) => process.stderr.write(line);
  const mode = modeOf(values.mode);
  const { agent } = agentOf(values, warn);
  const workers = workersOf(values.workers, warn);
  const maxBytes = maxBytesOf(values['max-bytes'], warn);
  const keep: Keep = values.verdicts ? 'labelled' : values['verdicts-only'] ? 'verdicts' : values.invert ? 'disallowed' : 'allowed';

  const { robots, body } = await loadRobots(values.robots, { mode, maxBytes, userAgent: values['user-agent'], timeoutMs: timeoutOf(values.timeout), warn });
  const input = await openInput(positionals[0]);
  const matcher = robots.forAgent(agent);
  const progress = progressLine(input.size, input.read);
  const started = performance.now();
  const totals = { urls: 0, allowed: 0 };
  const emit = async (chunk: FilteredLines) => {
    totals.urls += chunk.urls;
    totals.allowed += chunk.allowed;
    if (chunk.output.length && !process.stdout.write(chunk.output)) await once(process.stdout, 'drain');
    progress.update(totals.urls);
  };

  let pool: Tinypool | undefined;
  const inFlight: Promise<FilteredLines>[] = [];
  let count = 0;
  try {
    for await (const chunk of lineChunks(input.chunks)) {
      count++;
      if (!pool && workers > 1 && count > POOL_AFTER_CHUNKS) {
        const workerData: FilterWorkerData = { robots: body, mode, maxBytes, agent, keep };
        const threads = workers - 1; // the main thread is one of the workers
        pool = new Tinypool({ filename: new URL('./filter-worker.js', import.meta.url).href, minThreads: threads, maxThreads: threads, workerData });
      }
      if (pool) {
        // Round robin: one chunk in `workers` is matched here, between reads
        // and writes; the others go to the pool. Results are written in order.
        const result: Promise<FilteredLines> = count % workers === 0
          ? Promise.resolve(matcher.filterLines(chunk, keep))
          : pool.run(chunk, { transferList: [chunk.buffer as ArrayBuffer] });
        // Awaited in order below; until then a failure must not count as unhandled (which would end the process with a stack).
        result.catch(() => {});
        inFlight.push(result);
        // Enough chunks under way to keep every worker busy, and no more: memory stays bounded.
        while (inFlight.length >= workers * 2) await emit(await inFlight.shift()!);
      } else {
        await emit(matcher.filterLines(chunk, keep));
      }
    }
    while (inFlight.length) await emit(await inFlight.shift()!);
  } finally {
    progress.done();
    await pool?.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  if (!values.quiet) {
    const n = (x: number) => x.toLocaleString('en-US');
    process.stderr.write(
      `robotsmatch filter: ${n(totals.urls)} URLs, ${n(totals.allowed)} allowed, ${n(totals.urls - totals.allowed)} disallowed, ` +
        `${seconds.toFixed(2)} s (${rate(totals.urls / seconds)})${pool ? `, ${workers} workers` : ''}\n`,
    );
  }
  robots.dispose();
  return 0;
}
