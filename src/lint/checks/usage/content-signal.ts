// Content-Signal (Cloudflare's Content Signals Policy): keys and values its readers know.

import { parseContentSignal, SIGNAL_KEYS, USE_LEVELS, type SignalValue } from '../../../rules/content-signal.js';
import { listOf } from '../../wording.js';
import type { Findings } from '../../findings.js';
import type { RobotsLine } from '../../model.js';
import { rewriteValue } from '../../rewrite.js';
import { closest } from '../../../common/closest.js';
import { plain, placeOf } from './common.js';

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

export function signal(f: Findings, l: RobotsLine): void {
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
