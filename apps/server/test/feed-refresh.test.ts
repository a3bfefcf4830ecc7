/**
 * A refresh sends jobs only for the items whose ad may have changed (issue 20, part 3), decided in SQL
 * for the whole feed by the refresh key (input-hash.ts). Each ingredient of an ad is changed in turn (a
 * field the template reads, one it does not, an extra column it reads, an image URL, the slot features,
 * the template version, the clock ending a sale) and the refresh must send exactly the right items.
 * The job's own content hash must agree: every item is generated again after each change, and exactly
 * the items the refresh sent get a new hash (or, for an item without images, a new decision); every
 * other item's job finds its row already holding what it would write. A refresh after those jobs sends
 * nothing: the key the job wrote is the key the refresh computes.
 */
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  catalogImports,
  catalogItems,
  catalogs,
  feedCreatives,
  feedDesigns,
  feeds,
  productSets,
  templates,
  templateVersions,
  type CatalogItemRow,
  type FeedRow,
} from '../src/db/schema.js';
import { syncFeedItems } from '../src/modules/feeds/feeds.service.js';
import { generateCreative, type GenerationImageLoader } from '../src/modules/feeds/generation/generate.js';
import { analyseTemplate } from '../src/modules/templates/template-analysis.js';
import { builderSvg } from './fixtures/templates.js';
import { createTestApp, describeEachDatabase, makeClient, type TestApp } from './harness.js';

/** Reads {colour} (an extra column) and is_sale (a SALE layer) besides the fixture's {title} {price}. */
const READS_MORE =
  '<text title="{colour}" data-x="400" data-y="980" data-width="600" font-family="Open Sans" font-size="30">{colour}</text>' +
  '<rect id="SALE" x="700" y="40" width="300" height="150" fill="#ff0000"/>';

const ITEM_IDS = ['a', 'b', 'c', 'none', 'sale'] as const;

