// The builder's live preview inputs (issue 6): the item's metadata and images as generation uses them,
// the brand kit's colour, logo and fonts, and the image route that serves the item's images same-origin.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandKitItems, catalogImports, catalogItems, catalogs } from '../src/db/schema.js';
import { itemMetadata } from '../src/modules/feeds/generation/metadata.js';
import { createTestApp, gql, twoClients, type TestApp } from './harness.js';

type World = Awaited<ReturnType<typeof twoClients>>;

const pngDataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

describe('live preview inputs', () => {
  let t: TestApp;
  let w: World;
  let framed: Buffer;
  let plain: Buffer;
  let itemId: string;
  let privateItemId: string;

  beforeAll(async () => {
    t = await createTestApp('embedded');
    w = await twoClients(t);
    // A red product on a wide white frame (removeBorders trims it), and a plain blue one.
    framed = await sharp({ create: { width: 100, height: 80, channels: 3, background: '#ffffff' } })
      .composite([
        {
          input: await sharp({ create: { width: 40, height: 30, channels: 3, background: '#d32f2f' } })
            .png()
            .toBuffer(),
          left: 30,
          top: 25,
        },
      ])
      .png()
      .toBuffer();
    plain = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#1e88e5' } })
      .png()
      .toBuffer();
    const db = t.deps.db;
    const [catalog] = await db.insert(catalogs).values({ clientId: w.a.id, name: 'A live' }).returning();
    const [imported] = await db
      .insert(catalogImports)
      .values({ catalogId: catalog!.id, clientId: w.a.id, status: 'completed', added: 2 })
      .returning();
    await db.insert(catalogItems).values([
      {
        importId: imported!.id,
        catalogId: catalog!.id,
        itemId: 'SKU/1',
        title: 'Trail shoe',
        priceAmount: 12900,
        imageLink: pngDataUrl(framed),
        additionalImageLinks: [pngDataUrl(plain)],
        contentHash: 'x',
      },
      {
        importId: imported!.id,
        catalogId: catalog!.id,
        itemId: 'SKU-2',
        title: 'Internal',
        imageLink: 'http://127.0.0.1:9/secret.jpg',
        contentHash: 'y',
      },
    ]);
    await db.update(catalogs).set({ currentImportId: imported!.id }).where(eq(catalogs.id, catalog!.id));
    await db.insert(brandKitItems).values([
      { clientId: w.a.id, type: 'COLOR', name: 'Primary', textContent: '#123456' },
      { clientId: w.a.id, type: 'FONT', name: 'Acme Sans', fileKey: `clients/${w.a.id}/fonts/acme.ttf` },
    ]);
    itemId = `${catalog!.id}:SKU/1`;
    privateItemId = `${catalog!.id}:SKU-2`;
  });
  afterAll(() => t.close());

  const image = (query: string, cookie: string | null = w.sessionAdminA.cookie) =>
    t.app.inject({
      url: `/api/clients/${w.a.id}/live-preview/image?${query}`,
      headers: cookie ? { cookie } : {},
    });

  it("gives generation's metadata, the image route's URLs in slot order and the brand kit", async () => {
    const res = await gql(t, {
      session: w.sessionAdminA,
      clientId: w.a.id,
      query: `query($id: ID!) { livePreviewInputs(productCatalogItemId: $id) {
        inputs { metadataJson imageUrls brandColor logoUrl fonts { fontFamily fontUrl } } error { code } } }`,
      variables: { id: itemId },
    });
    const inputs = res.data?.livePreviewInputs.inputs;
    const [row] = await t.deps.db.select().from(catalogItems).where(eq(catalogItems.itemId, 'SKU/1'));
    const metadata = JSON.parse(inputs.metadataJson as string) as Record<string, string>;
    expect(metadata).toEqual(itemMetadata(row!, new Date()));
    expect(metadata).toMatchObject({ title: 'Trail shoe', price: '129.00', is_sale: 'False' });
    expect(inputs.imageUrls).toEqual(
      [0, 1].map(
        (index) =>
          `/api/clients/${w.a.id}/live-preview/image?item=${encodeURIComponent(itemId)}&index=${index}`,
      ),
    );
    expect(inputs.brandColor).toBe('#123456');
    // No stored logo: generation leaves logo layers out, and so must the preview.
    expect(inputs.logoUrl).toBeNull();
    expect(inputs.fonts).toEqual([
      { fontFamily: 'Acme Sans', fontUrl: `http://adloom.test/files/clients/${w.a.id}/fonts/acme.ttf` },
    ]);
  });

  it("serves the item's images by slot, with the slot's pixel features applied", async () => {
    const first = await image(`item=${encodeURIComponent(itemId)}&index=0`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.rawPayload.equals(framed)).toBe(true);
    const second = await image(`item=${encodeURIComponent(itemId)}&index=1`);
    expect(second.rawPayload.equals(plain)).toBe(true);
    const trimmed = await image(`item=${encodeURIComponent(itemId)}&index=0&removeBorders=true`);
    expect(trimmed.statusCode).toBe(200);
    const size = await sharp(trimmed.rawPayload).metadata();
    expect([size.width, size.height]).toEqual([40, 30]);
  });

  it('refuses what is not an image of the client’s own items', async () => {
    expect((await image(`item=${encodeURIComponent(itemId)}&index=2`)).statusCode).toBe(404);
    expect((await image(`item=${encodeURIComponent(itemId)}&index=-1`)).statusCode).toBe(400);
    expect((await image(`item=nonsense&index=0`)).statusCode).toBe(404);
    expect((await image(`item=${encodeURIComponent(itemId)}&index=0`, null)).statusCode).toBe(401);
    // Generation's fetch guard: a private address is never fetched for the browser either.
    const internal = await image(`item=${encodeURIComponent(privateItemId)}&index=0`);
    expect(internal.statusCode).toBe(502);
    expect(internal.json()).toMatchObject({ code: 'IMAGE_UNAVAILABLE' });
  });
});
