// @vitest-environment jsdom
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mountInJsdom, setUpJsdomMantine } from '../../lib/testing/mountInJsdom';
import { AdExportImportPanel } from './AdExportImportPanel';
import type { AdPerformanceImport } from './integration';

setUpJsdomMantine();

const entry = (init: Partial<AdPerformanceImport>): AdPerformanceImport => ({
  id: '1',
  status: 'COMPLETED',
  rowsRead: 62,
  rowsImported: 60,
  rejectedCount: 0,
  rejectedRows: [],
  unknownColumns: [],
  fileName: 'Acme-Ads-Nov-2026.csv',
  currency: 'EUR',
  firstDay: '2026-11-01',
  lastDay: '2026-11-30',
  createdAt: '2026-12-01T09:00:00Z',
  ...init,
});

const failedMessage =
  'This file is not an Ads Manager export: the columns Ad name and Amount spent are missing. Export it again with “Export table data”, at ad level.';

function render(imports: AdPerformanceImport[] | null) {
  const host = mountInJsdom(
    <MemoryRouter>
      <AdExportImportPanel
        imports={imports}
        progress={null}
        busy={false}
        onFile={vi.fn()}
        overviewUrl="/clients/c1/dashboard/overview/"
      />
    </MemoryRouter>,
  );
  const table = () => host.querySelector('table[aria-label="Ads Manager imports"]');
  const rows = () => [...(table()?.querySelectorAll('tbody > tr') ?? [])];
  return { host, table, rows, text: () => host.textContent ?? '' };
}

describe('the Ads Manager export card', () => {
  it('says how to export, and that nothing is imported yet', () => {
    const { host, text, table } = render([]);
    expect(text()).toContain('Export table data');
    expect(text()).toContain('Day');
    expect(text()).toContain('English, French and Spanish');
    expect(host.querySelector('input[type="file"]')?.getAttribute('accept')).toBe('.csv,.xlsx,.tsv,.txt');
    expect(text()).toContain('No export imported yet.');
    expect(table()).toBeNull();
  });

  it('lists each import with its counts, days and currency, and links to the overview after one completed', () => {
    const { host, rows } = render([
      entry({ id: '2' }),
      entry({ id: '1', status: 'FAILED', error: failedMessage }),
    ]);
    const cells = [...rows()[0]!.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells.slice(1)).toEqual([
      'Completed',
      'Acme-Ads-Nov-2026.csv',
      '62',
      '60',
      '0',
      '1 Nov 2026 – 30 Nov 2026 (30 days)',
      'EUR',
      expect.stringContaining('2026'),
    ]);
    const link = [...host.querySelectorAll('a')].find((a) => a.textContent === 'See the overview');
    // The overview of the days the export covered, which the default range may not include.
    expect(link?.getAttribute('href')).toBe('/clients/c1/dashboard/overview/?from=2026-11-01&to=2026-11-30');
  });

  it('opens the newest import’s report: its error in full', () => {
    const { host, rows, text } = render([entry({ status: 'FAILED', error: failedMessage, rowsImported: 0 })]);
    expect(rows()).toHaveLength(2);
    expect(text()).toContain(failedMessage);
    expect(text()).not.toContain('See the overview');
    const toggle = host.querySelector<HTMLButtonElement>('button[aria-label="Hide the import report"]')!;
    act(() => toggle.click());
    expect(rows()).toHaveLength(1);
    expect(text()).not.toContain(failedMessage);
  });

  it('opens an older import’s rejected rows and unknown columns on demand', () => {
    const older = entry({
      id: '1',
      rejectedCount: 2,
      rejectedRows: [
        { row: 7, reason: 'Day: "31/02/2026" is not a date' },
        { row: 9, reason: 'Amount spent: "abc" is not a number' },
      ],
      unknownColumns: ['Quality ranking', 'Reach'],
    });
    const { host, rows } = render([entry({ id: '2' }), older]);
    expect(rows()).toHaveLength(2);
    expect(rows()[1]!.querySelectorAll('td')[5]!.textContent).toBe('2');
    act(() => host.querySelector<HTMLButtonElement>('button[aria-label="Show the import report"]')!.click());
    const report = host.querySelector('[aria-label="Import report"]')!;
    expect(report.textContent).toContain('2 columns were not recognised');
    expect([...report.querySelectorAll('code')].map((code) => code.textContent)).toEqual([
      'Quality ranking',
      'Reach',
    ]);
    const rejected = report.querySelector('table[aria-label="Rejected rows"]')!;
    expect([...rejected.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Row', 'Reason']);
    expect(rejected.textContent).toContain('Day: "31/02/2026" is not a date');
  });

  it('shows an import under way', () => {
    const { host } = render([entry({ status: 'RUNNING', rowsRead: 1200 })]);
    expect(host.querySelector('[aria-label="Import in progress"]')?.textContent).toContain('1,200 rows read');
    expect(host.textContent).not.toContain('See the overview');
  });
});
