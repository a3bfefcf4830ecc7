/**
 * The backfill benchmark's path (benchMetaBackfill: 500 ads from the fake Graph API in process), on a
 * shorter range so it stays a test (META_BENCH_DAYS=365 gives the figure: 46 s here under load).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, describeEachDatabase, twoClients, type TestApp } from './harness.js';
import { rowsOf } from '../src/db/rows.js';
import { benchMetaBackfill } from '../src/modules/performance/index.js';

describeEachDatabase('Meta backfill benchmark path on %s', (kind) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof twoClients>>;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { jobs: 'in-process' });
    w = await twoClients(t);
  });
  afterAll(() => t.close());

  it('backfills 500 ads and writes one row per ad and delivering day', { timeout: 180_000 }, async () => {
    const full = process.env.META_BENCH_DAYS;
    // As a test: 10 days, breakdowns of the last 3 (the benchmark keeps the sync's 30).
    const result = await benchMetaBackfill(t.deps, w.a.id, {
      days: Number(full ?? 10),
      tuning: full ? {} : { breakdownDays: 3 },
    });
    expect(result).toMatchObject({ state: 'completed', ads: 500, failures: [] });
    const [counted] = rowsOf<{ n: number }>(
      await t.deps.db.execute(
        sql`select count(*)::int as n from ad_insights_daily where client_id = ${w.a.id}`,
      ),
    );
    expect(counted!.n).toBe(result.rows);
    console.log(`meta backfill: ${result.rows} daily rows in ${result.ms} ms`);
  });
});
