// @vitest-environment jsdom
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { type Client, type Operation, Provider as UrqlProvider } from 'urql';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromValue, never } from 'wonka';
import { clientRoutes } from '../../../app/routes';
import { AppStoreProvider } from '../../../app/store/AppStoreProvider';
import { mountInJsdom, setUpJsdomMantine } from '../../../lib/testing/mountInJsdom';
import { DpaAdsScreen } from './ads/DpaAdsScreen';
import { DpaItemsScreen } from './items/DpaItemsScreen';
import type { Lift } from './model/lift';
import { DpaOverviewScreen } from './overview/DpaOverviewScreen';

setUpJsdomMantine();

// The screen's title reads the session's branding, and the workspace comes from the layout: not under test.
vi.mock('../../../components/ScreenHeader', () => ({ ScreenHeader: () => null }));
vi.mock('../../clients', () => ({ useCurrentClient: () => ({ id: 'c1', name: 'Acme' }) }));

beforeAll(() => {
  const matchMedia = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: true });
  Element.prototype.scrollIntoView ??= () => undefined;
});

const context = {
  accounts: [
    {
      id: 'a1',
      name: 'Acme EU',
      source: 'META',
      currency: 'EUR',
      timeZone: 'Europe/Paris',
      lastSyncedAt: null,
    },
  ],
  campaigns: [{ id: 'k1', name: 'Retargeting', accountId: 'a1' }],
  currencies: ['EUR'],
  attributionSettings: ['7-day click'],
  firstDay: '2026-06-01',
  lastDay: '2026-11-28',
  hasData: true,
  demo: false,
  minSpend: 50,
};

const values = (spend: number, ctr: number | null) => ({
  spend,
  impressions: spend * 100,
  linkClicks: ctr == null ? 0 : spend * 100 * ctr,
  purchases: 4,
  purchaseValue: spend * 3,
  ctr,
  cvr: 0.04,
  roas: 3,
});

const lift = (itemsCompared: number, ctrLift: number | null): Lift => ({
  itemsCompared,
  enhancementSpend: itemsCompared ? 400 : 0,
  catalogSpend: itemsCompared ? 300 : 0,
  method: 'Pooled over the items both kinds delivered; a bootstrap over items gives the 95 % interval.',
  metrics: (['CTR', 'CVR', 'ROAS'] as const).map((metric) => ({
    metric,
    enhancement: ctrLift == null ? null : 0.026,
    catalog: ctrLift == null ? null : 0.02,
    lift: ctrLift,
    low: ctrLift == null ? null : ctrLift - 0.1,
    high: ctrLift == null ? null : ctrLift + 0.1,
    significant: ctrLift != null && ctrLift > 0.1,
  })),
});

const adRow = (id: string, kind: 'CATALOG' | 'ENHANCEMENT', feed: { id: string; name: string } | null) => ({
  kind,
  feedId: feed?.id ?? null,
  feedName: feed?.name ?? null,
  products: 20,
  ad: {
    id,
    name: `Ad ${id}`,
    campaignId: 'k1',
    campaignName: 'Retargeting',
    adSetName: 'All products',
    thumbnailUrl: null,
    creativeUrl: null,
    creativeKind: 'catalog',
    ours: null,
  },
  values: values(100, 0.02),
});

/** What each operation answers (by name), and every operation asked, in order. */
let answers: Record<string, (variables: Record<string, unknown>) => unknown> = {};
let asked: Operation[] = [];
const nameOf = (operation: Operation) =>
  operation.query.definitions.find((d) => d.kind === 'OperationDefinition')?.name?.value ?? '';

const fakeClient = {
  suspense: false,
  executeQuery: (operation: Operation) => {
    asked.push(operation);
    const answer = answers[nameOf(operation)];
    return answer
      ? fromValue({ operation, data: answer(operation.variables as never), stale: false, hasNext: false })
      : never;
  },
  executeMutation: () => never,
  executeSubscription: () => never,
} as unknown as Client;

const variablesOf = (name: string) =>
  asked.filter((operation) => nameOf(operation) === name).map((operation) => operation.variables);

const RANGE = '?from=2026-11-01&to=2026-11-28';

