// The core for runtimes that refuse to compile WebAssembly from bytes
// (Cloudflare's workerd, Vercel Edge): the .wasm is imported as a module,
// which their bundlers compile ahead of time.

import wasmModule from './robotsmatch.wasm';
import { setCoreLoader, getCore, type CoreExports } from './wasm.js';

setCoreLoader(() => new WebAssembly.Instance(wasmModule, {}).exports as unknown as CoreExports);

/** Nothing to wait for here; kept so every entry point has the same API. */
export async function init(): Promise<void> {
  getCore();
}

export function initSync(): void {
  getCore();
}
