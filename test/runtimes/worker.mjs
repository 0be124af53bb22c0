// A workerd worker that runs the shared cases with the package's workerd entry.
import * as robotsmatch from 'robotsmatch';
import { runCases } from './cases.mjs';

export default {
  async fetch() {
    return Response.json({ results: runCases(robotsmatch), webassembly: typeof WebAssembly !== 'undefined' });
  },
};
