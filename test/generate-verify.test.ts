// verify(policy, text): the mistakes generators make, each in a fixture of
// its own (test/fixtures/generate/), and what verify says about each.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generate, verify, type Policy } from '../src/generate.js';

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`./fixtures/generate/${name}`, import.meta.url)), 'utf8');
const EXAMPLE = JSON.parse(fixture('policy.json')) as Policy;
const kinds = (r: ReturnType<typeof verify>) => [...new Set(r.differences.map((d) => d.kind))];

describe('verify', () => {
  test('the generated file passes', () => {
    const r = verify(EXAMPLE, generate(EXAMPLE).text);
    expect(r.ok).toBe(true);
    expect(r.differences).toEqual([]);
  });

  test('a welcome group (OAI-SearchBot, Allow: /) escapes every * disallow', () => {
    const r = verify(
      { default: { disallow: ['/private/', '/search'] }, signals: { search: 'yes' } },
      fixture('welcome-group.txt'),
    );
    expect(r.ok).toBe(false);
    const escaped = r.differences.filter((d) => d.crawler === 'OAI-SearchBot');
    // / for its Content-Signal (none in its group); then the near misses of the policy's patterns it may fetch too.
    expect(escaped.map((d) => d.path)).toEqual(['/', '/private/', '/search', '/private/x', '/searchx', '/search/x']);
    expect(escaped[1]!.message).toBe(
      "OAI-SearchBot, /private/: by Google's and RFC 9309's rules it may fetch /private/ (line 7 `Allow: /`), but the policy says it may not.",
    );
    expect(r.differences.some((d) => d.kind === 'lint' && d.code === 'allow-all-group')).toBe(false); // info, not a warning: the cells say it
  });

  test('names that are not product tokens: Acme2Bot is read as Acme; AI2Bot, which the registry says follows `AI`, is no difference', () => {
    const r = verify({ crawlers: { GPTBot: 'block', iaskspider: 'block' } }, fixture('not-tokens.txt'));
    const names = r.differences.filter((d) => d.kind === 'agent-not-token');
    expect(names).toEqual([
      {
        kind: 'agent-not-token',
        line: 5,
        message:
          '`User-agent: Acme2Bot` is not a product token: Google reads it as `Acme`, so this group speaks to crawlers named Acme, not to Acme2Bot.',
      },
    ]);
    // iaskspider/2.0 is read as iaskspider, which is what it meant: no difference for it.
    expect(r.differences.filter((d) => d.crawler === 'iaskspider')).toEqual([]);
    expect(r.ok).toBe(false);
  });

  test("ai.robots.txt's `User-agent: AI2Bot` in a block-AI file: the group reaches AI2Bot, and verify passes", () => {
    const policy = { crawlers: { GPTBot: 'block', AI2Bot: 'block' } } as const;
    const file = 'User-agent: GPTBot\nUser-agent: AI2Bot\nUser-agent: Ai2Bot-Dolma\nDisallow: /\n';
    const r = verify(policy, file);
    expect(r.differences).toEqual([]);
    expect(r.ok).toBe(true);
  });

  test('double encoding (encodeURI on an encoded path) matches nothing', () => {
    const r = verify({ default: { disallow: ['/café/'] } }, fixture('double-encoded.txt'));
    expect(r.ok).toBe(false);
    expect(r.matrix.paths).toContain('/caf%C3%A9/');
    expect(r.differences.find((d) => d.crawler === 'Googlebot')!.message).toBe(
      "Googlebot, /caf%C3%A9/: by Google's and RFC 9309's rules it may fetch /caf%C3%A9/ (no rule applies), but the policy says it may not.",
    );
  });

  test("a witness path no rule reaches: reported on the line it tests, and says that line's rule does not apply", () => {
    const r = verify({ default: { disallow: ['/a'] } }, 'User-agent: *\nDisallow: /a\nDisallow: /a/b/\n');
    const adsBot = r.differences.find((d) => d.crawler === 'AdsBot-Google' && d.path === '/a/b/')!;
    expect(adsBot.line).toBe(3);
    expect(adsBot.message).toBe(
      "AdsBot-Google, /a/b/: by Google's and RFC 9309's rules it may fetch /a/b/ (no rule in the groups it reads applies; the path tests line 3), but the policy says it may not.",
    );
  });

  test('a raw space: the request has %20, the rule never matches; lint says why', () => {
    const r = verify({ default: { disallow: ['/my page'] } }, fixture('raw-space.txt'));
    expect(r.ok).toBe(false);
    expect(r.differences.some((d) => d.crawler === 'Googlebot' && d.path === '/my%20page')).toBe(true);
    expect(r.differences.find((d) => d.kind === 'lint')).toMatchObject({ code: 'whitespace-in-pattern', line: 2 });
  });

  test('a prepended block repeating User-agent: * merges with the site file: its Allow: / opens everything', () => {
    const composed = fixture('managed-block.txt') + fixture('site-closed.txt');
    const googlebot = (text: string) =>
      verify({ default: 'block' }, text).differences.filter((d) => d.crawler === 'Googlebot');
    expect(googlebot(fixture('site-closed.txt'))).toEqual([]);
    // (The site's file alone is not right either: AdsBot-Google and the others that skip * may fetch everything.)
    expect(
      verify({ default: 'block' }, fixture('site-closed.txt')).differences.some((d) => d.crawler === 'AdsBot-Google'),
    ).toBe(true);
    const r = verify({ default: 'block' }, composed);
    expect(r.ok).toBe(false);
    expect(r.differences.find((d) => d.crawler === 'Googlebot')!.message).toBe(
      "Googlebot, /: by Google's and RFC 9309's rules it may fetch / (line 4 `Allow: /`), but the policy says it may not.",
    );
  });

  test('Host and Crawl-delay nobody asked for', () => {
    const r = verify({}, fixture('host-crawl-delay.txt'));
    expect(kinds(r)).toEqual(['crawl-delay', 'host']);
    expect(r.differences.map((d) => d.line)).toEqual([3, 5]);
    expect(verify({ crawlDelay: 10, host: 'example.com' }, fixture('host-crawl-delay.txt')).ok).toBe(true);
  });

  test('user-triggered fetchers listed as if robots.txt bound them: the file says it, the rows say robots.txt cannot hold them', () => {
    const r = verify(
      { crawlers: { 'ChatGPT-User': 'block', 'Perplexity-User': 'block' } },
      fixture('user-triggered.txt'),
    );
    expect(r.ok).toBe(true);
    expect(r.notes).toEqual([
      expect.objectContaining({ kind: 'user-triggered', crawler: 'ChatGPT-User' }),
      expect.objectContaining({ kind: 'user-triggered', crawler: 'Perplexity-User' }),
    ]);
    expect(r.notes[0]!.message).toMatch(/robotsmatch\/edge enforces it/);
  });

  test('Google-Extended, a robots.txt-only token, is not something a server can enforce', () => {
    const r = verify({ crawlers: { 'Google-Extended': 'block' } }, fixture('google-extended.txt'));
    expect(r.ok).toBe(true);
    expect(r.notes).toEqual([expect.objectContaining({ kind: 'robots-only-token', crawler: 'Google-Extended' })]);
  });

  test('Content-Signal only in the * group: a crawler with its own group reads none', () => {
    const r = verify(
      { default: { disallow: ['/private/'] }, signals: { search: 'yes', 'ai-train': 'no' } },
      fixture('signal-only-star.txt'),
    );
    expect(r.ok).toBe(false);
    const googlebot = r.differences.filter((d) => d.crawler === 'Googlebot');
    expect(googlebot[0]).toMatchObject({ kind: 'signal', path: '/' });
    expect(googlebot[0]!.message).toBe(
      "Googlebot, /: by Google's and RFC 9309's rules it reads no Content-Signal for /, but the policy says `search=yes, ai-train=no`.",
    );
    expect(r.differences.some((d) => d.kind === 'lint' && d.code === 'signal-not-inherited')).toBe(true);
  });

  test('a sitemap the policy lists but the file does not', () => {
    const r = verify({ sitemaps: ['https://example.com/sitemap.xml'] }, 'User-agent: *\nAllow: /\n');
    expect(r.differences).toEqual([expect.objectContaining({ kind: 'sitemap' })]);
  });

  test('bad input: a typed error, never a crash', () => {
    expect(() => verify(EXAMPLE, 42 as unknown as string)).toThrow(TypeError);
    expect(() => verify({ crawlers: { AI2Bot2: 'block' } }, '')).toThrow('not a product token');
    expect(verify(EXAMPLE, new Uint8Array([0xff, 0xfe, 0, 0])).ok).toBe(false);
  });
});
