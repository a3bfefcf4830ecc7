/**
 * `npm run bench:generate` (issue 5, Measure; issue 20, part 3): a feed of BENCH_ITEMS items (default
 * 2,000; `--quick`: 200) generated through the job queue, against the bare renderer measured in the same
 * run, then refreshed with nothing changed; and a refresh of REFRESH_ITEMS unchanged items (default
 * 100,000; `--quick`: 20,000) written straight in SQL (bench-generate/refresh.ts).
 *
 * Its own data: a local HTTP server serves 50 distinct product photos of about 1200 px (photos.ts), each
 * item under its own URL; a fresh database (PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL
 * gives an admin URL: a new database, dropped at the end; otherwise the embedded PostgreSQL in a fresh
 * DATA_DIR), migrated; a
 * client; the starter template 'square-minimal-hero' (one photo slot) saved through the templates
 * service; a catalogue imported through the import service from a generated CSV (catalog.ts); a
 * product set with the empty filter {} and a feed with one design on that template.
 *
 * 1. Bare renderer: every item's ad made by render() directly, one after another in one process, the
 *    photo fetched from the same server (bare.ts): ads/s. Then the same with 2 processes, each making
 *    half the items at the same time: the ads/s the pipeline with 2 workers is held against.
 * 2. Generation with 1 worker: generateFeed queues one job per item; ads/s = items / wall time from
 *    queueing until every item is final (the last final write).
 * 3. The outputs are deleted (the creative rows stay; generateFeed makes them pending again), then the
 *    same with 2 workers.
 * 4. The unchanged run: generateFeed again with nothing changed, the same 2 workers: the refresh works
 *    out every item's refresh key in SQL, finds none changed and sends no job (the photos are not asked
 *    for: that is the image recheck's part, on its own slower schedule).
 * 5. The big refresh (refresh.ts): REFRESH_ITEMS items made and unchanged, refreshed twice; then one
 *    item changed, which the refresh must find alone.
 *
 * The workers are separate processes (worker.ts: what `npm run worker` runs, started with
 * RENDER_WORKER_ENV, each job type worked with concurrency 1), and the bare renderer runs in such a
 * process too; on the embedded database they join it through its socket, as `npm run worker` does.
 *
 * Targets: overhead = 1 − (1-worker ads/s ÷ bare ads/s) ≤ 25 %; 2 workers ≥ 1.7 × one; pipeline ads/s
 * with 2 workers ≥ 85 % of the bare renderer's with 2 processes; the unchanged run ≤ 2 % of the first
 * run with the same workers (step 3); the big refresh within 60 s. Prints a table, then one JSON line.
 * Missing a target is reported, not an error; it exits non-zero only when something fails.
 *
 * Where the time goes, per run: queueing, the wait for the first job (idle workers poll every
 * JOB_POLLING_INTERVAL_MS, 1 s by default), the mean job time and how busy the workers were (pg-boss's
 * started and completed times), CPU time per ad of the working processes, of the local PostgreSQL
 * server (every `postgres` process, so other work on that server counts too) and of this process, and
 * how busy the whole machine was (/proc/stat): other programs on the machine slow every wall time, and
 * the CPU times per ad suffer least from them.
 * BENCH_ITEMS=<n> runs a smaller catalogue (the figures then cover n items), REFRESH_ITEMS=<n> a smaller
 * big refresh; BENCH_CPU_PROF=<dir> has every child process write a CPU profile there.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, max, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { catalogItems, catalogs, feedCreatives, type FeedRow } from '../apps/server/src/db/schema.js';
import type { AppDeps } from '../apps/server/src/deps.js';
import { JOBS, type JobQueue } from '../apps/server/src/jobs/queue.js';
import { registeredJobs, type JobContext } from '../apps/server/src/jobs/registry.js';
import { createCatalog } from '../apps/server/src/modules/catalogs/catalogs.service.js';
import {
  queueCatalogImport,
  runCatalogImport,
} from '../apps/server/src/modules/catalogs/import/import-service.js';
import { createProductSet } from '../apps/server/src/modules/catalogs/product-sets.service.js';
import { createClient } from '../apps/server/src/modules/clients/clients.service.js';
import { createFeed, feedCounts, generateFeed } from '../apps/server/src/modules/feeds/feeds.service.js';
import { GENERATE_CREATIVE_FAILED } from '../apps/server/src/modules/feeds/generation.jobs.js';
import { itemImages, itemMetadata } from '../apps/server/src/modules/feeds/generation/metadata.js';
import { STARTER_TEMPLATES } from '../apps/server/src/modules/templates/library/starter-templates.js';
import { createTemplate } from '../apps/server/src/modules/templates/templates.service.js';
import { createUser } from '../apps/server/src/modules/users/users.service.js';
import { loadRenderer } from './bench/renderer.js';
import { median, round1, since, table } from './bench/stats.js';
import {
  cpuMs,
  generationTemplate,
  renderBare,
  type BareItem,
  type BareResult,
} from './bench-generate/bare.js';
import { catalogCsv } from './bench-generate/catalog.js';
import { busyShare, machineTicks, pidsCpuMs, processCpuMs } from './bench-generate/machine.js';
import { startChild, type Child } from './bench-generate/children.js';
import { openBenchDatabase, type BenchDatabase } from './bench-generate/database.js';
import { makePhotos, PHOTO_COUNT, serveImages, type ImageServer } from './bench-generate/photos.js';
import { benchBigRefresh } from './bench-generate/refresh.js';

const QUICK = process.argv.includes('--quick');
/**
 * The jobs the workers run: generation's. Other modules' reactions to new ads (creative features) are
 * queued but not worked, so they do not run during a later measure.
 */
