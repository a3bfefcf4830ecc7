/**
 * Keeps demo data sets living: a job, sent at start and then by itself every few hours (the queue has no
 * cron), brings every client's demo data set that no longer ends yesterday up to date, so a user who
 * leaves demo mode on sees the last six months, not a frozen window. A current data set costs one query.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import type { JobQueue } from '../../../jobs/queue.js';
import { registerJobHandler } from '../../../jobs/registry.js';
import { requestFeatureExtraction } from '../creative-features/extract/extract.jobs.js';
import { demoToday, demoWindow, ensureDemoData } from './ensure.js';
import { DEMO_ACCOUNT } from './plan.js';

export const REFRESH_DEMO_DATA = 'refresh-demo-data';
/** Hours between two refreshes: a data set is at most this late after midnight in its time zone. */
const EVERY_HOURS = 6;

/** Rebuilds the demo data sets that do not end yesterday; returns their clients' ids. */
export async function refreshDemoDataSets(db: Db, today: string = demoToday()): Promise<string[]> {
  const { last } = demoWindow(today);
  const stale = rowsOf<{ clientId: string }>(
    await db.execute(sql`
      select a.client_id as "clientId" from ad_accounts a
      where a.source = 'demo' and a.external_id = ${DEMO_ACCOUNT.externalId}
        and not exists (select 1 from ad_insights_campaign_daily r where r.account_id = a.id and r.day = ${last})
      order by a.client_id`),
  ).map((r) => r.clientId);
  for (const clientId of stale) await ensureDemoData(db, clientId, today);
  return stale;
}

/** Sends the refresh job (once: one already waiting stands for this one). */
export function queueDemoDataRefresh(jobs: JobQueue, startAfterSeconds?: number): Promise<string | null> {
  return jobs.send(
    REFRESH_DEMO_DATA,
    {},
    {
      singletonKey: REFRESH_DEMO_DATA,
      retryLimit: 3,
      retryDelay: 60,
      expireInSeconds: 1800,
      startAfterSeconds,
    },
  );
}

registerJobHandler(REFRESH_DEMO_DATA, async (_job, ctx) => {
  // The next run is queued first, so a failing refresh does not end the chain.
  await queueDemoDataRefresh(ctx.jobs, EVERY_HOURS * 3600);
  const refreshed = await refreshDemoDataSets(ctx.db);
  for (const clientId of refreshed) await requestFeatureExtraction(ctx, clientId);
  return { refreshed };
});
