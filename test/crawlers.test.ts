// robotsmatch/crawlers: the registry's facts, identification from real
// User-Agent headers, and the audit held to check() (docs/crawlers.md).
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { parse } from '../src/index.js';
import { usage } from '../src/usage.js';
import { audit, bodyKind, crawler, crawlers, identify, isBot, selectCrawlers } from '../src/crawlers.js';
import { browserUserAgents, crawlerUserAgents } from './fixtures/user-agents.js';
import { robotsBody, url } from './support/generated.js';
import { corpusFiles, corpusUrls } from './support/corpus.js';
import { readFileSync } from 'node:fs';
import { AI_ROBOTS_TXT_NAMES } from './fixtures/ai-robots-txt.js';

/** data/crawlers.json as another language reads it: plain JSON, no TypeScript in between. */
const registryFile = JSON.parse(readFileSync(new URL('../data/crawlers.json', import.meta.url), 'utf8')) as {
  date: string;
  crawlers: Record<string, unknown>[];
};

describe('the registry', () => {
  test('data/crawlers.json is the registry: the same entries, each with only the fields and values the types allow', () => {
    expect(registryFile.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(registryFile.crawlers.map((e) => e.name)).toEqual(crawlers.map((c) => c.name));
    const purposes = ['search', 'ads', 'ai-training', 'ai-search', 'ai-assistant', 'archive', 'seo', 'social', 'other'];
    const fields = [
      'name',
      'operator',
      'purpose',
      'purposes',
      'tokens',
      'googleReads',
      'obeysGlobalGroup',
      'crawlDelayFromGlobal',
      'readsCrawlDelay',
      'readsRobotsTxt',
      'sentInRequests',
      'userAgentTokens',
      'description',
      'source',
      'note',
    ];
    for (const e of registryFile.crawlers) {
      for (const key of Object.keys(e)) expect(fields, `${String(e.name)}: ${key}`).toContain(key);
      expect(
        typeof e.name === 'string' &&
          typeof e.operator === 'string' &&
          typeof e.description === 'string' &&
          typeof e.source === 'string',
        String(e.name),
      ).toBe(true);
      expect(purposes, String(e.name)).toContain(e.purpose);
      // purposes: the main one first, each a purpose, none twice
      expect(Array.isArray(e.purposes) && (e.purposes as unknown[])[0] === e.purpose, String(e.name)).toBe(true);
      for (const p of e.purposes as unknown[]) expect(purposes, String(e.name)).toContain(p);
      expect(new Set(e.purposes as unknown[]).size, String(e.name)).toBe((e.purposes as unknown[]).length);
      expect(['yes', 'user-triggered', 'no', 'unknown'], String(e.name)).toContain(e.readsRobotsTxt);
      expect(typeof e.obeysGlobalGroup === 'boolean' && typeof e.sentInRequests === 'boolean', String(e.name)).toBe(
        true,
      );
      for (const list of [e.tokens, e.userAgentTokens])
        expect(Array.isArray(list) && list.every((t) => typeof t === 'string'), String(e.name)).toBe(true);
      if ('note' in e) expect(typeof e.note, String(e.name)).toBe('string');
      if ('readsCrawlDelay' in e) expect(typeof e.readsCrawlDelay, String(e.name)).toBe('boolean');
    }
  });

  test('names are unique, tokens are plain product tokens, every entry has a source and a description', () => {
    const names = new Set<string>();
    for (const c of crawlers) {
      expect(names.has(c.name.toLowerCase()), c.name).toBe(false);
      names.add(c.name.toLowerCase());
      expect(c.tokens.length, c.name).toBeGreaterThan(0);
      // A name Google reads nothing from (360Spider) can head no group: its one token is its name, which no line is read as.
      if (/^[^A-Za-z_-]/.test(c.name))
        expect([c.tokens, c.googleReads, c.obeysGlobalGroup], c.name).toEqual([[c.name], undefined, true]);
      else for (const t of c.tokens) expect(t, c.name).toMatch(/^[A-Za-z_-]+$/);
      expect(c.source, c.name).toMatch(/^https?:\/\//);
      expect(c.description.length, c.name).toBeGreaterThan(10);
      // robots.txt-only controls are never sent, so nothing recognises them in a request
      if (!c.sentInRequests) expect(c.userAgentTokens, c.name).toEqual([]);
    }
    expect(crawlers.length).toBeGreaterThanOrEqual(120);
  });

  test("the 'ai' selection reaches every registry crawler that ai.robots.txt lists, whatever its main purpose", () => {
    const ai = new Set(selectCrawlers('ai').map((c) => c.name));
    const listed = crawlers.filter(
      (c) =>
        AI_ROBOTS_TXT_NAMES.has(c.name.toLowerCase()) || c.tokens.some((t) => AI_ROBOTS_TXT_NAMES.has(t.toLowerCase())),
    );
    expect(listed.length).toBeGreaterThan(60);
    expect(listed.filter((c) => !ai.has(c.name)).map((c) => c.name)).toEqual([]);
    for (const name of ['CCBot', 'Diffbot', 'omgili', 'ImagesiftBot', 'aiHitBot', 'Applebot', 'PetalBot'])
      expect(ai.has(name), name).toBe(true);
    // a purpose selection takes every crawler that has it: CCBot archives and feeds AI training
    expect(selectCrawlers('archive').map((c) => c.name)).toContain('CCBot');
    expect(selectCrawlers('ai-training').map((c) => c.name)).toContain('CCBot');
  });

  test('robots.txt behaviour that no operator documents is unknown, never no', () => {
    for (const name of [
      'OAI-AdsBot',
      'TikTokSpider',
      'Timpibot',
      'cohere-ai',
      'cohere-training-data-crawler',
      'LinerBot',
    ])
      expect(crawler(name)?.readsRobotsTxt, name).toBe('unknown');
    // 'no' only where a source says so
    for (const c of crawlers.filter((e) => e.readsRobotsTxt === 'no'))
      expect(registryFile.crawlers.find((e) => e.name === c.name)?.note ?? c.source, c.name).not.toMatch(
        /so 'no'|unconfirmed: no operator page/,
      );
  });

  test('facts as the operators now state them', () => {
    expect(crawler('Claude-User')?.readsRobotsTxt).toBe('yes'); // Anthropic: its bots honour robots.txt
    expect(crawler('Amzn-User')?.readsRobotsTxt).toBe('yes'); // Amazon: the same robots.txt opt-out as Amazonbot
    expect(crawler('Mediapartners-Google')?.description).not.toMatch(/^AdSense|only AdSense/);
    expect(crawler('Mediapartners-Google')?.description).toMatch(/ad products/);
    for (const name of ['MistralAI-User', 'MistralAI-Index']) expect(crawler(name)?.description, name).toMatch(/Vibe/);
    expect(identify('facebookcatalog/1.0').map((c) => c.name)).toEqual(['facebookexternalhit']);
    expect(crawler('MistralAI-Training')).toMatchObject({ operator: 'Mistral AI', purpose: 'ai-training' });
  });

  test("names that are not product tokens: identified by their name, following the group Google's reading of their name makes", () => {
    for (const [name, reads] of [
      ['MJ12bot', 'MJ'],
      ['AI2Bot', 'AI'],
      ['Ai2Bot-Dolma', 'Ai'],
      ['img2dataset', 'img'],
      ['archive.org_bot', 'archive'],
    ] as const) {
      const entry = crawler(name)!;
      expect(entry, name).toMatchObject({ googleReads: reads });
      expect(entry.tokens[0], name).toBe(reads);
      // the group a site writes for it, read as Google reads it, is the one it follows
      const robots = parse(`User-agent: ${name}\nDisallow: /\n\nUser-agent: *\nAllow: /\n`);
      expect(robots.isAllowed('https://e.com/a', entry), name).toBe(false);
      robots.dispose();
    }
    expect(
      identify('Mozilla/5.0 (compatible; MJ12bot/v1.2.1; http://www.majestic12.co.uk/bot.php?+)').map((c) => c.name),
    ).toEqual(['MJ12bot']);
    for (const c of crawlers) if (c.googleReads !== undefined) expect(c.tokens[0], c.name).toBe(c.googleReads);
  });

  test('360Spider: identified by its headers; Google reads nothing from its name, so it follows the * group whatever a file names', () => {
    const entry = crawler('360Spider')!;
    expect(entry).toMatchObject({ operator: 'Qihoo 360', sentInRequests: true });
    expect(entry.googleReads).toBeUndefined();
    expect(
      identify('Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0); 360Spider').map((c) => c.name),
    ).toEqual(['360Spider']);
    const robots = parse('User-agent: 360Spider\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\n');
    // the group it heads is no one's: 360Spider (and Googlebot) follow `*`
    for (const agent of [entry, crawler('Googlebot')!]) {
      expect(robots.isAllowed('https://e.com/a', agent), agent.name).toBe(true);
      expect(robots.isAllowed('https://e.com/private/x', agent), agent.name).toBe(false);
    }
    expect(audit(robots, ['360Spider'])[0]).toMatchObject({ group: '*', access: 'partly' });
    robots.dispose();
  });

  test("headers found for entries that had none: AWS's bedrockbot_<UUID>, and the public lists' KendraBot, Baiduspider-image, Ai2Bot-Dolma", () => {
    expect(identify('bedrockbot_3f2504e0-4f89-11d3-9a0c-0305e82c3301').map((c) => c.name)).toEqual(['bedrockbot']);
    expect(identify('bedrockbot_3f2504e0-4f89-11d3-9a0c-0305e82c3301-acme-kb').map((c) => c.name)).toEqual([
      'bedrockbot',
    ]);
    // read up to the `_` only when an id follows it (review: `Slurp_Test` is a product of its own, not Slurp)
    expect(identify('mybedrockbot_1').map((c) => c.name)).toEqual([]);
    expect(identify('GPTBot_x/1.0').map((c) => c.name)).toEqual([]);
    expect(identify('Mozilla/5.0 (compatible; Slurp_Test)').map((c) => c.name)).toEqual([]);
    for (const name of ['bedrockbot', 'amazon-kendra', 'Baiduspider-image', 'Ai2Bot-Dolma'])
      expect(crawler(name)?.sentInRequests, name).toBe(true);
    // Baiduspider-image is not Baiduspider, Ai2Bot-Dolma is not AI2Bot
    expect(identify('Baiduspider-image+(+http://www.baidu.com/search/spider.htm)').map((c) => c.name)).toEqual([
      'Baiduspider-image',
    ]);
    expect(identify('Ai2Bot-Dolma').map((c) => c.name)).toEqual(['Ai2Bot-Dolma']);
  });

  test("Google's crawlers as Google documents them", () => {
    expect(crawler('Googlebot-Image')).toMatchObject({
      tokens: ['Googlebot-Image', 'Googlebot'],
      obeysGlobalGroup: true,
    });
    expect(crawler('Googlebot-News')).toMatchObject({ tokens: ['Googlebot-News', 'Googlebot'] });
    expect(crawler('Storebot-Google')).toMatchObject({ tokens: ['Storebot-Google'] });
    for (const name of ['AdsBot-Google', 'AdsBot-Google-Mobile', 'APIs-Google', 'Mediapartners-Google'])
      expect(crawler(name)?.obeysGlobalGroup, name).toBe(false);
    expect(crawler('Google-Extended')).toMatchObject({ sentInRequests: false, purpose: 'ai-training' });
    expect(crawler('Applebot-Extended')).toMatchObject({ sentInRequests: false });
    expect(crawler('ChatGPT-User')?.readsRobotsTxt).not.toBe('yes');
  });

  test('lookup by name or first token, case-insensitively; selections by purpose', () => {
    expect(crawler('gptbot')?.name).toBe('GPTBot');
    expect(crawler('googlebot')?.name).toBe('Googlebot');
    expect(crawler('NoSuchBot')).toBeUndefined();
    expect(selectCrawlers('ai').every((c) => c.purposes.some((p) => p.startsWith('ai-')))).toBe(true);
    expect(selectCrawlers('search').map((c) => c.name)).toContain('bingbot');
    expect(() => selectCrawlers(['GPTBot', 'NoSuchBot'])).toThrow(/NoSuchBot/);
    expect(() => selectCrawlers('robots' as never)).toThrow(RangeError);
  });
});

describe('identify(): the known crawler a User-Agent header names', () => {
  test.each(crawlerUserAgents.map((s) => [s.crawler, s.header] as const))('%s: %s', (name, header) => {
    expect(identify(header)[0]?.name).toBe(name);
  });

  test('every crawler that is sent in requests has at least one real header here', () => {
    const covered = new Set(crawlerUserAgents.map((s) => s.crawler));
    expect(crawlers.filter((c) => c.sentInRequests && !covered.has(c.name)).map((c) => c.name)).toEqual([]);
  });

  // Real headers (crawler-user-agents) of clients that compare themselves to a crawler.
  test.each([
    ['FreshRSS/1.11.2 (Linux; https://freshrss.org) like Googlebot', []],
    ['Feedly/1.0 (+http://www.feedly.com/fetcher.html; like FeedFetcher-Google)', []],
    ['Mozilla/5.0 (compatible; Feedspot/1.0 (+https://www.feedspot.com/fs/fetcher; like FeedFetcher-Google)', []],
    ['TelegramBot (like TwitterBot)', ['TelegramBot']],
    ['SentiBot www.sentibot.eu (compatible with Googlebot)', []],
  ] as const)('"like X" is a comparison, not X: %s', (header, names) => {
    expect(identify(header).map((c) => c.name)).toEqual(names);
  });

  test('a crawler named after "like Gecko;" or after "like" with more than a space between is still identified', () => {
    expect(
      identify(
        'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/W.X.Y.Z Safari/537.36',
      ).map((c) => c.name),
    ).toEqual(['Googlebot']);
    expect(identify('like; Googlebot/2.1').map((c) => c.name)).toEqual(['Googlebot']);
  });

  test.each(browserUserAgents.map((s) => [s.header] as const))('a browser is nobody: %s', (header) => {
    expect(identify(header)).toEqual([]);
    expect(isBot(header)).toBe(false);
  });

  test('robots.txt-only tokens are never identified, even when a header claims them', () => {
    expect(identify('Mozilla/5.0 (compatible; Google-Extended/1.0)')).toEqual([]);
    expect(identify('Applebot-Extended/0.1')).toEqual([]);
  });

  test('tokens stand whole: Googlebot-Image is not Googlebot, and a word inside another is nothing', () => {
    expect(identify('Googlebot-Image/1.0').map((c) => c.name)).toEqual(['Googlebot-Image']);
    expect(identify('NotGPTBotAtAll/1.0')).toEqual([]);
  });

  test('a header that claims several: in the order they appear', () => {
    expect(identify('GPTBot/1.2 (compatible; ClaudeBot/1.0; Googlebot/2.1)').map((c) => c.name)).toEqual([
      'GPTBot',
      'ClaudeBot',
      'Googlebot',
    ]);
  });

  test('bots outside the registry: isBot() says so through isbot; identify() names nobody', () => {
    expect(identify('curl/8.5.0')).toEqual([]);
    expect(isBot('curl/8.5.0')).toBe(true);
    expect(isBot('python-requests/2.32.3')).toBe(true);
  });

  test('bad input is a TypeError', () => {
    expect(() => identify(42 as never)).toThrow(TypeError);
  });
});

describe('audit(): who can reach a site, as check() says', () => {
  const body =
    'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /nogoogle\n';
  const robots = parse(body);
  const row = (name: string) => audit(robots, [name])[0]!;

  test('blocked, partly, open, and the group each follows', () => {
    expect(row('GPTBot')).toMatchObject({ group: 'GPTBot', access: 'blocked', root: { allowed: false, line: 2 } });
    expect(row('ClaudeBot')).toMatchObject({ group: '*', access: 'partly', example: '/private/' });
    expect(row('Googlebot-Image')).toMatchObject({ group: 'Googlebot', access: 'partly', example: '/nogoogle' });
    expect(row('AdsBot-Google')).toMatchObject({ group: null, access: 'open', root: { allowed: true, line: 0 } });
    expect(row('ChatGPT-User').readsRobotsTxt).not.toBe('yes');
  });

  test("usage signals for /: Cloudflare's managed Content-Signal reaches the crawlers following *, not GPTBot; Content-Usage only where / may be fetched", () => {
    const managed = parse(
      [
        'User-Agent: *',
        'Content-signal: search=yes,ai-train=no',
        'Allow: /',
        '',
        'User-agent: GPTBot',
        'Disallow: /',
        '',
        'User-agent: *',
        'Disallow: /cart',
        'Content-Usage: / train-ai=n',
        'License: https://example.com/license.xml',
      ].join('\n'),
    );
    const [gpt, claude] = audit(managed, ['GPTBot', 'ClaudeBot']);
    expect(gpt).toMatchObject({
      access: 'blocked',
      contentSignal: null,
      contentUsage: null,
      licenses: ['https://example.com/license.xml'],
    });
    expect(claude).toMatchObject({
      access: 'partly',
      contentSignal: { values: { search: 'yes', 'ai-train': 'no' }, lines: [2] },
      contentUsage: { preferences: { 'train-ai': 'n' }, lines: [10], path: '/' },
      licenses: ['https://example.com/license.xml'],
    });
    expect(row('ClaudeBot')).toMatchObject({ contentSignal: null, contentUsage: null, licenses: [] });
    managed.dispose();
  });

  test('the default is the whole registry; `ai` the AI crawlers', () => {
    expect(audit(robots).length).toBe(crawlers.length);
    expect(audit(robots, 'ai').every((r) => r.crawler.purposes.some((p) => p.startsWith('ai-')))).toBe(true);
  });

  const agree = (text: string | Uint8Array, urls: readonly string[]) => {
    const r = parse(text);
    try {
      for (const a of audit(r)) {
        expect(a.root).toEqual(r.check('/', a.crawler));
        const { contentSignal, contentUsage, licenses } = usage(r, '/', a.crawler);
        expect({ contentSignal: a.contentSignal, contentUsage: a.contentUsage, licenses: a.licenses }).toEqual({
          contentSignal,
          contentUsage,
          licenses,
        });
        if (a.access === 'blocked') expect(a.root.allowed).toBe(false);
        if (a.access === 'partly') expect(r.isAllowed(a.example!, a.crawler)).toBe(false);
        if (a.access === 'open')
          for (const u of urls) expect(r.isAllowed(u, a.crawler), `${a.crawler.name} ${u}`).toBe(true);
      }
    } finally {
      r.dispose();
    }
  };

  test('property: on generated files, every row agrees with check() (root; the example of partly; open allows every URL tried)', () => {
    fc.assert(
      fc.property(robotsBody, fc.array(url, { maxLength: 8 }), (body, urls) => agree(body, urls)),
      { numRuns: 300, seed: 20261123 },
    );
  });

  test('on every corpus file', () => {
    const urls = corpusUrls(150);
    for (const { body } of corpusFiles()) agree(body, urls);
  });
});

describe('bodyKind(): bodies that are not a robots.txt', () => {
  test.each([
    ['<!DOCTYPE html>\n<html lang="en"><head><title>Home</title></head></html>', 'html'],
    ['\n  <html>\n<body>Not Found</body></html>', 'html'],
    ['<?xml version="1.0"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "x">\n<html>', 'html'],
    ['404 Not Found\n', 'error'],
    ['Not Found', 'error'],
    ['Access denied.\n', 'error'],
    ['Forbidden', 'error'],
  ] as const)('%j is %s', (body, kind) => {
    expect(bodyKind(body)).toBe(kind);
    expect(bodyKind(new TextEncoder().encode(body))).toBe(kind);
  });

  test('binary bodies: images, gzip, UTF-16, control bytes', () => {
    expect(bodyKind(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('binary');
    expect(bodyKind(new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0x00]))).toBe('binary');
    expect(bodyKind(new Uint8Array([0xff, 0xfe, 0x55, 0x00, 0x73, 0x00]))).toBe('binary');
    expect(bodyKind(new Uint8Array(64).map((_, i) => i % 7))).toBe('binary');
  });

  test('near misses read as robots.txt: rules that mention errors, an HTML comment in a rule, an empty body', () => {
    for (const body of [
      'User-agent: *\nDisallow: /404\n',
      '# Not Found pages are excluded\nUser-agent: *\nDisallow: /errors/\n',
      'User-agent: *\nDisallow: /<html>\n',
      '',
      'Sitemap: https://e.com/error-sitemap.xml\n',
      '# robots.txt for example.com: no restrictions\n',
    ])
      expect(bodyKind(body), body).toBeUndefined();
  });

  test('bounded: a 5 MB body is read from its first bytes only', () => {
    expect(bodyKind(`<html>${' '.repeat(5_000_000)}`)).toBe('html');
    expect(bodyKind(`User-agent: *\n${'Disallow: /x\n'.repeat(400_000)}`)).toBeUndefined();
  });
});

describe('audit(): Content-Signal and Content-Usage that disagree', () => {
  test('each row lists the purposes on which they disagree; agreement and silence list none', () => {
    const robots = parse(
      'User-agent: GPTBot\nContent-Signal: ai-train=no, search=yes\nContent-Usage: train-ai=y, search=n\nAllow: /\n\nUser-agent: *\nContent-Signal: ai-train=no\nContent-Usage: train-ai=n\nAllow: /\n',
    );
    const rows = audit(robots, ['GPTBot', 'CCBot']);
    expect(rows[0]!.usageConflicts).toEqual([
      { purpose: 'train-ai', signalKey: 'ai-train', signal: 'no', preference: 'y', stricter: 'no' },
      { purpose: 'search', signalKey: 'search', signal: 'yes', preference: 'n', stricter: 'no' },
    ]);
    expect(rows[1]!.usageConflicts).toEqual([]);
    robots.dispose();
    const silent = parse('User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n');
    expect(audit(silent, ['GPTBot'])[0]!.usageConflicts).toEqual([]);
    silent.dispose();
  });
});