describeEachDatabase('feed refresh on %s', (kind) => {
  let t: TestApp;
  let clientId: string;
  let catalogId: string;
  let feed: FeedRow;
  let designId: string;
  const images = new Map<string, Buffer>();
  const loadImage: GenerationImageLoader = async (url) => {
    const bytes = images.get(url);
    if (!bytes) throw new Error(`Image ${url} was not found (HTTP 404)`);
    return { bytes };
  };
  const solid = (color: string) =>
    sharp({ create: { width: 64, height: 64, channels: 3, background: color } })
      .png()
      .toBuffer();

  async function addVersion(svg: string): Promise<string> {
    const analysed = analyseTemplate(svg, 'Refresh');
    const [template] = await t.deps.db
      .insert(templates)
      .values({ clientId, name: 'Refresh', width: analysed.width, height: analysed.height })
      .returning();
    const [version] = await t.deps.db
      .insert(templateVersions)
      .values({
        templateId: template!.id,
        number: 1,
        name: 'Refresh',
        templateString: svg,
        width: analysed.width,
        height: analysed.height,
        slots: analysed.slots,
      })
      .returning();
    return version!.id;
  }

  /** A new catalogue version: the current items changed by `change` (return null to drop one). */
  async function newCatalogVersion(change: (item: CatalogItemRow) => CatalogItemRow | null) {
    const [catalog] = await t.deps.db.select().from(catalogs).where(eq(catalogs.id, catalogId));
    const current = await t.deps.db
      .select()
      .from(catalogItems)
      .where(eq(catalogItems.importId, catalog!.currentImportId!));
    const [next] = await t.deps.db
      .insert(catalogImports)
      .values({ catalogId, clientId, status: 'completed', finishedAt: new Date() })
      .returning();
    const rows = current.flatMap((item) => {
      const changed = change({ ...item });
      return changed ? [{ ...changed, importId: next!.id }] : [];
    });
    await t.deps.db.insert(catalogItems).values(rows);
    await t.deps.db.update(catalogs).set({ currentImportId: next!.id }).where(eq(catalogs.id, catalogId));
  }

  const refresh = async () => (await syncFeedItems(t.deps, feed)).sort();

  const findRow = async (itemId: string) =>
    (
      await t.deps.db
        .select()
        .from(feedCreatives)
        .where(and(eq(feedCreatives.feedId, feed.id), eq(feedCreatives.itemId, itemId)))
    )[0];
  const rowOf = async (itemId: string) => (await findRow(itemId))!;

  /** What each item's ad is: its status and content hash (none before its first refresh). */
  async function ads(): Promise<Record<string, string>> {
    const result: Record<string, string> = {};
    for (const itemId of ITEM_IDS) {
      const row = await findRow(itemId);
      result[itemId] = row ? `${row.status}:${row.inputHash ?? ''}` : 'none yet';
    }
    return result;
  }

  /**
   * Generates every item (not only those sent) and returns the items whose ad differs from `before`; an
   * item the refresh did not send must find its row holding exactly what the job would write.
   */
  async function generateAll(sent: readonly string[], before: Record<string, string>): Promise<string[]> {
    for (const itemId of ITEM_IDS) {
      const outcome = await generateCreative(t.deps, { feedId: feed.id, itemId }, { loadImage });
      if (!sent.includes(itemId))
        expect({ itemId, written: outcome.written }).toEqual({ itemId, written: false });
    }
    const after = await ads();
    return ITEM_IDS.filter((itemId) => before[itemId] !== after[itemId]);
  }

  /** The refresh sends `expected`; generating everything changes exactly `changes`; then nothing is sent. */
  async function expectRefresh(expected: string[], changes: string[] = expected): Promise<void> {
    const before = await ads();
    expect(await refresh()).toEqual(expected);
    expect(await generateAll(expected, before)).toEqual(changes);
    expect(await refresh()).toEqual([]);
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    clientId = (await makeClient(t, 'Refresh Co')).id;
    images.set('https://img.test/red.png', await solid('#c02020'));
    images.set('https://img.test/blue.png', await solid('#2050c0'));
    images.set('https://img.test/green.png', await solid('#20a050'));
    const versionId = await addVersion(builderSvg({ extra: READS_MORE }));
    const [catalog] = await t.deps.db.insert(catalogs).values({ clientId, name: 'Shop' }).returning();
    catalogId = catalog!.id;
    const [done] = await t.deps.db
      .insert(catalogImports)
      .values({ catalogId, clientId, status: 'completed', finishedAt: new Date() })
      .returning();
    await t.deps.db.update(catalogs).set({ currentImportId: done!.id }).where(eq(catalogs.id, catalogId));
    const base = { importId: done!.id, catalogId, contentHash: 'h', priceAmount: 12900, currency: 'EUR' };
    await t.deps.db.insert(catalogItems).values([
      {
        ...base,
        itemId: 'a',
        title: 'Alpha',
        imageLink: 'https://img.test/red.png',
        extra: { colour: 'red' },
      },
      {
        ...base,
        itemId: 'b',
        title: 'Bravo',
        imageLink: 'https://img.test/blue.png',
        extra: { colour: 'blue' },
      },
      {
        ...base,
        itemId: 'c',
        title: 'Charlie',
        imageLink: 'https://img.test/red.png',
        extra: { colour: 'red' },
      },
      { ...base, itemId: 'none', title: 'No picture', imageLink: '' },
      {
        ...base,
        itemId: 'sale',
        title: 'Summer sale',
        imageLink: 'https://img.test/blue.png',
        // A sale that ended long ago: its ad today shows no sale.
        salePriceAmount: 9900,
        salePriceStart: new Date('2000-01-01T00:00:00Z'),
        salePriceEnd: new Date('2000-06-01T00:00:00Z'),
      },
    ]);
    const [set] = await t.deps.db
      .insert(productSets)
      .values({ clientId, catalogId, name: 'All', filter: {} })
      .returning();
    [feed] = (await t.deps.db
      .insert(feeds)
      .values({ clientId, productSetId: set!.id, name: 'Feed', exportToken: 'token' })
      .returning()) as [FeedRow];
    const [design] = await t.deps.db
      .insert(feedDesigns)
      .values({ feedId: feed.id, templateVersionId: versionId, position: 0 })
      .returning();
    designId = design!.id;
  });
  afterAll(() => t?.close());

  it('sends every item the first time, and nothing once their ads are made', async () => {
    const before = await ads();
    expect(await refresh()).toEqual([...ITEM_IDS].sort());
    expect(await generateAll(ITEM_IDS, before)).toEqual([...ITEM_IDS]);
    expect((await rowOf('none')).status).toBe('no_input_images');
    const made = await rowOf('a');
    expect(await refresh()).toEqual([]);
    // Unchanged items keep their ad, its URL and their status: the refresh did not even write them.
    expect(await rowOf('a')).toEqual(made);
  });

  it('sends nothing for a field the template does not read (the description, an extra column)', async () => {
    await newCatalogVersion((item) =>
      item.itemId === 'a'
        ? { ...item, description: 'Now with pockets' }
        : item.itemId === 'b'
          ? { ...item, extra: { ...item.extra, material: 'canvas' } }
          : item,
    );
    await expectRefresh([]);
  });

  it('sends the item whose read field changed: a canonical one and an extra column', async () => {
    await newCatalogVersion((item) => (item.itemId === 'b' ? { ...item, title: 'Bravo II' } : item));
    await expectRefresh(['b']);
    await newCatalogVersion((item) =>
      item.itemId === 'c' ? { ...item, extra: { ...item.extra, colour: 'green' } } : item,
    );
    await expectRefresh(['c']);
    await newCatalogVersion((item) => (item.itemId === 'a' ? { ...item, priceAmount: 11900 } : item));
    await expectRefresh(['a']);
  });

  it('sends the item whose image URL changed', async () => {
    await newCatalogVersion((item) =>
      item.itemId === 'a' ? { ...item, imageLink: 'https://img.test/green.png' } : item,
    );
    await expectRefresh(['a']);
  });

  it('sends every item when the slot features or the template version change', async () => {
    await t.deps.db
      .update(feedDesigns)
      .set({ slotFeatures: { MAIN_001: { isContain: 'true' } } })
      .where(eq(feedDesigns.id, designId));
    // The item without images is sent too (the designs decide it), and stays without images.
    await expectRefresh([...ITEM_IDS].sort(), ['a', 'b', 'c', 'sale']);
    const next = await addVersion(
      builderSvg({ extra: `${READS_MORE}<rect x="0" y="0" width="100" height="100" fill="#123456"/>` }),
    );
    await t.deps.db.update(feedDesigns).set({ templateVersionId: next }).where(eq(feedDesigns.id, designId));
    await expectRefresh([...ITEM_IDS].sort(), ['a', 'b', 'c', 'sale']);
  });

  it('sends an ad made while a sale ran once the sale has ended, with nothing else changed', async () => {
    const today = (await rowOf('sale')).inputHash;
    // The ad as it was made in March 2000, during the sale: it shows the sale until June 2000.
    const during = await generateCreative(
      t.deps,
      { feedId: feed.id, itemId: 'sale' },
      { loadImage, now: new Date('2000-03-01T00:00:00Z') },
    );
    expect(during.inputHash).not.toBe(today);
    expect((await rowOf('sale')).staleAt).toEqual(new Date('2000-06-01T00:00:00Z'));
    const before = await ads();
    expect(await refresh()).toEqual(['sale']);
    expect(await generateAll(['sale'], before)).toEqual(['sale']);
    expect((await rowOf('sale')).inputHash).toBe(today);
    expect(await refresh()).toEqual([]);
  });

  it('sends failed items every time, archives items that left, and sends them when they return', async () => {
    images.delete('https://img.test/blue.png');
    expect(await refresh()).toEqual([]);
    await generateCreative(t.deps, { feedId: feed.id, itemId: 'b' }, { loadImage });
    expect((await rowOf('b')).status).toBe('failed');
    expect(await refresh()).toEqual(['b']);
    expect(await refresh()).toEqual(['b']);
    images.set('https://img.test/blue.png', await solid('#2050c0'));
    await generateCreative(t.deps, { feedId: feed.id, itemId: 'b' }, { loadImage });
    expect(await refresh()).toEqual([]);

    await newCatalogVersion((item) => (item.itemId === 'c' ? null : item));
    expect(await refresh()).toEqual([]);
    expect((await rowOf('c')).status).toBe('archived');
    await newCatalogVersion((item) => item);
    await t.deps.db.insert(catalogItems).values({
      ...(await t.deps.db.select().from(catalogItems).where(eq(catalogItems.itemId, 'c')).limit(1))[0]!,
      importId: (await t.deps.db.select().from(catalogs).where(eq(catalogs.id, catalogId)))[0]!
        .currentImportId!,
    });
    expect(await refresh()).toEqual(['c']);
  });
});
