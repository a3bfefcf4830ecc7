import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Validators } from '@adloom/renderer/images';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageLoadError } from '@adloom/renderer/images';
import {
  brandKitItems,
  catalogImports,
  catalogItems,
  catalogs,
  feedCreatives,
  feedDesigns,
  feeds,
  productSets,
  templates,
  templateVersions,
  type NewCatalogItem,
} from '../src/db/schema.js';
import {
  creativeKey,
  generateCreative,
  isRetryableError,
  renderItemAd,
  type GenerateOptions,
  type GenerationImageLoader,
} from '../src/modules/feeds/generation/generate.js';
import { itemMetadata } from '../src/modules/feeds/generation/metadata.js';
import { analyseTemplate } from '../src/modules/templates/template-analysis.js';
import { latoBlackTtf } from './fixtures/brand-kit.js';
import { builderSvg } from './fixtures/templates.js';
import { createTestApp, describeEachDatabase, makeClient, type TestApp } from './harness.js';

const NOW = new Date('2024-11-15T12:00:00Z');
/** A red SALE badge at a known place, shown only when the item is on sale. */
const SALE_BADGE = '<rect id="SALE" x="700" y="40" width="300" height="150" fill="#ff0000"/>';

const solid = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

async function framedImage() {
  const inner = await solid(300, 200, '#2050c0');
  return sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } })
    .composite([{ input: inner, left: 50, top: 50 }])
    .png()
    .toBuffer();
}

