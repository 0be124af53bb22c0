// How the linter's messages word a list: "a, b and c", or "a, b, c and 2 more".

/** "a", "a and b", "a, b and 3 more". */
export function listOf(items: readonly string[], max = 3, more = 'more'): string {
  if (items.length <= max)
    return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
  const left = items.length - max;
  return `${items.slice(0, max).join(', ')} and ${left} ${left === 1 ? more.replace(/s$/, '') : more}`;
}
