const MAX_CELL = 60;

/** A plain-text table for the terminal: columns padded to their widest cell, cells cut at 60 characters. */
export function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => Math.min(MAX_CELL, (r[i] ?? '').length))));
  const format = (cells: string[]) =>
    cells
      .map((c, i) => (c.length > MAX_CELL ? `${c.slice(0, MAX_CELL - 1)}…` : c).padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [format(header), format(widths.map((w) => '-'.repeat(w))), ...rows.map(format)].join('\n');
}
