// The join written as JSON Lines, from bytes to bytes: newline-separated
// URLs in (as read from a file or a pipe), one record per URL and agent out,
// {"url", "agent", "allowed", "line", "rule", "outcome"[, "optedOut"]}, the
// records `filter --robots-archive --json` writes. The verdicts are the
// core's (AgentMatcher.check, as ArchiveMatcher.check answers); what this
// saves is the JavaScript around them: no object and no string per record.
// A URL that needs no JSON escaping (printable ASCII without `"` or `\`,
// nearly all of them) is copied as it came; the rest of a record depends
// only on the origin, the agent and the deciding line, so it is encoded
// once per origin and verdict and copied after it.

import type { Purpose } from '../usage.js';
import type { OriginEntry } from './compiled-cache.js';
import { originOf, plainOrigin } from './origin.js';
import { notInArchive } from '../fetch/outcome.js';
import type { ArchiveOutcome } from './resolve.js';

/** Bytes of output per piece handed out (a record longer than this gets a piece of its own). */
const PIECE = 1 << 20;
/** Lines are decoded one at a time: a byte-order mark is the input's to strip (at its start), not each line's. */
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const encoder = new TextEncoder();
const HEAD = Buffer.from('{"url":"');

/** Bytes a URL cannot be copied into a JSON string with: controls, `"`, `\` and anything not ASCII (decoded and escaped as JSON.stringify does). */
const NEEDS_CARE = new Uint8Array(256);
for (let c = 0; c < 256; c++) NEEDS_CARE[c] = c < 0x20 || c > 0x7f || c === 0x22 || c === 0x5c ? 1 : 0;

/** What the JSON Lines join needs of an ArchiveMatcher. */
export interface JsonLinesJoin {
  /** The agents' labels, in order. */
  labels: readonly string[];
  purpose: Purpose | undefined;
  /** The origin's entry (compiled on a miss, held by the bounded cache). */
  entry(origin: string): OriginEntry;
}

/** URLs answered per outcome (a URL counts once, whatever the number of agents). */
export type OutcomeCounts = Record<ArchiveOutcome, number>;

/** What a join keeps between calls: its fixed tails, and the buffer the records are written into (handed out a piece at a time). */
interface JoinState {
  fixed: Map<ArchiveOutcome, Uint8Array[]>;
  piece: Buffer | undefined;
  /** An iteration is writing into `piece` (another one at the same time gets a buffer of its own). */
  busy: boolean;
}
const states = new WeakMap<JsonLinesJoin, JoinState>();

/**
 * The records for every URL of `input` (newline-separated, LF or CRLF;
 * blank lines are skipped), in input order, as pieces of up to about a
 * megabyte. A piece is a view of a buffer the join writes the next piece
 * into: write it (and wait until written) or copy it before asking for the
 * next. The URLs of one origin are answered together, as checkMany does.
 * `counts` (when given) is added each URL's outcome.
 */
