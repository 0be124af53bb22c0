// The cases every runtime must answer exactly as Node does: Google and RFC
// mode, groups, wildcards, index.html, percent-escapes, non-ASCII, batches.
export const cases = [
  {
    robots:
      'User-agent: *\nDisallow: /private/\nAllow: /private/press/\nDisallow: /*.pdf$\n\nUser-agent: Googlebot\nUser-agent: Googlebot-News\nDisallow: /search\nAllow: /search/about\nAllow: /docs/index.html\n',
    agents: ['Googlebot', 'ExampleBot', ['Googlebot-News', 'Googlebot']],
    urls: [
      'https://example.com/',
      'https://example.com/private/x',
      'https://example.com/private/press/1',
      'https://example.com/a.pdf',
      'https://example.com/a.pdf?x',
      'https://example.com/search?q=1',
      'https://example.com/search/about',
      'https://example.com/docs/',
      '',
    ],
  },
  {
    robots: '\uFEFFuser-agent FooBot\ndisalow: /fish*.php\nallow: /fish/salmon\nDisallow: /ツ\nDisallow: /%aa\n',
    agents: ['FooBot', 'foobot', 'Other'],
    urls: [
      '/fish.php',
      '/fishheads/catfish.php?x',
      '/fish/salmon.php',
      '/%E3%83%84',
      '/ツ',
      '/%AA',
      '/%aa',
      'http://h/fish#frag.php',
    ],
  },
  {
    robots: 'User-agent: *\nDisallow: /\nAllow: /foo/bar/%62%61%7A\nAllow: /path/file-with-a-%2A.html\n',
    mode: 'rfc',
    agents: ['x'],
    urls: ['/foo/bar/baz', '/foo/bar/%62%61%7a', '/robots.txt', '/path/file-with-a-*.html', '/other'],
  },
  {
    // Node and Bun take URLs in as UTF-16 units, the others as UTF-8: pairs, lone surrogates, long ASCII runs.
    robots:
      'User-agent: *\nDisallow: /*%EF%BF%BD\nDisallow: /emoji/%F0%9F%98%80$\nAllow: /*\u00e9t\u00e9\nDisallow: /long-ascii-run/\n',
    mode: 'rfc',
    agents: ['x'],
    urls: [
      '/a\ud800b',
      '/a\udc00',
      '/emoji/\ud83d\ude00',
      '/emoji/\ude00\ud83d',
      '/long-ascii-run/\u00e9t\u00e9',
      '/long-ascii-run/ete',
      'https://example.com/\u20ac/long-ascii-run',
    ],
  },
];

/** Runs every case with a robotsmatch module; the result is plain JSON. */
export function runCases(robotsmatch) {
  const out = [];
  for (const c of cases) {
    const robots = robotsmatch.parse(c.robots, c.mode ? { mode: c.mode } : undefined);
    for (const agent of c.agents) {
      const checks = c.urls.map((u) => {
        const v = robots.check(u, agent);
        return [v.allowed, v.line, v.rule ? v.rule.pattern : null];
      });
      const batch = Array.from(robots.forAgent(agent).matchMany(c.urls));
      out.push({ agent, checks, batch });
    }
    out.push({ sitemaps: robots.sitemaps, size: robots.byteSize > 0 });
    robots.dispose();
  }
  out.push({
    token: robotsmatch.productToken('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'),
  });
  out.push({ normal: robotsmatch.normalizeUrl('/a/%62ツ*') });
  return out;
}
