// Many URLs per core call: arrays in batches, and newline-separated text or
// bytes in chunks of whole lines, with no JavaScript string per URL. The
// fast paths of AgentMatcher (matchMany, matchLines, filterLines).

import type { Core } from '../core/wasm.js';
import { typeError } from '../common/errors.js';
import { concatBytes } from '../common/bytes.js';
import { chunkEnd, LINES_CHUNK } from '../common/lines.js';
import type { Compiled } from './compiled.js';
import { Export } from '../core/exports.js';

/** filterLines' result: the selected lines and counts. */
export interface FilteredLines {
  /** The lines kept, each ending in LF (labelled: `allowed\t` or `disallowed\t` in front of every line). */
  output: Uint8Array;
  /** Lines read, URLs among them (non-blank lines), URLs the crawler may fetch. */
  lines: number;
  urls: number;
  allowed: number;
  /** Only with a purpose: the allowed URLs the file opts out of it (counted in `allowed` too). */
  optedOut?: number;
}

/**
 * URLs per core call in a batch: they are joined into one string and copied
 * in one call (Core.writeUnits), and joins much longer than this cost more
 * than they save (npm run bench:transfer); a call per 512 URLs costs nothing
 * to speak of.
 */
const BATCH = 512;
/** Room for one batch of URLs as UTF-16 (a URL longer than this goes alone). */
const BATCH_BYTES = 1 << 20;

/**
 * Decides many URLs with one core call per batch: they go in NUL-separated,
 * as UTF-16 units (Core.writeUnits), and the core encodes them, splits them,
 * finds each path and writes a byte per URL.
 * A URL containing NUL makes the count come out wrong, and that batch is
 * redone one URL at a time.
 *
 * Each batch is copied out of `urls` first: an element getter or a Proxy
 * runs user code, which may dispose the robots or grow the core's memory.
 * `live` is asked for the index only after that, so no user code runs
 * between it and the core call.
 */
export function matchMany(compiled: Compiled, live: () => number, urls: readonly string[], out: Uint8Array): void {
  const core = compiled.core;
  const count = urls.length;
  for (let start = 0; start < count; ) {
    const batch = Array.prototype.slice.call(urls, start, Math.min(start + BATCH, count)) as unknown[];
    for (let i = 0; i < batch.length; i++) {
      if (typeof batch[i] !== 'string') throw typeError(`urls[${start + i}]`, 'a string', batch[i]);
    }
    const strings = batch as string[];
    let done = 0;
    while (done < strings.length) {
      const index = live();
      const end = core.writeUnits(strings, done, BATCH, BATCH_BYTES, 'urls', start);
      const held = core.exports[Export.checkBatch16](index, core.unitsWritten, end - done);
      if (held === end - done) {
        const at = core.exports[Export.verdicts]();
        out.set(core.u8.subarray(at, at + held), start + done);
      } else {
        for (let i = done; i < end; i++) out[start + i] = compiled.allowed(compiled.decide(index, strings[i]!)) ? 1 : 0;
      }
      done = end;
    }
    start += strings.length;
  }
}

/**
 * Decides every line of a newline-separated text or byte buffer, in chunks
 * of about LINES_CHUNK bytes cut at line breaks: no per-URL string at all,
 * so the cost is the core's plus one copy (bytes) or one encode (text).
 */
export function matchLines(
  compiled: Compiled,
  index: number,
  input: string | Uint8Array,
  out: Uint8Array | undefined,
  purpose: number,
): Uint8Array {
  const core = compiled.core;
  let result = out ?? new Uint8Array(1024);
  let count = 0;
  lineChunks(core, input, (length) => {
    const lines = core.exports[Export.checkLines](index, length, purpose, 0);
    if (count + lines > result.length) {
      if (out) throw new RangeError(`out has room for ${out.length} verdicts, more lines were given`);
      const bigger = new Uint8Array(Math.max(result.length * 2, count + lines));
      bigger.set(result.subarray(0, count));
      result = bigger;
    }
    const at = core.exports[Export.verdicts]();
    result.set(core.u8.subarray(at, at + lines), count);
    count += lines;
  });
  return out ? out.subarray(0, count) : result.slice(0, count);
}

/** The lines `keep` selects (or every line labelled with its verdict), as the core writes them. */
/** `purpose`: the core's PURPOSE_* mode, undefined when none was asked (no `optedOut` count then). */
export function filterLines(
  compiled: Compiled,
  index: number,
  input: string | Uint8Array,
  keep: number,
  purpose: number | undefined,
): FilteredLines {
  const core = compiled.core;
  const parts: Uint8Array[] = [];
  const totals = { lines: 0, urls: 0, allowed: 0 };
  let optedOut = 0;
  let length = 0;
  lineChunks(core, input, (inputLength) => {
    const written = core.exports[Export.filterLines](index, inputLength, keep, purpose ?? 0);
    const at = core.exports[Export.output]();
    parts.push(core.u8.slice(at, at + written));
    length += written;
    const counts = core.exports[Export.filterCounts]() >>> 2;
    const u32 = core.u32;
    totals.lines += u32[counts]!;
    totals.urls += u32[counts + 1]!;
    totals.allowed += u32[counts + 2]!;
    optedOut += u32[counts + 3]!;
  });
  const output = parts.length === 1 ? parts[0]! : concatBytes(parts, length);
  return purpose === undefined ? { output, ...totals } : { output, ...totals, optedOut };
}

/** Writes `input` into the core a chunk of whole lines at a time and calls `take` with each chunk's byte length. */
function lineChunks(core: Core, input: string | Uint8Array, take: (length: number) => void): void {
  const text = typeof input === 'string';
  if (!text && !(input instanceof Uint8Array)) throw typeError('lines', 'a string or a Uint8Array', input);
  for (let from = 0; from < input.length; ) {
    // LINES_CHUNK bytes (or UTF-16 units) of whole lines per core call.
    const to = chunkEnd(input, from, from + LINES_CHUNK);
    take(text ? core.writeShort(input.slice(from, to), 'lines') : core.writeBytes(input.subarray(from, to)).length);
    from = to;
  }
}
