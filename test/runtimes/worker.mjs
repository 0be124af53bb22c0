// A workerd worker that runs the shared cases with the package's workerd entry;
// at /cache, a RobotsCache over many origins (workerd has no finalizers, so the
// cache must free what it evicts itself).
import * as robotsmatch from 'robotsmatch';
import { runCases } from './cases.mjs';

async function cacheRun() {
  let disposed = 0;
  const dispose = robotsmatch.Robots.prototype.dispose;
  robotsmatch.Robots.prototype.dispose = function () {
    disposed++;
    return dispose.call(this);
  };
  let fetches = 0;
  const cache = new robotsmatch.RobotsCache({
    maxEntries: 3,
    fetch: async (url) => {
      fetches++;
      return new Response(`User-agent: *\nDisallow: /${new URL(url).hostname}/\n`);
    },
  });
  const verdicts = [];
  for (let round = 0; round < 3; round++) {
    verdicts.push(
      ...(await Promise.all(
        Array.from({ length: 10 }, (_, i) => cache.isAllowed(`https://h${i}.test/h${i}.test/x`, 'bot')),
      )),
    );
    verdicts.push(
      ...(await cache.filter([`https://h${round}.test/open`, `https://h${round}.test/h${round}.test/y`], 'bot')),
    );
  }
  robotsmatch.Robots.prototype.dispose = dispose;
  return { verdicts, fetches, disposed, held: cache.size };
}

export default {
  async fetch(request) {
    if (new URL(request.url).pathname === '/cache') return Response.json(await cacheRun());
    return Response.json({ results: runCases(robotsmatch), webassembly: typeof WebAssembly !== 'undefined' });
  },
};
