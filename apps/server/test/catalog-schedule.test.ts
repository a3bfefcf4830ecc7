import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogImports } from '../src/db/schema.js';
import { REFRESH_CATALOG, refreshCatalog } from '../src/modules/catalogs/import.jobs.js';
import { createTestApp, gql, makeClient, makeUser, PASSWORD, signIn, type TestApp } from './harness.js';

describe('catalogue refresh schedules', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No job runs here: the in-process queue keeps what the schedule sends.
    t = await createTestApp('embedded', {}, undefined, { jobs: 'in-process' });
  });
  afterAll(() => t.close());

  it('queues the next refresh at the schedule, imports when due, and stops when unscheduled', async () => {
    const client = await makeClient(t, 'Scheduled');
    const user = await makeUser(t, { clientId: client.id, isAdmin: true });
    const session = await signIn(t, user.email, PASSWORD);
    const call = (query: string, variables: Record<string, unknown> = {}) =>
      gql(t, { session, clientId: client.id, query, variables });
    const before = Date.now();
    const created = await call(
      'mutation { createCatalog(name: "Hourly", sourceUrl: "https://feeds.example/shop.xml", schedule: HOURLY) { catalog { id nextImportAt schedule } error { message } } }',
    );
    const catalog = created.data?.createCatalog.catalog as {
      id: string;
      nextImportAt: string;
      schedule: string;
    };
    expect(catalog.schedule).toBe('HOURLY');
    const due = new Date(catalog.nextImportAt).getTime();
    expect(due - before).toBeGreaterThanOrEqual(3_600_000 - 5_000);
    expect(due - before).toBeLessThanOrEqual(3_600_000 + 5_000);
    expect(await t.deps.jobs.hasLiveJob(REFRESH_CATALOG, { catalogId: catalog.id })).toBe(true);

    // Not yet due: nothing happens.
    const ctx = t.deps;
    expect(await refreshCatalog(ctx, catalog.id, new Date(due - 10 * 60_000))).toEqual({ imported: false });
    // Due while the first import (queued by createCatalog; no worker runs here) is still in progress:
    // it stands for this refresh, and the next one is an hour later.
    expect(await refreshCatalog(ctx, catalog.id, new Date(due))).toEqual({
      imported: false,
      inProgress: true,
    });
    const waiting = await call('query($id: ID!) { catalog(id: $id) { nextImportAt imports { id } } }', {
      id: catalog.id,
    });
    expect(waiting.data?.catalog.imports).toHaveLength(1);
    expect(new Date(waiting.data?.catalog.nextImportAt).getTime()).toBe(due + 3_600_000);
    // Once it has ended, the next refresh imports, and the one after is an hour later again.
    await t.deps.db
      .update(catalogImports)
      .set({ status: 'failed', error: 'stopped', finishedAt: new Date() })
      .where(eq(catalogImports.catalogId, catalog.id));
    const nextDue = due + 3_600_000;
    const refreshed = await refreshCatalog(ctx, catalog.id, new Date(nextDue));
    expect(refreshed.imported).toBe(true);
    const after = await call('query($id: ID!) { catalog(id: $id) { nextImportAt imports { id } } }', {
      id: catalog.id,
    });
    expect(after.data?.catalog.imports.map((i: { id: string }) => i.id)).toContain(refreshed.importId);
    expect(new Date(after.data?.catalog.nextImportAt).getTime()).toBe(nextDue + 3_600_000);

    // Unscheduled: no next time, and a waiting refresh job does nothing.
    const off = await call(
      'mutation($id: ID!) { updateCatalog(id: $id, name: "Hourly", schedule: NONE) { catalog { nextImportAt } error { message } } }',
      { id: catalog.id },
    );
    expect(off.data?.updateCatalog).toEqual({ catalog: { nextImportAt: null }, error: null });
    expect(await refreshCatalog(ctx, catalog.id, new Date(nextDue + 3_600_000))).toEqual({ imported: false });

    // A schedule needs a URL.
    const upload = await call(
      'mutation { createCatalog(name: "File", schedule: DAILY) { error { message } } }',
    );
    expect(upload.data?.createCatalog.error.message).toBe(
      'Only a catalogue fetched from a URL can refresh on a schedule.',
    );
  });
});
