// Usage statements: Content-Signal (Cloudflare's Content Signals Policy),
// Content-Usage (the IETF AIPREF drafts) and License (RSL). Google ignores
// them all for crawling (checks/lines.ts says so); what is checked here is
// what the crawlers and dataset builders that read them will make of them:
// where a line stands (before any group, between the User-agent lines of one
// group, in a group whose crawlers may fetch nothing), and whether its value
// says anything (keys, values and labels they know, a Dictionary that parses,
// a full license URL). The readers are the library's own (rules/).

import { parseContentSignal, stricter, SIGNAL_KEYS, USE_LEVELS, type SignalValue } from '../../rules/content-signal.js';
import { parsePreferences, type PreferenceEntry } from '../../rules/preferences.js';
import { preferenceText } from '../../rules/usage-table.js';
import { listOf } from '../diff.js';
import type { Findings } from '../findings.js';
import type { Diagnostic } from '../types.js';
import type { Group, RobotsLine } from '../model.js';
import { isAbsoluteHttpUrl } from './sitemaps.js';
import { rewriteValue } from '../rewrite.js';
import { closest } from '../closest.js';
import { ALL_TOKENS, IGNORES_STAR } from '../crawlers.js';

/** The labels of the current vocabulary draft (draft-ietf-aipref-vocab-07). */
const LABELS = ['train-ai', 'search'];
/** Labels of earlier vocabulary drafts still seen in real files. */
const OUTDATED = ['train-genai', 'ai-use', 'bots', 'ai-output'];

const NAME: Record<string, string> = { 'content-signal': 'Content-Signal', 'content-usage': 'Content-Usage' };
const SOURCE: Record<string, string> = {
  'content-signal': "Cloudflare's Content Signals Policy",
  'content-usage': 'the AIPREF draft',
};

/** Rules that disallow every path: Disallow: /, /*, *. */
const blocksRoot = (r: RobotsLine) => r.kind === 'disallow' && /^(\/\**|\*+)$/.test(r.value ?? '');
const ruleText = (r: RobotsLine) => `\`${r.kind === 'allow' ? 'Allow' : 'Disallow'}: ${r.value ?? ''}\``;
const plain = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Where `part` starts in the line's text, after its key (1-based), for columns. */
function placeOf(l: RobotsLine, part: string): { column?: number; endColumn?: number } {
  const from = l.text.indexOf(l.key ?? '') + (l.key ?? '').length;
  const at = part ? l.text.indexOf(part, from) : -1;
  return at < 0 ? {} : { column: at + 1, endColumn: at + 1 + part.length };
}

export function checkUsage(f: Findings): void {
  const m = f.model;
  const joined = new Set<number>();
  // Content-Usage and Content-Signal lines between User-agent lines of one group.
  for (const group of m.groups) if (group) joinsGroups(f, group, joined);
  let current: Group | undefined;
  for (const l of m.lines) {
    if (
      (l.kind === 'user-agent' || l.kind === 'allow' || l.kind === 'disallow') &&
      l.group !== undefined &&
      l.group >= 0
    ) {
      current = m.groups[l.group];
      continue;
    }
    if (l.kind !== 'other') continue;
    const name = (l.key ?? '').toLowerCase();
    if (name === 'license') {
      license(f, l);
      continue;
    }
    if (name !== 'content-signal' && name !== 'content-usage') continue;
    if (!current) {
      const column = l.text.indexOf(l.key ?? '') + 1;
      f.add(
        'usage-outside-group',
        l.line,
        { key: NAME[name]!, source: SOURCE[name]! },
        { column, endColumn: column + (l.key ?? '').length },
      );
    } else if (!joined.has(current.index)) {
      neverApplies(f, l, current, NAME[name]!);
    }
    if (name === 'content-signal') signal(f, l);
    else contentUsage(f, l);
  }
  signalsAcrossGroups(f);
}

// ---- Content-Signal lines read together ----

/**
 * Which Content-Signal lines each crawler reads: those of every group it
 * follows (all `*` groups for `*`, all groups naming a token for it), as
 * usage() reads them. signal-conflict: two of them disagree on a key.
 * signal-not-inherited: a group of its own, with no signal, keeps a crawler
 * that may fetch something from the `*` groups' signal.
 */
