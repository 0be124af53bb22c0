// robotsmatch filter --robots-archive: each URL against its own origin's
// robots.txt, read from an archive of captures (WARC, JSON Lines or a
// directory), for one or more agents, in one thread, streaming, in input
// order. The input is plain lines of URLs (gzip too) or JSON Lines with a
// "url" field, whose other fields are passed through.

import type { Agent } from '../index.js';
import { ArchiveError, ArchiveMatcher, openArchive, type ArchiveOutcome } from '../archive.js';
import { UsageError } from './errors.js';
import { openInput } from './input.js';
import { lineChunks } from './line-chunks.js';
import { outDrained, outWritten, stdoutClosed, warn } from './output.js';
import { progressLine } from './progress.js';
import { describeFsError, takeStdin } from './robots-source.js';
import { agentOf } from './options.js';

export type ArchiveForm = 'allowed' | 'disallowed' | 'labelled' | 'verdicts' | 'json' | 'blocked-agents';

export interface ArchiveRun {
  archives: string[];
  agents: string[];
  crawlers: string[];
  purpose: string | undefined;
  mode: 'google' | 'rfc';
  maxBytes: number | undefined;
  form: ArchiveForm;
  /** Keep the URLs of origins the archive has no answer for (outcome unknown) as if allowed; default: drop them. */
  keepUnknown: boolean;
  cacheBytes: number | undefined;
  input: string | undefined;
  quiet: boolean;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** Each --agent and --crawler as its own agent (not a union, as one robots.txt's filter makes them). */
export function archiveAgents(agents: string[], crawlers: string[]): Agent[] {
  const out: Agent[] = [];
  for (const a of agents) out.push(agentOf({ agent: [a] }, warn).agent);
  for (const c of crawlers) out.push(agentOf({ crawler: c }, warn).agent);
  return out.length ? out : ['Googlebot'];
}

export async function filterArchive(run: ArchiveRun): Promise<number> {
  const agents = archiveAgents(run.agents, run.crawlers);
  const loadStarted = performance.now();
  let archive;
  try {
    archive = await openArchive(run.archives, run.maxBytes === undefined ? undefined : { maxBytes: run.maxBytes });
  } catch (error) {
    if (error instanceof ArchiveError) throw new UsageError(error.message);
    const path = (error as { path?: string }).path;
    if ((error as NodeJS.ErrnoException).code && path) throw new UsageError(`cannot read the archive ${path}: ${describeFsError(error)}`);
    throw error;
  }
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const matcher = new ArchiveMatcher(archive, { agents, purpose: run.purpose, mode: run.mode, cacheBytes: run.cacheBytes });
  const labels = matcher.agents;
  if (run.input === undefined || run.input === '-') takeStdin('the URL list');
  const input = await openInput(run.input);
  const progress = progressLine(input.size, input.read);
  const counts = { urls: 0, kept: 0, ok: 0, unavailable: 0, unreachable: 0, unknown: 0 };
  const started = performance.now();
  let lineNumber = 0;
  let json: boolean | undefined; // JSON Lines input, told by its first line
  try {
    // 4 MiB chunks: about 50,000 URLs, whose origins are answered together (checkMany, matchMany).
    let atStart = true;
    for await (let chunk of lineChunks(input.chunks, 4 << 20)) {
      if (stdoutClosed()) break;
      if (atStart) {
        atStart = false;
        if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3); // a byte-order mark
      }
      json ??= startsJson(chunk);
      if (run.form === 'json' && json === false) {
        // Plain URLs: bytes in, bytes out (ArchiveMatcher.jsonLines), each
        // piece written before the next is made, waiting while the output is full.
        const before = counts.ok + counts.unavailable + counts.unreachable + counts.unknown;
        for (const piece of matcher.jsonLines(chunk, counts)) await outWritten(piece);
        counts.urls += counts.ok + counts.unavailable + counts.unreachable + counts.unknown - before;
        progress.update(counts.urls);
        continue;
      }
      const lines = decoder.decode(chunk).split('\n');
      if (lines[lines.length - 1] === '') lines.pop();
      // The chunk's URLs first (answered together, by origin), then its output lines in order.
      const texts: string[] = [];
      const urls: string[] = [];
      const records: (Record<string, unknown> | undefined)[] = [];
      for (let text of lines) {
        lineNumber++;
        if (text.endsWith('\r')) text = text.slice(0, -1);
        if (text === '') {
          // A blank line has no origin: the --verdicts forms answer it (unknown), as they answer every line.
          if (run.form !== 'labelled' && run.form !== 'verdicts') continue;
          texts.push(text);
          urls.push(text);
          records.push(undefined);
          continue;
        }
        json ??= text.trimStart().startsWith('{');
        let record: Record<string, unknown> | undefined;
        let url = text;
        if (json) {
          try {
            record = JSON.parse(text) as Record<string, unknown>;
          } catch {
            throw new UsageError(`${run.input ?? 'standard input'} line ${lineNumber}: not JSON (the input's first line made it JSON Lines)`);
          }
          if (typeof record !== 'object' || record === null || typeof record.url !== 'string') {
            throw new UsageError(`${run.input ?? 'standard input'} line ${lineNumber}: a record needs "url", a string`);
          }
          url = record.url;
        }
        texts.push(text);
        urls.push(url);
        records.push(record);
      }
      counts.urls += urls.length;
      let out = '';
      if (run.form === 'json') {
        const rows = matcher.checkMany(urls);
        for (let i = 0; i < rows.length; i++) {
          const row = rows[i]!;
          const record = records[i];
          counts[row.outcome]++;
          // JSON Lines input only: plain URL lists took matcher.jsonLines above, so every row has its record.
          for (const v of row.verdicts) {
            const fields = { url: row.url, agent: v.agent, allowed: v.allowed, line: v.line, rule: v.rule, outcome: row.outcome };
            out += JSON.stringify(v.optedOut === undefined ? { ...record, ...fields } : { ...record, ...fields, optedOut: v.optedOut }) + '\n';
          }
          // A chunk's records are several times its bytes: written a megabyte at a time, not held whole.
          if (out.length > 1 << 20) {
            await outDrained(encoder.encode(out));
            out = '';
          }
        }
      } else {
        const { outcomes, verdicts } = matcher.matchMany(urls);
        const n = labels.length;
        for (let i = 0; i < urls.length; i++) {
          const row: Allowed = { outcome: outcomes[i]!, verdicts: verdicts.subarray(i * n, i * n + n) };
          counts[row.outcome]++;
          const kept = keptOf(row, run.keepUnknown);
          if (kept) counts.kept++;
          out += lineFor(run.form, texts[i]!, urls[i]!, row, kept, records[i], labels, run.keepUnknown);
        }
      }
      if (out) await outDrained(encoder.encode(out));
      progress.update(counts.urls);
    }
  } finally {
    progress.done();
    matcher.dispose();
  }
  const seconds = (performance.now() - started) / 1000;
  if (!run.quiet) {
    const n = (x: number) => x.toLocaleString('en-US');
    const { compiles, evictions } = matcher.stats;
    process.stderr.write(
      `robotsmatch filter: ${n(counts.urls)} URLs for ${labels.join(', ')}, ${n(counts.kept)} kept; their origins' robots.txt: ${n(counts.ok)} read, ` +
        `${n(counts.unavailable)} none (allowed), ${n(counts.unreachable)} unreachable (disallowed), ${n(counts.unknown)} not in the archive; ` +
        `${n(archive.size)} captures read in ${loadSeconds.toFixed(2)} s, ${n(compiles)} files compiled, ${n(evictions)} let go; ` +
        `${seconds.toFixed(2)} s${stdoutClosed() ? '; the output was closed early' : ''}\n`,
    );
  }
  return 0;
}

/** A line's own text, a byte-order mark kept: it is the input's to lose, at its start. */
const lineDecoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Whether the input is JSON Lines, told by its first line that is not blank (undefined while none has come). */
function startsJson(chunk: Uint8Array): boolean | undefined {
  for (let from = 0; from < chunk.length; ) {
    let to = chunk.indexOf(10, from);
    if (to < 0) to = chunk.length;
    let text = lineDecoder.decode(chunk.subarray(from, to));
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (text !== '') return text.trimStart().startsWith('{');
    from = to + 1;
  }
  return undefined;
}

/** A URL's answers for the forms that keep or drop it: its outcome and a byte per agent (ArchiveMatcher.matchMany). */
interface Allowed {
  outcome: ArchiveOutcome;
  /** 1 allowed, 0 disallowed, 2 allowed but opted out, 3 unknown. */
  verdicts: Uint8Array;
}

/** Whether a URL is kept by filter's default form: every agent may fetch it (and, with a purpose, none is opted out); unknown by the flag. */
function keptOf(row: Allowed, keepUnknown: boolean): boolean {
  if (row.outcome === 'unknown') return keepUnknown;
  return row.verdicts.every((v) => v === 1);
}

/** --verdicts' label: unknown, disallowed (for any agent), opted-out (for any agent), or allowed. */
function labelOf(row: Allowed): string {
  if (row.outcome === 'unknown') return 'unknown';
  if (row.verdicts.includes(0)) return 'disallowed';
  if (row.verdicts.includes(2)) return 'opted-out';
  return 'allowed';
}

/** The agents that may not fetch the URL (or are opted out of the purpose); for an unknown origin, all of them unless --unknown keep. */
function blockedOf(row: Allowed, labels: readonly string[], keepUnknown: boolean): string[] {
  if (row.outcome === 'unknown') return keepUnknown ? [] : [...labels];
  return labels.filter((_, i) => row.verdicts[i] === 0 || row.verdicts[i] === 2);
}

function lineFor(form: ArchiveForm, text: string, url: string, row: Allowed, kept: boolean, record: Record<string, unknown> | undefined, labels: readonly string[], keepUnknown: boolean): string {
  switch (form) {
    case 'allowed':
      return kept ? text + '\n' : '';
    case 'disallowed':
      return kept ? '' : text + '\n';
    case 'labelled':
      return `${labelOf(row)}\t${text}\n`;
    case 'verdicts':
      return labelOf(row) + '\n';
    case 'blocked-agents': {
      const blocked = blockedOf(row, labels, keepUnknown);
      return record ? JSON.stringify({ ...record, outcome: row.outcome, blockedAgents: blocked }) + '\n' : `${url}\t${blocked.join(',')}\n`;
    }
    case 'json':
      return ''; // written by check() above
  }
}
