/**
 * Running one queued import: claimed (queued → running), the file read and written in one transaction (a
 * refused or failing file leaves what was stored before), and ended completed with its report or failed
 * with a message, whatever happens. The final write is conditional on the import still running, so a
 * second delivery of the job, or the dead-letter handler after it, cannot undo an end.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../../deps.js';
import { adPerformanceImports, type AdPerformanceImportRow } from '../../../db/schema.js';
import { importAdsManagerExport } from './import-export.js';
import { ImportRefusal } from './messages.js';

export const UNEXPECTED_FAILURE =
  'The import stopped on an unexpected error and nothing was imported. Try again; if it fails again, send the file to support.';
export const IMPORT_STOPPED =
  'The import stopped before it finished and nothing was imported. Start it again.';

type RunDeps = Pick<AppDeps, 'db' | 'files' | 'log'>;

export async function runAdPerformanceImport(
  deps: RunDeps,
  importId: string,
): Promise<{ status: AdPerformanceImportRow['status'] }> {
  const [claimed] = await deps.db
    .update(adPerformanceImports)
    .set({ status: 'running', startedAt: new Date(), heartbeatAt: new Date() })
    .where(and(eq(adPerformanceImports.id, importId), eq(adPerformanceImports.status, 'queued')))
    .returning();
  if (!claimed) {
    const [found] = await deps.db
      .select()
      .from(adPerformanceImports)
      .where(eq(adPerformanceImports.id, importId));
    return { status: found?.status ?? 'failed' };
  }
  const stillRunning = and(eq(adPerformanceImports.id, importId), eq(adPerformanceImports.status, 'running'));
  let file: Awaited<ReturnType<RunDeps['files']['get']>> = null;
  try {
    file = await deps.files.get(claimed.fileKey);
    if (!file) throw new ImportRefusal('The uploaded file is no longer stored. Upload the export again.');
    const stream = file.stream as AsyncIterable<Buffer>;
    const report = await deps.db.transaction(async (tx) => {
      const result = await importAdsManagerExport(tx, claimed.clientId, stream);
      await tx
        .update(adPerformanceImports)
        .set({
          status: 'completed',
          format: result.format,
          language: result.language,
          currency: result.currency,
          rowsRead: result.rowsRead,
          rowsImported: result.rowsImported,
          rejectedCount: result.rejectedCount,
          rejected: result.rejected,
          unknownColumns: result.unknownColumns,
          firstDay: result.firstDay,
          lastDay: result.lastDay,
          accountId: result.accountId,
          error: null,
          finishedAt: new Date(),
        })
        .where(stillRunning);
      return result;
    });
    deps.log.info({ importId, rows: report.rowsImported }, 'Ads Manager export imported');
    return { status: 'completed' };
  } catch (error) {
    const refusal = error instanceof ImportRefusal ? error : null;
    if (!refusal) deps.log.error({ err: error, importId }, 'an Ads Manager export import failed');
    await deps.db
      .update(adPerformanceImports)
      .set({
        status: 'failed',
        error: refusal?.message ?? UNEXPECTED_FAILURE,
        rowsImported: 0,
        ...(refusal?.details ?? {}),
        finishedAt: new Date(),
      })
      .where(stillRunning);
    return { status: 'failed' };
  } finally {
    file?.stream.destroy();
  }
}

/** The dead-letter end of an import whose job died (killed worker, expiry): failed, if not ended already. */
export async function failStoppedImport(deps: Pick<AppDeps, 'db'>, importId: string): Promise<void> {
  await deps.db
    .update(adPerformanceImports)
    .set({ status: 'failed', error: IMPORT_STOPPED, finishedAt: new Date() })
    .where(
      and(eq(adPerformanceImports.id, importId), inArray(adPerformanceImports.status, ['queued', 'running'])),
    );
}
