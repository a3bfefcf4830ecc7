import { describe, expect, it } from 'vitest';
import { clientRoutes } from '../../../../app/routes';
import { DPA_PAGES, dpaPageOf, dpaPageUrl } from './dpaPages';

describe('the DPA pages', () => {
  it('are the DPA routes of the route table, each with its own screen', () => {
    const routes = clientRoutes.filter((route) => route.path.startsWith('dashboard/dpa-performance/'));
    expect(DPA_PAGES.map((page) => page.path)).toEqual(routes.map((route) => route.path));
    expect(routes.every((route) => route.screen.startsWith('dpa-'))).toBe(true);
  });

  it('know their kind of ad or grouping from the route', () => {
    expect(dpaPageOf('dashboard/dpa-performance/catalog_ads/').kind).toBe('CATALOG');
    expect(dpaPageOf('dashboard/dpa-performance/enhancement_ads/').kind).toBe('ENHANCEMENT');
    expect(dpaPageOf('dashboard/dpa-performance/item-groups/').grouping).toBe('ITEM_GROUP');
    expect(dpaPageOf('dashboard/dpa-performance/').key).toBe('overview');
  });

  it('link to each other with the range and filters', () => {
    const items = dpaPageOf('dashboard/dpa-performance/items/');
    expect(dpaPageUrl('c1', items, new URLSearchParams('from=2026-11-01&to=2026-11-28'))).toBe(
      '/clients/c1/dashboard/dpa-performance/items/?from=2026-11-01&to=2026-11-28',
    );
    expect(dpaPageUrl('c1', items)).toBe('/clients/c1/dashboard/dpa-performance/items/');
  });
});
