// The architecture as the tree shows it (docs/architecture.md): one folder
// per area, no import cycle, and the matching path (core/, rules/, common/)
// never reaching into the areas built on it, so a bundler can drop them.
import { describe, expect, test } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

function sources(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.d\.ts$|\.generated\.ts$/.test(name) ? [path] : [];
  });
}

/** Relative imports of a file (type-only ones too when `types`), as repository paths. */
function importsOf(file: string, types: boolean): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm)) {
    if (m[2] && !types) continue;
    const target = resolve(dirname(file), m[3]!.replace(/\.js$/, '.ts'));
    out.push(relative(SRC, target));
  }
  return out;
}

const files = sources().map((f) => relative(SRC, f));
const area = (path: string) => (path.includes('/') ? path.split('/')[0]! : '(entry)');

describe('layout', () => {
  test('no import cycle, counting type-only imports too', () => {
    const graph = new Map(files.map((f) => [f, importsOf(join(SRC, f), true).filter((t) => files.includes(t))]));
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (node: string, path: string[]) => {
      if (state.get(node) === 'done') return;
      if (state.get(node) === 'open') {
        cycles.push([...path.slice(path.indexOf(node)), node].join(' -> '));
        return;
      }
      state.set(node, 'open');
      for (const next of graph.get(node) ?? []) visit(next, [...path, node]);
      state.set(node, 'done');
    };
    for (const f of files) visit(f, []);
    // One known back-reference is type-only: AgentMatcher.robots is typed Robots.
    expect(
      cycles.filter(
        (c) =>
          c !== 'rules/matcher.ts -> rules/robots.ts -> rules/matcher.ts' &&
          c !== 'rules/robots.ts -> rules/matcher.ts -> rules/robots.ts',
      ),
    ).toEqual([]);
  });

  test('no cycle among runtime imports at all', () => {
    const graph = new Map(files.map((f) => [f, importsOf(join(SRC, f), false).filter((t) => files.includes(t))]));
    const seen = new Set<string>();
    const stack = new Set<string>();
    const cyclic: string[] = [];
    const visit = (node: string) => {
      if (stack.has(node)) return cyclic.push(node);
      if (seen.has(node)) return;
      seen.add(node);
      stack.add(node);
      for (const next of graph.get(node)!) visit(next);
      stack.delete(node);
    };
    for (const f of files) visit(f);
    expect(cyclic).toEqual([]);
  });

  test('the matching path imports nothing built on it', () => {
    const below: Record<string, string[]> = {
      common: ['common'],
      core: ['core', 'common'],
      rules: ['rules', 'core', 'common'],
    };
    const wrong: string[] = [];
    for (const f of files) {
      const allowed = below[area(f)];
      if (!allowed) continue;
      for (const t of importsOf(join(SRC, f), true)) if (!allowed.includes(area(t))) wrong.push(`${f} -> ${t}`);
    }
    expect(wrong).toEqual([]);
  });

  test('every source file is in an area folder, except the entry points', () => {
    expect(files.filter((f) => area(f) === '(entry)').sort()).toEqual(
      [
        'api.ts',
        'archive.ts',
        'compat.ts',
        'crawlers.ts',
        'edge.ts',
        'explain.ts',
        'generate.ts',
        'index.ts',
        'js.ts',
        'lint.ts',
        'usage.ts',
        'workerd.ts',
      ].sort(),
    );
  });
});

describe('pay for what you use', () => {
  test('an app that parses and matches bundles nothing from report/, fetch/, cli/ or compat/', async () => {
    const { build } = await import('esbuild');
    const entry = join(SRC, 'index.ts');
    const result = await build({
      stdin: {
        contents: `import { parse } from ${JSON.stringify(entry)}; export const f = (t, u, a) => parse(t).forAgent(a).isAllowed(u) && parse(t).isAllowed(u, a);`,
        resolveDir: SRC,
      },
      bundle: true,
      minify: true,
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'error',
    });
    const kept = Object.keys(Object.values(result.metafile!.outputs)[0]!.inputs).map((p) => relative(SRC, resolve(p)));
    expect(kept.filter((p) => /^(report|lint|fetch|cli|compat|crawlers|edge)\//.test(p))).toEqual([]);
    expect(kept).toContain('rules/parse.ts');
  });
});
