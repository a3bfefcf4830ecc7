// @vitest-environment jsdom
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { mountInJsdom, setUpJsdomMantine } from '../../../lib/testing/mountInJsdom';
import { FeatureEffectTable } from './FeatureEffectTable';
import { type FeatureEffect, type FeatureMetric, liftScale } from './model/featureEffects';

setUpJsdomMantine();

// mantine-datatable shows a column only when its media query matches; jsdom's stand-in matches nothing.
beforeAll(() => {
  const matchMedia = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: true });
});

function effect(id: string, label: string, init: Partial<FeatureEffect>): FeatureEffect {
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
    valueWith: null,
    valueWithout: null,
    lift: null,
    liftLow: null,
    liftHigh: null,
    significant: false,
    hitRate: null,
    winnersWith: 0,
    ...init,
  };
}

const effects = [
  effect('text_discount', 'Discount', {
    valueWith: 0.0234,
    valueWithout: 0.018,
    lift: 0.3,
    liftLow: 0.12,
    liftHigh: 0.5,
    significant: true,
    hitRate: 0.25,
    winnersWith: 3,
  }),
  effect('dark', 'Dark image', {
    lift: -0.2,
    liftLow: -0.35,
    liftHigh: -0.04,
    significant: true,
    valueWith: 0.01,
    valueWithout: 0.0125,
  }),
  effect('main_logo', 'Logo', { lift: 0.02, liftLow: -0.1, liftHigh: 0.15, spendShare: 0.6 }),
  effect('rating_widget', 'Rating', { adsWith: 1, adsWithout: 47, spendShare: 0.004 }),
];

function render(metric: FeatureMetric, rows = effects) {
  const host = mountInJsdom(
    <MemoryRouter>
      <FeatureEffectTable
        effects={rows}
        metric={metric}
        currency="EUR"
        clientId="c1"
        search="?from=2026-11-01&to=2026-11-28"
        scale={liftScale(rows)}
      />
    </MemoryRouter>,
  );
  const headers = () => [...host.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
  const column = (name: string) => {
    const index = headers().findIndex((header) => header.startsWith(name));
    return [...host.querySelectorAll('tbody tr')].map((tr) => tr.querySelectorAll('td')[index]?.textContent);
  };
  const clickHeader = (name: string) => {
    const th = [...host.querySelectorAll('thead th')].find((cell) =>
      cell.textContent?.trim().startsWith(name),
    );
    const target = (th?.querySelector('[role="button"], button') ?? th) as HTMLElement | null;
    if (!target) throw new Error(`no header ${name}`);
    act(() => target.click());
  };
  return { host, headers, column, clickHeader };
}

describe('the creative features table', () => {
  it('says under a feature which others exactly the same ads have', () => {
    const rows = [
      effect('industry_outdoor', 'Outdoor', { lift: 0.3, sameAdsAs: ['style_seasonal', 'text_price_delta'] }),
      effect('text_brand', 'Brand', { lift: 0.1 }),
    ];
    const { column } = render('ctr', rows);
    expect(column('Feature')).toEqual(['OutdoorSame ads as Seasonal and Price saving', 'Brand']);
  });

  it('shows the largest lift first and features whose lift could not be estimated last', () => {
    const { column } = render('ctr');
    expect(column('Feature')).toEqual(['Discount', 'Logo', 'Dark image', 'Rating']);
  });

  it('writes the metric in its own format, lift as a signed change with its interval, and shares', () => {
    const { column, headers } = render('ctr');
    expect(headers()).toEqual(
      expect.arrayContaining(['CTR with', 'CTR without', 'Lift', '95 % interval', 'Hit rate', 'Spend share']),
    );
    expect(column('CTR with')[0]).toBe('2.34%');
    expect(column('CTR without')[0]).toBe('1.8%');
    expect(column('Lift')).toEqual(['+30%Significant', '+2%', '−20%Significant', '–']);
    expect(column('95 % interval')[0]).toBe('+12% to +50%');
    expect(column('95 % interval')[3]).toBe('Not enough ads to estimate');
    expect(column('Hit rate')).toEqual(['25%', '–', '–', '–']);
    expect(column('Spend share')).toEqual(['25%', '60%', '25%', '0.4%']);
    expect(column('Ads with')[0]).toBe('12 of 48');
  });

  it('writes ROAS as a multiple when the page measures ROAS', () => {
    const { column } = render('roas', [
      effect('bright', 'Bright image', { valueWith: 3.4, valueWithout: 2.5, lift: 0.36 }),
    ]);
    expect(column('ROAS with')).toEqual(['3.40×']);
    expect(column('ROAS without')).toEqual(['2.50×']);
  });

  it('sorts by a column when its header is clicked', () => {
    const { column, clickHeader } = render('ctr');
    clickHeader('Lift');
    // Ascending now; a lift that could not be estimated stays last.
    expect(column('Feature')).toEqual(['Dark image', 'Logo', 'Discount', 'Rating']);
    clickHeader('Spend share');
    expect(column('Feature')).toEqual(['Rating', 'Discount', 'Dark image', 'Logo']);
  });

  it('links each feature to its page, keeping the range', () => {
    const { host } = render('ctr');
    const link = [...host.querySelectorAll('tbody a')].find((a) => a.textContent === 'Discount');
    expect(link?.getAttribute('href')).toBe(
      '/clients/c1/creative-features/text_discount/?from=2026-11-01&to=2026-11-28',
    );
  });
});
