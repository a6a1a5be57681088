/**
 * A CSV cell: quoted when it would break the row, and a cell a spreadsheet would run as a formula (=, +, -, @, a tab or
 * a carriage return first) kept as text with a leading apostrophe.
 */
export function csvCell(value: string | number): string {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
