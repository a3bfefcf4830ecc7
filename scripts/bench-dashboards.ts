/**
 * `npm run bench:dashboards` (issue 18, Measure): the dashboards' queries on generated delivery.
 * - PostgreSQL: 10 million daily insight rows (clients of one account, 500 ads in 10 campaigns, a year of
 *   days each), on the server at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test, a fresh
 *   database made and dropped there) when it answers, else the embedded PostgreSQL in a fresh folder;
 * - PGlite (@electric-sql/pglite, in process): 1 million rows.
 * Rows are made with INSERT … SELECT generate_series (values drawn by random(), the same shape every run),
 * laid out as the nightly sync writes them (an account's ads for a day together, day after day; without
 * the order a client's 45,000 rows of 90 days sat on 42,000 different pages and top ads took 170 ms),
 * the fact table's keys and indexes built after the load as a restore does, then the campaign rollup
 * through refreshCampaignRollup, as the writers keep it. Then, for one client over its last 90 days, 30 runs
 * each (after a warm-up) of:
 * - overview: performanceComparison + performanceTimeSeries (by day, split by campaign) + topAds (ROAS);
 * - performance: performanceTimeSeries by day, split by campaign, against the previous 90 days;
 * each run resolving the account scope as the resolvers do. Prints p50/p95 against the targets (PostgreSQL
 * p95 ≤ 300 ms, PGlite p95 ≤ 1 s), then the backfill of one year × 500 ads from the fake Graph API when the
 * Meta sync provides its hook (benchMetaBackfill), and last one JSON line. `--quick`: 10 × fewer rows.
 * Missing a target is reported, not an error.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { openDatabase } from '../apps/server/src/db/client.js';
import type { Db } from '../apps/server/src/db/client.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createClient } from '../apps/server/src/modules/clients/index.js';
import { ensureAccount, refreshCampaignRollup } from '../apps/server/src/modules/performance/index.js';
import { accountScope } from '../apps/server/src/modules/performance/scope.js';
import { compare } from '../apps/server/src/modules/performance/dashboards/comparison.js';
import { timeSeries } from '../apps/server/src/modules/performance/dashboards/time-series.js';
import { adSums, adsWithValues, pickTopAds } from '../apps/server/src/modules/performance/dashboards/ads.js';
import { minSpendOf } from '../apps/server/src/modules/performance/dashboards/settings.js';
import { quantile, round1, since, table } from './bench/stats.js';

const QUICK = process.argv.includes('--quick');
const ROWS_PG = QUICK ? 1_000_000 : 10_000_000;
const ROWS_PGLITE = QUICK ? 100_000 : 1_000_000;
const ADS = 500;
const CAMPAIGNS = 10;
const FIRST_DAY = '2025-10-01';
const LAST_DAY = '2026-09-30';
const DAYS = 365;
const RUNS = 30;
const RANGE_DAYS = 90;
const TARGET_PG_MS = 300;
const TARGET_PGLITE_MS = 1000;
const TARGET_BACKFILL_S = 60;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const log = (message: string): void => console.error(`… ${message}`);

interface Figures {
  rows: number;
  overview: number[];
  performance: number[];
  /** `select 1`, to read the others against: the machine's load shows here first. */
  roundTrip: number[];
}

