// Newline-separated input, the one rule for every reader of it in
// TypeScript (the batches of rules/bulk.ts, the command line's chunks, the
// archive join's lines); the core's checkLines and filterLines follow the
// same rule (contentEnd in assembly/lines.ts), and the conformance vectors
// hold them together. A line ends at LF; a CR just before the LF is the line
// break's, not the line's (CRLF files); a final LF starts no line.

export const LF = 10;
export const CR = 13;

/** Bytes of whole lines per core call or worker message: enough to amortise either. */
export const LINES_CHUNK = 1 << 20;

/** Where the line [start, end) (`end`: its LF, or the input's end) ends without the CR of a CRLF break. */
export function contentEnd(bytes: Uint8Array, start: number, end: number): number {
  return end > start && bytes[end - 1] === CR ? end - 1 : end;
}

/**
 * Ends a line just written into `out` before `at`: LF, after one more CR when
 * the line itself ends in CR (the reader takes a CR before LF as the line
 * break's, so the line keeps its own). Returns where the line break ends.
 */
export function endLine(out: Uint8Array, at: number): number {
  if (at > 0 && out[at - 1] === CR) out[at++] = CR;
  out[at++] = LF;
  return at;
}

/**
 * Where a chunk of whole lines of `input` from `from` ends, about `to`: just
 * after the last LF before `to`, else (a line longer than a chunk makes the
 * chunk longer, never two lines) just after the first LF from `to`; the
 * input's end when that comes first. Each byte is searched about once.
 */
export function chunkEnd(input: string | Uint8Array, from: number, to: number): number {
  if (to >= input.length) return input.length;
  const text = typeof input === 'string';
  const cut = text ? input.lastIndexOf('\n', to - 1) : input.lastIndexOf(LF, to - 1);
  if (cut >= from) return cut + 1;
  const next = text ? input.indexOf('\n', to) : input.indexOf(LF, to);
  return next < 0 ? input.length : next + 1;
}