function render(path: string) {
  const routeOf = (p: string) => {
    const route = clientRoutes.find((r) => r.path === p);
    if (!route) throw new Error(`no route ${p}`);
    return route;
  };
  const dpa = clientRoutes.filter((route) => route.path.startsWith('dashboard/dpa-performance/'));
  const host = mountInJsdom(
    <AppStoreProvider>
      <UrqlProvider value={fakeClient}>
        <MemoryRouter initialEntries={[`/clients/c1/${path}${RANGE}`]}>
          <Routes>
            {dpa.map((route) => {
              const Screen =
                route.screen === 'dpa-overview'
                  ? DpaOverviewScreen
                  : route.screen === 'dpa-ads'
                    ? DpaAdsScreen
                    : DpaItemsScreen;
              return (
                <Route
                  key={route.path}
                  path={`/clients/c1/${route.path}`}
                  element={<Screen route={routeOf(route.path)} />}
                />
              );
            })}
          </Routes>
        </MemoryRouter>
      </UrqlProvider>
    </AppStoreProvider>,
  );
  return { host, text: () => host.textContent ?? '' };
}

const click = (element: Element | null | undefined) => {
  if (!element) throw new Error('nothing to click');
  act(() => (element as HTMLElement).click());
};

beforeEach(() => {
  asked = [];
  answers = {
    PerformanceContext: () => ({ performanceContext: context }),
    DpaFeeds: () => ({ feeds: [{ id: 'f1', name: 'Summer sale' }] }),
  };
});

