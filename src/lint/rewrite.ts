// Rewriting one line for a fix: its key, its value, or both, keeping its
// indentation, the other part and any comment.

import type { RobotsLine } from './model.js';

/**
 * The line with its key and/or value replaced; indentation, the other part
 * and any comment kept. A new key (or the same key, to add a missing colon)
 * is followed by `: `.
 */
export function rewriteLine(line: RobotsLine, key?: string, value?: string): string {
  const text = line.text;
  const k = text.indexOf(line.key!);
  const afterKey = k + line.key!.length;
  let v = line.value ? text.indexOf(line.value, afterKey) : -1;
  let end: number;
  if (v < 0) {
    v = afterKey;
    while (v < text.length && /[\s:]/.test(text[v]!)) v++;
    end = v;
  } else end = v + line.value!.length;
  let sep = key !== undefined ? ': ' : text.slice(afterKey, v);
  const newValue = value ?? line.value ?? '';
  if (newValue !== '' && sep.endsWith(':')) sep += ' ';
  return text.slice(0, k) + (key ?? line.key!) + sep + newValue + text.slice(end);
}

/** The line with its key replaced by `key` and a `: ` after it. */
export const rewriteKey = (line: RobotsLine, key: string) => rewriteLine(line, key);

/** The line with its value replaced; key, separator and comment kept. */
export const rewriteValue = (line: RobotsLine, value: string) => rewriteLine(line, undefined, value);
