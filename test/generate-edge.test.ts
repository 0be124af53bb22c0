// robotsmatch/edge with a policy: createEnforcer({ robots: generate(policy) })
// serves the robots.txt the policy proved and enforces it on the crawlers
// that request the site.
import { expect, test } from 'vitest';
import { createEnforcer, EnforcerOptionError } from '../src/edge.js';
import { generate, type Policy } from '../src/generate.js';
import { crawlerUserAgents } from './fixtures/user-agents.js';
import { EXAMPLE_POLICY } from './support/example-policy.js';

const POLICY: Policy = EXAMPLE_POLICY;
const header = (name: string) => crawlerUserAgents.find((s) => s.crawler === name)!.header;
const req = (path: string, userAgent: string) =>
  new Request(`https://www.example.com${path}`, { headers: { 'user-agent': userAgent } });

test('a policy: the generated file is served at /robots.txt and enforced', async () => {
  const generated = generate(POLICY);
  const enforcer = createEnforcer({ robots: generated, serveRobotsTxt: true, action: 'block', onViolation: () => {} });
  const served = await enforcer.handle(req('/robots.txt', header('Googlebot')));
  expect(served?.status).toBe(200);
  expect(await served!.text()).toBe(generated.text);
  // GPTBot (AI training) may fetch nothing; Googlebot may fetch / but not /private/; AdsBot-Google, which skips *, neither.
  expect((await enforcer.handle(req('/', header('GPTBot'))))?.status).toBe(403);
  expect(await enforcer.handle(req('/', header('Googlebot')))).toBeUndefined();
  expect((await enforcer.handle(req('/private/x', header('Googlebot'))))?.status).toBe(403);
  expect((await enforcer.handle(req('/search', header('AdsBot-Google'))))?.status).toBe(403);
  expect((await enforcer.handle(req('/', header('PerplexityBot'))))?.status).toBe(403);
  expect(await enforcer.handle(req('/', header('OAI-SearchBot')))).toBeUndefined();
});

test('anything else is still an option error naming robots', () => {
  expect(() => createEnforcer({ robots: { text: 'User-agent: *' } as never })).toThrow(EnforcerOptionError);
  expect(() => createEnforcer({ robots: { text: 'User-agent: *' } as never })).toThrow("generate(policy)'s result");
});
