// A file's first answer takes few calls into the core: dispose() frees a
// compiled file with every agent index select() built on it, and
// selectCheck() builds an agent's index and decides a URL in one call. Both
// are checked here straight on the core, on the release build (answers,
// memory) and on the debug build (its allocator aborts on a double free or a
// broken block).
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { getCore, type CoreExports } from '../src/core/wasm.js';
import { Export } from '../src/core/exports.js';
import { Layout } from '../src/core/layout.js';
import { parse } from '../src/index.js';

const encoder = new TextEncoder();

/** The raw exports and byte moves of one core instance. */
function raw(exports: CoreExports) {
  const write = (text: string) => {
    const bytes = encoder.encode(text);
    const at = exports[Export.input](bytes.length);
    new Uint8Array(exports.memory.buffer).set(bytes, at);
    return bytes.length;
  };
  const word = (at: number) => new Uint32Array(exports.memory.buffer)[at >>> 2]!;
  const compile = (body: string, mode = Layout.MODE_GOOGLE) => exports[Export.compile](write(body), mode);
  const select = (robots: number, agents: string[], how = 0) =>
    exports[Export.select](robots, write(agents.join('\n')), agents.length, how);
  const check = (index: number, url: string) => {
    const verdict = exports[Export.check](index, write(url));
    return [word(verdict + Layout.V_ALLOWED), word(verdict + Layout.V_LINE), word(verdict + Layout.V_RULE) | 0];
  };
  /** selectCheck's verdict [allowed, line, rule] and the index it built. */
  const selectCheck = (robots: number, agents: string[], url: string, how = 0) => {
    const joined = agents.join('\n');
    const verdict = exports[Export.selectCheck](
      robots,
      write(joined + url) - encoder.encode(url).length,
      agents.length,
      how,
      encoder.encode(url).length,
    );
    const answer = [word(verdict + Layout.V_ALLOWED), word(verdict + Layout.V_LINE), word(verdict + Layout.V_RULE) | 0];
    return { answer, index: word(verdict + Layout.V_INDEX) };
  };
  return { exports, word, compile, select, check, selectCheck };
}

const FILES = [
  'User-agent: *\nDisallow: /private\nAllow: /private/ok$\n\nUser-agent: GPTBot\nDisallow: /\n',
  `User-agent: bot\n${Array.from({ length: 12 }, (_, i) => `Disallow: /p${i}/*.x\n`).join('')}Allow: /\n`,
  'User-agent: Googlebot\nUser-agent: GPTBot\nDisallow: /g\n\nUser-agent: *\nDisallow: /\n',
  '',
];
const AGENTS: [string[], number][] = [
  [['Googlebot'], 0],
  [['GPTBot'], 0],
  [['bot', 'other'], 0],
  [['OAI-SearchBot', 'GPTBot'], Layout.HOW_CRAWLER],
  [['nobody'], Layout.HOW_CRAWLER | Layout.HOW_IGNORES_GLOBAL],
];
const URLS = [
  'https://a.example/',
  'https://a.example/private/x',
  'https://a.example/private/ok',
  'https://a.example/p3/a.x',
  'https://a.example/g?q',
  '/robots.txt',
  'no-scheme/path',
];

describe('selectCheck: an agent index built and a URL decided in one call', () => {
  const core = raw(getCore().exports);

  test('answers as select() then check() do, in both modes, and its index answers on', () => {
    for (const mode of [Layout.MODE_GOOGLE, Layout.MODE_RFC]) {
      for (const body of FILES) {
        const robots = core.compile(body, mode);
        for (const [agents, how] of AGENTS) {
          for (const url of URLS) {
            const index = core.select(robots, agents, how);
            const first = core.selectCheck(robots, agents, url, how);
            expect(first.answer, `${body} ${agents} ${url}`).toEqual(core.check(index, url));
            // The index it built is a light index like select()'s: later URLs go through check().
            for (const other of URLS) expect(core.check(first.index, other)).toEqual(core.check(index, other));
          }
        }
        getCore().exports[Export.dispose](robots); // and every index above with it
      }
    }
  });

  test("Robots' first answers per agent equal a matcher's", () => {
    for (const body of FILES) {
      for (const agent of ['Googlebot', 'GPTBot', 'bot', ['OAI-SearchBot', 'GPTBot']]) {
        for (const url of URLS) {
          const robots = parse(body);
          const matcher = robots.forAgent(agent);
          expect(robots.check(url, agent)).toEqual(matcher.check(url));
          robots.dispose();
        }
      }
    }
  });
});

describe('dispose() frees the file and the indexes built on it', () => {
  test('100,000 files with indexes never freed on their own leave core memory where it was', () => {
    const core = raw(getCore().exports);
    const cycle = (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const robots = core.compile(
          `User-agent: bot${i % 13}\n${'Disallow: /a\n'.repeat(10)}User-agent: *\nDisallow: /${i}\n`,
        );
        const light = core.select(robots, [`bot${i % 13}`]);
        for (let n = 0; n < 8; n++) core.check(light, `/a${n}`); // the 7th answer builds its full index
        core.select(robots, ['x'], Layout.HOW_FULL);
        core.selectCheck(robots, ['y', 'z'], `/${i}/q`);
        core.exports[Export.dispose](robots);
      }
    };
    cycle(0, 1_000);
    const before = core.exports.memory.buffer.byteLength;
    cycle(1_000, 100_000);
    expect(core.exports.memory.buffer.byteLength).toBe(before);
  });

  test('on the debug core: indexes freed first, in any order, then the file: no double free, no broken block', () => {
    const debug = new WebAssembly.Instance(
      new WebAssembly.Module(readFileSync(new URL('../build/robotsmatch.debug.wasm', import.meta.url))),
      {
        env: {
          abort() {
            throw new Error('the debug core aborted');
          },
        },
      },
    ).exports as unknown as CoreExports;
    const core = raw(debug);
    // Which of five indexes go first by disposeIndex (the rest with their file): the list's head, its
    // tail, a middle one, all of them, none.
    for (const early of [[4], [0], [2], [0, 1, 2, 3, 4], [3, 1], []]) {
      const robots = core.compile(FILES[0]!);
      const indexes = [0, 1, 2, 3, 4].map((i) =>
        i === 2 ? core.selectCheck(robots, ['GPTBot'], '/x').index : core.select(robots, [`a${i}`], i & 1),
      );
      for (const i of early) debug[Export.disposeIndex](indexes[i]!);
      debug[Export.dispose](robots);
    }
    const before = debug.memory.buffer.byteLength;
    for (let i = 0; i < 20_000; i++) {
      const robots = core.compile(FILES[i % 3]!);
      const a = core.select(robots, ['a']);
      core.selectCheck(robots, ['b'], '/p1/a.x');
      if (i & 1) debug[Export.disposeIndex](a);
      debug[Export.dispose](robots);
    }
    expect(debug.memory.buffer.byteLength).toBe(before);
  });
});
