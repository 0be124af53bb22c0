// A plain fetch handler that enforces its robots.txt on the crawlers that
// request it, served by Deno.serve or Bun.serve (whichever runs it). The
// same two lines go at the top of a Hono app (`app.use(async (c, next) =>
// (await enforcer.handle(c.req.raw)) ?? next())`) or Next.js middleware.
//
//   deno run --allow-net --allow-read --allow-env server.mjs
//   bun server.mjs
//   (PORT=8080 to choose the port; in the repository after npm install, or
//   deno install; from the package, whose examples/ ship no package.json, copy
//   server.mjs and robots.txt into a project that installed robotsmatch)
import { readFile } from 'node:fs/promises';
import { createEnforcer } from 'robotsmatch/edge';

const enforcer = createEnforcer({
  robots: await readFile(new URL('./robots.txt', import.meta.url), 'utf8'),
  serveRobotsTxt: true,
  action: 'block',
  onViolation: (v) =>
    console.log(`violation: ${v.crawler} (${v.operator}) ${v.url} line ${v.line}: ${v.rule.type} ${v.rule.pattern}`),
});

async function handler(request) {
  const answer = await enforcer.handle(request);
  if (answer) return answer;
  const { pathname } = new URL(request.url);
  if (pathname === '/stats') return Response.json(enforcer.counters());
  return new Response(`Hello from ${pathname}\n`, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

const port = Number(globalThis.process?.env.PORT ?? 3000);
const listening = (p) => console.log(`listening on http://127.0.0.1:${p}`);
if (typeof Deno !== 'undefined') {
  Deno.serve({ port, hostname: '127.0.0.1', onListen: ({ port: p }) => listening(p) }, handler);
} else if (typeof Bun !== 'undefined') {
  const server = Bun.serve({ port, hostname: '127.0.0.1', fetch: handler });
  listening(server.port);
} else {
  throw new Error('run this with Deno or Bun (for Node, see examples/node)');
}
