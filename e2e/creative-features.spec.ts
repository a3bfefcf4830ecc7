// Issue 19's journeys: what in a creative sells, and did our creatives beat the plain catalogue image.
// Fay walks every creative-features and DPA route on the demo data (whose effects are planted: the price
// saving lifts CTR by 30 %, one enhancement template by 25 %), then on data she imported from an Ads
// Manager export broken down by product, against a catalogue of hers.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fixtures } from './fixtures.js';
import { importCatalog, signIn, startImageServer, watchPage } from './helpers.js';

/** Turns demo mode on or off from the account menu, which shows the account's setting, whichever it was. */
async function setDemoMode(page: Page, on: boolean) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  const item = page.getByRole('menuitemcheckbox', { name: 'Demo mode' });
  if ((await item.getAttribute('aria-checked')) === String(on)) await page.keyboard.press('Escape');
  else await item.click();
  await expect(page.getByRole('banner').getByText('Demo mode')).toBeVisible({ visible: on });
}

/** Opens a DPA tab by its link and waits for it to be the current one. */
async function openDpaTab(page: Page, name: string) {
  const tabs = page.getByRole('navigation', { name: 'DPA pages' });
  await tabs.getByRole('tab', { name, exact: true }).click();
  await expect(tabs.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-current', 'page');
}

test('on the demo data, a marketer finds the creative feature that sells and the template that beats the catalogue', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const f = fixtures();
  const problems = watchPage(page);
  await signIn(page, f.users.adminFeatures);
  const base = `/clients/${f.clients.features}`;
  await expect(page).toHaveURL(`${base}/dashboard/overview/`);

  // Demo mode on, from the account menu: the demo data set is built for the workspace.
  await setDemoMode(page, true);
  await expect(page.getByRole('alert').filter({ hasText: 'Demo data' }).first()).toBeVisible({
    timeout: 60_000,
  });

  // The compact dashboard: the strongest rise is the planted one, once the creatives are read.
  await page.goto(`${base}/dashboard/creative-features/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Creative features dashboard' })).toBeVisible();
  await expect(page.getByText('Price saving').first()).toBeVisible({ timeout: 60_000 });
  await page.getByRole('link', { name: 'All creative features' }).click();

  // The full list: the price saving is significant, dynamic colour (no effect planted) is not.
  await expect(page).toHaveURL(new RegExp(`${base}/creative-features/`));
  await expect(page.getByRole('heading', { level: 1, name: 'Creative features' })).toBeVisible();
  await expect(page.getByText(/How lift is computed|regression/i).first()).toBeVisible();
  const row = (label: string) =>
    page.getByRole('row').filter({ has: page.getByRole('link', { name: label, exact: true }) });
  await expect(row('Price saving')).toContainText('Significant');
  await expect(row('Dynamic colour')).not.toContainText('Significant');

  // One feature: its figures, its ads best first, its days with and without, and "Use in a template".
  await row('Price saving').getByRole('link', { name: 'Price saving', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Price saving' }).first()).toBeVisible();
  await expect(page.getByRole('article', { name: 'Lift' })).toContainText('%');
  await expect(
    page
      .getByRole('region', { name: /Ads with this feature/ })
      .getByRole('listitem')
      .first(),
  ).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await page.getByRole('link', { name: 'Use in a template' }).click();
  await expect(page).toHaveURL(/\/products\/templates\/library\/\?tag=/);
  await expect(page.getByRole('checkbox', { name: /Price delta|Price saving/ })).toBeChecked();

  // DPA performance: the enhancement lift over the same items, and the template that beats the catalogue.
  await page.goto(`${base}/dashboard/dpa-performance/`);
  await expect(page.getByRole('heading', { level: 1, name: 'DPA performance' })).toBeVisible();
  const lift = page.getByRole('region', { name: /Enhancement lift/ });
  await expect(lift).toContainText('items compared');
  await expect(lift.getByRole('group', { name: 'CTR lift' })).toContainText('Significant');
  await expect(page.getByRole('table', { name: /by template/i })).toContainText('Minimal Hero');

  // Every sub-page answers with rows.
  await openDpaTab(page, 'Ads');
  await expect(page.getByRole('row').filter({ hasText: 'DPA – Viewed 1' }).first()).toBeVisible();
  await openDpaTab(page, 'Catalogue ads');
  await expect(page.getByRole('row').filter({ hasText: 'catalogue image' }).first()).toBeVisible();
  await openDpaTab(page, 'Enhancement ads');
  await expect(page.getByRole('row').filter({ hasText: 'DPA –' }).first()).toBeVisible();
  await openDpaTab(page, 'Items');
  await expect(page.getByRole('row').filter({ hasText: 'DS-1001' }).first()).toBeVisible();
  await openDpaTab(page, 'Item groups');
  await expect(page.getByRole('row').filter({ hasText: 'DS-1001' }).first()).toBeVisible();
  await openDpaTab(page, 'Categories');
  await expect(page.getByRole('row').filter({ hasText: 'Not in catalogue' }).first()).toBeVisible();

  expect(problems).toEqual([]);
});

/** A catalogue of four items whose pictures `origin` serves. */
const catalogue = (origin: string) =>
  [
    'id,title,description,availability,condition,price,link,image_link,brand,item_group_id,product_type',
    ...[
      ['SKU-1', 'Linen shirt', 'G-SHIRT', 'Apparel > Shirts'],
      ['SKU-2', 'Linen shirt (blue)', 'G-SHIRT', 'Apparel > Shirts'],
      ['SKU-3', 'Canvas sneakers', 'G-SNEAK', 'Shoes > Sneakers'],
      ['SKU-4', 'Leather boots', 'G-BOOT', 'Shoes > Boots'],
    ].map(
      ([id, title, group, type]) =>
        `${id},${title},A good one,in stock,new,49.00 USD,https://shop.example/${id},${origin}/img/${id}.jpg,Acme,${group},${type}`,
    ),
  ].join('\n');

const DAYS = Array.from({ length: 7 }, (_, i) => `2026-04-${String(i + 1).padStart(2, '0')}`);

/** Ads Manager's export by day and product ID: two catalogue ads over the catalogue's items and one unknown. */
function exportByProduct(): string {
  const header = [
    'Reporting starts',
    'Reporting ends',
    'Campaign name',
    'Ad set name',
    'Ad name',
    'Day',
    'Product ID',
    'Amount spent (USD)',
    'Impressions',
    'Link clicks',
    'Purchases',
    'Purchases conversion value',
  ];
  const lines = DAYS.flatMap((day, d) =>
    ['Catalogue – viewed', 'Catalogue – cart'].flatMap((ad, a) =>
      ['SKU-1', 'SKU-2', 'SKU-3', 'SKU-4', 'SKU-99'].map((product, p) =>
        [
          day,
          day,
          'Catalogue sales',
          'Viewed or carted',
          ad,
          day,
          product,
          (10 + d + a * 3 + p).toFixed(2),
          String(1000 + 50 * p + 20 * d),
          String(12 + p + a),
          String((d + p) % 3),
          (((d + p) % 3) * 49).toFixed(2),
        ]
          .map((v) => `"${v}"`)
          .join(','),
      ),
    ),
  );
  return [header.map((v) => `"${v}"`).join(','), ...lines].join('\n') + '\n';
}

/** Ads Manager's export of eight image ads by day, with each ad's image URL (four dark pictures, four light). */
function exportWithImages(origin: string): string {
  const header = [
    'Campaign name',
    'Ad set name',
    'Ad name',
    'Day',
    'Image URL',
    'Amount spent (USD)',
    'Impressions',
    'Link clicks',
    'Purchases',
    'Purchases conversion value',
  ];
  const lines = DAYS.flatMap((day, d) =>
    Array.from({ length: 8 }, (_, a) =>
      [
        'Prospecting',
        a < 4 ? 'Broad' : 'Lookalike',
        `Look ${a + 1}`,
        day,
        `${origin}/img/${a % 2 === 0 ? 'dark' : 'light'}.jpg`,
        (20 + a * 2 + d).toFixed(2),
        String(2000 + 100 * a + 30 * d),
        String(20 + ((a * 7 + d) % 9) + (a % 2 === 0 ? 8 : 0)),
        String((a + d) % 3),
        (((a + d) % 3) * 60).toFixed(2),
      ]
        .map((v) => `"${v}"`)
        .join(','),
    ),
  );
  return [header.map((v) => `"${v}"`).join(','), ...lines].join('\n') + '\n';
}

/** Imports a file through the integrations page's Ads Manager export card and waits for it to complete. */
async function importExport(page: Page, base: string, file: string) {
  await page.goto(`${base}/integrations/`);
  const card = page.getByRole('region', { name: 'Ads Manager export' });
  await card.locator('input[type="file"]').setInputFiles(file);
  await expect(card.getByText(path.basename(file)).first()).toBeVisible();
  await expect(card.getByText('The last import completed')).toBeVisible({ timeout: 60_000 });
}

test('on data imported from an export by product, the DPA pages roll delivery up to the catalogue', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const f = fixtures();
  const problems = watchPage(page);
  await signIn(page, f.users.adminFeatures);
  const base = `/clients/${f.clients.features}`;
  const photos = await startImageServer({
    'SKU-1': '#c8d6e5',
    'SKU-2': '#54a0ff',
    'SKU-3': '#feca57',
    'SKU-4': '#8395a7',
    dark: '#1e272e',
    light: '#f5f6fa',
  });
  await importCatalog(page, f.clients.features, 'Summer catalogue', catalogue(photos.origin));

  // The export, imported from the integrations page (demo mode off first: her own data).
  await setDemoMode(page, false);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'adloom-e2e-dpa-'));
  const byProduct = path.join(dir, 'catalogue-sales-by-product.csv');
  writeFileSync(byProduct, exportByProduct());
  await importExport(page, base, byProduct);
  const withImages = path.join(dir, 'prospecting-with-images.csv');
  writeFileSync(withImages, exportWithImages(photos.origin));
  await importExport(page, base, withImages);

  const range = `?from=${DAYS[0]}&to=${DAYS.at(-1)}`;
  await page.goto(`${base}/dashboard/dpa-performance/ads/${range}`);
  await expect(page.getByRole('row').filter({ hasText: 'Catalogue – viewed' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Catalogue – cart' })).toBeVisible();
  await openDpaTab(page, 'Catalogue ads');
  await expect(page.getByRole('row').filter({ hasText: 'Catalogue – cart' })).toBeVisible();
  await openDpaTab(page, 'Enhancement ads');
  await expect(page.getByRole('row').filter({ hasText: 'Catalogue – cart' })).toHaveCount(0);

  // Items carry their catalogue titles and link to them; an id the catalogue lacks is counted apart.
  await openDpaTab(page, 'Items');
  await expect(page.getByRole('row').filter({ hasText: 'Canvas sneakers' })).toBeVisible();
  await expect(page.getByText(/Not in your catalogues: 1/)).toBeVisible();
  await openDpaTab(page, 'Item groups');
  await expect(page.getByRole('row').filter({ hasText: 'Linen shirt' })).toHaveCount(1);
  await openDpaTab(page, 'Categories');
  await expect(page.getByRole('row').filter({ hasText: 'Shoes' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Apparel' })).toBeVisible();
  await openDpaTab(page, 'Overview');
  await expect(page.getByRole('region', { name: /Enhancement lift/ })).toContainText(/Adloom creatives/);

  // The creative-features pages on the imported data: the image ads' pictures are read from their URLs
  // (dark or light); the catalogue ads have none, and are counted as without known features.
  await page.goto(`${base}/creative-features/${range}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Creative features' })).toBeVisible();
  const dark = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Dark', exact: true }) });
  await expect(dark).toContainText('4 of 8', { timeout: 60_000 });
  await expect(page.getByText(/2 ads without known features/).first()).toBeVisible();
  await dark.getByRole('link', { name: 'Dark', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Dark' }).first()).toBeVisible();
  const gallery = page.getByRole('region', { name: /Ads with this feature/ });
  await expect(gallery.getByRole('listitem')).toHaveCount(4);
  await expect(gallery).toContainText('Look 1');
  await page.goto(`${base}/dashboard/creative-features/${range}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Creative features dashboard' })).toBeVisible();

  expect(problems).toEqual([]);
  await new Promise<void>((resolve) => photos.server.close(() => resolve()));
});
