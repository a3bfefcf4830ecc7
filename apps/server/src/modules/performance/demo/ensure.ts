/**
 * The demo data set of a client (issue 18, Data 4): one source='demo' ad account that the dashboards read
 * while the user's demo mode is on, and only then (scope.ts). Built when a user turns demo mode on, by the
 * seed of a fresh install, and by resetDemoPerformanceData; built again (ending yesterday) when it is
 * ensured and no longer ends yesterday. The account, campaigns and ads keep their ids across rebuilds, so
 * a saved view or a filter still names them.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { adAccounts, ads } from '../../../db/schema.js';
import { rowsOf } from '../../../db/rows.js';
import { generatedCreatives } from '../../feeds/index.js';
import { starterAutoTagKeys, starterThumbnails, starterVersionIds } from '../../templates/index.js';
import { filePath } from '../../uploads/index.js';
import {
  deleteAccount,
  ensureAccount,
  refreshCampaignRollup,
  upsertAdTree,
  type AdTreeInput,
} from '../facts.js';
import { addDays } from '../scope.js';
import {
  CAMPAIGNS,
  DEMO_ACCOUNT,
  DEMO_DAYS,
  demoAds,
  ENHANCEMENT_ADS,
  demoShares,
  PLACEHOLDER_PRODUCTS,
  productShares,
  type AdPlan,
  type ShareRow,
} from './plan.js';
import { writeBreakdownRows, writeDailyRows, type WrittenAd } from './write.js';

/** Today in the demo account's time zone: the data set ends the day before. */
export function demoToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: DEMO_ACCOUNT.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The first and last day of the data set built on `today`. */
export function demoWindow(today: string): { first: string; last: string } {
  if (!ISO_DAY.test(today) || Number.isNaN(Date.parse(`${today}T00:00:00Z`)))
    throw new Error(`demo data: today must be an ISO day (YYYY-MM-DD), not "${today}"`);
  const last = addDays(today, -1);
  return { first: addDays(last, -(DEMO_DAYS - 1)), last };
}

interface PlannedAd {
  plan: AdPlan;
  tree: AdTreeInput;
}

/**
 * The ad tree of the plan. Image ads show starter templates (their version once the library is seeded).
 * Enhancement catalogue ads show the client's generated creatives when it has some, else the plan's
 * starter templates; plain catalogue ads show the catalogue image (no creative of ours). Both kinds of
 * catalogue ads deliver the same products, so the enhancement lift compares like with like.
 */
async function plannedAds(db: Db, clientId: string): Promise<{ ads: PlannedAd[]; shares: ShareRow[] }> {
  const tags = starterAutoTagKeys();
  const plans = demoAds(starterThumbnails().map((s) => ({ key: s.key, tags: tags.get(s.key) ?? [] })));
  const enhancementAds = plans.filter((a) => a.catalogShows === 'enhancement');
  const creatives = await generatedCreatives(db, clientId, enhancementAds.length);
  const thumbnails = new Map(starterThumbnails().map((s) => [s.key, s.thumbnailUrl]));
  const versions = await starterVersionIds(db);
  const products = creatives.length
    ? [...new Set(creatives.map((c) => c.itemId))]
    : [...PLACEHOLDER_PRODUCTS];
  const campaigns = new Map(CAMPAIGNS.map((c) => [c.key, c]));
  const shares = demoShares();
  let enhancementIndex = 0;
  let catalogIndex = 0;
  const planned = plans.map((plan) => {
    const campaign = campaigns.get(plan.campaign)!;
    const adSet = campaign.adSets.find((s) => s.externalId === plan.adSet)!;
    // Video ads have no picture of theirs here (a starter's thumbnail would lend them its template's
    // features, and the planted effects are the image ads').
    const thumbnail = plan.starterKey ? (thumbnails.get(plan.starterKey) ?? null) : null;
    let ad: AdTreeInput['ad'] = {
      externalId: plan.externalId,
      name: plan.name,
      status: plan.status,
      creativeKind: plan.kind,
      creativeUrl: plan.kind === 'video' ? null : thumbnail,
      thumbnailUrl: thumbnail,
      templateVersionId: plan.starterKey ? (versions.get(plan.starterKey) ?? null) : null,
    };
    if (plan.kind === 'catalog') {
      const index = catalogIndex++;
      const creative =
        plan.catalogShows === 'enhancement' && creatives.length
          ? creatives[enhancementIndex++ % creatives.length]!
          : null;
      if (creative) {
        const url = filePath(creative.outputKey);
        ad = {
          ...ad,
          name: `${plan.name} – ${creative.itemId}`,
          creativeUrl: url,
          thumbnailUrl: url,
          feedId: creative.feedId,
          designId: creative.designId,
          templateVersionId: creative.templateVersionId,
          catalogItemId: creative.itemId,
        };
      } else if (plan.catalogShows === 'catalog') {
        ad = { ...ad, name: `${plan.name} – catalogue image` };
      }
      // The n-th ad of each kind starts at the same product, so both kinds cover the same products.
      const slot = index % ENHANCEMENT_ADS;
      const own = creative ? products.indexOf(creative.itemId) : (slot * 5) % products.length;
      shares.push(...productShares(plan.externalId, products, own));
    }
    return {
      plan,
      tree: {
        campaign: { externalId: campaign.externalId, name: campaign.name, objective: campaign.objective },
        adSet: { externalId: adSet.externalId, name: adSet.name },
        ad,
      },
    };
  });
  return { ads: planned, shares };
}

