// Witness paths: the paths the proof reads besides the policy's own, so it
// covers the file's rules and not only the policy's. For every Allow and
// Disallow pattern (the file's, in every group and both readings, and the
// policy's), the paths it matches and the near misses it must not: its
// wildcards filled with nothing and with a segment, the path with `$` kept
// and extended, its longest literal prefix, that prefix one byte shorter and
// with its last byte changed (a sibling sharing its first bytes). A rule
// that matches more than the policy says (`Disallow: /p` for `/private/`
// also takes `/p` and `/products`) or less (`Disallow: /private/` for
// `/private`) changes some crawler's verdict on one of these. A path no
// rule and no policy pattern names is not among them: docs/generate.md says
// what that leaves out.

import { lines as fileLines } from '../index.js';
import { encodeForRequest } from '../lint/model.js';
import type { CheckedPolicy } from './policy.js';

/** Where a witness path comes from: the file's rule (its line and text), or the policy's pattern. */
export interface WitnessSource {
  line?: number;
  /** `Disallow: /blog` as written, or the policy field's pattern. */
  rule: string;
}

/** At most this many witness paths are read (about 8 per rule: every rule of a 500 KiB file): a bound on the proof's time. */
export const MAX_WITNESSES = 200_000;

/** The witness paths of one pattern (each starting with `/`, encoded as a crawler sends it); none for a pattern that matches no path. */
export function witnessesOf(pattern: string): string[] {
  if (pattern === '') return [];
  const given = pattern.startsWith('*') ? `/${pattern}` : pattern;
  if (!given.startsWith('/')) return []; // matches no path: every path starts with /
  const anchored = given.endsWith('$');
  const body = anchored ? given.slice(0, -1) : given;
  const star = body.indexOf('*');
  const literal = star < 0 ? body : body.slice(0, star);
  const fill = (what: string) => body.split('*').join(what);
  const out = new Set<string>();
  const add = (path: string) => {
    if (!path.startsWith('/') || path.startsWith('//')) return; // `//x` is read as a host, not a path
    out.add(encodeForRequest(path));
  };
  const empty = fill('');
  // `*/feed/` with nothing for its `*` would start `//`: the `*` stands for a segment instead.
  const plain = empty.startsWith('//') ? fill('x') : empty;
  add(plain);
  add(fill('x'));
  add(fill('x/y'));
  add(`${plain}x`); // beyond a `$`: must not match; without one, must
  if (!plain.endsWith('/')) add(`${plain}/x`);
  add(literal);
  if (literal.length > 1) {
    add(literal.slice(0, -1));
    const last = literal[literal.length - 1]!;
    add(literal.slice(0, -1) + (last === 'a' ? 'b' : 'a'));
  }
  return [...out];
}

/**
 * The witness paths of a file and a policy, each with where it comes from
 * (the first rule that gave it), leaving out the paths already proved
 * (`skip`); at most MAX_WITNESSES, `cut` true when there were more.
 */
export function witnessPaths(
  policy: CheckedPolicy,
  text: string | Uint8Array,
  skip: ReadonlySet<string> = new Set(),
): { paths: Map<string, WitnessSource>; cut: boolean } {
  const paths = new Map<string, WitnessSource>();
  let cut = false;
  const add = (pattern: string, source: WitnessSource) => {
    for (const path of witnessesOf(pattern)) {
      if (skip.has(path) || paths.has(path)) continue;
      if (paths.size >= MAX_WITNESSES) {
        cut = true;
        return;
      }
      paths.set(path, source);
    }
  };
  for (const r of [
    policy.defaultRules,
    ...[...policy.purposes.values(), ...policy.crawlers.values()].flatMap((a) => (a.kind === 'rules' ? [a.rules] : [])),
  ])
    for (const p of [...r.disallow, ...r.allow]) add(p, { rule: p });
  const seen = new Set<number>();
  for (const mode of ['google', 'rfc'] as const) {
    for (const l of fileLines(text, { mode })) {
      if ((l.kind !== 'allow' && l.kind !== 'disallow') || seen.has(l.line)) continue;
      seen.add(l.line);
      add(l.value ?? '', { line: l.line, rule: `${l.kind === 'allow' ? 'Allow' : 'Disallow'}: ${l.value ?? ''}` });
    }
  }
  return { paths, cut };
}