const GENERATION_JOBS: string[] = [JOBS.generateCreative, GENERATE_CREATIVE_FAILED];
const ITEMS = Number(process.env.BENCH_ITEMS ?? (QUICK ? 200 : 2000));
const REFRESH_ITEMS = Number(process.env.REFRESH_ITEMS ?? (QUICK ? 20_000 : 100_000));
const REFRESH_RUNS = 2;
const TEMPLATE_KEY = 'square-minimal-hero';
const WARM_UPS = 3;
const POLL_MS = 200;
/** A run that has not ended by then is stuck. */
const RUN_TIMEOUT_MS = 60 * 60_000;
const CHILD_TIMEOUT_MS = 120_000;

const TARGET_OVERHEAD = 0.25;
const TARGET_SPEEDUP = 1.7;
const TARGET_PIPELINE_SHARE = 0.85;
const TARGET_UNCHANGED = 0.02;
const TARGET_REFRESH_100K_S = 60;
/** Other programs taking this many cores during a measure get a warning under the table. */
const OTHERS_WARNING_CORES = 0.25;

const log = (message: string): void => console.error(`… ${message}`);

/** Everything the runs share. */
interface Bench {
  db: BenchDatabase;
  app: FastifyInstance;
  deps: AppDeps;
  jobs: JobQueue;
  feed: FeedRow;
  clientId: string;
  templateId: string;
  /** The ads' inputs in item order, and the template generation renders. */
  items: BareItem[];
  template: string;
  server: ImageServer;
  dataDir: string;
  /** Variables of the worker processes (and of this process's configuration). */
  env: Record<string, string>;
}

