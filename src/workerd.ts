// robotsmatch for Cloudflare Workers (workerd) and Vercel Edge: the core is
// imported as a .wasm module (resolved by the `workerd` and `edge-light` export conditions).
import './core/load-module.js';
export * from './api.js';
export { init, initSync } from './core/load-module.js';
