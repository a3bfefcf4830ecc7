import { describe, expect, it } from 'vitest';
import { addSums, derivedMetrics, emptySums, isImprovement, metricValue, relativeChange } from './metrics.js';

describe('advertising metrics', () => {
  const sums = addSums(emptySums(), {
    spend: 200,
    impressions: 50_000,
    reach: 20_000,
    linkClicks: 500,
    purchases: 10,
    purchaseValue: 900,
  });

  it('computes ratios from sums, as Ads Manager defines them', () => {
    expect(derivedMetrics(sums)).toMatchObject({
      ctr: 0.01,
      cpc: 0.4,
      cpm: 4,
      cpa: 20,
      roas: 4.5,
      aov: 90,
      cvr: 0.02,
      frequency: 2.5,
    });
  });

  it('has no value where the denominator is zero, never Infinity or NaN', () => {
    expect(metricValue(emptySums(), 'roas')).toBeNull();
    expect(metricValue(emptySums(), 'cpa')).toBeNull();
    expect(metricValue(sums, 'holdRate')).toBeNull();
    expect(metricValue(emptySums(), 'spend')).toBe(0);
  });

  it('tells a change and whether it is good news for the metric', () => {
    expect(relativeChange(80, 100)).toBeCloseTo(-0.2);
    expect(relativeChange(5, 0)).toBeNull();
    expect(isImprovement('roas', -0.2)).toBe(false);
    expect(isImprovement('cpa', -0.2)).toBe(true);
    expect(isImprovement('spend', 0.5)).toBeNull();
  });
});
