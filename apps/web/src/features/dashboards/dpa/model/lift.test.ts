import { describe, expect, it } from 'vitest';
import { formatInterval, type LiftMetric, liftScale, liftVerdict, noComparisonReason } from './lift';

const metric = (init: Partial<LiftMetric>): LiftMetric => ({
  metric: 'CTR',
  enhancement: 0.02,
  catalog: 0.02,
  lift: 0,
  low: -0.1,
  high: 0.1,
  significant: false,
  ...init,
});

describe('enhancement lift', () => {
  it('calls a lift better or worse only when its interval excludes no difference', () => {
    expect(liftVerdict(metric({ lift: 0.3, low: 0.1, high: 0.5, significant: true }))).toBe('better');
    expect(liftVerdict(metric({ lift: -0.2, low: -0.3, high: -0.1, significant: true }))).toBe('worse');
    expect(liftVerdict(metric({ lift: 0.3, low: -0.1, high: 0.7 }))).toBe('unclear');
    expect(liftVerdict(metric({ lift: null, low: null, high: null }))).toBe('unknown');
    expect(liftVerdict(undefined)).toBe('unknown');
  });

  it('writes an interval with signs', () => {
    expect(formatInterval(-0.03, 0.25)).toBe('−3% to +25%');
    expect(formatInterval(null, 0.25)).toBe('–');
  });

  it('puts every bound and no difference on the bars’ scale', () => {
    const scale = liftScale([metric({ low: 0.1, high: 0.5, lift: 0.3 }), undefined]);
    expect(scale.min).toBeLessThan(0);
    expect(scale.max).toBeGreaterThan(0.5);
    const empty = liftScale([]);
    expect(empty.max).toBeGreaterThan(empty.min);
  });

  it('says why no item was compared from the kinds of ads that delivered products', () => {
    const catalog = { kind: 'CATALOG' as const, products: 12 };
    const enhancement = { kind: 'ENHANCEMENT' as const, products: 7 };
    expect(noComparisonReason([])).toBe('no-delivery');
    expect(noComparisonReason([{ ...catalog, products: 0 }])).toBe('no-delivery');
    expect(noComparisonReason([enhancement])).toBe('no-catalog');
    expect(noComparisonReason([catalog])).toBe('no-enhancement');
    expect(noComparisonReason([catalog, enhancement])).toBe('no-overlap');
  });
});
