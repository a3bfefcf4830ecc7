/**
 * Lists cost the same number of SQL queries whatever their length: the fields a list asks for once per
 * row (a feed's counts, status, designs and product set, a catalogue's item count and imports, a product
 * set's matching count) are batched by the request's data loaders (graphql/loaders.ts). Queries are
 * counted at the driver: every query any pg client sends while the request is answered.
 */
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  catalogImports,
  catalogItems,
  catalogs,
  creativeStatuses,
  feedCreatives,
  feedDesigns,
  feeds,
  productSets,
  templates,
  templateVersions,
} from '../src/db/schema.js';
import { addMember } from '../src/modules/clients/index.js';
import {
  createTestApp,
  describeEachDatabase,
  gql,
  makeClient,
  type GqlResult,
  makeUser,
  PASSWORD,
  signIn,
  type Session,
  type TestApp,
} from './harness.js';

/** How many queries pg clients send while `run` runs. */
async function queriesDuring(run: () => Promise<unknown>): Promise<number> {
  const query = pg.Client.prototype.query;
  let count = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: Parameters<typeof query>) {
    count += 1;
    return query.apply(this, args);
  } as typeof query;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = query;
  }
  return count;
}

const FEEDS = `{ feeds { id name productSetName catalogId status exportUrls
  counts { itemCount generatedCount failedCount isGenerating }
  designs { id templateVersion { templateName versionNumber newestVersionNumber isNewest } } } }`;
const CATALOGS = '{ catalogs { id name itemCount imports { id status } } }';
const PRODUCT_SETS = 'query($id: ID!) { productSets(catalogId: $id) { id name description itemCount } }';
const MY_CLIENTS = '{ me { clients { id showTermsModal features { key enabled } } } }';