function signalsAcrossGroups(f: Findings): void {
  const m = f.model;
  const signals = new Map<number, RobotsLine[]>(); // group -> its Content-Signal lines
  for (const group of m.groups) {
    if (!group) continue;
    const lines = group.others.filter((o) => (o.key ?? '').toLowerCase() === 'content-signal');
    if (lines.length) signals.set(group.index, lines);
  }
  if (signals.size === 0) return;
  // Each line parsed once; each set of groups a crawler follows read once
  // (a file may have thousands of `*` groups, each with a signal line).
  const values = new Map<RobotsLine, Record<string, SignalValue>>();
  const valuesOf = (l: RobotsLine) => {
    let v = values.get(l);
    if (!v) values.set(l, (v = parseContentSignal(l.value ?? '').values));
    return v;
  };
  /** What a crawler reads: its signal lines, the first giving each key, and the first saying no to each. */
  interface Reading {
    lines: RobotsLine[];
    first: Map<string, RobotsLine>;
    no: Map<string, RobotsLine>;
  }
  const readings = new Map<string, Reading>(); // by the groups followed
  const byToken = new Map<string, Reading>();
  const readingOf = (token: string): Reading => {
    const known = byToken.get(token);
    if (known) return known;
    const groups = token === '*' ? m.star : m.groupsFor(token);
    const id = groups.join();
    let reading = readings.get(id);
    if (!reading) {
      const lines = groups.flatMap((g) => signals.get(g) ?? []).sort((a, b) => a.line - b.line);
      // The first line giving each key, and each later line that gives it another value.
      const first = new Map<string, RobotsLine>();
      const no = new Map<string, RobotsLine>();
      for (const l of lines) {
        for (const [key, value] of Object.entries(valuesOf(l))) {
          if (value === 'no' && !no.has(key)) no.set(key, l);
          const before = first.get(key);
          if (!before) first.set(key, l);
          else if (valuesOf(before)[key] !== value) conflict(l, before, key, token);
        }
      }
      readings.set(id, (reading = { lines, first, no }));
    }
    byToken.set(token, reading);
    return reading;
  };
  const who = (token: string) => (token === '*' ? 'every crawler without a group of its own' : m.displayName(token));

  // Conflicts: a line against the first line that gave the key another value, once per pair and key.
  const conflicts = new Map<string, { here: RobotsLine; other: RobotsLine; key: string; reader: string }>();
  function conflict(here: RobotsLine, other: RobotsLine, key: string, token: string): void {
    const id = `${here.line}:${other.line}:${key}`;
    if (!conflicts.has(id)) conflicts.set(id, { here, other, key, reader: who(token) });
  }
  const tokens = new Set<string>();
  for (const group of m.groups) for (const t of group?.tokens ?? []) if (t !== '') tokens.add(t);
  for (const token of tokens) readingOf(token);
  for (const { here, other, key, reader } of conflicts.values()) {
    const mine = valuesOf(here)[key]!;
    const theirs = valuesOf(other)[key]!;
    f.add('signal-conflict', here.line, {
      line: here.line,
      here: `${key}=${mine}`,
      other: other.line,
      there: `${key}=${theirs}`,
      who: reader,
      read: 'reads',
      strictest: `${key}=${stricter(mine, theirs)}`,
    });
  }

  // A Content-Usage yes whose crawlers read a Content-Signal no for the same use.
  for (const group of m.groups) {
    if (!group) continue;
    const tokens = group.tokens.filter((t) => t !== '');
    for (const u of group.others) {
      if ((u.key ?? '').toLowerCase() !== 'content-usage') continue;
      const prefs = parsePreferences(preferenceText(u.value ?? '')).preferences;
      for (const [label, key, use] of [
        ['train-ai', 'ai-train', 'AI training'],
        ['search', 'search', 'search'],
      ] as const) {
        if (prefs[label] !== 'y') continue;
        let no: RobotsLine | undefined;
        const readers: string[] = [];
        for (const t of tokens) {
          // The most restrictive reading is no when any line it reads says no.
          const line = readingOf(t).no.get(key);
          if (!line) continue;
          no ??= line;
          readers.push(who(t));
        }
        if (!no) continue;
        const path = /^\/[^ \t]*/.exec(u.value ?? '')?.[0];
        f.add('usage-overruled-by-signal', u.line, {
          label,
          use,
          key,
          line: no.line,
          path: path ? ` under ${path}` : '',
          who: listOf(readers, 3, 'more crawlers'),
        });
      }
    }
  }

  // Crawlers whose own groups carry no signal while the `*` groups do.
  const star = readingOf('*').lines;
  if (star.length === 0) return;
  // The registry's crawlers only (a bad-bot list names hundreds that read no
  // signal anyway), each once, on the first group naming it; asked by its
  // token, which is what groups name (`MJ12bot` names `MJ`). Not crawlers
  // that never follow `*` (AdsBot-Google): no `*` line reaches them anyway.
  const told = new Set<string>();
  for (const group of m.groups) {
    if (!group || group.tokens.includes('*')) continue;
    const left = group.tokens.filter(
      (t) =>
        t !== '' &&
        !told.has(t) &&
        ALL_TOKENS.has(t) &&
        !IGNORES_STAR.has(t) &&
        readingOf(t).lines.length === 0 &&
        m.robots.check('/', t).allowed,
    );
    for (const t of left) told.add(t);
    if (left.length === 0) continue;
    const names = left.map((t) => m.displayName(t));
    const first = star[0]!;
    f.add('signal-not-inherited', group.agents[0]!.line, {
      who: listOf(names, 3, 'more crawlers'),
      follow: names.length === 1 ? 'follows' : 'follow',
      line: first.line,
      value: first.value ?? '',
      them: names.length === 1 ? 'it' : 'them',
    });
  }
}

