// Bytes the archive join writes: one encoder, and the copy of a line's bytes
// into an output buffer that rows.ts and verdicts.ts both make per URL.

export const encoder = new TextEncoder();

/** Lines longer than this are copied by TypedArray.set; shorter ones byte by byte (a native call costs more than their bytes). */
const COPY_BY_SET = 24;

/** Copies `bytes[start, end)` into `out` at `at`; returns where the copy ends. */
export function copyBytes(out: Uint8Array, at: number, bytes: Uint8Array, start: number, end: number): number {
  if (end - start > COPY_BY_SET) out.set(bytes.subarray(start, end), at);
  else for (let p = start, q = at; p < end; p++, q++) out[q] = bytes[p]!;
  return at + end - start;
}
