/**
 * Imports recorded as queued whose job was never sent: the process died between the write and the send
 * (createCatalog and importCatalog send the job after their transaction commits, and the caller was never
 * answered). A periodic sweep fails them cleanly a minute later, so the catalogue is free for the next
 * import and its page says what happened.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { catalogImports } from '../../db/schema.js';
import { JOBS } from '../../jobs/queue.js';
import { registerPeriodicJob, type JobContext } from '../../jobs/registry.js';

export const FAIL_UNSENT_IMPORTS = 'fail-unsent-imports';
export const IMPORT_NEVER_STARTED =
  'The import was interrupted before it started (the server stopped); import the catalogue again.';
/** How old a queued import without a job must be (a send that is merely slow is not judged). */
export const UNSENT_AFTER_SECONDS = 60;

export async function failUnsentImports(ctx: Pick<JobContext, 'db' | 'jobs'>): Promise<string[]> {
  const queued = await ctx.db
    .select({ id: catalogImports.id })
    .from(catalogImports)
    .where(
      and(
        eq(catalogImports.status, 'queued'),
        lt(catalogImports.createdAt, sql`now() - make_interval(secs => ${UNSENT_AFTER_SECONDS})`),
      ),
    )
    .limit(1000);
  const failed: string[] = [];
  for (const { id } of queued) {
    if (await ctx.jobs.hasLiveJob(JOBS.importCatalog, { importId: id })) continue;
    const done = await ctx.db
      .update(catalogImports)
      .set({ status: 'failed', error: IMPORT_NEVER_STARTED, finishedAt: new Date() })
      .where(and(eq(catalogImports.id, id), eq(catalogImports.status, 'queued')))
      .returning({ id: catalogImports.id });
    if (done.length) failed.push(id);
  }
  return failed;
}

registerPeriodicJob(FAIL_UNSENT_IMPORTS, 30, async (ctx) => {
  const failed = await failUnsentImports(ctx);
  if (failed.length) ctx.log.warn({ imports: failed }, 'failed imports whose job was never sent');
  return { failed: failed.length };
});