// ---- where a line stands ----

/**
 * usage-joins-groups: a usage line with User-agent lines of its group after
 * it. Google (and RFC 9309 crawlers) end a group only at an Allow or
 * Disallow line, so the User-agent lines before and after it are one group.
 */
function joinsGroups(f: Findings, group: Group, joined: Set<number>): void {
  const usage = group.others.filter((o) => NAME[(o.key ?? '').toLowerCase()] !== undefined);
  if (usage.length === 0 || group.agents.length < 2) return;
  const reported = new Set<number>();
  // For each User-agent line that follows a usage line, the last usage line before it.
  for (const after of group.agents) {
    const before = group.agents.filter((a) => a.line < after.line);
    const between = usage.filter((u) => u.line < after.line && !before.some((a) => a.line > u.line));
    const at = between[between.length - 1];
    if (!at || reported.has(at.line) || before.length === 0) continue;
    const earlier = names(before);
    const later = names(group.agents.filter((a) => a.line > at.line));
    // Nothing joins when the crawlers after are already named before (`User-agent: *` twice).
    if (!earlier.length || !later.length || later.every((n) => earlier.includes(n))) continue;
    reported.add(at.line);
    joined.add(group.index);
    const rules = group.rules;
    const one = earlier.length === 1;
    const effect = rules.length
      ? `${listOf(earlier, 3, 'more')} also ${one ? 'follows' : 'follow'} ${listOf(
          rules.map((r) => `${ruleText(r)} (line ${r.line})`),
          3,
          'more rules',
        )}, and this line applies to ${listOf(later, 3, 'more')} too`
      : `this line applies to ${listOf(later, 3, 'more')} too`;
    f.add('usage-joins-groups', at.line, {
      key: NAME[(at.key ?? '').toLowerCase()]!,
      before: listOf(earlier, 3, 'more'),
      beforeLine: before[0]!.line,
      after: listOf(later, 3, 'more'),
      afterLine: group.agents.find((a) => a.line > at.line)!.line,
      effect,
    });
  }
}

/** The crawlers User-agent lines name, as written (`*` in backticks). */
function names(agents: RobotsLine[]): string[] {
  const out: string[] = [];
  for (const a of agents) {
    const name = a.agent === '*' ? '`*`' : (a.agent ?? '');
    if (name && !out.includes(name)) out.push(name);
  }
  return out;
}

/**
 * usage-never-applies: every crawler that follows the line's group may fetch
 * no URL (a rule that disallows every path and no Allow), so no preference
 * of the line ever applies (AIPREF attach: preferences apply only to what
 * may be crawled).
 */
/** Per file and token: the rules that disallow it every path, or null when it may fetch something. */
const blockedCache = new WeakMap<object, Map<string, RobotsLine[] | null>>();

