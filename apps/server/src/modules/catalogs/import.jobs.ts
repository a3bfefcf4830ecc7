/**
 * Starting catalogue imports: the import row is queued here and run by the 'import-catalog' job
 * (import/import-service.ts does the work), in a worker or the web process.
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
import { invalidInput } from '../../errors.js';
import { JOBS, type JobQueue } from '../../jobs/queue.js';
import { registerJobHandler } from '../../jobs/registry.js';
import { queueCatalogImport, runCatalogImport } from './import/import-service.js';
import { regenerateForCatalog } from '../feeds/feeds.service.js';
import type { CatalogSource } from './import/fetch-source.js';

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

/** Queues an import of the catalogue and its job; returns the queued import. */
export async function startCatalogImport(
  deps: AppDeps & { jobs?: JobQueue },
  catalog: CatalogRow,
  input: ImportSourceInput,
): Promise<CatalogImportRow> {
  const source = sourceOf(catalog, input);
  if (source.kind === 'file') {
    const stored = await deps.files.get(source.key);
    stored?.stream.destroy();
    if (!stored) throw invalidInput('The uploaded file was not found: upload the catalogue file again.');
    await deps.db.update(catalogs).set({ sourceFileKey: source.key }).where(eq(catalogs.id, catalog.id));
  }
  const queued = await queueCatalogImport(deps.db, catalog.id);
  const data: ImportJobData = { catalogId: catalog.id, importId: queued.id, source };
  if (deps.jobs)
    await deps.jobs.send(JOBS.importCatalog, data, {
      retryLimit: 0,
      // A large feed takes minutes; a dead worker's import is marked failed by the dead-letter job.
      expireInSeconds: 4 * 3600,
      deadLetter: IMPORT_CATALOG_FAILED,
    });
  else
    void runCatalogImport(deps, data).catch((error: unknown) =>
      deps.log.error({ error }, 'catalogue import failed'),
    );
  return queued;
}

/** Imports whose run died (a killed worker, a time-out) end here and are marked failed. */
export const IMPORT_CATALOG_FAILED = 'import-catalog-failed';

registerJobHandler<ImportJobData>(JOBS.importCatalog, async (job, ctx) => {
  const result = await runCatalogImport(ctx, {
    ...job.data,
    fetch: { allowHosts: ctx.config.fetchAllowHosts },
  });
  // A new catalogue version: the feeds of its product sets are brought up to date.
  const feeds =
    result.status === 'completed' ? await regenerateForCatalog(ctx.db, ctx.jobs, job.data.catalogId) : 0;
  return { status: result.status, feedsRegenerated: feeds };
});

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