export function* jsonLinesOf(join: JsonLinesJoin, input: Uint8Array, counts?: OutcomeCounts): Generator<Uint8Array, void, undefined> {
  const bytes = Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const n = join.labels.length;
  let state = states.get(join);
  if (state === undefined) states.set(join, (state = { fixed: new Map(), piece: undefined, busy: false }));
  // The lines: where each starts and ends (without its CR), and its origin's
  // group. An origin is told by the bytes up to its host's end, hashed, so
  // that a URL costs no string until it is checked; the text of a line that
  // needs care (escaping, or not ASCII) is decoded and kept.
  const origins = new OriginTable();
  const cared = new Map<number, string>();
  // Where each line starts and ends and its origin's group (room for lines of 32 bytes on average, grown if shorter).
  let starts: Int32Array = new Int32Array(Math.max(256, bytes.length >>> 5));
  let ends: Int32Array = new Int32Array(starts.length);
  let groupOf: Int32Array = new Int32Array(starts.length);
  let count = 0;
  for (let s = 0; s < bytes.length; ) {
    let e = bytes.indexOf(10, s);
    if (e < 0) e = bytes.length;
    const next = e + 1;
    if (e > s && bytes[e - 1] === 13) e--;
    if (e > s) {
      if (count === starts.length) {
        starts = doubled(starts);
        ends = doubled(ends);
        groupOf = doubled(groupOf);
      }
      let plain = true;
      for (let i = s; i < e; i++) {
        if (NEEDS_CARE[bytes[i]!]) {
          plain = false;
          break;
        }
      }
      let group: number;
      if (plain) {
        group = origins.ofBytes(bytes, s, originEnd(bytes, s, e));
        if (group < 0) group = origins.ofText(originOf(bytes.toString('latin1', s, e)));
      } else {
        const text = decoder.decode(bytes.subarray(s, e));
        cared.set(count, text);
        group = origins.ofText(originOf(text));
      }
      starts[count] = s;
      ends[count] = e;
      groupOf[count] = group;
      count++;
    }
    s = next;
  }
  // Each record's tail, decided origin by origin.
  const tails = new Array<Uint8Array>(count * n);
  // A line that needs care is written as JSON.stringify writes its text.
  const quoted = new Map<number, string>();
  for (const [i, text] of cared) quoted.set(i, JSON.stringify(text).slice(1, -1));
  const groups = origins.groups(groupOf, count);
  for (let g = 0; g < groups.origins.length; g++) {
    const origin = groups.origins[g];
    const entry = origin === undefined ? undefined : join.entry(origin);
    const outcome = entry?.outcome ?? notInArchive();
    const from = groups.starts[g]!;
    const to = groups.starts[g + 1]!;
    if (counts) counts[outcome] += to - from;
    if (outcome !== 'ok') {
      const fixed = fixedTailsOf(outcome, join, state);
      for (let k = from; k < to; k++) {
        const i = groups.lines[k]!;
        for (let a = 0; a < n; a++) tails[i * n + a] = fixed[a]!;
      }
      continue;
    }
    const held = (entry!.tails ??= new Map());
    const purpose = join.purpose;
    for (let k = from; k < to; k++) {
      const i = groups.lines[k]!;
      const url = cared.get(i) ?? bytes.toString('latin1', starts[i]!, ends[i]!);
      for (let a = 0; a < n; a++) {
        const matcher = entry!.agentMatchers[a]!;
        const v = matcher.check(url);
        // As ArchiveMatcher.check: with a purpose, whether the file opts the allowed URL out of it (a line holds no LF: one line to match).
        const optedOut = purpose === undefined ? undefined : v.allowed && matcher.matchLines(url, one, { purpose })[0] === 2;
        // The deciding line says which rule decided (one rule per line; 0: none).
        const key = ((v.line * 2 + (v.allowed ? 1 : 0)) * 3 + (optedOut === undefined ? 0 : optedOut ? 2 : 1)) * n + a;
        let tail = held.get(key);
        if (tail === undefined) {
          tail = tailOf(join.labels[a]!, v.allowed, v.line, v.rule, outcome, optedOut);
          held.set(key, tail);
        }
        tails[i * n + a] = tail;
      }
    }
  }
  // The records, in input order, into the join's buffer (or one of this
  // iteration's own while another iteration of the join is under way).
  const shared = !state.busy;
  const base = shared ? (state.piece ??= Buffer.allocUnsafeSlow(PIECE)) : Buffer.allocUnsafe(PIECE);
  if (shared) state.busy = true;
  try {
    yield* records();
  } finally {
    if (shared) state.busy = false;
  }

  function* records(): Generator<Uint8Array, void, undefined> {
    let piece = base;
    let at = 0;
    for (let i = 0; i < count; i++) {
      const q = quoted.get(i);
      const s = starts[i]!;
      const e = ends[i]!;
      // Room for the URL: its bytes, or at most 3 bytes per UTF-16 unit of its JSON text.
      const urlLength = q === undefined ? e - s : q.length * 3;
      for (let a = 0; a < n; a++) {
        const tail = tails[i * n + a]!;
        const length = HEAD.length + urlLength + tail.length;
        if (at + length > piece.length) {
          if (at > 0) yield piece.subarray(0, at);
          // A record longer than a piece (a URL of megabytes) gets a buffer of its own.
          piece = length > PIECE ? Buffer.allocUnsafe(length) : base;
          at = 0;
        }
        piece.set(HEAD, at);
        at += HEAD.length;
        if (q !== undefined) at += encoder.encodeInto(q, piece.subarray(at)).written;
        else {
          if (urlLength > 64) bytes.copy(piece, at, s, e);
          else for (let k = s, o = at; k < e; k++, o++) piece[o] = bytes[k]!;
          at += urlLength;
        }
        piece.set(tail, at);
        at += tail.length;
      }
    }
    if (at > 0) yield piece.subarray(0, at);
  }
}

function doubled(old: Int32Array): Int32Array {
  const bigger = new Int32Array(old.length * 2);
  bigger.set(old);
  return bigger;
}

/**
 * The origins of one input, numbered in order of first appearance. A plain
 * URL's origin is looked up by the bytes of its start (scheme and host):
 * hashed into an open-addressing table, the string made and read by
 * plainOrigin once per distinct start; a start plainOrigin does not read
 * (upper case, an IP address, ...) is marked so, and its URLs go through
 * originOf one by one.
 */
class OriginTable {
  /** Slot: 0 empty, else 1 + the index of its start in keyStarts/keyEnds. */
  #slots = new Int32Array(4096);
  #keyStarts: number[] = [];
  #keyEnds: number[] = [];
  #keyGroups: number[] = [];
  #bytes: Buffer | undefined;
  readonly #ids = new Map<string | undefined, number>();
  readonly #origins: (string | undefined)[] = [];