function blockedBy(f: Findings, token: string): RobotsLine[] | null {
  const m = f.model;
  let cache = blockedCache.get(m);
  if (!cache) blockedCache.set(m, (cache = new Map()));
  let found = cache.get(token);
  if (found !== undefined) return found;
  const groups = token === '*' ? m.star : m.groupsFor(token);
  const rules = groups.flatMap((g) => m.groups[g]!.rules);
  const root = rules.filter(blocksRoot);
  // The core decides: `/` is disallowed for the crawler (and with no Allow, so is every path).
  found =
    root.length === 0 || rules.some((r) => r.kind === 'allow' && r.value !== '') || m.robots.check('/', token).allowed
      ? null
      : root; // the token, which is what groups name (`MJ12bot` names `MJ`)
  cache.set(token, found);
  return found;
}

function neverApplies(f: Findings, l: RobotsLine, group: Group, key: string): void {
  const m = f.model;
  const tokens = group.tokens.filter((t) => t !== '');
  if (tokens.length === 0) return;
  const blocking: RobotsLine[] = [];
  for (const token of tokens) {
    const root = blockedBy(f, token);
    if (root === null) return;
    blocking.push(...root);
  }
  const rule = blocking.sort((a, b) => a.line - b.line)[0]!;
  const named = tokens.filter((t) => t !== '*').map((t) => m.displayName(t));
  const who = [...named, ...(tokens.includes('*') ? ['every crawler without a group of its own'] : [])];
  f.add('usage-never-applies', l.line, {
    who: capital(listOf(who, 3, 'more crawlers')),
    rule: `${ruleText(rule)} on line ${rule.line}`,
    key,
    them: who.length === 1 && named.length === 1 ? 'it' : 'them',
  });
}

// ---- Content-Signal ----

interface SignalPart {
  /** The entry as written, trimmed. */
  entry: string;
  /** The entry as it should be written, when that is plain; undefined when it is fine or there is no plain repair. */
  repair?: string;
}