async function setUp(server: ImageServer, db: BenchDatabase, dataDir: string): Promise<Bench> {
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://adloom.bench',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    FETCH_ALLOW_HOSTS: server.host,
    LOG_LEVEL: 'warn',
    ...(db.url ? { DATABASE_URL: db.url } : {}),
    ...(process.env.JOB_POLLING_INTERVAL_MS
      ? { JOB_POLLING_INTERVAL_MS: process.env.JOB_POLLING_INTERVAL_MS }
      : {}),
  };
  const config = loadConfig(env);
  const { app, deps } = await buildApp({ config, database: db.database, logger: false });
  const jobs = deps.jobs!;
  const dbh = deps.db;

  const client = await createClient(dbh, { name: 'Bench shop', planStatus: 'paying' });
  const user = await createUser(dbh, {
    email: 'bench@example.com',
    password: 'correct horse battery',
    firstName: 'Bench',
    lastName: 'User',
    emailVerified: true,
  });
  const actor = { user, clientId: client.id, isAdmin: true };
  const starter = STARTER_TEMPLATES.find((template) => template.key === TEMPLATE_KEY);
  if (!starter) throw new Error(`no starter template ${TEMPLATE_KEY}`);
  const saved = await createTemplate(dbh, actor, {
    name: starter.name,
    templateString: starter.templateString,
  });
  if (saved.version.slots.length !== 1)
    throw new Error(`${TEMPLATE_KEY} has ${saved.version.slots.length} slots, expected 1`);

  log(`importing ${ITEMS.toLocaleString('en')} items from a CSV through the import service`);
  const catalog = await createCatalog(dbh, client.id, { name: 'Bench catalogue' });
  const key = `clients/${client.id}/catalog-files/bench/items.csv`;
  await deps.files.put(key, Buffer.from(catalogCsv(ITEMS, server.urlOf)), { contentType: 'text/csv' });
  const queued = await queueCatalogImport(dbh, catalog.id);
  const imported = await runCatalogImport(deps, {
    catalogId: catalog.id,
    importId: queued.id,
    source: { kind: 'file', key },
  });
  if (imported.status !== 'completed') throw new Error(`the import ${imported.status}: ${imported.error}`);
  const [current] = await dbh.select().from(catalogs).where(eq(catalogs.id, catalog.id));
  const rows = await dbh
    .select()
    .from(catalogItems)
    .where(eq(catalogItems.importId, current!.currentImportId!))
    .orderBy(asc(catalogItems.itemId));
  if (rows.length !== ITEMS) throw new Error(`the import kept ${rows.length} items, expected ${ITEMS}`);

  const set = await createProductSet(dbh, client.id, {
    catalogId: catalog.id,
    name: 'Everything',
    filter: '{}',
  });
  const feed = await createFeed(dbh, client.id, {
    productSetId: set.id,
    name: 'Bench feed',
    designs: [{ templateId: saved.template.id }],
  });
  const now = new Date();
  const items = rows.map((row) => ({
    itemId: row.itemId,
    url: itemImages(row)[0]!,
    metadata: itemMetadata(row, now),
  }));
  const template = generationTemplate(saved.version.templateString, saved.version.slots);
  return {
    db,
    app,
    deps,
    jobs,
    feed,
    clientId: client.id,
    templateId: saved.template.id,
    items,
    template,
    server,
    dataDir,
    env,
  };
}

/** The bare renderer: in a worker-like process (in this process only when the database has no URL). */
async function bare(bench: Bench): Promise<BareResult> {
  if (!bench.db.url) {
    return renderBare(await loadRenderer(), bench.template, bench.items, {
      allowHosts: [bench.server.host],
      warmUps: WARM_UPS,
    });
  }
  const child = startChild(bench.env);
  try {
    const done = child.next('bare-done', RUN_TIMEOUT_MS);
    child.send({ type: 'bare', template: bench.template, items: bench.items, warmUps: WARM_UPS });
    return await done;
  } finally {
    child.kill();
  }
}

/**
 * The bare renderer in 2 processes at once, each making every other item: ads/s over the wall time until
 * both are done (their warm-ups first, unmeasured).
 */
async function bareTwo(bench: Bench): Promise<{ totalMs: number; cpuMs: number }> {
  const children = [startChild(bench.env), startChild(bench.env)];
  try {
    const halves = [0, 1].map((half) => bench.items.filter((_, index) => index % 2 === half));
    const results = await Promise.all(
      children.map((child, index) => {
        const done = child.next('bare-done', RUN_TIMEOUT_MS);
        child.send({ type: 'bare', template: bench.template, items: halves[index]!, warmUps: WARM_UPS });
        return done;
      }),
    );
    return {
      totalMs: Math.max(...results.map((result) => result.totalMs)),
      cpuMs: results.reduce((sum, result) => sum + result.cpuMs, 0),
    };
  } finally {
    for (const child of children) child.kill();
  }
}

interface Workers {
  count: number;
  /** CPU time of the working processes so far, ms. */
  cpuMs(): Promise<number>;
  /** Stops them gracefully; the peak RSS of each worker process. */
  stop(): Promise<number[]>;
}

