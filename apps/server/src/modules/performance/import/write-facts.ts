/**
 * Writing an export's rows through the performance writers (facts.ts): the accounts, the ad tree, the
 * daily rows and the breakdown rows, then the campaign rollup of the days touched. Rows arrive one at a
 * time and are written in batches; memory holds a batch and the ids of the ads seen, whatever the file's
 * size:
 * - no breakdown column: each row is an ad's day, written as it comes (rows of the same ad and day in one
 *   batch are summed);
 * - one breakdown column: each row is a breakdown row, written as it comes; the daily rows are the sums
 *   over the values, summed in the import's temporary table (sums-table.ts) and written at the end;
 * - two or more (Age and Gender): each breakdown's rows are the sums over the others, summed there too.
 * Callers run it in one transaction (the temporary table lives in it), so a file that fails leaves what
 * was stored before.
 */
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
  type DailyInsightInput,
  type MetricsInput,
} from '../facts.js';
import type { ExportBreakdown, ExportRow } from './export-rows.js';
import { addSums, createSumsTable, readSums, type SumEntry } from './sums-table.js';

const BATCH = 2000;

function addMetrics(into: MetricsInput, m: MetricsInput): void {
  into.spend += m.spend;
  into.impressions += m.impressions;
  into.reach += m.reach;
  into.clicks += m.clicks;
  into.linkClicks += m.linkClicks;
  into.purchases += m.purchases;
  into.purchaseValue += m.purchaseValue;
  into.addToCart += m.addToCart;
  if (m.video3sPlays !== null) into.video3sPlays = (into.video3sPlays ?? 0) + m.video3sPlays;
  if (m.thruplays !== null) into.thruplays = (into.thruplays ?? 0) + m.thruplays;
}

/** Sums by key: adds a row's metrics into the entry of its key (a copy the first time). */
class Sums<T extends { metrics: MetricsInput }> {
  readonly byKey = new Map<string, T>();
  add(key: string, entry: T): void {
    const found = this.byKey.get(key);
    if (found) addMetrics(found.metrics, entry.metrics);
    else this.byKey.set(key, { ...entry, metrics: { ...entry.metrics } });
  }
  get size() {
    return this.byKey.size;
  }
  take(): T[] {
    const all = [...this.byKey.values()];
    this.byKey.clear();
    return all;
  }
}

interface AccountState {
  row: AdAccountRow;
  adIds: Map<string, string>;
  from: string;
  to: string;
}

export interface WriteSummary {
  accounts: AdAccountRow[];
  firstDay: string | null;
  lastDay: string | null;
}

/** Collects rows and writes them (see above); `finish` writes what is left and refreshes the rollups. */
export class FactsWriter {
  private readonly accounts = new Map<string, AccountState>();
  private pending: ExportRow[] = [];
  private sumsTable = false;

  constructor(
    private readonly db: Db,
    private readonly clientId: string,
    /** The breakdown columns of the file. */
    private readonly breakdowns: readonly ExportBreakdown[],
  ) {}

  async add(row: ExportRow): Promise<void> {
    this.pending.push(row);
    if (this.pending.length >= BATCH) await this.flush();
  }

  private async account(row: ExportRow): Promise<AccountState> {
    const key = `${row.account.externalId}\u001f${row.currency}`;
    let state = this.accounts.get(key);
    if (!state) {
      const account = await ensureAccount(this.db, {
        clientId: this.clientId,
        source: 'file',
        externalId: row.account.externalId,
        name: row.account.name,
        currency: row.currency,
        ...(row.account.attributionSetting ? { attributionSetting: row.account.attributionSetting } : {}),
      });
      state = { row: account, adIds: new Map(), from: row.day, to: row.day };
      this.accounts.set(key, state);
    }
    if (row.day < state.from) state.from = row.day;
    if (row.day > state.to) state.to = row.day;
    return state;
  }

  private async flush(): Promise<void> {
    const rows = this.pending;
    this.pending = [];
    if (rows.length === 0) return;
    // The ads not seen yet, per account.
    const states = new Map<ExportRow, AccountState>();
    const newAds = new Map<AccountState, Map<string, AdTreeInput>>();
    for (const row of rows) {
      const state = await this.account(row);
      states.set(row, state);
      if (state.adIds.has(row.ad.externalId)) continue;
      const list = newAds.get(state) ?? new Map<string, AdTreeInput>();
      list.set(row.ad.externalId, { campaign: row.campaign, adSet: row.adSet, ad: row.ad });
      newAds.set(state, list);
    }
    for (const [state, list] of newAds) {
      const ids = await upsertAdTree(this.db, state.row, [...list.values()]);
      for (const [external, id] of ids) state.adIds.set(external, id);
    }

    const direct = new Sums<DailyInsightInput>();
    const directBreakdown = new Sums<BreakdownInsightInput>();
    const summed = new Sums<SumEntry>();
    for (const row of rows) {
      const adId = states.get(row)!.adIds.get(row.ad.externalId)!;
      const entry = { adId, day: row.day, metrics: row.metrics };
      const adDay = `${adId}|${row.day}`;
      if (this.breakdowns.length === 0) direct.add(adDay, entry);
      else summed.add(adDay, { ...entry, breakdown: null, value: null });
      for (const breakdown of this.breakdowns) {
        const value = row.breakdowns[breakdown]!;
        const key = `${adDay}|${breakdown}|${value}`;
        if (this.breakdowns.length === 1) directBreakdown.add(key, { ...entry, breakdown, value });
        else summed.add(key, { ...entry, breakdown, value });
      }
    }
    const client = { clientId: this.clientId };
    if (direct.size) await upsertDailyInsights(this.db, client, direct.take());
    if (directBreakdown.size) await upsertBreakdownInsights(this.db, client, directBreakdown.take());
    if (summed.size) {
      if (!this.sumsTable) await createSumsTable(this.db);
      this.sumsTable = true;
      await addSums(this.db, summed.take());
    }
  }

  async finish(): Promise<WriteSummary> {
    await this.flush();
    const client = { clientId: this.clientId };
    if (this.sumsTable)
      for await (const page of readSums(this.db)) {
        const daily: DailyInsightInput[] = [];
        const breakdown: BreakdownInsightInput[] = [];
        for (const { breakdown: b, value, ...entry } of page)
          if (b === null) daily.push(entry);
          else breakdown.push({ ...entry, breakdown: b as ExportBreakdown, value: value! });
        if (daily.length) await upsertDailyInsights(this.db, client, daily);
        if (breakdown.length) await upsertBreakdownInsights(this.db, client, breakdown);
      }
    let firstDay: string | null = null;
    let lastDay: string | null = null;
    for (const state of this.accounts.values()) {
      await refreshCampaignRollup(this.db, state.row.id, state.from, state.to);
      if (!firstDay || state.from < firstDay) firstDay = state.from;
      if (!lastDay || state.to > lastDay) lastDay = state.to;
    }
    return { accounts: [...this.accounts.values()].map((s) => s.row), firstDay, lastDay };
  }
}