/** What Content-Signal readers make of a value written for a yes/no key: yes, no, or nothing plain. */
function plainYesNo(raw: string): 'yes' | 'no' | undefined {
  const v = raw
    .replace(/^(["'])(.*)\1$/, '$2')
    .replace(/[;.]$/, '')
    .trim()
    .toLowerCase();
  if (v === 'yes' || v === 'y' || v === 'true') return 'yes';
  if (v === 'no' || v === 'n' || v === 'false') return 'no';
  return undefined;
}

/** A key written for one of Content-Signal's: `ai_train`, `AI Train`, `train-ai` (the AIPREF name). */
function plainKey(key: string): string | undefined {
  const p = plain(key);
  if (p === 'trainai') return 'ai-train';
  return SIGNAL_KEYS.find((k) => plain(k) === p);
}

function signal(f: Findings, l: RobotsLine): void {
  const value = l.value ?? '';
  const parts: SignalPart[] = [];
  const found: {
    code: 'signal-syntax' | 'signal-unknown-key' | 'signal-invalid-value';
    params: Record<string, string>;
    part: SignalPart;
    what: string;
  }[] = [];
  for (const raw of value.split(',')) {
    const entry = raw.trim();
    const part: SignalPart = { entry };
    parts.push(part);
    if (!entry) continue;
    if (entry.includes(';')) {
      // `search=yes; ai-train=no`: entries separated by semicolons.
      const pieces = entry
        .split(';')
        .map((p) => p.trim())
        .filter((p) => p !== '');
      const repair = pieces.join(', ');
      const fine = pieces.every((p) => parseContentSignal(p).problems.length === 0);
      if (fine) part.repair = repair;
      found.push({
        code: 'signal-syntax',
        params: {
          entry,
          why: ' (Content-Signal separates its entries with commas, not semicolons)',
          suggestion: fine ? ` Write \`${repair}\`.` : '',
        },
        part,
        what: 'Separates the entries with commas',
      });
      continue;
    }
    const parsed = parseContentSignal(entry);
    const problem = parsed.problems[0];
    const eq = entry.indexOf('=');
    if (problem?.kind === 'syntax') {
      const meant = eq < 0 ? plainKey(entry) : undefined;
      const spaced = eq > 0 ? plainKey(entry.slice(0, eq)) : undefined;
      const rawValue = eq > 0 ? entry.slice(eq + 1).trim() : '';
      let suggestion = '';
      if (meant)
        suggestion =
          meant === 'use'
            ? ' Write `use=immediate`, `use=reference` or `use=full`.'
            : ` Write \`${meant}=yes\` or \`${meant}=no\`.`;
      else if (
        spaced &&
        (spaced === 'use' ? USE_LEVELS.includes(rawValue.toLowerCase()) : plainYesNo(rawValue) !== undefined)
      ) {
        part.repair = `${spaced}=${spaced === 'use' ? rawValue.toLowerCase() : plainYesNo(rawValue)!}`;
        suggestion = ` Write \`${part.repair}\`.`;
      }
      const why = eq < 0 ? ' (it has no `=` and no value)' : eq === 0 ? ' (it has no key)' : ' (a key has no spaces)';
      found.push({
        code: 'signal-syntax',
        params: { entry, why, suggestion },
        part,
        what: `Writes \`${part.repair ?? ''}\``,
      });
      continue;
    }
    const key = parsed.keys[0]!;
    const rawValue = entry.slice(eq + 1).trim();
    if (!SIGNAL_KEYS.includes(key)) {
      const meant = plainKey(key);
      const near = meant ?? closest(key, SIGNAL_KEYS);
      if (meant) {
        const v =
          meant === 'use'
            ? USE_LEVELS.includes(rawValue.toLowerCase())
              ? rawValue.toLowerCase()
              : undefined
            : plainYesNo(rawValue);
        if (v) part.repair = `${meant}=${v}`;
      }
      found.push({
        code: 'signal-unknown-key',
        params: { key: entry.slice(0, eq).trim(), entry, suggestion: near ? ` Did you mean \`${near}\`?` : '' },
        part,
        what: `Writes the key as \`${meant ?? ''}\``,
      });
      continue;
    }
    if (problem?.kind === 'value') {
      const isUse = key === 'use';
      const v = isUse ? undefined : plainYesNo(rawValue);
      const near = isUse ? closest(rawValue.toLowerCase(), USE_LEVELS) : undefined;
      if (v) part.repair = `${entry.slice(0, eq).trim()}=${v}`;
      const suggestion = v ? ` Write \`${part.repair}\`.` : near ? ` Did you mean \`use=${near}\`?` : '';
      found.push({
        code: 'signal-invalid-value',
        params: { key, entry, expected: isUse ? '`immediate`, `reference` or `full`' : '`yes` or `no`', suggestion },
        part,
        what: `Writes \`${part.repair ?? ''}\``,
      });
    }
  }
  const repaired = repairSignal(value, parts);
  for (const { code, params, part, what } of found) {
    const d = f.add(code, l.line, params, placeOf(l, part.entry));
    if (repaired !== undefined && part.repair !== undefined) {
      // Unsafe: readers that ignored the entry will read it (`ai_train=yes` becomes a grant).
      f.unsafe(
        d,
        [rewriteValue(l, repaired)],
        what,
        `Crawlers that read Content-Signal will then read ${describeSignal(parseContentSignal(part.repair).values)}; no crawler's access to any URL changes`,
      );
    }
  }
  duplicates(f, l, value);
}

/**
 * The value with every plain repair made, when the result only adds to what
 * readers of Content-Signal read (no key they read changes its value, and no
 * new problem appears); undefined otherwise.
 */
function repairSignal(value: string, parts: SignalPart[]): string | undefined {
  if (!parts.some((p) => p.repair !== undefined)) return undefined;
  const raws = value.split(',');
  const out = raws
    .map((raw, i) => {
      const part = parts[i]!;
      if (part.repair === undefined) return raw;
      const lead = /^\s*/.exec(raw)![0];
      const trail = /\s*$/.exec(raw)![0];
      return lead + part.repair + trail;
    })
    .join(',');
  const before = parseContentSignal(value);
  const after = parseContentSignal(out);
  if (after.problems.length > before.problems.length) return undefined;
  let gained = false;
  for (const key of SIGNAL_KEYS) {
    if (before.values[key] !== undefined && after.values[key] !== before.values[key]) return undefined;
    if (before.values[key] === undefined && after.values[key] !== undefined) gained = true;
  }
  return gained ? out : undefined;
}

const describeSignal = (values: Record<string, SignalValue>) =>
  Object.entries(values)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ') || 'nothing';

/** signal-duplicate-key: a key given more than once in the line, with different values. */
function duplicates(f: Findings, l: RobotsLine, value: string): void {
  const seen = new Map<string, string[]>();
  for (const raw of value.split(',')) {
    const p = parseContentSignal(raw.trim());
    if (p.problems.length || !p.keys.length) continue;
    const key = p.keys[0]!;
    const list = seen.get(key) ?? [];
    list.push(p.values[key]!);
    seen.set(key, list);
  }
  const all = parseContentSignal(value).values;
  for (const [key, values] of seen) {
    if (values.length < 2 || values.every((v) => v === values[0])) continue;
    const strict = all[key]!;
    const first = values[0]!;
    const last = values[values.length - 1]!;
    const others =
      first === last
        ? `crawlers that keep the first or the last value read \`${first}\`${first === strict ? ' too' : ''}`
        : `crawlers that keep the first value read \`${first}\`, those that keep the last read \`${last}\``;
    f.add(
      'signal-duplicate-key',
      l.line,
      {
        key,
        count: values.length === 2 ? 'twice' : `${values.length} times`,
        values: listOf(
          values.map((v) => `\`${key}=${v}\``),
          4,
          'more',
        ),
        readers: `robotsmatch reads the most restrictive, \`${strict}\`; ${others}`,
      },
      placeOf(l, key),
    );
  }
}

// ---- Content-Usage ----

/** The members of a Dictionary as written: split at commas outside quoted strings and inner lists. */
function members(text: string): string[] {
  const out: string[] = [];
  let from = 0;
  let quoted = false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) {
      out.push(text.slice(from, i));
      from = i + 1;
    }
  }
  out.push(text.slice(from));
  return out;
}

/** What readers make of a value written for an AIPREF label: y, n, or nothing plain. */
function plainToken(raw: string): 'y' | 'n' | undefined {
  const v = raw
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .toLowerCase();
  if (v === 'y' || v === 'yes') return 'y';
  if (v === 'n' || v === 'no') return 'n';
  return undefined;
}

/** A label written for one of the current draft's: `train_ai`, `ai-train` (Content-Signal's name). */
function plainLabel(label: string): string | undefined {
  const p = plain(label);
  if (p === 'aitrain') return 'train-ai';
  return LABELS.find((k) => plain(k) === p);
}

/**
 * The preference expression rewritten as readers parse it, when the intent
 * is plain: labels in lower case, `yes`/`no`/`Y`/`"n"` as the tokens `y` and
 * `n`, no spaces around `=`, no empty member (a trailing comma), a label
 * written for a current one (`ai-train`, `train_ai`) as that one. Undefined
 * unless the result parses and only adds to what readers read: no label
 * they read as y or n changes, and none is given twice.
 */
function repairPreferences(text: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  if (/[^\x20-\x7e\t]/.test(text) || /[()]/.test(text)) return undefined;
  const out: string[] = [];
  const labels = new Set<string>();
  const renamed = new Set<string>();
  const before = parsePreferences(text);
  const written = new Set(before.entries.map((e) => e.label));
  for (const member of members(text)) {
    if (member.trim() === '') continue; // a trailing or doubled comma
    const lead = /^\s*/.exec(member)![0];
    const semicolon = member.indexOf(';');
    const head = (semicolon < 0 ? member : member.slice(0, semicolon)).trim();
    const params = semicolon < 0 ? '' : member.slice(semicolon).trimEnd();
    const m = /^([A-Za-z*][A-Za-z0-9_\-.*]*)\s*(?:=\s*(.*))?$/.exec(head);
    if (!m) return undefined;
    let label = m[1]!.toLowerCase();
    const meant = plainLabel(label);
    if (meant && meant !== label && !written.has(meant)) {
      renamed.add(label);
      label = meant;
    }
    if (labels.has(label)) return undefined;
    labels.add(label);
    let item = label;
    if (m[2] !== undefined) {
      const token = plainToken(m[2]);
      if (token) item += `=${token}`;
      else if (/^[A-Za-z*][!#$%&'*+\-.^_`|~0-9A-Za-z:/]*$|^"[^"\\]*"$|^\?[01]$|^-?\d+(\.\d+)?$/.test(m[2].trim()))
        item += `=${m[2].trim()}`;
      else return undefined;
    }
    out.push(lead + item + params);
  }
  const repaired = out.join(',').replace(/^\s+/, '');
  if (repaired === text) return undefined;
  const after = parsePreferences(repaired);
  if (after.error) return undefined;
  let gained = false;
  for (const [label, p] of Object.entries(after.preferences)) {
    const was = before.preferences[label];
    if ((was === 'y' || was === 'n') && was !== p) return undefined;
    if ((p === 'y' || p === 'n') && was !== p) gained = true;
  }
  for (const [label, was] of Object.entries(before.preferences)) {
    if ((was === 'y' || was === 'n') && after.preferences[label] !== was && !renamed.has(label)) return undefined;
  }
  return gained ? repaired : undefined;
}

const describePreferences = (text: string) => {
  const read = Object.entries(parsePreferences(text).preferences)
    .filter(([, p]) => p !== 'unknown')
    .map(([k, p]) => `${k}=${p}`);
  return read.length ? read.join(', ') : 'no preference';
};

function contentUsage(f: Findings, l: RobotsLine): void {
  const value = l.value ?? '';
  const prefs = preferenceText(value);
  if (prefs.trim() === '') return;
  const parsed = parsePreferences(prefs);
  const repaired = repairPreferences(prefs);
  const fix = repaired === undefined ? undefined : { value: value.slice(0, value.length - prefs.length) + repaired };
  const fixMessage = repaired === undefined ? '' : `Writes the preferences as \`${repaired}\``;
  if (parsed.error !== undefined) {
    // A path written without its leading `/` (`blog/ train-ai=n`) is read as part of the preferences.
    const word = /^[^ \t]+/.exec(prefs)?.[0] ?? '';
    const pathLike = !value.startsWith('/') && word !== prefs && /[/*.$]/.test(word) && !word.includes('=');
    const d = f.add(
      'usage-unparsed',
      l.line,
      {
        prefs,
        error: pathLike
          ? `a path must start with \`/\`, so \`${word}\` is read as part of the preferences`
          : parsed.error.replace(/ \((write "[^"]*")\)$/, '; $1'),
        suggestion: pathLike
          ? ` Write \`/${word.replace(/^\/*/, '')}${prefs.slice(word.length)}\`.`
          : repaired !== undefined
            ? ` Write \`${repaired}\`.`
            : '',
      },
      placeOf(l, prefs),
    );
    if (fix && !pathLike) usageFix(f, d, l, fix, fixMessage);
    return;
  }
  for (const entry of parsed.entries) {
    const written = entryText(prefs, entry);
    if (!LABELS.includes(entry.label)) {
      unknownLabel(f, l, entry, written, parsed.entries, fix, fixMessage);
      continue;
    }
    if (entry.kind === 'y' || entry.kind === 'n') continue;
    const token = entry.kind === 'token' || entry.kind === 'string' ? plainToken(entry.value) : undefined;
    const why =
      entry.kind === 'boolean'
        ? 'a label without `=y` or `=n` has no value'
        : entry.kind === 'string'
          ? `a quoted value is a string, not the token ${token ? `\`${token}\`` : '`y` or `n`'}`
          : entry.kind === 'token'
            ? `the values are the tokens \`y\` and \`n\`${/^[yn]$/i.test(entry.value) ? ', in lower case' : ''}, and \`${entry.value}\` is neither`
            : `the values are the tokens \`y\` and \`n\`, and \`${entry.value || '(...)'}\` is neither`;
    const d = f.add(
      'usage-no-preference',
      l.line,
      {
        entry: written,
        why,
        label: entry.label,
        suggestion: token
          ? ` Write \`${entry.label}=${token}\`.`
          : entry.kind === 'boolean'
            ? ` Write \`${entry.label}=y\` or \`${entry.label}=n\`.`
            : '',
      },
      placeOf(l, written),
    );
    if (fix && token) usageFix(f, d, l, fix, fixMessage);
  }
  duplicateLabels(f, l, prefs);
}