async function startWorkers(bench: Bench, count: number): Promise<Workers> {
  if (!bench.db.url) {
    // One process: `count` concurrent handlers of each job type on this process's queue.
    const ctx: JobContext = { ...bench.deps, jobs: bench.jobs };
    const ids: string[] = [];
    for (const { name, handler, options } of registeredJobs())
      if (GENERATION_JOBS.includes(name))
        ids.push(
          await bench.jobs.work<never>(name, { ...options, concurrency: count }, (job) => handler(job, ctx)),
        );
    return {
      count,
      cpuMs: async () => cpuMs(),
      async stop() {
        for (const id of ids) await bench.jobs.offWork(id);
        return [];
      },
    };
  }
  const children: Child[] = Array.from({ length: count }, () => startChild(bench.env));
  try {
    await Promise.all(
      children.map((child) => {
        const ready = child.next('ready', CHILD_TIMEOUT_MS);
        child.send({
          type: 'work',
          template: bench.template,
          warmUp: bench.items[0]!,
          concurrency: 1,
          jobs: GENERATION_JOBS,
        });
        return ready;
      }),
    );
  } catch (error) {
    for (const child of children) child.kill();
    throw error;
  }
  return {
    count,
    async cpuMs() {
      const usage = await Promise.all(
        children.map(async (child) => {
          const report = child.next('usage', CHILD_TIMEOUT_MS);
          child.send({ type: 'usage' });
          return (await report).cpuMs;
        }),
      );
      return usage.reduce((sum, value) => sum + value, 0);
    },
    async stop() {
      try {
        return await Promise.all(
          children.map(async (child) => {
            const stopped = child.next('stopped', CHILD_TIMEOUT_MS);
            child.send({ type: 'stop' });
            return (await stopped).peakRssMb;
          }),
        );
      } finally {
        for (const child of children) child.kill();
      }
    },
  };
}

