// A workerd worker that runs the shared robotsmatch/edge cases with the
// package as workerd resolves it ('robotsmatch' and 'robotsmatch/edge' under
// the workerd condition, and 'robotsmatch/crawlers', 'robotsmatch/explain'
// and 'robotsmatch/usage' too: one core, imported as a .wasm module, which
// audit(), explain() and usage() use on a parsed file). POST the User-Agent
// samples as JSON; get back { results, failures }.
import { parse } from 'robotsmatch';
import { createEnforcer, blockedResponse, EnforcerOptionError } from 'robotsmatch/edge';
import { audit } from 'robotsmatch/crawlers';
import { explain } from 'robotsmatch/explain';
import { usage, purpose } from 'robotsmatch/usage';
import { runEdgeCases } from './cases.mjs';

export default {
  async fetch(request) {
    const agents = await request.json();
    return Response.json(
      await runEdgeCases(
        { parse, createEnforcer, blockedResponse, EnforcerOptionError, audit, explain, usage, purpose },
        agents,
      ),
    );
  },
};