describe('the DPA pages', () => {
  it('share tabs that are links keeping the range, the current one selected', () => {
    answers.DpaItems = () => ({ dpaItems: { currency: 'EUR', rows: [], totalRows: 0, notInCatalog: 0 } });
    const { host } = render('dashboard/dpa-performance/items/');
    const tabs = [...host.querySelectorAll('nav[aria-label="DPA pages"] [role="tab"]')];
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('href')])).toEqual([
      ['Overview', `/clients/c1/dashboard/dpa-performance/${RANGE}`],
      ['Ads', `/clients/c1/dashboard/dpa-performance/ads/${RANGE}`],
      ['Catalogue ads', `/clients/c1/dashboard/dpa-performance/catalog_ads/${RANGE}`],
      ['Enhancement ads', `/clients/c1/dashboard/dpa-performance/enhancement_ads/${RANGE}`],
      ['Items', `/clients/c1/dashboard/dpa-performance/items/${RANGE}`],
      ['Item groups', `/clients/c1/dashboard/dpa-performance/item-groups/${RANGE}`],
      ['Categories', `/clients/c1/dashboard/dpa-performance/categories/${RANGE}`],
    ]);
    expect(
      tabs.filter((tab) => tab.getAttribute('aria-selected') === 'true').map((t) => t.textContent),
    ).toEqual(['Items']);
  });

  it('overview: the lift, and each template opening to its categories', () => {
    answers.EnhancementLift = () => ({ enhancementLift: lift(30, 0.25) });
    answers.EnhancementLiftByTemplate = () => ({
      enhancementLiftByTemplate: [
        {
          templateId: 't1',
          templateName: 'Price badge',
          thumbnailUrl: null,
          overall: lift(20, 0.25),
          categories: [{ category: 'Shirts', lift: lift(8, 0.4) }],
        },
      ],
    });
    answers.DpaAds = () => ({
      dpaAds: {
        currency: 'EUR',
        total: values(200, 0.02),
        rows: [adRow('1', 'CATALOG', null), adRow('2', 'ENHANCEMENT', { id: 'f1', name: 'Summer sale' })],
      },
    });
    const { host, text } = render('dashboard/dpa-performance/');
    expect(variablesOf('DpaAds')).toContainEqual(
      expect.objectContaining({ kind: 'ALL', from: '2026-11-01' }),
    );
    expect(text()).toContain('30 items compared');
    expect(text()).toContain('+25%');
    const template = host.querySelector('a[href="/clients/c1/products/templates/t1/"]');
    expect(template?.textContent).toBe('Price badge');
    expect(text()).not.toContain('Shirts');
    click(host.querySelector('button[aria-label="Show the categories of Price badge"]'));
    expect(host.querySelector('table[aria-label="Lift of Price badge by category"]')?.textContent).toContain(
      'Shirts',
    );
  });

  it('overview: with only plain-image ads, says no ad is known to show Adloom creatives', () => {
    answers.EnhancementLift = () => ({ enhancementLift: lift(0, null) });
    answers.EnhancementLiftByTemplate = () => ({ enhancementLiftByTemplate: [] });
    answers.DpaAds = () => ({
      dpaAds: { currency: 'EUR', total: values(100, 0.02), rows: [adRow('1', 'CATALOG', null)] },
    });
    const { host, text } = render('dashboard/dpa-performance/');
    expect(text()).toContain('No catalogue ad is known to show Adloom creatives');
    expect(
      [...host.querySelectorAll('a')].find((a) => a.textContent === 'Mark which ads show Adloom creatives'),
    ).toHaveProperty('pathname', '/clients/c1/dashboard/dpa-performance/ads/');
  });

  it('catalogue ads ask for the plain-image kind and let the marketer say what each shows; enhancement ads name their feed', () => {
    answers.DpaAds = (variables) => ({
      dpaAds: {
        currency: 'EUR',
        total: values(100, 0.02),
        rows:
          variables.kind === 'ENHANCEMENT'
            ? [adRow('2', 'ENHANCEMENT', { id: 'f1', name: 'Summer sale' })]
            : [adRow('1', 'CATALOG', null)],
      },
    });
    const catalog = render('dashboard/dpa-performance/catalog_ads/');
    expect(variablesOf('DpaAds').map((v) => v?.kind)).toEqual(['CATALOG']);
    expect(catalog.host.querySelector<HTMLInputElement>('input[aria-label="What Ad 1 shows"]')?.value).toBe(
      'Catalogue image',
    );
    catalog.host.remove();
    const enhancement = render('dashboard/dpa-performance/enhancement_ads/');
    expect(variablesOf('DpaAds').map((v) => v?.kind)).toEqual(['CATALOG', 'ENHANCEMENT']);
    expect(enhancement.host.querySelector('input[aria-label="What Ad 2 shows"]')).toBeNull();
    expect(enhancement.text()).toContain('Summer sale');
  });

  it('ads: with no feed in the workspace, says every catalogue ad shows the catalogue image and where to make one', () => {
    answers.DpaFeeds = () => ({ feeds: [] });
    answers.DpaAds = () => ({
      dpaAds: { currency: 'EUR', total: values(100, 0.02), rows: [adRow('1', 'CATALOG', null)] },
    });
    const { host, text } = render('dashboard/dpa-performance/ads/');
    expect(text()).toContain('This workspace has no feed yet');
    expect(
      [...host.querySelectorAll('a')].find((a) => a.textContent === 'create one in Products'),
    ).toHaveProperty('pathname', '/clients/c1/products/');
  });

  it('categories: by product type first, then by Google product category, with the products no catalogue holds', () => {
    answers.DpaItems = () => ({
      dpaItems: {
        currency: 'EUR',
        totalRows: 1,
        notInCatalog: 3,
        rows: [
          {
            key: 'Shirts',
            label: 'Shirts',
            imageUrl: null,
            catalogId: 'cat1',
            itemId: 'SKU-1',
            items: 12,
            inCatalog: true,
            values: values(150, 0.02),
            enhancementValues: { ctr: 0.025 },
            catalogValues: { ctr: 0.018 },
            creatives: [],
          },
        ],
      },
    });
    const { host, text } = render('dashboard/dpa-performance/categories/');
    expect(variablesOf('DpaItems')).toEqual([
      expect.objectContaining({ grouping: 'CATEGORY', categoryField: 'PRODUCT_TYPE', limit: 500 }),
    ]);
    expect(text()).toContain('Not in your catalogues: 3 products');
    const google = [...host.querySelectorAll('label')].find(
      (l) => l.textContent === 'Google product category',
    );
    click(google);
    expect(variablesOf('DpaItems').at(-1)).toEqual(
      expect.objectContaining({ grouping: 'CATEGORY', categoryField: 'GOOGLE_PRODUCT_CATEGORY' }),
    );
  });
});
