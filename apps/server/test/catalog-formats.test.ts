/**
 * Issue 17 through the API: feeds written as Shopify, Meta and Google document them (fixtures in
 * fixtures/platform-feeds/) import as a marketer expects, the report names the format and every problem,
 * the user can say what a feed is, and each catalogue tells how many items Meta and Google would take.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRegisteredWorkers } from '../src/jobs/registry.js';
import { until } from './fixtures/feed-hosts.js';
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

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/platform-feeds/${name}`, import.meta.url), 'utf8');

const REPORT = `id status format formatName rowsRead added rejectedCount error
  rejected { row id reason reasons } warnings { row id column reason } unknownColumns`;
const ITEM =
  'id title description availability price salePrice currency imageLink additionalImageLinks brand itemGroupId inventory extraJson';

/** An image host on 127.0.0.1 serving JPEGs of the size its path names: /img/640x640/a.jpg. */
async function startSizedImageHost() {
  const server: Server = createServer((request, response) => {
    const size = /^\/img\/(\d+)x(\d+)\//.exec(request.url ?? '');
    if (!size) return void response.writeHead(404).end('no such image');
    void sharp({
      create: { width: Number(size[1]), height: Number(size[2]), channels: 3, background: '#e67e22' },
    })
      .jpeg()
      .toBuffer()
      .then((jpeg) => response.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describeEachDatabase('catalogue formats and diagnostics (issue 17) on %s', (kind) => {
  let t: TestApp;
  let clientId: string;
  let session: Awaited<ReturnType<typeof signIn>>;
  let images: Awaited<ReturnType<typeof startSizedImageHost>>;
  const call = (query: string, variables: Record<string, unknown> = {}) =>
    gql(t, { session, clientId, query, variables });

  beforeAll(async () => {
    images = await startSizedImageHost();
    t = await createTestApp(kind, { FETCH_ALLOW_HOSTS: '127.0.0.1', JOB_POLLING_INTERVAL_MS: '200' });
    await startRegisteredWorkers(t.deps);
    clientId = (await makeClient(t, 'Formats Co')).id;
    const user = await makeUser(t, { clientId, isAdmin: true });
    session = await signIn(t, user.email, PASSWORD);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await images?.close();
  });

  async function upload(name: string, body: string): Promise<string> {
    const key = `clients/${clientId}/catalog-files/${randomUUID()}/${name}`;
    await t.deps.files.put(key, Buffer.from(body), { contentType: 'application/octet-stream' });
    return key;
  }

  /** Creates a catalogue from the file and waits for its import's report. */
  async function importFile(name: string, body: string, settings: Record<string, unknown> = {}) {
    const created = await call(
      `mutation($name: String!, $key: String!, $format: CatalogFeedFormat, $currency: String) {
        createCatalog(name: $name, uploadKey: $key, feedFormat: $format, currency: $currency) {
          catalog { id feedFormat currency } error { message } } }`,
      { name, key: await upload(name, body), ...settings },
    );
    expect(created.data?.createCatalog.error).toBeNull();
    const catalog = created.data?.createCatalog.catalog as { id: string };
    const report = await until(
      async () =>
        (await call(`query($id: ID!) { catalog(id: $id) { imports { ${REPORT} } } }`, { id: catalog.id }))
          .data?.catalog.imports[0],
      (i) => ['completed', 'failed'].includes(i?.status),
      `the import of ${name}`,
    );
    return { catalog: created.data?.createCatalog.catalog, report };
  }

  async function items(catalogId: string, issue?: string) {
    const res = await call(
      `query($id: ID!, $issue: String) { catalogItems(catalogId: $id, issue: $issue, limit: 200) { total items { ${ITEM} } } }`,
      { id: catalogId, issue },
    );
    return res.data?.catalogItems as { total: number; items: Record<string, unknown>[] };
  }

  describe('formats', () => {
    it("imports Shopify's products export: one item per variant, in the catalogue's currency", async () => {
      const { catalog, report } = await importFile(
        'products_export.csv',
        fixture('shopify-products-export.csv'),
        {
          currency: 'eur',
        },
      );
      expect(catalog.currency).toBe('EUR');
      expect(report).toMatchObject({
        status: 'completed',
        format: 'shopify',
        formatName: 'Shopify products export (CSV)',
        added: 4,
        rejectedCount: 2,
      });
      expect(report.rejected).toEqual([
        expect.objectContaining({
          id: 'SCARF-1',
          reason: expect.stringMatching(/^Draft product/) as unknown,
        }),
        expect.objectContaining({
          id: 'CAP-1',
          reason: expect.stringMatching(/^Archived product/) as unknown,
        }),
      ]);
      const { items: list } = await items(catalog.id);
      const byId = Object.fromEntries(list.map((i) => [i.id, i]));
      expect(Object.keys(byId).sort()).toEqual(['LS-L-SAND', 'LS-M-SAND', 'TOTE-1', 'linen-shirt-M-Navy']);
      expect(byId['LS-M-SAND']).toMatchObject({
        title: 'Linen shirt – M / Sand',
        description: 'A relaxed shirt in washed linen.\n100\u00a0% linen\nButton-down collar'.replace(
          '\u00a0',
          ' ',
        ),
        brand: 'Northwind',
        itemGroupId: 'linen-shirt',
        price: '59.00',
        salePrice: '44.00',
        currency: 'EUR',
        availability: 'in stock',
        inventory: 12,
        imageLink: 'https://cdn.shopify.example/s/files/1/products/linen-shirt-sand.jpg',
      });
      expect(byId['LS-M-SAND']!.additionalImageLinks).toEqual([
        'https://cdn.shopify.example/s/files/1/products/linen-shirt-front.jpg',
        'https://cdn.shopify.example/s/files/1/products/linen-shirt-back.jpg',
        'https://cdn.shopify.example/s/files/1/products/linen-shirt-detail.jpg',
      ]);
      expect(JSON.parse(byId['LS-M-SAND']!.extraJson as string)).toMatchObject({
        Size: 'M',
        Color: 'Sand',
        tags: ['linen', 'summer', 'bestseller'],
      });
      expect(byId['LS-L-SAND']).toMatchObject({ availability: 'out of stock', inventory: 0 });
      expect(byId['linen-shirt-M-Navy']).toMatchObject({
        availability: 'available for order',
        price: '59.00',
        salePrice: null,
      });
      expect(byId['TOTE-1']).toMatchObject({
        title: 'Canvas tote',
        description: 'Heavy cotton canvas & leather handles.',
        availability: 'in stock',
      });
    });

    it("imports Meta's TSV with its leading comment lines, nested columns and list forms", async () => {
      const { catalog, report } = await importFile('meta.tsv', fixture('meta-feed-with-comments.tsv'));
      expect(report).toMatchObject({ status: 'completed', format: 'tsv', added: 3, rejectedCount: 0 });
      // A rating outside the 1–5 scale keeps its row, without the rating.
      expect(report.warnings).toEqual([
        expect.objectContaining({
          id: 'DB_2',
          column: 'rating',
          reason: expect.stringMatching(/outside the 1–5 scale/) as unknown,
        }),
      ]);
      const { items: list } = await items(catalog.id);
      expect(list.map((i) => [i.id, i.availability])).toEqual([
        ['DB_1', 'in stock'],
        ['DB_2', 'mark_as_sold'],
        ['DB_3', 'pending'],
      ]);
      expect(list[0]).toMatchObject({
        imageLink: 'https://images.example.com/db_1.jpg',
        additionalImageLinks: ['https://images.example.com/db_1_side.jpg'],
      });
      expect(JSON.parse(list[0]!.extraJson as string)).toEqual({
        'image[0].tag': 'front',
        Material: 'Plastic',
        Colour: 'Blue',
      });
    });

    it('imports JSON (Google Content API resources) and JSON Lines (Meta Graph API items)', async () => {
      const google = await importFile('products.json', fixture('google-content-api-products.json'));
      expect(google.report).toMatchObject({
        status: 'completed',
        format: 'json',
        formatName: 'JSON',
        added: 2,
      });
      const { items: tees } = await items(google.catalog.id);
      expect(tees[0]).toMatchObject({
        id: 'GS-100',
        title: 'Google Tee',
        price: '15.00',
        salePrice: '12.00',
        currency: 'USD',
        imageLink: 'https://images.example.com/gs-100.jpg',
        additionalImageLinks: [
          'https://images.example.com/gs-100-b.jpg',
          'https://images.example.com/gs-100-c.jpg',
        ],
        itemGroupId: 'GS',
      });
      const meta = await importFile('items.jsonl', fixture('meta-graph-api-products.jsonl'));
      expect(meta.report).toMatchObject({
        status: 'completed',
        format: 'jsonl',
        formatName: 'JSON Lines',
        added: 2,
      });
      const { items: mugs } = await items(meta.catalog.id);
      expect(mugs[0]).toMatchObject({
        id: 'MP-1',
        title: 'Meta Mug',
        price: '12.00',
        currency: 'EUR',
        itemGroupId: 'MUGS',
      });
    });

    it('reads HTML entities in XML and skips only a malformed item, reporting every problem with its line', async () => {
      const { catalog, report } = await importFile('feed.xml', fixture('rss-html-entities.xml'));
      expect(report).toMatchObject({ status: 'completed', format: 'rss', added: 2, rejectedCount: 1 });
      expect(report.rejected).toEqual([
        {
          row: 2,
          id: 'CF-2',
          reason: expect.stringMatching(
            /^Malformed item: unmatched closing tag: g:titel\. \(line 16\)$/,
          ) as unknown,
          reasons: [expect.any(String)],
        },
      ]);
      expect(report.warnings).toEqual([
        expect.objectContaining({
          id: 'CF-3',
          column: 'g:sale_price',
          reason: 'Sale price 35.00 is not below the price 30.00: the sale price is not used',
        }),
      ]);
      const { items: list } = await items(catalog.id);
      expect(list[0]).toMatchObject({ id: 'CF-1', title: 'Café crème mug – 2\u00a0pack', brand: 'Café' });
    });

    it('lists every problem of a rejected row', async () => {
      const csv = 'id,title,price,availability,rating\nA,Shirt,cheap,maybe,great\nB,Tote,5 USD,in stock,4\n';
      const { report } = await importFile('problems.csv', csv);
      expect(report.rejected).toEqual([
        {
          row: 1,
          id: 'A',
          reason: expect.stringContaining('; ') as unknown,
          reasons: [
            expect.stringMatching(/^Invalid availability “maybe”/),
            expect.stringMatching(/^Invalid price “cheap”/),
            expect.stringMatching(/^Invalid rating “great”/),
          ],
        },
      ]);
    });

    it('names an HTML page, and takes the format the user chose over the first bytes', async () => {
      const page = await importFile('page.html', '<!doctype html>\n<html><body>Sign in</body></html>');
      expect(page.report).toMatchObject({
        status: 'failed',
        error: 'The address returned an HTML page, not a catalogue feed: check the feed URL',
      });
      // A one-column list of JSON texts, which the user says is CSV.
      const forced = await importFile('ids.csv', 'id\n{"x":1}\n', { format: 'CSV' });
      expect(forced.catalog.feedFormat).toBe('CSV');
      expect(forced.report).toMatchObject({ status: 'completed', format: 'csv' });
      const detected = await importFile('lines.txt', '{"id":"1"}\n{"id":"2"}\n');
      expect(detected.report).toMatchObject({ status: 'completed', format: 'jsonl', added: 2 });

      const changed = await call(
        `mutation($id: ID!) { updateCatalog(id: $id, name: "Lines", feedFormat: null, currency: "usd") {
          catalog { feedFormat currency } error { message } } }`,
        { id: forced.catalog.id },
      );
      expect(changed.data?.updateCatalog).toEqual({
        catalog: { feedFormat: null, currency: 'USD' },
        error: null,
      });
      const refused = await call(
        `mutation($id: ID!) { updateCatalog(id: $id, name: "Lines", currency: "dollars") { error { message } } }`,
        { id: forced.catalog.id },
      );
      expect(refused.data?.updateCatalog.error.message).toBe(
        'The currency must be a three-letter ISO 4217 code such as USD or EUR, not “dollars”.',
      );
    });
  });

  describe('diagnostics', () => {
    it('counts the items Meta and Google would take, with the reasons, image sizes measured', async () => {
      const csv = [
        'id,title,description,link,image_link,price,availability,condition,brand,gtin,google_product_category',
        `OK-1,Ready shirt,Soft,https://s.test/1,${images.origin}/img/800x800/1.jpg,10 USD,in stock,new,Acme,4006381333931,`,
        `SMALL-1,Small picture,Soft,https://s.test/2,${images.origin}/img/300x300/2.jpg,10 USD,in stock,new,Acme,,`,
        `NOBRAND,No brand,Soft,https://s.test/3,${images.origin}/img/800x800/3.jpg,10 USD,in stock,new,,,`,
        `BADGTIN,Bad GTIN,Soft,https://s.test/4,${images.origin}/img/800x800/4.jpg,10 USD,in stock,new,Acme,4006381333932,`,
        `LONG,${'T'.repeat(160)},Soft,https://s.test/5,${images.origin}/img/800x800/5.jpg,10 USD,in stock,new,Acme,,`,
        `GONE,Gone picture,Soft,https://s.test/6,${images.origin}/missing.jpg,10 USD,in stock,new,Acme,,`,
      ].join('\n');
      const { catalog } = await importFile('diagnostics.csv', csv);
      const query = `query($id: ID!) { catalog(id: $id) { diagnostics {
        itemCount diagnosed networks { network readyCount }
        issues { code label severity networks itemCount }
        images { total measured failed done failures { reason imageCount } } } } }`;
      const diagnostics = await until(
        async () => (await call(query, { id: catalog.id })).data?.catalog.diagnostics,
        (d) => d?.images.done === true,
        'the image check',
      );
      expect(diagnostics).toMatchObject({
        itemCount: 6,
        diagnosed: true,
        images: { total: 6, measured: 5, failed: 1, done: true },
      });
      expect(diagnostics.images.failures).toEqual([
        { reason: 'The image host refused it (HTTP 404)', imageCount: 1 },
      ]);
      const codes = Object.fromEntries(
        (diagnostics.issues as { code: string; itemCount: number }[]).map((i) => [i.code, i.itemCount]),
      );
      expect(codes).toMatchObject({
        image_too_small_meta: 1,
        image_unreachable: 1,
        missing_brand: 1,
        invalid_gtin: 1,
        title_too_long_google: 1,
      });
      expect(codes.image_too_small_google).toBeUndefined();
      // Meta: not SMALL-1 (image), NOBRAND, GONE. Google: not BADGTIN, LONG (150), GONE.
      expect(diagnostics.networks).toEqual([
        { network: 'meta', readyCount: 3 },
        { network: 'google', readyCount: 3 },
      ]);
      const small = await items(catalog.id, 'image_too_small_meta');
      expect(small.items.map((i) => i.id)).toEqual(['SMALL-1']);

      // Checking again measures again and keeps the same answer.
      const again = await call(
        `mutation($id: ID!) { checkCatalogImages(id: $id) { catalog { id } error { message } } }`,
        { id: catalog.id },
      );
      expect(again.data?.checkCatalogImages.error).toBeNull();
      const rechecked = await until(
        async () => (await call(query, { id: catalog.id })).data?.catalog.diagnostics,
        (d) => d?.images.done === true,
        'the second image check',
      );
      expect(rechecked.networks).toEqual(diagnostics.networks);
    });
  });
});
