import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { catalogImports, catalogItems, catalogs } from '../../src/db/schema.js';
import { gql } from '../harness.js';
import { addClientCases, type World } from './cases.js';

const NO_ID = '00000000-0000-4000-8000-000000000000';

/** Client B's catalogue with one item, written directly. */
async function itemOfB(w: World): Promise<string> {
  const db = w.t.deps.db;
  const [catalog] = await db.insert(catalogs).values({ clientId: w.b.id, name: 'B live' }).returning();
  const [imported] = await db
    .insert(catalogImports)
    .values({ catalogId: catalog!.id, clientId: w.b.id, status: 'completed', added: 1 })
    .returning();
  await db.insert(catalogItems).values({
    importId: imported!.id,
    catalogId: catalog!.id,
    itemId: 'B-LIVE-1',
    title: 'B live item',
    imageLink: 'https://images.example/b.jpg',
    contentHash: 'x',
  });
  await db.update(catalogs).set({ currentImportId: imported!.id }).where(eq(catalogs.id, catalog!.id));
  return `${catalog!.id}:B-LIVE-1`;
}

addClientCases({
  'Query.livePreviewInputs': {
    document: `{ livePreviewInputs(productCatalogItemId: "${NO_ID}:x") { error { code } } }`,
    crossResource: async (w) => {
      const id = await itemOfB(w);
      const res = await gql(w.t, {
        session: w.sessionAdminA,
        clientId: w.a.id,
        query:
          'query($id: ID!) { livePreviewInputs(productCatalogItemId: $id) { inputs { metadataJson } error { code } } }',
        variables: { id },
      });
      expect(res.data?.livePreviewInputs).toEqual({ inputs: null, error: { code: 'NOT_FOUND' } });
      // The image route refuses B's item through A's client, and A's session on B's client.
      const path = (clientId: string) =>
        `/api/clients/${clientId}/live-preview/image?item=${encodeURIComponent(id)}&index=0`;
      const viaA = await w.t.app.inject({ url: path(w.a.id), headers: { cookie: w.sessionAdminA.cookie } });
      expect(viaA.statusCode).toBe(404);
      const viaB = await w.t.app.inject({ url: path(w.b.id), headers: { cookie: w.sessionAdminA.cookie } });
      expect(viaB.statusCode).toBe(403);
    },
  },
});
