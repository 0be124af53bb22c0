// The default core: the .wasm inlined as base64, compiled on first use
// (synchronously; the module is small) or ahead of time by init().

import { WASM_BASE64 } from './wasm-bytes.generated.js';
import { setCoreLoader, setCoreExports, hasCore, getCore, type CoreExports } from './wasm.js';

function wasmBytes(): Uint8Array<ArrayBuffer> {
  // Node and Bun decode natively, four times faster than the loop below.
  const NodeBuffer = (globalThis as { Buffer?: { from(text: string, encoding: 'base64'): Uint8Array } }).Buffer;
  if (NodeBuffer) {
    const decoded = NodeBuffer.from(WASM_BASE64, 'base64');
    return new Uint8Array(decoded.buffer.slice(decoded.byteOffset, decoded.byteOffset + decoded.byteLength) as ArrayBuffer);
  }
  const binary = atob(WASM_BASE64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
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
