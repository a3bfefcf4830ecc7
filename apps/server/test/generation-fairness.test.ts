/**
 * One client's big feed must not hold up another's generation (issue 14, item 12): while client A's
 * 2,000-item feed generates, client B's 3-item feed finishes before A's, and B's builder preview (a job
 * of its own queue) is answered. Ordering of completions is asserted, never times.
 */
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
  type FeedRow,
  type NewCatalogItem,
} from '../src/db/schema.js';
import { JOBS } from '../src/jobs/queue.js';
import { startRegisteredWorkers, type JobContext } from '../src/jobs/registry.js';
import { feedCounts, generateFeed } from '../src/modules/feeds/feeds.service.js';
import { GENERATE_CREATIVE_FAILED } from '../src/modules/feeds/generation.jobs.js';
import { readAdPreview, startAdPreview } from '../src/modules/feeds/ad-preview-job.js';
import { productCatalogItemId } from '../src/modules/catalogs/index.js';
import { analyseTemplate } from '../src/modules/templates/template-analysis.js';
import { startImageHost, type ImageHost } from './fixtures/feed-hosts.js';
import { builderSvg } from './fixtures/templates.js';
import { createTestApp, describeEachDatabase, makeClient, type TestApp } from './harness.js';

const BIG = 2000;

describeEachDatabase('fair generation on %s', (kind) => {
  let t: TestApp;
  let ctx: JobContext;
  let images: ImageHost;
  let origin: string;

  beforeAll(async () => {
    images = await startImageHost();
    origin = images.origin;
    t = await createTestApp(kind, { FETCH_ALLOW_HOSTS: images.host, JOB_POLLING_INTERVAL_MS: '100' });
    ctx = t.deps;
    await startRegisteredWorkers(ctx, {
      only: [JOBS.generateCreative, GENERATE_CREATIVE_FAILED, JOBS.adPreview],
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await images?.close();
  });

  /** A client's template version, catalogue of `items` and feed over all of them (not generated yet). */
  async function clientWithFeed(name: string, items: Omit<NewCatalogItem, 'importId' | 'catalogId'>[]) {
    const clientId = (await makeClient(t, name)).id;
    const svg = builderSvg({ slots: 1 });
    const analysed = analyseTemplate(svg, name);
    const [template] = await t.deps.db
      .insert(templates)
      .values({ clientId, name, width: analysed.width, height: analysed.height })
      .returning();
    const [version] = await t.deps.db
      .insert(templateVersions)
      .values({
        templateId: template!.id,
        number: 1,
        name,
        templateString: svg,
        width: analysed.width,
        height: analysed.height,
        slots: analysed.slots,
      })
      .returning();
    const [catalog] = await t.deps.db.insert(catalogs).values({ clientId, name }).returning();
    const [done] = await t.deps.db
      .insert(catalogImports)
      .values({ catalogId: catalog!.id, clientId, status: 'completed', finishedAt: new Date() })
      .returning();
    await t.deps.db.update(catalogs).set({ currentImportId: done!.id }).where(eq(catalogs.id, catalog!.id));
    for (let start = 0; start < items.length; start += 500)
      await t.deps.db
        .insert(catalogItems)
        .values(
          items
            .slice(start, start + 500)
            .map((item) => ({ ...item, importId: done!.id, catalogId: catalog!.id })),
        );
    const [set] = await t.deps.db
      .insert(productSets)
      .values({ clientId, catalogId: catalog!.id, name: 'All', filter: {} })
      .returning();
    const [feed] = await t.deps.db
      .insert(feeds)
      .values({ clientId, productSetId: set!.id, name, exportToken: `token-${name}` })
      .returning();
    await t.deps.db
      .insert(feedDesigns)
      .values({ feedId: feed!.id, templateVersionId: version!.id, position: 0 });
    return { clientId, catalogId: catalog!.id, versionId: version!.id, feed: feed! };
  }

  /** Items without pictures: each job decides 'no input images' at once, so a feed of them is cheap. */
  const plainItems = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({
      itemId: `${prefix}${i}`,
      title: `Item ${i}`,
      contentHash: `h${i}`,
      imageLink: '',
    }));

  it("finishes a client's small feed and answers its preview while another client's big feed generates", async () => {
    const a = await clientWithFeed('Big', plainItems('A', BIG));
    const b = await clientWithFeed('Small', [
      ...plainItems('B', 3),
      { itemId: 'pictured', title: 'Pictured', contentHash: 'p', imageLink: `${origin}/img/p.jpg` },
    ]);
    const generating = async (feed: FeedRow) => (await feedCounts(t.deps.db, feed.id)).isGenerating;

    expect(await generateFeed(ctx, a.feed)).toBe(BIG);
    // A's generation is under way...
    await expect
      .poll(async () => (await feedCounts(t.deps.db, a.feed.id)).completedCount, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(20);
    // ...when B asks for its feed and a preview.
    expect(await generateFeed(ctx, b.feed)).toBe(4);
    const previewId = await startAdPreview(ctx, b.clientId, {
      adConfigs: [{ templateVersionId: b.versionId, slots: [] }],
      productCatalogItemId: productCatalogItemId(b.catalogId, 'pictured'),
    });

    // B's feed and B's preview end while A still generates.
    let bigWhenSmallEnded: boolean | undefined;
    let bigWhenPreviewAnswered: boolean | undefined;
    await expect
      .poll(
        async () => {
          if (bigWhenSmallEnded === undefined && !(await generating(b.feed)))
            bigWhenSmallEnded = await generating(a.feed);
          if (bigWhenPreviewAnswered === undefined) {
            const preview = await readAdPreview(ctx, b.clientId, previewId);
            if (preview?.status === 'COMPLETED' || preview?.status === 'FAILED') {
              expect(preview).toMatchObject({ status: 'COMPLETED', adResult: { error: null } });
              bigWhenPreviewAnswered = await generating(a.feed);
            }
          }
          return bigWhenSmallEnded !== undefined && bigWhenPreviewAnswered !== undefined;
        },
        { timeout: 60_000, interval: 20 },
      )
      .toBe(true);
    expect(bigWhenSmallEnded).toBe(true);
    expect(bigWhenPreviewAnswered).toBe(true);
    expect(await feedCounts(t.deps.db, b.feed.id)).toMatchObject({
      completedCount: 4,
      generatedCount: 1,
      noInputImagesCount: 3,
    });

    // And A's feed ends too, every item in its final state.
    await expect.poll(() => generating(a.feed), { timeout: 120_000, interval: 200 }).toBe(false);
    expect(await feedCounts(t.deps.db, a.feed.id)).toMatchObject({
      completedCount: BIG,
      noInputImagesCount: BIG,
    });
  }, 240_000);
});
