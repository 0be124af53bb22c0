// The in-process baseline `npm run bench:cli` compares the command line with:
// read the whole URL file, one matchLines call, one thread, no output.
// Usage: node bench/cli-baseline.mjs ROBOTS_TXT URLS_FILE [AGENT]
import { readFileSync } from 'node:fs';
import { parse } from '../dist/index.js';

const [robotsPath, urlsPath, agent = 'Googlebot'] = process.argv.slice(2);
const matcher = parse(readFileSync(robotsPath)).forAgent(agent);
const verdicts = matcher.matchLines(readFileSync(urlsPath));
let allowed = 0;
for (const v of verdicts) allowed += v;
// Printed so the work cannot be skipped; one line, not the URLs.
console.log(`${verdicts.length} lines, ${allowed} allowed`);