describeEachDatabase('queries per list on %s', (kind) => {
  let t: TestApp;

  /** A client with `catalogCount` catalogues of 3 items, each with one product set per feed of `feedCount`. */
  async function workspace(catalogCount: number, feedCount: number) {
    const client = await makeClient(t);
    const user = await makeUser(t, { clientId: client.id, isAdmin: true });
    const session = await signIn(t, user.email, PASSWORD);
    const catalogIds: string[] = [];
    for (let c = 0; c < catalogCount; c++) {
      const [catalog] = await t.deps.db
        .insert(catalogs)
        .values({ clientId: client.id, name: `Catalogue ${c}` })
        .returning();
      const [version] = await t.deps.db
        .insert(catalogImports)
        .values({ catalogId: catalog!.id, clientId: client.id, status: 'completed' })
        .returning();
      await t.deps.db.insert(catalogItems).values(
        ['red', 'blue', 'red'].map((colour, i) => ({
          importId: version!.id,
          catalogId: catalog!.id,
          itemId: `SKU-${i}`,
          title: `${colour} shoe`,
          contentHash: `hash-${i}`,
        })),
      );
      await t.deps.db
        .update(catalogs)
        .set({ currentImportId: version!.id })
        .where(eq(catalogs.id, catalog!.id));
      catalogIds.push(catalog!.id);
    }
    // One template with two versions: the feeds' designs alternate between them.
    const [template] = await t.deps.db
      .insert(templates)
      .values({ clientId: client.id, name: 'Square', width: 1080, height: 1080 })
      .returning();
    const versionIds: string[] = [];
    for (const number of [1, 2]) {
      const [version] = await t.deps.db
        .insert(templateVersions)
        .values({
          templateId: template!.id,
          number,
          name: 'Square',
          templateString: '<svg/>',
          width: 1080,
          height: 1080,
          slots: [],
        })
        .returning();
      versionIds.push(version!.id);
    }
    await t.deps.db
      .update(templates)
      .set({ currentVersionId: versionIds[1]! })
      .where(eq(templates.id, template!.id));
    for (let f = 0; f < feedCount; f++) {
      // Two sets per catalogue in turn: one matching every item, one only the red ones.
      const catalogId = catalogIds[Math.floor(f / 2) % catalogCount]!;
      const [set] = await t.deps.db
        .insert(productSets)
        .values({
          clientId: client.id,
          catalogId,
          name: `Set ${f}`,
          filter: f % 2 ? { title: { i_contains: 'red' } } : {},
        })
        .returning();
      const [feed] = await t.deps.db
        .insert(feeds)
        .values({ clientId: client.id, productSetId: set!.id, name: `Feed ${f}`, exportToken: `token-${f}` })
        .returning();
      await t.deps.db
        .insert(feedDesigns)
        .values({ feedId: feed!.id, templateVersionId: versionIds[f % 2]!, position: 0 });
      await t.deps.db.insert(feedCreatives).values(
        ['SKU-0', 'SKU-1', 'SKU-2'].map((itemId, i) => ({
          feedId: feed!.id,
          itemId,
          status: creativeStatuses[(f + i) % creativeStatuses.length]!,
        })),
      );
    }
    return { clientId: client.id, session, catalogIds };
  }

  async function queriesFor(
    w: { clientId?: string; session: Session },
    query: string,
    variables: Record<string, unknown> = {},
  ) {
    let answer: GqlResult<Record<string, any>> | undefined;
    const count = await queriesDuring(async () => {
      answer = await gql(t, { session: w.session, clientId: w.clientId, query, variables });
    });
    expect(answer?.errors).toBeUndefined();
    return { count, data: answer?.data };
  }

  beforeAll(async () => {
    // No job queue traffic on the pool while queries are counted.
    t = await createTestApp(kind, {}, undefined, { jobs: 'in-process' });
  });
  afterAll(() => t.close());

  it('lists 50 feeds with the queries of 1', async () => {
    const one = await queriesFor(await workspace(1, 1), FEEDS);
    const fifty = await queriesFor(await workspace(3, 50), FEEDS);
    expect(one.data?.feeds).toHaveLength(1);
    expect(fifty.data?.feeds).toHaveLength(50);
    expect(fifty.data?.feeds[0]).toMatchObject({ productSetName: expect.stringMatching(/^Set /) });
    // Each design names its template and version, the older ones as such, still in one query.
    const versions = fifty.data?.feeds.map(
      (feed: { designs: { templateVersion: { versionNumber: number; isNewest: boolean } }[] }) =>
        feed.designs[0]!.templateVersion,
    );
    expect(versions).toContainEqual({
      templateName: 'Square',
      versionNumber: 1,
      newestVersionNumber: 2,
      isNewest: false,
    });
    expect(versions).toContainEqual({
      templateName: 'Square',
      versionNumber: 2,
      newestVersionNumber: 2,
      isNewest: true,
    });
    expect(fifty.count).toBe(one.count);
  });

  it('lists catalogues with their item counts and imports, and product sets with their matching counts, with the queries of 1', async () => {
    const small = await workspace(1, 1);
    const large = await workspace(10, 20);
    const oneCatalog = await queriesFor(small, CATALOGS);
    const tenCatalogs = await queriesFor(large, CATALOGS);
    expect(tenCatalogs.data?.catalogs).toHaveLength(10);
    expect(tenCatalogs.data?.catalogs[0]).toMatchObject({ itemCount: 3, imports: [{ status: 'completed' }] });
    expect(tenCatalogs.count).toBe(oneCatalog.count);

    const oneSet = await queriesFor(small, PRODUCT_SETS, { id: small.catalogIds[0] });
    const twoSets = await queriesFor(large, PRODUCT_SETS, { id: large.catalogIds[0] });
    expect(twoSets.data?.productSets).toHaveLength(2);
    expect(twoSets.data?.productSets.map((s: { itemCount: number }) => s.itemCount).sort()).toEqual([2, 3]);
    expect(twoSets.count).toBe(oneSet.count);
  });

  it("lists a viewer's clients with their features with the queries of 1", async () => {
    const viewerOf = async (clientCount: number) => {
      const clients = await Promise.all(Array.from({ length: clientCount }, () => makeClient(t)));
      const user = await makeUser(t, { clientId: clients[0]!.id });
      for (const client of clients.slice(1))
        await addMember(t.deps.db, { userId: user.id, clientId: client.id, isAdmin: false });
      return { session: await signIn(t, user.email, PASSWORD) };
    };
    const one = await queriesFor(await viewerOf(1), MY_CLIENTS);
    const six = await queriesFor(await viewerOf(6), MY_CLIENTS);
    expect(six.data?.me.clients).toHaveLength(6);
    expect(six.count).toBe(one.count);
  });
});
