// robotsmatch filter --robots-archive: each URL against its own origin's
// robots.txt, read from an archive of captures (WARC, JSON Lines or a
// directory), for one or more agents, in one thread, streaming, in input
// order. The input is plain lines of URLs (gzip too) or JSON Lines with a
// "url" field, whose other fields are passed through. Every output form is
// written from bytes to bytes by ArchiveMatcher.rows.

import type { Agent } from '../index.js';
import { ArchiveError, ArchiveMatcher, openArchive, RecordLineError, type RowForm } from '../archive.js';
import { firstLine, lineCount, linesBefore } from '../archive/lines.js';
import { UsageError } from './errors.js';
import { openInput } from './input.js';
import { lineChunks } from './line-chunks.js';
import { stdoutClosed, warn } from './output.js';
import { SignalStop } from './signal-stop.js';
import { progressLine } from './progress.js';
import { describeFsError, takeStdin } from './robots-source.js';
import { agentOf } from './options.js';
import { OriginSpill, partitionsFor, thrashing } from '../archive/spill.js';
import { tmpdir } from 'node:os';
import { statSync } from 'node:fs';
import { plural } from '../common/count.js';

export interface ArchiveRun {
  archives: string[];
  /** The --agent and --crawler values, in command-line order. */
  agents: AgentArgument[];
  purpose: string | undefined;
  mode: 'google' | 'rfc';
  maxBytes: number | undefined;
  form: RowForm;
  /** Keep the URLs of origins the archive has no answer for (outcome unknown) as if allowed; default: drop them. */
  keepUnknown: boolean;
  /** A JSON Lines row with no "url" string ends the run (exit 2) instead of being answered `invalid`. */
  strict: boolean;
  cacheBytes: number | undefined;
  /** Where the join partitioned by origin keeps its temporary files (default: the system's). */
  tmpDir: string | undefined;
  input: string | undefined;
  quiet: boolean;
}

/** One --agent or --crawler of the command line. */
export type AgentArgument = { agent: string } | { crawler: string };

/** Each --agent and --crawler as its own agent (not a union, as one robots.txt's filter makes them), in the order given. */
export function archiveAgents(given: readonly AgentArgument[]): Agent[] {
  const out = given.map(
    (g) => ('agent' in g ? agentOf({ agent: [g.agent] }, warn) : agentOf({ crawler: g.crawler }, warn)).agent,
  );
  return out.length ? out : ['Googlebot'];
}

