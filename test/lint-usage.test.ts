// The usage checks (checks/usage/) on real-world-shaped files: Cloudflare's
// managed block prepended to a site's own file, a Nuxt module's lines printed
// before any group, typos seen in the wild. Every diagnostic is held to what
// crawlers do, through the library's own reader (usage()); fixes are held to
// never taking away a preference that is read today.
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { parse } from '../src/index.js';
import { usage } from '../src/usage.js';
import { applyFixes, CODES, lint, type Diagnostic, type DiagnosticCode } from '../src/lint.js';
import { parsePreferences } from '../src/rules/preferences.js';
import { parseContentSignal } from '../src/rules/content-signal.js';

const usageCodes = (body: string, options?: Parameters<typeof lint>[1]) =>
  lint(body, options).filter((d) => CODES[d.code].family === 'usage');
const at = (found: Diagnostic[], line: number, code: DiagnosticCode) =>
  found.find((d) => d.line === line && d.code === code);
const codes = (found: Diagnostic[]) => found.map((d) => `${d.line} ${d.code}`);
// Usage repairs are unsafe fixes: readers then read what they ignored before.
const fixed = (body: string) => applyFixes(body, lint(body), { unsafe: true });
const usageOf = (body: string, path: string, agent: string) => usage(parse(body), `https://example.com${path}`, agent);

const CLOUDFLARE = `# As a condition of accessing this website, you agree to abide by the following content signals:
# (a)  If a content-signal = yes, you may collect content for the corresponding use.
# (b)  If a content-signal = no, you may not collect content for the corresponding use.
# BEGIN Cloudflare Managed content
User-Agent: *
Content-signal: search=yes,ai-train=no
Allow: /

User-agent: Amazonbot
Disallow: /

User-agent: GPTBot
Disallow: /
# END Cloudflare Managed Content

User-agent: *
Disallow: /cart
`;

describe("Cloudflare's managed robots.txt", () => {
  test.each([
    ["the managed block before the site's own file", CLOUDFLARE],
    [
      'with the 2026 use= level',
      CLOUDFLARE.replace('search=yes,ai-train=no', 'search=yes, ai-train=no, use=reference'),
    ],
    ['managed block alone', CLOUDFLARE.slice(0, CLOUDFLARE.indexOf('# END'))],
    [
      'Content-Signal spelt as the policy does',
      CLOUDFLARE.replace(
        'Content-signal: search=yes,ai-train=no',
        'Content-Signal: search=yes, ai-input=yes, ai-train=no',
      ),
    ],
  ])('%s: no usage finding, and Google ignoring the signal is an info that says no access changes', (_, body) => {
    expect(usageCodes(body)).toEqual([]);
    const found = lint(body);
    const signal = at(found, 6, 'unsupported-key')!;
    expect(signal.severity).toBe('info');
    expect(signal.message).toContain("Cloudflare's Content Signals Policy");
    expect(signal.message).toContain("it changes no crawler's access to any URL");
    // Nothing the linter says about the file is a usage warning.
    expect(found.filter((d) => d.severity !== 'info' && CODES[d.code].family === 'usage')).toEqual([]);
  });

  test("a site's own Content-Signal for GPTBot, which the managed block disallows everywhere: it never applies", () => {
    const body = `${CLOUDFLARE}\nUser-agent: GPTBot\nContent-Signal: ai-train=no\nDisallow: /private/\n`;
    const found = usageCodes(body);
    expect(codes(found)).toEqual(['20 usage-never-applies']);
    expect(found[0]!.message).toBe(
      'GPTBot may fetch no URL of this site (`Disallow: /` on line 13), and usage preferences speak only to what may be crawled: this Content-Signal line changes nothing for it.',
    );
    // True: GPTBot may fetch nothing, so nothing it may crawl carries a preference.
    for (const path of ['/', '/private/a', '/blog/'])
      expect(usageOf(body, path, 'GPTBot')).toMatchObject({ allowed: false, contentUsage: null });
  });

  test('the mistake the managed block avoids: a Content-Signal line with no rule after it joins the next group', () => {
    // The managed block without its `Allow: /`.
    const body = CLOUDFLARE.replace(
      'Content-signal: search=yes,ai-train=no\nAllow: /\n',
      'Content-signal: search=yes,ai-train=no\n',
    );
    const found = usageCodes(body);
    expect(codes(found)).toEqual(['6 usage-joins-groups']);
    expect(found[0]!.message).toBe(
      'A group ends only at an Allow or Disallow line, not at this Content-Signal line: `*` (line 5) and Amazonbot (line 8) are one group, so `*` also follows `Disallow: /` (line 9), and this line applies to Amazonbot too.',
    );
    // True of what crawlers do: every crawler without a group of its own may fetch nothing, and Amazonbot reads the signal.
    expect(parse(body).isAllowed('https://example.com/', 'Bingbot')).toBe(false);
    expect(usageOf(body, '/', 'Amazonbot').contentSignal!.lines).toEqual([6]);
    expect(codes(lint(body))).toContain('9 disallow-all');
    // No usage-never-applies beside it: the join says why.
    expect(codes(lint(body))).not.toContain('6 usage-never-applies');
  });
});

