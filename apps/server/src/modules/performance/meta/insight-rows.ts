/**
 * Insights rows of the Marketing API as Adloom stores them: numbers from Meta's strings, purchases and
 * their value from `actions` / `action_values` (the omni-channel `purchase` first, else the pixel's own
 * type — never both, Meta reports one purchase under each), 3-second plays from the `video_view` action,
 * ThruPlays from `video_thruplay_watched_actions`, and the breakdown value of a row.
 */
import { placementValue, type Breakdown } from '@adloom/commerce';
import type { MetricsInput } from '../facts.js';

export interface GraphAction {
  action_type: string;
  value: string;
}

export interface GraphInsightRow {
  account_id?: string;
  campaign_id?: string;
  campaign_name?: string;
  adset_id?: string;
  adset_name?: string;
  ad_id?: string;
  ad_name?: string;
  attribution_setting?: string;
  spend?: string;
  impressions?: string;
  reach?: string;
  clicks?: string;
  inline_link_clicks?: string;
  actions?: GraphAction[];
  action_values?: GraphAction[];
  video_thruplay_watched_actions?: GraphAction[];
  date_start: string;
  date_stop: string;
  [breakdown: string]: unknown;
}

/** The fields every insights request asks for. */
export const INSIGHT_FIELDS = [
  'account_id',
  'campaign_id',
  'campaign_name',
  'adset_id',
  'adset_name',
  'ad_id',
  'ad_name',
  'attribution_setting',
  'spend',
  'impressions',
  'reach',
  'frequency',
  'clicks',
  'inline_link_clicks',
  'actions',
  'action_values',
  'video_thruplay_watched_actions',
].join(',');

const PURCHASE_TYPES = ['purchase', 'omni_purchase', 'offsite_conversion.fb_pixel_purchase'];
const ADD_TO_CART_TYPES = ['add_to_cart', 'omni_add_to_cart', 'offsite_conversion.fb_pixel_add_to_cart'];

function num(value: string | undefined): number {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/** The value of the first of `types` the list has (they are alternatives, not parts), or null. */
function actionValue(list: GraphAction[] | undefined, types: string[]): number | null {
  for (const type of types) {
    const found = list?.find((a) => a.action_type === type);
    if (found) return num(found.value);
  }
  return null;
}

export function metricsOf(row: GraphInsightRow): MetricsInput {
  return {
    spend: num(row.spend),
    impressions: num(row.impressions),
    reach: num(row.reach),
    clicks: num(row.clicks),
    linkClicks: num(row.inline_link_clicks),
    purchases: actionValue(row.actions, PURCHASE_TYPES) ?? 0,
    purchaseValue: actionValue(row.action_values, PURCHASE_TYPES) ?? 0,
    addToCart: actionValue(row.actions, ADD_TO_CART_TYPES) ?? 0,
    video3sPlays: actionValue(row.actions, ['video_view']),
    thruplays: actionValue(row.video_thruplay_watched_actions, ['video_view']),
  };
}

/** The breakdown's value in a row (placement: `facebook · feed`), or null when the row lacks it. */
export function breakdownValueOf(breakdown: Breakdown, row: GraphInsightRow): string | null {
  const text = (key: string) => (typeof row[key] === 'string' && row[key] ? (row[key] as string) : null);
  switch (breakdown) {
    case 'placement': {
      const platform = text('publisher_platform');
      return platform ? placementValue(platform, text('platform_position')) : null;
    }
    case 'device':
      return text('impression_device');
    default:
      return text(breakdown);
  }
}
