import { describe, expect, it } from 'vitest';
import { emptySums } from '@adloom/commerce';
import { featureEffect, prepareRegression, tQuantile975, type RegressionAd } from './regression.js';
import {
  analyseAds,
  effectOf,
  orderEffects,
  smoothedLogMetric,
  type AnalysedAd,
  type FeatureEffectShape,
} from './effects.js';

/** mulberry32: a small seeded generator, so every run draws the same data sets. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const uniform = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
  const poisson = (lambda: number) => {
    if (lambda > 50) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * normal()));
    const limit = Math.exp(-lambda);
    let k = 0;
    for (let p = uniform(); p > limit; p *= uniform()) k += 1;
    return k;
  };
  return { uniform, normal, poisson };
}

/**
 * Ads in a few campaigns, each with its own CTR, spend drawn log-normally, a creative-level spread of
 * 15 % around the campaign's CTR, clicks drawn from it, and the feature (on half the ads) multiplying CTR
 * by 1 + effect.
 */
function simulate(seed: number, effect: number, opts: { ads?: number; campaigns?: number } = {}) {
  const rand = seeded(seed);
  const campaigns = opts.campaigns ?? 3;
  const base = Array.from({ length: campaigns }, () => 0.008 + 0.012 * rand.uniform());
  return Array.from({ length: opts.ads ?? 40 }, (_, i): AnalysedAd => {
    const campaign = i % campaigns;
    const spend = Math.exp(Math.log(150) + 0.8 * rand.normal());
    const impressions = Math.round((spend / (10 * Math.exp(0.2 * rand.normal()))) * 1000);
    const feature = rand.uniform() < 0.5;
    const ctr = base[campaign]! * Math.exp(0.15 * rand.normal()) * (feature ? 1 + effect : 1);
    return {
      adId: `ad${i}`,
      campaignId: `c${campaign}`,
      sums: { ...emptySums(), spend, impressions, linkClicks: rand.poisson(impressions * ctr) },
      features: feature ? ['feature', 'other'] : ['other'],
    };
  });
}

function effect(ads: AnalysedAd[]) {
  return effectOf(analyseAds(ads, 'ctr', 0), 'feature');
}

describe('feature regression', () => {
  it('recovers a known coefficient exactly when there is no noise, whatever the campaigns and spend', () => {
    const ads: RegressionAd[] = [];
    const has: boolean[] = [];
    for (let i = 0; i < 30; i++) {
      const x = i % 3 === 0;
      const spend = 20 + 7 * i;
      ads.push({
        group: `c${i % 4}`,
        y: (i % 4) * 0.5 + 0.25 * Number(x) - 0.1 * Math.log(spend),
        weight: spend,
        control: Math.log(spend),
      });
      has.push(x);
    }
    const fit = featureEffect(prepareRegression(ads), has)!;
    expect(fit.beta).toBeCloseTo(0.25, 10);
    expect(fit.lift).toBeCloseTo(Math.exp(0.25) - 1, 10);
    expect(fit.se).toBeLessThan(1e-8);
    expect(fit.df).toBe(30 - 4 - 2);
  });

  it('recovers a known coefficient with noise, its interval covering it', () => {
    const rand = seeded(7);
    const ads: RegressionAd[] = [];
    const has: boolean[] = [];
    for (let i = 0; i < 400; i++) {
      const x = rand.uniform() < 0.3;
      const spend = Math.exp(4 + rand.normal());
      ads.push({
        group: `c${i % 5}`,
        y: (i % 5) + 0.2 * Number(x) + 0.05 * Math.log(spend) + 0.1 * rand.normal(),
        weight: spend,
        control: Math.log(spend),
      });
      has.push(x);
    }
    const fit = featureEffect(prepareRegression(ads), has)!;
    expect(fit.beta).toBeGreaterThan(0.17);
    expect(fit.beta).toBeLessThan(0.23);
    expect(Math.log(1 + fit.low)).toBeLessThan(0.2);
    expect(Math.log(1 + fit.high)).toBeGreaterThan(0.2);
    expect(fit.significant).toBe(true);
  });

  it('still estimates when every ad spent the same (the control is then left out)', () => {
    const ads = Array.from({ length: 12 }, (_, i) => ({
      group: `c${i % 2}`,
      y: i % 2 === 0 ? 1 : 2,
      weight: 10,
      control: Math.log(10),
    }));
    const has = ads.map((_, i) => i % 4 < 2);
    const fit = featureEffect(
      prepareRegression(ads.map((a, i) => ({ ...a, y: a.y + (has[i] ? 0.3 : 0) }))),
      has,
    )!;
    expect(fit.beta).toBeCloseTo(0.3, 10);
    expect(fit.df).toBe(12 - 2 - 1);
  });

  it('does not estimate with fewer than three ads on a side within campaigns that have both', () => {
    const ads = Array.from({ length: 20 }, (_, i) => ({
      group: i < 10 ? 'a' : 'b',
      y: i,
      weight: 1 + i,
      control: Math.log(1 + i),
    }));
    const p = prepareRegression(ads);
    // Two ads with it in campaign a, and campaign b has only ads with it: b cannot compare.
    expect(
      featureEffect(
        p,
        ads.map((_, i) => i < 2 || i >= 10),
      ),
    ).toBeNull();
    expect(
      featureEffect(
        p,
        ads.map((_, i) => i < 3 || i >= 10),
      ),
    ).not.toBeNull();
    expect(
      featureEffect(
        p,
        ads.map(() => true),
      ),
    ).toBeNull();
  });

  it('uses Student’s t for few degrees of freedom', () => {
    expect(tQuantile975(1)).toBeCloseTo(12.706, 2);
    expect(tQuantile975(5)).toBeCloseTo(2.571, 3);
    expect(tQuantile975(30)).toBeCloseTo(2.042, 3);
    expect(tQuantile975(5000)).toBeCloseTo(1.96, 3);
  });

  it('gives a zero-click ad a finite value below its campaign’s rate', () => {
    const ads: AnalysedAd[] = [
      {
        adId: 'a',
        campaignId: 'c',
        sums: { ...emptySums(), spend: 10, impressions: 1000, linkClicks: 0 },
        features: [],
      },
      {
        adId: 'b',
        campaignId: 'c',
        sums: { ...emptySums(), spend: 10, impressions: 1000, linkClicks: 20 },
        features: [],
      },
    ];
    const [zero, some] = smoothedLogMetric(ads, 'ctr');
    // Pooled rate 0.01: the prior is one click in 100 impressions.
    expect(zero).toBeCloseTo(Math.log(1 / 1100), 12);
    expect(some).toBeCloseTo(Math.log(21 / 1100), 12);
  });
});

