/** Small performance data sets written through the module's own writers (performance/facts.ts). */
import type { Db } from '../../src/db/client.js';
import {
  ensureAccount,
  refreshCampaignRollup,
  upsertAdTree,
  upsertDailyInsights,
  type MetricsInput,
} from '../../src/modules/performance/index.js';
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