export async function filterArchive(run: ArchiveRun): Promise<number> {
  const agents = archiveAgents(run.agents);
  if (run.archives.includes('-')) takeStdin('the archive');
  const tmpDir = tmpDirOf(run.tmpDir);
  const loadStarted = performance.now();
  let archive: Awaited<ReturnType<typeof openArchive>>;
  try {
    archive = await openArchive(run.archives, { maxBytes: run.maxBytes, tmpDir });
  } catch (error) {
    if (error instanceof ArchiveError) throw new UsageError(error.message);
    const path = (error as { path?: string }).path;
    if ((error as NodeJS.ErrnoException).code && path)
      throw new UsageError(`cannot read the archive ${path}: ${describeFsError(error)}`);
    throw error;
  }
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const matcher = new ArchiveMatcher(archive, {
    agents,
    purpose: run.purpose,
    mode: run.mode,
    cacheBytes: run.cacheBytes,
  });
  const labels = matcher.agents;
  if (run.input === undefined || run.input === '-') takeStdin('the URL list');
  const input = await openInput(run.input);
  const progress = progressLine(input.size, input.read);
  const counts = { urls: 0, kept: 0, ok: 0, unavailable: 0, unreachable: 0, unknown: 0, invalid: 0 };
  const started = performance.now();
  let linesRead = 0; // before the chunk (JSON Lines, or --strict): for the line number of a bad row
  let json: boolean | undefined; // JSON Lines input, told by its first line
  const answered = () => counts.ok + counts.unavailable + counts.unreachable + counts.unknown + counts.invalid;
  // Once the cache misses too often, the rest of the input is partitioned by origin on disk (archive/spill.ts).
  let spill: OriginSpill | undefined;
  let seen = matcher.stats;
  const removeSpill = () => spill?.remove();
  // A signal removes the temporary files and ends the output at a row's end (signal-stop.ts).
  const stop = new SignalStop(
    () => {
      removeSpill();
      progress.done();
    },
    (signal) => {
      if (!run.quiet)
        process.stderr.write(
          `robotsmatch filter: stopped by ${signal}; the output ends with a whole row, and the join's temporary files are removed\n`,
        );
    },
  );
  try {
    // 4 MiB chunks: about 50,000 URLs, whose origins are answered together.
    let atStart = true;
    for await (let chunk of lineChunks(input.chunks, 4 << 20)) {
      if (stdoutClosed()) break;
      if (atStart) {
        atStart = false;
        if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3); // a byte-order mark
      }
      json ??= startsJson(chunk);
      const options = { jsonInput: json === true, keepUnknown: run.keepUnknown, strict: run.strict, counts };
      // Bytes in, bytes out (ArchiveMatcher.rows), each piece written before the next is made, waiting while the output is full.
      const before = answered();
      try {
        if (spill) spill.add(chunk, run.form, options);
        else for (const piece of matcher.rows(chunk, run.form, options)) await stop.write(piece);
      } catch (error) {
        if (!(error instanceof RecordLineError)) throw error;
        const where = `${run.input ?? 'standard input'} line ${linesRead + linesBefore(chunk, error.at) + 1}`;
        throw new UsageError(
          error.problem === 'not-json'
            ? `${where}: not JSON (the input's first line made it JSON Lines)`
            : error.problem === 'no-url'
              ? `${where}: a record needs "url", a string (--strict; without it the row is answered "invalid")`
              : `${where}: not an http(s) URL, so the archive's robots.txt captures cannot answer for it (--strict; without it the row is answered "invalid")`,
        );
      }
      if (json || run.strict) linesRead += lineCount(chunk);
      counts.urls += answered() - before;
      progress.update(counts.urls + (spill?.rows ?? 0));
      const now = matcher.stats;
      if (!spill && thrashing(now.compiles - seen.compiles, now.recompiles - seen.recompiles)) {
        process.once('exit', removeSpill);
        spill = new OriginSpill(tmpDir, partitionsFor(now.compiles - now.recompiles, now.origins));
      }
      seen = now;
    }
    if (spill && !stdoutClosed()) {
      const before = answered();
      const options = { jsonInput: json === true, keepUnknown: run.keepUnknown, strict: run.strict, counts };
      for await (const piece of spill.answers((c, f, o) => matcher.lineRows(c, f, o), run.form, options)) {
        if (stdoutClosed()) break;
        await stop.write(piece);
      }
      counts.urls += answered() - before;
    }
  } finally {
    progress.done();
    matcher.dispose();
    stop.close();
    archive.dispose();
    if (spill) {
      removeSpill();
      process.off('exit', removeSpill);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  if (!run.quiet) {
    const n = (x: number) => x.toLocaleString('en-US');
    const { compiles, evictions, recompiles } = matcher.stats;
    const partitioned = spill
      ? `; the cache missed too often, so the last ${n(spill.rows)} lines were partitioned by origin into ${plural(spill.partitions, 'temporary file')} (${(spill.diskBytes / 1e6).toFixed(1)} MB of disk, see docs/cli.md#any-order)`
      : '';
    process.stderr.write(
      `robotsmatch filter: ${plural(counts.urls, 'URL')} for ${labels.join(', ')}, ${n(counts.kept)} kept; URLs by their origin's robots.txt: ${n(counts.ok)} read, ` +
        `${n(counts.unavailable)} none (allowed), ${n(counts.unreachable)} unreachable (disallowed), ${n(counts.unknown)} not in the archive` +
        `${counts.invalid ? `, ${plural(counts.invalid, 'row')} with no http(s) URL (invalid, see docs/cli.md#archive-mode)` : ''}; ` +
        `${plural(archive.size, 'capture')} read in ${loadSeconds.toFixed(2)} s` +
        `${archive.cutMembers ? ` (${plural(archive.cutMembers, 'gzip member')} of the archive cut short, the first ${archive.firstCut}; see docs/cli.md#archive-mode)` : ''}, ` +
        `${plural(compiles, 'file')} compiled (${n(recompiles)} of them again), ${n(evictions)} let go${partitioned}; ` +
        `${seconds.toFixed(2)} s${stdoutClosed() ? '; the output was closed early' : ''}\n`,
    );
  }
  return 0;
}

/** A line's own text, a byte-order mark kept: it is the input's to lose, at its start. */
const lineDecoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Whether the input is JSON Lines, told by its first line that is not blank (undefined while none has come). */
function startsJson(chunk: Uint8Array): boolean | undefined {
  const line = firstLine(chunk);
  return line === undefined
    ? undefined
    : lineDecoder.decode(chunk.subarray(line[0], line[1])).trimStart().startsWith('{');
}

/** --tmp-dir, checked before any output: a directory (default: the system's temporary directory). */
function tmpDirOf(dir: string | undefined): string {
  if (dir === undefined) return tmpdir();
  let isDirectory: boolean;
  try {
    isDirectory = statSync(dir).isDirectory();
  } catch (error) {
    throw new UsageError(`--tmp-dir ${dir}: ${describeFsError(error)}`);
  }
  if (!isDirectory) throw new UsageError(`--tmp-dir ${dir} is not a directory`);
  return dir;
}
