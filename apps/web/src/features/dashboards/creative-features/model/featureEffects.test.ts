import { describe, expect, it } from 'vitest';
import {
  extractionShare,
  type FeatureEffect,
  featureGroups,
  featureMetricParam,
  featurePath,
  formatInterval,
  formatLift,
  libraryPathForTag,
  liftScale,
  metricInSentence,
  strongestFeatures,
} from './featureEffects';

function effect(id: string, lift: number | null, significant: boolean, group = 'Text'): FeatureEffect {
  return {
    feature: { id, label: id, group, source: 'template', description: '', templateTag: null },
    adsWith: 10,
    adsWithout: 30,
    spendWith: 100,
    spendShare: 0.25,
    valueWith: null,
    valueWithout: null,
    lift,
    liftLow: lift == null ? null : lift - 0.1,
    liftHigh: lift == null ? null : lift + 0.1,
    significant,
    hitRate: null,
    winnersWith: 0,
    sameAdsAs: [],
  };
}

describe('the strongest features (the compact view)', () => {
  it('are the significant ones only, the biggest rises and the biggest falls first, so many of each', () => {
    const { raising, lowering } = strongestFeatures(
      [
        effect('a', 0.3, true),
        effect('b', 0.9, false),
        effect('c', 0.5, true),
        effect('d', -0.2, true),
        effect('e', -0.4, true),
        effect('f', 0.1, true),
        effect('g', null, false),
      ],
      2,
    );
    expect(raising.map((e) => e.feature.id)).toEqual(['c', 'a']);
    expect(lowering.map((e) => e.feature.id)).toEqual(['e', 'd']);
  });
});

describe('the lift scale', () => {
  it('spans every interval and no lift, with room at both ends', () => {
    const scale = liftScale([effect('a', 0.5, true), effect('b', 0.2, false)]);
    // From 0 (no lift) to 0.6, plus 5 % of that width each side.
    expect(scale.min).toBeCloseTo(-0.03);
    expect(scale.max).toBeCloseTo(0.63);
    expect(liftScale([effect('c', -0.5, true)]).max).toBeGreaterThan(0);
  });

  it('is never empty', () => {
    const scale = liftScale([effect('a', null, false)]);
    expect(scale.max).toBeGreaterThan(scale.min);
  });
});

describe('the page’s parameters and links', () => {
  it('read the metric from the URL, CTR by default', () => {
    expect(featureMetricParam('roas')).toBe('roas');
    expect(featureMetricParam('cvr')).toBe('cvr');
    expect(featureMetricParam('spend')).toBe('ctr');
    expect(featureMetricParam(null)).toBe('ctr');
  });

  it('name the metric inside a sentence, acronyms as they are', () => {
    expect(metricInSentence('ctr')).toBe('CTR');
    expect(metricInSentence('roas')).toBe('ROAS');
    expect(metricInSentence('cvr')).toBe('conversion rate');
  });

  it('lead to a feature keeping the range, and to the library filtered by its tag', () => {
    expect(featurePath('c1', 'text_discount', '?from=2026-11-01&to=2026-11-28&metric=roas')).toBe(
      '/clients/c1/creative-features/text_discount/?from=2026-11-01&to=2026-11-28&metric=roas',
    );
    expect(libraryPathForTag('c1', 'a1b2')).toBe('/clients/c1/products/templates/library/?tag=a1b2');
  });

  it('list the groups in the order the server gives them, once each', () => {
    expect(
      featureGroups([
        effect('a', 0.1, true, 'Text'),
        effect('b', 0.1, true, 'Image'),
        effect('c', 0, false, 'Text'),
      ]),
    ).toEqual(['Text', 'Image']);
  });
});

describe('a lift in words', () => {
  it('has its sign and a tenth of a percent at most', () => {
    expect(formatLift(0.37612)).toBe('+37.6%');
    expect(formatLift(-0.0891)).toBe('−8.9%');
    expect(formatLift(0.00004)).toBe('0%');
    expect(formatLift(null)).toBe('–');
    expect(formatInterval(-0.0697, 0.3443)).toBe('−7% to +34.4%');
    expect(formatInterval(null, 0.2)).toBe('–');
  });
});

describe('the extraction progress', () => {
  it('counts failed creatives as read, and nothing to read as done', () => {
    expect(extractionShare({ done: 6, pending: 2, failed: 2 })).toBe(0.8);
    expect(extractionShare({ done: 0, pending: 0, failed: 0 })).toBe(1);
  });
});
