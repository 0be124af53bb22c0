// The join's one verdict loop, shared by every output form: the URLs of a
// chunk, origin by origin; for each origin its outcome (compiling its file
// on a miss), and for an origin whose robots.txt was read, the core's
// answers for all its URLs at once, one matchLines call per agent (with a
// purpose, whether each allowed URL is opted out of it comes in the same
// call). The JSON form also needs the deciding line and rule of each URL,
// which only check() gives: a check() per URL and agent, and the record's
// tail looked up by what it says (tails.ts).

import type { Purpose } from '../usage.js';
import { notInArchive } from '../fetch/outcome.js';
import type { OriginEntry } from './compiled-cache.js';
import type { ArchiveOutcome, RowOutcome } from './resolve.js';
import type { Batch } from './batch.js';
import { fixedTailsOf, tailOf } from './tails.js';
import { copyBytes, encoder } from './copy.js';
import { endLine } from '../common/lines.js';

/** What the rows need of an ArchiveMatcher. */
export interface RowsJoin {
  /** The agents' labels, in order. */
  labels: readonly string[];
  purpose: Purpose | undefined;
  /** The origin's entry (compiled on a miss, held by the bounded cache). */
  entry(origin: string): OriginEntry;
  /** Notes tails an entry gained (CompiledCache.noteTails: their number is bounded). */
  noteTails(count: number): void;
  /** ArchiveMatcher.check, for the rare record whose own fields a --json row overwrites. */
  check(url: string): CheckedUrl;
}

/** What ArchiveMatcher.check answers (its ArchiveVerdicts, as far as a row reads it). */
export interface CheckedUrl {
  url: string;
  outcome: RowOutcome;
  reason?: string;
  verdicts: readonly {
    agent: string;
    allowed: boolean | null;
    line: number;
    rule: { type: string; pattern: string } | null;
    optedOut?: boolean;
  }[];
}

/** A row's outcome (resolve.ts): its origin's, or `invalid` for a row with no URL string. */
export type { RowOutcome };

/** URLs answered per outcome (a URL counts once, whatever the number of agents). */
export type OutcomeCounts = Record<ArchiveOutcome, number> & { invalid?: number };

/** The outcomes, numbered as Answers.outcomes holds them. */
export const OUTCOMES: readonly RowOutcome[] = ['ok', 'unavailable', 'unreachable', 'unknown', 'invalid'];
export const OUTCOME_UNKNOWN = 3;
export const OUTCOME_INVALID = 4;

/** A chunk's answers. */
export interface Answers {
  /** Each line's outcome (an index into OUTCOMES). */
  outcomes: Uint8Array;
  /** codes[line * agents + agent]: 1 allowed, 0 disallowed, 2 allowed but opted out of the purpose, 3 unknown. */
  codes: Uint8Array;
  /** With `detail`: each line's and agent's --json record tail. */
  tails: Uint8Array[] | undefined;
}

/** The URLs of one origin as matchLines reads them, LF after each (grown as needed, reused); and which line each is. */
let joined = Buffer.allocUnsafeSlow(1 << 16);
let joinedLines = new Int32Array(1024);
let verdicts = new Uint8Array(1024);

