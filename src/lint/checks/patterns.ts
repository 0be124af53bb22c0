// Allow and Disallow patterns: ones that can never match a URL a crawler
// requests (no leading `/`, a full URL, a space, a non-breaking space), a
// `#` that cuts the pattern short, a `$` that does not anchor, and patterns
// Google and RFC 9309 crawlers match differently.

import type { Findings } from '../findings.js';
import type { RobotsLine } from '../model.js';
import { joinedParts } from './lines.js';
import { rewriteLine, rewriteValue } from '../rewrite.js';
import type { Diagnostic } from '../types.js';
import { uncut } from '../columns.js';
import { regexInPattern } from '../regex-pattern.js';

const NBSP = '\u00a0';
const INVISIBLE = /[\u00a0\u1680\u2000-\u200b\u202f\u205f\u3000\ufeff]/;
const INVISIBLE_ENDS =
  /^[\u00a0\u1680\u2000-\u200b\u202f\u205f\u3000\ufeff]+|[\u00a0\u1680\u2000-\u200b\u202f\u205f\u3000\ufeff]+$/g;

export function checkPatterns(f: Findings): void {
  for (const l of f.model.lines) {
    if (l.kind !== 'allow' && l.kind !== 'disallow') continue;
    if (joinedParts(l)) continue; // joined-lines says it all
    pattern(f, l);
  }
}

function pattern(f: Findings, l: RobotsLine): void {
  const value = l.value ?? '';
  const text = l.text;
  const key = l.key!;
  const valueColumn = value === '' ? 0 : text.indexOf(uncut(value), text.indexOf(key) + key.length) + 1;
  const verb = l.kind === 'allow' ? 'Allow' : 'Disallow';

  hash(f, l, verb);
  if (value === '') return;

  // A non-breaking (or other invisible) space at either end: never in a URL a crawler requests.
  const trimmed = value.replace(INVISIBLE_ENDS, '');
  if (trimmed !== value) {
    const before = INVISIBLE.test(value[0]!);
    const char = before ? value[0]! : value[value.length - 1]!;
    const name =
      char === NBSP
        ? 'a non-breaking space'
        : `an invisible space (U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})`;
    const d = f.add(
      'whitespace-in-pattern',
      l.line,
      {
        what: `${name} ${before ? 'before' : 'after'} it`,
        encoded: encodeURIComponent(char),
        effect: before
          ? 'the pattern never matches, so crawlers never apply this rule'
          : `the rule applies only to URLs with that encoded space after ${trimmed}, which no link on the site is likely to have`,
      },
      { column: valueColumn },
    );
    f.unsafe(d, [rewriteValue(l, trimmed)], `Removes the ${char === NBSP ? 'non-breaking' : 'invisible'} space`);
    return;
  }
  if (value[0] === ':') {
    // `Disallow:: /x`: a doubled colon, which Google reads as the start of the pattern.
    const d = f.add('pattern-no-leading-slash', l.line, undefined, { column: valueColumn });
    const meant = value.replace(/^[:\s]+/, '');
    if (meant === '' || meant[0] === '/')
      f.unsafe(
        d,
        [rewriteLine(l, key, meant)],
        meant === '' ? 'Removes the second colon' : `Removes the second colon: the pattern is \`${meant}\``,
      );
    return;
  }
  if (value.includes(' ')) {
    const d = f.add(
      'whitespace-in-pattern',
      l.line,
      {
        what: 'a space',
        encoded: '%20',
        effect: 'the pattern never matches, so crawlers never apply this rule',
      },
      { column: valueColumn + value.indexOf(' ') },
    );
    spaceFix(f, d, l, value, verb);
    return;
  }

  // `/find-agent/(.*)`, `/O.*Z`, `^/admin`: a regular expression, which robots.txt does not read as one.
  const regex = regexInPattern(value);
  if (regex) {
    const d = f.add('regex-in-pattern', l.line, {
      syntax: regex.syntax
        .split(', ')
        .map((x) => `\`${x}\``)
        .join(', '),
      open: verb === 'Allow' ? 'closed' : 'open',
      meant: `${regex.meant.map((m) => `\`${verb}: ${m}\``).join(' and ')} ${regex.meant.length > 1 ? 'are' : 'is'}`,
    });
    if (regex.meant.length === 1)
      f.unsafe(d, [rewriteValue(l, regex.meant[0]!)], `Writes \`${verb}: ${regex.meant[0]}\``);
    return;
  }

  // A template (`/{lang}/`), quotes, a regular expression's `\.`: characters no URL a crawler requests has as they are.
  // In a query, `{`, `}`, `` ` `` and `\` are sent as they are (the WHATWG URL query set encodes only `"`, `<`, `>`): only the path's count.
  const query = value.indexOf('?');
  const never = /["<>]/.exec(value) ?? /[{}`\\]/.exec(query < 0 ? value : value.slice(0, query));
  if (never && (value[0] === '/' || value[0] === '*')) {
    const c = never[0];
    f.add(
      'pattern-never-matches',
      l.line,
      {
        what:
          c === '\\'
            ? 'a backslash (`\\`, as in a regular expression)'
            : c === '{' || c === '}'
              ? `\`${c}\` (a template's placeholder, or a regular expression)`
              : `\`${c}\``,
        why:
          c === '\\'
            ? 'crawlers read as `/` in a URL path'
            : /["<>]/.test(c)
              ? `crawlers send percent-encoded (\`${encodeURIComponent(c)}\`) in a URL's path and query alike`
              : `crawlers send percent-encoded (\`${encodeURIComponent(c)}\`) in a URL's path (in a query string it is sent as it is)`,
      },
      { column: valueColumn + never.index },
    );
    return;
  }
  if (value[0] !== '/' && value[0] !== '*') {
    const url = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)(.*)$/i.exec(value);
    if (url) {
      fullUrl(f, l, url[2]!, url[3] || '/', valueColumn);
      return;
    }
    const d = f.add('pattern-no-leading-slash', l.line, undefined, { column: valueColumn });
    const meant = /^\.[A-Za-z0-9]+\$?$/.test(value)
      ? `/*${value}` // `.css`: files of that type
      : /^\?/.test(value)
        ? `/*${value}` // `?sort=`: that query anywhere
        : /^[A-Za-z0-9_-]+(\/|$)/.test(value) && !/^www\./i.test(value) && !/^[^/]*\.[a-z]{2,}(\/|$)/i.test(value)
          ? `/${value}` // `private/`
          : undefined; // `www.example.com/x`, `$`...: no fix
    if (meant) f.unsafe(d, [rewriteValue(l, meant)], `Writes the pattern as \`${meant}\``);
    return;
  }

  doubleEncoded(f, l, value, valueColumn);
  const dollar = /\$[*$]/.exec(value);
  if (dollar) {
    const literal = value.slice(value.lastIndexOf('*', dollar.index) + 1, dollar.index + 1);
    f.add(
      'dollar-inside-pattern',
      l.line,
      { literal },
      { column: valueColumn + dollar.index, endColumn: valueColumn + dollar.index + 1 },
    );
  }
  if (/%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[de]|5f|7e)/i.test(value)) {
    f.add(
      'modes-differ',
      l.line,
      {
        how: 'This pattern percent-encodes a letter, digit or `-._~`: RFC 9309 crawlers decode it and match either form, Google matches only URLs that encode it the same way',
      },
      { column: valueColumn },
    );
  }
  if (l.kind === 'allow' && /\/index\.htm[^/]*$/.test(value)) {
    f.add(
      'modes-differ',
      l.line,
      {
        how: `Google also allows the directory \`${value.slice(0, value.lastIndexOf('/') + 1)}\` itself (its index.html rule); RFC 9309 crawlers allow only what the pattern matches`,
      },
      { column: valueColumn },
    );
  }
}

