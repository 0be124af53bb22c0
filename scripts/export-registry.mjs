// Writes the crawler registry as JSON for the Python package (python/):
// build/crawlers.json, from the one source. When data/crawlers.json exists
// (the registry as data), that file is the source and is copied as it is;
// until then the entries are read from the built dist/crawlers.js, so the
// two packages never carry two hand-kept lists. Run after `npm run build`.
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const at = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const out = at('build/crawlers.json');
mkdirSync(at('build'), { recursive: true });

if (existsSync(at('data/crawlers.json'))) {
  copyFileSync(at('data/crawlers.json'), out);
} else {
  const built = at('dist/crawlers.js');
  if (!existsSync(built)) {
    console.error('dist/crawlers.js is missing: run `npm run build` first');
    process.exit(2);
  }
  const { crawlers, REGISTRY_DATE } = await import(pathToFileURL(built).href);
  writeFileSync(out, `${JSON.stringify({ date: REGISTRY_DATE, crawlers }, null, 1)}\n`);
}
console.log(`wrote ${out}`);
