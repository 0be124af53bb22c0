// Usage signals (docs/usage-signals.md). Content-Usage (AIPREF attach and vocab drafts),
// Content-Signal (Cloudflare's Content Signals Policy) and License (RSL),
// read by usage() and by the bulk purpose filter. Cases come from the
// sources' own examples; the properties hold usage() to check() and the
// filter to usage().
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { parse, lines, type Robots } from '../src/index.js';
import { explain } from '../src/explain.js';
import { usage, purpose } from '../src/usage.js';

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('Content-Usage: the AIPREF attach example', () => {
  // draft-ietf-aipref-attach, section "Example": three paths, crawl and usage.
  const file = [
    'User-Agent: *',
    'Allow: /',
    'Disallow: /never/',
    'Content-Usage: / train-ai=n',
    'Content-Usage: /ai-ok/ train-ai=y',
    '',
    'User-Agent: ExampleBot',
    'Allow: /',
    'Content-Usage: / train-ai=y',
  ].join('\n');

  test.each([
    ['/test', true, { 'train-ai': 'n' }, [4]],
    ['/never/test', false, null, null],
    ['/ai-ok/test', true, { 'train-ai': 'y' }, [5]],
  ])('%s: crawl %s, usage %j', (path, crawl, preferences, lines) => {
    const robots = parse(file);
    const u = usage(robots, `https://example.com${path}`, 'OtherBot');
    expect(u.allowed).toBe(crawl);
    expect(u.contentUsage && { ...u.contentUsage.preferences }).toEqual(preferences);
    expect(u.contentUsage?.lines ?? null).toEqual(lines);
  });

  test('ExampleBot follows its own group: train-ai=y everywhere, /never/ included', () => {
    const robots = parse(file);
    for (const path of ['/test', '/never/test', '/ai-ok/test']) {
      const u = usage(robots, `https://example.com${path}`, 'ExampleBot');
      expect(u.allowed).toBe(true);
      expect({ ...u.contentUsage!.preferences }).toEqual({ 'train-ai': 'y' });
      expect(u.contentUsage!.lines).toEqual([9]);
    }
  });

  test('the purpose filter gives the same table', () => {
    const matcher = parse(file).forAgent('OtherBot');
    const urls = ['/test', '/never/test', '/ai-ok/test'].map((p) => `https://example.com${p}`).join('\n');
    expect([...matcher.matchLines(urls, undefined, { purpose: purpose('train-ai') })]).toEqual([2, 0, 1]);
    const labelled = matcher.filterLines(urls, 'labelled', { purpose: purpose('train-ai') });
    expect(decode(labelled.output)).toBe(
      'opted-out\thttps://example.com/test\ndisallowed\thttps://example.com/never/test\nallowed\thttps://example.com/ai-ok/test\n',
    );
    expect(labelled).toMatchObject({ lines: 3, urls: 3, allowed: 2, optedOut: 1 });
    expect(decode(matcher.filterLines(urls, 'allowed', { purpose: purpose('train-ai') }).output)).toBe(
      'https://example.com/ai-ok/test\n',
    );
    expect(decode(matcher.filterLines(urls, 'disallowed', { purpose: purpose('train-ai') }).output)).toBe(
      'https://example.com/test\nhttps://example.com/never/test\n',
    );
    expect(decode(matcher.filterLines(urls, 'verdicts', { purpose: purpose('train-ai') }).output)).toBe(
      'opted-out\ndisallowed\nallowed\n',
    );
    // Without a purpose nothing changes, and no optedOut count appears.
    expect(matcher.filterLines(urls, 'allowed')).not.toHaveProperty('optedOut');
    expect([...matcher.matchLines(urls)]).toEqual([1, 0, 1]);
  });
});

