// Build outputs imported by the entry points (see scripts/embed-wasm.mjs).
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}
