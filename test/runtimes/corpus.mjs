// Verdicts and deciding lines for every corpus file on a URL list, with the
// robotsmatch build given as the first argument: for comparing builds.
import { readFileSync, readdirSync } from 'node:fs';

const [entry, corpusDir, urlFile] = process.argv.slice(2);
const robotsmatch = await import(new URL(entry, import.meta.url).href);
const urls = readFileSync(urlFile, 'utf8').split('\n').filter(Boolean);
const out = {};
for (const name of readdirSync(corpusDir)
  .filter((f) => f.endsWith('.txt'))
  .sort()) {
  const robots = robotsmatch.parse(readFileSync(corpusDir + name));
  const matcher = robots.forAgent('Googlebot');
  out[name] = {
    batch: Array.from(matcher.matchMany(urls)).join(''),
    lines: urls.map((u) => robots.check(u, 'bingbot').line),
  };
  robots.dispose();
}
console.log(JSON.stringify(out));
