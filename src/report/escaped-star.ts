// The `*` group's rules that a crawler with a group of its own escapes, for
// explain: read off the file's lines (the reading), not matched again.
import type { LineEvents } from './lines.js';

/**
 * The Disallow rules (non-empty) of the `*` groups other than `applying`:
 * what a crawler that does not follow `*` escapes. Two passes over the
 * reading, whatever the number of groups.
 */
export function escapedStarRules(
  reading: LineEvents,
  applying: readonly number[],
): { line: number; pattern: string }[] {
  const stars = starGroups(reading);
  for (const g of applying) stars.delete(g);
  const out: { line: number; pattern: string }[] = [];
  if (stars.size === 0) return out;
  for (let i = 0; i < reading.count; i++) {
    if (reading.kind(i) !== 'disallow' || !stars.has(reading.group(i))) continue;
    const pattern = reading.value(i);
    if (pattern !== '') out.push({ line: reading.line(i), pattern });
  }
  return out;
}

/**
 * The applying groups disallow every path (`Disallow: /` or `/*`) and allow
 * none: what the `*` group says does not matter to such a crawler.
 */
export function blocksEverything(reading: LineEvents, applying: readonly number[]): boolean {
  const groups = new Set(applying);
  let all = false;
  for (let i = 0; i < reading.count; i++) {
    if (!groups.has(reading.group(i))) continue;
    const kind = reading.kind(i);
    const pattern = reading.value(i);
    if (kind === 'allow' && pattern !== '') return false;
    if (kind === 'disallow' && (pattern === '/' || pattern === '/*')) all = true;
  }
  return all;
}

/** The groups with a `*` user-agent line, in one pass. */
export function starGroups(reading: LineEvents): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < reading.count; i++)
    if (reading.kind(i) === 'user-agent' && reading.agent(i) === '*') out.add(reading.group(i));
  return out;
}
