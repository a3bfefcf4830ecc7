// @vitest-environment jsdom
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { mountInJsdom, setUpJsdomMantine } from '../../../../lib/testing/mountInJsdom';
import type { DpaGrouping } from '../model/dpaPages';
import { type DpaItemRow, DpaItemsTable } from './DpaItemsTable';

setUpJsdomMantine();

// mantine-datatable shows a column only when its media query matches; jsdom's stand-in matches nothing.
beforeAll(() => {
  const matchMedia = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: true });
});

const row = (init: Partial<DpaItemRow>): DpaItemRow => ({
  key: 'SKU-1',
  label: 'Linen shirt',
  imageUrl: null,
  catalogId: 'cat-1',
  itemId: 'SKU-1',
  items: 1,
  inCatalog: true,
  values: { spend: 120, ctr: 0.021, cvr: 0.05, roas: 3.1 },
  enhancementValues: { ctr: 0.025 },
  catalogValues: { ctr: 0.018 },
  creatives: [{ feedId: 'feed-1', feedName: 'Summer sale' }],
  ...init,
});

function render(grouping: DpaGrouping, rows: DpaItemRow[]) {
  const host = mountInJsdom(
    <MemoryRouter>
      <DpaItemsTable clientId="c1" title="Results" grouping={grouping} rows={rows} currency="EUR" />
    </MemoryRouter>,
  );
  const bodyRows = () => [...host.querySelectorAll('tbody tr')];
  const links = (tr: Element) =>
    [...tr.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
  return { host, bodyRows, links };
}

describe('the DPA items table', () => {
  it('lists items by spend, with CTR of Adloom creatives beside CTR of the catalogue image', () => {
    const { bodyRows } = render('ITEM', [
      row({}),
      row({ key: 'SKU-2', itemId: 'SKU-2', label: 'Canvas tote', values: { spend: 300, ctr: 0.03 } }),
    ]);
    const [first, second] = bodyRows();
    expect(first?.textContent).toContain('Canvas tote');
    expect(second?.textContent).toContain('Linen shirt');
    expect(second?.textContent).toContain('€120.00');
    expect(second?.textContent).toContain('2.5%');
    expect(second?.textContent).toContain('1.8%');
  });

  it('links an item to its catalogue page, searched for, and to its creatives in each feed', () => {
    const { bodyRows, links } = render('ITEM', [row({})]);
    expect(links(bodyRows()[0] as Element)).toEqual([
      ['In catalogue', '/clients/c1/catalogs/cat-1/?searchString=SKU-1&item=SKU-1'],
      ['Creatives (Summer sale)', '/clients/c1/feeds/feed-1/creatives/?item=SKU-1'],
    ]);
  });

  it('marks a product no catalogue holds, with no link', () => {
    const { bodyRows, links } = render('ITEM', [
      row({ inCatalog: false, catalogId: null, items: 0, creatives: [] }),
    ]);
    const tr = bodyRows()[0] as Element;
    expect(tr.textContent).toContain('Not in your catalogues');
    expect(links(tr)).toEqual([]);
  });

  it('counts the items of a category and links to its catalogue, not to creatives', () => {
    const { host, bodyRows, links } = render('CATEGORY', [
      row({ key: 'Apparel > Shirts', label: 'Apparel > Shirts', items: 14, itemId: null, creatives: [] }),
    ]);
    expect([...host.querySelectorAll('thead th')].map((th) => th.textContent)).toContain('Items');
    const tr = bodyRows()[0] as Element;
    expect(tr.textContent).toContain('14');
    expect(links(tr)).toEqual([['Catalogue', '/clients/c1/catalogs/cat-1/']]);
  });

  it('links an item group to its first item in the catalogue', () => {
    const { bodyRows, links } = render('ITEM_GROUP', [
      row({ key: 'GROUP-1', label: 'Linen shirt', items: 3, creatives: [] }),
    ]);
    expect(links(bodyRows()[0] as Element)).toEqual([
      ['An item in catalogue', '/clients/c1/catalogs/cat-1/?searchString=SKU-1&item=SKU-1'],
    ]);
  });
});
