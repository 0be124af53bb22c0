// What fixes do, checked with the real matcher, for every crawler of the
// registry (each with its own choice of groups: fallback tokens, crawlers
// that ignore `*`), every token the files name and `*`: over the
// real-world-shaped fixtures, every fix alone and all of them together.
// Safe fixes change no verdict and no usage reading; an unsafe fix's message
// says a change when there is one and none when there is none; together, the
// fixes do exactly what they say alone. And the fixes that made things worse
// in real files (test/fixtures/lint-fixes/), each beside a near miss.
import { describe, expect, test } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { lines, parse, type Agent } from '../src/index.js';
import { usage } from '../src/usage.js';
import { crawlers } from '../src/crawlers.js';
import { applyFixes, lint, type Diagnostic } from '../src/lint.js';

const dir = (name: string) => fileURLToPath(new URL(`./fixtures/${name}/`, import.meta.url));
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const FILES: [string, string][] = [];
for (const d of ['lint', 'lint-fixes']) {
  for (const f of readdirSync(dir(d))
    .filter((x) => x.endsWith('.txt'))
    .sort()) {
    try {
      FILES.push([`${d}/${f}`, decoder.decode(readFileSync(dir(d) + f))]);
    } catch {
      // not UTF-8: lint offers no fix
    }
  }
}
const text = (name: string) => FILES.find(([n]) => n === `lint-fixes/${name}`)![1];
const BROWSERS = /^(Mozilla|Opera|Safari|Chrome|AppleWebKit)$/i;

/** Who is asked: `*`, every registry crawler, and the tokens the files name (as Google reads them; a browser's name is no crawler). */
function agents(...texts: string[]): [string, Agent][] {
  const out: [string, Agent][] = [['*', '*'], ...crawlers.map((c): [string, Agent] => [c.name, c])];
  const seen = new Set(out.map(([n]) => n.toLowerCase()));
  for (const t of texts) {
    for (const l of lines(t)) {
      if (
        l.kind !== 'user-agent' ||
        !l.agent ||
        l.agent === '*' ||
        BROWSERS.test(l.agent) ||
        seen.has(l.agent.toLowerCase())
      )
        continue;
      seen.add(l.agent.toLowerCase());
      out.push([l.agent, l.agent]);
    }
  }
  return out;
}

/** `/`, and for each rule of either file a path it matches and one below it. */
function paths(...texts: string[]): string[] {
  const out = new Set(['/']);
  for (const t of texts) {
    for (const l of lines(t)) {
      if (l.kind !== 'allow' && l.kind !== 'disallow') continue;
      const p = (l.value ?? '').replace(/\*/g, '').replace(/\$$/, '');
      if (!p.startsWith('/') || /\s/.test(p)) continue;
      out.add(p);
      out.add(`${p}x/y`);
    }
  }
  return [...out];
}

/** agent name -> path -> allowed. */
function verdicts(body: string, who: [string, Agent][], list: string[]): Map<string, Map<string, boolean>> {
  const robots = parse(body);
  try {
    return new Map(
      who.map(([name, agent]) => [
        name,
        new Map(list.map((p) => [p, robots.isAllowed(`https://example.com${p}`, agent)])),
      ]),
    );
  } finally {
    robots.dispose();
  }
}

/** Every (crawler, path) whose verdict differs, with the verdict after. */
function changes(a: Map<string, Map<string, boolean>>, b: Map<string, Map<string, boolean>>): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const [name, byPath] of a)
    for (const [p, allowed] of byPath) if (b.get(name)!.get(p) !== allowed) out.set(`${name} ${p}`, !allowed);
  return out;
}

const fixable = (ds: Diagnostic[], safety: 'safe' | 'unsafe') => ds.filter((d) => d.fix?.safety === safety);

