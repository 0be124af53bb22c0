// robotsmatch/edge cases shared by every runtime (Node through vitest, workerd
// through a worker): real User-Agent headers against a robots.txt with the
// cases other tools get wrong. Plain JavaScript, so that workerd runs it as it
// is. runEdgeCases() returns every decision it made (the runtimes must agree
// with Node's) and the expectations that failed (none, in every runtime).
//
// `lib` is { parse } from 'robotsmatch', { createEnforcer, blockedResponse,
// EnforcerOptionError } from 'robotsmatch/edge', { audit } from
// 'robotsmatch/crawlers', and { explain } from 'robotsmatch/explain' and
// { usage, purpose } from 'robotsmatch/usage' where given, as the runtime
// resolves them;
// `agents` is { crawlers, browsers }: test/fixtures/user-agents.ts' samples.

export const SITE_ROBOTS = [
  '# The site of the robotsmatch/edge tests',
  'User-agent: *',
  'Disallow: /',
  'Allow: /public',
  'Allow: /$',
  '',
  'User-agent: GPTBot',
  'User-agent: ClaudeBot',
  'Disallow: /private',
  'Disallow: /search?q=',
  'Disallow: /*.pdf$',
  'Disallow: /%E2%82%AC/',
  'Disallow: /café',
  'Disallow: /a%2fb',
  '',
  'User-agent: Googlebot',
  'Disallow: /nogoogle/',
  '',
  'User-agent: Google-Extended',
  'User-agent: Applebot-Extended',
  'Disallow: /',
  '',
  'User-agent: CCBot',
  'User-agent: Bytespider',
  'Disallow: /',
  '',
  'User-agent: PerplexityBot',
  'Allow: /',
  'Disallow: /answers/',
  '',
  'User-agent: bingbot',
  'Disallow: /bing-only/',
  '',
  'User-agent: ExampleBot',
  'Disallow: /example-only/',
  '',
].join('\n');

/** The 1-based line of `text` ('Disallow: / @CCBot': the first after `User-agent: CCBot`). */
const line = (text) => {
  const [rule, after] = text.split(' @');
  const lines = SITE_ROBOTS.split('\n');
  return lines.indexOf(rule, after ? lines.indexOf(`User-agent: ${after}`) : 0) + 1;
};
const ORIGIN = 'https://www.example.com';

