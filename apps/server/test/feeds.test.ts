/**
 * The loop through the API, as a user drives it: upload a catalogue, import it, define a product set,
 * build a feed from a template, let the queue generate it, read the counts and creatives, and fetch the
 * export an ad network would. Images come from a local HTTP server (allow-listed).
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
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

describeEachDatabase('catalogue to feed on %s', (kind) => {
  let t: TestApp;
  let images: ImageHost;
  let origin: string;
  let clientId: string;
  let session: Awaited<ReturnType<typeof signIn>>;
  const call = (query: string, variables: Record<string, unknown> = {}) =>
    gql(t, { session, clientId, query, variables });

  beforeAll(async () => {
    images = await startImageHost(600);
    origin = images.origin;
    t = await createTestApp(kind, {
      FETCH_ALLOW_HOSTS: images.host,
      JOB_POLLING_INTERVAL_MS: '200',
    });
    await startRegisteredWorkers(t.deps);
    const client = await makeClient(t, 'Loop Co');
    clientId = client.id;
    const user = await makeUser(t, { clientId, isAdmin: true });
    session = await signIn(t, user.email, PASSWORD);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await images?.close();
  });

  it('imports, filters, generates and exports', async () => {
    // A catalogue file as the user uploads it (the upload protocol has its own tests).
    const csv = [
      'id,title,price,sale_price,brand,availability,image_link,additional_image_link,colour',
      `SKU-1,Trail shoe,129.00 USD,99.00 USD,Acme,in_stock,${origin}/img/1.jpg,,red`,
      `SKU-2,Road shoe,89.00 USD,,Acme,in stock,${origin}/img/2.jpg,${origin}/img/2b.jpg,blue`,
      `SKU-3,No picture,19.00 USD,,Acme,in stock,,,green`,
      `SKU-4,Other brand,49.00 USD,,Zenith,in stock,${origin}/img/4.jpg,,black`,
      `,Missing id,1.00 USD,,Acme,in stock,,,`,
    ].join('\n');
    const key = `clients/${clientId}/catalog-files/${randomUUID()}/shoes.csv`;
    await t.deps.files.put(key, Buffer.from(csv), { contentType: 'text/csv' });

    const created = await call(
      'mutation($key: String!) { createCatalog(name: "Shoes", uploadKey: $key) { catalog { id } import { id status } error { code message } } }',
      { key },
    );
    expect(created.data?.createCatalog.error).toBeNull();
    const catalogId = created.data?.createCatalog.catalog.id as string;
    const report = await until(
      async () =>
        (
          await call(
            'query($id: ID!) { catalog(id: $id) { itemCount imports { status added rejectedCount rejected { row reason } unknownColumns error } } }',
            { id: catalogId },
          )
        ).data?.catalog,
      (c) => ['completed', 'failed'].includes(c?.imports[0]?.status),
      'the import',
    );
    expect(report.imports[0]).toMatchObject({ status: 'completed', added: 4, rejectedCount: 1, error: null });
    expect(report.imports[0].rejected[0].reason).toBe('Missing id');
    expect(report.imports[0].unknownColumns).toEqual(['colour']);
    expect(report.itemCount).toBe(4);

    const searched = await call(
      'query($id: ID!) { catalogItems(catalogId: $id, searchString: "road") { total items { id price currency additionalImageLinks extraJson } } }',
      {
        id: catalogId,
      },
    );
    expect(searched.data?.catalogItems).toEqual({
      total: 1,
      items: [
        {
          id: 'SKU-2',
          price: '89.00',
          currency: 'USD',
          additionalImageLinks: [`${origin}/img/2b.jpg`],
          extraJson: '{"colour":"blue"}',
        },
      ],
    });

    // A product set: Acme only; the editor's live count first.
    const filter = JSON.stringify({ brand: { eq: 'Acme' } });
    const preview = await call(
      'query($id: ID!, $f: String!) { productSetPreview(catalogId: $id, filterJson: $f) { total description error { message } } }',
      {
        id: catalogId,
        f: filter,
      },
    );
    expect(preview.data?.productSetPreview).toMatchObject({
      total: 3,
      description: 'brand is Acme',
      error: null,
    });
    const badFilter = await call(
      'query($id: ID!) { productSetPreview(catalogId: $id, filterJson: "{\\"price_amount\\":{\\"lt\\":\\"abc\\"}}") { total error { code message } } }',
      {
        id: catalogId,
      },
    );
    expect(badFilter.data?.productSetPreview.error.message).toMatch(/price_amount: 'lt' needs a number/);
    const set = await call(
      'mutation($id: ID!, $f: String!) { createProductSet(catalogId: $id, name: "Acme shoes", filterJson: $f) { productSet { id itemCount } error { message } } }',
      {
        id: catalogId,
        f: filter,
      },
    );
    expect(set.data?.createProductSet.productSet.itemCount).toBe(3);

    // A template and a feed from it.
    const template = await call(
      'mutation($svg: String!) { createProductCatalogTemplate(name: "Shoe ad", templateString: $svg) { template { id } error { message } } }',
      { svg: builderSvg() },
    );
    const templateId = template.data?.createProductCatalogTemplate.template.id as string;
    const feedResult = await call(
      'mutation($set: ID!, $tpl: ID!) { createFeed(productSetId: $set, name: "Shoe feed", designs: [{ templateId: $tpl }]) { feed { id exportUrls } queued error { code message } } }',
      { set: set.data?.createProductSet.productSet.id, tpl: templateId },
    );
    expect(feedResult.data?.createFeed.error).toBeNull();
    expect(feedResult.data?.createFeed.queued).toBe(3);
    const feedId = feedResult.data?.createFeed.feed.id as string;
    const counts = await until(
      async () =>
        (
          await call(
            'query($id: ID!) { feed(id: $id) { status counts { isGenerating itemCount generatedCount noInputImagesCount failedCount completedCount pendingCount } } }',
            { id: feedId },
          )
        ).data?.feed,
      (f) => f && !f.counts.isGenerating,
      'generation',
      120_000,
    );
    expect(counts).toMatchObject({
      status: 'READY',
      counts: {
        itemCount: 3,
        generatedCount: 2,
        noInputImagesCount: 1,
        failedCount: 0,
        completedCount: 3,
        pendingCount: 0,
      },
    });

    const creatives = await call(
      'query($id: ID!) { feedCreatives(feedId: $id, statuses: [GENERATED]) { total creatives { itemId imageUrl } } }',
      {
        id: feedId,
      },
    );
    expect(creatives.data?.feedCreatives.total).toBe(2);
    const first = creatives.data?.feedCreatives.creatives[0] as { itemId: string; imageUrl: string };
    const image = await t.app.inject({ method: 'GET', url: new URL(first.imageUrl).pathname });
    expect(image.statusCode).toBe(200);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1080,
      height: 1080,
    });

    // The export an ad network fetches: no session, the feed's token in the path.
    const [xmlUrl, csvUrl] = feedResult.data?.createFeed.feed.exportUrls as string[];
    const xml = await t.app.inject({ method: 'GET', url: new URL(xmlUrl!).pathname });
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.body.match(/<item>/g)).toHaveLength(2);
    expect(xml.body).toContain(`<g:image_link>${first.imageUrl}</g:image_link>`);
    expect(xml.body).toContain('<g:sale_price>99.00 USD</g:sale_price>');
    const csvExport = await t.app.inject({ method: 'GET', url: new URL(csvUrl!).pathname });
    expect(csvExport.body.split('\n')[0]).toMatch(/^id,title,description,availability/);
    expect(csvExport.body.trim().split('\n')).toHaveLength(3);
    const wrongToken = new URL(xmlUrl!).pathname.replace(
      /\.[A-Za-z0-9_-]+\.xml$/,
      '.wrongtokenwrongtoken.xml',
    );
    expect((await t.app.inject({ method: 'GET', url: wrongToken })).statusCode).toBe(404);

    // The catalogue templates a user downloads to start a feed file.
    const download = await t.app.inject({ method: 'GET', url: '/export/catalog-template.csv' });
    expect(download.headers['content-disposition']).toBe('attachment; filename="catalog-template.csv"');
    expect(download.body.split('\n')[0]).toContain('id,title');
    const templateXml = await t.app.inject({ method: 'GET', url: '/export/catalog-template.xml' });
    expect(templateXml.body).toContain('xmlns:g="http://base.google.com/ns/1.0"');

    // Nothing changed: generating again sends no job, and every ad keeps its URL.
    const again = await call('mutation($id: ID!) { generateFeed(id: $id) { queued error { message } } }', {
      id: feedId,
    });
    expect(again.data?.generateFeed.queued).toBe(0);
    await until(
      async () =>
        (await call('query($id: ID!) { feed(id: $id) { counts { isGenerating } } }', { id: feedId })).data
          ?.feed,
      (f) => !f.counts.isGenerating,
      'the second generation',
    );
    const after = await call(
      'query($id: ID!) { feedCreatives(feedId: $id, statuses: [GENERATED]) { creatives { itemId imageUrl } } }',
      {
        id: feedId,
      },
    );
    expect(after.data?.feedCreatives.creatives).toEqual(creatives.data?.feedCreatives.creatives);

    // The builder's server preview of one item (spec section 7, rows 6 and 7).
    const item = await call(
      'query($id: ID!) { catalogItem(catalogId: $id, itemId: "SKU-1") { productCatalogItemId } }',
      {
        id: catalogId,
      },
    );
    const version = await call(
      'query($id: ID!) { productCatalogTemplate(id: $id) { templateVersionId slots { id } } }',
      {
        id: templateId,
      },
    );
    const started = await call(
      'mutation($v: ID!, $item: ID!, $slot: String!) { startAdGenerationJob(adConfigs: [{ templateVersionId: $v, slots: [{ id: $slot, features: [{ key: "isContain", value: "true" }] }] }], productCatalogItemId: $item) { adJobResult { jobId } error { code message } } }',
      {
        v: version.data?.productCatalogTemplate.templateVersionId,
        item: item.data?.catalogItem.productCatalogItemId,
        slot: version.data?.productCatalogTemplate.slots[0].id,
      },
    );
    expect(started.data?.startAdGenerationJob.error).toBeNull();
    const jobId = started.data?.startAdGenerationJob.adJobResult.jobId as string;
    const job = await until(
      async () =>
        (
          await call(
            'mutation($id: ID!) { fetchAdGenerationJob(jobId: $id) { status errorInfo adResult { error adItems { adUrl } } } }',
            { id: jobId },
          )
        ).data?.fetchAdGenerationJob,
      (j) => j && !['PENDING', 'RUNNING'].includes(j.status),
      'the preview job',
    );
    expect(job).toMatchObject({ status: 'COMPLETED', errorInfo: null, adResult: { error: null } });
    const adUrl = job.adResult.adItems[0].adUrl as string;
    const ad = await t.app.inject({ method: 'GET', url: new URL(adUrl).pathname });
    expect((await sharp(ad.rawPayload).metadata()).format).toBe('jpeg');
    const unknownItem = await call(
      'mutation($v: ID!) { startAdGenerationJob(adConfigs: [{ templateVersionId: $v, slots: [] }], productCatalogItemId: "nope") { error { code message } } }',
      { v: version.data?.productCatalogTemplate.templateVersionId },
    );
    expect(unknownItem.data?.startAdGenerationJob.error).toEqual({
      code: 'NOT_FOUND',
      message: 'Product catalog item nope not found',
    });

    // The builder asks whether to regenerate the feeds a template is used by: the template lists them.
    const usedBy = await call(
      'query($id: ID!) { productCatalogTemplate(id: $id) { feeds { id name status } } }',
      {
        id: templateId,
      },
    );
    expect(usedBy.data?.productCatalogTemplate.feeds).toEqual([
      { id: feedId, name: 'Shoe feed', status: 'READY' },
    ]);

    // A new template version saved with regenerateFeeds: the feed moves to it and its ads change.
    const update = await call(
      'mutation($id: ID!, $svg: String!) { updateProductCatalogTemplate(id: $id, name: "Shoe ad", templateString: $svg, regenerateFeeds: true) { template { templateVersionId } error { message } } }',
      {
        id: templateId,
        svg: builderSvg({ extra: '<rect x="0" y="0" width="200" height="200" fill="#e53935"/>' }),
      },
    );
    const newVersion = update.data?.updateProductCatalogTemplate.template.templateVersionId as string;
    const moved = await until(
      async () =>
        (
          await call(
            'query($id: ID!) { feed(id: $id) { designs { templateVersionId } counts { isGenerating generatedCount } } }',
            { id: feedId },
          )
        ).data?.feed,
      (f) => f.designs[0].templateVersionId === newVersion && !f.counts.isGenerating,
      'regeneration after the template update',
    );
    expect(moved.counts.generatedCount).toBe(2);
    const regenerated = await call(
      'query($id: ID!) { feedCreatives(feedId: $id, statuses: [GENERATED]) { creatives { imageUrl } } }',
      {
        id: feedId,
      },
    );
    const urls = regenerated.data?.feedCreatives.creatives.map((c: { imageUrl: string }) => c.imageUrl);
    expect(urls).not.toContain(first.imageUrl);

    // A new catalogue version (SKU-4 is now Acme's): the feed follows it without being asked.
    const nextKey = `clients/${clientId}/catalog-files/${randomUUID()}/shoes.csv`;
    await t.deps.files.put(nextKey, Buffer.from(csv.replace(',Zenith,', ',Acme,')), {
      contentType: 'text/csv',
    });
    const reimport = await call(
      'mutation($id: ID!, $key: String) { importCatalog(id: $id, source: { uploadKey: $key }) { import { id } error { code message } } }',
      { id: catalogId, key: nextKey },
    );
    expect(reimport.data?.importCatalog.error).toBeNull();
    const followed = await until(
      async () =>
        (
          await call(
            'query($id: ID!) { feed(id: $id) { counts { isGenerating itemCount generatedCount } } }',
            {
              id: feedId,
            },
          )
        ).data?.feed,
      (f) => f.counts.itemCount === 4 && !f.counts.isGenerating,
      'regeneration after the new catalogue version',
    );
    expect(followed.counts.generatedCount).toBe(3);
  }, 180_000);
});
