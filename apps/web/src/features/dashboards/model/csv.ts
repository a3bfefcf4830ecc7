/**
 * A small CSV writer (RFC 4180): a header row of labels, fields quoted when they hold a comma, a quote or
 * a line break (quotes doubled), CRLF line ends. Numbers are written raw (full precision, a dot, no
 * grouping or currency sign) so a spreadsheet reads them as numbers.
 */

export interface CsvColumn<Row> {
  label: string;
  value: (row: Row) => string | number | null | undefined;
}

function field(value: string | number | null | undefined): string {
  if (value == null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The CSV text of rows under a header of the columns' labels. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => field(column.label))];
  for (const row of rows) lines.push(columns.map((column) => field(column.value(row))));
  return `${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
}

/** Saves a CSV text as a file through a Blob (with a BOM so spreadsheet apps read it as UTF-8). */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download starts from the click; the URL is released once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