describe("usage lines before any group (a Nuxt module's robots.txt)", () => {
  const NUXT = `# START nuxt-robots (indexable)
# Nuxt AI Ready Content Signals
Content-Usage: train-ai=y
Content-Signal: ai-train=yes, search=yes, ai-input=yes
User-agent: *
Disallow: /admin

Sitemap: https://example.com/sitemap.xml
# END nuxt-robots
`;

  test('each is reported, and it is true: no crawler gets a preference from them', () => {
    const found = usageCodes(NUXT);
    expect(codes(found)).toEqual(['3 usage-outside-group', '4 usage-outside-group']);
    expect(found[0]!.message).toBe(
      'This Content-Usage line comes before any User-agent line, so it applies to no crawler: the AIPREF draft ties it to the crawlers of the group it sits in.',
    );
    expect(found[1]!.message).toBe(
      "This Content-Signal line comes before any User-agent line, so it applies to no crawler: Cloudflare's Content Signals Policy ties it to the crawlers of the group it sits in.",
    );
    expect(found[0]).toMatchObject({ column: 1, endColumn: 14 });
    for (const agent of ['GPTBot', 'CCBot', 'Googlebot']) {
      const u = usageOf(NUXT, '/blog/post', agent);
      expect(u.contentSignal).toBeNull();
      expect(u.contentUsage).toBeNull();
    }
  });

  test('near miss: the same lines under User-agent: *', () => {
    const moved = NUXT.replace(
      'Content-Usage: train-ai=y\nContent-Signal: ai-train=yes, search=yes, ai-input=yes\nUser-agent: *\n',
      'User-agent: *\nContent-Usage: train-ai=y\nContent-Signal: ai-train=yes, search=yes, ai-input=yes\n',
    );
    expect(usageCodes(moved)).toEqual([]);
    expect(usageOf(moved, '/blog/post', 'GPTBot').contentUsage!.preferences).toEqual({ 'train-ai': 'y' });
  });

  test('a License line is global: it may stand before any group; a relative one is reported', () => {
    expect(usageCodes(`License: https://example.com/license.xml\n${NUXT}`).map((d) => d.code)).not.toContain(
      'license-not-url',
    );
    const found = lint(`License: /license.xml\n${NUXT}`);
    const d = at(found, 1, 'license-not-url')!;
    expect(d.message).toBe(
      'RSL needs the full URL of the license (`https://...`) and `/license.xml` is not one, so crawlers that honour RSL find no license here.',
    );
    expect(d.fix).toBeUndefined(); // no host to resolve it against
    const linted = lint(`License: /license.xml\n${NUXT}`, { source: { url: 'https://www.example.com/robots.txt' } });
    expect(at(linted, 1, 'license-not-url')!.fix).toEqual({
      safety: 'unsafe',
      lines: ['License: https://www.example.com/license.xml'],
      message:
        "Writes the full URL, resolved against https://www.example.com/robots.txt. Crawlers that honour RSL will then read the license at https://www.example.com/license.xml; no crawler's access to any URL changes.",
    });
    expect(lint('License: //cdn.example.com/license.xml\n')[1]!.fix!.lines).toEqual([
      'License: https://cdn.example.com/license.xml',
    ]);
    expect(at(lint('License:\n'), 1, 'license-not-url')!.message).toContain('and this line has none');
    expect(at(lint('License: ftp://example.com/license.xml\n'), 1, 'license-not-url')).toBeDefined();
  });
});