/** Clients of one account each, 500 ads in 10 campaigns (one ad set each), a year of rows per ad. */
async function generate(db: Db, targetRows: number): Promise<{ clientId: string; rows: number }> {
  const clients = Math.max(1, Math.ceil(targetRows / (ADS * DAYS)));
  const started = performance.now();
  let first = '';
  for (let i = 0; i < clients; i++) {
    const client = await createClient(db, { name: `Bench ${i + 1}`, planStatus: 'paying' });
    first ||= client.id;
    await ensureAccount(db, {
      clientId: client.id,
      source: 'meta',
      externalId: `act_${i + 1}`,
      name: `Account ${i + 1}`,
      currency: 'USD',
      attributionSetting: '7d_click_1d_view',
    });
  }
  await db.execute(sql`
    insert into ad_campaigns (client_id, account_id, external_id, name)
    select a.client_id, a.id, 'c' || g, 'Campaign ' || g from ad_accounts a, generate_series(1, ${CAMPAIGNS}) g`);
  await db.execute(sql`
    insert into ad_sets (client_id, account_id, campaign_id, external_id, name)
    select c.client_id, c.account_id, c.id, c.external_id || '/s', 'Broad' from ad_campaigns c`);
  await db.execute(sql`
    insert into ads (client_id, account_id, campaign_id, ad_set_id, external_id, name, creative_kind)
    select s.client_id, s.account_id, s.campaign_id, s.id, s.external_id || '/' || g, 'Ad ' || s.external_id || '/' || g, 'image'
    from ad_sets s, generate_series(1, ${ADS / CAMPAIGNS}) g`);
  // A bulk load: keys, index and foreign key built once after the rows, with the names the migration gives.
  await db.execute(sql`alter table ad_insights_daily drop constraint ad_insights_daily_ad_id_ads_id_fk`);
  await db.execute(sql`alter table ad_insights_daily drop constraint ad_insights_daily_ad_id_day_pk`);
  await db.execute(sql`drop index ad_insights_daily_client_id_day_index`);
  await db.execute(sql`
    insert into ad_insights_daily (client_id, ad_id, day, spend, impressions, reach, clicks, link_clicks,
      purchases, purchase_value, add_to_cart, video_3s_plays, thruplays)
    select client_id, id, day, spend, imps, (imps * 0.6)::bigint, (imps * 0.02)::bigint, (imps * 0.012 * r)::bigint,
      floor(r * spend / 12), floor(r * spend / 12) * (30 + 40 * r), floor(r * spend / 5), null, null
    from (
      select a.client_id, a.id, d::date as day, 5 + random() * 45 as spend, (500 + random() * 4500)::bigint as imps,
        random() as r
      from generate_series(${FIRST_DAY}::date, ${LAST_DAY}::date, interval '1 day') d cross join ads a
      order by d, a.account_id, a.id
    ) x`);
  log(`rows written in ${(since(started) / 1000).toFixed(0)} s; building keys`);
  await db.execute(
    sql`alter table ad_insights_daily add constraint ad_insights_daily_ad_id_day_pk primary key (ad_id, day)`,
  );
  await db.execute(
    sql`create index ad_insights_daily_client_id_day_index on ad_insights_daily using btree (client_id, day)`,
  );
  await db.execute(sql`alter table ad_insights_daily add constraint ad_insights_daily_ad_id_ads_id_fk
    foreign key (ad_id) references ads(id) on delete cascade`);
  log(`keys built at ${(since(started) / 1000).toFixed(0)} s; building the campaign rollup`);
  const accounts = (await db.execute(sql`select id from ad_accounts`)) as unknown as {
    rows: { id: string }[];
  };
  for (const a of accounts.rows) await refreshCampaignRollup(db, a.id, FIRST_DAY, LAST_DAY);
  await db.execute(sql`analyze`);
  const counted = (await db.execute(sql`select count(*)::int as n from ad_insights_daily`)) as unknown as {
    rows: { n: number }[];
  };
  log(`data ready in ${(since(started) / 1000).toFixed(0)} s`);
  return { clientId: first, rows: Number(counted.rows[0]!.n) };
}

/** The last 90 days of the data, and 30 timed runs (after one warm-up) of each group of queries. */
async function measure(db: Db, clientId: string): Promise<Omit<Figures, 'rows'>> {
  const to = LAST_DAY;
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (RANGE_DAYS - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const scope = () => accountScope(db, { clientId, demo: false, from, to });
  // The overview page asks its three queries at once; each resolver resolves the scope itself.
  const overview = async () => {
    await Promise.all([
      scope().then((s) => compare(db, s)),
      scope().then((s) => timeSeries(db, s, 'DAY', { splitByCampaign: true })),
      scope().then(async (s) => {
        const top = pickTopAds(await adSums(db, s), 'roas', 5, await minSpendOf(db, clientId));
        const ads = await adsWithValues(db, clientId, top);
        if (ads.length !== 5) throw new Error(`topAds gave ${ads.length} ads`);
      }),
    ]);
  };
  const perf = async () => {
    const s = await scope();
    const series = await timeSeries(db, s, 'DAY', { splitByCampaign: true });
    if (series.current.length !== CAMPAIGNS + 1 || series.current[0]!.points.length !== RANGE_DAYS)
      throw new Error('unexpected series');
  };
  const time = async (run: () => Promise<void>) => {
    await run();
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await run();
      samples.push(since(started));
    }
    return samples;
  };
  const roundTrip = await time(async () => {
    await db.execute(sql`select 1`);
  });
  return { overview: await time(overview), performance: await time(perf), roundTrip };
}

