// The entries with their own copy of the core's wrapper (index, js, workerd,
// with the chunks index and workerd share with their explain and usage
// subpaths) shorten the property names in scripts/mangled-props.json
// (tsup.config.ts).
// That is safe only while no such name is part of the public API, and while
// no other entry reads one off an object the main entry made.
import { describe, expect, test } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const built = existsSync(join(dist, 'index.js'));
const { names } = JSON.parse(readFileSync(join(root, 'scripts/mangled-props.json'), 'utf8')) as { names: string[] };
const files = (test: (file: string) => boolean) =>
  (built ? (readdirSync(dist, { recursive: true }) as string[]) : []).filter(test).map((file) => join(dist, file));
const mangled = (file: string) => /^(index|js|workerd)\.c?js$/.test(file.split(/[\\/]/).pop()!);

describe.skipIf(!built)('shortened property names', () => {
  test('none is a name in the declarations', () => {
    const found: string[] = [];
    for (const file of files((f) => /\.d\.c?ts$/.test(f))) {
      // Code only: comments and string literals (`'joined-lines'`) are not names.
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '')
        .replace(/'[^'\n]*'|"[^"\n]*"|`[^`]*`/g, "''");
      for (const name of names) if (new RegExp(`\\b${name}\\b`).test(code)) found.push(`${name} in ${file}`);
    }
    expect(found).toEqual([]);
  });

  test('the entries that carry the core shortened them; no other entry reads them', () => {
    const found: string[] = [];
    for (const file of files((f) => /\.c?js$/.test(f))) {
      const code = readFileSync(file, 'utf8');
      for (const name of names) if (new RegExp(`\\.${name}\\b`).test(code)) found.push(`.${name} in ${file}`);
    }
    expect(found).toEqual([]);
    expect(files((f) => /\.c?js$/.test(f)).filter(mangled)).toHaveLength(5); // index.js, index.cjs, js.js, js.cjs, workerd.js
  });
});
