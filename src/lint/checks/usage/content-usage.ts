// Content-Usage (the IETF AIPREF drafts): a Dictionary that parses, labels its readers know.

import { parsePreferences, type PreferenceEntry } from '../../../rules/preferences.js';
import { preferenceText } from '../../../rules/usage-table.js';
import { listOf } from '../../wording.js';
import type { Findings } from '../../findings.js';
import type { Diagnostic } from '../../types.js';
import type { RobotsLine } from '../../model.js';
import { rewriteValue } from '../../rewrite.js';
import { closest } from '../../../common/closest.js';
import { LABELS, OUTDATED, plain, placeOf } from './common.js';

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

export function contentUsage(f: Findings, l: RobotsLine): void {
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
