// The bundled example (`npm start`, `robotsmatch --example`): check the demo
// URLs against the demo robots.txt, explain one verdict, lint the file.

import { readFileSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '../index.js';
import { explain } from '../explain.js';
import { formatText, lint } from '../lint.js';
import { verdictText } from './check.js';
import { formatExplanation } from './explain.js';
import { colorOut, out, paint } from './output.js';

function demoFile(name: string): string {
  // dist/cli/main.js -> examples/demo/NAME (the package ships examples/demo)
  return fileURLToPath(new URL(`../../examples/demo/${name}`, import.meta.url));
}

/**
 * A path to show for a file of the package: relative to the working
 * directory when it is below it (node_modules/robotsmatch/examples/...,
 * or examples/... in the repository), else absolute. Either way a path the
 * user has, so the commands shown can be run as they are.
 */
function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  const quote = (p: string) => (/^[\w./@+-]+$/.test(p) ? p : `'${p.replaceAll("'", "'\\''")}'`);
  return quote(rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path);
}

export function exampleCommand(): number {
  const robotsPath = demoFile('robots.txt');
  const body = readFileSync(robotsPath);
  const robots = parse(body);
  const file = shown(robotsPath);
  const color = colorOut();
  out(`$ robotsmatch check URL --robots ${file} --agent AGENT   (for each line of ${shown(demoFile('checks.txt'))})\n`);
  for (const line of readFileSync(demoFile('checks.txt'), 'utf8').split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const [url, agent = 'Googlebot'] = trimmed.split(/\s+/) as [string, string?];
    const v = robots.check(url, agent);
    out(
      `${v.allowed ? paint.allowed(color, 'allowed   ') : paint.disallowed(color, 'disallowed')}  ${agent.padEnd(14)} ${url}  (${verdictText(v)})\n`,
    );
  }
  const url = 'https://example.com/docs/';
  out(`\n$ robotsmatch explain ${url} --robots ${file}\n`);
  out(formatExplanation(url, 'Googlebot', explain(robots, url, 'Googlebot'), 'Google', color));
  out(`\n$ robotsmatch lint ${file}\n`);
  const diagnostics = lint(body);
  out(formatText(file, diagnostics));
  if (diagnostics.length === 0) out('(no diagnostics)\n');
  robots.dispose();
  return 0;
}
