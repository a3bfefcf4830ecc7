/**
 * Work a process recorded but died before sending its job (issue 14, item 5; found by the chaos test on
 * PostgreSQL): an import left queued, creatives left pending. The sweeps fail the import cleanly and queue
 * the creatives again, and leave alone what has a job.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { catalogImports, catalogs, feedCreatives, feeds, productSets } from '../src/db/schema.js';
import { JOBS } from '../src/jobs/queue.js';
import { queueCatalogImport } from '../src/modules/catalogs/import/import-service.js';
import { failUnsentImports, IMPORT_NEVER_STARTED } from '../src/modules/catalogs/lost-imports.jobs.js';
import { generationKey, queueGeneration } from '../src/modules/feeds/feeds.service.js';
import { requeueUnsentCreatives } from '../src/modules/feeds/lost-generation.jobs.js';
import { createTestApp, describeEachDatabase, makeClient, type TestApp } from './harness.js';

describeEachDatabase('work recorded but never sent, on %s', (kind) => {
  let t: TestApp;
  let clientId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    clientId = (await makeClient(t)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const ctx = () => ({ db: t.deps.db, jobs: t.deps.jobs });
  const catalog = async () =>
    (
      await t.deps.db
        .insert(catalogs)
        .values({ clientId, name: `Shop ${randomUUID()}` })
        .returning()
    )[0]!;

  it('fails an import queued a minute ago without a job, and leaves one with a job alone', async () => {
    const lost = await queueCatalogImport(t.deps.db, (await catalog()).id);
    const sent = await queueCatalogImport(t.deps.db, (await catalog()).id);
    const fresh = await queueCatalogImport(t.deps.db, (await catalog()).id);
    await t.deps.jobs.send(JOBS.importCatalog, { catalogId: sent.catalogId, importId: sent.id });
    await t.deps.db
      .update(catalogImports)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(sql`${catalogImports.id} in (${lost.id}, ${sent.id})`);

    expect(await failUnsentImports(ctx())).toEqual([lost.id]);
    const status = async (id: string) =>
      (await t.deps.db.select().from(catalogImports).where(eq(catalogImports.id, id)))[0]!;
    expect(await status(lost.id)).toMatchObject({ status: 'failed', error: IMPORT_NEVER_STARTED });
    expect((await status(sent.id)).status).toBe('queued');
    // A moment old: its job may still be on its way.
    expect((await status(fresh.id)).status).toBe('queued');
  });

  it('queues again the creatives pending a minute without a job, once', async () => {
    const c = await catalog();
    const [set] = await t.deps.db
      .insert(productSets)
      .values({ clientId, catalogId: c.id, name: 'All' })
      .returning();
    const [feed] = await t.deps.db
      .insert(feeds)
      .values({ clientId, productSetId: set!.id, name: 'Feed', exportToken: randomUUID() })
      .returning();
    await t.deps.db.insert(feedCreatives).values(
      ['lost-1', 'lost-2', 'sent', 'fresh'].map((itemId) => ({
        feedId: feed!.id,
        itemId,
        status: 'pending' as const,
        updatedAt: itemId === 'fresh' ? new Date() : new Date(Date.now() - 5 * 60_000),
      })),
    );
    await queueGeneration(t.deps.jobs, feed!, ['sent']);

    expect(await requeueUnsentCreatives(ctx())).toBe(2);
    const keys = ['lost-1', 'lost-2', 'sent', 'fresh'].map((item) => generationKey(feed!.id, item));
    // Now every old one has its job; the fresh one is not judged yet.
    expect(await t.deps.jobs.keysWithoutLiveJob(JOBS.generateCreative, keys)).toEqual([keys[3]]);
    expect(await requeueUnsentCreatives(ctx())).toBe(0);
  });
});
