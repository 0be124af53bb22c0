// The default core: the .wasm inlined as a string, compiled on first use
// (synchronously; the module is small) or ahead of time by init().

import { WASM, WASM_TABLE, WASM_TEXT } from './wasm-bytes.generated.js';
import { setCoreLoader, setCoreExports, hasCore, getCore, type CoreExports } from './wasm.js';

/**
 * The inlined core: a character per byte, renamed back through the table, or
 * the escape and then the byte + 128 (scripts/embed-wasm.mjs).
 */
function wasmBytes(): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(WASM_TEXT.length);
  let length = 0;
  for (let i = 0; i < WASM_TEXT.length; ) {
    const code = WASM_TEXT.charCodeAt(i++);
    // A Uint8Array keeps the low 8 bits: an escaped byte below 128 comes back from code + 128 >= 256.
    bytes[length++] = code === WASM.ESCAPE ? WASM_TEXT.charCodeAt(i++) + 128 : WASM_TABLE.charCodeAt(code);
  }
  return bytes.subarray(0, length);
}

// Where there is no WebAssembly (node --jitless, some locked-down hosts) no loader
// is set, and getCore() says to import robotsmatch/js instead.
if (globalThis.WebAssembly)
  setCoreLoader(
    () => new WebAssembly.Instance(new WebAssembly.Module(wasmBytes()), {}).exports as unknown as CoreExports,
  );

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
