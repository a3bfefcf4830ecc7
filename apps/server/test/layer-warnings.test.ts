/**
 * Feed layer warnings (issue 16, item 2): before generating, the feed page asks which layers will vanish
 * in the feed's ads and for how many items. Rows are written directly; the rule itself (layerPresence)
 * has its own tests in packages/renderer.
 */
import { createBuilderDocument, createBuilderLayer, writeBuilderMetadata } from '@adloom/template';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  catalogImports,
  catalogItems,
  catalogs,
  feedDesigns,
  feeds,
  productSets,
  templates,
  templateVersions,
} from '../src/db/schema.js';
import { LAYER_WARNING_ITEM_CAP } from '../src/modules/feeds/layer-warnings.js';
import {
  createTestApp,
  describeEachDatabase,
  gql,
  makeClient,
  makeUser,
  PASSWORD,
  signIn,
  type TestApp,
} from './harness.js';

/** A template with a slot, a rating, a sale badge and a title text, named as the builder names them. */
function template(): string {
  const body = [
    '<rect id="MAIN_001" x="40" y="40" width="300" height="300"/>',
    '<rect id="RATING" x="40" y="400" width="223" height="40"/>',
    '<rect id="SALE" x="400" y="40" width="100" height="50"/>',
    '<text id="headline" title="{title} from {brand}" data-x="400" data-y="900" data-width="600">x</text>',
  ].join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1080">${body}</svg>`;
  return writeBuilderMetadata(
    svg,
    createBuilderDocument({
      layers: [
        createBuilderLayer('MAIN_001', { name: 'Product image' }),
        createBuilderLayer('RATING', { name: 'rating' }),
        createBuilderLayer('SALE', { name: 'Sale badge' }),
        createBuilderLayer('headline', { name: 'Headline', text: '{title} from {brand}' }),
      ],
    }),
  );
}

const QUERY = `query($id: ID!) { feedLayerWarnings(feedId: $id) {
  checkedItems itemTotal
  warnings { templateName layerId layerName reason detail emptyFor total message }
  unreadable { templateName error } } }`;

const DRAFT_QUERY = `query($setId: ID!, $designs: [FeedDesignInput!]!) {
  draftFeedLayerWarnings(productSetId: $setId, designs: $designs) {
    checkedItems itemTotal
    warnings { designId templateName layerId layerName reason detail emptyFor total message }
    unreadable { templateName error } } }`;

