/**
 * One CSV line (RFC 4180 quoting). A cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR) is
 * prefixed with an apostrophe: post titles come from feeds, and a CSV opened in Excel must not execute them.
 */
export function csvLine(cells: ReadonlyArray<string | number | boolean | null>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
