// The same work on the debug build of the core (asconfig target "debug"):
// it keeps the allocator's and the standard library's assertions, which the
// release build drops. A double free, a pointer that was never allocated, or
// a write past an allocation that breaks the allocator's block headers aborts
// there, with the file and line, instead of silently corrupting memory.
// This file's module graph is its own (vitest isolates files), so installing
// the debug core here leaves every other test on the release build.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { getCore, setCoreExports, type CoreExports } from '../src/core/wasm.js';
import { parse, lines } from '../src/index.js';
import { modelCheck } from './support/google-model.js';
import { robotsBody, url, agents } from './support/generated.js';
import { corpusFiles, corpusUrls } from './support/corpus.js';
import { Export } from '../src/core/exports.js';

class CoreAbort extends Error {}

let memory: WebAssembly.Memory | undefined;
/** An AssemblyScript string: UTF-16 units, their byte length stored just before. */
const asString = (at: number) =>
  at === 0
    ? ''
    : new TextDecoder('utf-16le').decode(
        new Uint8Array(memory!.buffer, at, new Uint32Array(memory!.buffer, at - 4, 1)[0]),
      );

const instance = new WebAssembly.Instance(
  new WebAssembly.Module(readFileSync(new URL('../build/robotsmatch.debug.wasm', import.meta.url))),
  {
    env: {
      abort(message: number, file: number, line: number, column: number) {
        throw new CoreAbort(`core aborted: ${asString(message)} at ${asString(file)}:${line}:${column}`);
      },
    },
  },
);
const debug = instance.exports as unknown as CoreExports;
memory = debug.memory;
setCoreExports(debug);

