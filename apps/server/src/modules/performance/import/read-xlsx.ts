/**
 * The first sheet of an Excel workbook (.xlsx), row by row.
 *
 * Library: exceljs (its streaming WorkbookReader). Chosen because it reads a workbook as a stream, entry by
 * entry and row by row (shared strings cached, a sheet stored before them spooled to a temporary file), so
 * a large export is never held whole; it types cells (numbers, dates through the cell styles, rich text),
 * and it is widely used and maintained. SheetJS's `xlsx` package on npm is years behind its own releases,
 * and the smaller readers load the whole sheet. The tests write their workbooks with exceljs too.
 */
import type { Readable } from 'node:stream';
import { Readable as ReadableStream } from 'node:stream';
import ExcelJS from 'exceljs';
import { refusals } from './messages.js';
import type { Cell, SheetRow } from './read-rows.js';

/** A cell's value as exceljs gives it → text, number or date. */
export function cellValue(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'object') {
    const v = value as {
      richText?: { text: string }[];
      text?: unknown;
      result?: unknown;
      error?: unknown;
      hyperlink?: unknown;
    };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellValue(v.result);
    if (v.text !== undefined) return cellValue(v.text);
    if (typeof v.hyperlink === 'string') return v.hyperlink;
    if (v.error !== undefined) return null;
  }
  return String(value as string);
}

/** Rows of the workbook's first sheet; a ZIP that is no workbook is refused. */
export async function* readXlsxRows(bytes: AsyncIterable<Buffer>): AsyncGenerator<SheetRow> {
  const input: Readable = ReadableStream.from(bytes);
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let sheets = 0;
  try {
    for await (const sheet of workbook) {
      sheets += 1;
      for await (const row of sheet) {
        const values = (row.values as unknown[]) ?? [];
        // exceljs' row.values is 1-based (index 0 is empty).
        yield { number: row.number, cells: Array.from(values.slice(1), cellValue) };
      }
      break;
    }
  } catch (error) {
    if (sheets === 0) throw refusals.notWorkbook();
    throw error;
  } finally {
    input.destroy();
  }
  if (sheets === 0) throw refusals.notWorkbook();
}
