// Did-you-mean for lint (keys, Content-Signal keys, AIPREF labels, crawler names)
// and for mistyped commands and options: the known word within a typo's reach.

/** Optimal string alignment distance (Levenshtein with transpositions); 3 for lengths more than 2 apart. */
export function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The closest of `known` to `word` when it is a likely typo of it: one edit
 * away for words of up to 5 letters, two for longer ones; the first of
 * equally close ones.
 */
export function closest(word: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const k of known) {
    const dist = distance(word, k);
    if (dist <= (k.length <= 5 ? 1 : 2) && dist < bestDistance) {
      best = k;
      bestDistance = dist;
    }
  }
  return best;
}
