// Regular-expression syntax in a robots.txt pattern: `Disallow:
// /find-agent/(.*)`, `Disallow: /O.*Z`, `Disallow: ^/admin`. Robots.txt has
// only `*` (any characters) and `$` (the end); crawlers match everything
// else as characters of the URL, so such a rule applies only to URLs that
// spell the syntax out, and the paths meant stay open.
//
// Only what is regex syntax and not a URL's own characters is taken: a `(`
// group with regex inside (`.*`, `.+`, `|`, `?:`, `\`, `[`), a `[a-z]` or
// `[^/]` class, `+` after `.`, `)` or `]`, a leading `^`, a `\` escape
// (`\.`, `\d`), and `.*` inside a literal run (`/O.*Z`, `/dir/.*`). Left
// alone: `/wiki/Foo_(bar)`, `/search?q=a+b`, `/index.*` (a literal `.`
// then anything: robots.txt syntax, meant as written).

export interface RegexPattern {
  /** The syntax found, as written (`(.*)`, `.*`, `^`). */
  syntax: string;
  /** The robots.txt patterns probably meant (`/find-agent/`, `/O*Z`; `/foo/` and `/bar/` for `/(foo|bar)/`). */
  meant: string[];
}

const GROUP = /\(([^()]*)\)[*+?]?/g;
const REGEX_INSIDE = /\.[*+]|\||\?:|\\|\[/;
const CLASS = /\[(\^[^\]]*|[^\]]*[A-Za-z0-9]-[A-Za-z0-9][^\]]*|[^\]]*\\[dws][^\]]*)\][*+?]?/g;
const ESCAPE = /\\[dwsDWS][*+]?/g;
const ESCAPED_CHAR = /\\([./?\-_~=&])/g;

/** The regex syntax in `pattern` and the pattern probably meant, or undefined when it has none. */
export function regexInPattern(pattern: string): RegexPattern | undefined {
  const found: string[] = [];
  if (pattern.startsWith('^')) found.push('^');
  for (const m of pattern.matchAll(GROUP)) if (REGEX_INSIDE.test(m[1]!)) found.push(m[0]);
  for (const m of pattern.matchAll(CLASS)) found.push(m[0]);
  if (/[.)\]]\+/.test(pattern)) found.push('+');
  if (/\\./.test(pattern)) found.push(/\\./.exec(pattern)![0]);
  // `.*` inside a literal run: after `/` (or at the start), or before more literal characters.
  const dotStar = /(^|[/^(])\.\*|\.\*(?=[A-Za-z0-9/)])/.exec(pattern);
  if (dotStar) found.push('.*');
  if (!found.length) return undefined;
  const start = pattern.replace(/^\^/, '');
  // A group of plain alternatives (`(foo|bar)`) meant each of them.
  const alternatives = /\(([\w.~-]+(?:\|[\w.~-]+)+)\)/.exec(start);
  const bases = alternatives ? alternatives[1]!.split('|').map((a) => start.replace(alternatives[0], a)) : [start];
  const meant = [...new Set(bases.map(plain))].filter((m) => m !== pattern);
  if (!meant.length) return undefined;
  const shown = [...new Set(found)];
  return { syntax: shown.filter((x) => !shown.some((y) => y !== x && y.includes(x))).join(', '), meant };
}

/** One pattern with its regex syntax replaced by what robots.txt says for it. */
function plain(pattern: string): string {
  let meant = pattern.replace(GROUP, (all, inside: string) => (REGEX_INSIDE.test(inside) ? '*' : all));
  meant = meant
    .replace(CLASS, '*')
    .replace(ESCAPE, '*')
    .replace(ESCAPED_CHAR, '$1')
    .replace(/\.[*+]/g, '*')
    .replace(/\*{2,}/g, '*');
  // A pattern matches every path it begins: `/find-agent/*` is `/find-agent/`.
  if (meant.length > 1 && meant.endsWith('*')) meant = meant.slice(0, -1);
  if (!meant.startsWith('/') && !meant.startsWith('*')) meant = `/${meant}`;
  return meant;
}
