// The origins of one chunk of the join's input, numbered in order of first
// appearance, so that the URLs of one origin can be answered together. A
// URL's origin depends only on its start, `scheme://host[:port]` up to the
// first '/', '?' or '#', so the origin is worked out once per distinct start
// (hashed from the input's bytes: a URL costs no string to be grouped) and
// looked up for every other URL with that start: plainOrigin for a start
// already in the form the WHATWG parser writes, else originOf (upper case,
// an IP address, punycode, user info, `HTTP://`). A URL whose start alone
// might be read differently from the whole URL (no `http(s)://`, an empty
// host, a start ending in a space or control the parser would trim from it
// alone) goes through originOf by itself.

import { originOf, plainOrigin } from './origin.js';

/** `http://` or `https://` in either case, then the start up to the first '/', '?' or '#' (a host, not empty). */
const START = /^https?:\/\/[^/?#]+/i;

/**
 * The origin of every URL that starts with `start` (the whole URL when
 * `whole`), or null when the start alone may be read differently from a
 * URL it starts (then each such URL is asked by itself).
 */
function originOfStart(start: string, whole: boolean): string | undefined | null {
  const plain = plainOrigin(start);
  if (plain !== undefined) return plain;
  // The WHATWG parser trims C0 controls and spaces from the end of what it
  // is given: a start cut before '/' is not the whole URL's end.
  if (!whole && start.charCodeAt(start.length - 1) <= 0x20) return null;
  return originOf(start);
}

export class OriginTable {
  /** Slot: 0 empty, else 1 + the index of its start in keyStarts/keyEnds. */
  #slots = new Int32Array(4096);
  #keyStarts: number[] = [];
  #keyEnds: number[] = [];
  #keyGroups: number[] = [];
  #bytes: Buffer | undefined;
  /** Starts given as text (URLs of JSON Lines records), and their groups (-1: per URL). */
  readonly #textStarts = new Map<string, number>();
  readonly #ids = new Map<string | undefined, number>();
  readonly #origins: (string | undefined)[] = [];

  /** The origins, by group. */
  get origins(): readonly (string | undefined)[] {
    return this.#origins;
  }

  /** The group of the URL bytes[s, e), line k of `lines` (its text asked for only when its start does not tell). */
  ofBytes(bytes: Buffer, s: number, e: number, lines: { line(k: number): string }, k: number): number {
    const end = startEnd(bytes, s, e);
    if (end < 0) return this.ofText(originOf(lines.line(k)));
    this.#bytes = bytes;
    let h = 0x811c9dc5;
    let high = 0;
    for (let i = s; i < end; i++) {
      const c = bytes[i]!;
      high |= c;
      h = Math.imul(h ^ c, 0x01000193);
    }
    const mask = this.#slots.length - 1;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const held = this.#slots[slot]!;
      if (held === 0) {
        // Not ASCII: the start's text as UTF-8 says, as the URL's does (it is cut at an ASCII byte).
        const start = bytes.toString(high < 0x80 ? 'latin1' : 'utf8', s, end);
        const origin = originOfStart(start, end === e);
        const key = this.#keyStarts.length;
        this.#keyStarts.push(s);
        this.#keyEnds.push(end);
        this.#keyGroups.push(origin === null ? -1 : this.ofText(origin));
        this.#slots[slot] = key + 1;
        if (key * 2 > mask) this.#rehash();
        return origin === null ? this.ofText(originOf(lines.line(k))) : this.#keyGroups[key]!;
      }
      const key = held - 1;
      const ks = this.#keyStarts[key]!;
      if (this.#keyEnds[key]! - ks === end - s && same(bytes, ks, s, end - s)) {
        const group = this.#keyGroups[key]!;
        return group < 0 ? this.ofText(originOf(lines.line(k))) : group;
      }
    }
  }

  /** The group of a URL given as text. */
  ofString(url: string): number {
    const m = START.exec(url);
    if (m === null) return this.ofText(originOf(url));
    const start = m[0];
    let group = this.#textStarts.get(start);
    if (group === undefined) {
      const origin = originOfStart(start, start.length === url.length);
      group = origin === null ? -1 : this.ofText(origin);
      this.#textStarts.set(start, group);
    }
    return group < 0 ? this.ofText(originOf(url)) : group;
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

  /** The lines grouped by origin (a counting sort of `groupOf`): where each group's lines start in `lines`, and the lines. */
  groups(groupOf: Int32Array, count: number): { starts: Int32Array; lines: Int32Array } {
    const m = this.#origins.length;
    const starts = new Int32Array(m + 1);
    for (let i = 0; i < count; i++) starts[groupOf[i]! + 1]!++;
    for (let g = 0; g < m; g++) starts[g + 1]! += starts[g]!;
    const next = starts.slice(0, m);
    const lines = new Int32Array(count);
    for (let i = 0; i < count; i++) lines[next[groupOf[i]!]!++] = i;
    return { starts, lines };
  }
}

/** Whether bytes[a, a + length) and bytes[b, b + length) are the same. */
function same(bytes: Uint8Array, a: number, b: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (bytes[a + i] !== bytes[b + i]) return false;
  return true;
}

/**
 * Where the start of the URL bytes[s, e) ends: the first '/', '?' or '#'
 * after `http://` or `https://` (either case), or e; -1 when the URL does
 * not start so or its host is empty (`http:///x`: the parser skips the
 * extra slashes, so the start alone would not say).
 */
function startEnd(bytes: Uint8Array, s: number, e: number): number {
  if (
    e - s < 8 ||
    (bytes[s]! | 0x20) !== 0x68 ||
    (bytes[s + 1]! | 0x20) !== 0x74 ||
    (bytes[s + 2]! | 0x20) !== 0x74 ||
    (bytes[s + 3]! | 0x20) !== 0x70
  )
    return -1;
  let p = s + 4;
  if ((bytes[p]! | 0x20) === 0x73) p++;
  if (bytes[p] !== 0x3a || bytes[p + 1] !== 0x2f || bytes[p + 2] !== 0x2f) return -1;
  const host = p + 3;
  for (p = host; p < e; p++) {
    const c = bytes[p];
    if (c === 0x2f || c === 0x3f || c === 0x23) break;
  }
  return p === host ? -1 : p;
}
