// A Cloudflare Worker in front of a site that enforces the site's own
// robots.txt on the crawlers that request it: a crawler asking for a URL its
// group of the robots.txt disallows gets a 403 naming the rule (or, with
// ACTION = "log", goes on and is only reported); browsers and everything
// else go on to the origin untouched.
//
//   npm install && npx wrangler deploy      (then add a route for your site)
//   (in the repository; from the package, see this folder's README.md)
//
// The robots.txt is the origin's own /robots.txt (of the first request's
// host, or of ORIGIN: one site per Worker, or set ROBOTS_URL), fetched on the first
// request and refreshed in the background when it expires; set ROBOTS_TXT
// (a secret or a var) to enforce a text of your own instead, which the
// Worker then also serves at /robots.txt.
//
// Each violation is logged as one JSON line (`npx wrangler tail` shows them;
// Workers Logs keeps them), and GET /.well-known/robots-enforcer returns the
// counters per crawler when STATS_TOKEN is set and sent as a bearer token.
//
// Nothing here verifies that a client is who its User-Agent says: see
// docs/edge.md in the robotsmatch package for combining this with
// Cloudflare's verified-bot signal (request.cf.botManagement.verifiedBot).
import { createEnforcer } from 'robotsmatch/edge';

/** One enforcer per isolate: the robots.txt is parsed once, not per request. */
let enforcer;

function enforcerFor(env, request) {
  return (enforcer ??= createEnforcer({
    robots: env.ROBOTS_TXT ? env.ROBOTS_TXT : new URL(env.ROBOTS_URL || '/robots.txt', env.ORIGIN || request.url),
    serveRobotsTxt: Boolean(env.ROBOTS_TXT),
    action: env.ACTION === 'log' ? 'log' : 'block',
    onViolation: (violation) => console.log(JSON.stringify({ message: 'robots.txt violation', ...violation })),
  }));
}

/**
 * Marks the requests this Worker forwards. Deployed, a Worker's fetch() of its
 * own route goes to the origin; under `wrangler dev` the request's URL is the
 * dev server itself, so a forwarded request would come back here, forever.
 */
const FORWARDED = 'x-robots-enforcer-forwarded';

const LOOP = `This Worker received a request it forwarded itself: nothing answers for this host but the Worker.
Set ORIGIN to the site to forward to (under wrangler dev: a [vars] ORIGIN or a .dev.vars line ORIGIN=https://www.example.com).
`;

/** The request on its way to the origin: ORIGIN's scheme and host when set, the request's own otherwise. */
function forward(request, env) {
  const url = new URL(request.url);
  const target = env.ORIGIN ? new URL(url.pathname + url.search, env.ORIGIN) : url;
  const forwarded = new Request(target, request);
  forwarded.headers.set(FORWARDED, '1');
  return forwarded;
}

export default {
  async fetch(request, env, ctx) {
    if (request.headers.has(FORWARDED))
      return new Response(LOOP, { status: 508, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    const enforcer = enforcerFor(env, request);
    if (env.STATS_TOKEN && request.url.endsWith('/.well-known/robots-enforcer')) {
      if (request.headers.get('authorization') !== `Bearer ${env.STATS_TOKEN}`)
        return new Response('Unauthorized\n', { status: 401 });
      return Response.json(enforcer.counters());
    }
    const answer = await enforcer.handle(request, ctx);
    if (answer) return answer;
    return fetch(forward(request, env)); // on to the origin
  },
};
