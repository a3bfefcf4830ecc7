// @vitest-environment jsdom
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Provider as UrqlProvider, type Client, type Operation } from 'urql';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromValue, never } from 'wonka';
import type { ClientRoute } from '../../../app/routes';
import { AppStoreProvider } from '../../../app/store/AppStoreProvider';
import { mountInJsdom, setUpJsdomMantine } from '../../../lib/testing/mountInJsdom';
import { CreativeFeatureScreen } from './CreativeFeatureScreen';
import { CreativeFeaturesDashboardScreen } from './CreativeFeaturesDashboardScreen';
import { CreativeFeaturesScreen } from './CreativeFeaturesScreen';
import type { FeatureEffect } from './model/featureEffects';

setUpJsdomMantine();

// The screen's title reads the session's branding, and the workspace comes from the layout: not under test.
vi.mock('../../../components/ScreenHeader', () => ({ ScreenHeader: () => null }));
vi.mock('../../clients', () => ({ useCurrentClient: () => ({ id: 'c1', name: 'Acme' }) }));

beforeAll(() => {
  const matchMedia = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: true });
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
  campaigns: [{ id: 'k1', name: 'Prospecting', accountId: 'a1' }],
  currencies: ['EUR'],
  attributionSettings: ['7-day click'],
  firstDay: '2026-06-01',
  lastDay: '2026-11-28',
  hasData: true,
  demo: false,
  minSpend: 50,
};

function effect(id: string, label: string, init: Partial<FeatureEffect> = {}): FeatureEffect {
  return {
    feature: {
      id,
      label,
      group: 'Text',
      source: 'template',
      description: `${label} explained`,
      templateTag: null,
    },
    sameAdsAs: [],
    adsWith: 12,
    adsWithout: 36,
    spendWith: 250,
    spendShare: 0.25,
    valueWith: 0.02,
    valueWithout: 0.015,
    lift: 0.05,
    liftLow: -0.1,
    liftHigh: 0.2,
    significant: false,
    hitRate: 0.25,
    winnersWith: 3,
    ...init,
  };
}

const report = (
  extraction: { done: number; pending: number; failed: number },
  features: FeatureEffect[],
) => ({
  metric: 'CTR',
  method: 'A regression of log CTR on every feature within campaigns, with log spend as a control.',
  winnerDefinition: 'A winner is in the top quarter of its campaign.',
  adsAnalysed: 48,
  adsWithoutFeatures: 5,
  spendAnalysed: 1000,
  currency: 'EUR',
  extraction,
  features,
});

/** What each operation answers (by name), and every operation asked, in order. */
let answers: Record<string, () => unknown> = {};
let asked: Operation[] = [];

const fakeClient = {
  suspense: false,
  executeQuery: (operation: Operation) => {
    asked.push(operation);
    const name = operation.query.definitions.find((d) => d.kind === 'OperationDefinition')?.name?.value ?? '';
    const answer = answers[name];
    return answer ? fromValue({ operation, data: answer(), stale: false, hasNext: false }) : never;
  },
  executeMutation: () => never,
  executeSubscription: () => never,
} as unknown as Client;

const askedNamed = (name: string) =>
  asked.filter(
    (operation) =>
      operation.query.definitions.find((d) => d.kind === 'OperationDefinition')?.name?.value === name,
  );