/** [crawler name, path, allowed, group, deciding line text or null] */
const EXPECTED = [
  // An Allow under a broader Disallow; `/` allowed by `Allow: /$` only.
  ['YandexBot', '/x', false, '*', 'Disallow: /'],
  ['YandexBot', '/public/page', true, '*', 'Allow: /public'],
  ['YandexBot', '/', true, '*', 'Allow: /$'],
  ['YandexBot', '/?q=1', false, '*', 'Disallow: /'],
  // A crawler with its own group escapes `*`.
  ['GPTBot', '/blog/post', true, 'GPTBot', null],
  ['GPTBot', '/private/notes', false, 'GPTBot', 'Disallow: /private'],
  ['ClaudeBot', '/private', false, 'ClaudeBot', 'Disallow: /private'],
  // A literal `?` (not a wildcard).
  ['GPTBot', '/search?q=robots', false, 'GPTBot', 'Disallow: /search?q='],
  ['GPTBot', '/searchXq=robots', true, 'GPTBot', null],
  ['GPTBot', '/search?qq', true, 'GPTBot', null],
  // `$` ends the match: the query string is part of the path.
  ['GPTBot', '/paper.pdf', false, 'GPTBot', 'Disallow: /*.pdf$'],
  ['GPTBot', '/paper.pdf?download=1', true, 'GPTBot', null],
  ['GPTBot', '/paper.pdfx', true, 'GPTBot', null],
  // Percent-encoding: a raw non-ASCII pattern matches the encoded request.
  // The request's path is read as the origin reads it: escapes in either
  // case are the same byte (check() compares them as sent), an escaped
  // unreserved character is that character, but an escaped `/` is not a `/`.
  ['GPTBot', '/€/prices', false, 'GPTBot', 'Disallow: /%E2%82%AC/'],
  ['GPTBot', '/%E2%82%AC/prices', false, 'GPTBot', 'Disallow: /%E2%82%AC/'],
  ['GPTBot', '/%e2%82%ac/prices', false, 'GPTBot', 'Disallow: /%E2%82%AC/'],
  ['GPTBot', '/café/menu', false, 'GPTBot', 'Disallow: /café'],
  ['GPTBot', '/a%2Fb', false, 'GPTBot', 'Disallow: /a%2fb'],
  ['GPTBot', '/a%2fb', false, 'GPTBot', 'Disallow: /a%2fb'],
  ['GPTBot', '/a/b', true, 'GPTBot', null],
  ['GPTBot', '/%70rivate', false, 'GPTBot', 'Disallow: /private'],
  ['GPTBot', '/x/%2E%2E/private', false, 'GPTBot', 'Disallow: /private'],
  // Google-Extended and Applebot-Extended are never applied to a request:
  // Googlebot and Applebot follow the Googlebot group.
  ['Googlebot', '/blog/post', true, 'Googlebot', null],
  ['Googlebot', '/nogoogle/x', false, 'Googlebot', 'Disallow: /nogoogle/'],
  ['Applebot', '/blog/post', true, 'Googlebot', null],
  ['Applebot', '/nogoogle/x', false, 'Googlebot', 'Disallow: /nogoogle/'],
  // Googlebot-Image has no group of its own: the Googlebot group.
  ['Googlebot-Image', '/blog/post.png', true, 'Googlebot', null],
  ['Googlebot-Image', '/nogoogle/x.png', false, 'Googlebot', 'Disallow: /nogoogle/'],
  // AdsBot ignores `*`: with no group of its own, everything is allowed.
  ['AdsBot-Google', '/x', true, null, null],
  ['AdsBot-Google-Mobile', '/private', true, null, null],
  ['CCBot', '/', false, 'CCBot', 'Disallow: / @CCBot'],
  ['Bytespider', '/public/page', false, 'Bytespider', 'Disallow: / @CCBot'],
  ['PerplexityBot', '/x', true, 'PerplexityBot', 'Allow: /'],
  ['PerplexityBot', '/answers/42', false, 'PerplexityBot', 'Disallow: /answers/'],
  ['bingbot', '/bing-only/x', false, 'bingbot', 'Disallow: /bing-only/'],
  ['bingbot', '/nogoogle/x', true, 'bingbot', null],
];

/** Paths every header is tried on (besides EXPECTED's). */
const PATHS = [
  '/',
  '/x',
  '/public/a',
  '/private/a',
  '/nogoogle/a',
  '/answers/1',
  '/paper.pdf',
  '/search?q=a',
  '/€/x',
  '/robots.txt',
];

function check(failures, what, got, want) {
  const a = JSON.stringify(got);
  const b = JSON.stringify(want);
  if (a !== b) failures.push(`${what}: got ${a}, want ${b}`);
}

const brief = (d) => [
  d.client,
  d.crawler?.name ?? null,
  d.allowed,
  d.enforced,
  d.skipped ?? null,
  d.group,
  d.line,
  d.rule,
];