/** A repair of Content-Usage preferences: unsafe, since readers then read preferences they ignored before. */
function usageFix(f: Findings, d: Diagnostic, l: RobotsLine, fix: { value: string }, what: string): void {
  f.unsafe(
    d,
    [rewriteValue(l, fix.value)],
    what,
    `Crawlers that read AI preferences will then read ${describePreferences(preferenceText(fix.value))}; no crawler's access to any URL changes`,
  );
}

/** The member of the expression that gave an entry, as written (its last occurrence: the one that counts). */
function entryText(prefs: string, entry: PreferenceEntry): string {
  const all = members(prefs).map((x) => x.trim());
  for (let i = all.length - 1; i >= 0; i--) if (all[i]!.split(/[=;]/)[0]!.trim() === entry.label) return all[i]!;
  return entry.label;
}

function unknownLabel(
  f: Findings,
  l: RobotsLine,
  entry: PreferenceEntry,
  written: string,
  entries: PreferenceEntry[],
  fix: { value: string } | undefined,
  fixMessage: string,
): void {
  const label = entry.label;
  const outdated = OUTDATED.includes(label);
  const meant = plainLabel(label);
  const has = (x: string) => entries.some((e) => e.label === x);
  const token = entry.kind === 'y' || entry.kind === 'n' ? entry.kind : undefined;
  let suggestion = '';
  if (meant && !has(meant)) suggestion = ` Did you mean \`${meant}\`${token ? ` (\`${meant}=${token}\`)` : ''}?`;
  else if (label === 'train-genai' && !has('train-ai'))
    suggestion = ` The current draft states preferences about AI training with \`train-ai\`: write \`train-ai${token ? `=${token}` : ''}\` if that is what you mean.`;
  else if ((label === 'ai-use' || label === 'ai-output' || label === 'bots') && !has('train-ai'))
    suggestion = ` The current draft has no label for it; to state a preference about AI training, write \`train-ai${token ? `=${token}` : ''}\`.`;
  else if (!outdated && !meant) {
    const near = closest(label, LABELS);
    if (near && !has(near)) suggestion = ` Did you mean \`${near}\`?`;
  }
  const d = f.add(
    'usage-unknown-label',
    l.line,
    {
      label,
      status: outdated
        ? 'a label from an earlier AIPREF draft, which the current one (vocab-07) no longer defines'
        : 'not an AIPREF label (the current draft defines `train-ai` and `search`)',
      entry: written,
      suggestion,
    },
    placeOf(l, written),
  );
  if (fix && meant && !has(meant)) usageFix(f, d, l, fix, fixMessage);
}

