/**
 * Syncing one ad account for a range of days, written only through facts.ts: the ad tree, the daily rows
 * chunk by chunk (each chunk's rollup refreshed after it), then the breakdowns of the last days. A chunk or
 * breakdown that fails is reported and skipped — the rows it would have replaced stay — while a token error
 * stops everything (the caller marks the connection).
 */
import { BREAKDOWN_DEFINITIONS, BREAKDOWNS } from '@adloom/commerce';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import type { AdAccountRow } from '../../../db/schema.js';
import {
  ensureAccount,
  refreshCampaignRollup,
  upsertAdTree,
  upsertBreakdownInsights,
  upsertDailyInsights,
  type AdTreeInput,
  type BreakdownInsightInput,
} from '../facts.js';
import { fetchAdTree } from './ad-tree.js';
import { planChunks, type DayRange } from './chunks.js';
import { addDays, daysBetween } from './days.js';
import type { GraphClient } from './graph-client.js';
import { GraphApiError } from './graph-errors.js';
import { breakdownValueOf, metricsOf, type GraphInsightRow } from './insight-rows.js';
import { chunkRows } from './insights-fetch.js';
import type { MetaTuning } from './tuning.js';

export interface AccountSyncResult {
  failures: string[];
  rows: number;
  notes: string[];
  /** Units that succeeded (the ad tree, chunks, breakdowns): with failures, the account is partly synced. */
  partsDone: number;
}

export interface AccountSyncContext {
  db: Db;
  config: Config;
  client: GraphClient;
  tuning: MetaTuning;
  /** Called after each unit of work (the ad tree, a chunk, a breakdown). */
  step: () => Promise<void>;
}

/** Units of work a sync of the range will report progress in. */
export function accountUnits(range: DayRange, tuning: MetaTuning): number {
  return 1 + planChunks(range, tuning).length + BREAKDOWNS.length;
}

const describe = (e: unknown) => (e instanceof Error ? e.message : String(e));
const isTokenError = (e: unknown) => e instanceof GraphApiError && e.kind === 'token';

/** Ad ids by external id, adding the ads of rows the tree did not list (deleted or archived ads). */
async function adIdsFor(
  db: Db,
  account: AdAccountRow,
  adIds: Map<string, string>,
  rows: GraphInsightRow[],
): Promise<void> {
  const missing = new Map<string, AdTreeInput>();
  for (const r of rows)
    if (r.ad_id && !adIds.has(r.ad_id) && !missing.has(r.ad_id))
      missing.set(r.ad_id, {
        campaign: { externalId: r.campaign_id ?? 'unknown', name: r.campaign_name ?? 'Unknown campaign' },
        adSet: { externalId: r.adset_id ?? 'unknown', name: r.adset_name ?? 'Unknown ad set' },
        ad: { externalId: r.ad_id, name: r.ad_name ?? r.ad_id },
      });
  if (missing.size)
    for (const [k, v] of await upsertAdTree(db, account, [...missing.values()])) adIds.set(k, v);
}

export async function syncAccount(
  ctx: AccountSyncContext,
  account: AdAccountRow,
  range: DayRange,
): Promise<AccountSyncResult> {
  const { db, client, tuning } = ctx;
  const result: AccountSyncResult = { failures: [], rows: 0, notes: [], partsDone: 0 };
  const label = `${account.name} (${account.externalId})`;
  const tree = await fetchAdTree(client, ctx, account.clientId, account.externalId);
  const adIds = tree.length ? await upsertAdTree(db, account, tree) : new Map<string, string>();
  result.partsDone += 1;
  await ctx.step();

  const attribution = new Map<string, number>();
  for (const chunk of planChunks(range, tuning)) {
    try {
      for await (const rows of chunkRows(client, account.externalId, chunk, undefined, tuning, (why) =>
        result.notes.push(
          `${label}, ${chunk.since} to ${chunk.until}: ${why} Fetched in smaller synchronous chunks.`,
        ),
      )) {
        await adIdsFor(db, account, adIds, rows);
        for (const r of rows)
          if (r.attribution_setting)
            attribution.set(r.attribution_setting, (attribution.get(r.attribution_setting) ?? 0) + 1);
        await upsertDailyInsights(
          db,
          account,
          rows
            .filter((r) => r.ad_id)
            .map((r) => ({ adId: adIds.get(r.ad_id!)!, day: r.date_start, metrics: metricsOf(r) })),
        );
        result.rows += rows.length;
      }
      await refreshCampaignRollup(db, account.id, chunk.since, chunk.until);
      result.partsDone += 1;
    } catch (e) {
      if (isTokenError(e)) throw e;
      result.failures.push(`${label}, days ${chunk.since} to ${chunk.until}: ${describe(e)}`);
    }
    await ctx.step();
  }

  const breakdownRange: DayRange = {
    since:
      daysBetween(range.since, range.until) >= tuning.breakdownDays
        ? addDays(range.until, -(tuning.breakdownDays - 1))
        : range.since,
    until: range.until,
  };
  for (const breakdown of BREAKDOWNS) {
    const meta = BREAKDOWN_DEFINITIONS[breakdown].metaBreakdowns;
    try {
      for await (const rows of chunkRows(
        client,
        account.externalId,
        { ...breakdownRange, mode: 'sync' },
        meta,
        tuning,
      )) {
        await adIdsFor(db, account, adIds, rows);
        const inputs: BreakdownInsightInput[] = [];
        for (const r of rows) {
          const value = breakdownValueOf(breakdown, r);
          if (r.ad_id && value !== null)
            inputs.push({
              adId: adIds.get(r.ad_id)!,
              day: r.date_start,
              breakdown,
              value,
              metrics: metricsOf(r),
            });
        }
        await upsertBreakdownInsights(db, account, inputs);
      }
      result.partsDone += 1;
    } catch (e) {
      if (isTokenError(e)) throw e;
      result.failures.push(
        `${label}, ${BREAKDOWN_DEFINITIONS[breakdown].label.toLowerCase()} breakdown: ${describe(e)}`,
      );
    }
    await ctx.step();
  }

  const setting = [...attribution.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (setting && setting !== account.attributionSetting)
    await ensureAccount(db, {
      clientId: account.clientId,
      source: 'meta',
      externalId: account.externalId,
      name: account.name,
      currency: account.currency,
      timeZone: account.timeZone,
      attributionSetting: setting,
    });
  return result;
}