describe('License, Content-Signal and Content-Usage are keys the linter knows', () => {
  test('License is an info that Google ignores it (it was a warning that no crawler knows it)', () => {
    const found = lint('License: https://example.com/license.xml\nUser-agent: *\nDisallow: /x\n');
    expect(codes(found)).toEqual(['1 unsupported-key']);
    expect(found[0]!.message).toBe(
      "Google ignores `License`; it links the licensing terms of the site's content (RSL, Really Simple Licensing), for the crawlers and AI companies that honour RSL; it changes no crawler's access to any URL.",
    );
  });

  test('a misspelt usage key gets a did-you-mean, whose fix changes no verdict', () => {
    for (const [key, meant] of [
      ['Licence', 'License'],
      ['Content-Signals', 'Content-Signal'],
      ['ContentUsage', 'Content-Usage'],
    ] as const) {
      const d = at(lint(`User-agent: *\nAllow: /\n${key}: x\n`), 3, 'unknown-key')!;
      expect(d.message).toContain(`Did you mean \`${meant}\`?`);
      expect(d.fix!.message).toContain("no crawler's verdict on any URL changes");
    }
  });
});

describe('typos seen in real files', () => {
  const TYPOS = `User-agent: *
Content-Signal: ai-train=No, search = yes
Content-Usage: /blog train-ai=N
Content-Usage: / Train-AI=n, search=y
Content-Signal: ai_train=no
Content-Usage: /docs/ train-ai="n"
Content-Usage: /shop/ train-ai=yes
Allow: /
`;

  test('each is reported once, on its entry; `No` and spaces around `=` are read by Content-Signal readers and are not', () => {
    const found = usageCodes(TYPOS);
    expect(codes(found)).toEqual([
      '3 usage-no-preference',
      '4 usage-unparsed',
      '5 signal-unknown-key',
      '6 usage-no-preference',
      '7 usage-no-preference',
    ]);
    expect(parseContentSignal('ai-train=No, search = yes').values).toEqual({ 'ai-train': 'no', search: 'yes' });
    expect(at(found, 3, 'usage-no-preference')).toMatchObject({ column: 22, endColumn: 32 });
    expect(at(found, 3, 'usage-no-preference')!.message).toBe(
      '`train-ai=N` states no preference: the values are the tokens `y` and `n`, in lower case, and `N` is neither, so crawlers that read AI preferences take `train-ai` as unknown. Write `train-ai=n`.',
    );
    expect(at(found, 4, 'usage-unparsed')!.message).toBe(
      '`Train-AI=n, search=y` does not parse as AI preferences (labels are lower case: "Train-AI" is not a label; write "train-ai"), so crawlers that read them take every preference on this line as unknown. Write `train-ai=n, search=y`.',
    );
    expect(at(found, 6, 'usage-no-preference')!.message).toContain('a quoted value is a string, not the token `n`');
  });

  test('the messages are true: usage() reads no preference on those lines today', () => {
    expect(usageOf(TYPOS, '/blog/a', 'bot').contentUsage!.preferences).toEqual({ 'train-ai': 'unknown' });
    expect(usageOf(TYPOS, '/x', 'bot').contentUsage!.preferences).toEqual({});
    expect(usageOf(TYPOS, '/docs/a', 'bot').contentUsage!.preferences).toEqual({ 'train-ai': 'unknown' });
  });

  test('the fixes write what the lines say, and usage() then reads it; they are unsafe (a reading changes) and no verdict changes', () => {
    const after = fixed(TYPOS);
    expect(after).toBe(`User-agent: *
Content-Signal: ai-train=No, search = yes
Content-Usage: /blog train-ai=n
Content-Usage: / train-ai=n, search=y
Content-Signal: ai-train=no
Content-Usage: /docs/ train-ai=n
Content-Usage: /shop/ train-ai=y
Allow: /
`);
    // What is left is no typo: line 7's yes to training under /shop/ against line 5's Content-Signal no.
    expect(usageCodes(after).map((d) => [d.line, d.code])).toEqual([[7, 'usage-overruled-by-signal']]);
    expect(usageOf(after, '/blog/a', 'bot').contentUsage!.preferences).toEqual({ 'train-ai': 'n' });
    expect(usageOf(after, '/x', 'bot').contentUsage!.preferences).toEqual({ 'train-ai': 'n', search: 'y' });
    expect(usageOf(after, '/shop/a', 'bot').contentUsage!.preferences).toEqual({ 'train-ai': 'y' });
    expect(usageOf(after, '/', 'bot').contentSignal!.values).toEqual({ 'ai-train': 'no', search: 'yes' });
    const fix = at(lint(TYPOS), 4, 'usage-unparsed')!.fix!;
    expect(fix).toEqual({
      safety: 'unsafe',
      lines: ['Content-Usage: / train-ai=n, search=y'],
      message:
        "Writes the preferences as `train-ai=n, search=y`. Crawlers that read AI preferences will then read train-ai=n, search=y; no crawler's access to any URL changes.",
    });
    // Applying safe fixes alone changes no usage reading: they leave these lines as they are.
    expect(applyFixes(TYPOS, lint(TYPOS))).toBe(TYPOS);
    for (const path of ['/', '/blog/a', '/shop/', '/x'])
      expect(parse(after).check(`https://e.com${path}`, 'bot')).toEqual(
        parse(TYPOS).check(`https://e.com${path}`, 'bot'),
      );
  });

  test('no fix where the intent is not plain: a bare label, a value that is no yes or no, an outdated label, a key alone', () => {
    const body =
      'User-agent: *\nAllow: /\nContent-Usage: / train-ai\nContent-Usage: /a/ train-ai=maybe\nContent-Usage: /b/ train-genai=n\nContent-Signal: search\nContent-Signal: use=referenc\n';
    const found = usageCodes(body);
    expect(codes(found)).toEqual([
      '3 usage-no-preference',
      '4 usage-no-preference',
      '5 usage-unknown-label',
      '6 signal-syntax',
      '7 signal-invalid-value',
    ]);
    for (const d of found) expect(d.fix, `${d.line} ${d.code}`).toBeUndefined();
    expect(at(found, 3, 'usage-no-preference')!.message).toContain('Write `train-ai=y` or `train-ai=n`.');
    expect(at(found, 5, 'usage-unknown-label')!.message).toBe(
      '`train-genai` is a label from an earlier AIPREF draft, which the current one (vocab-07) no longer defines, and crawlers that read AI preferences ignore labels they do not know: `train-genai=n` states no preference. The current draft states preferences about AI training with `train-ai`: write `train-ai=n` if that is what you mean.',
    );
    expect(at(found, 6, 'signal-syntax')!.message).toBe(
      '`search` is not `key=value` (it has no `=` and no value), so crawlers that read Content-Signal ignore it. Write `search=yes` or `search=no`.',
    );
    expect(at(found, 7, 'signal-invalid-value')!.message).toContain('Did you mean `use=reference`?');
  });

  test('a fix never takes away a preference read today: Train-AI=n with train-ai=y after it gets none', () => {
    // `Train-AI` fails the Dictionary today; lower-cased, the line would give train-ai twice.
    const found = usageCodes('User-agent: *\nContent-Usage: / Train-AI=n, train-ai=y\n');
    expect(codes(found)).toEqual(['2 usage-unparsed']);
    expect(found[0]!.fix).toBeUndefined();
    // ai_train=no beside ai-train=yes would turn a yes into a no: no fix.
    const signal = usageCodes('User-agent: *\nContent-Signal: ai-train=yes, ai_train=no\n');
    expect(codes(signal)).toEqual(['2 signal-unknown-key']);
    expect(signal[0]!.fix).toBeUndefined();
  });
});

