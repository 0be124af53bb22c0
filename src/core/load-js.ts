// The core for hosts without WebAssembly: the same AssemblyScript build
// turned into plain JavaScript by binaryen's wasm2js. Same verdicts, slower.

import * as core from './robotsmatch.wasm2js.js';
import { setCoreLoader, getCore, type CoreExports } from './wasm.js';

setCoreLoader(() => core as unknown as CoreExports);

export async function init(): Promise<void> {
  getCore();
}

export function initSync(): void {
  getCore();
}