describe('fixes alone and together, checked with the matcher for every registry crawler', () => {
  test.each(FILES)('%s', (_, body) => {
    const ds = lint(body);
    const unsafe = fixable(ds, 'unsafe');
    const all = applyFixes(body, ds, { unsafe: true });
    const who = agents(body, all, ...unsafe.map((d) => applyFixes(body, [d], { unsafe: true })));
    const list = paths(body, all, ...unsafe.map((d) => applyFixes(body, [d], { unsafe: true })));
    const before = verdicts(body, who, list);

    // Safe fixes: no verdict and no usage reading changes.
    const safe = applyFixes(body, ds);
    expect([...changes(before, verdicts(safe, who, list)).keys()], 'safe fixes changed verdicts').toEqual([]);
    const r0 = parse(body);
    const r1 = parse(safe);
    const reading = (r: typeof r0, p: string, agent: Agent) => {
      const u = usage(r, `https://example.com${p}`, agent);
      return JSON.stringify([u.contentSignal, u.contentUsage, u.licenses]); // lines move when a line goes; the reading must not
    };
    for (const [, agent] of who.slice(0, 12)) {
      for (const p of list.slice(0, 40)) expect(reading(r1, p, agent), `usage at ${p}`).toBe(reading(r0, p, agent));
    }
    r0.dispose();
    r1.dispose();

    // Each unsafe fix alone: its message says a change exactly when there is one, naming who.
    const alone = new Map<Diagnostic, Map<string, boolean>>();
    for (const d of unsafe) {
      const changed = changes(before, verdicts(applyFixes(body, [d], { unsafe: true }), who, list));
      alone.set(d, changed);
      const message = d.fix!.message;
      if (changed.size === 0) {
        expect(message, `line ${d.line}`).not.toMatch(/will then be/);
        continue;
      }
      expect(message, `line ${d.line}`).not.toMatch(/No crawler's verdict changes/);
      if ([...changed.values()].includes(false))
        expect(message, `line ${d.line}`).toMatch(/will then be disallowed|and be disallowed/);
      if ([...changed.values()].includes(true)) expect(message, `line ${d.line}`).toMatch(/be allowed/);
      const listed = /more crawler/.test(message);
      for (const key of changed.keys()) {
        const name = key.slice(0, key.lastIndexOf(' '));
        const named = message.includes(name) || /crawlers with no group of their own/i.test(message) || listed;
        expect(named, `line ${d.line}: ${key} changes, and the message does not name it: ${message}`).toBe(true);
      }
    }

    // Together: every change is one a fix says alone, and every change a fix says alone happens.
    const together = changes(before, verdicts(all, who, list));
    for (const [key, allowed] of together) {
      expect(
        [...alone.values()].some((c) => c.get(key) === allowed),
        `together, ${key} becomes ${allowed ? 'allowed' : 'disallowed'} and no fix says so`,
      ).toBe(true);
    }
    for (const [d, c] of alone) {
      for (const [key, allowed] of c)
        expect(together.get(key), `line ${d.line} says ${key} becomes ${allowed}; together it does not`).toBe(allowed);
    }
  });
});

describe('fixes that made things worse in real files, each with a near miss', () => {
  const fixOn = (body: string, line: number) => lint(body).find((d) => d.line === line && d.fix)?.fix;

  test('`Disallow: /buscar/ ***` keeps its meaning (the stars join the path), never a site-wide `***`; near miss: two paths are split', () => {
    const body = text('buscar.txt');
    expect(fixOn(body, 3)!.lines).toEqual(['Disallow: /buscar/***']);
    expect(fixOn(body, 6)!.lines).toEqual(['Disallow: /tramites/', 'Disallow: /servicios/']);
    const all = parse(applyFixes(body, lint(body), { unsafe: true }));
    expect(all.isAllowed('https://www.example.gob.ar/', 'Googlebot')).toBe(true);
    expect(all.isAllowed('https://www.example.gob.ar/buscar/x', 'Googlebot')).toBe(false);
  });

  test('`Disallow: /* */*$` gets no fix: splitting it would disallow the whole site; near miss: `/search?` stays as it is', () => {
    const body = text('mylife.txt');
    const d = lint(body).find((x) => x.line === 2)!;
    expect(d.code).toBe('whitespace-in-pattern');
    expect(d.fix).toBeUndefined();
    const all = parse(applyFixes(body, lint(body), { unsafe: true }));
    expect(all.isAllowed('https://example.com/people', 'bingbot')).toBe(true);
  });

  test('`Disallow:: /private/` loses its second colon; `Disallow:: x` gets no fix (no path meant); near miss `Disallow: /ok/` is fine', () => {
    const body = text('doubled-colon.txt');
    expect(fixOn(body, 2)!.lines).toEqual(['Disallow: /private/']);
    expect(lint(body).find((d) => d.line === 3)?.fix).toBeUndefined();
    expect(lint(body).filter((d) => d.line === 4)).toEqual([]);
  });

  test('`utm_content =` joins (`utm_content=`), `?ref= &` too; near miss: `/my page.html` is written %20', () => {
    const body = text('doubled-colon.txt');
    expect(fixOn(body, 5)!.lines).toEqual(['Disallow: /*utm_content=']);
    expect(fixOn(body, 6)!.lines).toEqual(['Disallow: /*?ref=&']);
    expect(fixOn(body, 7)!.lines).toEqual(['Disallow: /my%20page.html']);
  });

  test('a "Not Found" body gets no `Not: Found` and no missing-colon; near miss: `Crawl-delay 5` gets the colon', () => {
    const ds = lint(text('not-found.txt'));
    expect(ds.map((d) => d.code)).not.toContain('missing-colon');
    expect(ds.filter((d) => d.fix)).toEqual([]);
    expect(
      lint('User-agent: bingbot\nCrawl-delay 5\nDisallow: /x\n').find((d) => d.code === 'missing-colon')!.fix!.lines,
    ).toEqual(['Crawl-delay: 5']);
  });

  test('an invisible U+200D before `User-agent: ClaudeBot`: no safe removal of its `Disallow: /` as a duplicate, and after every fix ClaudeBot is still disallowed; near miss: a real duplicate is removed', () => {
    const body = text('zwj-claudebot.txt');
    const ds = lint(body);
    expect(ds.find((d) => d.line === 5 && d.code === 'duplicate-rule')!.fix).toBeUndefined();
    expect(ds.find((d) => d.line === 9 && d.code === 'duplicate-rule')!.fix).toMatchObject({
      safety: 'safe',
      lines: [],
    });
    const all = parse(applyFixes(body, ds, { unsafe: true }));
    expect(all.isAllowed('https://example.com/', 'ClaudeBot')).toBe(false);
  });

  test('a group named `MJ12bot` (Google reads `MJ`): its fix names the crawler once, as the registry does; AdsBot-Google (ignores `*`) gets no `*` finding', () => {
    const ds = lint(text('mj12bot.txt'));
    // The registry's MJ12bot (which Google reads as `MJ`) and the file's `MJ12bot` line are one crawler, said once.
    expect(ds.find((d) => d.line === 5)!.fix!.message).toBe(
      'Puts each of `/search`, `/tags` on a Disallow line of its own. MJ12bot (group `MJ`) will then be disallowed from /search and /tags.',
    );
    expect(ds.find((d) => d.line === 4)!.message).toMatch(/^MJ12bot \(group `MJ`\) follows only its own group/);
    expect(ds.filter((d) => d.line === 7)).toEqual([]);
  });

  test("a group named `BingPreview`, which the registry's BingPreview does not read (it follows `bingbot`): its fix does not say BingPreview changes; near miss: a `bingbot` group's fix names BingPreview", () => {
    const fix = (body: string) => lint(body).find((d) => d.code === 'whitespace-in-pattern')!.fix!.message;
    const own = fix('User-agent: BingPreview\nDisallow: /a /b\n');
    expect(own).toContain(
      'Crawlers reading `BingPreview` (BingPreview itself follows `bingbot`) will then be disallowed from /a and /b',
    );
    expect(own).not.toMatch(/\. BingPreview will/);
    expect(fix('User-agent: bingbot\nDisallow: /a /b\n')).toMatch(
      /bingbot and BingPreview will then be disallowed from \/a and \/b/,
    );
  });

  test('AdsBot-Google (ignores `*`) named with a lookalike hyphen: the fix says it will be disallowed from /, not that it gains or loses the `*` rules', () => {
    const body = 'User-agent: *\nDisallow: /a\n\nUser-agent: AdsBot\u2011Google\nDisallow: /\n';
    const d = lint(body).find((x) => x.code === 'lookalike-character')!;
    expect(d.fix!.message).toMatch(/AdsBot-Google[^.]* will then be disallowed from \//);
    expect(d.fix!.message).not.toMatch(/AdsBot-Google[^.]*\/a/);
  });

  test('an elpais-like file reaches its fixpoint in one pass of the fix loop, and no fix is left after it', () => {
    let body = text('elpais.txt');
    let passes = 0;
    for (; passes < 8; passes++) {
      const next = applyFixes(body, lint(body), { unsafe: true });
      if (next === body) break;
      body = next;
    }
    expect(passes).toBeLessThanOrEqual(2);
    expect(lint(body).filter((d) => d.fix)).toEqual([]);
  });
});