describe('outdated and unknown AIPREF labels', () => {
  test.each([
    ['bots=n', 'a label from an earlier AIPREF draft', 'to state a preference about AI training, write `train-ai=n`'],
    ['ai-use=n', 'a label from an earlier AIPREF draft', 'to state a preference about AI training, write `train-ai=n`'],
    ['ai-output=y', 'a label from an earlier AIPREF draft', 'write `train-ai=y`'],
    ['train-genai=n', 'a label from an earlier AIPREF draft', 'write `train-ai=n`'],
    ['serach=n', 'not an AIPREF label', 'Did you mean `search`?'],
  ])('%s', (prefs, status, suggestion) => {
    const [d] = usageCodes(`User-agent: *\nAllow: /\nContent-Usage: / ${prefs}\n`);
    expect(d).toMatchObject({ line: 3, code: 'usage-unknown-label' });
    expect(d!.message).toContain(status);
    expect(d!.message).toContain(suggestion);
    expect(d!.fix).toBeUndefined();
  });

  test("Content-Signal's name for training in a Content-Usage line is fixed (and the reverse)", () => {
    const [d] = usageCodes('User-agent: *\nAllow: /\nContent-Usage: / ai-train=n\n');
    expect(d).toMatchObject({
      code: 'usage-unknown-label',
      fix: { safety: 'unsafe', lines: ['Content-Usage: / train-ai=n'] },
    });
    const [s] = usageCodes('User-agent: *\nAllow: /\nContent-Signal: train-ai=no\n');
    expect(s).toMatchObject({
      code: 'signal-unknown-key',
      fix: { safety: 'unsafe', lines: ['Content-Signal: ai-train=no'] },
    });
  });

  test('no suggestion of train-ai when the line already has it', () => {
    const [d] = usageCodes('User-agent: *\nAllow: /\nContent-Usage: / train-ai=n, train-genai=n\n');
    expect(d!.message).not.toContain('write `train-ai');
  });
});