/** Every line's outcome and each agent's verdict (`detail`: and its --json tail); `counts` is added each line's outcome. */
export function answer(join: RowsJoin, batch: Batch, detail: boolean, counts?: OutcomeCounts): Answers {
  const n = join.labels.length;
  const count = batch.count;
  const outcomes = new Uint8Array(count);
  const codes = new Uint8Array(count * n);
  const tails = detail ? new Array<Uint8Array>(count * n) : undefined;
  const purpose = join.purpose;
  const options = purpose === undefined ? undefined : { purpose };
  const lines = batch.groupLines;
  // check() alone answers --json without a purpose; every other answer comes a group at a time.
  const batched = !detail || purpose !== undefined;
  for (let g = 0; g < batch.origins.length; g++) {
    const origin = batch.origins[g];
    if (origin === undefined) {
      answerNoOrigin(join, batch, g, outcomes, codes, tails, counts);
      continue;
    }
    const entry = join.entry(origin);
    const outcome = entry?.outcome ?? notInArchive();
    const from = batch.groupStarts[g]!;
    const to = batch.groupStarts[g + 1]!;
    if (counts) counts[outcome] += to - from;
    const o = OUTCOMES.indexOf(outcome);
    for (let k = from; k < to; k++) outcomes[lines[k]!] = o;
    if (outcome !== 'ok') {
      const code = outcome === 'unknown' ? 3 : outcome === 'unavailable' ? 1 : 0;
      const fixed =
        tails === undefined ? undefined : fixedTailsOf(outcome, join.labels, purpose !== undefined, entry?.reason);
      for (let k = from; k < to; k++) {
        const i = lines[k]!;
        codes.fill(code, i * n, i * n + n);
        if (fixed) for (let a = 0; a < n; a++) tails![i * n + a] = fixed[a]!;
      }
      continue;
    }
    const matchers = entry!.agentMatchers;
    if (batched) {
      const joinedCount = joinGroup(batch, lines, from, to);
      if (joinedCount > 0) {
        const input = joined.subarray(0, joinedLength);
        if (verdicts.length < joinedCount) verdicts = new Uint8Array(joinedCount * 2);
        for (let a = 0; a < n; a++) {
          const got = matchers[a]!.matchLines(input, verdicts, options);
          for (let j = 0; j < joinedCount; j++) codes[joinedLines[j]! * n + a] = got[j]!;
        }
      }
      if (joinedCount < to - from) {
        // A URL holding a LF (a record's) cannot be one of the lines: check() alone, and nothing to opt out of, as ArchiveMatcher.check says.
        for (let k = from; k < to; k++) {
          const i = lines[k]!;
          const url = batch.url(i);
          if (!url.includes('\n')) continue;
          for (let a = 0; a < n; a++) codes[i * n + a] = matchers[a]!.check(url).allowed ? 1 : 0;
        }
      }
    }
    if (tails === undefined) continue;
    const held = (entry!.tails ??= new Map());
    let added = 0;
    for (let k = from; k < to; k++) {
      const i = lines[k]!;
      const url = batch.url(i);
      for (let a = 0; a < n; a++) {
        const v = matchers[a]!.check(url);
        let optedOut: boolean | undefined;
        if (purpose === undefined) codes[i * n + a] = v.allowed ? 1 : 0;
        else optedOut = v.allowed && codes[i * n + a] === 2;
        // The deciding line says which rule decided (one rule per line; 0: none).
        const key = ((v.line * 2 + (v.allowed ? 1 : 0)) * 3 + (optedOut === undefined ? 0 : optedOut ? 2 : 1)) * n + a;
        let tail = held.get(key);
        if (tail === undefined) {
          tail = tailOf(join.labels[a]!, v.allowed, v.line, v.rule, outcome, optedOut);
          held.set(key, tail);
          added++;
        }
        tails[i * n + a] = tail;
      }
    }
    if (added) join.noteTails(added); // after the group: it may let this entry's tails go too
  }
  return { outcomes, codes, tails };
}

/**
 * The lines of group g, which have no origin: a row with no usable URL (no
 * "url" string, or a URL that is not an absolute http(s) URL) is `invalid`,
 * a blank line (which --verdicts answers too) `unknown`; both allowed null.
 */
function answerNoOrigin(
  join: RowsJoin,
  batch: Batch,
  g: number,
  outcomes: Uint8Array,
  codes: Uint8Array,
  tails: Uint8Array[] | undefined,
  counts: OutcomeCounts | undefined,
): void {
  const n = join.labels.length;
  const purpose = join.purpose !== undefined;
  const fixed = tails && {
    invalid: fixedTailsOf('invalid', join.labels, purpose),
    unknown: fixedTailsOf(notInArchive(), join.labels, purpose),
  };
  for (let k = batch.groupStarts[g]!; k < batch.groupStarts[g + 1]!; k++) {
    const i = batch.groupLines[k]!;
    const outcome = batch.blank(i) ? notInArchive() : 'invalid';
    outcomes[i] = outcome === 'invalid' ? OUTCOME_INVALID : OUTCOME_UNKNOWN;
    codes.fill(3, i * n, i * n + n);
    if (fixed) for (let a = 0; a < n; a++) tails![i * n + a] = fixed[outcome][a]!;
    if (counts) counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
}

/** Bytes of `joined` the last joinGroup wrote. */
let joinedLength = 0;

/**
 * Writes the URLs of lines[from, to) into `joined` as matchLines reads
 * them: each as UTF-8, then its line break (endLine: a URL ending in CR keeps
 * it); a URL holding a LF is
 * left out. Returns how many were written (their lines in joinedLines).
 */
function joinGroup(batch: Batch, lines: Int32Array, from: number, to: number): number {
  const bytes = batch.bytes;
  if (joinedLines.length < to - from) joinedLines = new Int32Array((to - from) * 2);
  let at = 0;
  let count = 0;
  for (let k = from; k < to; k++) {
    const i = lines[k]!;
    if (batch.urls !== undefined) {
      const url = batch.urls[i]!;
      if (url.includes('\n')) continue;
      room(at + url.length * 3 + 2);
      at += encoder.encodeInto(url, joined.subarray(at)).written;
    } else {
      const recoded = batch.recoded.get(i);
      if (recoded !== undefined) {
        room(at + recoded.length + 2);
        joined.set(recoded, at);
        at += recoded.length;
      } else {
        const s = batch.starts[i]!;
        const e = batch.ends[i]!;
        room(at + e - s + 2);
        at = copyBytes(joined, at, bytes, s, e);
      }
    }
    at = endLine(joined, at);
    joinedLines[count++] = i;
  }
  joinedLength = at;
  return count;
}

/** Makes `joined` hold at least `size` bytes, keeping what it holds. */
function room(size: number): void {
  if (size <= joined.length) return;
  const bigger = Buffer.allocUnsafeSlow(Math.max(size, joined.length * 2));
  joined.copy(bigger);
  joined = bigger;
}
