// A Node server (node:http, no framework) that enforces its robots.txt on the
// crawlers that request it, through a tiny adapter from Node's req/res to
// robotsmatch/edge. The same adapter is Express/Connect middleware:
//   app.use(robotsEnforcer(enforcer))
//
//   In the repository: npm install && node server.mjs   (PORT=8080 node server.mjs)
//   From the package (its examples/ ship no package.json): copy server.mjs and
//   robots.txt into a project that ran npm install /path/to/robotsmatch-0.1.0.tgz,
//   then node server.mjs
//   curl -A 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot' localhost:3000/
//   -> 403 Forbidden: this site's robots.txt disallows / for GPTBot (line 7: Disallow: /).
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { createEnforcer } from 'robotsmatch/edge';

/**
 * The adapter: `(req, res, next)` middleware around an enforcer. Node's
 * req.url is a path, which the enforcer takes as it is; a Response it
 * answers with is written out, else next() goes on to the app.
 */
export function robotsEnforcer(enforcer) {
  return async (req, res, next) => {
    try {
      const answer = await enforcer.handle({ url: req.url, userAgent: req.headers['user-agent'], method: req.method });
      if (!answer) return next();
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    } catch (error) {
      next(error);
    }
  };
}

const enforcer = createEnforcer({
  robots: readFileSync(new URL('./robots.txt', import.meta.url)),
  serveRobotsTxt: true,
  action: 'block',
  onViolation: (v) =>
    console.log(`violation: ${v.crawler} (${v.operator}) ${v.url} line ${v.line}: ${v.rule.type} ${v.rule.pattern}`),
});
const enforce = robotsEnforcer(enforcer);

function app(req, res) {
  if (req.url === '/stats') return res.end(JSON.stringify(enforcer.counters()));
  res.setHeader('content-type', 'text/plain; charset=utf-8');
  res.end(`Hello from ${req.url}\n`);
}

const server = createServer((req, res) =>
  enforce(req, res, (error) => {
    if (error) {
      res.statusCode = 500;
      return res.end('Internal error\n');
    }
    app(req, res);
  }),
);
server.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
