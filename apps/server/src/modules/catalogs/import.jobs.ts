/**
 * Starting catalogue imports: the import row is queued here and run by the 'import-catalog' job
 * (import/import-service.ts does the work), in a worker or the web process.
 *
 * Fair between clients: each working process runs IMPORT_SLOTS imports at once, at most one per client
 * across all processes (the job's group is its client), and clients take turns in the queue; a feed host
 * sending slower than the minimum rate (FEED_MIN_RATE_*) fails its import and frees the slot.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import {
  catalogImports,
  catalogItems,
  catalogs,
  type CatalogImportRow,
  type CatalogRow,
} from '../../db/schema.js';
import { DomainError, invalidInput } from '../../errors.js';
import { JOBS } from '../../jobs/queue.js';
import { registerJobHandler, registerPeriodicJob, type JobContext } from '../../jobs/registry.js';
import {
  IMPORT_LOST,
  nextImportAt,
  queueCatalogImport,
  reapDeadImports,
  runCatalogImport,
} from './import/import-service.js';
import { publish } from '../../events/index.js';
import type { CatalogSource } from './import/fetch-source.js';
import { acceptUpload } from '../uploads/index.js';
import { queueImageCheck } from './diagnostics/image-check.jobs.js';

/** What the user gives an import: an uploaded file's key, or nothing (then the catalogue's URL). */
export interface ImportSourceInput {
  uploadKey?: string | null | undefined;
}

interface ImportJobData {
  catalogId: string;
  importId: string;
  source: CatalogSource;
}

function sourceOf(catalog: CatalogRow, input: ImportSourceInput): CatalogSource {
  const key = input.uploadKey?.trim().replace(/^\/+/, '');
  if (key) {
    // Only the client's own uploads: a key names a file anywhere in the store.
    if (!key.startsWith(`clients/${catalog.clientId}/catalog-files/`))
      throw invalidInput('The uploaded file was not found: upload the catalogue file again.');
    return { kind: 'file', key };
  }
  if (catalog.sourceUrl) return { kind: 'url', url: catalog.sourceUrl };
  throw invalidInput('Upload a catalogue file or give the feed URL.');
}

/** An import recorded and waiting for its job: {@link dispatchCatalogImport} sends it. */
export interface PreparedImport {
  queued: CatalogImportRow;
  data: ImportJobData;
}

/**
 * Checks the import's source (the client's own uploaded file, present; or the catalogue's URL), notes the
 * file on the catalogue and records the queued import. Besides database writes it only takes an uploaded
 * file into use (a hard link on disk, a CopyObject inside the bucket: no bytes pass through here, so it is
 * quick inside a transaction): pass a transaction to make it part of a larger change (createCatalog), then
 * dispatch after it commits.
 */
export async function prepareCatalogImport(
  deps: Pick<AppDeps, 'db' | 'files' | 'log'>,
  catalog: CatalogRow,
  input: ImportSourceInput,
): Promise<PreparedImport> {
  let source = sourceOf(catalog, input);
  if (source.kind === 'file') {
    if (!(await deps.files.exists(source.key)))
      throw invalidInput('The uploaded file was not found: upload the catalogue file again.');
    // Taken into use once, its type checked against its bytes, and read from a copy no upload destination
    // can replace (uploads/accept-upload.ts); a stored file (an earlier import's) is read as it is.
    const accepted = await acceptUpload(deps, {
      clientId: catalog.clientId,
      key: source.key,
      uploadTypes: ['CATALOG_FILE'],
      acceptStored: true,
    });
    source = { kind: 'file', key: accepted.key };
    await deps.db.update(catalogs).set({ sourceFileKey: source.key }).where(eq(catalogs.id, catalog.id));
  }
  const queued = await queueCatalogImport(deps.db, catalog.id);
  return { queued, data: { catalogId: catalog.id, importId: queued.id, source } };
}

/** Sends the job of a prepared import. */
export async function dispatchCatalogImport(
  deps: AppDeps,
  catalog: CatalogRow,
  prepared: PreparedImport,
): Promise<void> {
  const { data } = prepared;
  await deps.jobs.send(JOBS.importCatalog, data, {
    retryLimit: 0,
    // A large feed takes minutes: this bounds the longest import. A worker that dies is noticed much
    // sooner, by the import's heartbeat (reapDeadImports, within about 90 s).
    expireInSeconds: 4 * 3600,
    deadLetter: IMPORT_CATALOG_FAILED,
    // One running import per client, and clients take turns (the worker's perGroup).
    group: catalog.clientId,
  });
}

/** Queues an import of the catalogue and its job; returns the queued import. */
export async function startCatalogImport(
  deps: AppDeps,
  catalog: CatalogRow,
  input: ImportSourceInput,
): Promise<CatalogImportRow> {
  const prepared = await prepareCatalogImport(deps, catalog, input);
  await dispatchCatalogImport(deps, catalog, prepared);
  return prepared.queued;
}

/** Imports whose run died (a killed worker, a time-out) end here and are marked failed. */
export const IMPORT_CATALOG_FAILED = 'import-catalog-failed';

