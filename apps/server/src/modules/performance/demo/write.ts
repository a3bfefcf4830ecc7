/**
 * Writes the demo data set's daily and breakdown rows in two INSERT … SELECT statements over
 * generate_series: about 11,000 daily rows and 230,000 breakdown rows, which row-by-row upserts from
 * Node would take far longer to send. The rows are the ones performance/facts.ts would write (same
 * tables, same columns, whole counts, video metrics null on ads that are not videos). Every drawn number
 * comes from md5 of the ad's external id, the day (and the breakdown value), so the same plan and day give
 * the same rows on any database.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { addDays } from '../scope.js';
import {
  CAMPAIGNS,
  DEMO_DAYS,
  DROP_DAYS,
  DROP_FACTORS,
  type AdPlan,
  type CampaignKey,
  type ShareRow,
} from './plan.js';

/** An ad of the plan with its stored id. */
export interface WrittenAd extends AdPlan {
  id: string;
}

/** Spend by ISO weekday (Monday first): weekends spend a little more… */
const SPEND_BY_WEEKDAY = [1.0, 0.97, 0.95, 0.98, 1.03, 1.08, 1.06];
/** …and convert better. */
const REVENUE_BY_WEEKDAY = [1.04, 0.98, 0.95, 0.97, 1.0, 1.07, 1.12];

/** The n-th uniform number in [0, 1) of a hex digest column (four per md5, eight hex digits each). */
function uniform(column: string, n: 0 | 1 | 2 | 3): SQL {
  return sql.raw(`(('x' || substr(${column}, ${1 + 8 * n}, 8))::bit(32)::bigint / 4294967296.0)`);
}

const floatArray = (values: readonly number[]) => `(array[${values.join(', ')}]::float8[])`;
const floats = (values: readonly number[]) => sql.raw(floatArray(values));

/** The planted campaign's revenue factor on day index `i` (1 before the drop; columns, not input). */
function dropFactor(planted: string, i: string): SQL {
  const start = DEMO_DAYS - DROP_DAYS;
  return sql.raw(
    `(case when ${planted} and ${i} >= ${start} then ${floatArray(DROP_FACTORS)}[least(${i} - ${start} + 1, ${DROP_FACTORS.length})] else 1 end)`,
  );
}

/** Writes the daily rows of the ads from `first` (index 0) to `first + DEMO_DAYS - 1`. */
export async function writeDailyRows(
  db: Db,
  clientId: string,
  first: string,
  ads: readonly WrittenAd[],
): Promise<void> {
  const byKey = new Map(CAMPAIGNS.map((c) => [c.key, c]));
  const params = ads.map((a) => {
    const c = byKey.get(a.campaign)!;
    return {
      ad_id: a.id,
      ext: a.externalId,
      video: a.kind === 'video',
      planted: c.planted,
      spend: c.dailySpend * a.spendShare,
      cpm: c.cpm * a.cpmFactor,
      ctr: c.ctr * a.ctrFactor,
      roas: c.roas * a.roasFactor,
      aov: c.aov,
      hook: a.hookRate ?? 0,
      hold: a.holdRate ?? 0,
      start_i: a.startIndex,
      end_i: a.endIndex,
    };
  });
  await db.execute(sql`
    with p as (
      select * from jsonb_to_recordset(${JSON.stringify(params)}::jsonb) as x(
        ad_id uuid, ext text, video boolean, planted boolean, spend float8, cpm float8, ctr float8,
        roas float8, aov float8, hook float8, hold float8, start_i int, end_i int)
    ), g as (
      select p.*, i, (${first}::date + i) as day,
        md5(p.ext || '|' || (${first}::date + i)::text) as h1,
        md5(p.ext || '|' || (${first}::date + i)::text || '|2') as h2,
        md5(p.ext || '|' || (${first}::date + i)::text || '|3') as h3
      from p, generate_series(p.start_i, p.end_i) as i
    ), spent as (
      select g.*,
        round((g.spend * ${floats(SPEND_BY_WEEKDAY)}[extract(isodow from g.day)::int]
          * (0.88 + 0.24 * g.i::float8 / ${DEMO_DAYS - 1}) * (0.8 + 0.4 * ${uniform('g.h1', 0)}))::numeric, 2)::float8 as s,
        g.aov * (0.9 + 0.2 * ${uniform('g.h1', 1)}) as aov_v,
        ${dropFactor('g.planted', 'g.i')} as f
      from g
    ), delivered as (
      select spent.*,
        round(spent.s / (spent.cpm * (0.9 + 0.2 * ${uniform('h1', 2)})) * 1000) as imps
      from spent
    ), clicked as (
      select delivered.*,
        floor(imps * ctr * (0.85 + 0.3 * ${uniform('h1', 3)}) + ${uniform('h2', 0)}) as links,
        floor(s * roas * ${floats(REVENUE_BY_WEEKDAY)}[extract(isodow from day)::int] * f
          * (0.75 + 0.5 * ${uniform('h2', 1)}) / aov_v + ${uniform('h2', 2)}) as buys
      from delivered
    )
    insert into ad_insights_daily (client_id, ad_id, day, spend, impressions, reach, clicks, link_clicks,
      purchases, purchase_value, add_to_cart, video_3s_plays, thruplays)
    select ${clientId}::uuid, ad_id, day, s, imps, round(imps / (1.12 + 0.25 * ${uniform('h2', 3)})),
      links + round(links * (0.35 + 0.3 * ${uniform('h3', 0)})), links, buys,
      round((buys * aov_v)::numeric, 2)::float8,
      buys + floor(links * 0.06 * (0.8 + 0.4 * ${uniform('h3', 1)}) + ${uniform('h3', 2)}),
      case when video then round(imps * hook * (0.9 + 0.2 * ${uniform('h3', 3)})) end,
      case when video then round(round(imps * hook * (0.9 + 0.2 * ${uniform('h3', 3)}))
        * hold * (0.9 + 0.2 * ${uniform('h1', 0)})) end
    from clicked`);
}