export interface DemoDataState {
  accountId: string;
  firstDay: string | null;
  lastDay: string | null;
  ads: number;
}

/** The client's demo data set as stored, or null when it has none. */
export async function demoDataState(db: Db, clientId: string): Promise<DemoDataState | null> {
  const [row] = rowsOf<{ id: string; first: string | null; last: string | null; ads: number }>(
    await db.execute(sql`
      select a.id, min(r.day)::text as first, max(r.day)::text as last,
        (select count(*)::int from ads where ads.account_id = a.id) as ads
      from ad_accounts a left join ad_insights_campaign_daily r on r.account_id = a.id
      where a.client_id = ${clientId} and a.source = 'demo' and a.external_id = ${DEMO_ACCOUNT.externalId}
      group by a.id`),
  );
  return row ? { accountId: row.id, firstDay: row.first, lastDay: row.last, ads: Number(row.ads) } : null;
}

export type EnsureOutcome = 'built' | 'fresh';

/**
 * Makes the client's demo data set end yesterday (`today` in the account's time zone): builds it, or
 * rewrites it when it ends on another day or its catalogue ads should show other creatives; leaves it
 * alone when it is current. One transaction, under a lock per client, so two calls at once build once
 * and a dashboard never sees half a data set.
 */
export async function ensureDemoData(
  db: Db,
  clientId: string,
  today: string = demoToday(),
): Promise<EnsureOutcome> {
  const { first, last } = demoWindow(today);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`adloom demo data ${clientId}`}, 0))`,
    );
    // A demo set of an older plan is replaced, never mixed with this one.
    await tx
      .delete(adAccounts)
      .where(
        and(
          eq(adAccounts.clientId, clientId),
          eq(adAccounts.source, 'demo'),
          ne(adAccounts.externalId, DEMO_ACCOUNT.externalId),
        ),
      );
    const planned = await plannedAds(tx, clientId);
    const state = await demoDataState(tx, clientId);
    if (state && (await creativesChanged(tx, state.accountId, planned.ads))) {
      // The links to Adloom creatives are kept by upserts (facts.ts), so other creatives mean a new account.
      await deleteAccount(tx, clientId, state.accountId);
    } else if (
      state &&
      state.firstDay === first &&
      state.lastDay === last &&
      state.ads === planned.ads.length
    ) {
      return 'fresh';
    }
    const account = await ensureAccount(tx, { clientId, source: 'demo', ...DEMO_ACCOUNT });
    const ids = await upsertAdTree(
      tx,
      account,
      planned.ads.map((a) => a.tree),
    );
    const written: WrittenAd[] = planned.ads.map((a) => ({ ...a.plan, id: ids.get(a.plan.externalId)! }));
    await tx.execute(
      sql`delete from ad_insights_daily where ad_id in (select id from ads where account_id = ${account.id})`,
    );
    await tx.execute(
      sql`delete from ad_insights_breakdowns where ad_id in (select id from ads where account_id = ${account.id})`,
    );
    await writeDailyRows(tx, clientId, first, written);
    await writeBreakdownRows(tx, first, written, planned.shares);
    const from = state?.firstDay && state.firstDay < first ? state.firstDay : first;
    const to = state?.lastDay && state.lastDay > last ? state.lastDay : last;
    await refreshCampaignRollup(tx, account.id, from, to);
    await tx.update(adAccounts).set({ lastSyncedAt: new Date() }).where(eq(adAccounts.id, account.id));
    return 'built';
  });
}

/**
 * Whether the stored ads show other creatives than the plan's (generated creatives came or went, or the
 * library was seeded since).
 */
async function creativesChanged(db: Db, accountId: string, planned: PlannedAd[]): Promise<boolean> {
  const stored = await db
    .select({
      externalId: ads.externalId,
      creativeUrl: ads.creativeUrl,
      catalogItemId: ads.catalogItemId,
      templateVersionId: ads.templateVersionId,
    })
    .from(ads)
    .where(eq(ads.accountId, accountId));
  const byId = new Map(stored.map((a) => [a.externalId, a]));
  return planned.some((p) => {
    const s = byId.get(p.tree.ad.externalId);
    return (
      !s ||
      (s.creativeUrl ?? null) !== (p.tree.ad.creativeUrl ?? null) ||
      (s.catalogItemId ?? null) !== (p.tree.ad.catalogItemId ?? null) ||
      (s.templateVersionId ?? null) !== (p.tree.ad.templateVersionId ?? null)
    );
  });
}

/** Deletes the client's demo data set and builds it again (new ids). */
export async function resetDemoData(db: Db, clientId: string, today: string = demoToday()): Promise<void> {
  const state = await demoDataState(db, clientId);
  if (state) await deleteAccount(db, clientId, state.accountId);
  await ensureDemoData(db, clientId, today);
}
