/** Pure helpers of the Ads Manager export import (no React): which files, and how a report reads. */
import type { FileCheck } from '../../lib/useFileUpload';

/** The files Ads Manager's "Export table data" writes, and the same table saved as text by Excel. */
export const AD_EXPORT_ACCEPT = '.csv,.xlsx,.tsv,.txt';

const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  tsv: 'text/tab-separated-values',
  txt: 'text/plain',
};

/**
 * A .csv or .xlsx file (or the table saved as tab-separated text) with its content type; any other file is
 * refused with what to choose instead.
 */
export const checkAdExportFile: FileCheck = (file) => {
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const contentType = CONTENT_TYPES[extension];
  if (contentType) return { contentType };
  if (extension === 'xls')
    return {
      problem: `${file.name} is an old Excel workbook (.xls), which cannot be read. Export the table again as XLSX or CSV.`,
    };
  return {
    problem: `${file.name} is not an Ads Manager export. Choose the .csv or .xlsx file that “Export table data” saved.`,
  };
};

const DAY_MS = 86_400_000;
const dayFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/** An ISO day (YYYY-MM-DD) as '3 Mar 2026': the day as written, whatever the browser's time zone. */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** The days an import covers: '1 Mar 2026 – 31 Mar 2026 (31 days)', '3 Mar 2026 (1 day)', or '—'. */
export function daysCovered(firstDay: string | null | undefined, lastDay: string | null | undefined): string {
  if (!firstDay || !lastDay) return '—';
  const count =
    Math.round((Date.parse(`${lastDay}T00:00:00Z`) - Date.parse(`${firstDay}T00:00:00Z`)) / DAY_MS) + 1;
  if (count <= 1) return `${formatDay(firstDay)} (1 day)`;
  return `${formatDay(firstDay)} – ${formatDay(lastDay)} (${count.toLocaleString('en')} days)`;
}

/** True when an import's report has something to open: its error, rejected rows or unknown columns. */
export function hasReport(entry: {
  error?: string | null;
  rejectedCount: number;
  unknownColumns: readonly string[];
}): boolean {
  return Boolean(entry.error) || entry.rejectedCount > 0 || entry.unknownColumns.length > 0;
}
