/**
 * Cells of the CSV files the product writes for download, safe to open in a spreadsheet (OWASP, "CSV
 * Injection"). A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return may be run as a
 * formula (`=HYPERLINK(…)` sends the reader's data away, DDE payloads start programs), so it gets a
 * single quote in front, which spreadsheets show as text and do not evaluate, and the cell is quoted.
 * Leading spaces before those characters count too: some spreadsheets trim them before reading.
 *
 * One exception, where OWASP says to prefix every such cell: a plain decimal number (`-5.00`, `+3`)
 * is written as it is. It holds no operator, function or reference, so it cannot run anything, and a
 * quote in front would turn a negative number into text that spreadsheets no longer add up.
 */

const FORMULA_START = /^[\t\r]|^ *[=+\-@]/;
const PLAIN_NUMBER = /^[+-]?\d+(?:\.\d+)?$/;

/** True when a spreadsheet could read the value as a formula (see the module's comment). */
export function mayRunAsFormula(value: string): boolean {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value);
}

/**
 * One CSV cell (RFC 4180, comma-separated): neutralised with a leading `'` when it could run as a
 * formula; quoted, with quotes doubled, when neutralised or when it holds a quote, comma or line break.
 */
export function csvCell(value: string): string {
  const neutralised = mayRunAsFormula(value);
  const text = neutralised ? `'${value}` : value;
  return neutralised || /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line of cells, ended by a line feed. */
export function csvLine(values: readonly string[]): string {
  return `${values.map(csvCell).join(',')}\n`;
}
