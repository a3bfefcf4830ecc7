/**
 * The breakdowns the fake answers (the Insights API's `breakdowns` parameter): each splits an ad's day into
 * fixed shares, so the rows of one breakdown sum to the day's totals exactly.
 */
import type { FakeAd, FakeMetrics } from './world.js';

export interface BreakdownSpec {
  /** The `breakdowns` parameter, its keys in Meta's order. */
  keys: string[];
  values: (ad: FakeAd, productIds: string[]) => { fields: Record<string, string>; weight: number }[];
}

const single = (key: string, entries: [string, number][]): BreakdownSpec => ({
  keys: [key],
  values: () => entries.map(([value, weight]) => ({ fields: { [key]: value }, weight })),
});

const PLACEMENTS: [string, string, number][] = [
  ['facebook', 'feed', 0.38],
  ['instagram', 'feed', 0.22],
  ['instagram', 'instagram_stories', 0.14],
  ['instagram', 'instagram_reels', 0.1],
  ['facebook', 'marketplace', 0.06],
  ['facebook', 'facebook_stories', 0.05],
  ['audience_network', 'classic', 0.03],
  ['messenger', 'messenger_inbox', 0.02],
];

export const FAKE_BREAKDOWNS: BreakdownSpec[] = [
  single('age', [
    ['18-24', 0.12],
    ['25-34', 0.3],
    ['35-44', 0.25],
    ['45-54', 0.17],
    ['55-64', 0.1],
    ['65+', 0.06],
  ]),
  single('gender', [
    ['female', 0.55],
    ['male', 0.42],
    ['unknown', 0.03],
  ]),
  single('country', [
    ['US', 0.5],
    ['GB', 0.15],
    ['DE', 0.13],
    ['FR', 0.12],
    ['CA', 0.1],
  ]),
  {
    keys: ['publisher_platform', 'platform_position'],
    values: () =>
      PLACEMENTS.map(([platform, position, weight]) => ({
        fields: { publisher_platform: platform, platform_position: position },
        weight,
      })),
  },
  single('impression_device', [
    ['iphone', 0.45],
    ['android_smartphone', 0.35],
    ['desktop', 0.12],
    ['ipad', 0.05],
    ['android_tablet', 0.03],
  ]),
  {
    keys: ['product_id'],
    // Only catalogue ads show products; Meta has no product rows for the others.
    values: (ad, productIds) =>
      ad.kind === 'catalog'
        ? productIds.map((id) => ({ fields: { product_id: id }, weight: 1 / productIds.length }))
        : [],
  },
];

/** The spec of a `breakdowns` parameter (keys in any order), or undefined when the fake does not know it. */
export function breakdownSpec(keys: string[]): BreakdownSpec | undefined {
  const wanted = [...keys].sort().join(',');
  return FAKE_BREAKDOWNS.find((b) => [...b.keys].sort().join(',') === wanted);
}

/** Splits a count (or, with `cents`, an amount) by weights so the parts sum to the total. */
function split(total: number, weights: number[], cents: boolean): number[] {
  const unit = cents ? 100 : 1;
  const whole = Math.round(total * unit);
  const parts = weights.map((w) => Math.floor(whole * w));
  let left = whole - parts.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % parts.length, left--) parts[i]! += 1;
  return parts.map((p) => p / unit);
}

/** The day's metrics split into the breakdown's shares. */
export function splitMetrics(m: FakeMetrics, weights: number[]): FakeMetrics[] {
  const col = (v: number, cents = false) => split(v, weights, cents);
  const spend = col(m.spend, true);
  const impressions = col(m.impressions);
  const reach = col(m.reach);
  const clicks = col(m.clicks);
  const linkClicks = col(m.linkClicks);
  const addToCart = col(m.addToCart);
  const purchases = col(m.purchases);
  const purchaseValue = col(m.purchaseValue, true);
  const video3s = m.video3s === null ? null : col(m.video3s);
  const thruplays = m.thruplays === null ? null : col(m.thruplays);
  return weights.map((_, i) => ({
    spend: spend[i]!,
    impressions: impressions[i]!,
    reach: reach[i]!,
    clicks: clicks[i]!,
    linkClicks: linkClicks[i]!,
    addToCart: addToCart[i]!,
    purchases: purchases[i]!,
    purchaseValue: purchaseValue[i]!,
    video3s: video3s ? video3s[i]! : null,
    thruplays: thruplays ? thruplays[i]! : null,
  }));
}
