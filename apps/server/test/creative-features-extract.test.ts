/**
 * Creative features of a client's ads (issue 19, item 1): an Adloom creative gets its template's features
 * exactly and its pixels' features; an outside image its pixels' only; one row per client and image,
 * shared by the ads that show it; a longer feature list recomputes rows without downloading again; a
 * broken image keeps a row with its error; another client's identical image is its own row.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { CREATIVE_FEATURES_VERSION, creativeFeatureInfo } from '@adloom/commerce';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ads,
  catalogImports,
  catalogItems,
  catalogs,
  creativeFeatures,
  feedCreatives,
  feedDesigns,
  feeds,
  productSets,
  templates,
  templateTagLinks,
  templateTags,
  templateVersions,
} from '../src/db/schema.js';
import { JOBS } from '../src/jobs/queue.js';
import { startRegisteredWorkers } from '../src/jobs/registry.js';
import { queueGeneration } from '../src/modules/feeds/feeds.service.js';
import { generateCreative } from '../src/modules/feeds/generation/generate.js';
import { clientsWithPendingFeatures } from '../src/modules/performance/creative-features/extract/extract.service.js';
import {
  ensureAccount,
  EXTRACT_FEATURES_JOB,
  extractClientFeatures,
  extractionProgress,
  requestFeatureExtraction,
  upsertAdTree,
  type AdTreeInput,
} from '../src/modules/performance/index.js';
import { filePath } from '../src/modules/uploads/index.js';
import { analyseTemplate } from '../src/modules/templates/template-analysis.js';
import { until } from './fixtures/feed-hosts.js';
import { builderSvg } from './fixtures/templates.js';
import { createTestApp, describeEachDatabase, makeClient, type TestApp } from './harness.js';

/** The template's own features, as the builder made it: a blurred background, two slots, a logo, a price text. */
const TEMPLATE_FEATURES = [
  'aspect_square',
  'dynamic_images_2',
  'main_logo',
  'blurred_background',
  'text',
  'text_price',
  'industry_fashion',
  'style_minimal',
];

const solid = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

