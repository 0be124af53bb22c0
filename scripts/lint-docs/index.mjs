// Writes docs/lint/README.md: the index of lint codes, with the built command
// line's real output on a sample file (npm run docs:lint).
import { writeFileSync, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { CODES, ALL_CODES } from '../../dist/lint.js';

const cli = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const run = (args, cwd, input) => {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, input, encoding: 'utf8' });
  return { out: r.stdout, err: r.stderr, status: r.status };
};
const demo = mkdtempSync(join(tmpdir(), 'robotsmatch-docs-'));
writeFileSync(
  `${demo}/robots.before.txt`,
  'User-agent: *\nDisallow: /wp-admin/\nDissallow /tmp/\n\nUser-agent: Googlebot\nDisallow: /search\n\nUser-agent: *OrkashBot*\nDisallow: /\n\nsitemap https://example.com/sitemap.xml\n',
);
copyFileSync(`${demo}/robots.before.txt`, `${demo}/robots.txt`);
const text = run(['lint', 'robots.txt'], demo);
const gh = run(['lint', 'robots.txt', '--format', 'github'], demo);
const diffOut = run(['lint', 'robots.txt', '--diff', '--unsafe-fixes'], demo);
const fix = run(['lint', 'robots.txt', '--fix'], demo);
copyFileSync(`${demo}/robots.before.txt`, `${demo}/robots.txt`);
writeFileSync(
  `${demo}/old.txt`,
  'User-agent: *\nDisallow: /wp-admin/\nAllow: /wp-admin/admin-ajax.php\n\nUser-agent: Googlebot\nDisallow: /search\n',
);
writeFileSync(
  `${demo}/new.txt`,
  'User-agent: *\nDisallow: /wp-admin/\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n',
);
writeFileSync(
  `${demo}/urls.txt`,
  'https://example.com/\nhttps://example.com/private/report.pdf\nhttps://example.com/search?q=shoes\nhttps://example.com/wp-admin/admin-ajax.php\n',
);
const d1 = run(['diff', 'old.txt', 'new.txt'], demo);
const d2 = run(['diff', 'old.txt', 'new.txt', '--urls', 'urls.txt', '--fail-on-block'], demo);

const FIX = { none: '', safe: 'safe', unsafe: 'unsafe', either: 'safe or unsafe' };
const families = [
  ['file', 'The file as a whole'],
  ['lines', 'Lines'],
  ['agents', 'User-agent lines'],
  ['groups', 'Groups and who follows them'],
  ['patterns', 'Allow and Disallow patterns'],
  ['sitemaps', 'Sitemaps'],
  ['usage', 'Usage statements: Content-Signal, Content-Usage, License'],
];
let tables = '';
for (const [family, title] of families) {
  tables += `\n### ${title}\n\n| code | severity | fix | |\n|---|---|---|---|\n`;
  for (const code of ALL_CODES.filter((c) => CODES[c].family === family))
    tables += `| [\`${code}\`](${code}.md) | ${CODES[code].severity} | ${FIX[CODES[code].fix]} | ${CODES[code].title} |\n`;
}
const block = (cmd, r, extra = '') => `\`\`\`\n$ ${cmd}\n${r.out}${r.err ? r.err : ''}${extra}\`\`\``;