describe('Content-Usage: matching and combining', () => {
  test('equal-length paths in conflict: the most restrictive wins, label by label (n over y over unknown)', () => {
    const robots = parse(
      'User-agent: *\nContent-Usage: /a/ train-ai=y, search=y\nContent-Usage: /a/ train-ai=n\nContent-Usage: /a/ search="n"\n',
    );
    const u = usage(robots, 'https://x/a/page', 'bot');
    expect({ ...u.contentUsage!.preferences }).toEqual({ 'train-ai': 'n', search: 'y' });
    expect(u.contentUsage!.lines).toEqual([2, 3, 4]);
    expect(u.contentUsage!.path).toBe('/a/');
  });

  test('unlike allow and disallow, where an equal-length allow wins', () => {
    const robots = parse(
      'User-agent: *\nDisallow: /a/\nAllow: /a/\nContent-Usage: /a/ train-ai=y\nContent-Usage: /a/ train-ai=n\n',
    );
    const u = usage(robots, 'https://x/a/', 'bot');
    expect(u.allowed).toBe(true);
    expect(u.contentUsage!.preferences['train-ai']).toBe('n');
  });

  test('the longest matching path decides the whole preference: labels it does not name are unknown', () => {
    const robots = parse('User-agent: *\nContent-Usage: / train-ai=n, search=n\nContent-Usage: /blog/ search=y\n');
    expect({ ...usage(robots, 'https://x/blog/post', 'bot').contentUsage!.preferences }).toEqual({ search: 'y' });
    expect({ ...usage(robots, 'https://x/shop', 'bot').contentUsage!.preferences }).toEqual({
      'train-ai': 'n',
      search: 'n',
    });
  });

  test('without a path a rule covers the whole group, and any path outranks it', () => {
    const robots = parse('User-agent: *\nContent-Usage: train-ai=n\nContent-Usage: /open/ train-ai=y\n');
    expect(usage(robots, 'https://x/anything', 'bot').contentUsage).toEqual({
      preferences: { 'train-ai': 'n' },
      lines: [2],
      path: '',
    });
    expect(usage(robots, 'https://x/open/1', 'bot').contentUsage!.preferences['train-ai']).toBe('y');
  });

  test('wildcards and end anchors match as in allow/disallow', () => {
    const robots = parse('User-agent: *\nContent-Usage: /*.pdf$ train-ai=n\nContent-Usage: / train-ai=y\n');
    expect(usage(robots, 'https://x/docs/a.pdf', 'bot').contentUsage!.preferences['train-ai']).toBe('n');
    expect(usage(robots, 'https://x/docs/a.pdf?x=1', 'bot').contentUsage!.preferences['train-ai']).toBe('y');
  });

  test('preferences apply only where crawling is allowed', () => {
    const robots = parse('User-agent: *\nDisallow: /private/\nContent-Usage: / train-ai=y\n');
    const u = usage(robots, 'https://x/private/a', 'bot');
    expect(u.allowed).toBe(false);
    expect(u.contentUsage).toBeNull();
    expect(u.line).toBe(2);
  });

  test("a crawler with its own group does not read the * group's Content-Usage", () => {
    const robots = parse('User-agent: *\nContent-Usage: / train-ai=n\nAllow: /\n\nUser-agent: GPTBot\nAllow: /\n');
    expect(usage(robots, 'https://x/', 'GPTBot').contentUsage).toBeNull();
    expect(usage(robots, 'https://x/', 'CCBot').contentUsage!.preferences['train-ai']).toBe('n');
  });

  test("groups are the parser's: a Content-Usage line does not end a group, so user-agent lines around it share it (as Google reads them)", () => {
    const robots = parse('User-agent: *\nContent-Usage: / train-ai=n\n\nUser-agent: GPTBot\nDisallow: /private\n');
    expect(usage(robots, 'https://x/', 'GPTBot').contentUsage!.lines).toEqual([2]);
    expect(robots.isAllowed('https://x/private', 'CCBot')).toBe(false);
  });

  test.each(['google', 'rfc'] as const)(
    '%s mode: non-ASCII and percent-encoded paths match exactly as a Disallow of the same path would',
    (mode) => {
      const paths = ['/café/', '/%E6%97%A5%E6%9C%AC/', '/caf%c3%a9/', '/%7Euser/'];
      const urls = [
        '/caf%C3%A9/menu',
        '/café/menu',
        '/日本/a',
        '/%E6%97%A5%E6%9C%AC/a',
        '/cafe/menu',
        '/~user/x',
        '/%7euser/x',
        '/%7Euser/x',
      ];
      for (const path of paths) {
        const robots = parse(`User-agent: *\nContent-Usage: ${path} train-ai=n\n`, { mode });
        const disallow = parse(`User-agent: *\nDisallow: ${path}\n`, { mode });
        for (const url of urls) {
          const matched = usage(robots, `https://x${url}`, 'bot').contentUsage !== null;
          expect(matched, `${path} against ${url}`).toBe(!disallow.isAllowed(`https://x${url}`, 'bot'));
        }
      }
      // The draft's own percent-encoding rule: the non-ASCII path and its encoded form are one path.
      const robots = parse('User-agent: *\nContent-Usage: /café/ train-ai=n\n', { mode });
      expect(usage(robots, 'https://x/caf%C3%A9/menu', 'bot').contentUsage!.lines).toEqual([2]);
    },
  );

  test("keys are read case-insensitively and with Google's leniency for spaces, but a misspelt key is not Content-Usage", () => {
    const robots = parse('User-agent: *\n  content-USAGE :  /a/   train-ai=n  # note\nContent-Usages: / train-ai=n\n');
    expect(usage(robots, 'https://x/a/', 'bot').contentUsage).toEqual({
      preferences: { 'train-ai': 'n' },
      lines: [2],
      path: '/a/',
    });
    expect(usage(robots, 'https://x/b', 'bot').contentUsage).toBeNull();
  });

  test('Content-Usage before any user-agent line belongs to no group and applies to nobody', () => {
    const robots = parse('Content-Usage: / train-ai=n\nUser-agent: *\nAllow: /\n');
    expect(usage(robots, 'https://x/', 'bot').contentUsage).toBeNull();
  });

  test('none of it changes allow/disallow: check() is the same with the lines made comments', () => {
    const withUsage = parse(
      'User-agent: a\nContent-Usage: / train-ai=n\nContent-Signal: search=no\nUser-agent: b\nDisallow: /x\n',
    );
    const without = parse(
      'User-agent: a\n# Content-Usage: / train-ai=n\n# Content-Signal: search=no\nUser-agent: b\nDisallow: /x\n',
    );
    for (const agent of ['a', 'b', 'c'])
      for (const path of ['/', '/x', '/y']) {
        expect(withUsage.check(`https://h${path}`, agent)).toEqual(without.check(`https://h${path}`, agent));
      }
  });
});

