// Writes docs/lint/<code>.md for every lint code, from the prose in data.mjs and
// the built linter's real output on each page's example (npm run docs:lint).
// `--check` writes nothing and exits 1 when a page is not what it would write
// (test/lint-docs.test.ts), so the prose is changed here, not in the pages.
import { fileURLToPath } from 'node:url';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { lint, formatText, CODES, ALL_CODES } from '../../dist/lint.js';
import { PAGES } from './data.mjs';

const out = fileURLToPath(new URL('../../docs/lint/', import.meta.url));
const check = process.argv.includes('--check');
const stale = [];
if (!check) mkdirSync(out, { recursive: true });
const FIX = { none: 'none', safe: 'safe', unsafe: 'unsafe', either: 'safe or unsafe' };
const FAMILY = {
  file: 'the file',
  lines: 'lines',
  agents: 'User-agent lines',
  groups: 'groups',
  patterns: 'patterns',
  sitemaps: 'sitemaps',
  usage: 'usage statements',
};

export const expand = (r) =>
  r.head + Array.from({ length: r.count }, (_, i) => r.line.replace('{i}', String(i))).join('') + r.tail;

function exampleBody(p) {
  if (p.repeat) return expand(p.repeat);
  if (p.exampleBytes) return Uint8Array.from(p.exampleBytes);
  if (p.exampleGzip) return new Uint8Array(gzipSync(p.exampleGzip));
  if (p.exampleUtf16) return new Uint8Array(Buffer.from(p.exampleUtf16, 'utf16le'));
  if (p.exampleText) return p.exampleText;
  return p.example;
}

for (const code of ALL_CODES) {
  const p = PAGES[code];
  if (!p) throw new Error(`no page data for ${code}`);
  const info = CODES[code];
  const body = exampleBody(p);
  const options = { ...(p.options ?? {}), select: [code] };
  const found = lint(body, options);
  if (!found.some((d) => d.code === code)) throw new Error(`${code}: the example does not trigger it`);
  const label = p.lintUrl ? 'https://example.com/robots.txt' : 'robots.txt';
  const cmd = p.lintUrl
    ? `robotsmatch lint --select ${code} https://example.com/`
    : `robotsmatch lint --select ${code} robots.txt`;
  const shown = p.shown ?? p.exampleShown ?? (p.example !== null && p.example !== undefined ? p.example : null);
  let fileBlock;
  if (p.lintUrl) fileBlock = p.example ? `\`\`\`robots.txt\n${p.example}\`\`\`\n\n` : '';
  else if (shown !== null) fileBlock = `\`\`\`robots.txt\n${shown}\`\`\`\n\n`;
  else if (p.exampleGzip)
    fileBlock =
      'A robots.txt saved gzip-compressed (`gzip -c robots.txt > robots.txt`), served as it is:\n\n```robots.txt\n' +
      p.exampleGzip +
      '```\n\n';
  else if (p.exampleUtf16)
    fileBlock =
      'This file, saved as UTF-16 (little-endian, with a byte order mark):\n\n```robots.txt\n' +
      p.exampleUtf16.replace('\ufeff', '').replace(/\r/g, '') +
      '```\n\n';
  else fileBlock = 'A PNG image served at `/robots.txt` (its first bytes: `89 50 4E 47 0D 0A 1A 0A ...`).\n\n';
  const served = p.lintUrl
    ? `Served by \`https://example.com/robots.txt\`${p.options.source.status ? ` with status ${p.options.source.status}` : ''}${p.options.source.contentType ? ` and \`Content-Type: ${p.options.source.contentType}\`` : ''}${p.example ? ':' : '.'}\n\n`
    : '';
  const output = formatText(label, found).replace(/\n$/, '');
  const marker = p.repeat
    ? { repeat: p.repeat }
    : typeof body === 'string'
      ? { text: body }
      : { base64: Buffer.from(body).toString('base64') };
  if (p.options) marker.options = p.options;
  const page = `# \`${code}\`: ${info.title}

| severity | fix | checks |
|---|---|---|
| ${info.severity} | ${FIX[info.fix]} | ${FAMILY[info.family]} |

${p.means}

## Why it matters

${p.why}

${p.sources.length === 1 ? `Source: ${p.sources[0]}.` : `Sources:\n\n${p.sources.map((s) => `- ${s}.`).join('\n')}`}

## Example

${served}${fileBlock}\`\`\`
$ ${cmd}
${output}
\`\`\`

## The fix

${p.fix}

<!-- example (checked by test/lint-docs.test.ts): ${JSON.stringify(marker)} -->

[All lint codes](README.md)
`;
  const path = `${out + code}.md`;
  if (!check) writeFileSync(path, page);
  else if (!existsSync(path) || readFileSync(path, 'utf8') !== page) stale.push(code);
}
if (check && stale.length) {
  console.error(
    `docs/lint pages not written from scripts/lint-docs/data.mjs: ${stale.join(', ')} (run npm run docs:lint)`,
  );
  process.exit(1);
}
console.log('pages', ALL_CODES.length);
