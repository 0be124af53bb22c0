// The core's interface, declared once in assembly/ (the export list of
// assembly/index.ts, the records of assembly/layout.ts), and the mirrors the
// build writes from it (scripts/core-interface.mjs): src/core/exports.ts,
// src/core/layout.ts and python/src/robotsmatch/_layout.py. A mirror that
// disagrees with the core calls the wrong function or reads the wrong word:
// wrong answers, not an error. So every export, offset and size of both
// languages is held to the built .wasm here. The release build exports only
// functions (names are bytes); the debug build is built with assembly/layout.ts
// as a second entry (package.json build:wasm), which makes every constant of
// the layout an exported global of the compiled core.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { MIRRORS } from '../scripts/core-interface.mjs';
import { Export } from '../src/core/exports.js';
import { Layout } from '../src/core/layout.js';

const at = (path: string) => new URL(`../${path}`, import.meta.url);
const moduleOf = (build: string) => new WebAssembly.Module(readFileSync(at(`build/${build}`)));
const functionsOf = (build: string) =>
  WebAssembly.Module.exports(moduleOf(build))
    .filter((e) => e.kind === 'function')
    .map((e) => e.name)
    .sort();

/** The debug core's exported globals: every constant of assembly/layout.ts, as compiled. */
function compiledLayout(): Record<string, number> {
  const abort = () => {
    throw new Error('the debug core aborted');
  };
  const instance = new WebAssembly.Instance(moduleOf('robotsmatch.debug.wasm'), { env: { abort } });
  const out: Record<string, number> = {};
  for (const [name, value] of Object.entries(instance.exports))
    if (value instanceof WebAssembly.Global) out[name] = value.value as number;
  return out;
}

/** The Python mirror as Python reads it: its Export class and its constants. */
function pythonMirror(): { exports: Record<string, string>; layout: Record<string, number> } {
  const script = `
import json, runpy, sys
module = runpy.run_path(sys.argv[1])
exports = {k: v for k, v in vars(module["Export"]).items() if not k.startswith("__")}
layout = {k: v for k, v in module.items() if k.isupper()}
print(json.dumps({"exports": exports, "layout": layout}))
`;
  const path = at('python/src/robotsmatch/_layout.py').pathname;
  return JSON.parse(execFileSync(process.env.PYTHON ?? 'python3', ['-c', script, path], { encoding: 'utf8' }));
}

/** The TypeScript enum's members (a numeric enum also maps values back to names: leave those out). */
const layoutTs = Object.fromEntries(Object.entries(Layout).filter(([name]) => !/^\d+$/.test(name))) as Record<
  string,
  number
>;
const snake = (name: string) => name.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`);

describe('the core interface, declared once', () => {
  test('the committed mirrors are what the build writes from assembly/ (a build leaves them unchanged)', () => {
    for (const [path, make] of Object.entries(MIRRORS as Record<string, () => string>))
      expect(readFileSync(at(path), 'utf8'), `${path}: run node scripts/core-interface.mjs`).toBe(make());
  });

  test('every export both languages call is a function of the release and the debug core, each under its own letter', () => {
    const letters = Object.values(Export);
    expect(new Set(letters).size).toBe(letters.length);
    expect(functionsOf('robotsmatch.wasm')).toEqual([...letters].sort());
    expect(functionsOf('robotsmatch.debug.wasm')).toEqual([...letters].sort());
    const python = pythonMirror().exports;
    expect(python).toEqual(Object.fromEntries(Object.entries(Export).map(([name, letter]) => [snake(name), letter])));
  });

  test('every record offset, size and code of both languages is the one the compiled core uses', () => {
    const compiled = compiledLayout();
    expect(Object.keys(compiled).length).toBeGreaterThan(100);
    expect(layoutTs).toEqual(compiled);
    expect(pythonMirror().layout).toEqual(compiled);
  });
});