describe("Content-Usage preferences: the vocab draft's processing examples", () => {
  const prefs = (expression: string) => ({
    ...usage(parse(`User-agent: *\nContent-Usage: / ${expression}\n`), 'https://x/', 'bot').contentUsage!.preferences,
  });

  test('train-ai=y, train-ai, search=n, search="n": the last duplicate wins, and neither is a token: all unknown', () => {
    expect(prefs('train-ai=y, train-ai, search=n, search="n"')).toEqual({ 'train-ai': 'unknown', search: 'unknown' });
  });
  test('parameters are ignored: train-ai;allow=n, train-ai=y is y', () => {
    expect(prefs('train-ai;allow=n, train-ai=y')).toEqual({ 'train-ai': 'y' });
    expect(prefs('train-ai=n;why="policy"')).toEqual({ 'train-ai': 'n' });
  });
  test('a parameterised bare label is unknown', () => {
    expect(prefs('train-ai;has;parameters="?"')).toEqual({ 'train-ai': 'unknown' });
  });
  test('a Dictionary that fails to parse makes every preference unknown (an upper-case key)', () => {
    expect(prefs('Train-AI=n, search=y')).toEqual({});
    expect(prefs('search=y, train-ai=n,')).toEqual({});
  });
  test('yes instead of y, and unknown labels, are kept as written', () => {
    expect(prefs('train-ai=yes, bots=n, train-genai=n')).toEqual({
      'train-ai': 'unknown',
      bots: 'n',
      'train-genai': 'n',
    });
  });
  test('optional whitespace after commas, tabs included', () => {
    expect(prefs('train-ai=n,search=y')).toEqual({ 'train-ai': 'n', search: 'y' });
    expect(prefs('train-ai=n,\tsearch=y')).toEqual({ 'train-ai': 'n', search: 'y' });
  });
});

