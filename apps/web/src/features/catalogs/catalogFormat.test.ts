import { describe, expect, it } from 'vitest';
import {
  availabilityColor,
  catalogFileContentType,
  catalogNameFromFileName,
  extraFields,
  formatCount,
  formatPrice,
  isCatalogFileName,
  itemImages,
  scheduleLabel,
  sourceLabel,
} from './catalogFormat';

describe('catalogue facts', () => {
  it('names the source and the schedule', () => {
    expect(sourceLabel('https://shop.example.com/feed.xml?x=1')).toBe('URL: shop.example.com');
    expect(sourceLabel(null)).toBe('Uploaded file');
    expect(scheduleLabel('DAILY')).toBe('Every day');
    expect(scheduleLabel('NONE')).toBe('Not scheduled');
  });
  it('counts in words', () => {
    expect(formatCount(0, 'item')).toBe('no items');
    expect(formatCount(1, 'item')).toBe('1 item');
    expect(formatCount(1234, 'item')).toBe('1,234 items');
  });
});

describe('items', () => {
  it('writes prices with their currency code', () => {
    expect(formatPrice('49.99', 'USD')).toBe('49.99 USD');
    expect(formatPrice('5.00', null)).toBe('5.00');
    expect(formatPrice(null, 'USD')).toBe('—');
  });
  it('colours availability', () => {
    expect(availabilityColor('in stock')).toBe('green');
    expect(availabilityColor('out of stock')).toBe('red');
    expect(availabilityColor('unknown')).toBe('gray');
  });
  it('lists every image once, main image first', () => {
    expect(itemImages({ imageLink: 'a.jpg', additionalImageLinks: ['b.jpg', 'a.jpg', ' '] })).toEqual([
      'a.jpg',
      'b.jpg',
    ]);
    expect(itemImages({ imageLink: '', additionalImageLinks: [] })).toEqual([]);
  });
  it('reads extra fields, and nothing from bad JSON', () => {
    expect(extraFields('{"colour":"red","size":"M"}')).toEqual([
      ['colour', 'red'],
      ['size', 'M'],
    ]);
    expect(extraFields('{"n":[1]}')).toEqual([['n', '[1]']]);
    expect(extraFields('{"tags":["linen","summer"]}')).toEqual([['tags', 'linen, summer']]);
    expect(extraFields('not json')).toEqual([]);
    expect(extraFields('[]')).toEqual([]);
  });
});

describe('catalogue files', () => {
  it('tells the upload type from the extension; the importer reads the bytes', () => {
    expect(catalogFileContentType('feed.CSV')).toBe('text/csv');
    expect(catalogFileContentType('feed.tsv')).toBe('text/tab-separated-values');
    expect(catalogFileContentType('feed.xml')).toBe('application/xml');
    expect(catalogFileContentType('feed.csv.gz')).toBe('application/gzip');
    expect(catalogFileContentType('feed.txt')).toBe('application/octet-stream');
    expect(catalogFileContentType('feed')).toBe('application/octet-stream');
  });
  it('accepts the importer’s file types', () => {
    for (const ok of ['a.csv', 'a.TSV', 'a.txt', 'a.xml', 'a.xml.gz', 'a.json', 'a.jsonl', 'a.ndjson.gz'])
      expect(isCatalogFileName(ok), ok).toBe(true);
    for (const bad of ['a.xlsx', 'a.html', 'csv']) expect(isCatalogFileName(bad), bad).toBe(false);
  });
  it('names a catalogue after its file', () => {
    expect(catalogNameFromFileName('summer_products-2025.csv.gz')).toBe('summer products 2025');
    expect(catalogNameFromFileName('Feed.xml')).toBe('Feed');
    expect(Array.from(catalogNameFromFileName(`${'x'.repeat(150)}.csv`))).toHaveLength(100);
  });
});
