// robotsmatch for Node, Deno, Bun, bundlers and browsers: the core is inlined.
import './core/load-inline.js';
export * from './api.js';
export { init, initSync } from './core/load-inline.js';