describe('feature effects on simulated ads (200 seeded data sets of 40 ads in 3 campaigns)', () => {
  const SETS = 200;

  it('calls a feature without effect significant in about 5 % of the data sets', () => {
    let significant = 0;
    let estimated = 0;
    for (let seed = 1; seed <= SETS; seed++) {
      const e = effect(simulate(seed, 0));
      if (e.lift != null) estimated += 1;
      if (e.significant) significant += 1;
    }
    expect(estimated).toBeGreaterThan(SETS * 0.95);
    const rate = significant / estimated;
    expect(rate).toBeGreaterThanOrEqual(0.01);
    expect(rate).toBeLessThanOrEqual(0.12);
  });

  it('finds a +30 % effect in nearly every data set, near 0.3, its interval covering it most of the time', () => {
    let significant = 0;
    let covered = 0;
    const lifts: number[] = [];
    for (let seed = 1; seed <= SETS; seed++) {
      const e = effect(simulate(1000 + seed, 0.3));
      if (e.significant && e.liftLow! > 0) significant += 1;
      if (e.liftLow! <= 0.3 && 0.3 <= e.liftHigh!) covered += 1;
      lifts.push(e.lift!);
    }
    expect(significant / SETS).toBeGreaterThan(0.95);
    expect(covered / SETS).toBeGreaterThan(0.88);
    lifts.sort((a, b) => a - b);
    const median = lifts[SETS / 2]!;
    expect(median).toBeGreaterThan(0.25);
    expect(median).toBeLessThan(0.35);
  });
});

describe('feature order', () => {
  it('puts significant effects first, then the largest lift, effects without a lift last', () => {
    const effect = (featureId: string, lift: number | null, significant: boolean): FeatureEffectShape => ({
      featureId,
      adsWith: 1,
      adsWithout: 1,
      spendWith: 1,
      spendShare: 0.5,
      valueWith: null,
      valueWithout: null,
      lift,
      liftLow: null,
      liftHigh: null,
      significant,
      hitRate: null,
      winnersWith: 0,
      sameAdsAs: [],
    });
    const ordered = orderEffects([
      effect('none', null, false),
      effect('small', 0.05, false),
      effect('drop', -0.3, true),
      effect('rise', 0.4, true),
      effect('fall', -0.1, false),
    ]);
    expect(ordered.map((e) => e.featureId)).toEqual(['rise', 'drop', 'small', 'fall', 'none']);
  });
});

describe('features of the same ads', () => {
  it('names the features that exactly the same ads have, and no others', () => {
    const ads = ['a', 'b', 'c', 'd'].map((adId, i) => ({
      adId,
      campaignId: 'k',
      sums: { ...emptySums(), spend: 10, impressions: 1000, linkClicks: 10 + i },
      // outdoor and seasonal always together (one template); price on a, b as well, but also on c.
      features: [
        ...(i < 2 ? ['outdoor', 'seasonal'] : []),
        ...(i < 3 ? ['price'] : []),
        ...(i === 3 ? ['dark'] : []),
      ],
    }));
    const analysis = analyseAds(ads, 'ctr', 0);
    expect(effectOf(analysis, 'outdoor').sameAdsAs).toEqual(['seasonal']);
    expect(effectOf(analysis, 'seasonal').sameAdsAs).toEqual(['outdoor']);
    expect(effectOf(analysis, 'price').sameAdsAs).toEqual([]);
    expect(effectOf(analysis, 'dark').sameAdsAs).toEqual([]);
    expect(effectOf(analysis, 'absent').sameAdsAs).toEqual([]);
  });
});
