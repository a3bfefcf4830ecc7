/** Small performance data sets written through the module's own writers (performance/facts.ts). */
import type { Db } from '../../src/db/client.js';
import {
  ensureAccount,
  refreshCampaignRollup,
  upsertAdTree,
  upsertBreakdownInsights,
  upsertDailyInsights,
  type AdTreeInput,
  type MetricsInput,
} from '../../src/modules/performance/index.js';
import type { Breakdown } from '@adloom/commerce';
import type { AdAccountSource } from '../../src/db/schema.js';

export function metrics(m: Partial<MetricsInput>): MetricsInput {
  return {
    spend: 0,
    impressions: 0,
    reach: 0,
    clicks: 0,
    linkClicks: 0,
    purchases: 0,
    purchaseValue: 0,
    addToCart: 0,
    video3sPlays: null,
    thruplays: null,
    ...m,
  };
}

/** One account with one campaign, one ad set and the ads named, each with the same rows on the days given. */
export async function accountWithAds(
  db: Db,
  clientId: string,
  opts: {
    source?: AdAccountSource;
    externalId?: string;
    name?: string;
    currency?: string;
    ads: string[];
    days: string[];
    perAdDay: Partial<MetricsInput>;
  },
) {
  const account = await ensureAccount(db, {
    clientId,
    source: opts.source ?? 'file',
    externalId: opts.externalId ?? 'act_1',
    name: opts.name ?? 'Main account',
    currency: opts.currency ?? 'USD',
  });
  const adIds = await upsertAdTree(
    db,
    account,
    opts.ads.map((name) => ({
      campaign: { externalId: 'c1', name: 'Prospecting' },
      adSet: { externalId: 's1', name: 'Broad' },
      ad: { externalId: name, name },
    })),
  );
  await upsertDailyInsights(
    db,
    account,
    [...adIds.values()].flatMap((adId) =>
      opts.days.map((day) => ({ adId, day, metrics: metrics(opts.perAdDay) })),
    ),
  );
  const days = [...opts.days].sort();
  if (days.length) await refreshCampaignRollup(db, account.id, days[0]!, days[days.length - 1]!);
  return { account, adIds };
}

/** An ad of {@link accountWithCampaigns}: its campaign, its rows per day and, optionally, breakdown rows. */
export interface WorldAd {
  campaign: string;
  name: string;
  adSet?: string;
  rows: { day: string; m: Partial<MetricsInput> }[];
  breakdowns?: { breakdown: Breakdown; value: string; day: string; m: Partial<MetricsInput> }[];
  creative?: Partial<AdTreeInput['ad']>;
}

/** One account with several campaigns (named), their ads and rows, and the campaign rollup refreshed. */
export async function accountWithCampaigns(
  db: Db,
  clientId: string,
  opts: {
    source?: AdAccountSource;
    externalId?: string;
    name?: string;
    currency?: string;
    attributionSetting?: string;
    ads: WorldAd[];
  },
) {
  const account = await ensureAccount(db, {
    clientId,
    source: opts.source ?? 'file',
    externalId: opts.externalId ?? 'act_1',
    name: opts.name ?? 'Main account',
    currency: opts.currency ?? 'USD',
    attributionSetting: opts.attributionSetting ?? '7d_click_1d_view',
  });
  const adIds = await upsertAdTree(
    db,
    account,
    opts.ads.map((a) => ({
      campaign: { externalId: a.campaign, name: a.campaign },
      adSet: { externalId: `${a.campaign}/${a.adSet ?? 'Broad'}`, name: a.adSet ?? 'Broad' },
      ad: { externalId: a.name, name: a.name, ...a.creative },
    })),
  );
  await upsertDailyInsights(
    db,
    account,
    opts.ads.flatMap((a) =>
      a.rows.map((r) => ({ adId: adIds.get(a.name)!, day: r.day, metrics: metrics(r.m) })),
    ),
  );
  await upsertBreakdownInsights(
    db,
    account,
    opts.ads.flatMap((a) =>
      (a.breakdowns ?? []).map((r) => ({
        adId: adIds.get(a.name)!,
        day: r.day,
        breakdown: r.breakdown,
        value: r.value,
        metrics: metrics(r.m),
      })),
    ),
  );
  const days = opts.ads.flatMap((a) => a.rows.map((r) => r.day)).sort();
  if (days.length) await refreshCampaignRollup(db, account.id, days[0]!, days[days.length - 1]!);
  return { account, adIds };
}

/** Every day from `from` to `to`, both included. */
export function daysFrom(from: string, to: string): string[] {
  const out: string[] = [];
  for (
    let d = from;
    d <= to;
    d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  )
    out.push(d);
  return out;
}
