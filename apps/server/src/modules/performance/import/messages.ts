/**
 * What the importer tells the user when it refuses a file. Each says what is wrong and what to do, in the
 * words of Ads Manager's menus (Reports → Export table data; Breakdown → By time → Day).
 */
import type { RejectedRow } from '../../../db/schema.js';
import type { ExportField, Language } from './aliases.js';
import { fieldName } from './headers.js';

/** A file the importer refuses as a whole: the import fails with this message and writes nothing. */
export class ImportRefusal extends Error {
  override name = 'ImportRefusal';
  /** What was read before the refusal, when it is worth reporting (every row rejected). */
  details?: { rowsRead: number; rejectedCount: number; rejected: RejectedRow[] };
}

const EXPORT_AGAIN =
  'Export the table from Ads Manager (Reports → Export table data) with the ad level selected.';

/** "no "Ad name" column and no "Amount spent" column", English names first and the file's language after. */
function missingList(missing: readonly ExportField[], language: Language): string {
  const named = missing.map((field) => {
    const own = fieldName(field, 'en');
    const local = language === 'en' ? null : fieldName(field, language);
    return local && local !== own ? `no "${own}" column (or "${local}")` : `no "${own}" column`;
  });
  if (named.length === 1) return named[0]!;
  return `${named.slice(0, -1).join(', ')} and ${named.at(-1)!}`;
}

export const refusals = {
  empty: () =>
    new ImportRefusal(
      'The file is empty. Export the table from Ads Manager (Reports → Export table data) and upload that file.',
    ),
  headersOnly: () =>
    new ImportRefusal(
      'The file has column headers but no rows: the export is empty. Check the date range and the filters in Ads Manager, then export again.',
    ),
  htmlPage: () =>
    new ImportRefusal(
      `This file is a web page (HTML), not an Ads Manager export. ${EXPORT_AGAIN} Upload the .csv or .xlsx file it downloads.`,
    ),
  xmlDocument: () =>
    new ImportRefusal(`This file is an XML document, not an Ads Manager export. ${EXPORT_AGAIN}`),
  binary: () =>
    new ImportRefusal(
      `This file is neither text (CSV) nor an Excel workbook (.xlsx), so it is not an Ads Manager export. ${EXPORT_AGAIN}`,
    ),
  notWorkbook: () =>
    new ImportRefusal(
      `This file is a ZIP archive but not an Excel workbook (.xlsx) that can be read. ${EXPORT_AGAIN}`,
    ),
  notExport: (missing: readonly ExportField[], language: Language) =>
    new ImportRefusal(
      `This file is not an Ads Manager export: it has ${missingList(missing, language)}. ${EXPORT_AGAIN}`,
    ),
  noDay: (language: Language) =>
    new ImportRefusal(
      `This export has no "${fieldName('day', language)}" column and no "${fieldName('reportingStarts', language)}" and "${fieldName('reportingEnds', language)}" columns, so the days of its figures are unknown. Export again from Ads Manager with Breakdown → By time → Day.`,
    ),
  range: (from: string, to: string, row: number) =>
    new ImportRefusal(
      `Row ${row} covers ${from} to ${to} and the file has no "Day" column: the dashboards are daily and cannot spread a range over its days. Export again from Ads Manager with Breakdown → By time → Day.`,
    ),
  noCurrency: (language: Language) =>
    new ImportRefusal(
      `The currency of the amounts is unknown: the "${fieldName('spend', language)}" header names none (as in "${fieldName('spend', language)} (USD)") and there is no "${fieldName('currency', language)}" column. Export again from Ads Manager without renaming the columns.`,
    ),
  noRows: (rejected: number) =>
    new ImportRefusal(
      `No row could be imported: all ${rejected} rows were rejected (see the rejected rows). Correct the file or export it again.`,
    ),
};
