// The default core: the .wasm inlined as a string, compiled on first use
// (synchronously; the module is small) or ahead of time by init().

import { WASM_BYTES } from './wasm-bytes.generated.js';
import { setCoreLoader, setCoreExports, hasCore, getCore, type CoreExports } from './wasm.js';

/** The inlined core: one character per byte. */
function wasmBytes(): Uint8Array<ArrayBuffer> {
  // Node and Bun decode natively; elsewhere a plain loop.
  const NodeBuffer = (globalThis as { Buffer?: { from(text: string, encoding: 'latin1'): Uint8Array } }).Buffer;
  if (NodeBuffer) return new Uint8Array(NodeBuffer.from(WASM_BYTES, 'latin1'));
  const bytes = new Uint8Array(WASM_BYTES.length);
  for (let i = 0; i < WASM_BYTES.length; i++) bytes[i] = WASM_BYTES.charCodeAt(i);
  return bytes;
}

setCoreLoader(() => new WebAssembly.Instance(new WebAssembly.Module(wasmBytes()), {}).exports as unknown as CoreExports);

/**
 * Compiles the core asynchronously. Optional: parse() compiles it on first
 * use; call this first where synchronous compilation is not allowed or you
 * want it off the first request's path.
 */
export async function init(): Promise<void> {
  if (hasCore()) return;
  const { instance } = await WebAssembly.instantiate(wasmBytes(), {});
  setCoreExports(instance.exports as unknown as CoreExports);
}

/** Compiles the core now, synchronously (parse() would do it on first use). */
export function initSync(): void {
  getCore();
}