describe('duplicates', () => {
  test('Content-Signal: the message says what each reader reads', () => {
    const [d] = usageCodes('User-agent: *\nAllow: /\nContent-Signal: ai-train=yes, search=yes, ai-train=no\n');
    expect(d!.message).toBe(
      '`ai-train` is given twice in this line (`ai-train=yes` and `ai-train=no`): robotsmatch reads the most restrictive, `no`; crawlers that keep the first value read `yes`, those that keep the last read `no`.',
    );
    expect(
      usageOf('User-agent: *\nAllow: /\nContent-Signal: ai-train=yes, search=yes, ai-train=no\n', '/', 'bot')
        .contentSignal!.values['ai-train'],
    ).toBe('no');
  });

  test('Content-Usage: the last value counts, as usage() reads it', () => {
    const body = 'User-agent: *\nAllow: /\nContent-Usage: / train-ai=n, search=y, train-ai=y\n';
    const [d] = usageCodes(body);
    expect(d!.message).toBe(
      '`train-ai` is given twice in this line (`train-ai=n` and `train-ai=y`) and the last one counts: crawlers that read AI preferences read `train-ai=y`.',
    );
    expect(usageOf(body, '/', 'bot').contentUsage!.preferences['train-ai']).toBe('y');
  });
});

describe('groups', () => {
  test('a Content-Usage line between User-agent lines without a blank line is one group too', () => {
    const body = 'User-agent: GPTBot\nContent-Usage: train-ai=n\nUser-agent: CCBot\nDisallow: /private/\n';
    const [d] = usageCodes(body);
    expect(d!.message).toBe(
      'A group ends only at an Allow or Disallow line, not at this Content-Usage line: GPTBot (line 1) and CCBot (line 3) are one group, so GPTBot also follows `Disallow: /private/` (line 4), and this line applies to CCBot too.',
    );
    expect(parse(body).isAllowed('https://e.com/private/a', 'GPTBot')).toBe(false);
    expect(usageOf(body, '/a', 'CCBot').contentUsage!.preferences).toEqual({ 'train-ai': 'n' });
  });

  test("near misses: the usage line after the group's rules, or at the end of the file", () => {
    expect(
      usageCodes(
        'User-agent: GPTBot\nDisallow: /private/\nContent-Usage: train-ai=n\n\nUser-agent: CCBot\nDisallow: /x\n',
      ),
    ).toEqual([]);
    expect(usageCodes('User-agent: a\nUser-agent: b\nContent-Signal: ai-train=no\n')).toEqual([]);
    // The same crawler named again after the line: nothing joins (the library's own example of two signal lines);
    // what is reported is that its two signal lines disagree for the crawlers that read both.
    expect(
      usageCodes(
        'User-agent: *\nContent-Signal: search=yes, ai-train=yes, use=full\nUser-agent: *\nAllow: /\n\nUser-agent: *\nContent-Signal: ai-train=no, use=immediate\n',
      ).map((d) => d.code),
    ).toEqual(['signal-conflict', 'signal-conflict']);
  });

  test('never-applies needs every crawler of the group to be disallowed everywhere', () => {
    expect(
      usageCodes(
        'User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\nContent-Signal: ai-train=no\n\nUser-agent: CCBot\nAllow: /blog/\n',
      ),
    ).toEqual([]);
    expect(
      usageCodes('User-agent: *\nDisallow: /\nContent-Usage: train-ai=n\n\nUser-agent: Googlebot\nAllow: /\n').map(
        (d) => d.message,
      ),
    ).toEqual([
      'Every crawler without a group of its own may fetch no URL of this site (`Disallow: /` on line 2), and usage preferences speak only to what may be crawled: this Content-Usage line changes nothing for them.',
    ]);
    // `Disallow: /*` and `Disallow: *` block every path too; an empty Allow does not open anything.
    expect(
      usageCodes('User-agent: GPTBot\nDisallow: /*\nAllow:\nContent-Usage: train-ai=n\n').map((d) => d.code),
    ).toEqual(['usage-never-applies']);
  });
});