  /** The group of the origin whose URLs start with bytes[s, e) (scheme://host[:port]); -1 when plainOrigin does not read it. */
  ofBytes(bytes: Buffer, s: number, e: number): number {
    if (e === s) return -1;
    this.#bytes = bytes;
    let h = 0x811c9dc5;
    for (let i = s; i < e; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
    const mask = this.#slots.length - 1;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const held = this.#slots[slot]!;
      if (held === 0) {
        const origin = plainOrigin(bytes.toString('latin1', s, e));
        const key = this.#keyStarts.length;
        this.#keyStarts.push(s);
        this.#keyEnds.push(e);
        this.#keyGroups.push(origin === undefined ? -1 : this.ofText(origin));
        this.#slots[slot] = key + 1;
        if (key * 2 > mask) this.#rehash();
        return this.#keyGroups[key]!;
      }
      const k = held - 1;
      const ks = this.#keyStarts[k]!;
      if (this.#keyEnds[k]! - ks === e - s && same(bytes, ks, s, e - s)) return this.#keyGroups[k]!;
    }
  }

  /** The group of an origin given as text (undefined: the URL has none). */
  ofText(origin: string | undefined): number {
    let id = this.#ids.get(origin);
    if (id === undefined) {
      id = this.#origins.length;
      this.#ids.set(origin, id);
      this.#origins.push(origin);
    }
    return id;
  }

  #rehash(): void {
    const slots = new Int32Array(this.#slots.length * 2);
    const mask = slots.length - 1;
    const bytes = this.#bytes!;
    for (let k = 0; k < this.#keyStarts.length; k++) {
      let h = 0x811c9dc5;
      for (let i = this.#keyStarts[k]!; i < this.#keyEnds[k]!; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
      let slot = h & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = k + 1;
    }
    this.#slots = slots;
  }

  /** The lines grouped by origin (a counting sort of `groupOf`): the origins in order, where each one's lines start in `lines`, and the lines. */
  groups(groupOf: Int32Array, count: number): { origins: (string | undefined)[]; starts: Int32Array; lines: Int32Array } {
    const m = this.#origins.length;
    const starts = new Int32Array(m + 1);
    for (let i = 0; i < count; i++) starts[groupOf[i]! + 1]!++;
    for (let g = 0; g < m; g++) starts[g + 1]! += starts[g]!;
    const next = starts.slice(0, m);
    const lines = new Int32Array(count);
    for (let i = 0; i < count; i++) lines[next[groupOf[i]!]!++] = i;
    return { origins: this.#origins, starts, lines };
  }
}

/** Whether bytes[a, a + length) and bytes[b, b + length) are the same. */
function same(bytes: Uint8Array, a: number, b: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (bytes[a + i] !== bytes[b + i]) return false;
  return true;
}

const one = new Uint8Array(1);

/** Where a URL's origin part may end: the first '/', '?' or '#' after `scheme://` (the line's end when none; its start when it has no http(s) scheme). */
function originEnd(bytes: Uint8Array, s: number, e: number): number {
  // "http://" or "https://"
  if (e - s < 8 || bytes[s] !== 0x68 || bytes[s + 1] !== 0x74 || bytes[s + 2] !== 0x74 || bytes[s + 3] !== 0x70) return s;
  let p = s + 4;
  if (bytes[p] === 0x73) p++;
  if (bytes[p] !== 0x3a || bytes[p + 1] !== 0x2f || bytes[p + 2] !== 0x2f) return s;
  for (p += 3; p < e; p++) {
    const c = bytes[p];
    if (c === 0x2f || c === 0x3f || c === 0x23) return p;
  }
  return e;
}

/** A record after its URL: `","agent":...}` and the line break. */
function tailOf(agent: string, allowed: boolean | null, line: number, rule: { type: string; pattern: string } | null, outcome: ArchiveOutcome, optedOut: boolean | undefined): Uint8Array {
  // Looked up by what it says (cheaper to write than its JSON); written out on a miss.
  const key = `${agent}\n${allowed}\n${line}\n${outcome}\n${optedOut}\n${rule === null ? '' : `${rule.type}\n${rule.pattern}`}`;
  let bytes = interned.get(key);
  if (bytes === undefined) {
    const rest = `","agent":${JSON.stringify(agent)},"allowed":${allowed},"line":${line},"rule":${rule === null ? 'null' : JSON.stringify({ type: rule.type, pattern: rule.pattern })},"outcome":"${outcome}"`;
    bytes = encoded(`${rest}${optedOut === undefined ? '' : `,"optedOut":${optedOut}`}}\n`);
    if (interned.size >= INTERNED) interned.clear();
    interned.set(key, bytes);
  }
  return bytes;
}

/**
 * Tails as bytes, the same one once (most origins' files share their
 * deciding rules: `Disallow: /` at line 3, and the like), bounded: the
 * table starts again past INTERNED tails. The bytes are cut from slabs of
 * our own: a small Buffer per tail (Node's pool) made V8 collect garbage
 * for its external memory every few thousand tails.
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

/** The tails of records whose origin answers without a file (unavailable, unreachable, unknown), per outcome and agent: they depend on nothing else. */
function fixedTailsOf(outcome: ArchiveOutcome, join: JsonLinesJoin, state: JoinState): Uint8Array[] {
  const held = state.fixed;
  let tails = held.get(outcome);
  if (tails === undefined) {
    const allowed = outcome === 'unknown' ? null : outcome === 'unavailable';
    tails = join.labels.map((agent) => tailOf(agent, allowed, 0, null, outcome, join.purpose === undefined ? undefined : false));
    held.set(outcome, tails);
  }
  return tails;
}
