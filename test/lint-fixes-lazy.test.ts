// Unsafe fixes are worked out when first read, not by lint() itself: lint()
// stays linear in the file's size, and reading them later says exactly what
// working them out up front says (the same fixes offered, the same messages),
// whatever was linted in between, in whatever order they are read, and even
// when the caller reuses its buffer. Over the real-world-shaped fixtures, the
// corpus and generated files dense with fixes.
import { describe, expect, test } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse, selection } from '../src/index.js';
import { crawlerRegistry } from '../src/crawlers/registry.js';
import { applyFixes, lint, type Diagnostic } from '../src/lint.js';
import { lintSettled } from '../src/lint/lint.js';
import { FileModel } from '../src/lint/model.js';
import { crawlersFor, Reading } from '../src/lint/effects.js';
import { GroupsModel } from '../src/lint/groups-model.js';
import { applyOne, splitForFixes } from '../src/lint/fixes.js';
import { corpusFiles } from './support/corpus.js';
import { fixDense, joinedLines, manyGroups, publisher } from '../bench/lint-shapes.mjs';

const dir = (name: string) => fileURLToPath(new URL(`./fixtures/${name}/`, import.meta.url));
const FILES: [string, Uint8Array][] = [];
for (const d of ['lint', 'lint-fixes'])
  for (const f of readdirSync(dir(d)).sort()) FILES.push([`${d}/${f}`, new Uint8Array(readFileSync(dir(d) + f))]);
for (const { name, body } of corpusFiles()) FILES.push([`corpus/${name}`, body]);
const encoder = new TextEncoder();
for (const [name, make, kb] of [
  ['manyGroups', manyGroups, 8],
  ['joinedLines', joinedLines, 4],
  ['fixDense', fixDense, 3],
  ['publisher', publisher, 32],
] as const) {
  FILES.push([`${name}(${kb})`, encoder.encode(make(kb))]);
}

const accessor = (d: Diagnostic) => Object.getOwnPropertyDescriptor(d, 'fix')?.get !== undefined;

describe('unsafe fixes worked out when read', () => {
  test('the generated files have unsafe fixes to work out (the comparisons below are not empty)', () => {
    for (const [name, body] of FILES.filter(([n]) => n.includes('('))) {
      expect(lintSettled(body).filter((d) => d.fix?.safety === 'unsafe').length, name).toBeGreaterThan(0);
    }
  });

  test('lint() leaves them unworked until one is read; reading one works out every one', () => {
    const ds = lint(fixDense(3));
    const pending = ds.filter(accessor);
    expect(pending.length).toBeGreaterThan(1);
    expect(ds.filter((d) => d.fix?.safety === 'safe' && !accessor(d)).length).toBeGreaterThan(0); // safe ones are plain values
    void pending[pending.length - 1]!.fix;
    expect(ds.filter(accessor)).toEqual([]);
  });

  test('read later, in any order, after other lints and with the buffer reused, they equal fixes worked out up front', () => {
    const late = FILES.map(([, body]) => {
      const copy = body.slice();
      return { copy, diagnostics: lint(copy) };
    });
    for (let i = late.length - 1; i >= 0; i--) {
      const { copy, diagnostics } = late[i]!;
      copy.fill(0x41); // the caller reuses its buffer: what was linted is what the fixes describe
      const order = i % 2 ? diagnostics.slice().reverse() : diagnostics;
      for (const d of order) void d.fix?.message;
      expect(diagnostics, FILES[i]![0]).toEqual(lintSettled(FILES[i]![1]));
      expect(JSON.parse(JSON.stringify(diagnostics)), FILES[i]![0]).toEqual(lintSettled(FILES[i]![1]));
    }
  });

  test('diagnostics the caller froze (a state store) still read their fixes, the same, without throwing', () => {
    for (const [name, body] of FILES.filter(([n]) => n.includes('('))) {
      const ds = lint(body).map((d) => Object.freeze(d));
      expect(() => ds.map((d) => d.fix), name).not.toThrow();
      expect(ds, name).toEqual(lintSettled(body));
    }
  });

  test('JSON and spreading read them as plain values', () => {
    const body = manyGroups(8);
    const settled = JSON.stringify(lintSettled(body));
    expect(JSON.stringify(lint(body))).toBe(settled);
    expect(JSON.stringify(lint(body).map((d) => ({ ...d })))).toBe(settled);
  });

  test('a fix set by the caller replaces the one worked out, and the others are worked out as before', () => {
    const body = fixDense(3);
    const ds = lint(body);
    const first = ds.find(accessor)!;
    first.fix = undefined;
    expect(first.fix).toBeUndefined();
    const settled = lintSettled(body);
    ds.forEach((d, i) => {
      if (d !== first) expect(d).toEqual(settled[i]);
    });
  });
});