registerJobHandler<ImportJobData>(
  JOBS.importCatalog,
  async (job, ctx) => {
    const result = await runCatalogImport(ctx, {
      ...job.data,
      fetch: {
        allowHosts: ctx.config.fetchAllowHosts,
        minRateBytes: ctx.config.feedMinRate.bytes,
        minRateWindowMs: ctx.config.feedMinRate.windowMs,
      },
      signal: job.signal,
    });
    // A new catalogue version: its subscribers (the feeds of its product sets) react before the job ends,
    // so that the job's at-least-once delivery covers them too.
    if (result.status === 'completed') {
      await publish(ctx, 'catalogVersionImported', { catalogId: job.data.catalogId, importId: result.id });
      // The diagnostics' image sizes, measured in the background (the import is complete without them).
      await queueImageCheck(ctx, result.clientId, { catalogId: job.data.catalogId, importId: result.id });
    }
    return { status: result.status };
  },
  // IMPORT_SLOTS at once in this process; one client's imports one after another, whatever the process.
  // No prefetching: an import taken while every slot is busy would wait here behind them.
  (config) => ({ concurrency: config.importSlots, batchSize: 1, perGroup: 1 }),
);

registerJobHandler<ImportJobData>(IMPORT_CATALOG_FAILED, async (job, ctx) => {
  await ctx.db
    .update(catalogImports)
    .set({
      status: 'failed',
      error: 'The import stopped before it finished; start it again.',
      finishedAt: new Date(),
    })
    .where(
      and(eq(catalogImports.id, job.data.importId), inArray(catalogImports.status, ['queued', 'running'])),
    );
  // Its partial items are not part of the catalogue (the current import did not change).
  await ctx.db.delete(catalogItems).where(eq(catalogItems.importId, job.data.importId));
});

/**
 * Imports whose process died (no heartbeat for a minute) fail cleanly and free their catalogue, and their
 * jobs (still active until their 4-hour expiry) are failed, so that their client's next import can run.
 */
export async function reapDeadImportJobs(ctx: JobContext): Promise<{ reaped: number }> {
  const ids = await reapDeadImports(ctx.db);
  if (ids.length) ctx.log.warn({ imports: ids }, 'imports whose process ended were marked failed');
  for (const importId of ids) await ctx.jobs.failActive(JOBS.importCatalog, { importId }, IMPORT_LOST);
  return { reaped: ids.length };
}

/** Every 30 s: reapDeadImportJobs. */
export const REAP_DEAD_IMPORTS = 'reap-dead-imports';
registerPeriodicJob(REAP_DEAD_IMPORTS, 30, reapDeadImportJobs);

// ---- Refresh schedules (hourly, daily, weekly) ----

/** A catalogue on a schedule gets a 'refresh-catalog' job queued for its next time. */
export const REFRESH_CATALOG = 'refresh-catalog';

interface RefreshJobData {
  catalogId: string;
}

/**
 * Queues the catalogue's next scheduled refresh (one waiting job per catalogue) and records when it is
 * due; a catalogue without a schedule (or without a URL) has none. Called when a catalogue is created or
 * its schedule changes, and after each scheduled refresh.
 */
export async function scheduleNextRefresh(
  deps: AppDeps,
  catalog: CatalogRow,
  from = new Date(),
): Promise<Date | null> {
  const due = catalog.sourceUrl ? nextImportAt(catalog.schedule, from) : null;
  await deps.db.update(catalogs).set({ nextImportAt: due }).where(eq(catalogs.id, catalog.id));
  if (due)
    await deps.jobs.send<RefreshJobData>(
      REFRESH_CATALOG,
      { catalogId: catalog.id },
      {
        singletonKey: `refresh:${catalog.id}`,
        startAfterSeconds: Math.max(1, Math.round((due.getTime() - Date.now()) / 1000)),
        retryLimit: 2,
      },
    );
  return due;
}

/** The refresh job: imports from the URL when the catalogue is still due, then schedules the next. */
export async function refreshCatalog(ctx: AppDeps, catalogId: string, now = new Date()) {
  const [catalog] = await ctx.db.select().from(catalogs).where(eq(catalogs.id, catalogId));
  // Deleted, unscheduled, or rescheduled later meanwhile (a newer job is waiting): nothing to do.
  if (!catalog?.sourceUrl || catalog.schedule === 'none' || !catalog.nextImportAt) return { imported: false };
  if (catalog.nextImportAt.getTime() > now.getTime() + 60_000) return { imported: false };
  let importId: string | undefined;
  try {
    importId = (await startCatalogImport(ctx, catalog, {})).id;
  } catch (error) {
    // One import at a time: the one in progress (a user's, or a slow earlier refresh) stands for this one.
    if (!(error instanceof DomainError && error.code === 'IMPORT_IN_PROGRESS')) throw error;
  }
  await scheduleNextRefresh(ctx, catalog, now);
  return importId ? { imported: true, importId } : { imported: false, inProgress: true };
}

registerJobHandler<RefreshJobData>(REFRESH_CATALOG, (job, ctx) => refreshCatalog(ctx, job.data.catalogId));
