import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  catalogImports,
  catalogItems,
  catalogs,
  feedCreatives,
  feeds,
  productSets,
} from '../../src/db/schema.js';
import { gql } from '../harness.js';
import { addClientCases, type World } from './cases.js';

const NO_ID = '00000000-0000-4000-8000-000000000000';
const asA = (w: World, query: string, variables: Record<string, unknown> = {}) =>
  gql(w.t, { session: w.sessionAdminA, clientId: w.a.id, query, variables });

/** Client B's catalogue with one item, a product set and a feed, written directly. */
export async function catalogOfB(w: World) {
  const db = w.t.deps.db;
  const [catalog] = await db.insert(catalogs).values({ clientId: w.b.id, name: 'B catalogue' }).returning();
  const [imported] = await db
    .insert(catalogImports)
    .values({ catalogId: catalog!.id, clientId: w.b.id, status: 'completed', added: 1 })
    .returning();
  await db.insert(catalogItems).values({
    importId: imported!.id,
    catalogId: catalog!.id,
    itemId: 'B-SECRET-1',
    title: 'B secret item',
    contentHash: 'x',
  });
  await db.update(catalogs).set({ currentImportId: imported!.id }).where(eq(catalogs.id, catalog!.id));
  const [set] = await db
    .insert(productSets)
    .values({ clientId: w.b.id, catalogId: catalog!.id, name: 'B set', filter: {} })
    .returning();
  const [feed] = await db
    .insert(feeds)
    .values({ clientId: w.b.id, productSetId: set!.id, name: 'B feed', exportToken: 'b-token-abcdefghij' })
    .returning();
  return { catalogId: catalog!.id, setId: set!.id, feedId: feed!.id };
}

const refused = (data: Record<string, unknown> | null | undefined, field: string) => {
  const value = data?.[field] as { error?: { code: string } } | null | undefined;
  expect(value?.error?.code, field).toBe('NOT_FOUND');
};