/** Rows of a raw query. */
async function query<T>(bench: Bench, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await bench.deps.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** The server processes of this database's connections (every process of the bench and its workers). */
async function backends(bench: Bench): Promise<number[]> {
  const rows = await query<{ pid: number }>(
    bench,
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  return rows.map((row) => Number(row.pid));
}

/** Transactions committed or rolled back in this database so far. */
async function transactions(bench: Bench): Promise<number> {
  const [row] = await query<{ n: string }>(
    bench,
    sql`select (xact_commit + xact_rollback)::text as n from pg_stat_database where datname = current_database()`,
  );
  return Number(row?.n ?? 0);
}

interface RunResult {
  /** Queueing to the last final write. */
  wallMs: number;
  /** generateFeed: syncing the creative rows and sending the jobs. */
  queueMs: number;
  rendered: number;
  completedJobs: number;
  /** Mean time a job was active (started → completed), and the sum. */
  meanJobMs: number;
  busyMs: number;
  /** From queueing to the first job's start. */
  firstStartMs: number;
  imagesServed: number;
  /** Conditional requests the image server answered 304. */
  imagesNotModified: number;
  /** CPU time of the working processes over the run, ms. */
  cpuMs: number;
  /** PostgreSQL: CPU time of the local server's processes over the run, ms (undefined off Linux). */
  dbCpuMs: number | undefined;
  /**
   * CPU time of this database's own connections (those open at the end of the run), ms: the queue's and
   * generation's queries, without the server's other work (other databases). Undefined off Linux.
   */
  ownDbCpuMs: number | undefined;
  /** Transactions committed in this database over the run (its statistics, flushed within a second). */
  transactions: number;
  /** PostgreSQL: CPU time of this process (image server, queueing, polling) over the run, ms. */
  benchCpuMs: number | undefined;
  /** Share of the machine's cores busy over the run, all processes (undefined off Linux). */
  machineBusy: number | undefined;
}

/**
 * One generation of the whole feed: refresh it (`expectQueued` jobs sent), wait until every item is final,
 * read what the jobs did.
 */
async function timeRun(
  bench: Bench,
  workers: Workers,
  label: string,
  expectQueued: number,
): Promise<RunResult> {
  const { db } = bench.deps;
  const [{ since: dbSince } = { since: '' }] = await query<{ since: string }>(
    bench,
    sql`select now()::text as since`,
  );
  const servedBefore = bench.server.served();
  const notModifiedBefore = bench.server.notModified();
  const cpuBefore = await workers.cpuMs();
  const onPostgres = bench.db.url !== undefined;
  const dbCpuBefore = onPostgres ? processCpuMs('postgres') : undefined;
  const backendsBefore = pidsCpuMs(await backends(bench));
  const transactionsBefore = await transactions(bench);
  const benchCpuBefore = cpuMs();
  const ticks = machineTicks();
  const t0 = Date.now();
  const started = performance.now();
  const queued = await generateFeed({ ...bench.deps, jobs: bench.jobs }, bench.feed);
  const queueMs = since(started);
  if (queued !== expectQueued) throw new Error(`${label}: queued ${queued} jobs, expected ${expectQueued}`);
  let lastLog = performance.now();
  for (;;) {
    const counts = await feedCounts(db, bench.feed.id);
    if (!counts.isGenerating) {
      if (counts.generatedCount !== ITEMS) {
        const failed = await db
          .select({ itemId: feedCreatives.itemId, error: feedCreatives.error })
          .from(feedCreatives)
          .where(and(eq(feedCreatives.feedId, bench.feed.id), ne(feedCreatives.status, 'generated')))
          .limit(3);
        throw new Error(`${label}: ${JSON.stringify(counts)}; e.g. ${JSON.stringify(failed)}`);
      }
      break;
    }
    if (since(started) > RUN_TIMEOUT_MS) throw new Error(`${label}: not done after ${RUN_TIMEOUT_MS} ms`);
    if (performance.now() - lastLog > 15_000) {
      lastLog = performance.now();
      log(
        `  ${label}: ${counts.completedCount}/${ITEMS} final after ${(since(started) / 1000).toFixed(0)} s`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const pollEnd = Date.now();
  const machineBusy = busyShare(ticks, machineTicks());
  const workerCpuMs = (await workers.cpuMs()) - cpuBefore;
  const dbCpuAfter = onPostgres ? processCpuMs('postgres') : undefined;
  const dbCpuMs =
    dbCpuBefore === undefined || dbCpuAfter === undefined ? undefined : dbCpuAfter - dbCpuBefore;
  const backendsAfter = pidsCpuMs(await backends(bench));
  const ownDbCpuMs = backendsAfter.size
    ? [...backendsAfter].reduce((sum, [pid, ms]) => sum + ms - (backendsBefore.get(pid) ?? 0), 0)
    : undefined;
  // The statistics of the last transactions reach pg_stat_database within a second.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const transactionsRun = (await transactions(bench)) - transactionsBefore;
  const benchCpuMs = onPostgres ? cpuMs() - benchCpuBefore : undefined;
  const [last] = await db
    .select({ at: max(feedCreatives.updatedAt) })
    .from(feedCreatives)
    .where(eq(feedCreatives.feedId, bench.feed.id));
  // With no job sent, the run ends when the refresh does.
  const end = expectQueued === 0 ? t0 + queueMs : last?.at ? new Date(last.at).getTime() : pollEnd;
  const [stats] = await query<{
    jobs: number;
    completed: number;
    rendered: number;
    busy_ms: number | null;
    first_start: number | null;
  }>(
    bench,
    sql`select count(*)::int as jobs,
               count(*) filter (where state = 'completed')::int as completed,
               count(*) filter (where output->>'rendered' = 'true')::int as rendered,
               sum(extract(epoch from (completed_on - started_on)) * 1000)::float8 as busy_ms,
               (extract(epoch from min(started_on)) * 1000)::float8 as first_start
          from pgboss.job
         where name = ${JOBS.generateCreative} and data->>'feedId' = ${bench.feed.id}
           and created_on >= ${dbSince}::timestamptz`,
  );
  const completedJobs = Number(stats?.completed ?? 0);
  const busyMs = Number(stats?.busy_ms ?? 0);
  return {
    wallMs: Math.min(end, pollEnd) - t0,
    queueMs,
    rendered: Number(stats?.rendered ?? 0),
    completedJobs,
    meanJobMs: completedJobs ? busyMs / completedJobs : 0,
    busyMs,
    firstStartMs: stats?.first_start ? Number(stats.first_start) - t0 : Number.NaN,
    imagesServed: bench.server.served() - servedBefore,
    imagesNotModified: bench.server.notModified() - notModifiedBefore,
    cpuMs: workerCpuMs,
    dbCpuMs,
    ownDbCpuMs,
    transactions: transactionsRun,
    benchCpuMs,
    machineBusy,
  };
}

/**
 * Deletes the feed's stored ads, so the next run renders every one again, forgets the photos'
 * validators, so it downloads them as a first run does, and the refresh keys, so the refresh sends them.
 */
async function deleteOutputs(bench: Bench): Promise<void> {
  await bench.deps.db
    .update(feedCreatives)
    .set({ inputImages: null, sourceKey: null })
    .where(eq(feedCreatives.feedId, bench.feed.id));
  const files = path.join(bench.dataDir, 'files');
  for (const folder of [
    path.join(files, 'clients', bench.clientId, 'creatives'),
    path.join(files, '.meta', 'clients', bench.clientId, 'creatives'),
  ])
    await rm(folder, { recursive: true, force: true });
}

const adsPerSec = (items: number, ms: number): number => items / (ms / 1000);
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const verdict = (met: boolean): string => (met ? 'met' : 'MISSED');
const round2 = (value: number): number => Math.round(value * 100) / 100;
const percent = (share: number | undefined): string =>
  share === undefined ? 'n/a' : `${(share * 100).toFixed(0)} %`;
/** CPU time per ad, and the cores that makes over the wall time. */
const cpuPerAd = (cpu: number, wallMs: number): string =>
  `${(cpu / ITEMS).toFixed(1)} ms (${(cpu / wallMs).toFixed(2)} cores)`;

/**
 * Cores that programs other than the bench's took meanwhile: the machine's busy cores less those of the
 * processes measured (undefined off Linux).
 */
function otherCores(machineBusy: number | undefined, ownCpuMs: number, wallMs: number): number | undefined {
  if (machineBusy === undefined) return undefined;
  return Math.max(0, machineBusy * availableParallelism() - ownCpuMs / wallMs);
}

const coresText = (cores: number | undefined): string => (cores === undefined ? 'n/a' : cores.toFixed(2));

function runOtherCores(run: RunResult): number | undefined {
  return otherCores(run.machineBusy, run.cpuMs + (run.dbCpuMs ?? 0) + (run.benchCpuMs ?? 0), run.wallMs);
}

function runRows(run: RunResult, workers: number, expectRendered: number): string[][] {
  return [
    ['  queueing (sync rows, send jobs)', `${Math.round(run.queueMs)} ms`, '', ''],
    [
      '  first job started after',
      Number.isFinite(run.firstStartMs) ? `${Math.round(run.firstStartMs)} ms` : 'no job sent',
      '',
      '',
    ],
    // pg-boss's started_on is when a worker fetched the job: a prefetched job's time includes its wait.
    [
      '  job time, mean (fetched → completed, waits in a batch included)',
      Number.isFinite(run.firstStartMs) ? `${run.meanJobMs.toFixed(1)} ms` : 'no job sent',
      '',
      '',
    ],
    ['  CPU per ad, working processes (cores used)', cpuPerAd(run.cpuMs, run.wallMs), '', ''],
    ...(run.dbCpuMs === undefined
      ? []
      : [['  CPU per ad, PostgreSQL server (cores used)', cpuPerAd(run.dbCpuMs, run.wallMs), '', '']]),
    ...(run.ownDbCpuMs === undefined
      ? []
      : [['    of which this database’s connections', cpuPerAd(run.ownDbCpuMs, run.wallMs), '', '']]),
    ['  database transactions per ad', (run.transactions / ITEMS).toFixed(1), '', ''],
    ...(run.benchCpuMs === undefined
      ? []
      : [
          [
            '  CPU per ad, this process: photos, queueing, polling',
            cpuPerAd(run.benchCpuMs, run.wallMs),
            '',
            '',
          ],
        ]),
    [`  machine busy (all processes, ${availableParallelism()} cores)`, percent(run.machineBusy), '', ''],
    ['  cores taken by other programs meanwhile', coresText(runOtherCores(run)), '', ''],
    [
      '  ads rendered / photos downloaded / photos not modified (304)',
      `${run.rendered} / ${run.imagesServed} / ${run.imagesNotModified}`,
      '',
      run.rendered === expectRendered ? '' : `expected ${expectRendered} rendered`,
    ],
  ];
}

async function main(): Promise<void> {
  const started = performance.now();
  const loadAtStart = loadavg()[0]!;
  if (!Number.isInteger(ITEMS) || ITEMS < 10) throw new Error('BENCH_ITEMS must be a whole number ≥ 10');
  log(`making ${PHOTO_COUNT} product photos`);
  const photos = await makePhotos();
  const server = await serveImages(photos);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'adloom-bench-generate-'));
  const db = await openBenchDatabase();
  const onPostgres = db.url !== undefined;
  let bench: Bench | undefined;
  let workers: Workers | undefined;
  try {
    bench = await setUp(server, db, dataDir);
    const where = onPostgres ? 'a worker-like process' : 'this process';
    log(`bare renderer in ${where}: ${WARM_UPS} warm-ups, then ${ITEMS} ads one after another`);
    const bareResult = await bare(bench);
    log(`bare renderer in 2 worker-like processes, each making half the items`);
    const bare2 = await bareTwo(bench);

    const kind = onPostgres ? 'worker process' : 'concurrent handler';
    log(`generation with 1 ${kind}`);
    workers = await startWorkers(bench, 1);
    const one = await timeRun(bench, workers, '1 worker', ITEMS);
    const rss1 = await workers.stop();
    workers = undefined;

    await deleteOutputs(bench);
    log(`generation with 2 ${kind}${onPostgres ? 'es' : 's'} (outputs deleted)`);
    workers = await startWorkers(bench, 2);
    const two = await timeRun(bench, workers, '2 workers', ITEMS);
    log('the unchanged run: generateFeed again, the same 2 workers');
    const unchanged = await timeRun(bench, workers, 'unchanged', 0);
    const rss2 = await workers.stop();
    workers = undefined;

    log(`the big refresh: ${REFRESH_ITEMS.toLocaleString('en')} unchanged items written in SQL, refreshed`);
    const big = await benchBigRefresh(bench.deps, {
      clientId: bench.clientId,
      templateId: bench.templateId,
      imageBase: `${server.origin}/img/R`,
      count: REFRESH_ITEMS,
      runs: REFRESH_RUNS,
    });
    const refreshS = Math.max(...big.refreshMs) / 1000;

    const bareAdsPerSec = adsPerSec(ITEMS, bareResult.totalMs);
    const bareAds2 = adsPerSec(ITEMS, bare2.totalMs);
    const pipelineShare = adsPerSec(ITEMS, two.wallMs) / bareAds2;
    // The same share in CPU per ad, which other programs on the machine disturb much less: the bare
    // renderer's, against the workers' and their database connections'.
    const pipelineCpuShare =
      two.ownDbCpuMs === undefined ? undefined : bare2.cpuMs / (two.cpuMs + two.ownDbCpuMs);
    const ads1 = adsPerSec(ITEMS, one.wallMs);
    const ads2 = adsPerSec(ITEMS, two.wallMs);
    const speedup2 = ads2 / ads1;
    const overhead = 1 - ads1 / bareAdsPerSec;
    // Less sensitive to other work on the machine than the wall times: CPU spent per ad.
    const cpuOverhead = (one.cpuMs + (one.dbCpuMs ?? 0)) / bareResult.cpuMs - 1;
    const unchangedShare = unchanged.wallMs / two.wallMs;
    const peakRss = [...rss1, ...rss2];
    const bareOthers = otherCores(bareResult.machineBusy, bareResult.cpuMs, bareResult.totalMs);
    const others = [bareOthers, ...[one, two, unchanged].map(runOtherCores)].filter(
      (cores): cores is number => cores !== undefined,
    );
    const mostOthers = others.length ? Math.max(...others) : undefined;
    const workerLabel = onPostgres
      ? 'processes, concurrency 1 each, generation jobs only'
      : 'concurrent handlers in this process';

    const rows: string[][] = [
      ['measure', 'value', 'target', ''],
      ['bare renderer, ms per ad (median)', `${median(bareResult.msPerAd).toFixed(1)} ms`, '', ''],
      ['bare renderer, ads/s', bareAdsPerSec.toFixed(2), '', ''],
      ['  CPU per ad (cores used)', cpuPerAd(bareResult.cpuMs, bareResult.totalMs), '', ''],
      [
        `  machine busy (all processes, ${availableParallelism()} cores)`,
        percent(bareResult.machineBusy),
        '',
        '',
      ],
      ['  cores taken by other programs meanwhile', coresText(bareOthers), '', ''],
      ['bare renderer, 2 processes: ads/s', bareAds2.toFixed(2), '', ''],
      ['  CPU per ad (cores used)', cpuPerAd(bare2.cpuMs, bare2.totalMs), '', ''],
      [`1 worker: wall time, ads/s`, `${seconds(one.wallMs)}, ${ads1.toFixed(2)}`, '', ''],
      ...runRows(one, 1, ITEMS),
      [
        'overhead: 1 − 1-worker ads/s ÷ bare ads/s',
        `${(overhead * 100).toFixed(1)} %`,
        `≤ ${TARGET_OVERHEAD * 100} %`,
        verdict(overhead <= TARGET_OVERHEAD),
      ],
      [
        `  CPU per ad, 1 worker${onPostgres ? ' + database' : ''} ÷ bare − 1`,
        `${(cpuOverhead * 100).toFixed(1)} %`,
        '',
        '',
      ],
      [`2 workers: wall time, ads/s`, `${seconds(two.wallMs)}, ${ads2.toFixed(2)}`, '', ''],
      ...runRows(two, 2, ITEMS),
      [
        '2 workers ÷ 1 worker',
        `${speedup2.toFixed(2)} ×`,
        `≥ ${TARGET_SPEEDUP} ×`,
        verdict(speedup2 >= TARGET_SPEEDUP),
      ],
      [
        'pipeline, 2 workers ÷ bare renderer, 2 processes',
        `${(pipelineShare * 100).toFixed(1)} %`,
        `≥ ${TARGET_PIPELINE_SHARE * 100} %`,
        verdict(pipelineShare >= TARGET_PIPELINE_SHARE),
      ],
      ...(pipelineCpuShare === undefined
        ? []
        : [
            [
              '  in CPU per ad: bare (2 processes) ÷ 2 workers and their database connections',
              `${(pipelineCpuShare * 100).toFixed(1)} %`,
              '',
              '',
            ],
          ]),
      ['unchanged run (2 workers): wall time', seconds(unchanged.wallMs), '', ''],
      ...runRows(unchanged, 2, 0),
      [
        'unchanged ÷ first run (2 workers)',
        `${(unchangedShare * 100).toFixed(1)} %`,
        `≤ ${TARGET_UNCHANGED * 100} %`,
        verdict(unchangedShare <= TARGET_UNCHANGED),
      ],
      [
        `big refresh: ${big.items.toLocaleString('en')} unchanged items (slowest of ${REFRESH_RUNS})`,
        `${refreshS.toFixed(2)} s (${big.refreshMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')})`,
        `≤ ${TARGET_REFRESH_100K_S} s`,
        verdict(refreshS <= TARGET_REFRESH_100K_S),
      ],
      [
        '  jobs sent / items found after one changed',
        `${big.queued} / ${big.changedFound}`,
        '0 / 1',
        big.queued === 0 && big.changedFound === 1 ? '' : 'WRONG',
      ],
      ['  state written in SQL first (untimed)', seconds(big.setUpMs), '', ''],
      ...(peakRss.length
        ? [['peak RSS per worker process (max)', `${Math.max(...peakRss).toFixed(0)} MB`, '', '']]
        : []),
    ];
    console.log(
      `\ngeneration benchmark: ${ITEMS.toLocaleString('en')} items (${PHOTO_COUNT} distinct ~1200 px JPEGs, one URL ` +
        `per item, served over HTTP), template ${TEMPLATE_KEY}, JPEG q90 1080 × 1080; ${db.label}; ` +
        `${(since(started) / 1000).toFixed(0)} s in all\n` +
        `workers: ${workerLabel}; the bare renderer runs in ${where}, one ad at a time\n` +
        `every figure is over all ${ITEMS.toLocaleString('en')} items (no subset)\n` +
        `machine: ${availableParallelism()} cores, 1-minute load average ${loadAtStart.toFixed(1)} at the start, ` +
        `${loadavg()[0]!.toFixed(1)} at the end\n`,
    );
    console.log(table(rows));
    if (mostOthers !== undefined && mostOthers >= OTHERS_WARNING_CORES)
      console.log(
        `\nOther programs took up to ${mostOthers.toFixed(2)} of the ${availableParallelism()} cores during a ` +
          'measure: the wall times (ads/s, overhead, speed-up, unchanged share) are slowed unevenly by them; ' +
          'the CPU times per ad much less.',
      );
    console.log(
      JSON.stringify({
        items: ITEMS,
        bareAdsPerSec: round2(bareAdsPerSec),
        ads1: round2(ads1),
        ads2: round2(ads2),
        speedup2: round2(speedup2),
        overheadPct: round1(overhead * 100),
        firstRunS: round1(two.wallMs / 1000),
        unchangedRunS: round2(unchanged.wallMs / 1000),
        unchangedPct: round1(unchangedShare * 100),
        adsPerSecPipeline2: round2(ads2),
        adsPerSecBare2: round2(bareAds2),
        pipelineShare: round2(pipelineShare),
        ...(pipelineCpuShare === undefined ? {} : { pipelineCpuShare: round2(pipelineCpuShare) }),
        unchangedShare: Math.round(unchangedShare * 10_000) / 10_000,
        refreshItems: big.items,
        refresh100kS: round2(refreshS),
        ...(two.ownDbCpuMs === undefined ? {} : { dbCpuMsPerAd2: round1(two.ownDbCpuMs / ITEMS) }),
        transactionsPerAd2: round1(two.transactions / ITEMS),
      }),
    );
  } finally {
    await workers?.stop().catch(() => undefined);
    await bench?.app.close().catch(() => undefined);
    await db.drop();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
