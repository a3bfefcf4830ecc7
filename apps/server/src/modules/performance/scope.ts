/**
 * Which ad accounts a dashboard reads. Demo accounts (the demo data set) are read while the user's demo
 * mode is on and only then, so demo figures never mix with real ones. Accounts in different currencies are
 * never summed together: a view reads the accounts of one currency (the one asked for, or else the one with
 * the most spend in the range) and says which accounts it left out.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { invalidInput, isUuid } from '../../errors.js';

export interface ScopeInput {
  clientId: string;
  demo: boolean;
  from: string;
  to: string;
  /** Only these accounts (ids of the client's accounts); empty or absent: all of them. */
  accountIds?: readonly string[] | null;
  /** Only these campaigns; empty or absent: all of them. */
  campaignIds?: readonly string[] | null;
  /** The currency to read; absent: the one with the most spend in the range. */
  currency?: string | null;
}

export interface AccountScope {
  clientId: string;
  from: string;
  to: string;
  /** The accounts read (all in `currency`). */
  accountIds: string[];
  campaignIds: string[] | null;
  currency: string | null;
  /** The attribution settings of the accounts read, distinct. */
  attributionSettings: string[];
  /** Accounts in the client's filter left out for their currency. */
  excludedAccounts: { id: string; name: string; currency: string }[];
  demo: boolean;
}

const MAX_RANGE_DAYS = 3 * 366;

/** Whole days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The ISO day `n` days after `day` (before, for negative n). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

export function checkRange(from: string, to: string): void {
  if (from > to) throw invalidInput(`The range starts (${from}) after it ends (${to}).`);
  if (daysBetween(from, to) > MAX_RANGE_DAYS)
    throw invalidInput(`The range from ${from} to ${to} is longer than three years: choose a shorter one.`);
}

/**
 * Resolves the accounts a view reads; ids of other clients' accounts or campaigns match nothing. The spend
 * per account names the client too, so the rollup's (client_id, day) index answers it (bench:dashboards).
 */
export async function accountScope(db: Db, input: ScopeInput): Promise<AccountScope> {
  checkRange(input.from, input.to);
  const source = input.demo ? sql`a.source = 'demo'` : sql`a.source <> 'demo'`;
  const only = input.accountIds?.length ? sql`and a.id = any(${uuidArray(input.accountIds)})` : sql``;
  const rows = rowsOf<{
    id: string;
    name: string;
    currency: string;
    attribution: string | null;
    spend: number;
  }>(
    await db.execute(sql`
      select a.id, a.name, a.currency, a.attribution_setting as attribution,
        coalesce((select sum(r.spend) from ad_insights_campaign_daily r
          where r.client_id = a.client_id and r.account_id = a.id
            and r.day between ${input.from} and ${input.to}), 0)::float8 as spend
      from ad_accounts a
      where a.client_id = ${input.clientId} and ${source} ${only}
      order by a.created_at, a.id`),
  );
  let currency = input.currency?.toUpperCase() ?? null;
  if (!currency && rows.length > 0) {
    const spendByCurrency = new Map<string, number>();
    for (const r of rows)
      spendByCurrency.set(r.currency, (spendByCurrency.get(r.currency) ?? 0) + Number(r.spend));
    currency = [...spendByCurrency.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
  }
  const kept = rows.filter((r) => r.currency === currency);
  return {
    clientId: input.clientId,
    from: input.from,
    to: input.to,
    accountIds: kept.map((r) => r.id),
    campaignIds: input.campaignIds?.length ? [...input.campaignIds] : null,
    currency,
    attributionSettings: [...new Set(kept.map((r) => r.attribution).filter((a): a is string => !!a))],
    excludedAccounts: rows
      .filter((r) => r.currency !== currency)
      .map((r) => ({ id: r.id, name: r.name, currency: r.currency })),
    demo: input.demo,
  };
}

/** A `uuid[]` of parameters; only well-formed ids (others name no row anyway). */
function uuidArray(values: readonly string[]) {
  const ids = values.filter(isUuid);
  return ids.length === 0
    ? sql`array[]::uuid[]`
    : sql`array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[]`;
}

/**
 * `<alias>.client_id = … and <alias>.account_id = any(…) [and <alias>.campaign_id = any(…)]` for a table with
 * those columns. The ids are compared as uuids, not as text: `account_id::text = any(…)` hides the column
 * from the planner's statistics, which then expects 2 of a client's 500 ads and reads their daily rows one
 * ad at a time through the primary key (300 ms instead of 20 over 90 days, bench:dashboards).
 */
export function scopeFilter(scope: AccountScope, alias: string) {
  const a = sql.raw(alias);
  const accounts = sql`${a}.account_id = any(${uuidArray(scope.accountIds)})`;
  if (!scope.campaignIds) return sql`${a}.client_id = ${scope.clientId} and ${accounts}`;
  return sql`${a}.client_id = ${scope.clientId} and ${accounts} and ${a}.campaign_id = any(${uuidArray(scope.campaignIds)})`;
}