/** usage-duplicate-label: a label given more than once, with different values (RFC 9651: the last one counts). */
function duplicateLabels(f: Findings, l: RobotsLine, prefs: string): void {
  const seen = new Map<string, string[]>();
  for (const member of members(prefs)) {
    const entry = parsePreferences(member.trim()).entries[0];
    if (!entry) continue;
    const list = seen.get(entry.label) ?? [];
    list.push(member.trim().split(';')[0]!.trim());
    seen.set(entry.label, list);
  }
  for (const [label, written] of seen) {
    if (written.length < 2 || written.every((w) => w === written[0])) continue;
    const p = parsePreferences(prefs).preferences[label];
    f.add(
      'usage-duplicate-label',
      l.line,
      {
        label,
        count: written.length === 2 ? 'twice' : `${written.length} times`,
        values: listOf(
          written.map((w) => `\`${w}\``),
          4,
          'more',
        ),
        result: p === 'y' || p === 'n' ? `\`${label}=${p}\`` : `no preference for \`${label}\``,
      },
      placeOf(l, label),
    );
  }
}

// ---- License ----

/** license-not-url: RSL's License takes the license's full URL. */
function license(f: Findings, l: RobotsLine): void {
  const value = l.value ?? '';
  if (isAbsoluteHttpUrl(value)) return;
  const d = f.add(
    'license-not-url',
    l.line,
    { what: value === '' ? 'this line has none' : `\`${value}\` is not one` },
    placeOf(l, value),
  );
  const base = f.model.source?.url;
  let url: string | undefined;
  try {
    if (value.startsWith('//')) url = new URL(value, base ?? 'https://example.invalid/').href;
    else if (value.startsWith('/') && base) url = new URL(value, base).href;
  } catch {
    url = undefined;
  }
  if (url && isAbsoluteHttpUrl(url)) {
    const why =
      value.startsWith('//') && !base
        ? 'Writes the full URL (assuming https)'
        : `Writes the full URL, resolved against ${base}`;
    f.unsafe(
      d,
      [rewriteValue(l, url)],
      why,
      `Crawlers that honour RSL will then read the license at ${url}; no crawler's access to any URL changes`,
    );
  }
}
