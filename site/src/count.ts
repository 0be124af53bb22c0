// Numbers and counted nouns as the page writes them: "100,000 URLs", "1 crawler".

/** A whole number with thousands separators, the same in every locale (tests read it). */
export function formatNumber(n: number): string {
  return n.toLocaleString('en-US');
}

/** "1 URL", "2 URLs", "100,000 URLs". */
export function counted(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(n)} ${n === 1 ? singular : plural}`;
}

/** A duration in milliseconds: one decimal below 10 ms, whole above. */
export function formatMs(ms: number): string {
  return ms < 10 ? ms.toFixed(1) : formatNumber(Math.round(ms));
}
