/**
 * Issue 14, items 14 and 15, through the API: a catalogue whose values hold characters XML cannot hold
 * (a vertical tab) and spreadsheet formulas is imported, generated and exported. The import keeps the
 * rows without those characters and says so; the XML export is well-formed even for a value stored
 * before that rule (written straight into the database here); generation draws such a title; and the
 * CSV export neutralises formulas.
 */
import { randomUUID } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { catalogItems } from '../src/db/schema.js';
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

/** The text of every `g:<field>` element of an RSS feed, per item; throws when the XML is ill-formed. */
function readRssItems(xml: string): Record<string, string>[] {
  const parser = new SaxesParser();
  const items: Record<string, string>[] = [];
  let field: string | undefined;
  parser.on('opentag', (tag) => {
    if (tag.name === 'item') items.push({});
    else if (tag.name.startsWith('g:')) field = tag.name.slice(2);
  });
  parser.on('text', (text) => {
    if (field) items.at(-1)![field] = (items.at(-1)![field] ?? '') + text;
  });
  parser.on('closetag', () => (field = undefined));
  parser.write(xml).close();
  return items;
}

const FORMULA = '=HYPERLINK("http://x","y")';

describeEachDatabase('characters XML cannot hold and CSV formulas, import to export, on %s', (kind) => {
  let t: TestApp;
  let images: ImageHost;
  let origin: string;
  let clientId: string;
  let session: Awaited<ReturnType<typeof signIn>>;
  const call = (query: string, variables: Record<string, unknown> = {}) =>
    gql(t, { session, clientId, query, variables });

  beforeAll(async () => {
    images = await startImageHost();
    origin = images.origin;
    t = await createTestApp(kind, {
      FETCH_ALLOW_HOSTS: images.host,
      JOB_POLLING_INTERVAL_MS: '200',
    });
    await startRegisteredWorkers(t.deps);
    clientId = (await makeClient(t, 'Safe Co')).id;
    const user = await makeUser(t, { clientId, isAdmin: true });
    session = await signIn(t, user.email, PASSWORD);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await images?.close();
  });

  it('imports with warnings, generates, and exports well-formed XML and neutralised CSV', async () => {
    const csv = [
      'id,title,description,price,brand,image_link,custom_label_0,custom_label_1',
      `SKU-1,Trail\u000bshoe,"Light\u000bweight & <grippy>",129.00 USD,Acme,${origin}/img/1.jpg,"${FORMULA.replace(/"/g, '""')}",-5.00`,
      `SKU-2,Road shoe,Plain,89.00 USD,Acme,${origin}/img/2.jpg,@SUM(A1:A2),+1`,
    ].join('\n');
    const key = `clients/${clientId}/catalog-files/${randomUUID()}/shoes.csv`;
    await t.deps.files.put(key, Buffer.from(csv), { contentType: 'text/csv' });
    const created = await call(
      'mutation($key: String!) { createCatalog(name: "Shoes", uploadKey: $key) { catalog { id } error { message } } }',
      { key },
    );
    expect(created.data?.createCatalog.error).toBeNull();
    const catalogId = created.data?.createCatalog.catalog.id as string;

    // The import report: both rows kept, one warning per changed column, nothing rejected.
    const report = await until(
      async () =>
        (
          await call(
            'query($id: ID!) { catalog(id: $id) { imports { status added rejectedCount rejected { row } warnings { row id column reason } } } }',
            { id: catalogId },
          )
        ).data?.catalog.imports[0],
      (i) => ['completed', 'failed'].includes(i?.status),
      'the import',
    );
    expect(report).toEqual({
      status: 'completed',
      added: 2,
      rejectedCount: 0,
      rejected: [],
      warnings: [
        {
          row: 1,
          id: 'SKU-1',
          column: 'title',
          reason: 'Removed a character XML cannot hold (U+000B) from column title; the row is kept',
        },
        {
          row: 1,
          id: 'SKU-1',
          column: 'description',
          reason: 'Removed a character XML cannot hold (U+000B) from column description; the row is kept',
        },
      ],
    });
    const item = await call(
      'query($id: ID!) { catalogItem(catalogId: $id, itemId: "SKU-1") { title description } }',
      {
        id: catalogId,
      },
    );
    expect(item.data?.catalogItem).toEqual({ title: 'Trailshoe', description: 'Lightweight & <grippy>' });

    // A value stored before the import removed such characters must neither fail generation nor the export.
    await t.deps.db
      .update(catalogItems)
      .set({ title: 'Road\u000bshoe\ufffe' })
      .where(and(eq(catalogItems.catalogId, catalogId), eq(catalogItems.itemId, 'SKU-2')));

    const set = await call(
      'mutation($id: ID!, $f: String!) { createProductSet(catalogId: $id, name: "Acme", filterJson: $f) { productSet { id } error { message } } }',
      { id: catalogId, f: JSON.stringify({ brand: { eq: 'Acme' } }) },
    );
    const template = await call(
      'mutation($svg: String!) { createProductCatalogTemplate(name: "Shoe ad", templateString: $svg) { template { id } error { message } } }',
      { svg: builderSvg() },
    );
    const feed = await call(
      'mutation($set: ID!, $tpl: ID!) { createFeed(productSetId: $set, name: "Shoe feed", designs: [{ templateId: $tpl }]) { feed { id exportUrls } error { message } } }',
      {
        set: set.data?.createProductSet.productSet.id,
        tpl: template.data?.createProductCatalogTemplate.template.id,
      },
    );
    expect(feed.data?.createFeed.error).toBeNull();
    const feedId = feed.data?.createFeed.feed.id as string;
    const counts = await until(
      async () =>
        (
          await call(
            'query($id: ID!) { feed(id: $id) { counts { isGenerating generatedCount failedCount } } }',
            { id: feedId },
          )
        ).data?.feed.counts,
      (c) => c && !c.isGenerating,
      'generation',
      120_000,
    );
    expect(counts).toEqual({ isGenerating: false, generatedCount: 2, failedCount: 0 });

    const [xmlUrl, csvUrl] = feed.data?.createFeed.feed.exportUrls as string[];
    const xml = await t.app.inject({ method: 'GET', url: new URL(xmlUrl!).pathname });
    expect(xml.statusCode).toBe(200);
    const items = readRssItems(xml.body);
    expect(items.map((i) => [i.id, i.title, i.description])).toEqual([
      ['SKU-1', 'Trailshoe', 'Lightweight & <grippy>'],
      ['SKU-2', 'Roadshoe', 'Plain'],
    ]);
    // XML needs no neutralising: a formula is text there, as written.
    expect(items[0]!.custom_label_0).toBe(FORMULA);

    const csvExport = await t.app.inject({ method: 'GET', url: new URL(csvUrl!).pathname });
    expect(csvExport.body).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    const rows = parseCsv(csvExport.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.id, r.title, r.custom_label_0, r.custom_label_1])).toEqual([
      ['SKU-1', 'Trailshoe', `'${FORMULA}`, '-5.00'],
      // CSV can hold any character: the stored value is written as it is.
      ['SKU-2', 'Road\u000bshoe\ufffe', "'@SUM(A1:A2)", '+1'],
    ]);
  }, 180_000);
});