function render(path: string) {
  const route = (screen: string, title: string) => ({ path: '', title, screen }) as unknown as ClientRoute;
  const host = mountInJsdom(
    <AppStoreProvider>
      <UrqlProvider value={fakeClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path="/clients/c1/creative-features/"
              element={<CreativeFeaturesScreen route={route('creative-features', 'Creative features')} />}
            />
            <Route
              path="/clients/c1/creative-features/:id/"
              element={<CreativeFeatureScreen route={route('creative-feature', 'Creative feature')} />}
            />
            <Route
              path="/clients/c1/dashboard/creative-features/"
              element={
                <CreativeFeaturesDashboardScreen
                  route={route('dashboard-creative-features', 'Creative features dashboard')}
                />
              }
            />
          </Routes>
        </MemoryRouter>
      </UrqlProvider>
    </AppStoreProvider>,
  );
  return { host, text: () => host.textContent ?? '' };
}

beforeEach(() => {
  asked = [];
  answers = { PerformanceContext: () => ({ performanceContext: context }) };
  sessionStorage.clear();
});

afterEach(() => vi.useRealTimers());

describe('the creative features list', () => {
  it('says how many ads the figures rest on, and asks again while features are being read until none is pending', () => {
    vi.useFakeTimers();
    let pending = 30;
    answers.CreativeFeatures = () => ({
      creativeFeatures: report({ done: 70 - pending, pending, failed: 0 }, [effect('text', 'Text')]),
    });
    const { host, text } = render('/clients/c1/creative-features/?from=2026-11-01&to=2026-11-28');
    expect(text()).toContain('48 ads analysed');
    expect(text()).toContain('5 ads without known features');
    expect(text()).toContain('Reading the features of your creatives: 40 of 70');
    expect(host.querySelector('[aria-label="Creatives read"]')).not.toBeNull();
    const before = askedNamed('CreativeFeatures').length;

    pending = 0;
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    expect(askedNamed('CreativeFeatures').length).toBe(before + 1);
    expect(host.querySelector('[aria-label="Creatives read"]')).toBeNull();
    // Nothing pending: no more asking.
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(askedNamed('CreativeFeatures').length).toBe(before + 1);
  });

  it('asks for the metric of the URL and charts the significant features only', () => {
    answers.CreativeFeatures = () => ({
      creativeFeatures: report({ done: 70, pending: 0, failed: 0 }, [
        effect('text_discount', 'Discount', { lift: 0.3, liftLow: 0.1, liftHigh: 0.5, significant: true }),
        effect('main_logo', 'Logo'),
      ]),
    });
    const { host } = render('/clients/c1/creative-features/?from=2026-11-01&to=2026-11-28&metric=roas');
    expect(askedNamed('CreativeFeatures')[0]?.variables).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-28',
      metric: 'ROAS',
    });
    const chart = host.querySelector('ol[aria-label="Significant features by lift on ROAS"]');
    expect([...(chart?.querySelectorAll('li') ?? [])].map((li) => li.getAttribute('aria-label'))).toEqual([
      'Discount: +30%',
    ]);
  });

  it('says features are being read when none is known yet', () => {
    answers.CreativeFeatures = () => ({
      creativeFeatures: { ...report({ done: 0, pending: 12, failed: 0 }, []), adsAnalysed: 0 },
    });
    const { text } = render('/clients/c1/creative-features/?from=2026-11-01&to=2026-11-28');
    expect(text()).toContain('Reading the features of your creatives');
    expect(text()).not.toContain('Features and their effect');
  });
});