const page = `# Linting robots.txt

\`lint(body)\` (from \`robotsmatch/lint\`) and \`robotsmatch lint\` say what Google's
crawler and crawlers that follow RFC 9309 to the letter (Bing, Yandex, most
open-source crawlers) will do with a robots.txt, where that is not what the
file seems to say, and what AI crawlers and dataset builders will read from
its usage statements (Content-Signal, Content-Usage, License). Each finding
has a stable code (${ALL_CODES.length} of them, one page each, listed below), a
severity, plain sentences about what crawlers will do, and, where there is
one, a fix that says whether it changes what any crawler does.

The linter builds one model of the file with the core's own parser: every
line as Google reads it (and as RFC 9309 crawlers do, where that differs),
its groups, and which group each crawler follows. Checks that speak of
verdicts (which \`*\` rules a crawler escapes, whether the site is blocked)
ask the core's matcher, so the linter never disagrees with \`parse()\`.

## Severities

- **error**: crawlers ignore or misread part of what you wrote, or the
  site loses crawling altogether (an HTML page served as robots.txt, a
  whole-site \`Disallow: /\`, a server error).
- **warning**: some crawler does something you probably did not mean
  (Googlebot escapes the \`*\` rules, a pattern that never matches, a typo
  only Google forgives).
- **info**: worth knowing; nothing is lost (a key Google ignores, a
  duplicate rule).

## Fixes: safe and unsafe

- A **safe** fix leaves Google's reading of the file unchanged for every
  crawler: it only makes the line read the same for RFC 9309 crawlers and
  for people (a misspelt key Google accepts, a missing colon, \`Googlebot/2.1\`
  written \`Googlebot\`, a duplicate rule removed). \`robotsmatch lint --fix\`
  applies them. A safe fix changes no usage reading either: repairs of the
  usage statements (\`Content-Signal\`, \`Content-Usage\`), which Google does
  not read, are unsafe fixes, since readers then read an entry they ignored
  (\`ai_train=yes\` becomes a grant); their message says what they will read.
- An **unsafe** fix changes what some crawler does, and its message says
  exactly what, computed and never assumed: robotsmatch applies the fix to a
  copy of the file, parses it, and compares the verdicts of every crawler of
  the registry (each with its own choice of groups: fallback tokens, crawlers
  such as AdsBot-Google that ignore \`*\`), every token the file names (as
  Google reads it: \`MJ12bot\` is \`MJ\`) and \`*\` ("OrkashBot will then be
  disallowed from /"). \`--fix --unsafe-fixes\` applies them too, and runs
  until nothing changes, so one run does what several would.
- No fix makes a crawler's verdict worse unless that was the line's plain
  intent: where the intent is not plain (a rule naming another host, a
  pattern that looks like a host name, a browser's User-Agent header, a
  pattern with spaces whose parts would disallow the whole site) there is
  no fix. All the fixes applied together (safe ones too) must do exactly
  what each says alone; where they would not (two User-agent fixes that
  merge groups, a duplicate removed from a group another fix splits), the
  unsafe fixes involved are held back until the file is linted again.
  Describing fixes stays linear in the file's size: past 256 KB of fixed
  files read in one lint, the remaining unsafe fixes are offered on the
  next run.
- \`lint()\` itself does not work out unsafe fixes: that is most of what
  linting costs (a parse of each fixed file). A diagnostic's \`fix\` is read
  through an accessor while its unsafe fix is still to be worked out, and
  the first read of any of them works out every one of that \`lint()\` call
  at once (each is checked against the others), with exactly the fixes and
  messages working them out up front gives (test/lint-fixes-lazy.test.ts).
  Code that only counts findings, or shows safe fixes, never pays for it;
  \`JSON.stringify\`, spreading and \`applyFixes\` read fixes like any other
  property. Property tests hold all of this over generated files, the
  benchmark corpus and the real-world-shaped fixtures
  (test/lint-fix-effects.test.ts runs every fix alone and together against
  the matcher).

## The codes
${tables}
## The command line

${block('robotsmatch lint robots.txt', text)}

Each finding is \`FILE:LINE: SEVERITY CODE: MESSAGE\`, the line editors and CI
problem matchers read, with the fix under it. The summary goes to stderr. The
exit status is 1 when a finding reaches \`--fail-on\` (\`error\` by default;
\`warning\` or \`info\` to be stricter), 0 otherwise, 2 when a file cannot be
read.

\`robotsmatch lint\` takes several files, directories (every \`.txt\` file under
them), URLs and \`-\` for standard input. A URL is fetched as crawlers fetch
it: its HTTP status is reported (\`http-not-found\` for a 4xx, \`http-error\`
for a 5xx or 429), and so is a Content-Type other than \`text/plain\`.

| option | |
|---|---|
| \`--format text\\|json\\|github\\|sarif\` | text (default); JSON (\`{ files: [{ file, status?, contentType?, fixed?, diagnostics }] }\`, each diagnostic with a \`docs\` field naming its page, \`docs/lint/CODE.md\`); GitHub Actions annotations; SARIF 2.1.0 for code scanning |
| \`--fail-on error\\|warning\\|info\` | the least severity that fails (default \`error\`) |
| \`--select CODES\`, \`--ignore CODES\` | report only these codes, or never these (comma-separated, repeatable) |
| \`--fix\` | write the safe fixes into the files (standard input: print the fixed file), then report what is left |
| \`--unsafe-fixes\` | with \`--fix\` or \`--diff\`: the unsafe fixes too |
| \`--diff\` | show the fixes as a unified diff and change nothing; exit 1 when there is one |
| \`--mode google\\|rfc\` | whose grouping \`rule-outside-group\` follows |
| \`--max-bytes N\` | the size limit to check against (default 512000) |

In GitHub Actions, \`--format github\` puts each finding on its line of the
pull request:

${block('robotsmatch lint robots.txt --format github', { out: gh.out })}

### Fixing

${block('robotsmatch lint robots.txt --diff --unsafe-fixes', diffOut)}

${block('robotsmatch lint robots.txt --fix', fix)}

### Silencing a finding

A comment in the file, which crawlers ignore like any comment:

\`\`\`robots.txt
# robotsmatch: ignore-file[disallow-all]
User-agent: *
Disallow: /
Disallow: /private/   # robotsmatch: ignore[duplicate-rule]
# robotsmatch: ignore[repeated-agent]
User-agent: *
\`\`\`

\`ignore[...]\` silences the codes listed on its line (alone on a line: on the
next line); \`ignore\` without a list silences every code there;
\`ignore-file[...]\` silences codes in the whole file.

## robotsmatch diff

What a change to robots.txt does, for review and CI: for each crawler the
files name, and \`*\` for the others, the rules it gains, loses or no longer
follows, and the paths whose verdict changes.

${block('robotsmatch diff old.txt new.txt', d1)}

With \`--urls FILE\` (or \`-\` for standard input; plain or gzip), every URL
whose verdict changes for each \`--agent\` (default Googlebot, Bingbot and
\`*\`), with the deciding line on each side. The URLs stream through the
core's bulk matcher on both files, so a list of millions takes seconds; only
the URLs that change are explained.

${block('robotsmatch diff old.txt new.txt --urls urls.txt --fail-on-block', d2, `$ echo $?\n${d2.status}\n`)}

\`--fail-on-block\` exits 1 when the change newly disallows something.
\`--format github\` annotates the new file at the line that now decides;
\`--format json\` prints the whole result. OLD and NEW may be URLs.

## The library

\`\`\`js
import { lint, applyFixes, diff, UrlDiff, CODES } from 'robotsmatch/lint';

const diagnostics = lint(body, { source: { url, status, contentType } }); // all options optional
const fixed = applyFixes(text, diagnostics);                 // safe fixes only
const all = applyFixes(text, diagnostics, { unsafe: true }); // every fix
const change = diff(oldBody, newBody);                       // { agents, sitemaps, newlyDisallowed }
\`\`\`

| | |
|---|---|
| \`lint(body, { mode?, maxBytes?, select?, ignore?, source? })\` | \`Diagnostic[]\` sorted by line: \`{ line, column?, endColumn?, severity, code, message, fix? }\`, where \`fix\` is \`{ safety: 'safe' \\| 'unsafe', lines, message }\` (\`lines\`: what the line becomes; none removes it). Never throws on content. |
| \`applyFixes(text, diagnostics, { unsafe? })\` | the text with the fixes applied, one per line; every other byte kept |
| \`diff(oldBody, newBody, { agents?, maxBytes? })\` | per crawler: \`ownGroup\`, \`added\`, \`removed\`, \`shadowed\` rules, \`changes\` (paths whose verdict changes, with both verdicts) and a \`summary\` in sentences; \`sitemaps\`; \`newlyDisallowed\` |
| \`new UrlDiff(oldBody, newBody, agents)\` | \`.compare(chunk)\`: the URLs of a chunk of lines whose verdict changes, with both verdicts; \`.dispose()\` |
| \`CODES\`, \`ALL_CODES\` | every code's severity, family, fix kind, title and message template |
| \`formatText\`, \`formatGithub\`, \`formatSarif\`, \`formatFixDiff\` | the command line's output formats |
`;
writeFileSync(fileURLToPath(new URL('../../docs/lint/README.md', import.meta.url)), page);
rmSync(demo, { recursive: true, force: true });
console.log('ok');
