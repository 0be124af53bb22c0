// Content-Signal (Cloudflare's Content Signals Policy, contentsignals.org):
// `Content-Signal: search=yes, ai-input=no, ai-train=no, use=reference`.
// Keys and values are read case-insensitively; spaces around commas and
// `=` are optional. A key that is missing states no preference.

export type SignalValue = 'yes' | 'no' | UseLevel;
/** Cloudflare's `use=`: how much of the content AI systems may keep, least first. */
export type UseLevel = 'immediate' | 'reference' | 'full';

/** The policy's keys. */
export const SIGNAL_KEYS: readonly string[] = ['search', 'ai-input', 'ai-train', 'use'];
/** `use` levels, least first. */
export const USE_LEVELS: readonly string[] = ['immediate', 'reference', 'full'];

/** An entry that states nothing usable, for the linter. */
export interface SignalProblem {
  key: string;
  value: string;
  /** `value`: not yes/no (nor a `use` level); `syntax`: not `key=value`. */
  kind: 'value' | 'syntax';
}

export interface ParsedSignal {
  /** Lower-cased keys to their values (a key repeated in the line: its most restrictive value). */
  values: Record<string, SignalValue>;
  /** Keys in the order written, with repeats (the linter reports duplicates). */
  keys: string[];
  problems: SignalProblem[];
}

/** Parses one Content-Signal value. Never throws. */
export function parseContentSignal(text: string): ParsedSignal {
  const values = Object.create(null) as Record<string, SignalValue>;
  const keys: string[] = [];
  const problems: SignalProblem[] = [];
  for (const part of text.split(',')) {
    const entry = part.trim();
    if (!entry) continue;
    const eq = entry.indexOf('=');
    if (eq < 0) {
      problems.push({ key: entry.toLowerCase(), value: '', kind: 'syntax' });
      continue;
    }
    const key = entry.slice(0, eq).trim().toLowerCase();
    const raw = entry.slice(eq + 1).trim();
    const value = raw.toLowerCase();
    if (!key || /[\s=]/.test(key)) {
      problems.push({ key, value: raw, kind: 'syntax' });
      continue;
    }
    keys.push(key);
    const valid = key === 'use' ? USE_LEVELS.includes(value) : value === 'yes' || value === 'no';
    if (!valid) {
      problems.push({ key, value: raw, kind: 'value' });
      continue;
    }
    values[key] = key in values ? stricter(values[key]!, value as SignalValue) : (value as SignalValue);
  }
  return { values, keys, problems };
}

/** Of two values for one key, the more restrictive: `no` over `yes`, the lesser `use` level. */
export function stricter(a: SignalValue, b: SignalValue): SignalValue {
  if (a === 'no' || b === 'no') return 'no';
  if (a === 'yes' || b === 'yes') return 'yes';
  return USE_LEVELS.indexOf(a) <= USE_LEVELS.indexOf(b) ? a : b;
}
