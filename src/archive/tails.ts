// The end of a --json record, after its URL: `","agent":...,"outcome":...}`
// and the line break. It depends only on the agent, the verdict (allowed,
// the deciding line and rule, optedOut) and the origin's outcome, so it is
// encoded once and copied after every URL it ends; a record of a JSON
// Lines input takes it from its first comma, after the record's own fields.

import type { RowOutcome } from './resolve.js';
import { encoder } from './copy.js';

/** A record's tail, as bytes. */
export function tailOf(
  agent: string,
  allowed: boolean | null,
  line: number,
  rule: { type: string; pattern: string } | null,
  outcome: RowOutcome,
  optedOut: boolean | undefined,
  reason?: string,
): Uint8Array {
  // Looked up by what it says (cheaper to write than its JSON); written out on a miss.
  const key = `${agent}\n${allowed}\n${line}\n${outcome}\n${optedOut}\n${reason ?? ''}\n${rule === null ? '' : `${rule.type}\n${rule.pattern}`}`;
  let bytes = interned.get(key);
  if (bytes === undefined) {
    const rest = `","agent":${JSON.stringify(agent)},"allowed":${allowed},"line":${line},"rule":${rule === null ? 'null' : JSON.stringify({ type: rule.type, pattern: rule.pattern })},"outcome":"${outcome}"${reason === undefined ? '' : `,"reason":${JSON.stringify(reason)}`}`;
    bytes = encoded(`${rest}${optedOut === undefined ? '' : `,"optedOut":${optedOut}`}}\n`);
    if (interned.size >= INTERNED) interned.clear();
    interned.set(key, bytes);
  }
  return bytes;
}

/** The tails of an origin that answers without a file (unavailable, unreachable with its reason, unknown, and a row with no URL: invalid), one per agent: they depend on nothing else. */
export function fixedTailsOf(
  outcome: RowOutcome,
  labels: readonly string[],
  withPurpose: boolean,
  reason?: string,
): Uint8Array[] {
  const allowed = outcome === 'unknown' || outcome === 'invalid' ? null : outcome === 'unavailable';
  return labels.map((agent) => tailOf(agent, allowed, 0, null, outcome, withPurpose ? false : undefined, reason));
}

/**
 * Tails as bytes, the same one once (most origins' files share their
 * deciding rules: `Disallow: /` at line 3, and the like), bounded: the
 * table starts again past INTERNED tails. The bytes are cut from slabs of
 * our own: a small Buffer per tail (Node's pool) made V8 collect garbage
 * for its external memory every few thousand tails. The cache's entries hold
 * at most 65,536 tails in all (CompiledCache.noteTails), so the slabs alive
 * are those of the tails this table and the entries hold: a few megabytes.
 */
const INTERNED = 1 << 16;
const interned = new Map<string, Uint8Array>();
let slab = new Uint8Array(0);
let slabAt = 0;
function encoded(text: string): Uint8Array {
  if (slabAt + text.length * 3 > slab.length) {
    slab = new Uint8Array(Math.max(1 << 16, text.length * 3));
    slabAt = 0;
  }
  const { written } = encoder.encodeInto(text, slab.subarray(slabAt));
  const bytes = slab.subarray(slabAt, slabAt + written);
  slabAt += written;
  return bytes;
}
