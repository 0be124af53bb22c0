// The bounds of a policy and its proof, in one place (docs/generate.md,
// "Limits"), and how a value the policy gives is shown in a message: a
// number as the number it is (`1e309` is Infinity, not "null"), anything
// else cut short, never a stack overflow or a megabyte of JSON.

/** Patterns and paths a policy names, with --urls, together: the proof reads each of them (besides `/`). */
export const MAX_PATHS = 1_000;
/** How deep a policy may nest (its own shape needs five levels: `crawlers.GPTBot.allow[0]`). */
export const MAX_DEPTH = 16;
/** The longest pattern, URL or value one line of the file may hold. */
export const MAX_PATTERN = 2_000;
/** The most crawlers a policy names. */
export const MAX_CRAWLERS = 1_000;

/** How deep `value` nests (1 for a scalar), counted without recursion and at most `limit + 1`. */
export function depthOf(value: unknown, limit = MAX_DEPTH): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    if (typeof v === 'object' && v !== null) for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** A value for a message: numbers as they are (Infinity, NaN said so), strings and JSON cut at 80 characters. */
export function shown(value: unknown): string {
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'NaN';
    if (!Number.isFinite(value)) return `${value > 0 ? '' : '-'}Infinity (a number too large for any double)`;
    return String(value);
  }
  if (value === undefined) return 'nothing';
  let text: string;
  try {
    text = depthOf(value) > MAX_DEPTH ? '(nested too deep to show)' : (JSON.stringify(value) ?? typeof value);
  } catch {
    text = typeof value;
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
