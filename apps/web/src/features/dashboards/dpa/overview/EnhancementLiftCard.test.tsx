// @vitest-environment jsdom
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mountInJsdom, setUpJsdomMantine } from '../../../../lib/testing/mountInJsdom';
import type { Lift, NoComparisonReason } from '../model/lift';
import { EnhancementLiftCard } from './EnhancementLiftCard';

setUpJsdomMantine();

const METHOD = 'Pooled over the items delivered by both kinds; 95 % interval from a bootstrap over items.';

const compared: Lift = {
  itemsCompared: 42,
  enhancementSpend: 1200,
  catalogSpend: 800,
  method: METHOD,
  metrics: [
    { metric: 'CTR', enhancement: 0.026, catalog: 0.02, lift: 0.3, low: 0.12, high: 0.48, significant: true },
    {
      metric: 'CVR',
      enhancement: 0.031,
      catalog: 0.03,
      lift: 0.033,
      low: -0.1,
      high: 0.17,
      significant: false,
    },
    { metric: 'ROAS', enhancement: 2.4, catalog: 3, lift: -0.2, low: -0.35, high: -0.05, significant: true },
  ],
};

const nothingCompared: Lift = {
  itemsCompared: 0,
  enhancementSpend: 0,
  catalogSpend: 0,
  method: METHOD,
  metrics: [
    {
      metric: 'CTR',
      enhancement: null,
      catalog: null,
      lift: null,
      low: null,
      high: null,
      significant: false,
    },
    {
      metric: 'CVR',
      enhancement: null,
      catalog: null,
      lift: null,
      low: null,
      high: null,
      significant: false,
    },
    {
      metric: 'ROAS',
      enhancement: null,
      catalog: null,
      lift: null,
      low: null,
      high: null,
      significant: false,
    },
  ],
};

function render(lift: Lift, reason: NoComparisonReason | null = null) {
  const host = mountInJsdom(
    <MemoryRouter>
      <EnhancementLiftCard
        lift={lift}
        reason={reason}
        adsUrl="/clients/c1/dashboard/dpa-performance/ads/?from=2026-11-01&to=2026-11-28"
        currency="EUR"
      />
    </MemoryRouter>,
  );
  const metric = (name: string) => host.querySelector(`[aria-label="${name} lift"]`)?.textContent ?? '';
  return { host, metric, text: () => host.textContent ?? '' };
}

describe('the enhancement lift card', () => {
  it('shows each metric for Adloom creatives and the catalogue image, the lift, its interval and whether it is significant', () => {
    const { metric, text } = render(compared);
    expect(metric('CTR')).toContain('+30%');
    expect(metric('CTR')).toContain('95 % interval: +12% to +48%');
    expect(metric('CTR')).toContain('Significantly better');
    expect(metric('CTR')).toContain('Adloom creatives 2.6%');
    expect(metric('CTR')).toContain('catalogue image 2%');
    expect(metric('CVR')).toContain('+3.3%');
    expect(metric('CVR')).toContain('Not significant');
    expect(metric('ROAS')).toContain('−20%');
    expect(metric('ROAS')).toContain('Significantly worse');
    expect(metric('ROAS')).toContain('Adloom creatives 2.40×');
    expect(text()).toContain('42 items compared');
    expect(text()).toContain('€1,200.00');
    expect(text()).toContain(METHOD);
  });

  it('says plainly why nothing was compared and links to the Ads tab to mark the ads', () => {
    const cases: [NoComparisonReason, string][] = [
      ['no-catalog', 'No catalogue ad shows the plain catalogue image'],
      ['no-enhancement', 'No catalogue ad is known to show Adloom creatives'],
      ['no-overlap', 'No item was delivered by both kinds of ads'],
    ];
    for (const [reason, title] of cases) {
      const { host, text } = render(nothingCompared, reason);
      expect(text()).toContain(title);
      expect(text()).not.toContain('items compared');
      const link = host.querySelector('a');
      expect(link?.textContent).toBe('Mark which ads show Adloom creatives');
      expect(link?.getAttribute('href')).toBe(
        '/clients/c1/dashboard/dpa-performance/ads/?from=2026-11-01&to=2026-11-28',
      );
      host.remove();
    }
  });

  it('has nothing to mark when no catalogue ad delivered a product', () => {
    const { host, text } = render(nothingCompared, 'no-delivery');
    expect(text()).toContain('No catalogue ad delivered a product in this range');
    expect(host.querySelector('a')).toBeNull();
  });
});
