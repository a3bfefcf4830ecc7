// Issue 18's journeys. Alice imports an Ads Manager export (made here, with known totals) from the empty
// overview, lands on the overview of its days with those totals, walks every dashboard and exports the
// report; Max connects Meta through the sandbox (the bundled fake Graph API) and syncs an ad account.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fixtures } from './fixtures.js';
import { clientGraphql, seeNotification, signIn, watchPage } from './helpers.js';

const ADS = [
  { campaign: 'Spring Sale', adSet: 'Broad US', ad: 'Red dress', weight: 10 },
  { campaign: 'Spring Sale', adSet: 'Broad US', ad: 'Blue shirt', weight: 6 },
  { campaign: 'Retargeting', adSet: 'Cart visitors', ad: 'Cart reminder', weight: 4 },
];
const AGES = [
  { age: '18-24', share: 2 },
  { age: '25-34', share: 3 },
];
const DAYS = Array.from({ length: 14 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`);

interface Row {
  ad: (typeof ADS)[number];
  day: string;
  age: string;
  spendCents: number;
  impressions: number;
  linkClicks: number;
  purchases: number;
  valueCents: number;
}

/** One row per ad, day and age group, in whole cents so the totals are exact. */
function exportRows(): Row[] {
  return ADS.flatMap((ad) =>
    DAYS.flatMap((day, d) =>
      AGES.map(({ age, share }) => {
        const purchases = ((d + ad.weight + share) % 4) * share;
        return {
          ad,
          day,
          age,
          spendCents: (1000 + 37 * d) * ad.weight * share,
          impressions: (900 + 25 * d) * ad.weight * share,
          linkClicks: (12 + (d % 5)) * ad.weight * share,
          purchases,
          valueCents: purchases * 4550,
        };
      }),
    ),
  );
}

const money = (cents: number) => (cents / 100).toFixed(2);

/** The CSV Ads Manager's "Export table data" writes at the ad level by day and age, with its totals row. */
function adsManagerCsv(rows: Row[]): string {
  const quote = (v: string | number) => `"${v}"`;
  const sum = (f: (r: Row) => number) => rows.reduce((s, r) => s + f(r), 0);
  const header = [
    'Reporting starts',
    'Reporting ends',
    'Campaign name',
    'Ad set name',
    'Ad name',
    'Day',
    'Age',
    'Amount spent (USD)',
    'Impressions',
    'Link clicks',
    'Purchases',
    'Purchases conversion value',
  ];
  const totals = [DAYS[0]!, DAYS.at(-1)!, '', '', '', '', '', money(sum((r) => r.spendCents))];
  totals.push(String(sum((r) => r.impressions)), String(sum((r) => r.linkClicks)));
  totals.push(String(sum((r) => r.purchases)), money(sum((r) => r.valueCents)));
  const lines = rows.map((r) =>
    [
      r.day,
      r.day,
      r.ad.campaign,
      r.ad.adSet,
      r.ad.ad,
      r.day,
      r.age,
      money(r.spendCents),
      r.impressions,
      r.linkClicks,
      r.purchases,
      money(r.valueCents),
    ]
      .map(quote)
      .join(','),
  );
  return [header.map(quote).join(','), totals.map(quote).join(','), ...lines].join('\n') + '\n';
}

const usd = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'USD' });
const counts = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const multiple = (v: number) => `${v.toFixed(2)}×`;

/** A KPI tile of the overview. */
const tile = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Key figures' }).getByRole('article', { name: label });

/** Opens a dashboard from the sidebar and waits for its heading. */
async function openFromSidebar(page: Page, link: string, heading: string) {
  await page.getByRole('navigation').getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('a marketer imports an Ads Manager export, reads every dashboard and exports the report', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const f = fixtures();
  const problems = watchPage(page);
  const rows = exportRows();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'adloom-e2e-ads-'));
  const file = path.join(dir, 'spring-sale-by-day-age.csv');
  writeFileSync(file, adsManagerCsv(rows));
  const sum = (f: (r: Row) => number, only: (r: Row) => boolean = () => true) =>
    rows.filter(only).reduce((s, r) => s + f(r), 0);
  const spend = sum((r) => r.spendCents);
  const value = sum((r) => r.valueCents);

  // Signed in, a user without token auth lands on the dashboard overview, which says what to connect.
  await signIn(page, f.users.adminA);
  const base = `/clients/${f.clients.acme}`;
  await expect(page).toHaveURL(`${base}/dashboard/overview/`);
  await page.getByRole('link', { name: 'Import an Ads Manager export' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();

  const card = page.getByRole('region', { name: 'Ads Manager export' });
  await card.locator('input[type="file"]').setInputFiles(file);
  await seeNotification(page, 'spring-sale-by-day-age.csv is being imported.');
  await expect(card.getByText('The last import completed')).toBeVisible({ timeout: 60_000 });
  await card.getByRole('link', { name: 'See the overview' }).click();
  await expect(page).toHaveURL(`${base}/dashboard/overview/?from=2026-03-01&to=2026-03-14`);

  // The overview's totals are the export's.
  await expect(tile(page, 'Spend')).toContainText(usd.format(spend / 100));
  await expect(tile(page, 'Revenue')).toContainText(usd.format(value / 100));
  await expect(tile(page, 'ROAS')).toContainText(multiple(value / spend));
  await expect(tile(page, 'Purchases')).toContainText(counts.format(sum((r) => r.purchases)));
  await expect(page.getByRole('table', { name: 'Top five ads' })).toContainText('Red dress');
  await expect(page.getByText('Attribution')).toBeVisible();

  // Performance, split by campaign: one line per campaign, the same range (it follows from the overview).
  await openFromSidebar(page, 'Performance', 'Performance');
  await expect(page).toHaveURL(/from=2026-03-01&to=2026-03-14/);
  // The switch follows the URL, a moment after the click.
  await page.getByLabel('Split by campaign').click();
  await expect(page.getByLabel('Split by campaign')).toBeChecked();
  await expect(page).toHaveURL(/split=/);
  await expect(page.getByRole('figure').first()).toBeVisible();

  // Ad insights by age: each group's spend.
  await openFromSidebar(page, 'Ad insights', 'Ad insights');
  await expect(page.getByRole('combobox', { name: 'Breakdown' })).toHaveValue('Age');
  const young = sum(
    (r) => r.spendCents,
    (r) => r.age === '18-24',
  );
  await expect(page.getByRole('row').filter({ hasText: '18–24' }).first()).toContainText(
    usd.format(young / 100),
  );

  // Winners and losers, with the ranking method said on the page.
  await openFromSidebar(page, 'Top and bottom ads', 'Top and bottom ads');
  await expect(page.getByText('empirical-Bayes', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Winners' })).toContainText(
    /Red dress|Blue shirt|Cart reminder/,
  );

  // The detailed report by campaign, its totals, and the CSV of the whole report.
  await openFromSidebar(page, 'Detailed report', 'Detailed report');
  const report = page.getByRole('table', { name: 'Detailed report' });
  const springSpend = sum(
    (r) => r.spendCents,
    (r) => r.ad.campaign === 'Spring Sale',
  );
  await expect(report.getByRole('row').filter({ hasText: 'Spring Sale' })).toContainText(
    usd.format(springSpend / 100),
  );
  await expect(report).toContainText(usd.format(spend / 100));
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const csv = readFileSync((await (await download).path())!, 'utf8');
  expect(csv).toContain('Spring Sale');
  expect(csv).toContain('Retargeting');
  expect(csv).toContain(money(springSpend));

  // The campaigns' report is the same screen.
  await page.goto(`${base}/campaigns/detailed-report/`);
  await expect(page.getByRole('table', { name: 'Detailed report' })).toContainText('Spring Sale');

  expect(problems).toEqual([]);
});

test('a marketer connects Meta through the sandbox and syncs an ad account', async ({ page }) => {
  test.setTimeout(120_000);
  const f = fixtures();
  const problems = watchPage(page);
  await signIn(page, f.users.adminMeta);
  const base = `/clients/${f.clients.meta}`;
  await page.goto(`${base}/integrations/`);
  const card = page.getByRole('region', { name: 'Meta' });
  await expect(card.getByText('Sandbox').first()).toBeVisible();

  // Meta's consent page (the sandbox's), then back on the page, connected.
  await card.getByRole('button', { name: 'Connect Meta' }).click();
  await page.getByRole('link', { name: /Continue as/ }).click();
  await seeNotification(page, 'Meta is connected. Pick the ad accounts to sync.');
  await expect(page).toHaveURL(`${base}/integrations/`);

  const accounts = card.getByRole('table', { name: 'Ad accounts' });
  await accounts.getByRole('checkbox').nth(1).check();
  await card.getByLabel('Backfill').click();
  await page.getByRole('option', { name: 'The last 30 days' }).click();
  await card.getByRole('button', { name: 'Save and sync' }).click();
  await expect(card.getByText('The last sync completed')).toBeVisible({ timeout: 90_000 });

  // The overview of the last 30 days shows what was synced: the spend tile is the server's total.
  const day = (offset: number) => {
    const d = new Date();
    d.setDate(d.getDate() + offset);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  };
  const from = day(-30);
  const to = day(-1);
  await page.goto(`${base}/dashboard/overview/?from=${from}&to=${to}`);
  await expect(tile(page, 'Spend')).toBeVisible();
  const { adPerformanceSummary: summary } = await clientGraphql<{
    adPerformanceSummary: { spend: number; currency: string };
  }>(
    page,
    'query($from: Date!, $to: Date!) { adPerformanceSummary(from: $from, to: $to) { spend currency } }',
    { from, to },
    f.clients.meta,
  );
  expect(summary.spend).toBeGreaterThan(0);
  const format = new Intl.NumberFormat('en-GB', { style: 'currency', currency: summary.currency });
  await expect(tile(page, 'Spend')).toContainText(format.format(summary.spend));

  expect(problems).toEqual([]);
});