describe('Content-Signal', () => {
  test('a line inside a group: keys and values case-insensitive, spaces optional, use= levels', () => {
    const robots = parse('User-agent: *\nContent-Signal: Search=YES,ai-train = no, use=reference\nAllow: /\n');
    const u = usage(robots, 'https://x/', 'bot');
    expect(u.contentSignal).toEqual({ values: { search: 'yes', 'ai-train': 'no', use: 'reference' }, lines: [2] });
  });

  test("Cloudflare's managed block prepended to the site's own file: two * groups, both read", () => {
    const managed = [
      '# As a condition of accessing this website, you agree to abide by the following content signals:',
      '# BEGIN Cloudflare Managed content',
      'User-Agent: *',
      'Content-signal: search=yes,ai-train=no',
      'Allow: /',
      '',
      'User-agent: Amazonbot',
      'Disallow: /',
      '',
      'User-agent: GPTBot',
      'Disallow: /',
      '# END Cloudflare Managed Content',
      '',
      'User-agent: *',
      'Disallow: /cart',
      '',
      'User-agent: Googlebot',
      'Disallow: /search',
    ].join('\n');
    const robots = parse(managed);
    const cc = usage(robots, 'https://x/page', 'CCBot');
    expect(cc.allowed).toBe(true);
    expect(cc.contentSignal).toEqual({ values: { search: 'yes', 'ai-train': 'no' }, lines: [4] });
    // The site's own `*` rules still apply (the groups merge for rules too).
    expect(usage(robots, 'https://x/cart', 'CCBot').allowed).toBe(false);
    // Googlebot follows its own group: no signal reaches it.
    expect(usage(robots, 'https://x/page', 'Googlebot').contentSignal).toBeNull();
    // GPTBot may not crawl at all; its group has no signal.
    expect(usage(robots, 'https://x/page', 'GPTBot')).toMatchObject({
      allowed: false,
      contentSignal: null,
      contentUsage: null,
    });
    // And the purpose filter opts CCBot out of training everywhere it may crawl.
    expect([
      ...robots
        .forAgent('CCBot')
        .matchLines('https://x/a\nhttps://x/cart\n', undefined, { purpose: purpose('train-ai') }),
    ]).toEqual([2, 0]);
    expect([
      ...robots.forAgent('CCBot').matchLines('https://x/a\n', undefined, { purpose: purpose('search') }),
    ]).toEqual([1]);
  });

  test("two signal lines in the crawler's groups: the most restrictive value per key", () => {
    const robots = parse(
      'User-agent: *\nContent-Signal: search=yes, ai-train=yes, use=full\nUser-agent: *\nAllow: /\n\nUser-agent: *\nContent-Signal: ai-train=no, use=immediate\n',
    );
    expect(usage(robots, 'https://x/', 'bot').contentSignal).toEqual({
      values: { search: 'yes', 'ai-train': 'no', use: 'immediate' },
      lines: [2, 7],
    });
  });

  test('a signal outside any group applies to nobody; garbage entries are skipped', () => {
    const robots = parse(
      'Content-Signal: ai-train=no\nUser-agent: *\nContent-Signal: ai-train=maybe, =yes, search, ai-input=no\n',
    );
    expect(usage(robots, 'https://x/', 'bot').contentSignal).toEqual({ values: { 'ai-input': 'no' }, lines: [3] });
  });
});

describe('Content-Signal and Content-Usage together', () => {
  const file =
    'User-agent: *\nContent-Signal: search=yes, ai-train=yes, ai-input=no\nContent-Usage: / train-ai=y\nContent-Usage: /members/ train-ai=n\nDisallow: /admin\n';

  test('usage() reports both, each with its lines', () => {
    const u = usage(parse(file), 'https://x/members/a', 'bot');
    expect(u.contentSignal!.values['ai-train']).toBe('yes');
    expect(u.contentUsage!.preferences['train-ai']).toBe('n');
    expect(u.contentSignal!.lines).toEqual([2]);
    expect(u.contentUsage!.lines).toEqual([4]);
  });

  test("the filter opts a URL out when either says no; ai-input is Content-Signal's alone", () => {
    const m = parse(file).forAgent('bot');
    const urls = 'https://x/\nhttps://x/members/a\nhttps://x/admin\n';
    expect([...m.matchLines(urls, undefined, { purpose: purpose('train-ai') })]).toEqual([1, 2, 0]);
    expect([...m.matchLines(urls, undefined, { purpose: purpose('ai-train') })]).toEqual([1, 2, 0]);
    expect([...m.matchLines(urls, undefined, { purpose: purpose('ai-input') })]).toEqual([2, 2, 0]);
    expect([...m.matchLines(urls, undefined, { purpose: purpose('search') })]).toEqual([1, 1, 0]);
    // A blank line is no URL: labelled by its crawl verdict alone, never opted out.
    const signalNo = parse('User-agent: *\nContent-Signal: ai-train=no\n').forAgent('bot');
    expect(
      decode(signalNo.filterLines('https://x/a\n\nhttps://x/b\n', 'verdicts', { purpose: purpose('train-ai') }).output),
    ).toBe('opted-out\nallowed\nopted-out\n');
    // Content-Signal says no while Content-Usage says y: no wins.
    const both = parse('User-agent: *\nContent-Signal: ai-train=no\nContent-Usage: / train-ai=y\n').forAgent('bot');
    expect([...both.matchLines('https://x/\n', undefined, { purpose: purpose('train-ai') })]).toEqual([2]);
  });

  test('any AIPREF label can be a purpose; a malformed purpose is a RangeError naming it', () => {
    const m = parse('User-agent: *\nContent-Usage: / train-genai=n\n').forAgent('bot');
    expect([...m.matchLines('https://x/\n', undefined, { purpose: purpose('train-genai') })]).toEqual([2]);
    expect(() => purpose('Train AI')).toThrow(/purpose must be .*"Train AI"/);
    expect(() => purpose(7 as unknown as string)).toThrow(RangeError);
    // A string is not a Purpose: purpose() makes one (and brings the usage readers along only then).
    expect(() => m.filterLines('https://x/\n', 'allowed', { purpose: 'train-ai' as never })).toThrow(
      /options.purpose must be a Purpose from purpose\('train-ai'\)/,
    );
  });
});