addClientCases({
  'Query.catalogs': {
    document: '{ catalogs { id } }',
    crossResource: async (w) => {
      await catalogOfB(w);
      const res = await asA(w, '{ catalogs { name } }');
      expect(res.data?.catalogs.map((c: { name: string }) => c.name)).not.toContain('B catalogue');
    },
  },
  'Query.catalog': {
    document: `{ catalog(id: "${NO_ID}") { id } }`,
    crossResource: async (w) => {
      const b = await catalogOfB(w);
      expect(
        (await asA(w, 'query($id: ID!) { catalog(id: $id) { id } }', { id: b.catalogId })).data?.catalog,
      ).toBeNull();
    },
  },
  'Query.catalogItems': {
    document: `{ catalogItems(catalogId: "${NO_ID}") { total } }`,
    crossResource: async (w) => {
      const b = await catalogOfB(w);
      const res = await asA(w, 'query($id: ID!) { catalogItems(catalogId: $id) { total items { id } } }', {
        id: b.catalogId,
      });
      expect(res.data).toBeNull();
      expect(res.errors?.[0]?.message).toBe(`Catalogue ${b.catalogId} not found`);
    },
  },
  'Query.catalogItem': {
    document: `{ catalogItem(catalogId: "${NO_ID}", itemId: "x") { id } }`,
    crossResource: async (w) => {
      const b = await catalogOfB(w);
      const res = await asA(
        w,
        'query($id: ID!) { catalogItem(catalogId: $id, itemId: "B-SECRET-1") { title } }',
        {
          id: b.catalogId,
        },
      );
      expect(res.data?.catalogItem ?? null).toBeNull();
      expect(res.errors?.[0]?.message).toBe(`Catalogue ${b.catalogId} not found`);
    },
  },
  'Query.productSets': {
    document: `{ productSets(catalogId: "${NO_ID}") { id } }`,
    crossResource: async (w) => {
      const b = await catalogOfB(w);
      const res = await asA(w, 'query($id: ID!) { productSets(catalogId: $id) { id } }', { id: b.catalogId });
      expect(res.data).toBeNull();
    },
  },
  'Query.productSetFields': { document: '{ productSetFields { name } }' },
  'Query.catalogColumnFields': { document: '{ catalogColumnFields }' },
  'Query.productSetPreview': {
    document: `{ productSetPreview(catalogId: "${NO_ID}", filterJson: "{}") { total } }`,
    crossResource: async (w) => {
      const b = await catalogOfB(w);
      const res = await asA(
        w,
        'query($id: ID!) { productSetPreview(catalogId: $id, filterJson: "{}") { total items { id } } }',
        {
          id: b.catalogId,
        },
      );
      expect(res.data).toBeNull();
    },
  },
  'Mutation.createCatalog': {
    document:
      'mutation { createCatalog(name: "x", sourceUrl: "https://example.com/f.xml") { error { code } } }',
    crossResource: async (w) => {
      // Another client's upload key cannot be imported.
      const res = await asA(
        w,
        `mutation { createCatalog(name: "Stolen", uploadKey: "clients/${w.b.id}/catalog-files/${NO_ID}/feed.csv") { error { code message } } }`,
      );
      expect(res.data?.createCatalog.error).toEqual({
        code: 'INVALID_INPUT',
        message: 'The uploaded file was not found: upload the catalogue file again.',
      });
    },
  },
  'Mutation.updateCatalog': {
    document: `mutation { updateCatalog(id: "${NO_ID}", name: "x") { error { code } } }`,
    crossResource: async (w) => {
      const b = await catalogOfB(w);
      refused(
        (
          await asA(
            w,
            `mutation { updateCatalog(id: "${b.catalogId}", name: "Hijacked") { error { code } } }`,
          )
        ).data,
        'updateCatalog',
      );
    },
  },
  'Mutation.importCatalog': {
    document: `mutation { importCatalog(id: "${NO_ID}") { error { code } } }`,
    crossResource: async (w) => {
      const b = await catalogOfB(w);
      refused(
        (await asA(w, `mutation { importCatalog(id: "${b.catalogId}") { error { code } } }`)).data,
        'importCatalog',
      );
    },
  },
  'Mutation.checkCatalogImages': {
    document: `mutation { checkCatalogImages(id: "${NO_ID}") { error { code } } }`,
    crossResource: async (w) => {
      const b = await catalogOfB(w);
      refused(
        (await asA(w, `mutation { checkCatalogImages(id: "${b.catalogId}") { error { code } } }`)).data,
        'checkCatalogImages',
      );
    },
  },
  'Mutation.deleteCatalog': {
    document: `mutation { deleteCatalog(id: "${NO_ID}") { error { code } } }`,
    crossResource: async (w) => {
      const b = await catalogOfB(w);
      refused(
        (await asA(w, `mutation { deleteCatalog(id: "${b.catalogId}") { error { code } } }`)).data,
        'deleteCatalog',
      );
    },
  },
  'Mutation.createProductSet': {
    document: `mutation { createProductSet(catalogId: "${NO_ID}", name: "x") { error { code } } }`,
    crossResource: async (w) => {
      const b = await catalogOfB(w);
      refused(
        (
          await asA(
            w,
            `mutation { createProductSet(catalogId: "${b.catalogId}", name: "Spy") { error { code } } }`,
          )
        ).data,
        'createProductSet',
      );
    },
  },
  'Mutation.updateProductSet': {
    document: `mutation { updateProductSet(id: "${NO_ID}", name: "x") { error { code } } }`,
    crossResource: async (w) => {
      const b = await catalogOfB(w);
      refused(
        (await asA(w, `mutation { updateProductSet(id: "${b.setId}", name: "Hijacked") { error { code } } }`))
          .data,
        'updateProductSet',
      );
    },
  },
  'Mutation.deleteProductSet': {
    document: `mutation { deleteProductSet(id: "${NO_ID}") { error { code } } }`,
    crossResource: async (w) => {
      const b = await catalogOfB(w);
      refused(
        (await asA(w, `mutation { deleteProductSet(id: "${b.setId}") { error { code } } }`)).data,
        'deleteProductSet',
      );
    },
  },
  'Query.feeds': {
    document: '{ feeds { id } }',
    crossResource: async (w) => {
      await catalogOfB(w);
      expect(
        (await asA(w, '{ feeds { name } }')).data?.feeds.map((f: { name: string }) => f.name),
      ).not.toContain('B feed');
    },
  },
  'Query.feed': {
    document: `{ feed(id: "${NO_ID}") { id } }`,
    crossResource: async (w) => {
      const b = await catalogOfB(w);
      expect(
        (await asA(w, 'query($id: ID!) { feed(id: $id) { id exportUrls } }', { id: b.feedId })).data?.feed,
      ).toBeNull();
    },
  },
  'Query.feedCreatives': {
    document: `{ feedCreatives(feedId: "${NO_ID}") { total } }`,
    crossResource: async (w) => {
      const b = await catalogOfB(w);
      expect(
        (await asA(w, 'query($id: ID!) { feedCreatives(feedId: $id) { total } }', { id: b.feedId })).data,
      ).toBeNull();
    },
  },
  'Mutation.createFeed': {
    document: `mutation { createFeed(productSetId: "${NO_ID}", name: "x", designs: []) { error { code } } }`,
    crossResource: async (w) => {
      const b = await catalogOfB(w);
      const res = await asA(
        w,
        `mutation { createFeed(productSetId: "${b.setId}", name: "Spy", designs: [{ templateId: "${NO_ID}" }]) { error { code } } }`,
      );
      expect(res.data?.createFeed.error.code).toMatch(/NOT_FOUND|UNAVAILABLE/);
    },
  },
  'Mutation.generateFeed': {
    document: `mutation { generateFeed(id: "${NO_ID}") { error { code } } }`,
    crossResource: async (w) => {
      const b = await catalogOfB(w);
      const res = await asA(w, `mutation { generateFeed(id: "${b.feedId}") { error { code } } }`);
      expect(res.data?.generateFeed.error.code).toMatch(/NOT_FOUND|UNAVAILABLE/);
    },
  },
  'Query.feedCreative': {
    document: `{ feedCreative(feedId: "${NO_ID}", itemId: "x") { status } }`,
    crossResource: async (w) => {
      const b = await catalogOfB(w);
      await w.t.deps.db.insert(feedCreatives).values({ feedId: b.feedId, itemId: 'B-SECRET-1' });
      const res = await asA(w, `{ feedCreative(feedId: "${b.feedId}", itemId: "B-SECRET-1") { status } }`);
      expect(res.data?.feedCreative).toBeNull();
      expect(res.errors?.[0]?.message).toBe(`Feed ${b.feedId} not found`);
    },
  },
  'Mutation.updateFeed': {
    document: `mutation { updateFeed(id: "${NO_ID}", name: "x") { error { code } } }`,
    crossResource: async (w) => {
      const b = await catalogOfB(w);
      refused(
        (await asA(w, `mutation { updateFeed(id: "${b.feedId}", name: "Taken") { error { code } } }`)).data,
        'updateFeed',
      );
      const [still] = await w.t.deps.db.select().from(feeds).where(eq(feeds.id, b.feedId));
      expect(still?.name).toBe('B feed');
    },
  },
  'Mutation.moveFeedDesignsToLatestVersion': {
    document: `mutation { moveFeedDesignsToLatestVersion(feedId: "${NO_ID}") { error { code } } }`,
    crossResource: async (w) => {
      const b = await catalogOfB(w);
      refused(
        (
          await asA(
            w,
            `mutation { moveFeedDesignsToLatestVersion(feedId: "${b.feedId}") { error { code } } }`,
          )
        ).data,
        'moveFeedDesignsToLatestVersion',
      );
    },
  },
  'Mutation.regenerateCreative': {
    document: `mutation { regenerateCreative(feedId: "${NO_ID}", itemId: "x") { error { code } } }`,
    crossResource: async (w) => {
      const b = await catalogOfB(w);
      await w.t.deps.db
        .insert(feedCreatives)
        .values({ feedId: b.feedId, itemId: 'B-SECRET-1', status: 'generated' });
      refused(
        (
          await asA(
            w,
            `mutation { regenerateCreative(feedId: "${b.feedId}", itemId: "B-SECRET-1") { error { code } } }`,
          )
        ).data,
        'regenerateCreative',
      );
      const [row] = await w.t.deps.db.select().from(feedCreatives).where(eq(feedCreatives.feedId, b.feedId));
      expect(row?.status).toBe('generated');
    },
  },
  'Mutation.retryFailedCreatives': {
    document: `mutation { retryFailedCreatives(feedId: "${NO_ID}") { error { code } } }`,
  },
  'Mutation.deleteFeed': {
    document: `mutation { deleteFeed(id: "${NO_ID}") { error { code } } }`,
    crossResource: async (w) => {
      const b = await catalogOfB(w);
      refused(
        (await asA(w, `mutation { deleteFeed(id: "${b.feedId}") { error { code } } }`)).data,
        'deleteFeed',
      );
      const still = await w.t.deps.db.select().from(feeds);
      expect(still.some((f) => f.id === b.feedId)).toBe(true);
    },
  },
  'Mutation.startAdGenerationJob': {
    document: `mutation { startAdGenerationJob(adConfigs: [{ templateVersionId: "${NO_ID}", slots: [] }], productCatalogItemId: "${NO_ID}:x") { error { code } } }`,
    crossResource: async (w) => {
      const b = await catalogOfB(w);
      const res = await asA(
        w,
        `mutation { startAdGenerationJob(adConfigs: [{ templateVersionId: "${NO_ID}", slots: [] }], productCatalogItemId: "${b.catalogId}:B-SECRET-1") { adJobResult { jobId } error { code } } }`,
      );
      expect(res.data?.startAdGenerationJob).toEqual({ adJobResult: null, error: { code: 'NOT_FOUND' } });
    },
  },
  'Mutation.fetchAdGenerationJob': {
    document: `mutation { fetchAdGenerationJob(jobId: "${NO_ID}") { status } }`,
    crossResource: async (w) => {
      // A job of B's (queued directly) is not visible to A.
      const jobId = await w.t.deps.jobs.send(
        'ad-preview',
        { clientId: w.b.id, catalogId: NO_ID, itemId: 'x', configs: [] },
        { startAfterSeconds: 3600 },
      );
      const res = await asA(w, `mutation { fetchAdGenerationJob(jobId: "${jobId}") { status } }`);
      expect(res.data?.fetchAdGenerationJob).toBeNull();
    },
  },
});
