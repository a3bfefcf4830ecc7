import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  adAccounts,
  adInsightsBreakdowns,
  adInsightsDaily,
  adPerformanceImports,
  ads,
} from '../src/db/schema.js';
import {
  failStoppedImport,
  IMPORT_STOPPED,
  runAdPerformanceImport,
} from '../src/modules/performance/import/run-import.js';
import { startRegisteredWorkers } from '../src/jobs/registry.js';
import { refusals } from '../src/modules/performance/import/messages.js';
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
import {
  fixture,
  importFile,
  imports,
  startImport,
  summary,
  uploadExport,
  type Caller,
} from './performance/ads-manager-upload.js';

/** The English export (en-by-day.csv) as a workbook: numbers and days as typed cells, as Excel keeps them. */
async function englishWorkbook(): Promise<Buffer> {
  const lines = fixture('en-by-day.csv').toString('utf8').trim().split('\n');
  const parse = (line: string) => line.slice(1, -1).split('","');
  const [header, ...rows] = lines.map(parse);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Raw Data Report');
  sheet.addRow(header);
  for (const row of rows)
    sheet.addRow(
      row.map((cell, i) => {
        const name = header![i]!;
        if (name === 'Day' && cell) return new Date(`${cell}T00:00:00Z`);
        if (/ID$/.test(name) || cell === '' || !/^[\d.,]+$/.test(cell)) return cell;
        return Number(cell.replace(/,/g, ''));
      }),
    );
  workbook.addWorksheet('Notes').addRow(['Exported from Ads Manager']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describeEachDatabase('Ads Manager export import on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await startRegisteredWorkers(t.deps);
  });
  afterAll(() => t.close());

  /** A fresh workspace with a signed-in member, so that each case's totals are its own. */
  async function workspace(): Promise<Caller> {
    const client = await makeClient(t);
    const user = await makeUser(t, { clientId: client.id });
    return { t, clientId: client.id, session: await signIn(t, user.email, PASSWORD) };
  }

  const breakdownRows = (clientId: string, breakdown: string) =>
    t.deps.db
      .select({
        value: adInsightsBreakdowns.value,
        spend: sql<number>`sum(${adInsightsBreakdowns.spend})::float8`,
        impressions: sql<number>`sum(${adInsightsBreakdowns.impressions})::float8`,
      })
      .from(adInsightsBreakdowns)
      .where(and(eq(adInsightsBreakdowns.clientId, clientId), eq(adInsightsBreakdowns.breakdown, breakdown)))
      .groupBy(adInsightsBreakdowns.value)
      .orderBy(adInsightsBreakdowns.value);

  it('an English export by day: every metric, the totals row skipped, the report, and idempotent', async () => {
    const c = await workspace();
    const done = await importFile(c, 'Spring-Sale-Ads-Mar-1-2026-Mar-2-2026.csv', fixture('en-by-day.csv'));
    expect(done).toMatchObject({
      status: 'COMPLETED',
      error: null,
      rowsRead: 5,
      rowsImported: 5,
      rejectedCount: 0,
      rejectedRows: [],
      unknownColumns: [],
      fileName: 'Spring-Sale-Ads-Mar-1-2026-Mar-2-2026.csv',
      format: 'csv',
      language: 'en',
      currency: 'USD',
      firstDay: '2026-03-01',
      lastDay: '2026-03-02',
      accountName: 'Ads Manager export (USD)',
    });
    expect(done.finishedAt).toBeTruthy();
    const totals = {
      spend: 300.75,
      impressions: 42500,
      reach: 30100,
      clicks: 650,
      linkClicks: 480,
      purchases: 12,
      purchaseValue: 1040,
      addToCart: 40,
      video3sPlays: 2000,
      thruplays: 500,
      currency: 'USD',
      days: 2,
    };
    expect(await summary(c, '2026-03-01', '2026-03-31')).toMatchObject(totals);
    expect((await summary(c, '2026-03-02', '2026-03-02')).spend).toBeCloseTo(120.25);

    // Meta's ids became the external ids; the attribution setting is the account's.
    const stored = await t.deps.db.select().from(ads).where(eq(ads.clientId, c.clientId));
    expect(stored.map((a) => a.externalId).sort()).toEqual([
      '120210000000000101',
      '120210000000000102',
      '120210000000000201',
    ]);
    const [account] = await t.deps.db.select().from(adAccounts).where(eq(adAccounts.clientId, c.clientId));
    expect(account).toMatchObject({
      source: 'file',
      currency: 'USD',
      attributionSetting: '7d_click_1d_view',
    });

    // The same file again: the same rows, the same totals.
    const again = await importFile(c, 'again.csv', fixture('en-by-day.csv'));
    expect(again.status).toBe('COMPLETED');
    expect(await summary(c, '2026-03-01', '2026-03-31')).toMatchObject(totals);
    expect(await t.deps.db.select().from(ads).where(eq(ads.clientId, c.clientId))).toHaveLength(3);
    expect((await imports(c)).map((i) => i.id)).toEqual([again.id, done.id]);
  });

  it('a French export: BOM, semicolons, decimal commas and spaced thousands', async () => {
    const c = await workspace();
    const done = await importFile(c, 'export-fr.csv', fixture('fr-by-day.csv'));
    expect(done).toMatchObject({
      status: 'COMPLETED',
      rowsRead: 2,
      rowsImported: 2,
      language: 'fr',
      currency: 'EUR',
      unknownColumns: [],
    });
    expect(await summary(c, '2026-03-01', '2026-03-31')).toMatchObject({
      spend: 1234.56,
      impressions: 25000,
      reach: 20000,
      linkClicks: 300,
      clicks: 400,
      purchases: 10,
      purchaseValue: 2500,
      addToCart: 30,
      currency: 'EUR',
    });
  });

  it('Excel’s "Unicode text" (.txt, UTF-16 with a BOM, tab-separated) reads as the CSV does', async () => {
    const c = await workspace();
    const csv = fixture('fr-by-day.csv')
      .toString('utf8')
      .replace(/^\ufeff/, '');
    const tabs = csv.replace(/"/g, '').replace(/;/g, '\t');
    const body = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(tabs, 'utf16le')]);
    const done = await importFile(c, 'export.txt', body, 'text/plain');
    expect(done).toMatchObject({ status: 'COMPLETED', rowsImported: 2, language: 'fr', currency: 'EUR' });
    expect(await summary(c, '2026-03-01', '2026-03-31')).toMatchObject({
      spend: 1234.56,
      impressions: 25000,
    });
  });

  it('a Spanish export with a country breakdown: dot thousands, ISO countries, daily rows the sums', async () => {
    const c = await workspace();
    const done = await importFile(c, 'informe.csv', fixture('es-country.csv'));
    expect(done).toMatchObject({ status: 'COMPLETED', rowsRead: 3, language: 'es', currency: 'EUR' });
    expect(await summary(c, '2026-03-01', '2026-03-01')).toMatchObject({
      spend: expect.closeTo(26.62, 6),
      impressions: 2814,
      linkClicks: 79,
      purchases: 3,
      purchaseValue: 150,
    });
    expect(await breakdownRows(c.clientId, 'country')).toEqual([
      { value: 'ES', spend: expect.closeTo(23.52, 6), impressions: 2504 },
      { value: 'FR', spend: expect.closeTo(3.1, 6), impressions: 310 },
    ]);
  });

  it('an XLSX export (first sheet, typed cells) gives the same totals as its CSV', async () => {
    const c = await workspace();
    const done = await importFile(c, 'export.xlsx', await englishWorkbook());
    expect(done, `the import's error: ${done.error}`).toMatchObject({
      status: 'COMPLETED',
      format: 'xlsx',
      rowsRead: 5,
      currency: 'USD',
    });
    expect(await summary(c, '2026-03-01', '2026-03-31')).toMatchObject({
      spend: 300.75,
      impressions: 42500,
      purchaseValue: 1040,
      days: 2,
    });
    // Also when the browser calls it application/octet-stream.
    const c2 = await workspace();
    const raw = await importFile(c2, 'export.xlsx', await englishWorkbook(), 'application/octet-stream');
    expect(raw, `the import's error: ${raw.error}`).toMatchObject({
      status: 'COMPLETED',
      format: 'xlsx',
      rowsImported: 5,
    });
  });

  it('age and gender: each breakdown the sum over the other, the day the sum of all', async () => {
    const c = await workspace();
    const done = await importFile(c, 'age-gender.csv', fixture('en-age-gender.csv'));
    expect(done).toMatchObject({ status: 'COMPLETED', rowsRead: 4, rowsImported: 4 });
    expect(await summary(c, '2026-03-01', '2026-03-01')).toMatchObject({
      spend: 100,
      impressions: 10000,
      purchases: 4,
      purchaseValue: 300,
    });
    expect(await breakdownRows(c.clientId, 'age')).toEqual([
      { value: '18-24', spend: 50, impressions: 5000 },
      { value: '25-34', spend: 50, impressions: 5000 },
    ]);
    expect(await breakdownRows(c.clientId, 'gender')).toEqual([
      { value: 'female', spend: 70, impressions: 7000 },
      { value: 'male', spend: 20, impressions: 2000 },
      { value: 'unknown', spend: 10, impressions: 1000 },
    ]);
  });

  it('sums across batches: 12,000 rows of age × gender, each ad’s day spread over the whole file', async () => {
    const c = await workspace();
    const lines = ['Campaign name,Ad set name,Ad name,Day,Age,Gender,Amount spent (USD),Impressions'];
    // The breakdown values outermost: the rows of one ad and day are thousands of rows apart.
    for (const age of ['18-24', '25-34'])
      for (const gender of ['female', 'male'])
        for (const day of ['2026-04-01', '2026-04-02'])
          for (let ad = 0; ad < 1500; ad += 1)
            lines.push(`Sale,Broad,Ad ${ad},${day},${age},${gender},1.25,${100 + (ad % 7)}`);
    const done = await importFile(c, 'big.csv', Buffer.from(lines.join('\n')));
    expect(done).toMatchObject({ status: 'COMPLETED', rowsRead: 12000, rowsImported: 12000 });
    const impressions = 8 * Array.from({ length: 1500 }, (_, ad) => 100 + (ad % 7)).reduce((a, b) => a + b);
    expect(await summary(c, '2026-04-01', '2026-04-02')).toMatchObject({
      spend: 15000,
      impressions,
      days: 2,
    });
    expect(await breakdownRows(c.clientId, 'gender')).toEqual([
      { value: 'female', spend: 7500, impressions: impressions / 2 },
      { value: 'male', spend: 7500, impressions: impressions / 2 },
    ]);
    const [daily] = await t.deps.db
      .select({ rows: sql<number>`count(*)::int`, max: sql<number>`max(${adInsightsDaily.spend})` })
      .from(adInsightsDaily)
      .where(eq(adInsightsDaily.clientId, c.clientId));
    expect(daily).toEqual({ rows: 3000, max: 5 });
  });

  it('placement: Platform and Placement stored as the Insights API names them', async () => {
    const c = await workspace();
    expect((await importFile(c, 'placement.csv', fixture('en-placement.csv'))).status).toBe('COMPLETED');
    expect(await breakdownRows(c.clientId, 'placement')).toEqual([
      { value: 'facebook · feed', spend: 25, impressions: 2500 },
      { value: 'instagram · instagram_reels', spend: 15, impressions: 1500 },
      { value: 'instagram · instagram_stories', spend: 20, impressions: 2000 },
    ]);
    expect((await summary(c, '2026-03-01', '2026-03-01')).spend).toBe(60);
  });

  it('Product ID: Meta’s product_id breakdown, the ad a catalogue ad the DPA dashboards list', async () => {
    const c = await workspace();
    const done = await importFile(c, 'products.csv', fixture('en-product-id.csv'));
    expect(done).toMatchObject({ status: 'COMPLETED', rowsImported: 3, unknownColumns: [] });
    expect(await breakdownRows(c.clientId, 'product_id')).toEqual([
      { value: 'SKU-1', spend: 40, impressions: 4000 },
      { value: 'SKU-2', spend: 20, impressions: 2000 },
    ]);
    expect(await summary(c, '2026-03-01', '2026-03-02')).toMatchObject({ spend: 60, days: 2 });
    const [ad] = await t.deps.db.select().from(ads).where(eq(ads.clientId, c.clientId));
    expect(ad).toMatchObject({ name: 'Dynamic shoes', creativeKind: 'catalog' });
    const res = await gql(t, {
      session: c.session,
      clientId: c.clientId,
      query: `{ dpaAds(from: "2026-03-01", to: "2026-03-02", kind: CATALOG) { rows { ad { name } kind products values { spend } } }
        dpaItems(from: "2026-03-01", to: "2026-03-02", grouping: ITEM) { notInCatalog rows { key inCatalog values { spend } } } }`,
    });
    expect(res.errors).toBeUndefined();
    expect(res.data?.dpaAds.rows).toEqual([
      { ad: { name: 'Dynamic shoes' }, kind: 'CATALOG', products: 2, values: { spend: 60 } },
    ]);
    expect(res.data?.dpaItems).toEqual({
      notInCatalog: 2,
      rows: [
        { key: 'SKU-1', inCatalog: false, values: { spend: 40 } },
        { key: 'SKU-2', inCatalog: false, values: { spend: 20 } },
      ],
    });
  });

  it('without a Day column: a one-day report is that day; a month is refused and changes nothing', async () => {
    const c = await workspace();
    const day = await importFile(c, 'single-day.csv', fixture('en-single-day.csv'));
    expect(day).toMatchObject({ status: 'COMPLETED', firstDay: '2026-03-05', lastDay: '2026-03-05' });
    expect(await summary(c, '2026-03-05', '2026-03-05')).toMatchObject({ spend: 35, impressions: 3500 });

    const month = await importFile(c, 'month.csv', fixture('en-month.csv'));
    expect(month).toMatchObject({ status: 'FAILED', rowsImported: 0 });
    expect(month.error).toBe(refusals.range('2026-03-01', '2026-03-31', 3).message);
    expect(month.error).toBe(
      'Row 3 covers 2026-03-01 to 2026-03-31 and the file has no "Day" column: the dashboards are daily and cannot spread a range over its days. Export again from Ads Manager with Breakdown → By time → Day.',
    );
    expect(await summary(c, '2026-03-01', '2026-03-31')).toMatchObject({ spend: 35, impressions: 3500 });
  });

  it('bad rows are rejected with their row and reason; unknown columns are listed', async () => {
    const c = await workspace();
    const done = await importFile(c, 'bad.csv', fixture('en-bad-rows.csv'));
    expect(done).toMatchObject({
      status: 'COMPLETED',
      rowsRead: 6,
      rowsImported: 3,
      rejectedCount: 3,
      unknownColumns: ['Notes'],
      firstDay: '2026-03-10',
      lastDay: '2026-03-12',
    });
    expect(done.rejectedRows).toEqual([
      { row: 6, reason: 'Row 6: "Ad name" is empty.' },
      { row: 7, reason: 'Row 7: "Amount spent (USD)" is "12,3,4", not a number.' },
      { row: 8, reason: 'Row 8: "Day" is "2026-03-32", not a date.' },
    ]);
    expect(await summary(c, '2026-03-01', '2026-03-31')).toMatchObject({ spend: 30, impressions: 3000 });
  });

  it('files that are not exports fail with what is wrong, and keep the data imported before', async () => {
    const c = await workspace();
    expect((await importFile(c, 'good.csv', fixture('en-by-day.csv'))).status).toBe('COMPLETED');
    const before = await summary(c, '2026-03-01', '2026-03-31');

    const cases: [string, Buffer, string][] = [
      [
        'products.csv',
        fixture('not-an-export.csv'),
        'This file is not an Ads Manager export: it has no "Campaign name" column, no "Ad name" column and no "Amount spent" column. Export the table from Ads Manager (Reports → Export table data) with the ad level selected.',
      ],
      ['headers.csv', fixture('headers-only.csv'), refusals.headersOnly().message],
      ['blank.csv', Buffer.from('\ufeff\r\n\r\n'), refusals.empty().message],
      ['login.csv', fixture('sign-in-page.csv'), refusals.htmlPage().message],
      ['month.csv', fixture('en-month.csv'), refusals.range('2026-03-01', '2026-03-31', 3).message],
      [
        'all-bad.csv',
        Buffer.from('Campaign name,Ad name,Day,Amount spent (USD)\nSale,Ad,2026-03-01,abc\n'),
        'No row could be imported: all 1 rows were rejected (see the rejected rows). Correct the file or export it again.',
      ],
    ];
    for (const [name, body, message] of cases) {
      const failed = await importFile(c, name, body);
      expect(failed, name).toMatchObject({ status: 'FAILED', error: message, rowsImported: 0 });
    }
    const zip = await importFile(
      c,
      'archive.xlsx',
      Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)]),
    );
    expect(zip).toMatchObject({ status: 'FAILED', error: refusals.notWorkbook().message });
    expect((await imports(c)).find((i) => i.fileName === 'all-bad.csv')?.rejectedRows).toEqual([
      { row: 2, reason: 'Row 2: "Amount spent (USD)" is "abc", not a number.' },
    ]);
    expect(await summary(c, '2026-03-01', '2026-03-31')).toEqual(before);
  });

  it('every import ends: a vanished file fails it, a dead job fails it, a second delivery changes nothing', async () => {
    const c = await workspace();
    const queue = (fileKey: string) =>
      t.deps.db
        .insert(adPerformanceImports)
        .values({ clientId: c.clientId, fileKey })
        .returning()
        .then((rows) => rows[0]!);
    const gone = await queue(`clients/${c.clientId}/ad-performance-files/gone/a.csv`);
    expect(await runAdPerformanceImport(t.deps, gone.id)).toEqual({ status: 'failed' });
    const dead = await queue(`clients/${c.clientId}/ad-performance-files/dead/b.csv`);
    await failStoppedImport(t.deps, dead.id);
    // A late delivery of either job finds them ended and leaves them so.
    expect(await runAdPerformanceImport(t.deps, dead.id)).toEqual({ status: 'failed' });
    await failStoppedImport(t.deps, gone.id);
    const byId = new Map((await imports(c)).map((i) => [i.id, i]));
    expect(byId.get(gone.id)).toMatchObject({
      status: 'FAILED',
      error: 'The uploaded file is no longer stored. Upload the export again.',
    });
    expect(byId.get(dead.id)).toMatchObject({ status: 'FAILED', error: IMPORT_STOPPED });
  });

  it('a binary file is refused when it is taken into use, with what it is', async () => {
    const c = await workspace();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const key = await uploadExport(c, 'report.csv', png);
    const started = await startImport(c, key);
    expect(started).toEqual({
      import: null,
      error: {
        code: 'INVALID_FILE',
        message: "'report.csv' was declared as text/csv, but it is a PNG image.",
      },
    });
    const other = await uploadExport(c, 'report.csv', Buffer.from([0, 1, 2, 3, 4, 5]));
    expect((await startImport(c, other)).error?.message).toBe(
      "'report.csv' was declared as text/csv, but its content is not plain text or an XML document.",
    );
    expect(await imports(c)).toEqual([]);
  });

  it('keys outside the client’s own export folder are refused', async () => {
    const c = await workspace();
    const message = 'The uploaded file was not found: upload the Ads Manager export again.';
    for (const key of [
      `clients/${c.clientId}/catalog-files/00000000-0000-4000-8000-000000000000/a.csv`,
      '../../etc/passwd',
      `clients/${c.clientId}/ad-performance-files/00000000-0000-4000-8000-000000000000/missing.csv`,
    ])
      expect((await startImport(c, key)).error).toEqual({ code: 'INVALID_INPUT', message });
    const res = await gql(t, {
      session: c.session,
      clientId: c.clientId,
      query: '{ adPerformanceImports { id } }',
    });
    expect(res.data).toEqual({ adPerformanceImports: [] });
  });
});
