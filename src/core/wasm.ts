// Loads the core once, synchronously, and moves bytes in and out of its
// memory. Everything that touches linear memory goes through here.

export interface CoreExports {
  readonly memory: WebAssembly.Memory;
  input(size: number): number;
  scan(len: number, mode: number, allLines: number): number;
  events(): number;
  compile(len: number, mode: number): number;
  eventCount(): number;
  dispose(block: number): void;
  size(robots: number): number;
  indexSize(index: number): number;
  select(robots: number, agentsLen: number, count: number): number; // builds an agent index
  check(index: number, urlLen: number): number;
  checkBatch(index: number, textLen: number, count: number): number;
  checkLines(index: number, textLen: number): number;
  verdicts(): number;
  normalizeInput(len: number): number;
  normalized(): number;
  pathOfInput(len: number): number;
  path(): number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class Core {
  readonly exports: CoreExports;
  #buffer: ArrayBuffer;
  #u8: Uint8Array;
  #u32: Uint32Array;
  /** A view of the input buffer, kept while it stays where it is (saves a subarray per URL). */
  #inputView: Uint8Array | undefined;
  #inputAt = -1;

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

  /**
   * Encodes a string as UTF-8 into the input buffer, keeping at most `limit`
   * bytes. Returns the byte length written and whether the string was cut.
   */
  writeString(text: string, limit = Infinity): { length: number; cut: boolean } {
    // UTF-8 needs at most 3 bytes per UTF-16 unit; +3 lets a cut land mid-character
    // exactly where a byte cut would, as it does for byte input.
    const room = Math.min(text.length * 3, limit + 3);
    const at = this.exports.input(room);
    const { read, written } = encoder.encodeInto(text, this.u8.subarray(at, at + room));
    const cut = written > limit || read < text.length;
    return { length: Math.min(written, limit), cut };
  }

  writeBytes(bytes: Uint8Array, limit = Infinity): { length: number; cut: boolean } {
    const length = Math.min(bytes.length, limit);
    const at = this.exports.input(length);
    this.u8.set(bytes.subarray(0, length), at);
    return { length, cut: length < bytes.length };
  }

  /** Writes a string that is never cut (a URL, agents) and returns its byte length. */
  writeShort(text: string): number {
    const room = Math.max(text.length * 3, 256);
    const at = this.exports.input(room);
    let view = this.#inputView;
    if (view === undefined || at !== this.#inputAt || view.length < room || this.#buffer !== this.exports.memory.buffer) {
      view = this.u8.subarray(at, at + room);
      this.#inputView = view;
      this.#inputAt = at;
    }
    return encoder.encodeInto(text, view).written;
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
    if (!loader) throw new Error('robotsmatch: no core for this entry point');
    core = new Core(loader());
  }
  return core;
}