/** A pattern made of nothing but `/`, `*` and `$`: it takes in the whole site. */
const siteWide = (p: string) => /^[/*$]*$/.test(p);

/**
 * The fix for a pattern with spaces, only where what was meant is plain:
 * a space beside `=`, `&` or `?`, or before a run of `*` (`/buscar/ ***`),
 * goes; patterns that each start with `/` go on lines of their own; a space
 * inside a path (`/my page.html`) is written %20. Never a fix that makes a
 * pattern take in the whole site (a mylife-like pattern of `/*`, a space
 * and more would become `Disallow: /*`): that was not what the line meant.
 */
function spaceFix(f: Findings, d: Diagnostic, l: RobotsLine, value: string, verb: string): void {
  const words = value.split(/ +/);
  if (/[=&?] | [=&?]/.test(value) || words.slice(1).every((w) => /^[*$]+$/.test(w))) {
    const joined = words.join('');
    if (!siteWide(joined))
      f.unsafe(
        d,
        [rewriteValue(l, joined)],
        `Removes the space${words.length > 2 ? 's' : ''}: the pattern is \`${joined}\``,
      );
    return;
  }
  if (words.every((w) => w.startsWith('/'))) {
    if (!words.some(siteWide))
      f.unsafe(
        d,
        words.map((w) => rewriteValue(l, w)),
        `Puts each of ${words.map((w) => `\`${w}\``).join(', ')} on a ${verb} line of its own`,
      );
    return;
  }
  if (value.startsWith('/') && !siteWide(words[0]!) && words.slice(1).every((w) => !/^[/*$]/.test(w))) {
    f.unsafe(d, [rewriteValue(l, value.replace(/ /g, '%20'))], 'Writes the space as %20, as crawlers request it');
  }
}

/** url-as-pattern: `Disallow: https://host/path`. A fix only for this host's own URL, when lint knows the host. */
function fullUrl(f: Findings, l: RobotsLine, host: string, path: string, column: number): void {
  const base = f.model.source?.url;
  let own = false;
  if (base) {
    try {
      own = new URL(base).host.toLowerCase() === host.toLowerCase();
    } catch {
      own = false;
    }
  }
  const d = f.add(
    'url-as-pattern',
    l.line,
    {
      where: own
        ? `; for this host, write the path alone (\`${path}\`)`
        : !host
          ? ''
          : path === '/'
            ? `; a rule for ${host} belongs in that host's own robots.txt`
            : `: if ${host} is this site, write the path alone (\`${path}\`); a rule for another host belongs in that host's own robots.txt`,
    },
    { column },
  );
  if (own) f.unsafe(d, [rewriteValue(l, path)], `Writes the path alone, \`${path}\``);
}

/** hash-in-pattern: `Disallow: /page#section` is `Disallow: /page`; `Disallow: /#!/admin` is `Disallow: /`. */
function hash(f: Findings, l: RobotsLine, verb: string): void {
  if (!l.hasComment) return;
  const text = l.text;
  const at = text.indexOf('#');
  if (at <= 0 || /\s/.test(text[at - 1]!) || text.slice(0, at).trimEnd().endsWith(':')) return;
  const value = l.value ?? '';
  const rule = `${verb}: ${value}`;
  let effect: string;
  if (value === '/' || value === '/*')
    effect = `, which ${l.kind === 'allow' ? 'allows' : 'disallows'} every URL of the site (a URL's #fragment never reaches the server, so no rule can match it)`;
  else
    effect = `, which applies to every path that starts with ${value} (a URL's #fragment never reaches the server, so no rule can match it)`;
  f.add('hash-in-pattern', l.line, { rule, effect }, { column: at + 1 });
}

/**
 * Characters a crawler sends as they are in a URL path or query (RFC 3986's
 * unreserved characters, sub-delimiters, `:`, `@`, `/` and `?`), less `*` and
 * `$`, which a pattern reads as wildcards: `%253F` was meant as `?`, `%2520`
 * as `%20` (a space is always sent encoded).
 */
const SENT_AS_IS = /^[A-Za-z0-9\-._~!&'()+,;=:@/?]$/;

/**
 * double-encoded-pattern: `%25` followed by two hex digits is a `%XX` whose
 * `%` was encoded again (a generator encoding an encoded path). Both Google's
 * matcher and RFC 9309 crawlers keep `%25` as it is and never decode the URL
 * for it, so the rule matches only URLs with the literal text `%25XX`. No fix:
 * a site whose links really are encoded twice meant the rule as written.
 * `%25` before anything but a hex pair (`/50%25-off`) is a real `%`, and a
 * pattern that also has escapes of one level (`%2F`, `%3D`) holds an encoded
 * URL inside a parameter, whose own `%` is encoded once more on purpose:
 * nothing for either.
 */
/** Every `%25XX` has its hex pair in one case, and the `%XX` escapes they stand for decode as UTF-8. */
function encodedTwice(value: string): boolean {
  for (const m of value.matchAll(/%25([0-9A-Fa-f]{2})/g)) if (/[a-f]/.test(m[1]!) && /[A-F]/.test(m[1]!)) return false;
  const once = value.replace(/%25([0-9A-Fa-f]{2})/g, '%$1');
  for (const run of once.match(/(?:%[0-9A-Fa-f]{2})+/g) ?? []) {
    try {
      decodeURIComponent(run);
    } catch {
      return false; // a lone %BE or %CA is no character
    }
  }
  return true;
}

function doubleEncoded(f: Findings, l: RobotsLine, value: string, column: number): void {
  const first = /%25([0-9A-Fa-f]{2})/.exec(value);
  if (!first) return;
  // Beside escapes of one level (`?returnTo=%2Faccount%253Fpage%253D2`), `%25` is an encoded URL's own `%` inside a parameter: meant.
  if (/%(?!25)[0-9A-Fa-f]{2}/.test(value)) return;
  // A real `%` before a word that happens to start with two hex letters (`100%25Beef`, `50%25Daily`,
  // `100%25CAFE`) is not an escape: an encoder writes both hex digits in one case, and what the
  // escapes decode to is UTF-8.
  if (!encodedTwice(value)) return;
  const meant = value.replace(/%25([0-9A-Fa-f]{2})/g, (_, hex: string) => {
    const c = String.fromCharCode(parseInt(hex, 16));
    return SENT_AS_IS.test(c) ? c : `%${hex.toUpperCase()}`;
  });
  const wild = /[*$]/.test(meant);
  f.add(
    'double-encoded-pattern',
    l.line,
    {
      twice: first[0],
      once: `%${first[1]!.toUpperCase()}`,
      meant: wild ? `the URLs \`${meant}\` matches` : `\`${meant}\``,
    },
    { column: column + first.index, endColumn: column + first.index + first[0].length },
  );
}
