// How a summary words a number of things: "1 URL", "2 URLs", "1,000 files".

/** `n` in en-US digits and the word, plural unless `n` is 1 (`many` for words not made plural with -s). */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? word : many}`;
}