export async function runEdgeCases(lib, agents) {
  const { parse, createEnforcer, blockedResponse, EnforcerOptionError } = lib;
  const failures = [];
  const results = [];
  const violations = [];
  const robots = parse(SITE_ROBOTS);
  const enforcer = createEnforcer({ robots: SITE_ROBOTS, action: 'block', onViolation: (v) => violations.push(v) });
  const request = (path, userAgent, init = {}) =>
    new Request(ORIGIN + path, { ...init, headers: userAgent === undefined ? {} : { 'user-agent': userAgent } });

  // 1. The expected verdicts, for every published header of each crawler.
  const byName = new Map();
  for (const sample of agents.crawlers) {
    if (!byName.has(sample.crawler)) byName.set(sample.crawler, []);
    byName.get(sample.crawler).push(sample.header);
  }
  for (const name of [
    'GPTBot',
    'ClaudeBot',
    'CCBot',
    'PerplexityBot',
    'Bytespider',
    'Googlebot',
    'Googlebot-Image',
    'AdsBot-Google',
    'bingbot',
    'Applebot',
  ]) {
    if (!byName.has(name)) failures.push(`no real header for ${name} in the fixtures`);
  }
  for (const [name, path, allowed, group, ruleLine] of EXPECTED) {
    for (const header of byName.get(name) ?? [`missing ${name}`]) {
      const d = await enforcer.decide(request(path, header));
      results.push(brief(d));
      check(
        failures,
        `${name} ${path} [${header}]`,
        [d.crawler?.name, d.allowed, d.enforced, d.group, d.line],
        [name, allowed, true, group, ruleLine === null ? 0 : line(ruleLine)],
      );
    }
  }

  // 2. Every crawler header on every path agrees with robots.check() for its registry entry.
  for (const sample of agents.crawlers) {
    for (const path of PATHS) {
      const d = await enforcer.decide(request(path, sample.header));
      results.push(brief(d));
      if (d.client !== 'crawler' || d.crawler?.name !== sample.crawler)
        failures.push(`${sample.header}: identified as ${d.crawler?.name}, want ${sample.crawler}`);
      if (path === '/robots.txt') {
        check(
          failures,
          `${sample.crawler} /robots.txt`,
          [d.allowed, d.enforced, d.skipped],
          [true, false, 'robots.txt'],
        );
        continue;
      }
      const want = robots.check(new URL(ORIGIN + path).pathname + new URL(ORIGIN + path).search, d.crawler);
      check(
        failures,
        `${sample.crawler} ${path} agrees with check()`,
        [d.allowed, d.line, d.rule],
        [want.allowed, want.line, want.rule],
      );
    }
  }

  // 3. Browsers, and clients that send no header, pass untouched.
  for (const sample of agents.browsers) {
    for (const path of ['/x', '/private/a']) {
      const d = await enforcer.decide(request(path, sample.header));
      results.push(brief(d));
      check(
        failures,
        `browser ${path} [${sample.header}]`,
        [d.client, d.allowed, d.enforced, d.skipped],
        ['browser', true, false, 'browser'],
      );
      check(
        failures,
        `handle() lets a browser through [${sample.header}]`,
        await enforcer.handle(request(path, sample.header)),
        undefined,
      );
    }
  }
  check(failures, 'no User-Agent header', brief(await enforcer.decide(request('/x', undefined))), [
    'browser',
    null,
    true,
    false,
    'browser',
    null,
    0,
    null,
  ]);

  // 4. Unknown bots: pass by default; with unknownBots 'enforce', their own group or `*`.
  const curl = 'curl/8.4.0';
  const exampleBot = 'Mozilla/5.0 (compatible; ExampleBot/1.0; +https://example.com/bot)';
  check(failures, 'unknown bot passes', brief(await enforcer.decide(request('/x', curl))), [
    'bot',
    null,
    true,
    false,
    'bot',
    null,
    0,
    null,
  ]);
  const strict = createEnforcer({ robots: SITE_ROBOTS, unknownBots: 'enforce', onViolation: () => {} });
  check(failures, 'unknown bot, enforce: the * group', brief(await strict.decide(request('/x', curl))), [
    'bot',
    null,
    false,
    true,
    null,
    '*',
    line('Disallow: /'),
    { type: 'disallow', pattern: '/' },
  ]);
  check(
    failures,
    'unknown bot, enforce: Allow under Disallow',
    (await strict.decide(request('/public/a', curl))).allowed,
    true,
  );
  check(
    failures,
    'unknown bot, enforce: its own group escapes *',
    brief(await strict.decide(request('/x', exampleBot))),
    ['bot', null, true, true, null, 'ExampleBot', 0, null],
  );
  check(
    failures,
    'unknown bot, enforce: its own group',
    (await strict.decide(request('/example-only/1', exampleBot))).line,
    line('Disallow: /example-only/'),
  );
  check(
    failures,
    'a browser still passes under enforce',
    (await strict.decide(request('/x', agents.browsers[0].header))).skipped,
    'browser',
  );

  // 5. handle(): the 403 names the rule; /robots.txt is never blocked.
  const gptbot = byName.get('GPTBot')[0];
  const blocked = await enforcer.handle(request('/private/notes', gptbot));
  check(failures, 'block: status', blocked?.status, 403);
  check(
    failures,
    'block: body',
    await blocked?.text(),
    "Forbidden: this site's robots.txt disallows /private/notes for GPTBot (line 9: Disallow: /private).\n",
  );
  check(failures, 'block: content-type', blocked?.headers.get('content-type'), 'text/plain; charset=utf-8');
  check(
    failures,
    'handle: an allowed crawler request goes on',
    await enforcer.handle(request('/blog', gptbot)),
    undefined,
  );
  check(
    failures,
    'handle: /robots.txt goes on even for a crawler disallowed everything',
    await enforcer.handle(request('/robots.txt', byName.get('CCBot')[0])),
    undefined,
  );
  const plain = blockedResponse({ ...(await enforcer.decide(request('/x', byName.get('YandexBot')[0]))) });
  check(
    failures,
    'blockedResponse()',
    [plain.status, await plain.text()],
    [403, "Forbidden: this site's robots.txt disallows /x for YandexBot (line 3: Disallow: /).\n"],
  );

  // 6. Reports: violation records and counters.
  const last = violations.at(-1);
  check(failures, 'violation record', last && { ...last, time: typeof last.time }, {
    time: 'number',
    crawler: 'YandexBot',
    operator: 'Yandex',
    userAgent: byName.get('YandexBot')[0],
    url: `${ORIGIN}/x`,
    group: '*',
    line: 3,
    rule: { type: 'disallow', pattern: '/' },
    action: 'block',
  });
  const counts = enforcer.counters();
  const disallowedDecisions = results.filter((r) => r[2] === false).length;
  check(
    failures,
    'violations reported = disallowed decisions (+ handle and blockedResponse calls)',
    violations.length,
    disallowedDecisions + 2,
  );
  check(
    failures,
    'counters: GPTBot seen and disallowed',
    counts.crawlers.GPTBot && counts.crawlers.GPTBot.disallowed > 0 && counts.crawlers.GPTBot.operator,
    'OpenAI',
  );
  check(
    failures,
    'counters add up',
    counts.requests,
    counts.browsers + counts.bots.requests + Object.values(counts.crawlers).reduce((n, c) => n + c.requests, 0),
  );
  const reset = enforcer.counters({ reset: true });
  check(
    failures,
    'counters reset',
    [reset.requests > 0, enforcer.counters().requests, enforcer.counters().crawlers.GPTBot?.requests],
    [true, 0, 0],
  );

  // 7. Actions: log lets it through; a callback answers as it likes.
  const logged = [];
  const logging = createEnforcer({
    robots: new TextEncoder().encode(SITE_ROBOTS),
    action: 'log',
    onViolation: (v) => logged.push(v.crawler),
  });
  check(
    failures,
    'log: the request goes on, the violation is reported',
    [await logging.handle(request('/private', gptbot)), logged],
    [undefined, ['GPTBot']],
  );
  const custom = createEnforcer({
    robots,
    action: (decision) =>
      decision.crawler?.purpose === 'ai-training' ? new Response('no', { status: 451 }) : undefined,
    onViolation: () => {},
  });
  check(failures, 'callback: its Response', (await custom.handle(request('/private', gptbot)))?.status, 451);
  check(
    failures,
    'callback: undefined lets it go on',
    await custom.handle(request('/x', byName.get('YandexBot')[0])),
    undefined,
  );

  // 8. Only some crawlers: the others pass as 'unselected'.
  const aiOnly = createEnforcer({ robots, crawlers: 'ai', action: 'block', onViolation: () => {} });
  check(
    failures,
    'crawlers: ai, Googlebot unselected',
    brief(await aiOnly.decide(request('/nogoogle/x', byName.get('Googlebot')[0]))).slice(2, 5),
    [true, false, 'unselected'],
  );
  check(failures, 'crawlers: ai, GPTBot enforced', (await aiOnly.decide(request('/private', gptbot))).allowed, false);

  // 9. Serving /robots.txt.
  const serving = createEnforcer({ robots: SITE_ROBOTS, serveRobotsTxt: true, onViolation: () => {} });
  const served = await serving.handle(request('/robots.txt', agents.browsers[0].header));
  check(
    failures,
    'serveRobotsTxt: GET',
    [served?.status, served?.headers.get('content-type'), await served?.text()],
    [200, 'text/plain; charset=utf-8', SITE_ROBOTS],
  );
  const head = await serving.handle(request('/robots.txt', gptbot, { method: 'HEAD' }));
  check(failures, 'serveRobotsTxt: HEAD', [head?.status, await head?.text()], [200, '']);
  check(
    failures,
    'serveRobotsTxt: POST goes on',
    await serving.handle(request('/robots.txt', gptbot, { method: 'POST', body: 'x' })),
    undefined,
  );
  check(failures, 'not serving by default', await enforcer.handle(request('/robots.txt', gptbot)), undefined);

  // 10. { url, userAgent } works as a Request does, with absolute URLs and paths.
  for (const url of [`${ORIGIN}/private/x?y=1#frag`, '/private/x?y=1', `${ORIGIN}/search?q=1#x`, '/search?q=1']) {
    const d = await enforcer.decide({ url, userAgent: gptbot });
    check(failures, `plain request ${url}`, [d.allowed, d.url, d.line], [false, url, url.includes('search') ? 10 : 9]);
  }
  for (const url of [`${ORIGIN}/a/robots.txt`, `${ORIGIN}/x?u=/robots.txt`, '/robots.txt?x']) {
    check(
      failures,
      `${url} is not /robots.txt`,
      (await enforcer.decide({ url, userAgent: byName.get('CCBot')[0] })).skipped ?? null,
      null,
    );
  }

  // 11. Options are checked when the enforcer is made, naming the option.
  for (const [options, option] of [
    [undefined, 'options'],
    [{}, 'options.robots'],
    [{ robots: 42 }, 'options.robots'],
    [{ robots: 'https://www.example.com/robots.txt' }, 'options.robots'],
    [{ robots: SITE_ROBOTS, action: 'deny' }, 'options.action'],
    [{ robots: SITE_ROBOTS, onViolation: 'log' }, 'options.onViolation'],
    [{ robots: SITE_ROBOTS, crawlers: ['NoSuchBot'] }, 'options.crawlers'],
    [{ robots: SITE_ROBOTS, unknownBots: 'block' }, 'options.unknownBots'],
    [{ robots: SITE_ROBOTS, serveRobotsTxt: 'yes' }, 'options.serveRobotsTxt'],
    [{ robots, serveRobotsTxt: true }, 'options.serveRobotsTxt'],
    [{ robots: SITE_ROBOTS, maxUserAgents: 0 }, 'options.maxUserAgents'],
    [{ robots: SITE_ROBOTS, cache: {} }, 'options.cache'],
    [{ robots: SITE_ROBOTS, acton: 'block' }, 'options.acton'],
  ]) {
    try {
      createEnforcer(options);
      failures.push(`${option}: no error`);
    } catch (error) {
      check(
        failures,
        `error for ${option}`,
        [
          error instanceof EnforcerOptionError,
          error instanceof TypeError,
          error.option,
          error.message.startsWith(option),
        ],
        [true, true, option, true],
      );
    }
  }
  // 12. robotsmatch/crawlers with the same core: audit() of the parsed file.
  if (lib.audit) {
    const rows = lib
      .audit(robots, ['GPTBot', 'Googlebot', 'AdsBot-Google', 'CCBot'])
      .map((row) => [row.crawler.name, row.group, row.access, row.example ?? null]);
    results.push(...rows);
    check(failures, 'audit()', rows, [
      ['GPTBot', 'GPTBot', 'partly', '/private'],
      ['Googlebot', 'Googlebot', 'partly', '/nogoogle/'],
      ['AdsBot-Google', null, 'open', null],
      ['CCBot', 'CCBot', 'blocked', '/'],
    ]);
  }
  // 13. robotsmatch/explain and robotsmatch/usage with the same core and classes: they read
  // what the main entry's parse() made, and its matchers take their purposes.
  if (lib.explain && lib.usage && lib.purpose) {
    const signalled = lib.parse('User-agent: *\nContent-Signal: search=yes, ai-train=no\nDisallow: /private\n');
    const explained = lib.explain(signalled, '/private/a', 'GPTBot');
    const used = lib.usage(signalled, '/public', 'GPTBot');
    const kept = new TextDecoder().decode(
      signalled.forAgent('GPTBot').filterLines('https://e.com/a\n', 'allowed', { purpose: lib.purpose('search') })
        .output,
    );
    const optedOut = signalled
      .forAgent('GPTBot')
      .filterLines('https://e.com/a\n', 'allowed', { purpose: lib.purpose('train-ai') }).output.length;
    const subpaths = [explained.reason, explained.line, used.contentSignal?.values ?? null, kept, optedOut];
    results.push(subpaths);
    check(failures, 'explain() and usage()', subpaths, [
      'longest-match',
      3,
      { search: 'yes', 'ai-train': 'no' },
      'https://e.com/a\n',
      0,
    ]);
    signalled.dispose();
  }
  robots.dispose();
  return { results, failures };
}