async function pixel(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

describeEachDatabase('generateCreative on %s', (kind) => {
  let t: TestApp;
  let clientId: string;
  let feedId: string;
  let importId: string;
  let twoSlotDesignId: string;
  let oneSlotDesignId: string;
  const images = new Map<string, Buffer>();
  let loads = 0;
  const loadImage: GenerationImageLoader = async (url) => {
    loads += 1;
    if (url === 'https://img.test/flaky.png')
      throw Object.assign(new Error('connection reset'), { retryable: true });
    const bytes = images.get(url);
    if (!bytes) throw new Error(`Image ${url} was not found (HTTP 404)`);
    return { bytes };
  };
  const generate = (itemId: string, now = NOW) =>
    generateCreative(t.deps, { feedId, itemId }, { loadImage, now });
  const row = async (itemId: string) =>
    (
      await t.deps.db
        .select()
        .from(feedCreatives)
        .where(and(eq(feedCreatives.feedId, feedId), eq(feedCreatives.itemId, itemId)))
    )[0]!;
  const stored = async (key: string) => {
    const file = await t.deps.files.get(key);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const item = async (itemId: string) =>
    (
      await t.deps.db
        .select()
        .from(catalogItems)
        .where(and(eq(catalogItems.importId, importId), eq(catalogItems.itemId, itemId)))
    )[0]!;

  async function addVersion(name: string, svg: string): Promise<string> {
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
    await t.deps.db
      .update(templates)
      .set({ currentVersionId: version!.id })
      .where(eq(templates.id, template!.id));
    return version!.id;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    clientId = (await makeClient(t, 'Feed Co')).id;
    images.set('https://img.test/blue.png', await solid(600, 600, '#2050c0'));
    images.set('https://img.test/green.png', await solid(500, 400, '#20a050'));
    images.set('https://img.test/framed.png', await framedImage());

    const twoSlotVersion = await addVersion('Two', builderSvg({ slots: 2, extra: SALE_BADGE }));
    const oneSlotVersion = await addVersion('One', builderSvg({ slots: 1, extra: SALE_BADGE }));
    const [catalog] = await t.deps.db.insert(catalogs).values({ clientId, name: 'Shop' }).returning();
    const [done] = await t.deps.db
      .insert(catalogImports)
      .values({ catalogId: catalog!.id, clientId, status: 'completed', finishedAt: NOW })
      .returning();
    importId = done!.id;
    await t.deps.db.update(catalogs).set({ currentImportId: importId }).where(eq(catalogs.id, catalog!.id));
    const base = { importId, catalogId: catalog!.id, contentHash: 'h', priceAmount: 12900, currency: 'EUR' };
    const items: Omit<NewCatalogItem, 'importId' | 'catalogId' | 'contentHash'>[] = [
      { itemId: 'one', title: 'Explorer backpack', brand: 'Acme', imageLink: 'https://img.test/blue.png' },
      {
        itemId: 'two',
        title: 'Trail shoe',
        brand: 'Acme',
        imageLink: 'https://img.test/blue.png',
        additionalImageLinks: ['https://img.test/green.png'],
      },
      { itemId: 'none', title: 'No picture', brand: 'Acme', imageLink: '' },
      { itemId: 'other-brand', title: 'Elsewhere', brand: 'Zed', imageLink: 'https://img.test/blue.png' },
      {
        itemId: 'on-sale',
        title: 'Sale pack',
        brand: 'Acme',
        imageLink: 'https://img.test/blue.png',
        salePriceAmount: 9900,
        salePriceStart: new Date('2024-11-01T00:00:00Z'),
        salePriceEnd: new Date('2024-12-01T00:00:00Z'),
      },
      {
        itemId: 'sale-over',
        title: 'Sale pack',
        brand: 'Acme',
        imageLink: 'https://img.test/blue.png',
        salePriceAmount: 9900,
        salePriceStart: new Date('2024-10-01T00:00:00Z'),
        salePriceEnd: new Date('2024-11-01T00:00:00Z'),
      },
      { itemId: 'framed', title: 'Framed', brand: 'Bravo', imageLink: 'https://img.test/framed.png' },
      { itemId: 'plain', title: 'Plain', brand: 'Bravo', imageLink: 'https://img.test/blue.png' },
      { itemId: 'missing', title: 'Gone image', brand: 'Acme', imageLink: 'https://img.test/missing.png' },
      { itemId: 'flaky', title: 'Flaky image', brand: 'Acme', imageLink: 'https://img.test/flaky.png' },
    ];
    await t.deps.db.insert(catalogItems).values(items.map((entry) => ({ ...base, ...entry })));
    const [set] = await t.deps.db
      .insert(productSets)
      .values({ clientId, catalogId: catalog!.id, name: 'All', filter: {} })
      .returning();
    const [feed] = await t.deps.db
      .insert(feeds)
      .values({ clientId, productSetId: set!.id, name: 'Feed', exportToken: 'token' })
      .returning();
    feedId = feed!.id;
    const designs = await t.deps.db
      .insert(feedDesigns)
      .values([
        {
          feedId,
          templateVersionId: twoSlotVersion,
          position: 0,
          itemFilter: { brand: { eq: 'Acme' } },
        },
        {
          feedId,
          templateVersionId: oneSlotVersion,
          position: 1,
          itemFilter: { brand: { is_any: ['Acme', 'Bravo'] } },
          slotFeatures: { MAIN_001: { removeBorders: 'true' } },
        },
      ])
      .returning();
    twoSlotDesignId = designs.find((design) => design.position === 0)!.id;
    oneSlotDesignId = designs.find((design) => design.position === 1)!.id;
    await t.deps.db
      .insert(feedCreatives)
      .values(
        [...items.map((entry) => entry.itemId), 'not-in-catalogue'].map((itemId) => ({ feedId, itemId })),
      );
  });
  afterAll(() => t?.close());

  it('renders a 1-image item with the 1-slot design: a JPEG of the template size stored under the hash', async () => {
    const outcome = await generate('one');
    expect(outcome).toMatchObject({
      status: 'generated',
      designId: oneSlotDesignId,
      rendered: true,
      written: true,
    });
    expect(outcome.inputHash).toMatch(/^[0-9a-f]{64}$/);
    expect(outcome.outputKey).toBe(creativeKey(clientId, outcome.inputHash!));
    expect(outcome.outputKey).toBe(`clients/${clientId}/creatives/${outcome.inputHash}.jpg`);
    const bytes = await stored(outcome.outputKey!);
    expect(await sharp(bytes!).metadata()).toMatchObject({ format: 'jpeg', width: 1080, height: 1080 });
    expect(await row('one')).toMatchObject({
      status: 'generated',
      designId: oneSlotDesignId,
      inputHash: outcome.inputHash,
      outputKey: outcome.outputKey,
      // The MD5 of the stored bytes: Meta's image_hash of the file once a marketer uploads it.
      outputMd5: createHash('md5').update(bytes!).digest('hex'),
      error: null,
    });
  });

  it('gives an item with two images the 2-slot design', async () => {
    const outcome = await generate('two');
    expect(outcome).toMatchObject({ status: 'generated', designId: twoSlotDesignId, rendered: true });
    expect(outcome.images?.map((image) => image.url)).toEqual([
      'https://img.test/blue.png',
      'https://img.test/green.png',
    ]);
  });

  it('marks an item without images no_input_images and one that fails every filter no_template_matched', async () => {
    expect(await generate('none')).toMatchObject({
      status: 'no_input_images',
      rendered: false,
      written: true,
    });
    expect(await row('none')).toMatchObject({ status: 'no_input_images', designId: null, outputKey: null });
    expect(await generate('other-brand')).toMatchObject({ status: 'no_template_matched', rendered: false });
    expect(await row('other-brand')).toMatchObject({ status: 'no_template_matched', outputKey: null });
    // Again: nothing changes.
    const before = await row('none');
    expect(await generate('none')).toMatchObject({ status: 'no_input_images', written: false });
    expect((await row('none')).updatedAt).toEqual(before.updatedAt);
  });

  it('renders nothing the second time and keeps the key', async () => {
    const first = await row('one');
    const outcome = await generate('one');
    expect(outcome).toMatchObject({
      status: 'generated',
      rendered: false,
      written: false,
      outputKey: first.outputKey,
      inputHash: first.inputHash,
    });
    expect((await row('one')).updatedAt).toEqual(first.updatedAt);
  });

  it('reads the MD5 of a reused output from its file when the row has none (generated before it was kept)', async () => {
    const first = await row('one');
    expect(first.outputMd5).toMatch(/^[0-9a-f]{32}$/);
    await t.deps.db
      .update(feedCreatives)
      .set({ outputMd5: null })
      .where(and(eq(feedCreatives.feedId, feedId), eq(feedCreatives.itemId, 'one')));
    const outcome = await generate('one');
    expect(outcome).toMatchObject({ rendered: false, written: true, outputKey: first.outputKey });
    const bytes = await stored(first.outputKey!);
    expect((await row('one')).outputMd5).toBe(createHash('md5').update(bytes!).digest('hex'));
    expect((await row('one')).outputMd5).toBe(first.outputMd5);
  });

  it('keeps the hash when an unused field changes and changes it when the title changes', async () => {
    const first = (await row('one')).inputHash;
    await t.deps.db
      .update(catalogItems)
      .set({ extra: { material: 'canvas' }, description: 'Now with pockets', customLabel3: 'x' })
      .where(and(eq(catalogItems.importId, importId), eq(catalogItems.itemId, 'one')));
    const unchanged = await generate('one');
    expect(unchanged).toMatchObject({ inputHash: first, rendered: false });

    await t.deps.db
      .update(catalogItems)
      .set({ title: 'Explorer backpack 2' })
      .where(and(eq(catalogItems.importId, importId), eq(catalogItems.itemId, 'one')));
    const changed = await generate('one');
    expect(changed).toMatchObject({ status: 'generated', rendered: true, written: true });
    expect(changed.inputHash).not.toBe(first);
    expect(await row('one')).toMatchObject({ inputHash: changed.inputHash, outputKey: changed.outputKey });
  });

  it('renders a sale outside its effective dates as not on sale', async () => {
    const over = itemMetadata(await item('sale-over'), NOW);
    expect(over.is_sale).toBe('False');
    expect(over).not.toHaveProperty('sale_price');
    expect(itemMetadata(await item('on-sale'), NOW)).toMatchObject({ is_sale: 'True', sale_price: '99.00' });

    const onSale = await generate('on-sale');
    const saleOver = await generate('sale-over');
    expect(onSale.inputHash).not.toBe(saleOver.inputHash);
    const badge = [850, 115] as const;
    const [r1, g1, b1] = await pixel((await stored(onSale.outputKey!))!, ...badge);
    expect(r1).toBeGreaterThan(200);
    expect(g1! + b1!).toBeLessThan(80);
    const [r2] = await pixel((await stored(saleOver.outputKey!))!, ...badge);
    expect(r2).toBeLessThan(120);
    // Once the sale has begun the same item is on sale: the clock is part of what shapes the ad.
    const early = await generate('on-sale', new Date('2024-10-15T00:00:00Z'));
    expect(early.inputHash).toBe(saleOver.inputHash);
  });

  it('trims the white frame of an image when the design asks for removeBorders', async () => {
    const outcome = await generate('framed');
    expect(outcome).toMatchObject({ status: 'generated', designId: oneSlotDesignId, rendered: true });
    expect(outcome.images).toEqual([
      expect.objectContaining({ slotId: 'MAIN_001', width: 300, height: 200, changed: true }),
    ]);
    // Items without a frame pass through unchanged, with a note.
    const plain = await generate('plain');
    expect(plain).toMatchObject({ designId: oneSlotDesignId, rendered: true });
    expect(plain.images?.[0]).toMatchObject({ width: 600, height: 600, changed: false });
    expect(plain.notes).toContain('MAIN_001: borders not removed: the image has no uniform border');
  });

  it('fails for good with the loader message, and throws for an error worth retrying', async () => {
    expect(await generate('missing')).toMatchObject({
      status: 'failed',
      designId: oneSlotDesignId,
      rendered: false,
      error: 'Image https://img.test/missing.png was not found (HTTP 404)',
    });
    expect(await row('missing')).toMatchObject({
      status: 'failed',
      error: 'Image https://img.test/missing.png was not found (HTTP 404)',
    });
    // A row already failed without a message gets the message (null compares as a value, not unknown).
    await t.deps.db
      .update(feedCreatives)
      .set({ error: null })
      .where(and(eq(feedCreatives.feedId, feedId), eq(feedCreatives.itemId, 'missing')));
    expect(await generate('missing')).toMatchObject({ status: 'failed', written: true });
    expect((await row('missing')).error).toBe('Image https://img.test/missing.png was not found (HTTP 404)');
    expect(await generate('missing')).toMatchObject({ status: 'failed', written: false });
    await expect(generate('flaky')).rejects.toThrow('connection reset');
    expect(await row('flaky')).toMatchObject({ status: 'pending' });
  });

  it('archives a creative whose item left the catalogue', async () => {
    expect(await generate('not-in-catalogue')).toMatchObject({ status: 'archived', written: true });
    expect(await row('not-in-catalogue')).toMatchObject({ status: 'archived' });
  });

  it('calls beforeRender only when the ad must be rendered, and writes the attempt with a changed state', async () => {
    let calls = 0;
    const beforeRender = async () => {
      calls += 1;
    };
    const first = await row('one');
    await generateCreative(t.deps, { feedId, itemId: 'one' }, { loadImage, now: NOW, beforeRender });
    expect(calls).toBe(0); // stored already: straight to the final state
    await t.deps.files.remove(first.outputKey!);
    const again = await generateCreative(
      t.deps,
      { feedId, itemId: 'one' },
      { loadImage, now: NOW, beforeRender },
    );
    expect(calls).toBe(1);
    expect(again).toMatchObject({ rendered: true, outputKey: first.outputKey });
    expect(await t.deps.files.exists(first.outputKey!)).toBe(true);

    await t.deps.db
      .update(feedCreatives)
      .set({ status: 'pending' })
      .where(and(eq(feedCreatives.feedId, feedId), eq(feedCreatives.itemId, 'missing')));
    const failed = await generateCreative(
      t.deps,
      { feedId, itemId: 'missing' },
      { loadImage, now: NOW, beforeRender, attempt: 2 },
    );
    expect(failed).toMatchObject({ status: 'failed', written: true });
    expect(calls).toBe(1); // refused before rendering
    expect(await row('missing')).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('asks for unchanged images with their validators and reuses the stored ad without their bytes', async () => {
    const asked: { url: string; known?: Validators }[] = [];
    let etag = '"v1"';
    // A CDN: each image has an ETag; a request with the current one gets 304 and no bytes.
    const cdn: GenerationImageLoader = async (url, limits, known) => {
      asked.push({ url, ...(known ? { known } : {}) });
      if (known?.etag === etag) return { notModified: true };
      return { ...(await loadImage(url, limits)), validators: { etag } };
    };
    const run = (options: Partial<GenerateOptions> = {}) =>
      generateCreative(t.deps, { feedId, itemId: 'two' }, { loadImage: cdn, now: NOW, ...options });
    const first = await run();
    expect(first.status).toBe('generated');
    const stored = await row('two');
    expect(stored.inputImages).toEqual([
      expect.objectContaining({ url: 'https://img.test/blue.png', etag: '"v1"', hash: expect.any(String) }),
      expect.objectContaining({ url: 'https://img.test/green.png', etag: '"v1"' }),
    ]);
    asked.length = 0;
    expect(await run()).toMatchObject({ rendered: false, written: false, outputKey: first.outputKey });
    expect(asked).toEqual([
      { url: 'https://img.test/blue.png', known: { etag: '"v1"' } },
      { url: 'https://img.test/green.png', known: { etag: '"v1"' } },
    ]);
    // The stored ad is gone: rendering needs the bytes, so the unchanged images are downloaded again.
    await t.deps.files.remove(first.outputKey!);
    asked.length = 0;
    expect(await run()).toMatchObject({ rendered: true, outputKey: first.outputKey });
    expect(asked.map((request) => request.known ?? null)).toEqual([
      { etag: '"v1"' },
      { etag: '"v1"' },
      null,
      null,
    ]);
    // A new version on the CDN with the same bytes: new validators are kept, the ad stays.
    etag = '"v2"';
    expect(await run()).toMatchObject({ rendered: false, written: true, outputKey: first.outputKey });
    expect((await row('two')).inputImages?.map((image) => image.etag)).toEqual(['"v2"', '"v2"']);
  });

  it('draws a text in a brand font from the brand kit, and a new font file makes a new ad', async () => {
    const family = 'Brand Lato';
    const text = `<text title="{title}" data-x="40" data-y="400" data-width="1000" font-family="${family}" font-size="160" fill="#000">{title}</text>`;
    const versionId = await addVersion('Branded', builderSvg({ slots: 1, extra: text }));
    const [version] = await t.deps.db
      .select()
      .from(templateVersions)
      .where(eq(templateVersions.id, versionId));
    const make = () =>
      renderItemAd(t.deps, {
        clientId,
        item: itemRow!,
        version: version!,
        slots: version!.slots,
        features: version!.slots.map(() => ({})),
        now: NOW,
        loadImage,
        limits: {},
        notes: [],
      });
    const itemRow = await item('one');
    const fallback = await make();
    // The kit gets the font: the ad is another one, drawn in it.
    const fontKey = `clients/${clientId}/brand-kit-fonts/lato-black.ttf`;
    await t.deps.files.put(fontKey, await latoBlackTtf(), { contentType: 'font/ttf' });
    const [font] = await t.deps.db
      .insert(brandKitItems)
      .values({ clientId, type: 'FONT', name: family, fileKey: fontKey, fontFileKey: fontKey })
      .returning();
    const branded = await make();
    expect(branded.rendered).toBe(true);
    expect(branded.inputHash).not.toBe(fallback.inputHash);
    const [before, after] = [await stored(fallback.outputKey), await stored(branded.outputKey)];
    expect(before!.equals(after!)).toBe(false);
    // Nothing changed: the same ad. The same family from another file: a new ad.
    expect(await make()).toMatchObject({ rendered: false, inputHash: branded.inputHash });
    const otherKey = `clients/${clientId}/brand-kit-fonts/lato-black-2.ttf`;
    await t.deps.files.put(otherKey, await latoBlackTtf(), { contentType: 'font/ttf' });
    await t.deps.db
      .update(brandKitItems)
      .set({ fileKey: otherKey, fontFileKey: otherKey })
      .where(eq(brandKitItems.id, font!.id));
    expect((await make()).inputHash).not.toBe(branded.inputHash);
    await t.deps.db.delete(brandKitItems).where(eq(brandKitItems.id, font!.id));
  });

  it('downloads each image once, also when the output is reused', async () => {
    loads = 0;
    await generate('two');
    expect(loads).toBe(2);
  });
});

describe('isRetryableError', () => {
  it('retries timeouts, network errors and HTTP 408/429/5xx, nothing else', () => {
    const error = (code: ConstructorParameters<typeof ImageLoadError>[0], reason: string) =>
      new ImageLoadError(code, { source: 'https://img.test/a.png' }, reason);
    expect(isRetryableError(error('TIMEOUT', 'did not load within 10000 ms'))).toBe(true);
    expect(isRetryableError(error('NETWORK', 'could not be loaded: ECONNRESET'))).toBe(true);
    expect(isRetryableError(error('HTTP_STATUS', 'could not be loaded: the server answered HTTP 503'))).toBe(
      true,
    );
    expect(isRetryableError(error('HTTP_STATUS', 'could not be loaded: the server answered HTTP 429'))).toBe(
      true,
    );
    expect(isRetryableError(error('HTTP_STATUS', 'could not be loaded: the server answered HTTP 403'))).toBe(
      false,
    );
    expect(isRetryableError(error('NOT_FOUND', 'was not found (HTTP 404)'))).toBe(false);
    expect(isRetryableError(error('NOT_AN_IMAGE', 'is not an image'))).toBe(false);
    expect(isRetryableError(error('PRIVATE_ADDRESS', 'resolves to a private address'))).toBe(false);
    expect(isRetryableError(new Error('anything'))).toBe(false);
  });
});
