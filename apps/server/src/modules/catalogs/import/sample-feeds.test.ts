import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { mayRunAsFormula } from '../../../http/csv-cell.js';
import { CANONICAL_FIELDS, type CatalogItem, createItemMapper } from './canonical.js';
import { openFeed } from './parse.js';
import { catalogTemplateCsv, catalogTemplateXml } from './sample-feeds.js';

async function importText(
  text: string,
): Promise<{ items: CatalogItem[]; format: string; unknown: string[] }> {
  const feed = await openFeed(Readable.from([Buffer.from(text)]));
  const mapper = createItemMapper();
  const items: CatalogItem[] = [];
  for await (const event of feed.events()) {
    if (event.kind !== 'record') throw new Error(event.reason);
    const result = mapper.toItem(event);
    if ('rejected' in result) throw new Error(result.rejected.join('; '));
    items.push(result.item);
  }
  return { items, format: feed.format, unknown: mapper.unknownColumns() };
}

describe('sample feeds (the catalogue template downloads)', () => {
  it('the CSV template has every canonical column and two items the importer reads', async () => {
    const csv = catalogTemplateCsv();
    expect(csv.split('\n')[0]).toBe(CANONICAL_FIELDS.join(','));
    const { items, format, unknown } = await importText(csv);
    expect(format).toBe('csv');
    expect(unknown).toEqual([]);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      itemId: 'SKU-1001',
      priceAmount: 5900,
      salePriceAmount: 4400,
      currency: 'USD',
      additionalImageLinks: [
        'https://shop.example.com/images/linen-shirt-sand-back.jpg',
        'https://shop.example.com/images/linen-shirt-sand-detail.jpg',
      ],
      rating: 4.6,
      reviewCount: 128,
      inventory: 42,
    });
  });

  it('the CSV template has no cell a spreadsheet could run as a formula (it is static: checked here)', () => {
    const cells = (parse(catalogTemplateCsv()) as string[][]).flat();
    expect(cells.filter(mayRunAsFormula)).toEqual([]);
  });

  it('the XML template is RSS 2.0 with g: fields and gives the same items as the CSV', async () => {
    const xml = catalogTemplateXml();
    for (const field of CANONICAL_FIELDS) expect(xml).toContain(`<g:${field}>`);
    const fromXml = await importText(xml);
    expect(fromXml.format).toBe('rss');
    expect(fromXml.unknown).toEqual([]);
    expect(fromXml.items).toEqual((await importText(catalogTemplateCsv())).items);
  });
});
