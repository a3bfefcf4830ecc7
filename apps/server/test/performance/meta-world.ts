/** Test helpers for the Meta connection: the OAuth round trip through the fake and counts of synced rows. */
import { createHash, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { StartedFakeMeta } from '@adloom/fakes';
import { rowsOf } from '../../src/db/rows.js';
import {
  catalogs,
  feedCreatives,
  feedDesigns,
  feeds,
  productSets,
  templates,
  templateVersions,
} from '../../src/db/schema.js';
import { gql, type Session, type TestApp } from '../harness.js';

/** Start → the fake's dialog → our callback; returns where the callback sent the browser. */
export async function connectThroughFake(
  t: TestApp,
  fake: StartedFakeMeta,
  session: Session,
  clientId: string,
) {
  const start = await gql(t, {
    session,
    clientId,
    query: 'mutation { startMetaConnection { authorizeUrl error { code message } } }',
  });
  const authorizeUrl = start.data?.startMetaConnection.authorizeUrl as string;
  expect(authorizeUrl.startsWith(`${fake.url}/v23.0/dialog/oauth?`)).toBe(true);
  const dialog = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(dialog.status).toBe(302);
  const callback = new URL(dialog.headers.get('location')!);
  expect(callback.pathname).toBe('/integrations/meta/callback');
  const res = await t.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: session.cookie },
  });
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location as string, 'http://adloom.test');
}

/** The count and spend of an account's daily rows; spend summed as numeric, so the order rows are read in does not change its last bits. */
export async function dailyRowsOf(t: TestApp, accountExternalId: string) {
  const rows = await t.deps.db.execute(sql`
    select count(*)::int as n, coalesce(sum(d.spend::numeric), 0)::float8 as spend
    from ad_insights_daily d join ads a on a.id = d.ad_id join ad_accounts acc on acc.id = a.account_id
    where acc.external_id = ${accountExternalId}`);
  return rowsOf<{ n: number; spend: number }>(rows)[0]!;
}

/** Waits (polling, with a deadline) until the client's Meta sync has ended. */
export async function syncEnded(t: TestApp, session: Session, clientId: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await gql(t, {
      session,
      clientId,
      query: '{ metaIntegration { connection { sync { state progress message failures } } } }',
    });
    const sync = res.data?.metaIntegration.connection?.sync;
    if (sync && !['QUEUED', 'RUNNING'].includes(sync.state)) return sync;
    if (Date.now() > deadline) throw new Error(`the sync did not end: ${JSON.stringify(sync)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The demo setup's round trip: start → the sandbox's login page → "Continue as …" → our callback. */
export async function connectThroughSandbox(t: TestApp, session: Session, clientId: string) {
  const start = await gql(t, {
    session,
    clientId,
    query: 'mutation { startMetaConnection { authorizeUrl } }',
  });
  const dialog = new URL(start.data?.startMetaConnection.authorizeUrl as string);
  expect(dialog.pathname).toBe('/_sandbox/meta/v23.0/dialog/oauth');
  const page = await t.app.inject({ method: 'GET', url: `${dialog.pathname}${dialog.search}` });
  expect(page.statusCode).toBe(200);
  const approve = /id="approve" href="([^"]+)"/.exec(page.body)![1]!.replace(/&amp;/g, '&');
  const approved = await t.app.inject({ method: 'GET', url: approve });
  expect(approved.statusCode).toBe(302);
  const callback = new URL(approved.headers.location as string);
  const res = await t.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: session.cookie },
  });
  return new URL(res.headers.location as string, 'http://adloom.test');
}

/** A generated creative of the client (catalogue, product set, feed, template version, design), by its stored key. */
/**
 * A generated creative of the client in a feed of its own (feed, design, template version, item SKU-1). With
 * `bytes`, they are stored as the creative's file under their content key, with their MD5 as generation keeps it.
 */
export async function adloomCreativeOf(t: TestApp, clientId: string, options: { bytes?: Buffer } = {}) {
  const db = t.deps.db;
  const [catalog] = await db.insert(catalogs).values({ clientId, name: 'Shoes' }).returning();
  const [set] = await db
    .insert(productSets)
    .values({ clientId, catalogId: catalog!.id, name: 'All', filter: {} })
    .returning();
  const [feed] = await db
    .insert(feeds)
    .values({ clientId, productSetId: set!.id, name: 'Shoes feed', exportToken: `token-${randomUUID()}` })
    .returning();
  const [template] = await db
    .insert(templates)
    .values({ clientId, name: 'Square', width: 1080, height: 1080 })
    .returning();
  const [version] = await db
    .insert(templateVersions)
    .values({
      templateId: template!.id,
      number: 1,
      name: 'Square',
      templateString: '<svg/>',
      width: 1080,
      height: 1080,
      slots: [],
    })
    .returning();
  const [design] = await db
    .insert(feedDesigns)
    .values({ feedId: feed!.id, templateVersionId: version!.id, position: 0 })
    .returning();
  const { bytes } = options;
  const name = bytes ? createHash('sha256').update(bytes).digest('hex') : 'c'.repeat(64);
  const outputKey = `clients/${clientId}/creatives/${name}.jpg`;
  const outputMd5 = bytes ? createHash('md5').update(bytes).digest('hex') : null;
  if (bytes) await t.deps.files.put(outputKey, bytes, { contentType: 'image/jpeg' });
  await db.insert(feedCreatives).values({
    feedId: feed!.id,
    itemId: 'SKU-1',
    status: 'generated',
    designId: design!.id,
    outputKey,
    outputMd5,
  });
  return { outputKey, outputMd5, feedId: feed!.id, designId: design!.id, templateVersionId: version!.id };
}