describeEachDatabase('feed layer warnings on %s', (kind) => {
  let t: TestApp;
  let clientId: string;
  let session: Awaited<ReturnType<typeof signIn>>;
  const call = (query: string, variables: Record<string, unknown> = {}) =>
    gql(t, { session, clientId, query, variables });

  /** A catalogue of `count` items (item i from `item(i)`), a product set of all of it and a feed on the template. */
  async function feedOf(
    count: number,
    item: (i: number) => Partial<typeof catalogItems.$inferInsert>,
    templateString = template(),
  ) {
    const db = t.deps.db;
    const [catalog] = await db
      .insert(catalogs)
      .values({ clientId, name: `Catalogue ${count}` })
      .returning();
    const [imported] = await db
      .insert(catalogImports)
      .values({ catalogId: catalog!.id, clientId, status: 'completed', added: count })
      .returning();
    const rows = Array.from({ length: count }, (_, i) => ({
      importId: imported!.id,
      catalogId: catalog!.id,
      itemId: `SKU-${String(i).padStart(5, '0')}`,
      title: `Item ${i}`,
      imageLink: `https://images.example/${i}.jpg`,
      contentHash: String(i),
      ...item(i),
    }));
    for (let start = 0; start < rows.length; start += 1000)
      await db.insert(catalogItems).values(rows.slice(start, start + 1000));
    await db.update(catalogs).set({ currentImportId: imported!.id }).where(eq(catalogs.id, catalog!.id));
    const [set] = await db
      .insert(productSets)
      .values({ clientId, catalogId: catalog!.id, name: 'All', filter: {} })
      .returning();
    const [tpl] = await db
      .insert(templates)
      .values({ clientId, name: 'Rated ad', width: 1080, height: 1080 })
      .returning();
    const [version] = await db
      .insert(templateVersions)
      .values({
        templateId: tpl!.id,
        number: 1,
        name: 'Rated ad',
        templateString,
        width: 1080,
        height: 1080,
        slots: [],
      })
      .returning();
    await db.update(templates).set({ currentVersionId: version!.id }).where(eq(templates.id, tpl!.id));
    const [feed] = await db
      .insert(feeds)
      .values({
        clientId,
        productSetId: set!.id,
        name: `Feed ${count}`,
        exportToken: `token-${count}-abcdefgh`,
      })
      .returning();
    await db.insert(feedDesigns).values({ feedId: feed!.id, position: 0, templateVersionId: version!.id });
    return { feedId: feed!.id, catalogId: catalog!.id, setId: set!.id, templateId: tpl!.id };
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    const client = await makeClient(t, 'Warn Co');
    clientId = client.id;
    const user = await makeUser(t, { clientId, isAdmin: true });
    session = await signIn(t, user.email, PASSWORD);
  }, 60_000);
  afterAll(() => t.close());

  it('says which layers vanish for how many of the feed’s items, and why', async () => {
    // 20 items, none rated; every 4th on sale; items 0-4 without a brand.
    const { feedId, catalogId } = await feedOf(20, (i) => ({
      brand: i < 5 ? '' : 'Acme',
      priceAmount: 10000,
      salePriceAmount: i % 4 === 0 ? 8000 : null,
    }));
    const res = await call(QUERY, { id: feedId });
    expect(res.errors).toBeUndefined();
    const answer = res.data?.feedLayerWarnings;
    expect(answer).toMatchObject({ checkedItems: 20, itemTotal: 20, unreadable: [] });
    expect(answer.warnings).toEqual([
      {
        templateName: 'Rated ad',
        layerId: 'RATING',
        layerName: 'rating',
        reason: 'no-rating',
        detail: 'this catalogue has no rating column',
        emptyFor: 20,
        total: 20,
        message: 'the rating layer will be empty for 20 of 20 items',
      },
      {
        templateName: 'Rated ad',
        layerId: 'SALE',
        layerName: 'Sale badge',
        reason: 'conditional-hidden',
        detail: 'not on sale',
        emptyFor: 15,
        total: 20,
        message: 'the Sale badge layer will be hidden for 15 of 20 items',
      },
      {
        templateName: 'Rated ad',
        layerId: 'headline',
        layerName: 'Headline',
        reason: 'missing-key',
        detail: 'no value for {brand}',
        emptyFor: 5,
        total: 20,
        message: 'the Headline layer will be empty for 5 of 20 items',
      },
    ]);
    const ratings = await call(
      'query($id: ID!) { catalogRatings(catalogId: $id) { itemCount ratedCount } }',
      {
        id: catalogId,
      },
    );
    expect(ratings.data?.catalogRatings).toEqual({ itemCount: 20, ratedCount: 0 });
  });

  it('answers the same for the new feed form’s draft, before the feed exists, with its item filters', async () => {
    // The feed page's feed and a draft of the same product set and template agree (one rule).
    const { feedId, setId, templateId } = await feedOf(20, (i) => ({
      brand: i < 5 ? '' : 'Acme',
      priceAmount: 10000,
      salePriceAmount: i % 4 === 0 ? 8000 : null,
    }));
    const saved = (await call(QUERY, { id: feedId })).data?.feedLayerWarnings;
    const draft = await call(DRAFT_QUERY, { setId, designs: [{ templateId }] });
    expect(draft.errors).toBeUndefined();
    const answer = draft.data!.draftFeedLayerWarnings;
    expect(answer.warnings.map((w: { designId: string }) => w.designId)).toEqual(['new-1', 'new-1', 'new-1']);
    expect({
      ...answer,
      warnings: answer.warnings.map((w: { designId?: string }) => ({ ...w, designId: undefined })),
    }).toEqual(saved);
    // The form's designs in order: the first takes the Acme items (so no item lacks a brand there), the
    // second the rest; each line counts over its own design's items and says which design it is.
    const designs = [
      { templateId, itemFilterJson: '{"brand":{"eq":"Acme"}}' },
      { id: 'kept-design', templateId },
    ];
    const split = (await call(DRAFT_QUERY, { setId, designs })).data?.draftFeedLayerWarnings;
    expect(
      split.warnings.map((w: { designId: string; layerId: string; emptyFor: number; total: number }) => [
        w.designId,
        w.layerId,
        w.emptyFor,
        w.total,
      ]),
    ).toEqual([
      ['new-1', 'RATING', 15, 15],
      ['new-1', 'SALE', 12, 15],
      ['kept-design', 'RATING', 5, 5],
      ['kept-design', 'SALE', 3, 5],
      ['kept-design', 'headline', 5, 5],
    ]);
  });

  it('refuses a draft as createFeed would: a template that is not the client’s, no design', async () => {
    const { setId } = await feedOf(1, () => ({}));
    const missing = '00000000-0000-4000-8000-000000000000';
    const stranger = await call(DRAFT_QUERY, { setId, designs: [{ templateId: missing }] });
    expect(stranger.data).toBeNull();
    expect(stranger.errors?.[0]?.message).toBe(`Template ${missing} was not found.`);
    const empty = await call(DRAFT_QUERY, { setId, designs: [] });
    expect(empty.errors?.[0]?.message).toBe('Add at least one design (a template) to the feed.');
  });

  it('counts rated items, and words a partly rated catalogue by item', async () => {
    const { feedId, catalogId } = await feedOf(4, (i) => ({
      rating: i === 0 ? 4.5 : i === 1 ? 0 : null,
      brand: 'Acme',
      priceAmount: 100,
      salePriceAmount: 50,
    }));
    const answer = (await call(QUERY, { id: feedId })).data?.feedLayerWarnings;
    expect(answer.warnings.map((w: { message: string; detail: string }) => [w.message, w.detail])).toEqual([
      // A rating of 0 is "no reviews": itemMetadata leaves it out, so its layer is empty too.
      ['the rating layer will be empty for 3 of 4 items', 'no rating'],
    ]);
    const ratings = await call('query($id: ID!) { catalogRatings(catalogId: $id) { ratedCount } }', {
      id: catalogId,
    });
    expect(ratings.data?.catalogRatings.ratedCount).toBe(1);
  });

  it(`answers ${LAYER_WARNING_ITEM_CAP} items within a second, and says when it stopped there`, async () => {
    const { feedId } = await feedOf(LAYER_WARNING_ITEM_CAP + 1, (i) => ({
      brand: 'Acme',
      rating: i % 2 ? 4 : null,
    }));
    await call(QUERY, { id: feedId }); // warm: the first query of a shape plans it
    // The best of three: the machine is shared, and a second is about the answer, not the neighbours.
    let took = Infinity;
    let res = await call(QUERY, { id: feedId });
    for (let run = 0; run < 3; run += 1) {
      const started = performance.now();
      res = await call(QUERY, { id: feedId });
      took = Math.min(took, performance.now() - started);
    }
    const answer = res.data?.feedLayerWarnings;
    expect(answer).toMatchObject({
      checkedItems: LAYER_WARNING_ITEM_CAP,
      itemTotal: LAYER_WARNING_ITEM_CAP + 1,
    });
    expect(answer.warnings.find((w: { layerId: string }) => w.layerId === 'RATING')).toMatchObject({
      emptyFor: LAYER_WARNING_ITEM_CAP / 2,
      total: LAYER_WARNING_ITEM_CAP,
    });
    console.info(`feedLayerWarnings over ${LAYER_WARNING_ITEM_CAP} items (${kind}): ${Math.round(took)} ms`);
    expect(took).toBeLessThan(1000);
  }, 60_000);

  it('names a design whose template cannot be read instead of failing', async () => {
    const { feedId } = await feedOf(2, () => ({}), '<html>not an svg</html>');
    const answer = (await call(QUERY, { id: feedId })).data?.feedLayerWarnings;
    expect(answer.warnings).toEqual([]);
    expect(answer.unreadable).toEqual([
      {
        templateName: 'Rated ad',
        error: expect.stringMatching(/^the template could not be read: could not parse the template!/),
      },
    ]);
  });

  it('refuses a feed id that is not the client’s', async () => {
    const res = await call(QUERY, { id: '00000000-0000-4000-8000-000000000000' });
    expect(res.data).toBeNull();
    expect(res.errors?.[0]?.message).toMatch(/Feed .* not found/);
  });
});