describeEachDatabase('creative features extraction on %s', (kind) => {
  let t: TestApp;
  let clientA: string;
  let clientB: string;
  let versionId: string;
  let outputKey: string;
  let origin: string;
  let server: Server;
  const served = new Map<string, Buffer>();
  const hits = new Map<string, number>();
  let adSeq = 0;

  async function addAds(clientId: string, inputs: AdTreeInput['ad'][]): Promise<string[]> {
    const account = await ensureAccount(t.deps.db, {
      clientId,
      source: 'file',
      externalId: `acct-${clientId}`,
      name: 'Account',
      currency: 'EUR',
    });
    const ids = await upsertAdTree(
      t.deps.db,
      account,
      inputs.map((ad) => ({
        campaign: { externalId: 'c1', name: 'Campaign' },
        adSet: { externalId: 's1', name: 'Ad set' },
        ad,
      })),
    );
    return inputs.map((ad) => ids.get(ad.externalId)!);
  }
  const ad = (fields: Partial<AdTreeInput['ad']>): AdTreeInput['ad'] => ({
    externalId: `ad-${++adSeq}`,
    name: `Ad ${adSeq}`,
    creativeKind: 'image',
    ...fields,
  });
  const rowOf = async (adId: string) => {
    const [found] = await t.deps.db
      .select({ row: creativeFeatures })
      .from(ads)
      .innerJoin(creativeFeatures, eq(creativeFeatures.id, ads.creativeFeaturesId))
      .where(eq(ads.id, adId));
    return found?.row ?? null;
  };
  const rowsOfClient = (clientId: string) =>
    t.deps.db.select().from(creativeFeatures).where(eq(creativeFeatures.clientId, clientId));
  const run = (clientId: string) => extractClientFeatures(t.deps, clientId);

  beforeAll(async () => {
    server = createServer((request, response) => {
      const path = request.url ?? '';
      hits.set(path, (hits.get(path) ?? 0) + 1);
      const body = served.get(path);
      if (!body) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'image/png' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    served.set('/red.png', await solid(1200, 628, '#d01818'));
    served.set('/broken.png', Buffer.from('\x89PNG\r\n\x1a\n this is not a picture'));
    served.set('/blue.png', await solid(600, 600, '#2050c0'));

    t = await createTestApp(kind, { FETCH_ALLOW_HOSTS: '127.0.0.1', JOB_POLLING_INTERVAL_MS: '200' });
    clientA = (await makeClient(t, 'Acme')).id;
    clientB = (await makeClient(t, 'Bravo')).id;
    const db = t.deps.db;

    // A template version of client A, tagged Minimal and Fashion in the library's groups.
    const svg = builderSvg({ slots: 2 });
    const analysed = analyseTemplate(svg, 'Duo');
    const [template] = await db
      .insert(templates)
      .values({ clientId: clientA, name: 'Duo', width: analysed.width, height: analysed.height })
      .returning();
    const [version] = await db
      .insert(templateVersions)
      .values({
        templateId: template!.id,
        number: 1,
        name: 'Duo',
        templateString: analysed.templateString,
        width: analysed.width,
        height: analysed.height,
        slots: analysed.slots,
      })
      .returning();
    versionId = version!.id;
    await db.update(templates).set({ currentVersionId: versionId }).where(eq(templates.id, template!.id));
    const tags = await db
      .insert(templateTags)
      .values([
        { group: 'STYLE', key: 'Minimal' },
        { group: 'INDUSTRY', key: 'Fashion' },
        { group: 'FEATURES', key: 'text_price' },
      ])
      .returning();
    await db
      .insert(templateTagLinks)
      .values(tags.map((tag) => ({ templateId: template!.id, tagId: tag.id })));

    // A feed of client A whose creative of item SKU-1 is generated from it.
    const [catalog] = await db.insert(catalogs).values({ clientId: clientA, name: 'Shop' }).returning();
    const [done] = await db
      .insert(catalogImports)
      .values({ catalogId: catalog!.id, clientId: clientA, status: 'completed', finishedAt: new Date() })
      .returning();
    await db.update(catalogs).set({ currentImportId: done!.id }).where(eq(catalogs.id, catalog!.id));
    const item = {
      importId: done!.id,
      catalogId: catalog!.id,
      contentHash: 'h',
      brand: 'Acme',
      currency: 'EUR',
    };
    await db.insert(catalogItems).values([
      {
        ...item,
        itemId: 'SKU-1',
        title: 'Trail shoe',
        priceAmount: 12900,
        imageLink: 'https://img.test/blue.png',
        additionalImageLinks: ['https://img.test/green.png'],
      },
      // Generated by the generation job, whose images come from the loopback host.
      {
        ...item,
        itemId: 'SKU-2',
        title: 'Road shoe',
        priceAmount: 8900,
        imageLink: `${origin}/blue.png`,
        additionalImageLinks: [`${origin}/red.png`],
      },
    ]);
    const [set] = await db
      .insert(productSets)
      .values({ clientId: clientA, catalogId: catalog!.id, name: 'All', filter: {} })
      .returning();
    const [feed] = await db
      .insert(feeds)
      .values({ clientId: clientA, productSetId: set!.id, name: 'Feed', exportToken: 'token' })
      .returning();
    await db.insert(feedDesigns).values({ feedId: feed!.id, templateVersionId: versionId, position: 0 });
    await db.insert(feedCreatives).values([
      { feedId: feed!.id, itemId: 'SKU-1' },
      { feedId: feed!.id, itemId: 'SKU-2' },
    ]);
    const pictures = new Map([
      ['https://img.test/blue.png', await solid(600, 600, '#2050c0')],
      ['https://img.test/green.png', await solid(500, 400, '#20a050')],
    ]);
    const outcome = await generateCreative(
      t.deps,
      { feedId: feed!.id, itemId: 'SKU-1' },
      { loadImage: async (url) => ({ bytes: pictures.get(url)! }) },
    );
    expect(outcome.status).toBe('generated');
    outputKey = outcome.outputKey!;
    feedIdA = feed!.id;
  }, 120_000);
  let feedIdA: string;

  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('gives an Adloom creative its template’s features exactly, and its pixels’ features', async () => {
    const [feedAd, uploadedCopy] = await addAds(clientA, [
      ad({ creativeKind: 'catalog', feedId: feedIdA, catalogItemId: 'SKU-1' }),
      // The same creative, shown by an ad whose creative URL is our stored file.
      ad({ creativeUrl: filePath(outputKey), templateVersionId: versionId }),
    ]);
    const result = await run(clientA);
    expect(result.failed).toBe(0);
    const row = (await rowOf(feedAd!))!;
    expect(row).toMatchObject({
      clientId: clientA,
      imageKey: `file:${outputKey}`,
      templateVersionId: versionId,
      source: 'adloom',
      keysVersion: CREATIVE_FEATURES_VERSION,
      error: null,
    });
    expect(row.features.slice(0, TEMPLATE_FEATURES.length)).toEqual(TEMPLATE_FEATURES);
    const imageFeatures = row.features.slice(TEMPLATE_FEATURES.length);
    expect(imageFeatures.length).toBeGreaterThan(0);
    for (const id of imageFeatures) expect(creativeFeatureInfo(id)?.source).toBe('image');
    expect(row.stats).toMatchObject({ width: 1080, height: 1080 });
    // Two ads showing one image share its row.
    expect((await rowOf(uploadedCopy!))!.id).toBe(row.id);
    expect((await rowsOfClient(clientA)).filter((r) => r.imageKey === row.imageKey)).toHaveLength(1);
  });

  it('gives an outside image its pixels’ features only, one row for the ads that show it', async () => {
    const url = `${origin}/red.png`;
    const [first, second, video] = await addAds(clientA, [
      ad({ creativeUrl: url }),
      ad({ creativeUrl: url, thumbnailUrl: `${origin}/thumb.png` }),
      ad({ creativeKind: 'video', creativeUrl: `${origin}/clip.mp4` }),
    ]);
    const before = hits.get('/red.png') ?? 0;
    await run(clientA);
    const row = (await rowOf(first!))!;
    expect(row).toMatchObject({
      imageKey: `url:${url}`,
      source: 'image',
      templateVersionId: null,
      error: null,
    });
    expect(row.features).toContain('dominant_color_red');
    // Its size is its layout (1200 × 628).
    expect(row.features).toContain('aspect_landscape');
    for (const id of row.features) expect(['aspect_landscape', ...imageIds()]).toContain(id);
    expect((await rowOf(second!))!.id).toBe(row.id);
    expect(hits.get('/red.png')).toBe(before + 1);
    // A video without a thumbnail has no image: no row, and it is not waiting for one.
    expect(await rowOf(video!)).toBeNull();
    expect(hits.get('/clip.mp4')).toBeUndefined();
  });

  it('keeps a broken image’s row with its error and the template’s features, and loses nothing else', async () => {
    const before = await rowsOfClient(clientA);
    const [broken, missing] = await addAds(clientA, [
      ad({ creativeUrl: `${origin}/broken.png` }),
      // An Adloom creative whose stored file is gone.
      ad({
        creativeUrl: filePath(`clients/${clientA}/creatives/${'0'.repeat(64)}.jpg`),
        templateVersionId: versionId,
      }),
    ]);
    const result = await run(clientA);
    expect(result.failed).toBe(2);
    const brokenRow = (await rowOf(broken!))!;
    expect(brokenRow.error).toMatch(/broken.png is not an image/);
    expect(brokenRow).toMatchObject({ source: 'image', features: [], stats: null });
    const missingRow = (await rowOf(missing!))!;
    expect(missingRow.error).toBe('The stored image is no longer there.');
    expect(missingRow).toMatchObject({ source: 'adloom', features: TEMPLATE_FEATURES, stats: null });
    const after = await rowsOfClient(clientA);
    for (const row of before) expect(after.find((r) => r.id === row.id)).toEqual(row);
    expect(await extractionProgress(t.deps.db, clientA)).toMatchObject({ pending: 0, failed: 2 });
    // A run with nothing to do writes nothing.
    expect(await run(clientA)).toEqual({ computed: 0, failed: 0, linkedAds: 0 });
  });

  it('recomputes rows of an older feature list from their stored measures, without downloading again', async () => {
    const url = `${origin}/red.png`;
    const rows = await rowsOfClient(clientA);
    const current = rows.find((r) => r.imageKey === `url:${url}`)!;
    const adloom = rows.find((r) => r.imageKey === `file:${outputKey}`)!;
    await t.deps.db
      .update(creativeFeatures)
      .set({ keysVersion: 'older', features: ['text'] })
      .where(inArray(creativeFeatures.id, [current.id, adloom.id]));
    const progress = await extractionProgress(t.deps.db, clientA);
    expect(progress.pending).toBeGreaterThanOrEqual(4);
    // The sweep finds the client whose rows are of another list.
    expect(await clientsWithPendingFeatures(t.deps.db)).toContain(clientA);
    const downloads = hits.get('/red.png');
    await run(clientA);
    const [again] = await t.deps.db
      .select()
      .from(creativeFeatures)
      .where(eq(creativeFeatures.id, current.id));
    expect(again).toMatchObject({
      keysVersion: CREATIVE_FEATURES_VERSION,
      features: current.features,
      stats: current.stats,
    });
    const [adloomAgain] = await t.deps.db
      .select()
      .from(creativeFeatures)
      .where(eq(creativeFeatures.id, adloom.id));
    expect(adloomAgain!.features).toEqual(adloom.features);
    expect(hits.get('/red.png')).toBe(downloads);
    expect(await extractionProgress(t.deps.db, clientA)).toMatchObject({ pending: 0 });
    expect(await clientsWithPendingFeatures(t.deps.db)).not.toContain(clientA);
  });

  it('gives another client’s identical image a row of its own, and never reads another client’s files', async () => {
    const url = `${origin}/red.png`;
    const [same, foreignFile] = await addAds(clientB, [
      ad({ creativeUrl: url }),
      ad({ creativeUrl: filePath(outputKey), templateVersionId: versionId }),
    ]);
    const aRows = await rowsOfClient(clientA);
    await run(clientB);
    const row = (await rowOf(same!))!;
    const aRow = aRows.find((r) => r.imageKey === `url:${url}`)!;
    expect(row.clientId).toBe(clientB);
    expect(row.id).not.toBe(aRow.id);
    expect(row.features).toEqual(aRow.features);
    // Client A's stored creative (and its template) are not client B's to read, nor waited for.
    expect(await rowOf(foreignFile!)).toBeNull();
    expect(await extractionProgress(t.deps.db, clientB)).toEqual({ done: 1, pending: 0, failed: 0 });
    expect(await clientsWithPendingFeatures(t.deps.db)).not.toContain(clientB);
    expect((await rowsOfClient(clientB)).map((r) => r.imageKey)).toEqual([`url:${url}`]);
    expect(await rowsOfClient(clientA)).toEqual(expect.arrayContaining(aRows));
  });

  it('computes the rows of generated creatives no ad shows yet', async () => {
    const rows = await rowsOfClient(clientA);
    expect(rows.find((r) => r.imageKey === `file:${outputKey}`)?.features).toEqual(
      expect.arrayContaining(TEMPLATE_FEATURES),
    );
  });

  it('describes an image by its template when one of the ads showing it knows the template', async () => {
    // A video's poster frame is a generated creative, its ad does not say which template made it.
    const key = `clients/${clientA}/creatives/${'1'.repeat(64)}.jpg`;
    await t.deps.files.put(key, await solid(1080, 1080, '#2050c0'));
    const [poster] = await addAds(clientA, [ad({ creativeKind: 'video', thumbnailUrl: filePath(key) })]);
    await run(clientA);
    expect((await rowOf(poster!))!).toMatchObject({ source: 'image', templateVersionId: null });
    const [image] = await addAds(clientA, [ad({ creativeUrl: filePath(key), templateVersionId: versionId })]);
    await run(clientA);
    const row = (await rowOf(image!))!;
    expect(row).toMatchObject({ source: 'adloom', templateVersionId: versionId });
    expect(row.features.slice(0, TEMPLATE_FEATURES.length)).toEqual(TEMPLATE_FEATURES);
    expect(row.features).toContain('dominant_color_blue');
    // Still one row for the image, which both ads show.
    expect((await rowOf(poster!))!.id).toBe(row.id);
  });

  it('gives an ad that shows another image the new image’s features', async () => {
    const changing = ad({ creativeUrl: `${origin}/red.png` });
    const [id] = await addAds(clientA, [changing]);
    await run(clientA);
    expect((await rowOf(id!))!.imageKey).toBe(`url:${origin}/red.png`);
    // The next sync reads another image for the same ad: its old features no longer apply.
    await addAds(clientA, [{ ...changing, creativeUrl: `${origin}/blue.png` }]);
    expect(await rowOf(id!)).toBeNull();
    await run(clientA);
    expect((await rowOf(id!))!).toMatchObject({ imageKey: `url:${origin}/blue.png` });
    expect((await rowOf(id!))!.features).toContain('dominant_color_blue');
    // The same image again changes nothing.
    await addAds(clientA, [{ ...changing, creativeUrl: `${origin}/blue.png` }]);
    expect((await rowOf(id!))!.imageKey).toBe(`url:${origin}/blue.png`);
  });

  it('runs as a job that a request queues once per client', async () => {
    const [fresh] = await addAds(clientA, [ad({ creativeUrl: `${origin}/red.png?size=large` })]);
    served.set('/red.png?size=large', await solid(400, 400, '#d01818'));
    expect(await requestFeatureExtraction(t.deps, clientA)).toBe(true);
    // A second request while the first waits is the same job.
    expect(await requestFeatureExtraction(t.deps, clientA)).toBe(false);
    expect((await t.deps.jobs.counts(EXTRACT_FEATURES_JOB)).created).toBe(1);
    await startRegisteredWorkers(t.deps, { only: [EXTRACT_FEATURES_JOB, JOBS.generateCreative] });
    await until(
      () => rowOf(fresh!),
      (row) => row !== null,
      'the features of the new ad',
    );
    expect((await rowOf(fresh!))!.features).toContain('aspect_square');
    expect(await extractionProgress(t.deps.db, clientA)).toMatchObject({ pending: 0 });
  });

  it('computes the features of a feed’s creatives when its generation run ends', async () => {
    // A catalogue ad of the feed's item, whose creative is not generated yet: no image to read so far.
    const [catalogAd] = await addAds(clientA, [
      ad({ creativeKind: 'catalog', feedId: feedIdA, catalogItemId: 'SKU-2' }),
    ]);
    expect(await extractionProgress(t.deps.db, clientA)).toMatchObject({ pending: 0 });
    await queueGeneration(t.deps.jobs, { id: feedIdA, clientId: clientA }, ['SKU-2']);
    const generated = await until(
      async () =>
        (
          await t.deps.db
            .select({ outputKey: feedCreatives.outputKey, status: feedCreatives.status })
            .from(feedCreatives)
            .where(eq(feedCreatives.itemId, 'SKU-2'))
        )[0]!,
      (row) => row.status !== 'pending' && row.status !== 'in_progress',
      'the generation of SKU-2',
    );
    expect(generated.status).toBe('generated');
    const row = await until(
      async () =>
        (await rowsOfClient(clientA)).find((r) => r.imageKey === `file:${generated.outputKey}`) ?? null,
      (found) => found !== null,
      'the features of the generated creative',
    );
    expect(row!.features.slice(0, TEMPLATE_FEATURES.length)).toEqual(TEMPLATE_FEATURES);
    const linked = await until(
      () => rowOf(catalogAd!),
      (found) => found !== null,
      'the catalogue ad’s features',
    );
    expect(linked!.id).toBe(row!.id);
  });
});

function imageIds(): string[] {
  return [
    'bright',
    'dark',
    'high_contrast',
    'low_contrast',
    'text_heavy',
    'text_light',
    ...[
      'red',
      'orange',
      'yellow',
      'green',
      'teal',
      'blue',
      'purple',
      'pink',
      'brown',
      'black',
      'white',
      'grey',
    ].map((name) => `dominant_color_${name}`),
  ];
}
