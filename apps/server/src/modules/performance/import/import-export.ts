/**
 * Importing one Ads Manager export: its rows read (read-rows.ts), its headers mapped (headers.ts), each row
 * read (export-rows.ts) and written (write-facts.ts), and the report of what was read, imported and
 * rejected. A file that is no export, or cannot be placed on days, is refused whole (ImportRefusal).
 */
import type { Db } from '../../../db/client.js';
import type { RejectedRow } from '../../../db/schema.js';
import type { ExportField, Language } from './aliases.js';
import { readRow, text, type ExportBreakdown, type RowContext } from './export-rows.js';
import { readHeaders } from './headers.js';
import { refusals } from './messages.js';
import { readExportRows, type ExportFormat } from './read-rows.js';
import { FactsWriter } from './write-facts.js';

/** Rejected rows kept in the report (the count covers them all). */
export const MAX_REJECTED = 1000;

export interface ImportReport {
  format: ExportFormat;
  language: Language;
  /** The currencies read, "EUR" or "EUR, USD". */
  currency: string;
  rowsRead: number;
  rowsImported: number;
  rejectedCount: number;
  rejected: RejectedRow[];
  unknownColumns: string[];
  firstDay: string | null;
  lastDay: string | null;
  /** The ad account written (the first, when the file holds several). */
  accountId: string | null;
}

const REQUIRED: readonly ExportField[] = ['campaignName', 'adName', 'spend'];

/** Writes an export's rows for the client; run it in a transaction (a refusal may come after writes). */
export async function importAdsManagerExport(
  db: Db,
  clientId: string,
  source: AsyncIterable<Buffer>,
): Promise<ImportReport> {
  const { format, delimiter, rows } = await readExportRows(source);
  const iterator = rows[Symbol.asyncIterator]();
  let headerRow: string[] | null = null;
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    const cells = next.value.cells.map(text);
    if (cells.some((c) => c !== '')) {
      headerRow = cells;
      break;
    }
  }
  if (!headerRow) throw refusals.empty();

  const map = readHeaders(headerRow);
  const { columns, language } = map;
  const missing = REQUIRED.filter((field) => columns[field] === undefined);
  if (missing.length > 0) throw refusals.notExport(missing, language);
  if (
    columns.day === undefined &&
    (columns.reportingStarts === undefined || columns.reportingEnds === undefined)
  )
    throw refusals.noDay(language);
  if (!map.spendCurrency && columns.currency === undefined) throw refusals.noCurrency(language);

  const ctx: RowContext = {
    headers: headerRow,
    map,
    language,
    decimal: language === 'en' && delimiter !== ';' ? '.' : ',',
    currency: map.spendCurrency,
  };
  const breakdowns: ExportBreakdown[] = [];
  if (columns.age !== undefined) breakdowns.push('age');
  if (columns.gender !== undefined) breakdowns.push('gender');
  if (columns.country !== undefined) breakdowns.push('country');
  if (columns.placement !== undefined || columns.platform !== undefined) breakdowns.push('placement');
  if (columns.device !== undefined) breakdowns.push('device');
  if (columns.productId !== undefined) breakdowns.push('product_id');

  const writer = new FactsWriter(db, clientId, breakdowns);
  const currencies = new Set<string>();
  const rejected: RejectedRow[] = [];
  let rowsRead = 0;
  let rowsImported = 0;
  let rejectedCount = 0;
  let first = true;
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    const result = readRow(next.value, ctx, first);
    first = false;
    if (result.kind === 'skipped') continue;
    rowsRead += 1;
    if (result.kind === 'rejected') {
      rejectedCount += 1;
      if (rejected.length < MAX_REJECTED)
        rejected.push({ row: result.number, id: result.id, reason: result.reason });
      continue;
    }
    currencies.add(result.row.currency);
    await writer.add(result.row);
    rowsImported += 1;
  }
  if (rowsRead === 0) throw refusals.headersOnly();
  if (rowsImported === 0) {
    const refusal = refusals.noRows(rejectedCount);
    refusal.details = { rowsRead, rejectedCount, rejected };
    throw refusal;
  }
  const written = await writer.finish();
  return {
    format,
    language,
    currency: [...currencies].sort().join(', '),
    rowsRead,
    rowsImported,
    rejectedCount,
    rejected,
    unknownColumns: map.unknownColumns,
    firstDay: written.firstDay,
    lastDay: written.lastDay,
    accountId: written.accounts[0]?.id ?? null,
  };
}
