import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { describeEachDatabase, openTestDatabase } from './harness.js';
import type { Database } from '../src/db/client.js';
import { rowsOf } from '../src/db/rows.js';
import { createClient } from '../src/modules/clients/index.js';
import {
  ensureAccount,
  refreshCampaignRollup,
  upsertAdTree,
  upsertDailyInsights,
} from '../src/modules/performance/index.js';
import { metrics } from './performance/world.js';

const COLUMNS = ['spend', 'impressions', 'link_clicks', 'purchases', 'purchase_value'] as const;
type Sums = Record<(typeof COLUMNS)[number], number>;

function day(n: number): string {
  return new Date(Date.UTC(2026, 2, 1) + n * 86_400_000).toISOString().slice(0, 10);
}

describeEachDatabase('per-ad running totals (ad_insights_ad_cumulative) on %s', (kind) => {
  let database: Database;
  let account: Awaited<ReturnType<typeof ensureAccount>>;
  let adIds: string[];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const client = await createClient(database.db, { name: 'Running totals', planStatus: 'paying' });
    account = await ensureAccount(database.db, {
      clientId: client.id,
      source: 'file',
      externalId: 'act_cum',
      name: 'Account',
      currency: 'USD',
    });
    const ids = await upsertAdTree(
      database.db,
      account,
      ['a', 'b', 'c'].map((name) => ({
        campaign: { externalId: 'c1', name: 'Campaign' },
        adSet: { externalId: 's1', name: 'Set' },
        ad: { externalId: name, name },
      })),
    );
    adIds = [...ids.values()];
  });
  afterAll(() => database.close());

  /** Writes rows as a writer does: upsert, then the rollups of the days written. */
  async function write(rows: { ad: number; day: number; seed: number }[]): Promise<void> {
    await upsertDailyInsights(
      database.db,
      account,
      rows.map((r) => ({
        adId: adIds[r.ad]!,
        day: day(r.day),
        metrics: metrics({
          spend: Math.round(r.seed * 137.31) / 100 + 0.1,
          impressions: 1000 + r.seed * 17,
          linkClicks: 10 + (r.seed % 7),
          purchases: r.seed % 3,
          purchaseValue: (r.seed % 3) * 19.99,
        }),
      })),
    );
    const days = rows.map((r) => r.day).sort((a, b) => a - b);
    await refreshCampaignRollup(database.db, account.id, day(days[0]!), day(days[days.length - 1]!));
  }

  /** Each ad's sums over [from, to] from the running totals: last total up to `to` minus last before `from`. */
  async function fromTotals(from: string, to: string): Promise<Map<string, Sums>> {
    const diff = COLUMNS.map((c) => `(hi.cum_${c} - coalesce(lo.cum_${c}, 0))::float8 as ${c}`).join(', ');
    const last = (where: string) =>
      `select * from ad_insights_ad_cumulative c where c.ad_id = a.id and ${where} order by c.day desc limit 1`;
    const rows = rowsOf<Sums & { ad_id: string }>(
      await database.db.execute(
        sql.raw(`select a.id::text as ad_id, ${diff} from ads a
          cross join lateral (${last(`c.day <= '${to}'`)}) hi
          left join lateral (${last(`c.day < '${from}'`)}) lo on true
          where a.account_id = '${account.id}' and hi.day >= '${from}'`),
      ),
    );
    return new Map(rows.map(({ ad_id, ...sums }) => [ad_id, sums]));
  }

  async function fromDailyRows(from: string, to: string): Promise<Map<string, Sums>> {
    const sums = COLUMNS.map((c) => `sum(${c})::float8 as ${c}`).join(', ');
    const rows = rowsOf<Sums & { ad_id: string }>(
      await database.db.execute(
        sql.raw(`select ad_id::text, ${sums} from ad_insights_daily
          where client_id = '${account.clientId}' and day between '${from}' and '${to}' group by ad_id`),
      ),
    );
    return new Map(rows.map(({ ad_id, ...s }) => [ad_id, s]));
  }

  async function expectSameSums(): Promise<void> {
    const ranges: [number, number][] = [
      [-5, 40],
      [0, 0],
      [1, 3],
      [2, 9],
      [4, 4],
      [5, 12],
      [10, 11],
      [13, 20],
      [-3, -1],
    ];
    for (const [a, b] of ranges) {
      const [totals, daily] = await Promise.all([fromTotals(day(a), day(b)), fromDailyRows(day(a), day(b))]);
      expect([...totals.keys()].sort(), `ads of ${day(a)}..${day(b)}`).toEqual([...daily.keys()].sort());
      for (const [ad, sums] of daily)
        for (const c of COLUMNS)
          expect(totals.get(ad)![c], `${c} of ${day(a)}..${day(b)}`).toBeCloseTo(sums[c], 9);
    }
    // One running total per daily row, none left over from rows restated or gone.
    const [counts] = rowsOf<{ daily: number; totals: number }>(
      await database.db.execute(sql`select
        (select count(*)::int from ad_insights_daily where client_id = ${account.clientId}) as daily,
        (select count(*)::int from ad_insights_ad_cumulative where client_id = ${account.clientId}) as totals`),
    );
    expect(counts!.totals).toBe(counts!.daily);
  }

  it('gives each ad the sums of its daily rows over any range, after first writes', async () => {
    await write(
      [0, 1, 2].flatMap((ad) =>
        Array.from({ length: 10 }, (_, d) => ({ ad, day: d + ad, seed: ad * 31 + d })).filter(
          (r) => !(r.ad === 1 && r.day === 5),
        ),
      ),
    );
    await expectSameSums();
  });

  it('stays equal to the daily rows when a sync restates past days, fills a gap and adds days before and after', async () => {
    // A restated day in the middle of ad a's history, the gap of ad b filled, and a new last day.
    await write([
      { ad: 0, day: 3, seed: 900 },
      { ad: 1, day: 5, seed: 901 },
      { ad: 2, day: 12, seed: 902 },
    ]);
    await expectSameSums();
    // Days before the first day of an ad (an older export imported later), and a nightly sync of the last day.
    await write([
      { ad: 2, day: -2, seed: 903 },
      { ad: 2, day: 0, seed: 904 },
    ]);
    await write([{ ad: 0, day: 9, seed: 905 }]);
    await expectSameSums();
  });

  it('forgets the rows of an ad that is deleted', async () => {
    await database.db.execute(sql`delete from ads where id = ${adIds[1]!}`);
    await expectSameSums();
  });
});
