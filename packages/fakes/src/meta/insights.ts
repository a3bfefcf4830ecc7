/**
 * Insights rows at level=ad with time_increment=1, generated page by page from a position in the
 * (day, ad, breakdown value) grid: a page costs its rows, whatever the range.
 */
import { splitMetrics, type BreakdownSpec } from './breakdowns.js';
import { dayString } from './days.js';
import type { FakeAccount, FakeAd, FakeMetaWorld, FakeMetrics } from './world.js';

export interface InsightsQuery {
  account: FakeAccount;
  /** Day numbers, both included. */
  since: number;
  until: number;
  breakdown: BreakdownSpec | undefined;
  /** Requested fields; empty means Meta's defaults (spend, impressions, dates). */
  fields: Set<string>;
}

export const DEFAULT_INSIGHTS_FIELDS = ['impressions', 'spend'];

/** The attribution setting every fake account reports (Meta's default since 2021). */
export const FAKE_ATTRIBUTION_SETTING = '7d_click_1d_view';

export function insightsPage(
  world: FakeMetaWorld,
  query: InsightsQuery,
  start: number,
  limit: number,
): { rows: Record<string, unknown>[]; next: number | null } {
  const ads = world.ads(query.account.id);
  const valuesOf = (ad: FakeAd) =>
    query.breakdown?.values(ad, world.productIds) ?? [{ fields: {}, weight: 1 }];
  const width = Math.max(1, ...ads.map((ad) => valuesOf(ad).length));
  const days = Math.max(0, Math.min(query.until, world.lastDay) - query.since + 1);
  const end = days * ads.length * width;
  const rows: Record<string, unknown>[] = [];
  let position = start;
  let cached: { key: number; parts: FakeMetrics[] | null; values: ReturnType<typeof valuesOf> } | undefined;
  for (; position < end && rows.length < limit; position++) {
    const cell = Math.floor(position / width);
    const valueIndex = position % width;
    const day = query.since + Math.floor(cell / ads.length);
    const ad = ads[cell % ads.length]!;
    if (cached?.key !== cell) {
      const values = valuesOf(ad);
      const m = world.metrics(ad, day);
      cached = {
        key: cell,
        values,
        parts:
          m && values.length
            ? splitMetrics(
                m,
                values.map((v) => v.weight),
              )
            : null,
      };
    }
    const part = cached.parts?.[valueIndex];
    if (!part || part.impressions === 0) continue;
    rows.push(formatRow(query, ad, day, part, cached.values[valueIndex]!.fields));
  }
  return { rows, next: position < end ? position : null };
}

function actionList(entries: [string, number | null][]) {
  return entries
    .filter(([, v]) => v !== null && v > 0)
    .map(([type, v]) => ({ action_type: type, value: String(v) }));
}

function formatRow(
  query: InsightsQuery,
  ad: FakeAd,
  day: number,
  m: FakeMetrics,
  breakdownFields: Record<string, string>,
): Record<string, unknown> {
  const all: Record<string, unknown> = {
    account_id: query.account.accountId,
    account_name: query.account.name,
    account_currency: query.account.currency,
    campaign_id: ad.campaign.id,
    campaign_name: ad.campaign.name,
    adset_id: ad.adset.id,
    adset_name: ad.adset.name,
    ad_id: ad.id,
    ad_name: ad.name,
    objective: ad.campaign.objective,
    attribution_setting: FAKE_ATTRIBUTION_SETTING,
    spend: m.spend.toFixed(2),
    impressions: String(m.impressions),
    reach: String(m.reach),
    frequency: (m.impressions / Math.max(1, m.reach)).toFixed(6),
    clicks: String(m.clicks),
    inline_link_clicks: String(m.linkClicks),
    // Meta reports a pixel purchase under both its own type and the omni-channel `purchase`.
    actions: actionList([
      ['link_click', m.linkClicks],
      ['video_view', m.video3s],
      ['add_to_cart', m.addToCart],
      ['offsite_conversion.fb_pixel_add_to_cart', m.addToCart],
      ['purchase', m.purchases],
      ['offsite_conversion.fb_pixel_purchase', m.purchases],
    ]),
    action_values: actionList([
      ['purchase', m.purchaseValue],
      ['offsite_conversion.fb_pixel_purchase', m.purchaseValue],
    ]),
    video_thruplay_watched_actions: actionList([['video_view', m.thruplays]]),
  };
  const fields = query.fields.size ? query.fields : new Set(DEFAULT_INSIGHTS_FIELDS);
  const row: Record<string, unknown> = {};
  for (const f of fields) {
    const value = all[f];
    // Meta leaves out an action list with nothing in it.
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    row[f] = value;
  }
  Object.assign(row, breakdownFields);
  row.date_start = dayString(day);
  row.date_stop = dayString(day);
  return row;
}
