// The example policy (test/fixtures/generate/policy.json, which the
// CLI tests pass to `robotsmatch generate` as a file): one copy for every test
// that generates from it.
import { readFileSync } from 'node:fs';
import type { Policy } from '../../src/generate.js';

export const EXAMPLE_POLICY: Policy = JSON.parse(
  readFileSync(new URL('../fixtures/generate/policy.json', import.meta.url), 'utf8'),
) as Policy;
