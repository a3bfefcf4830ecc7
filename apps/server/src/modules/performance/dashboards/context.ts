/**
 * What the dashboards' filters offer and the page header shows (performanceContext): the client's accounts
 * of the current mode (the demo data set in demo mode, real accounts otherwise), their campaigns,
 * currencies and attribution settings, the days with data and the client's minimum spend.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import { minSpendOf } from './settings.js';

export interface PerformanceContextShape {
  accounts: {
    id: string;
    name: string;
    source: string;
    currency: string;
    timeZone: string;
    lastSyncedAt: Date | null;
  }[];
  campaigns: { id: string; name: string; accountId: string }[];
  currencies: string[];
  attributionSettings: string[];
  firstDay: string | null;
  lastDay: string | null;
  hasData: boolean;
  demo: boolean;
  minSpend: number;
}

/**
 * Meta's attribution setting as a marketer reads it: `7d_click_1d_view` → "7-day click or 1-day view".
 * A setting written otherwise is shown as given.
 */
export function attributionLabel(setting: string): string {
  if (!/^(\d+d_(click|view)_?)+$/.test(setting)) return setting;
  return [...setting.matchAll(/(\d+)d_(click|view)/g)].map((m) => `${m[1]}-day ${m[2]}`).join(' or ');
}

export async function performanceContext(
  db: Db,
  clientId: string,
  demo: boolean,
): Promise<PerformanceContextShape> {
  const source = demo ? sql`a.source = 'demo'` : sql`a.source <> 'demo'`;
  const accounts = rowsOf<{
    id: string;
    name: string;
    source: string;
    currency: string;
    timeZone: string;
    attribution: string | null;
    lastSyncedAt: string | Date | null;
  }>(
    await db.execute(sql`
      select a.id, a.name, a.source, a.currency, a.time_zone as "timeZone",
        a.attribution_setting as attribution, a.last_synced_at as "lastSyncedAt"
      from ad_accounts a where a.client_id = ${clientId} and ${source}
      order by a.name, a.id`),
  );
  const campaigns = rowsOf<{ id: string; name: string; accountId: string }>(
    await db.execute(sql`
      select c.id, c.name, c.account_id as "accountId"
      from ad_campaigns c join ad_accounts a on a.id = c.account_id
      where c.client_id = ${clientId} and a.client_id = ${clientId} and ${source}
      order by c.name, c.id`),
  );
  const [span] = rowsOf<{ firstDay: string | null; lastDay: string | null }>(
    await db.execute(sql`
      select min(r.day)::text as "firstDay", max(r.day)::text as "lastDay"
      from ad_insights_campaign_daily r join ad_accounts a on a.id = r.account_id
      where r.client_id = ${clientId} and a.client_id = ${clientId} and ${source}`),
  );
  return {
    accounts: accounts.map((a) => ({
      id: a.id,
      name: a.name,
      source: a.source,
      currency: a.currency,
      timeZone: a.timeZone,
      lastSyncedAt: a.lastSyncedAt == null ? null : new Date(a.lastSyncedAt),
    })),
    campaigns,
    currencies: [...new Set(accounts.map((a) => a.currency))].sort(),
    attributionSettings: [...new Set(accounts.map((a) => a.attribution).filter((a): a is string => !!a))].map(
      attributionLabel,
    ),
    firstDay: span?.firstDay ?? null,
    lastDay: span?.lastDay ?? null,
    hasData: !!span?.firstDay,
    demo,
    minSpend: await minSpendOf(db, clientId),
  };
}
