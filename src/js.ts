// robotsmatch without WebAssembly (robotsmatch/js): the same core as plain JavaScript.
import './core/load-js.js';
export * from './api.js';
export { init, initSync } from './core/load-js.js';
