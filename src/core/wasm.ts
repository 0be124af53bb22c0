// Loads the core once, synchronously, and moves bytes in and out of its
// memory. Everything that touches linear memory goes through here.

import { typeError } from '../common/errors.js';
import { MAX_INPUT_BYTES } from '../common/limits.js';
import { Export } from './exports.js';

export interface CoreExports {
  readonly memory: WebAssembly.Memory;
  [Export.input](size: number): number;
  [Export.scan](len: number, mode: number, lines: number): number; // lines 1: every line, 2: all but empty and comment lines
  [Export.events](): number;
  [Export.compile](len: number, mode: number): number;
  [Export.dispose](block: number): void; // a compiled robots, with every agent index select() built on it
  [Export.disposeIndex](index: number): void; // an agent index (and the full index check() built for it)
  [Export.select](robots: number, agentsLen: number, count: number, full: number): number; // builds an agent index (full 0: light)
  [Export.check](index: number, urlLen: number): number;
  // select() then check() in one call: the input holds the agents, then the URL; the index is at the verdict's V_INDEX
  [Export.selectCheck](robots: number, agentsLen: number, count: number, how: number, urlLen: number): number;
  [Export.checkBatch16](index: number, units: number, count: number): number;
  [Export.checkLines](index: number, textLen: number, purpose: number, numbered: number): number; // purpose: Layout.PURPOSE_*; numbered 1: a u32 per line, verdict | line << 2
  [Export.verdicts](): number;
  [Export.filterLines](index: number, textLen: number, keep: number, purpose: number): number;
  [Export.output](): number;
  [Export.filterCounts](): number;
  [Export.normalizeInput](len: number): number;
  [Export.normalized](): number;
  [Export.pathOfInput](len: number): number;
  [Export.path](): number;
  [Export.explainPath](robots: number, urlLen: number): number;
  [Export.matchedPathAt](): number;
  [Export.matchingRules](index: number): number; // after explainPath: the rules of the index's groups that match
  [Export.matches](): number;
  [Export.usageRules](index: number): number; // after explainPath: the Content-Usage rules that decide the path
  [Export.purposeTable](index: number): number; // sets the index up for a purpose; room for its preference per Content-Usage rule
}

const encoder = new TextEncoder();

export { MAX_INPUT_BYTES };
const decoder = new TextDecoder();

type CopyUnits = (this: Uint8Array, text: string, offset: number) => number;

/**
 * Batches of URLs go in as UTF-16 units (the core encodes them): Node's and
 * Bun's Buffer copy a string's units as they are, about twice as fast as
 * any way of encoding UTF-8 in JavaScript. Checked once on a probe;
 * elsewhere, or if it ever behaves differently, a plain loop copies them.
 */
function findCopyUnits(): CopyUnits {
  const copy = (globalThis as { Buffer?: { prototype?: { ucs2Write?: unknown } } }).Buffer?.prototype?.ucs2Write;
  try {
    const probe = new Uint8Array(2);
    if (
      typeof copy === 'function' &&
      (copy as CopyUnits).call(probe, '\u20ac', 0) === 2 &&
      probe[0] === 0xac &&
      probe[1] === 0x20
    )
      return copy as CopyUnits;
  } catch {
    // not usable on a plain Uint8Array here
  }
  return function (this: Uint8Array, text: string, offset: number): number {
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      this[offset++] = unit;
      this[offset++] = unit >> 8;
    }
    return text.length * 2;
  };
}

const copyUnits = findCopyUnits();

export class Core {
  readonly exports: CoreExports;
  #buffer: ArrayBuffer;
  #u8: Uint8Array;
  #u32: Uint32Array;
  /**
   * Where the core's input buffer is and how much of it is reserved. Only
   * this class reserves it, so it moves only when #reserve grows it: most
   * writes need no call into the core to find it.
   */
  #inputAt = 0;
  #inputRoom = 0;
  /** A view of the reserved input, renewed when it moves or memory grows. */
  #inputView: Uint8Array | undefined;

  constructor(exports: CoreExports) {
    this.exports = exports;
    this.#buffer = this.exports.memory.buffer;
    this.#u8 = new Uint8Array(this.#buffer);
    this.#u32 = new Uint32Array(this.#buffer);
  }

