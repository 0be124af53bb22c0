// Loads the core once, synchronously, and moves bytes in and out of its
// memory. Everything that touches linear memory goes through here.

import { WASM_BASE64 } from './wasm-bytes.generated.js';

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
  verdicts(): number;
  normalizeInput(len: number): number;
  normalized(): number;
  pathOfInput(len: number): number;
  path(): number;
  trim(): void;
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

  constructor(instance: WebAssembly.Instance) {
    this.exports = instance.exports as unknown as CoreExports;
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

  /** The input buffer's bytes [start, end) as text. */
  readInput(start: number, end: number): string {
    const at = this.exports.input(0);
    return this.read(at + start, end - start);
  }
}

let core: Core | undefined;

function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  // Node and Bun decode natively, four times faster than the loop below.
  const NodeBuffer = (globalThis as { Buffer?: { from(text: string, encoding: 'base64'): Uint8Array } }).Buffer;
  if (NodeBuffer) {
    const decoded = NodeBuffer.from(text, 'base64');
    return new Uint8Array(decoded.buffer.slice(decoded.byteOffset, decoded.byteOffset + decoded.byteLength) as ArrayBuffer);
  }
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The one core instance, compiled on first use (synchronously: the module is small). */
export function getCore(): Core {
  if (!core) {
    const module = new WebAssembly.Module(decodeBase64(WASM_BASE64));
    core = new Core(new WebAssembly.Instance(module, {}));
  }
  return core;
}