describe('signals read together', () => {
  const managed =
    '# BEGIN Cloudflare Managed content\nUser-Agent: *\nContent-signal: search=yes,ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n# END Cloudflare Managed Content\n\n';

  test("the site's own * signal against Cloudflare's: one warning, naming who reads both and what usage() reads", () => {
    const body = `${managed}User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=yes\nDisallow: /cart\n`;
    const found = usageCodes(body).filter((d) => d.code === 'signal-conflict');
    expect(found.map((d) => [d.line, d.message])).toEqual([
      [
        11,
        'Line 11 says `ai-train=yes` and line 3 says `ai-train=no`, and every crawler without a group of its own reads both lines (their groups merge): robotsmatch, and crawlers that combine preferences as the AIPREF drafts do, read the most restrictive, `ai-train=no`; others may take either line.',
      ],
    ]);
    expect(usageOf(body, '/a', 'ClaudeBot').contentSignal!.values['ai-train']).toBe('no');
  });

  test('a crawler let in by its own group does not get the * signal: said on its group, not for crawlers that may fetch nothing', () => {
    const body = `${managed}User-agent: OAI-SearchBot\nUser-agent: PerplexityBot\nAllow: /\n`;
    const found = usageCodes(body).filter((d) => d.code === 'signal-not-inherited');
    expect(found.map((d) => [d.line, d.message])).toEqual([
      [
        10,
        'OAI-SearchBot and PerplexityBot follow this group, not the `*` group, so the Content-Signal on line 3 (`search=yes,ai-train=no`) does not reach them: a signal belongs to the group it is in, and this group has none. If it should apply to them, add the line to this group.',
      ],
    ]);
    expect(usageOf(body, '/a', 'PerplexityBot').contentSignal).toBeNull();
    // GPTBot's group has no signal either, but GPTBot may fetch nothing: nothing to say.
    expect(usageCodes(`${managed}User-agent: *\nDisallow: /cart\n`).map((d) => d.code)).toEqual([]);
  });

  test("crawlers that never follow `*` (AdsBot-Google, from the registry's obeysGlobalGroup) get no signal-not-inherited; near miss: OAI-SearchBot named with it does", () => {
    const body = `${managed}User-agent: AdsBot-Google\nUser-agent: Mediapartners-Google\nDisallow: /checkout\n`;
    expect(usageCodes(body).filter((d) => d.code === 'signal-not-inherited')).toEqual([]);
    const near = usageCodes(
      `${managed}User-agent: AdsBot-Google\nUser-agent: OAI-SearchBot\nDisallow: /checkout\n`,
    ).filter((d) => d.code === 'signal-not-inherited');
    expect(near.map((d) => d.message)).toEqual([expect.stringMatching(/^OAI-SearchBot follows this group/)]);
  });

  test("a Content-Usage yes under Cloudflare's ai-train=no: said on the usage line, as usage() and the filter read it", () => {
    const body = `${managed}User-agent: *\nDisallow: /cart\nContent-Usage: /blog/ train-ai=y\n`;
    const found = usageCodes(body).filter((d) => d.code === 'usage-overruled-by-signal');
    expect(found.map((d) => [d.line, d.message])).toEqual([
      [
        12,
        '`train-ai=y` here says yes to AI training under /blog/, but the Content-Signal on line 3 says `ai-train=no` to the same crawlers (every crawler without a group of its own): robotsmatch, and crawlers that combine preferences as the AIPREF drafts do, read no.',
      ],
    ]);
    const u = usageOf(body, '/blog/a', 'CCBot');
    expect([u.contentSignal!.values['ai-train'], u.contentUsage!.preferences['train-ai']]).toEqual(['no', 'y']);
  });

  test('on a bad-bot list under a managed signal: only well-known crawlers that may fetch something are told, each once; a crawler asked by the token its group names', () => {
    const body =
      managed +
      'User-agent: Googlebot\nDisallow:\n\nUser-agent: IsraBot\nDisallow:\n\nUser-agent: MJ12bot\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /tmp\n';
    expect(
      usageCodes(body)
        .filter((d) => d.code === 'signal-not-inherited')
        .map((d) => d.line),
    ).toEqual([10]);
    // `MJ12bot` names the group of `MJ` (Google cuts the token at the digit): asked as such, it may fetch nothing.
    expect(
      usageCodes('User-agent: MJ12bot\nDisallow: /\nContent-Signal: ai-train=no\n\nUser-agent: *\nAllow: /\n').map(
        (d) => d.code,
      ),
    ).toEqual(['usage-never-applies']);
  });

  test('a path without its leading slash is said plainly', () => {
    const [d] = usageCodes('User-agent: *\nAllow: /\nContent-Usage: blog/ train-ai=n\n');
    expect(d!.code).toBe('usage-unparsed');
    expect(d!.message).toBe(
      '`blog/ train-ai=n` does not parse as AI preferences (a path must start with `/`, so `blog/` is read as part of the preferences), so crawlers that read them take every preference on this line as unknown. Write `/blog/ train-ai=n`.',
    );
    expect(d!.fix).toBeUndefined();
  });
});

