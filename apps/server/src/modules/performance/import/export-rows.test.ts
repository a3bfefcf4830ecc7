import { describe, expect, it } from 'vitest';
import { readRow, type RowContext } from './export-rows.js';
import { readHeaders } from './headers.js';

function context(headers: string[]): RowContext {
  const map = readHeaders(headers);
  return { headers, map, language: map.language, decimal: '.', currency: map.spendCurrency };
}

const HEADERS = [
  'Campaign name',
  'Ad set name',
  'Ad name',
  'Day',
  'Campaign ID',
  'Ad ID',
  'Currency',
  'Amount spent',
  'Impressions',
  'Impression device',
  'Image URL',
];

describe('reading a row', () => {
  const ctx = context(HEADERS);
  const row = (cells: string[], number = 3, first = false) => readRow({ number, cells }, ctx, first);

  it('skips the totals row first, rejects a nameless row later', () => {
    const totals = ['', '', '', '', '', '', 'USD', '100', '1000', '', ''];
    expect(row(totals, 2, true)).toEqual({ kind: 'skipped' });
    expect(row(totals, 9)).toMatchObject({
      kind: 'rejected',
      reason: 'Row 9: "Campaign name" is empty. "Ad name" is empty. "Day" is "", not a date.',
    });
  });

  it('takes the currency of its Currency cell, Meta’s ids, the device and the image', () => {
    const result = row([
      'Sale',
      'Broad',
      'Red dress',
      '2026-03-01',
      '120210000000000001',
      '120210000000000101',
      'eur',
      '12.5',
      '1000',
      'Android Smartphone',
      'https://cdn.test/red.jpg',
    ]);
    expect(result).toMatchObject({
      kind: 'row',
      row: {
        currency: 'EUR',
        account: { externalId: 'export:EUR', name: 'Ads Manager export (EUR)' },
        campaign: { externalId: '120210000000000001', name: 'Sale' },
        adSet: { externalId: 'name:Sale\u001fBroad', name: 'Broad' },
        ad: {
          externalId: '120210000000000101',
          creativeUrl: 'https://cdn.test/red.jpg',
          thumbnailUrl: 'https://cdn.test/red.jpg',
          creativeKind: 'image',
        },
        breakdowns: { device: 'android_smartphone' },
        metrics: { spend: 12.5, impressions: 1000, video3sPlays: null, thruplays: null },
      },
    });
  });

  it('rejects ids a spreadsheet rounded and a row without a currency', () => {
    const result = row(['Sale', 'Broad', 'Ad', '2026-03-01', '1.20210E+17', '', '', '1', '1', '', '']);
    expect(result).toEqual({
      kind: 'rejected',
      number: 3,
      id: 'Ad',
      reason:
        'Row 3: "Campaign ID" is "1.20210E+17": a spreadsheet rounded the id. Export the file again and upload it without opening it in Excel. "Currency" is empty and the amounts name no currency.',
    });
  });

  it('reads Meta’s Product ID column in English, French and Spanish; only catalogue ads have one', () => {
    for (const header of ['Product ID', 'ID du produit', 'ID del producto']) {
      const headers = ['Campaign name', 'Ad name', 'Day', 'Currency', 'Amount spent', header];
      const read = (product: string) =>
        readRow(
          { number: 2, cells: ['Sale', 'Shoes', '2026-03-01', 'EUR', '5', product] },
          context(headers),
          false,
        );
      expect(read(' SKU-1 ')).toMatchObject({
        kind: 'row',
        row: { breakdowns: { product_id: 'SKU-1' }, ad: { creativeKind: 'catalog' } },
      });
      const none = read('');
      expect(none).toMatchObject({ kind: 'row', row: { breakdowns: { product_id: 'unknown' } } });
      expect(none.kind === 'row' && none.row.ad.creativeKind).toBeUndefined();
    }
  });
});