async function onPostgres(): Promise<Figures & { kind: string }> {
  let reachable = false;
  const probe = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await probe.connect();
    reachable = true;
  } catch {
    // Not answering: the embedded PostgreSQL instead.
  } finally {
    await probe.end().catch(() => undefined);
  }
  let drop: () => Promise<void>;
  let database;
  let kind: string;
  if (reachable) {
    const name = `adloom_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
    kind = `PostgreSQL at ${url.host}`;
    drop = async () => {
      await database!.close();
      const dropper = new pg.Client({ connectionString: PG_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  } else {
    const dir = await mkdtemp(path.join(process.env.BENCH_DB_DIR ?? tmpdir(), 'adloom-bench-'));
    database = await openDatabase({ dataDir: dir, command: 'npm run bench:dashboards', poolSize: 4 });
    kind = 'the embedded PostgreSQL';
    drop = async () => {
      await database!.close();
      await rm(dir, { recursive: true, force: true });
    };
  }
  try {
    await database.migrate();
    log(`PostgreSQL (${kind}): generating ${ROWS_PG.toLocaleString('en')} rows`);
    const { clientId, rows } = await generate(database.db, ROWS_PG);
    return { kind, rows, ...(await measure(database.db, clientId)) };
  } finally {
    await drop();
  }
}

async function onPglite(): Promise<Figures> {
  const dir = await mkdtemp(path.join(process.env.BENCH_DB_DIR ?? tmpdir(), 'adloom-bench-pglite-'));
  const pglite = new PGlite(dir);
  try {
    await pglite.waitReady;
    const db = drizzle(pglite);
    await migrate(db, { migrationsFolder: path.resolve(import.meta.dirname, '../apps/server/drizzle') });
    log(`PGlite: generating ${ROWS_PGLITE.toLocaleString('en')} rows`);
    const typed = db as unknown as Db;
    const { clientId, rows } = await generate(typed, ROWS_PGLITE);
    return { rows, ...(await measure(typed, clientId)) };
  } finally {
    await pglite.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The third figure: a backfill of one year × 500 ads from the fake Graph API, through the Meta sync's own
 * hook (performance/meta benchMetaBackfill) on a fresh embedded database. Null, with a line saying so, while
 * that hook is not there.
 */
async function measureBackfill(): Promise<number | null> {
  const meta = (await import('../apps/server/src/modules/performance/meta/index.js')) as Record<
    string,
    unknown
  >;
  const hook = meta.benchMetaBackfill as
    | ((
        deps: { db: Db; config: ReturnType<typeof loadConfig> },
        clientId: string,
      ) => Promise<{ ms: number; ads: number }>)
    | undefined;
  if (typeof hook !== 'function') {
    console.log(
      'backfill of one year × 500 ads from the fake Graph API: not measured yet (no benchMetaBackfill hook).',
    );
    return null;
  }
  const dir = await mkdtemp(path.join(process.env.BENCH_DB_DIR ?? tmpdir(), 'adloom-bench-backfill-'));
  const database = await openDatabase({ dataDir: dir, command: 'npm run bench:dashboards' });
  try {
    await database.migrate();
    const config = loadConfig({ ...process.env, DATA_DIR: dir });
    const client = await createClient(database.db, { name: 'Backfill bench', planStatus: 'paying' });
    log('backfill: one year × 500 ads from the fake Graph API');
    const outcome = await hook({ db: database.db, config }, client.id);
    return outcome.ms / 1000;
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function main() {
  const started = performance.now();
  const loadAtStart = loadavg()[0]!;
  const pgFigures = await onPostgres();
  const liteFigures = await onPglite();
  let backfillSeconds: number | null = null;
  try {
    backfillSeconds = await measureBackfill();
  } catch (e) {
    console.log(`backfill: failed (${(e as Error).message}); not measured.`);
  }
  const p = (samples: number[], q: number) => round1(quantile(samples, q));
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(
    `\ndashboards benchmark${QUICK ? ' (--quick)' : ''}: ${RUNS} runs each over ${RANGE_DAYS} days, ` +
      `${(since(started) / 1000).toFixed(0)} s in all\nmachine: ${availableParallelism()} cores, 1-minute load ` +
      `average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end\n`,
  );
  const rows = [
    ['', 'rows', 'p50', 'p95', 'target p95', ''],
    ...(
      [
        [`overview, ${pgFigures.kind}`, pgFigures.rows, pgFigures.overview, TARGET_PG_MS],
        [`performance, ${pgFigures.kind}`, pgFigures.rows, pgFigures.performance, TARGET_PG_MS],
        ['overview, PGlite', liteFigures.rows, liteFigures.overview, TARGET_PGLITE_MS],
        ['performance, PGlite', liteFigures.rows, liteFigures.performance, TARGET_PGLITE_MS],
      ] as const
    ).map(([name, n, samples, target]) => [
      name,
      n.toLocaleString('en'),
      `${p(samples, 0.5)} ms`,
      `${p(samples, 0.95)} ms`,
      `≤ ${target} ms`,
      verdict(quantile(samples, 0.95) <= target),
    ]),
    ...(
      [
        [`select 1, ${pgFigures.kind}`, pgFigures.roundTrip],
        ['select 1, PGlite', liteFigures.roundTrip],
      ] as const
    ).map(([name, samples]) => [name, '', `${p(samples, 0.5)} ms`, `${p(samples, 0.95)} ms`, '', '']),
    [
      'backfill, 1 year × 500 ads (fake Graph API)',
      '',
      '',
      backfillSeconds == null ? 'not measured' : `${backfillSeconds.toFixed(1)} s`,
      `≤ ${TARGET_BACKFILL_S} s`,
      backfillSeconds == null ? '' : verdict(backfillSeconds <= TARGET_BACKFILL_S),
    ],
  ];
  console.log(table(rows));
  console.log(
    JSON.stringify({
      rowsPg: pgFigures.rows,
      overviewP95MsPg: p(pgFigures.overview, 0.95),
      performanceP95MsPg: p(pgFigures.performance, 0.95),
      rowsPglite: liteFigures.rows,
      overviewP95MsPglite: p(liteFigures.overview, 0.95),
      performanceP95MsPglite: p(liteFigures.performance, 0.95),
      backfillSeconds: backfillSeconds == null ? null : round1(backfillSeconds),
    }),
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
