// The origin behind the example Worker in the workerd tests: its own
// robots.txt (counting how often it is fetched), and a page for anything else
// naming the path and the User-Agent it was sent, so the tests can see what
// reached it. /origin-stats says how many robots.txt fetches came.
import { ORIGIN_ROBOTS } from './origin-robots.mjs';

let robotsFetches = 0;

export default {
  async fetch(request) {
    const { pathname } = new URL(request.url);
    if (pathname === '/robots.txt') {
      robotsFetches++;
      await new Promise((resolve) => setTimeout(resolve, 50)); // a slow origin: concurrent first requests wait together
      return new Response(ORIGIN_ROBOTS, {
        headers: { 'content-type': 'text/plain', 'cache-control': 'max-age=3600' },
      });
    }
    if (pathname === '/origin-stats') return Response.json({ robotsFetches });
    return new Response(`origin ${pathname} for ${request.headers.get('user-agent')}`);
  },
};