describe('hostile files', () => {
  // 20,000 `*` groups, each with a Content-Signal that contradicts the one
  // before, a Content-Usage yes and an Allow (about 1.3 MB): every line is
  // reported at most once per code, and nothing compares every pair of lines
  // (a quadratic reading ran out of memory at 8,000 groups).
  test('thousands of signal and usage lines: findings grow with the lines, not with their pairs', () => {
    const n = 20_000;
    const lines: string[] = [];
    for (let i = 0; i < n; i++)
      lines.push(
        'User-agent: *',
        `Content-Signal: ai-train=${i % 2 ? 'no' : 'yes'}, search=yes`,
        `Content-Usage: /${i}/ train-ai=y`,
        'Allow: /x',
      );
    const found = lint(lines.join('\n'), { maxBytes: 1 << 22 });
    const count = (code: string) => found.filter((d) => d.code === code).length;
    expect(count('signal-conflict')).toBe(n / 2);
    expect(count('usage-overruled-by-signal')).toBe(n);
    expect(found.length).toBeLessThan(5 * n);
  });
});

describe('fixes never make things worse', () => {
  const label = fc.constantFrom(
    'train-ai',
    'Train-AI',
    'TRAIN-AI',
    'search',
    'Search',
    'ai-train',
    'train_ai',
    'bots',
    'train-genai',
    'x',
  );
  const value = fc.constantFrom(
    '',
    '=y',
    '=n',
    '=Y',
    '=N',
    '=yes',
    '=no',
    '="n"',
    '="y"',
    '=maybe',
    '=?1',
    ' = n',
    '=n;p=1',
    '=(a b)',
  );
  const member = fc.tuple(label, value).map(([l, v]) => l + v);
  const prefs = fc
    .tuple(
      fc.array(member, { minLength: 1, maxLength: 4 }),
      fc.constantFrom(', ', ',', ' , ', ',\t'),
      fc.constantFrom('', ',', ', '),
    )
    .map(([ms, sep, tail]) => ms.join(sep) + tail);

  test('Content-Usage: a fixed line parses, and every y or n read before is read after', () => {
    fc.assert(
      fc.property(prefs, fc.constantFrom('', '/ ', '/blog/ '), (p, path) => {
        const body = `User-agent: *\nAllow: /\nContent-Usage: ${path}${p}\n`;
        const found = lint(body);
        const after = applyFixes(body, found);
        if (after === body) return;
        const beforePrefs = parsePreferences(p).preferences;
        const afterLine = after.split('\n')[2]!;
        const afterPrefs = parsePreferences(afterLine.slice(`Content-Usage: ${path}`.length)).preferences;
        expect(parsePreferences(afterLine.slice(`Content-Usage: ${path}`.length)).error).toBeUndefined();
        for (const [l, v] of Object.entries(beforePrefs)) {
          if (v !== 'y' && v !== 'n') continue;
          if (l === 'ai-train' || l === 'train_ai')
            expect(afterPrefs[l] ?? afterPrefs['train-ai']).toBe(v); // kept, or renamed to the current label
          else expect(afterPrefs[l], `${p} -> ${afterLine}`).toBe(v);
        }
        expect(parse(after).check('https://e.com/blog/a', 'bot')).toEqual(
          parse(body).check('https://e.com/blog/a', 'bot'),
        );
      }),
      { numRuns: 1_500 },
    );
  });

  const key = fc.constantFrom(
    'search',
    'Search',
    'ai-train',
    'ai_train',
    'AI Train',
    'train-ai',
    'ai-input',
    'use',
    'foo',
    '',
  );
  const signalValue = fc.constantFrom(
    '=yes',
    '=no',
    '=y',
    '=n',
    '=No',
    '=true',
    '=false',
    '="no"',
    '=maybe',
    '=reference',
    '=referenc',
    '',
    '=yes; ai-train=no',
  );
  const signal = fc
    .array(
      fc.tuple(key, signalValue).map(([k, v]) => k + v),
      { minLength: 1, maxLength: 4 },
    )
    .map((e) => e.join(', '));

  test('Content-Signal: every value read before is read after, and the fixed line has fewer problems', () => {
    fc.assert(
      fc.property(signal, (s) => {
        const body = `User-agent: *\nContent-Signal: ${s}\nAllow: /\n`;
        const after = applyFixes(body, lint(body));
        if (after === body) return;
        const before = parseContentSignal(s);
        const now = parseContentSignal(after.split('\n')[1]!.slice('Content-Signal: '.length));
        for (const k of ['search', 'ai-input', 'ai-train', 'use'])
          if (before.values[k] !== undefined) expect(now.values[k], `${s}`).toBe(before.values[k]);
        expect(now.problems.length).toBeLessThanOrEqual(before.problems.length);
      }),
      { numRuns: 1_500 },
    );
  });
});
