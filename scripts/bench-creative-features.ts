/**
 * `npm run bench:creative-features` (issue 19, Measure): the creative-features pages on generated data.
 * - PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test: a fresh database made and
 *   dropped there, or kept with BENCH_KEEP_DATABASE=1 to study its plans; else the embedded PostgreSQL in a fresh folder): one client with 50,000 ads in 100
 *   campaigns, each showing its own creative (50,000 creative_features rows with 30 features drawn at
 *   prevalences from 2 % to 60 %), and 200 days of daily insights per ad: 10 million rows, laid out as the
 *   nightly sync writes them (an account's ads of a day together), keys built after the load.
 *   The rollups are then built by the writers' path (campaign rollup and per-ad running totals) and by the
 *   extraction job's (the per-feature daily rollup one feature's page reads its days from); both times printed.
 * - Then, after a warm-up, RUNS timed runs each of:
 *   - the features page: `creativeFeaturesReport` (the `creativeFeatures` query's resolver body, scope
 *     included) over the last 30 days (the dashboards' default range) and over the last 90 days;
 *   - one feature's page: `creativeFeatureDetail` (gallery of 24 and the day series) over the same ranges;
 *   - feature extraction of one 1080 × 1080 creative (JPEG and PNG), in process.
 * Prints p50/p95 against the targets (features page ≤ 1 s, one feature ≤ 500 ms, extraction < 30 ms) and the
 * `select 1` round trip to read them against, then one JSON line. `--quick`: 10 × fewer ads and rows.
 * Missing a target is reported, not an error.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { CREATIVE_FEATURES, CREATIVE_FEATURES_VERSION } from '@adloom/commerce';
import { openDatabase, type Db } from '../apps/server/src/db/client.js';
import { createClient } from '../apps/server/src/modules/clients/index.js';
import { ensureAccount, refreshCampaignRollup } from '../apps/server/src/modules/performance/index.js';
import { accountScope } from '../apps/server/src/modules/performance/scope.js';
import { refreshFeatureRollup } from '../apps/server/src/modules/performance/creative-features/rollup.js';
import {
  creativeFeatureDetail,
  creativeFeaturesReport,
} from '../apps/server/src/modules/performance/creative-features/analysis/report.js';
import { measureExtraction } from '../apps/server/src/modules/performance/creative-features/extract/measure.js';
import { quantile, round1, since, table } from './bench/stats.js';

const QUICK = process.argv.includes('--quick');
const ADS = QUICK ? 5_000 : 50_000;
const CAMPAIGNS = 100;
const DAYS = 200;
const LAST_DAY = '2026-09-30';
const RUNS = QUICK ? 5 : 15;
const TARGET_PAGE_MS = 1000;
const TARGET_FEATURE_MS = 500;
const TARGET_EXTRACT_MS = 30;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const log = (message: string): void => console.error(`… ${message}`);

function dayBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** The fixed template and image features, the bench's 30, with prevalences from 2 % to 60 %. */
function benchFeatures(): { id: string; share: number }[] {
  const ids = CREATIVE_FEATURES.map((f) => f.id).slice(0, 30);
  return ids.map((id, i) => ({ id, share: 0.02 + (0.58 * i) / Math.max(1, ids.length - 1) }));
}

