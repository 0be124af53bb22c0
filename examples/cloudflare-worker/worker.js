// A minimal Cloudflare Worker: POST a robots.txt, a crawler name and a list of
// URLs; get back the URLs the crawler may fetch.
//
//   curl -X POST https://<your-worker>/ -d '{"robots":"User-agent: *\nDisallow: /p/","agent":"ExampleBot","urls":["https://e.com/p/1","https://e.com/a"]}'
//   -> {"allowed":["https://e.com/a"]}
//
// `import 'robotsmatch'` resolves to the package's `workerd` entry under
// wrangler, which imports the WebAssembly core as a module (workerd does not
// compile WebAssembly from bytes).
import { parse } from 'robotsmatch';

export default {
  async fetch(request) {
    if (request.method !== 'POST') {
      return new Response('POST {"robots": "...", "agent": "...", "urls": ["..."]}\n', { status: 405 });
    }
    let input;
    try {
      input = await request.json();
    } catch {
      return Response.json({ error: 'the body must be JSON' }, { status: 400 });
    }
    const { robots, agent, urls } = input ?? {};
    if (typeof robots !== 'string' || typeof agent !== 'string' || !Array.isArray(urls) || !urls.every((u) => typeof u === 'string')) {
      return Response.json({ error: 'expected {"robots": string, "agent": string, "urls": string[]}' }, { status: 400 });
    }
    const parsed = parse(robots);
    try {
      return Response.json({ allowed: parsed.forAgent(agent).filter(urls) });
    } finally {
      parsed.dispose();
    }
  },
};
