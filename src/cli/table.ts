// Aligned plain-text tables for the terminal: columns padded to their
// widest cell, two spaces apart, a header row.

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `${cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd()}\n`;
  return line(header) + rows.map(line).join('');
}
