import { describe, expect, it } from 'vitest';
import { checkAdExportFile, daysCovered, formatDay, hasReport } from './adImportFormat';

const file = (name: string) => new File(['x'], name);

describe('Ads Manager export files', () => {
  it('takes .csv and .xlsx files with their content types', () => {
    expect(checkAdExportFile(file('Report-Nov-1-2026.csv'))).toEqual({ contentType: 'text/csv' });
    expect(checkAdExportFile(file('Report.XLSX'))).toEqual({
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
  });
  it('takes the table saved as tab-separated text too', () => {
    expect(checkAdExportFile(file('report.tsv'))).toEqual({ contentType: 'text/tab-separated-values' });
    expect(checkAdExportFile(file('report.txt'))).toEqual({ contentType: 'text/plain' });
  });
  it('refuses an old .xls workbook, saying to export XLSX or CSV', () => {
    const checked = checkAdExportFile(file('report.xls'));
    expect('problem' in checked && checked.problem).toContain('Export the table again as XLSX or CSV');
  });
  it('refuses any other file, naming it and saying what to choose', () => {
    const checked = checkAdExportFile(file('report.pdf'));
    expect(checked).toEqual({ problem: expect.stringContaining('report.pdf is not an Ads Manager export') });
    expect('problem' in checked && checked.problem).toContain('.csv or .xlsx');
  });
});

describe('an import’s days', () => {
  it('reads an ISO day as written, whatever the time zone', () => {
    expect(formatDay('2026-03-01')).toBe('1 Mar 2026');
  });
  it('gives the range and its length, one day, or a dash', () => {
    expect(daysCovered('2026-03-01', '2026-03-31')).toBe('1 Mar 2026 – 31 Mar 2026 (31 days)');
    expect(daysCovered('2026-03-03', '2026-03-03')).toBe('3 Mar 2026 (1 day)');
    expect(daysCovered(null, null)).toBe('—');
  });
  it('has a report to open when it failed, rejected rows or left columns out', () => {
    expect(hasReport({ rejectedCount: 0, unknownColumns: [] })).toBe(false);
    expect(hasReport({ error: 'Missing columns: Day', rejectedCount: 0, unknownColumns: [] })).toBe(true);
    expect(hasReport({ rejectedCount: 2, unknownColumns: [] })).toBe(true);
    expect(hasReport({ rejectedCount: 0, unknownColumns: ['Reach'] })).toBe(true);
  });
});
