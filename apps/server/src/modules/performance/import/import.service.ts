/**
 * Starting Ads Manager export imports and listing them: the upload is taken into use (its bytes checked
 * as CSV or XLSX, uploads/acceptUpload), the import recorded as queued, and its job sent with the client
 * as its group (one client's imports run one after another; clients take turns).
 */
import { desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../../deps.js';
import { adAccounts, adPerformanceImports, type AdPerformanceImportRow } from '../../../db/schema.js';
import { invalidInput } from '../../../errors.js';
import { JOBS } from '../../../jobs/queue.js';
import { acceptUpload, UPLOAD_TYPES } from '../../uploads/index.js';
import { failStoppedImport } from './run-import.js';

export interface ImportJobData {
  importId: string;
}

/** Imports whose job died end here (import.jobs.ts marks them failed). */
export const IMPORT_AD_PERFORMANCE_FAILED = 'import-ad-performance-file-failed';

const NOT_FOUND = 'The uploaded file was not found: upload the Ads Manager export again.';

/** Queues the import of an uploaded export of the client; refuses a key outside the client's own folder. */
export async function startAdPerformanceImport(
  deps: Pick<AppDeps, 'db' | 'files' | 'log' | 'jobs'>,
  input: { clientId: string; userId: string | null; uploadKey: string },
): Promise<AdPerformanceImportRow> {
  const key = input.uploadKey.trim().replace(/^\/+/, '');
  // Only the client's own uploads: a key names a file anywhere in the store.
  if (!key.startsWith(`clients/${input.clientId}/${UPLOAD_TYPES.AD_PERFORMANCE_FILE.folder}/`))
    throw invalidInput(NOT_FOUND);
  if (!(await deps.files.exists(key))) throw invalidInput(NOT_FOUND);
  const accepted = await acceptUpload(deps, {
    clientId: input.clientId,
    key,
    uploadTypes: ['AD_PERFORMANCE_FILE'],
    acceptStored: true,
  });
  const [queued] = await deps.db
    .insert(adPerformanceImports)
    .values({
      clientId: input.clientId,
      fileKey: accepted.key,
      fileName: accepted.fileName,
      createdByUserId: input.userId,
    })
    .returning();
  try {
    await deps.jobs.send<ImportJobData>(
      JOBS.importAdPerformanceFile,
      { importId: queued!.id },
      {
        retryLimit: 0,
        expireInSeconds: 2 * 3600,
        deadLetter: IMPORT_AD_PERFORMANCE_FAILED,
        group: input.clientId,
      },
    );
  } catch (error) {
    // No job will ever run it: it ends here rather than stay queued.
    await failStoppedImport(deps, queued!.id);
    throw error;
  }
  return queued!;
}

/** An import with the name of the ad account it wrote. */
export type AdPerformanceImportView = AdPerformanceImportRow & { accountName?: string | null };

/** The client's imports, newest first (the latest 100), with their account's name in the same query. */
export async function listAdPerformanceImports(
  db: AppDeps['db'],
  clientId: string,
): Promise<AdPerformanceImportView[]> {
  const rows = await db
    .select({ row: adPerformanceImports, accountName: adAccounts.name })
    .from(adPerformanceImports)
    .leftJoin(adAccounts, eq(adAccounts.id, adPerformanceImports.accountId))
    .where(eq(adPerformanceImports.clientId, clientId))
    .orderBy(desc(adPerformanceImports.createdAt), desc(adPerformanceImports.id))
    .limit(100);
  return rows.map(({ row, accountName }) => ({ ...row, accountName }));
}