describe('debug core: allocator assertions hold under the usual work', () => {
  test('this file runs on the debug core, and its assertions fire', () => {
    expect(getCore().exports).toBe(debug);
    const robots = parse('User-agent: *\nDisallow: /x\n');
    expect(robots.isAllowed('/x', 'bot')).toBe(false);
    // A block freed twice is what the assertions exist to catch.
    debug[Export.input](0);
    const block = debug[Export.compile](0, 0); // an empty robots.txt, compiled straight in the core
    debug[Export.dispose](block);
    expect(() => debug[Export.dispose](block)).toThrow(CoreAbort);
    robots.dispose();
  });

  test("generated files (the differential test's): verdicts of the naive Google model, no abort", () => {
    fc.assert(
      fc.property(robotsBody, agents, fc.array(url, { minLength: 1, maxLength: 6 }), (body, agentList, urls) => {
        const robots = parse(body);
        const matcher = robots.forAgent(agentList);
        const batch = matcher.matchMany(urls);
        urls.forEach((u, i) => {
          const want = modelCheck(body, agentList, u);
          const got = robots.check(u, agentList);
          expect({ allowed: got.allowed, line: got.line }).toEqual(want);
          expect(batch[i]).toBe(want.allowed ? 1 : 0);
        });
        lines(body);
        matcher.dispose();
        robots.dispose();
      }),
      { numRuns: 400, seed: 9309 },
    );
  });

  test('hostile input: random bytes, a long line, many wildcards, parse/dispose cycles', () => {
    const random = new Uint8Array(200_000);
    for (let i = 0, x = 12345; i < random.length; i++) random[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
    parse(random).dispose();
    lines(random);
    const wild = parse(`User-agent: *\nDisallow: /${'*a'.repeat(5_000)}$\nAllow: /${'x'.repeat(100_000)}\n`);
    const paths = [`/${'a'.repeat(6_000)}`, `/${'a'.repeat(2_000)}`, `/${'x'.repeat(100_001)}`, '/b'];
    expect(wild.forAgent('bot').matchMany(paths)).toEqual(Uint8Array.from([0, 1, 1, 1])); // 2,000 a's are too few for 5,000
    wild.dispose();
    for (let i = 0; i < 2_000; i++) {
      const robots = parse(
        `User-agent: bot${i % 7}\nDisallow: /${i}/\nAllow: /${i}/*.html$\nSitemap: https://e.com/${i}.xml\n`,
      );
      robots.forAgent(`bot${i % 7}`).matchMany([`/${i}/a.html`, `/${i}/b`]);
      if (i % 2) robots.dispose(); // the rest are dropped to the finalizer
    }
  });

  test('disposing in every order frees each block once', () => {
    const text = 'User-agent: a\nDisallow: /a\nUser-agent: b\nDisallow: /b\n';
    for (let order = 0; order < 4; order++) {
      const robots = parse(text);
      const a = robots.forAgent('a');
      const b = robots.forAgent(['b', 'a']);
      robots.isAllowed('/a', 'a'); // an index cached by the robots itself
      if (order & 1) a.dispose();
      if (order & 2) {
        b.dispose();
        b.dispose();
      }
      robots.dispose();
      robots.dispose();
      a.dispose(); // after the robots: nothing left to free
      expect(() => robots.isAllowed('/a', 'a')).toThrow();
    }
  });

  test('the benchmark corpus: matchMany, matchLines and check agree, no abort', () => {
    const urls = corpusUrls(1_500);
    for (const { body } of corpusFiles()) {
      for (const mode of ['google', 'rfc'] as const) {
        const robots = parse(body, { mode });
        const matcher = robots.forAgent('Googlebot');
        const batch = matcher.matchMany(urls);
        const fromLines = matcher.matchLines(urls.join('\n'));
        urls.forEach((u, i) => {
          const allowed = robots.check(u, 'Googlebot').allowed ? 1 : 0;
          expect(batch[i]).toBe(allowed);
          expect(fromLines[i]).toBe(allowed);
        });
        robots.dispose();
      }
    }
  });

  test('the allocator under interleaved lifetimes: blocks of every size freed in any order, merged, reused, never overlapping', () => {
    // A cache's pattern: robots of very different sizes live side by side and
    // are freed out of order, while scratch buffers grow (long URL lists).
    // Every live robots must keep answering as it did when it was made (a
    // block handed out twice, or a merge across a live block, would change
    // it), the debug allocator must not abort, and memory must stop growing
    // once the pattern repeats.
    let x = 20261123;
    const random = (n: number) => ((x = (x * 1103515245 + 12345) >>> 0) >>> 8) % n;
    const body = (i: number, rules: number) =>
      `User-agent: bot${i}\n` +
      Array.from(
        { length: rules },
        (_, r) => `${r % 3 ? 'Disallow' : 'Allow'}: /${i}/${r}${r % 5 ? '' : '*.x$'}\n`,
      ).join('');
    const probe = (i: number, rules: number) =>
      Array.from({ length: 8 }, (_, k) => `/${i}/${(k * 7) % (rules + 2)}/y.x`);
    type Live = {
      robots: ReturnType<typeof parse>;
      i: number;
      rules: number;
      want: Uint8Array;
      matcher?: ReturnType<ReturnType<typeof parse>['forAgent']>;
    };
    const round = (live: Live[], steps: number) => {
      for (let step = 0; step < steps; step++) {
        const op = random(10);
        if (op < 4 || live.length === 0) {
          const i = random(1_000_000);
          const rules = [0, 1, 3, 20, 200, 2_000][random(6)]!;
          const robots = parse(body(i, rules));
          const want = robots.forAgent(`bot${i}`).matchMany(probe(i, rules));
          live.push({ robots, i, rules, want });
        } else if (op < 7) {
          const [gone] = live.splice(random(live.length), 1);
          if (random(2)) gone!.matcher?.dispose();
          gone!.robots.dispose();
        } else if (op < 9) {
          const one = live[random(live.length)]!;
          one.matcher?.dispose();
          one.matcher = one.robots.forAgent(`bot${one.i}`);
        } else {
          const one = live[random(live.length)]!;
          const urls = Array.from({ length: 1 + random(3_000) }, (_, k) => `https://e.com/${one.i}/${k}`);
          one.robots.forAgent('bot').matchLines(urls.join('\n')); // grows the scratch buffers now and then
        }
        for (const one of live.slice(-3)) {
          expect(one.robots.forAgent(`bot${one.i}`).matchMany(probe(one.i, one.rules))).toEqual(one.want);
          if (one.matcher) expect(one.matcher.matchMany(probe(one.i, one.rules))).toEqual(one.want);
        }
      }
      for (const one of live)
        expect(one.robots.forAgent(`bot${one.i}`).matchMany(probe(one.i, one.rules))).toEqual(one.want);
    };
    const live: Live[] = [];
    round(live, 3_000);
    const settled = debug.memory.buffer.byteLength;
    for (let r = 0; r < 3; r++) round(live, 3_000);
    for (const one of live.splice(0)) one.robots.dispose();
    // Three more rounds of the same mix reuse what the first freed (a little
    // more for the rare unlucky mix, never a round's worth).
    expect(debug.memory.buffer.byteLength).toBeLessThanOrEqual(settled * 2);
  });
});
