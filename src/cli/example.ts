// The bundled example (`npm start`, `robotsmatch --example`): check the demo
// URLs against the demo robots.txt, explain one verdict, lint the file.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { explain, parse } from '../index.js';
import { formatText, lint } from '../lint.js';
import { verdictText } from './check.js';
import { formatExplanation } from './explain.js';

function demoFile(name: string): string {
  // dist/cli/main.js -> examples/demo/NAME (the package ships examples/demo)
  return fileURLToPath(new URL(`../../examples/demo/${name}`, import.meta.url));
}

export function exampleCommand(): number {
  const robotsPath = demoFile('robots.txt');
  const body = readFileSync(robotsPath);
  const robots = parse(body);
  const out = (text: string) => process.stdout.write(text);
  out('$ robotsmatch check URL --robots examples/demo/robots.txt --agent AGENT   (for each line of examples/demo/urls.txt)\n');
  for (const line of readFileSync(demoFile('urls.txt'), 'utf8').split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const [url, agent = 'Googlebot'] = trimmed.split(/\s+/) as [string, string?];
    const v = robots.check(url, agent);
    out(`${v.allowed ? 'allowed   ' : 'disallowed'}  ${agent.padEnd(14)} ${url}  (${verdictText(v)})\n`);
  }
  const url = 'https://example.com/docs/';
  out(`\n$ robotsmatch explain ${url} --robots examples/demo/robots.txt\n`);
  out(formatExplanation(url, 'Googlebot', explain(robots, url, 'Googlebot'), 'Google'));
  out('\n$ robotsmatch lint examples/demo/robots.txt\n');
  const diagnostics = lint(body);
  out(formatText('examples/demo/robots.txt', diagnostics));
  if (diagnostics.length === 0) out('(no diagnostics)\n');
  robots.dispose();
  return 0;
}
