// Runs the shared cases with the robotsmatch build given as the first
// argument and prints the results as JSON (for Node, Deno and Bun alike).
import { runCases } from './cases.mjs';

const entry = new URL(process_argv()[0], import.meta.url).href;
const robotsmatch = await import(entry);
const result = { results: runCases(robotsmatch), webassembly: typeof WebAssembly !== 'undefined' };
console.log(JSON.stringify(result));

function process_argv() {
  if (typeof Deno !== 'undefined') return Deno.args;
  return globalThis.process.argv.slice(2);
}