  /** Views over memory, renewed when it has grown (growth detaches old views). */
  get u8(): Uint8Array {
    if (this.#buffer !== this.exports.memory.buffer) this.#renew();
    return this.#u8;
  }

  get u32(): Uint32Array {
    if (this.#buffer !== this.exports.memory.buffer) this.#renew();
    return this.#u32;
  }

  #renew(): void {
    this.#inputView = undefined;
    this.#buffer = this.exports.memory.buffer;
    this.#u8 = new Uint8Array(this.#buffer);
    this.#u32 = new Uint32Array(this.#buffer);
  }

  /** Where the bytes written last are. */
  get inputAt(): number {
    return this.#inputAt;
  }

  /**
   * Room for `size` bytes of input. More than MAX_INPUT_BYTES, or more than
   * the core's memory can grow to, is a RangeError naming the argument
   * (`name`), never a trap inside the core.
   */
  #reserve(size: number, name: string): number {
    if (size > this.#inputRoom) {
      // One message for both limits: the core's own, and memory it cannot grow to.
      const tooLarge = () => new RangeError(`${name} is too large: the core takes at most 256 MiB, not ${size} bytes`);
      if (size > MAX_INPUT_BYTES) throw tooLarge();
      try {
        this.#inputAt = this.exports[Export.input](size);
      } catch (error) {
        throw error instanceof WebAssembly.RuntimeError ? tooLarge() : error;
      }
      this.#inputRoom = size;
      this.#inputView = undefined;
    }
    return this.#inputAt;
  }

  #inputViewOf(size: number, name: string): Uint8Array {
    const at = this.#reserve(size, name);
    let view = this.#inputView;
    if (view === undefined || this.#buffer !== this.exports.memory.buffer) {
      view = this.u8.subarray(at, at + this.#inputRoom);
      this.#inputView = view;
    }
    return view;
  }

  /**
   * Writes a robots.txt body (text as UTF-8, or bytes), keeping at most
   * `limit` bytes; tells the byte length written and whether it was cut.
   */
  writeBody(body: string | Uint8Array, limit: number): { length: number; cut: boolean } {
    if (typeof body === 'string') {
      // UTF-8 needs at most 3 bytes per UTF-16 unit; +3 lets a cut land mid-character
      // exactly where a byte cut would, as it does for byte input.
      const room = Math.min(body.length * 3, limit + 3);
      const { read, written } = encoder.encodeInto(body, this.#inputViewOf(room, 'body').subarray(0, room));
      return { length: Math.min(written, limit), cut: written > limit || read < body.length };
    }
    if (body instanceof Uint8Array) return this.writeBytes(body, limit, 'body');
    throw typeError('body', 'a string or a Uint8Array', body);
  }

  writeBytes(bytes: Uint8Array, limit = Infinity, name = 'lines'): { length: number; cut: boolean } {
    const length = Math.min(bytes.length, limit);
    const at = this.#reserve(length, name); // first: reserving may grow memory and renew u8
    this.u8.set(bytes.subarray(0, length), at);
    return { length, cut: length < bytes.length };
  }

  /** Writes a string that is never cut (a URL, agents) and returns its byte length; `name` is the argument, for errors. */
  writeShort(text: string, name = 'url'): number {
    return encoder.encodeInto(text, this.#inputViewOf(Math.max(text.length * 3, 256), name)).written;
  }

  /** Units written by the last writeUnits. */
  unitsWritten = 0;

  /**
   * Writes texts from `from` on as UTF-16 units separated by NUL units, for
   * checkBatch16: at most `max` of them, as many as fit in `room` bytes (one
   * at least); returns the index after the last one written. They are joined
   * and copied in one call: a native call per URL cost more than the join.
   * The caller has checked that they are strings; `name[offset + i]` names
   * one in an error.
   */
  writeUnits(texts: readonly string[], from: number, max: number, room: number, name: string, offset = 0): number {
    const end = Math.min(texts.length, from + max);
    let units = texts[from]!.length;
    let i = from + 1;
    for (; i < end; i++) {
      const next = units + 1 + texts[i]!.length;
      if (next * 2 + 2 > room) break;
      units = next;
    }
    const size = units * 2 + 2;
    const start = size > room ? this.#reserve(size, `${name}[${offset + from}]`) : this.#reserve(room, name); // first: reserving may grow memory and renew u8
    const u8 = this.u8;
    const text =
      i - from === 1 ? texts[from]! : (from === 0 && i === texts.length ? texts : texts.slice(from, i)).join('\0');
    const at = start + copyUnits.call(u8, text, start);
    u8[at] = 0;
    u8[at + 1] = 0;
    this.unitsWritten = units;
    return i;
  }

  read(at: number, length: number): string {
    return decoder.decode(this.u8.subarray(at, at + length));
  }
}

// Each entry point (index, workerd, js) installs the way its runtime gets the
// core: compiled from inlined bytes, imported as a module, or the pure-JS build.
type Loader = () => CoreExports;
let loader: Loader | undefined;
let core: Core | undefined;

export function setCoreLoader(load: Loader): void {
  loader = load;
}

/** Installs an already instantiated core (after an async init()). */
export function setCoreExports(exports: CoreExports): void {
  core ??= new Core(exports);
}

export function hasCore(): boolean {
  return core !== undefined;
}

/** The one core instance, loaded on first use. */
export function getCore(): Core {
  if (!core) {
    if (!loader) throw new Error('no WebAssembly: import robotsmatch/js');
    core = new Core(loader());
  }
  return core;
}