async function generate(db: Db): Promise<{
  clientId: string;
  rows: number;
  featureId: string;
  rollupSeconds: number;
  featureRollupSeconds: number;
}> {
  const started = performance.now();
  const client = await createClient(db, { name: 'Creative features bench', planStatus: 'paying' });
  const account = await ensureAccount(db, {
    clientId: client.id,
    source: 'meta',
    externalId: 'act_bench',
    name: 'Bench account',
    currency: 'USD',
    attributionSetting: '7d_click_1d_view',
  });
  await db.execute(sql`
    insert into ad_campaigns (client_id, account_id, external_id, name)
    select a.client_id, a.id, 'c' || g, 'Campaign ' || g from ad_accounts a, generate_series(1, ${CAMPAIGNS}) g`);
  await db.execute(sql`
    insert into ad_sets (client_id, account_id, campaign_id, external_id, name)
    select c.client_id, c.account_id, c.id, c.external_id || '/s', 'Broad' from ad_campaigns c`);
  await db.execute(sql`
    insert into ads (client_id, account_id, campaign_id, ad_set_id, external_id, name, creative_kind, creative_url)
    select s.client_id, s.account_id, s.campaign_id, s.id, s.external_id || '/' || g,
      'Ad ' || s.external_id || '/' || g, 'image', '/files/bench/' || s.external_id || '-' || g || '.jpg'
    from ad_sets s, generate_series(1, ${ADS / CAMPAIGNS}) g`);
  const features = benchFeatures();
  await db.execute(sql`
    with f as (select * from jsonb_to_recordset(${JSON.stringify(features)}::jsonb) as x(id text, share float8))
    insert into creative_features (client_id, image_key, source, features, keys_version, stats)
    select a.client_id, 'file:' || substr(a.creative_url, 8), 'image',
      coalesce((select array_agg(f.id) from f where random() < f.share and a.id is not null), '{}'),
      ${CREATIVE_FEATURES_VERSION},
      jsonb_build_object('width', 1080, 'height', 1080, 'brightness', random(), 'contrast', random() / 2,
        'textCoverage', random() / 3, 'dominantColors', '[]'::jsonb)
    from ads a where a.client_id = ${client.id}`);
  await db.execute(sql`
    update ads set creative_features_id = cf.id from creative_features cf
    where cf.client_id = ads.client_id and cf.image_key = 'file:' || substr(ads.creative_url, 8)`);
  log(
    `${ADS.toLocaleString('en')} ads and creatives in ${(since(started) / 1000).toFixed(0)} s; writing rows`,
  );
  // A bulk load: keys, index and foreign key built once after the rows, with the names the migration gives.
  await db.execute(sql`alter table ad_insights_daily drop constraint ad_insights_daily_ad_id_ads_id_fk`);
  await db.execute(sql`alter table ad_insights_daily drop constraint ad_insights_daily_ad_id_day_pk`);
  await db.execute(sql`drop index ad_insights_daily_client_id_day_index`);
  // Each ad's CTR has its own level (campaign and ad), so the regressions have real variance to explain.
  await db.execute(sql`
    insert into ad_insights_daily (client_id, ad_id, day, spend, impressions, reach, clicks, link_clicks,
      purchases, purchase_value, add_to_cart, video_3s_plays, thruplays)
    select client_id, id, day, spend, imps, (imps * 0.6)::bigint, (imps * 0.02)::bigint,
      (imps * ctr * (0.8 + 0.4 * r))::bigint, floor(r * spend / 12), floor(r * spend / 12) * (30 + 40 * r),
      floor(r * spend / 5), null, null
    from (
      select a.client_id, a.id, d::date as day, 1 + random() * 9 as spend, (100 + random() * 900)::bigint as imps,
        random() as r, 0.006 + (hashtext(a.id::text) & 1023) / 1023.0 * 0.012 as ctr
      from generate_series(${dayBefore(LAST_DAY, DAYS - 1)}::date, ${LAST_DAY}::date, interval '1 day') d
      cross join ads a
      order by d, a.id
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
  // The rollups a restore rebuilds: the campaign rollup and each ad's running totals, by the writers' path.
  const rollupStarted = performance.now();
  await refreshCampaignRollup(db, account.id, dayBefore(LAST_DAY, DAYS - 1), LAST_DAY);
  const rollupSeconds = since(rollupStarted) / 1000;
  log(
    `campaign rollup and per-ad running totals (refreshCampaignRollup, all ${DAYS} days) in ${rollupSeconds.toFixed(0)} s`,
  );
  // Statistics as autovacuum would have them by the time the extraction's rebuild runs.
  await db.execute(sql`analyze`);
  // What the extraction job asks for once the ads have their features: the per-feature daily rollup.
  const featureRollupStarted = performance.now();
  if (!(await refreshFeatureRollup(db, client.id))) throw new Error('the feature rollup was already built');
  const featureRollupSeconds = since(featureRollupStarted) / 1000;
  log(`per-feature daily rollup (refreshFeatureRollup) in ${featureRollupSeconds.toFixed(0)} s`);
  await db.execute(sql`analyze`);
  const [counted] = (
    (await db.execute(sql`select count(*)::int as n from ad_insights_daily`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  log(`data ready in ${(since(started) / 1000).toFixed(0)} s`);
  // The feature page measured: one in about a third of the ads.
  const featureId = features.find((f) => f.share >= 0.3)!.id;
  return { clientId: client.id, rows: Number(counted!.n), featureId, rollupSeconds, featureRollupSeconds };
}

async function time(run: () => Promise<void>): Promise<number[]> {
  await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    samples.push(since(started));
  }
  return samples;
}

interface RangeFigures {
  days: number;
  page: number[];
  feature: number[];
}

async function measure(db: Db, clientId: string, featureId: string, days: number): Promise<RangeFigures> {
  const from = dayBefore(LAST_DAY, days - 1);
  const scope = () => accountScope(db, { clientId, demo: false, from, to: LAST_DAY });
  const page = await time(async () => {
    const report = await creativeFeaturesReport(db, await scope(), 'ctr');
    if (report.adsAnalysed !== ADS || report.features.length < 25)
      throw new Error(`unexpected report: ${report.adsAnalysed} ads, ${report.features.length} features`);
  });
  const feature = await time(async () => {
    const detail = await creativeFeatureDetail(db, await scope(), featureId, 'ctr', 24);
    if (!detail || detail.ads.length !== 24 || detail.series.length !== days)
      throw new Error('unexpected feature page');
  });
  return { days, page, feature };
}

async function onPostgres(): Promise<{
  kind: string;
  rows: number;
  ranges: RangeFigures[];
  roundTrip: number[];
  rollupSeconds: number;
  featureRollupSeconds: number;
}> {
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
  let database: Awaited<ReturnType<typeof openDatabase>>;
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
      await database.close();
      if (process.env.BENCH_KEEP_DATABASE) return void log(`kept database ${name} (BENCH_KEEP_DATABASE)`);
      const dropper = new pg.Client({ connectionString: PG_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  } else {
    const dir = await mkdtemp(path.join(process.env.BENCH_DB_DIR ?? tmpdir(), 'adloom-bench-'));
    database = await openDatabase({ dataDir: dir, command: 'npm run bench:creative-features', poolSize: 4 });
    kind = 'the embedded PostgreSQL';
    drop = async () => {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    };
  }
  try {
    await database.migrate();
    log(`${kind}: generating ${(ADS * DAYS).toLocaleString('en')} rows`);
    const { clientId, rows, featureId, rollupSeconds, featureRollupSeconds } = await generate(database.db);
    const roundTrip = await time(async () => {
      await database.db.execute(sql`select 1`);
    });
    const ranges = [
      await measure(database.db, clientId, featureId, 30),
      await measure(database.db, clientId, featureId, 90),
    ];
    return { kind, rows, ranges, roundTrip, rollupSeconds, featureRollupSeconds };
  } finally {
    await drop();
  }
}

async function main() {
  const started = performance.now();
  const loadAtStart = loadavg()[0]!;
  const extraction = await measureExtraction();
  const figures = await onPostgres();
  const p = (samples: number[], q: number) => round1(quantile(samples, q));
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(
    `\ncreative features benchmark${QUICK ? ' (--quick)' : ''}: ${RUNS} runs each, ` +
      `${(since(started) / 1000).toFixed(0)} s in all\nmachine: ${availableParallelism()} cores, 1-minute load ` +
      `average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end\n` +
      `data: ${ADS.toLocaleString('en')} ads and creatives, ${figures.rows.toLocaleString('en')} daily rows on ${figures.kind}\n` +
      `rollups after the bulk load (campaign × day and per-ad running totals, refreshCampaignRollup): ` +
      `${figures.rollupSeconds.toFixed(1)} s; per-feature daily rollup (the extraction job's rebuild): ` +
      `${figures.featureRollupSeconds.toFixed(1)} s\n`,
  );
  const rows: string[][] = [['', 'p50', 'p95', 'target', '']];
  for (const r of figures.ranges) {
    rows.push(
      [
        `features page, last ${r.days} days`,
        `${p(r.page, 0.5)} ms`,
        `${p(r.page, 0.95)} ms`,
        `≤ ${TARGET_PAGE_MS} ms`,
        verdict(quantile(r.page, 0.95) <= TARGET_PAGE_MS),
      ],
      [
        `one feature's page, last ${r.days} days`,
        `${p(r.feature, 0.5)} ms`,
        `${p(r.feature, 0.95)} ms`,
        `≤ ${TARGET_FEATURE_MS} ms`,
        verdict(quantile(r.feature, 0.95) <= TARGET_FEATURE_MS),
      ],
    );
  }
  for (const e of [
    ['extraction, 1080 × 1080 JPEG', extraction.jpeg],
    ['extraction, 1080 × 1080 PNG', extraction.png],
  ] as const)
    rows.push([
      e[0],
      `${p(e[1], 0.5)} ms`,
      `${p(e[1], 0.95)} ms`,
      `< ${TARGET_EXTRACT_MS} ms`,
      verdict(quantile(e[1], 0.5) < TARGET_EXTRACT_MS),
    ]);
  rows.push(['select 1', `${p(figures.roundTrip, 0.5)} ms`, `${p(figures.roundTrip, 0.95)} ms`, '', '']);
  console.log(table(rows));
  const [d30, d90] = figures.ranges as [RangeFigures, RangeFigures];
  console.log(
    JSON.stringify({
      ads: ADS,
      rows: figures.rows,
      featuresPageP95Ms30d: p(d30.page, 0.95),
      featurePageP95Ms30d: p(d30.feature, 0.95),
      featuresPageP95Ms90d: p(d90.page, 0.95),
      featurePageP95Ms90d: p(d90.feature, 0.95),
      extractJpegMs: p(extraction.jpeg, 0.5),
      extractPngMs: p(extraction.png, 0.5),
      rollupBuildS: round1(figures.rollupSeconds),
      featureRollupBuildS: round1(figures.featureRollupSeconds),
      selectOneP50Ms: p(figures.roundTrip, 0.5),
      loadAverage: round1(loadavg()[0]!),
    }),
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