/**
 * Splits each daily row of the ads by the breakdown shares: delivery metrics by the value's delivery
 * share, purchases and add-to-cart by its conversion share (shifted in the planted drop so the planted
 * age loses most), counts rounded up or down by a drawn number so sums stay true on average, the value of
 * purchases at the day's average order value.
 */
export async function writeBreakdownRows(
  db: Db,
  first: string,
  ads: readonly WrittenAd[],
  shares: readonly ShareRow[],
): Promise<void> {
  const planted = new Set<CampaignKey>(CAMPAIGNS.filter((c) => c.planted).map((c) => c.key));
  const params = ads.map((a) => ({
    ad_id: a.id,
    ext: a.externalId,
    campaign: a.campaign,
    planted: planted.has(a.campaign),
  }));
  const shareParams = shares.map((s) => ({
    breakdown: s.breakdown,
    value: s.value,
    campaign: s.campaign,
    ad: s.adExternalId,
    delivery: s.delivery,
    conversions: s.conversions,
    loss: s.loss,
  }));
  const last = addDays(first, DEMO_DAYS - 1);
  await db.execute(sql`
    with p as (
      select * from jsonb_to_recordset(${JSON.stringify(params)}::jsonb) as x(
        ad_id uuid, ext text, campaign text, planted boolean)
    ), sh as (
      select * from jsonb_to_recordset(${JSON.stringify(shareParams)}::jsonb) as x(
        breakdown text, value text, campaign text, ad text, delivery float8, conversions float8, loss float8)
    ), r0 as (
      select d.*, sh.breakdown, sh.value, sh.delivery, sh.conversions, sh.loss, p.planted,
        (d.day - ${first}::date) as i,
        md5(p.ext || '|' || d.day::text || '|' || sh.breakdown || '|' || sh.value) as h
      from ad_insights_daily d
      join p on p.ad_id = d.ad_id
      join sh on (sh.campaign is null or sh.campaign = p.campaign) and (sh.ad is null or sh.ad = p.ext)
      where d.day between ${first} and ${last}
    ), r as (
      select r0.*, (conversions - loss * (1 - ${dropFactor('planted', 'i')})) / ${dropFactor('planted', 'i')} as conv
      from r0
    ), split as (
      select r.*, floor(r.purchases * r.conv + ${uniform('r.h', 1)}) as buys from r
    )
    insert into ad_insights_breakdowns (client_id, ad_id, day, breakdown, value, spend, impressions, reach,
      clicks, link_clicks, purchases, purchase_value, add_to_cart, video_3s_plays, thruplays)
    select client_id, ad_id, day, breakdown, value,
      round((spend * delivery)::numeric, 2)::float8, round(impressions * delivery), round(reach * delivery),
      round(clicks * delivery), floor(link_clicks * delivery + ${uniform('h', 0)}), buys,
      case when purchases > 0 then round((buys * purchase_value / purchases)::numeric, 2)::float8 else 0 end,
      floor(add_to_cart * conv + ${uniform('h', 2)}),
      round(video_3s_plays * delivery), round(thruplays * delivery)
    from split`);
}
