// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mountInJsdom, setUpJsdomMantine } from '../../../lib/testing/mountInJsdom';
import { type DashboardColumn, DashboardTable } from './DashboardTable';

setUpJsdomMantine();

// mantine-datatable shows a column only when its media query matches; jsdom's stand-in matches nothing.
beforeAll(() => {
  const matchMedia = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: true });
});

/** A Blob's text (jsdom's Blob has no text()). */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

interface Row {
  name: string;
  spend: number;
}

const rows: Row[] = Array.from({ length: 12 }, (_, i) => ({ name: `Ad ${i + 1}`, spend: (i * 7) % 12 }));
const columns: DashboardColumn<Row>[] = [
  { key: 'name', title: 'Ad', csvLabel: 'Ad', value: (row) => row.name },
  {
    key: 'spend',
    title: 'Spend',
    csvLabel: 'Spend (EUR)',
    value: (row) => row.spend,
    render: (row) => `€${row.spend}`,
  },
];

function mount() {
  return mountInJsdom(
    <DashboardTable
      title="Ads"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.name}
      fileName="ads.csv"
      initialPageSize={10}
    />,
  );
}

const shownNames = (host: HTMLElement) =>
  [...host.querySelectorAll('tbody tr')].map((tr) => tr.querySelector('td')?.textContent);

const click = (element: Element | null | undefined) => {
  if (!element) throw new Error('nothing to click');
  act(() => (element as HTMLElement).click());
};

afterEach(() => vi.restoreAllMocks());

describe('a dashboard table', () => {
  it('pages its rows, sorted by the first column at first', () => {
    const host = mount();
    expect(shownNames(host)).toEqual([
      'Ad 1',
      'Ad 2',
      'Ad 3',
      'Ad 4',
      'Ad 5',
      'Ad 6',
      'Ad 7',
      'Ad 8',
      'Ad 9',
      'Ad 10',
    ]);
    click(
      host.querySelector('button[aria-label$="page 2"], [aria-label="Go to page 2"]') ??
        [...host.querySelectorAll('button')].find((b) => b.textContent === '2'),
    );
    expect(shownNames(host)).toEqual(['Ad 11', 'Ad 12']);
  });

  it('sorts by a column when its header is clicked, then the other way', () => {
    const host = mount();
    const spendHeader = [...host.querySelectorAll('th')].find((th) => th.textContent?.includes('Spend'));
    click(spendHeader?.querySelector('[role="button"], button') ?? spendHeader);
    const ascending = [...host.querySelectorAll('tbody tr')].map(
      (tr) => tr.querySelectorAll('td')[1]?.textContent,
    );
    expect(ascending.slice(0, 3)).toEqual(['€0', '€1', '€2']);
    click(spendHeader?.querySelector('[role="button"], button') ?? spendHeader);
    const descending = [...host.querySelectorAll('tbody tr')].map(
      (tr) => tr.querySelectorAll('td')[1]?.textContent,
    );
    expect(descending.slice(0, 3)).toEqual(['€11', '€10', '€9']);
  });

  it('exports every row, not only the page, as CSV with raw numbers', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:ads';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const host = mount();
    click(host.querySelector('button[aria-label="Export Ads as CSV"]'));
    expect(clicked).toHaveBeenCalledOnce();
    const text = await blobText(blobs[0]!);
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Ad,Spend (EUR)');
    expect(lines).toHaveLength(14);
    expect(lines[1]).toBe('Ad 1,0');
    expect(lines[2]).toBe('Ad 2,7');
  });
});