describe('one creative feature', () => {
  const detail = (templateTag: { id: string; group: string; key: string } | null) => ({
    creativeFeature: {
      method: 'A regression within campaigns.',
      currency: 'EUR',
      effect: effect('text_discount', 'Discount', {
        feature: {
          id: 'text_discount',
          label: 'Discount',
          group: 'Text',
          source: 'template',
          description: 'The creative shows the discount.',
          templateTag,
        },
        lift: 0.3,
        liftLow: 0.12,
        liftHigh: 0.5,
        significant: true,
      }),
      ads: [
        {
          spend: 120.5,
          value: 0.031,
          winner: true,
          imageUrl: 'https://cdn.example/1.jpg',
          ad: {
            id: 'ad1',
            name: 'Autumn sale',
            campaignName: 'Prospecting',
            adSetName: 'Broad',
            thumbnailUrl: null,
          },
        },
        {
          spend: 80,
          value: 0.012,
          winner: false,
          imageUrl: null,
          ad: {
            id: 'ad2',
            name: 'Boots',
            campaignName: 'Prospecting',
            adSetName: 'Broad',
            thumbnailUrl: null,
          },
        },
      ],
      series: [
        { day: '2026-11-01', valueWith: 0.03, valueWithout: 0.02, spendWith: 10, spendWithout: 30 },
        { day: '2026-11-02', valueWith: null, valueWithout: 0.021, spendWith: 0, spendWithout: 28 },
      ],
    },
  });

  it('shows its figures, its ads best first with the winners marked, and opens the library filtered by its tag', () => {
    answers.CreativeFeature = () => detail({ id: 'tag-9', group: 'FEATURES', key: 'discount' });
    const { host, text } = render(
      '/clients/c1/creative-features/text_discount/?from=2026-11-01&to=2026-11-28',
    );
    expect(askedNamed('CreativeFeature')[0]?.variables).toMatchObject({ id: 'text_discount', metric: 'CTR' });
    expect(text()).toContain('The creative shows the discount.');
    expect(host.querySelector('[aria-label="Lift"]')?.textContent).toContain('+30%');
    expect(host.querySelector('[aria-label="Lift"]')?.textContent).toContain('+12% to +50%');
    const cards = [...host.querySelectorAll('li[aria-label^="#"]')];
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['#1 Autumn sale', '#2 Boots']);
    expect(cards[0]?.textContent).toContain('Winner');
    expect(cards[0]?.textContent).toContain('CTR 3.1%');
    expect(cards[0]?.textContent).toContain('€120.50 spent');
    expect(cards[1]?.textContent).not.toContain('Winner');
    const use = [...host.querySelectorAll('a')].find((a) => a.textContent === 'Use in a template');
    expect(use?.getAttribute('href')).toBe('/clients/c1/products/templates/library/?tag=tag-9');
  });

  it('offers no template when no library tag matches the feature', () => {
    answers.CreativeFeature = () => detail(null);
    const { host } = render('/clients/c1/creative-features/text_discount/?from=2026-11-01&to=2026-11-28');
    expect(host.textContent).toContain('The creative shows the discount.');
    expect([...host.querySelectorAll('a')].some((a) => a.textContent === 'Use in a template')).toBe(false);
  });

  it('says so when the address names no feature', () => {
    answers.CreativeFeature = () => ({ creativeFeature: null });
    const { host, text } = render(
      '/clients/c1/creative-features/no_such_thing/?from=2026-11-01&to=2026-11-28',
    );
    expect(text()).toContain('No creative feature “no_such_thing”');
    const back = [...host.querySelectorAll('a')].find((a) => a.textContent === 'See all creative features');
    expect(back?.getAttribute('href')).toBe('/clients/c1/creative-features/');
  });
});

describe('the compact creative features dashboard', () => {
  it('lists the strongest significant rises and falls, and links to every feature with the same metric', () => {
    answers.CreativeFeatures = () => ({
      creativeFeatures: report({ done: 70, pending: 0, failed: 0 }, [
        effect('a', 'Price', { lift: 0.2, liftLow: 0.05, liftHigh: 0.35, significant: true }),
        effect('b', 'Discount', { lift: 0.4, liftLow: 0.1, liftHigh: 0.7, significant: true }),
        effect('c', 'Dark image', { lift: -0.25, liftLow: -0.4, liftHigh: -0.1, significant: true }),
        effect('d', 'Logo', { lift: 0.9, liftLow: -0.5, liftHigh: 2.3 }),
      ]),
    });
    const { host } = render(
      '/clients/c1/dashboard/creative-features/?from=2026-11-01&to=2026-11-28&metric=cvr',
    );
    const names = (label: string) =>
      [...(host.querySelector(`ol[aria-label="${label}"]`)?.querySelectorAll('li') ?? [])].map((li) =>
        li.getAttribute('aria-label'),
      );
    expect(names('Raise conversion rate most')).toEqual(['Discount: +40%', 'Price: +20%']);
    expect(names('Lower conversion rate most')).toEqual(['Dark image: −25%']);
    const all = [...host.querySelectorAll('a')].find((a) => a.textContent === 'All creative features');
    expect(all?.getAttribute('href')).toBe(
      '/clients/c1/creative-features/?from=2026-11-01&to=2026-11-28&metric=cvr',
    );
  });
});