describe("each registry crawler's groups, read from the model", () => {
  // The effects read a registry crawler's groups from the model (the first of its tokens that a group names,
  // else `*`, or none) rather than asking the core for each crawler in each fixed file: the two must agree.
  test("equal to the core's selection() for every registry crawler, on every file", () => {
    for (const [name, body] of FILES) {
      const model = new FileModel(body);
      try {
        const reading = new Reading(model);
        const robots = parse(body, { mode: 'google' });
        try {
          for (const who of crawlersFor([model])) {
            if (typeof who.agent === 'string') continue;
            expect(reading.key(who), `${name}: ${who.name}`).toBe(selection(robots, who.agent).groups.join(','));
          }
        } finally {
          robots.dispose();
        }
      } finally {
        model.dispose();
      }
    }
    expect(crawlerRegistry.length).toBeGreaterThan(100);
  });
});

describe('the fixed copies read by groups()', () => {
  // A fixed copy of the file is read with the core's groups() rather than the whole per-line reading: it must
  // give the effects exactly what FileModel gives them.
  test('the same groups, tokens, rules, names and structure as FileModel, on every file', () => {
    for (const [name, body] of FILES) {
      const full = new FileModel(body);
      const light = new GroupsModel(body, full.maxBytes);
      try {
        const view = (m: FileModel | GroupsModel) => ({
          groups: Array.from(
            m.groups,
            (g) =>
              g && {
                tokens: g.tokens,
                rules: g.rules.map((r) => `${r.kind} ${r.value}`),
                agents: g.agents.map((a) => `${a.agent} ${a.value}`),
              },
          ),
          named: [...m.named],
          star: m.star,
          names: [...m.named.keys()].map((t) => [m.nameOf(t), m.displayName(t)]),
        });
        expect(view(light), name).toEqual(view(full));
        expect(new Reading(light).structure, name).toBe(new Reading(full).structure);
      } finally {
        full.dispose();
        light.dispose();
      }
    }
  });
});

describe('one line replaced, for each fix described', () => {
  test('the same text as applyFixes() with that fix alone, for every line of every file, with CRLF, CR and a byte order mark', () => {
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    const texts = FILES.map(([, body]) => decoder.decode(body)).filter((t) => t.length < 20_000);
    texts.push(
      '\uFEFFUser-agent: *\r\nDisallow: /a\r\n\r\nDisallow: /b',
      'User-agent: a\rDisallow: /x\rAllow: /y',
      'one line, no break',
      '',
    );
    for (const text of texts) {
      const split = splitForFixes(text);
      const count = split.breaks.length;
      for (let line = 1; line <= count + 1; line++) {
        for (const lines of [[], ['Disallow: /new'], ['User-agent: x', 'Disallow: /']]) {
          const fix = { safety: 'unsafe' as const, lines, message: '' };
          expect(applyOne(split, line, lines)).toBe(
            applyFixes(text, [{ line, severity: 'info', code: 'joined-lines', message: '', fix }], { unsafe: true }),
          );
        }
      }
    }
  });
});
