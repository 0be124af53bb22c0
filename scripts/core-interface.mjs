// Writes the host-side mirrors of the core's interface from its one
// declaration: the export list of assembly/index.ts (`name as letter`) and the
// record layout of assembly/layout.ts (`export const NAME = value;`).
//   src/core/exports.ts             enum Export: the letter each export goes by
//   src/core/layout.ts              enum Layout: every constant of assembly/layout.ts
//   python/src/robotsmatch/_layout.py   the same, for the Python package
// The files are committed (a reader sees them; the Python package is built
// without Node) and rewritten by every build (package.json build:wasm).
// `--check` writes nothing and exits 1 when a file is not what it would write
// (test/core-interface.test.ts). An enum, in TypeScript, because a bundler
// writes its values in place of the names: the names cost no bytes.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const at = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const SOURCES = 'assembly/layout.ts and assembly/index.ts';
const HEADER = `Generated from ${SOURCES} by scripts/core-interface.mjs (run by the build): do not edit.`;

/** The exports in the order assembly/index.ts lists them: [name, letter]. */
export function coreExports(source = readFileSync(at('assembly/index.ts'), 'utf8')) {
  const block = /^export \{\n([\s\S]*?)\n\};/m.exec(source);
  if (!block) throw new Error('core-interface: no `export { ... };` block in assembly/index.ts');
  return block[1].split('\n').map((line) => {
    const m = /^\s+(\w+) as (\w+),$/.exec(line);
    if (!m) throw new Error(`core-interface: cannot read the export line ${JSON.stringify(line)}`);
    return [m[1], m[2]];
  });
}

/**
 * The layout as a list of items: { name, value, text, comment } for a
 * constant (text: the value as written, for `1 << 8`), { note } for a comment
 * line of its own, { blank: true } between groups.
 */
export function coreLayout(source = readFileSync(at('assembly/layout.ts'), 'utf8')) {
  const items = [];
  // The file's opening comment is about the file itself, not the layout.
  const body = source.slice(source.indexOf('\n\n') + 2);
  for (const line of body.split('\n')) {
    const constant = /^export const (\w+)(?:: \w+)? = ([^;]+);\s*(?:\/\/ (.*))?$/.exec(line);
    const note = /^\/\/ (.*)$|^\/\*\* (.*) \*\/$/.exec(line);
    if (constant) {
      const text = constant[2].trim();
      if (!/^(0x[0-9a-f]+|\d+|1 << \d+)$/i.test(text)) throw new Error(`core-interface: ${constant[1]} = ${text}`);
      const value = text.startsWith('1 << ') ? 1 << Number(text.slice(5)) : Number(text);
      items.push({ name: constant[1], value, text, comment: constant[3] });
    } else if (note) items.push({ note: (note[1] ?? note[2]).replace(/^-+ (.*?) -+$/, '$1') });
    else if (line.trim() === '') {
      if (items.length && !items.at(-1).blank) items.push({ blank: true });
    } else throw new Error(`core-interface: cannot read the layout line ${JSON.stringify(line)}`);
  }
  while (items.at(-1)?.blank) items.pop();
  return items;
}

const snake = (name) => name.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`);
const tsValue = (item) => (item.text.startsWith('0x') ? item.text.toLowerCase() : item.text);
const pyValue = (item) => (item.text.startsWith('0x') ? `0x${item.text.slice(2).toUpperCase()}` : item.text);

export function exportsTs(exports = coreExports()) {
  return `// ${HEADER}
// The core's exports by what they do, under the one-letter names the .wasm
// gives them: names are bytes in every bundle that inlines the core.

export enum Export {
${exports.map(([name, letter]) => `  ${name} = '${letter}',`).join('\n')}
}
`;
}

export function layoutTs(items = coreLayout()) {
  const lines = items.map((item) => {
    if (item.blank) return '';
    if (item.note !== undefined) return `  // ${item.note}`;
    return `  ${item.name} = ${tsValue(item)},${item.comment ? ` // ${item.comment}` : ''}`;
  });
  return `// ${HEADER}
// biome-ignore-all lint/suspicious/noDuplicateEnumValues: one namespace of numbers from separate records
// The records the core writes into linear memory: offsets and sizes in bytes.

export enum Layout {
${lines.join('\n')}
}
`;
}

export function layoutPy(exports = coreExports(), items = coreLayout()) {
  const lines = items.map((item) => {
    if (item.blank) return '';
    if (item.note !== undefined) return `# ${item.note}`;
    return `${item.name} = ${pyValue(item)}${item.comment ? `  # ${item.comment}` : ''}`;
  });
  return `"""The core's export names and record layout.

${HEADER}
"""


class Export:
    """Exports by what they do, under the one-letter names the .wasm gives them."""

${exports.map(([name, letter]) => `    ${snake(name)} = "${letter}"`).join('\n')}


${lines.join('\n')}
`;
}

export const MIRRORS = {
  'src/core/exports.ts': exportsTs,
  'src/core/layout.ts': () => layoutTs(),
  'python/src/robotsmatch/_layout.py': () => layoutPy(),
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const [path, make] of Object.entries(MIRRORS)) {
    const want = make();
    let have = '';
    try {
      have = readFileSync(at(path), 'utf8');
    } catch {}
    if (have === want) continue;
    if (check) {
      console.error(`${path} is not what ${SOURCES} give: run node scripts/core-interface.mjs`);
      stale++;
    } else writeFileSync(at(path), want);
  }
  process.exit(stale ? 1 : 0);
}
