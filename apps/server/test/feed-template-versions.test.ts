/**
 * Template edits reaching their feeds (issue 16, items 7 and 8) through the API: the counts a save asks
 * with (feedUsage), a feed kept on an older version naming its template and version, moving it to the
 * newest version, editing a feed's designs and item filter, and making one item's ad again.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRegisteredWorkers } from '../src/jobs/registry.js';
import { startImageHost, until, type ImageHost } from './fixtures/feed-hosts.js';
import { builderSvg } from './fixtures/templates.js';
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

const FEED = `
  query($id: ID!) {
    feed(id: $id) {
      name
      counts { isGenerating generatedCount itemCount noTemplateMatchedCount }
      designs {
        id position itemFilterJson templateVersionId
        templateVersion { templateId templateName versionNumber newestVersionNumber isNewest thumbnailUrl }
      }
    }
  }`;

describeEachDatabase('template versions in feeds on %s', (kind) => {
  let t: TestApp;
  let images: ImageHost;
  let clientId: string;
  let session: Awaited<ReturnType<typeof signIn>>;
  const call = (query: string, variables: Record<string, unknown> = {}) =>
    gql(t, { session, clientId, query, variables });
  const readFeed = async (id: string) => (await call(FEED, { id })).data?.feed;
  const generated = (id: string, what: string) =>
    until(
      () => readFeed(id),
      (f) => f && !f.counts.isGenerating,
      what,
      120_000,
    );

  beforeAll(async () => {
    images = await startImageHost(300);
    t = await createTestApp(kind, { FETCH_ALLOW_HOSTS: images.host, JOB_POLLING_INTERVAL_MS: '200' });
    await startRegisteredWorkers(t.deps);
    const client = await makeClient(t, 'Versions Co');
    clientId = client.id;
    const user = await makeUser(t, { clientId, isAdmin: true });
    session = await signIn(t, user.email, PASSWORD);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await images?.close();
  });

  /** A catalogue of three items (two Acme, one Zenith), its product set of all items, a template and a feed. */
  async function feedOnTemplate(name: string) {
    const csv = [
      'id,title,price,brand,image_link',
      `A-1,Trail shoe,129.00 USD,Acme,${images.origin}/img/1.jpg`,
      `A-2,Road shoe,89.00 USD,Acme,${images.origin}/img/2.jpg`,
      `Z-1,Boot,49.00 USD,Zenith,${images.origin}/img/3.jpg`,
    ].join('\n');
    const key = `clients/${clientId}/catalog-files/${randomUUID()}/shoes.csv`;
    await t.deps.files.put(key, Buffer.from(csv), { contentType: 'text/csv' });
    const created = await call(
      'mutation($key: String!) { createCatalog(name: "Shoes", uploadKey: $key) { catalog { id } } }',
      { key },
    );
    const catalogId = created.data?.createCatalog.catalog.id as string;
    await until(
      async () => (await call('query($id: ID!) { catalog(id: $id) { itemCount } }', { id: catalogId })).data,
      (d) => d?.catalog.itemCount === 3,
      'the import',
    );
    const set = await call(
      'mutation($id: ID!) { createProductSet(catalogId: $id, name: "All", filterJson: "{}") { productSet { id } } }',
      { id: catalogId },
    );
    const template = await call(
      'mutation($name: String!, $svg: String!) { createProductCatalogTemplate(name: $name, templateString: $svg) { template { id templateVersionId } } }',
      { name, svg: builderSvg() },
    );
    const { id: templateId, templateVersionId } = template.data?.createProductCatalogTemplate.template as {
      id: string;
      templateVersionId: string;
    };
    const feed = await call(
      'mutation($set: ID!, $tpl: ID!) { createFeed(productSetId: $set, name: "Shoe feed", designs: [{ templateId: $tpl }]) { feed { id } error { message } } }',
      { set: set.data?.createProductSet.productSet.id, tpl: templateId },
    );
    const feedId = feed.data?.createFeed.feed.id as string;
    await generated(feedId, 'the first generation');
    return { templateId, firstVersionId: templateVersionId, feedId };
  }

  const saveNewVersion = async (templateId: string, name: string, regenerateFeeds: boolean) => {
    const saved = await call(
      'mutation($id: ID!, $name: String!, $svg: String!, $r: Boolean) { updateProductCatalogTemplate(id: $id, name: $name, templateString: $svg, regenerateFeeds: $r) { template { templateVersionId versionNumber } error { message } } }',
      {
        id: templateId,
        name,
        svg: builderSvg({
          extra: `<rect x="0" y="0" width="90" height="90" fill="#${randomUUID().slice(0, 6)}"/>`,
        }),
        r: regenerateFeeds,
      },
    );
    expect(saved.data?.updateProductCatalogTemplate.error).toBeNull();
    return saved.data?.updateProductCatalogTemplate.template as {
      templateVersionId: string;
      versionNumber: number;
    };
  };

  it('counts the feeds and ads of a template, keeps a feed on its version, then moves it', async () => {
    const { templateId, firstVersionId, feedId } = await feedOnTemplate('Sale square');

    const usage = await call(
      'query($id: ID!) { productCatalogTemplate(id: $id) { feedUsage { feeds ads } } }',
      {
        id: templateId,
      },
    );
    expect(usage.data?.productCatalogTemplate.feedUsage).toEqual({ feeds: 1, ads: 3 });

    // Saved without updating the feeds: the feed stays on version 1 and says so, by name and number.
    const second = await saveNewVersion(templateId, 'Sale square', false);
    expect(second.versionNumber).toBe(2);
    const kept = await readFeed(feedId);
    expect(kept.designs[0]).toMatchObject({
      templateVersionId: firstVersionId,
      templateVersion: {
        templateId,
        templateName: 'Sale square',
        versionNumber: 1,
        newestVersionNumber: 2,
        isNewest: false,
      },
    });

    // The feed page's "Move to the latest version": the design moves and the feed is generated again.
    const move = await call(
      'mutation($id: ID!) { moveFeedDesignsToLatestVersion(feedId: $id) { queued error { code message } } }',
      { id: feedId },
    );
    expect(move.data?.moveFeedDesignsToLatestVersion).toEqual({ queued: 3, error: null });
    const moved = await generated(feedId, 'generation after the move');
    expect(moved.designs[0].templateVersion).toMatchObject({ versionNumber: 2, isNewest: true });
    expect(moved.counts.generatedCount).toBe(3);
    // Nothing older left: a second move queues nothing.
    const again = await call(
      'mutation($id: ID!) { moveFeedDesignsToLatestVersion(feedId: $id) { queued } }',
      { id: feedId },
    );
    expect(again.data?.moveFeedDesignsToLatestVersion.queued).toBe(0);
    // A design that is not the feed's is named in the error.
    const wrong = await call(
      'mutation($id: ID!, $d: ID!) { moveFeedDesignsToLatestVersion(feedId: $id, designId: $d) { error { code message } } }',
      { id: feedId, d: firstVersionId },
    );
    expect(wrong.data?.moveFeedDesignsToLatestVersion.error).toEqual({
      code: 'NOT_FOUND',
      message: `Design ${firstVersionId} is not part of this feed`,
    });

    // Saved with regenerateFeeds: the feed follows at once (the save's default in the builder).
    const third = await saveNewVersion(templateId, 'Sale square', true);
    const followed = await generated(feedId, 'generation after the save');
    expect(followed.designs[0].templateVersionId).toBe(third.templateVersionId);
    expect(followed.designs[0].templateVersion.versionNumber).toBe(3);
  }, 240_000);

  it('edits a feed’s item filter in place and makes one item’s ad again', async () => {
    const { feedId } = await feedOnTemplate('Story ad');
    const before = await readFeed(feedId);
    const design = before.designs[0];

    const edited = await call(
      'mutation($id: ID!, $designs: [FeedDesignInput!]) { updateFeed(id: $id, name: "Acme feed", designs: $designs) { feed { name } queued error { message } } }',
      {
        id: feedId,
        designs: [
          {
            id: design.id,
            templateVersionId: design.templateVersionId,
            itemFilterJson: JSON.stringify({ brand: { eq: 'Acme' } }),
          },
        ],
      },
    );
    expect(edited.data?.updateFeed).toEqual({ feed: { name: 'Acme feed' }, queued: 3, error: null });
    const after = await generated(feedId, 'generation after the edit');
    // The same design (its page address stays), now with the filter: the Zenith boot takes no design.
    expect(after.designs).toHaveLength(1);
    expect(after.designs[0].id).toBe(design.id);
    expect(JSON.parse(after.designs[0].itemFilterJson)).toEqual({ brand: { eq: 'Acme' } });
    expect(after.counts).toMatchObject({ generatedCount: 2, noTemplateMatchedCount: 1 });

    const badFilter = await call(
      'mutation($id: ID!, $designs: [FeedDesignInput!]) { updateFeed(id: $id, designs: $designs) { error { code message } } }',
      {
        id: feedId,
        designs: [
          {
            id: design.id,
            templateVersionId: design.templateVersionId,
            itemFilterJson: '{"price_amount":{"lt":"x"}}',
          },
        ],
      },
    );
    expect(badFilter.data?.updateFeed.error.message).toMatch(/price_amount: 'lt' needs a number/);

    // One item again: pending at once, then generated with the same ad (its inputs did not change).
    const creativeQuery =
      'query($id: ID!, $item: String!) { feedCreative(feedId: $id, itemId: $item) { itemId status imageUrl } }';
    const first = (await call(creativeQuery, { id: feedId, item: 'A-1' })).data?.feedCreative;
    expect(first.status).toBe('GENERATED');
    // The design's card on the feed page shows its first generated ad (by item id), not the template's thumbnail.
    const card = await call('query($id: ID!) { feed(id: $id) { designs { firstCreativeImageUrl } } }', {
      id: feedId,
    });
    expect(card.data?.feed.designs[0].firstCreativeImageUrl).toBe(first.imageUrl);
    const again = await call(
      'mutation($id: ID!) { regenerateCreative(feedId: $id, itemId: "A-1") { creative { itemId status } error { message } } }',
      { id: feedId },
    );
    expect(again.data?.regenerateCreative).toEqual({
      creative: { itemId: 'A-1', status: 'PENDING' },
      error: null,
    });
    const done = await until(
      async () => (await call(creativeQuery, { id: feedId, item: 'A-1' })).data?.feedCreative,
      (c) => c.status === 'GENERATED',
      'the item made again',
    );
    expect(done.imageUrl).toBe(first.imageUrl);
    const unknown = await call(
      'mutation($id: ID!) { regenerateCreative(feedId: $id, itemId: "NOPE") { error { code message } } }',
      { id: feedId },
    );
    expect(unknown.data?.regenerateCreative.error).toEqual({
      code: 'NOT_FOUND',
      message: 'Item NOPE is not part of this feed',
    });
    expect((await call(creativeQuery, { id: feedId, item: 'NOPE' })).data?.feedCreative).toBeNull();
  }, 240_000);
});