describe("lines() reads the usage keys as Google's reporting parser does", () => {
  test('Content-Signal and Content-Usage are known keys Google does not use; License is unknown to it', () => {
    const read = lines(
      'User-agent: *\nContent-Signal: ai-train=no\nContent-Usage: / train-ai=n\nLicense: https://x/l.xml\n',
    );
    expect(read.slice(1, 4).map((l) => [l.kind, l.key, l.problems])).toEqual([
      ['other', 'Content-Signal', ['unsupported-key']],
      ['other', 'Content-Usage', ['unsupported-key']],
      ['other', 'License', ['unknown-key']],
    ]);
  });
});

describe('License', () => {
  test('global: listed for every crawler, wherever the line stands', () => {
    const robots = parse(
      'License: https://example.com/license.xml\nUser-agent: *\nDisallow: /x\nLicense: https://example.com/other.xml\n\nUser-agent: GPTBot\nDisallow: /\n',
    );
    expect(usage(robots, 'https://x/', 'bot').licenses).toEqual([
      'https://example.com/license.xml',
      'https://example.com/other.xml',
    ]);
    expect(usage(robots, 'https://x/', 'GPTBot').licenses).toHaveLength(2);
  });
});

describe('usage() on matchers, crawlers and explain', () => {
  const file =
    'User-agent: *\nContent-Signal: ai-train=no\nContent-Usage: /a/ train-ai=n\nAllow: /\n\nUser-agent: Googlebot\nContent-Usage: / search=y\nAllow: /\n';

  test('a matcher gives what the robots gives for its agent', () => {
    const robots = parse(file);
    for (const agent of ['Googlebot', 'bot']) {
      expect(usage(robots.forAgent(agent), 'https://x/a/b')).toEqual(usage(robots, 'https://x/a/b', agent));
    }
  });

  test('a crawler picks its group as for rules: Googlebot-Image falls back to the Googlebot group', () => {
    const robots = parse(file);
    const crawler = { tokens: ['Googlebot-Image', 'Googlebot'], obeysGlobalGroup: true };
    expect(usage(robots, 'https://x/a/b', crawler).contentUsage!.preferences).toEqual({ search: 'y' });
  });

  test('explain says which usage statements apply and why', () => {
    const robots = parse(file);
    const e = explain(robots, 'https://x/a/b', 'bot');
    expect(e.usage.contentUsage!.lines).toEqual([3]);
    expect(e.usage.contentSignal!.lines).toEqual([2]);
    expect(e.usage.why).toMatch(/Line 3 .*Content-Usage: \/a\/ train-ai=n.*longest/);
    expect(e.usage.why).toMatch(/Line 2/);
    const g = explain(robots, 'https://x/a/b', 'Googlebot');
    expect(g.usage.why).toMatch(/The `\*` group's Content-Signal on line 2 does not apply/);
  });

  test('URL objects and disposed robots behave as check() does', () => {
    const robots = parse(file);
    expect(usage(robots, new URL('https://x/a/b'), 'bot').contentUsage!.lines).toEqual([3]);
    robots.dispose();
    expect(() => usage(robots, 'https://x/', 'bot')).toThrow(/disposed/);
    expect(() => usage({} as Robots, 'https://x/', 'bot')).toThrow(TypeError);
  });
});

describe('properties', () => {
  const segment = fc.constantFrom('a', 'b', 'ab', 'x*', 'p.pdf', '%41', 'é', '$');
  const path = fc.array(segment, { maxLength: 3 }).map((parts) => `/${parts.join('/')}`);
  const pref = fc.constantFrom(
    'train-ai=n',
    'train-ai=y',
    'search=n',
    'train-ai=y, search=n',
    'train-ai="n"',
    'Train-ai=n',
    'train-ai',
  );
  const line = fc.oneof(
    fc.tuple(fc.constantFrom('Allow', 'Disallow'), path).map(([k, p]) => `${k}: ${p}`),
    fc.tuple(path, pref).map(([p, v]) => `Content-Usage: ${p} ${v}`),
    pref.map((v) => `Content-Usage: ${v}`),
    fc.constantFrom(
      'Content-Signal: ai-train=no',
      'Content-Signal: ai-train=yes, search=no',
      'User-agent: *',
      'User-agent: bot',
      'User-agent: other',
    ),
  );
  const file = fc.array(line, { maxLength: 12 }).map((lines) => lines.join('\n'));
  const urls = fc.array(path, { minLength: 1, maxLength: 8 }).map((paths) => paths.map((p) => `https://h${p}`));

  test.each(['google', 'rfc'] as const)(
    '%s: usage().allowed is check().allowed; the purpose filter keeps what usage() says',
    (mode) => {
      fc.assert(
        fc.property(
          file,
          urls,
          fc.constantFrom('bot', 'other', 'none'),
          fc.constantFrom('train-ai', 'search'),
          (body, list, agent, purposeName) => {
            const robots = parse(body, { mode });
            try {
              const verdicts = robots
                .forAgent(agent)
                .matchLines(list.join('\n'), undefined, { purpose: purpose(purposeName) });
              list.forEach((url, i) => {
                const u = usage(robots, url, agent);
                expect(u.allowed).toBe(robots.check(url, agent).allowed);
                const signal = u.contentSignal?.values[purposeName === 'train-ai' ? 'ai-train' : 'search'];
                const preference = u.contentUsage?.preferences[purposeName];
                const expected = !u.allowed ? 0 : signal === 'no' || preference === 'n' ? 2 : 1;
                expect(verdicts[i]).toBe(expected);
              });
            } finally {
              robots.dispose();
            }
          },
        ),
        { numRuns: 400 },
      );
    },
  );
});

describe('bad input', () => {
  test('20,000 applying * groups with signal and usage lines: usage() and explain() read each line once', () => {
    const lines: string[] = [];
    for (let i = 0; i < 20_000; i++)
      lines.push(
        'User-agent: *',
        `Content-Signal: ai-train=${i % 2 ? 'no' : 'yes'}`,
        `Content-Usage: /${i}/ train-ai=y`,
        'Allow: /x',
      );
    const robots = parse(lines.join('\n'), { maxBytes: 1 << 22 });
    const u = usage(robots, 'https://x/5/a', 'bot');
    expect(u.contentSignal!.values['ai-train']).toBe('no');
    expect(u.contentSignal!.lines).toHaveLength(20_000);
    expect(u.contentUsage!.lines).toEqual([23]);
    expect(explain(robots, 'https://x/5/a', 'bot').usage.contentUsage!.lines).toEqual([23]);
    robots.dispose();
  });

  test('thousands of signal lines, 16 KB values and garbage never throw and stay linear', () => {
    const big = 'x'.repeat(16_000);
    const lines = ['User-agent: *'];
    for (let i = 0; i < 3000; i++) {
      lines.push(
        `Content-Signal: ai-train=${i % 2 ? 'no' : 'maybe'}, ${i}`,
        `Content-Usage: /${i}/* train-ai=n`,
        `License: https://e.example/${i}`,
      );
    }
    lines.push(
      `Content-Signal: ${big}`,
      `Content-Usage: /${big} ${big}`,
      `Content-Usage: ${big}=n`,
      `License: ${big}`,
      `Content-Usage: /1/ "${big}`,
    );
    const robots = parse(lines.join('\n'), { maxBytes: 1 << 20 });
    const u = usage(robots, `https://x/1/${'y'.repeat(10_000)}`, 'bot');
    expect(u.contentSignal!.values['ai-train']).toBe('no');
    expect(u.contentUsage!.lines).toEqual([6]);
    expect(u.licenses).toHaveLength(3001);
    const m = robots.forAgent('bot');
    expect(m.filterLines('https://x/1/a\nhttps://x/2/b\n', 'verdicts', { purpose: purpose('train-ai') }).optedOut).toBe(
      2,
    );
  });
});
