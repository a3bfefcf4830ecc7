// Issue 17 on the catalogue page: a Meta TSV with Meta's leading comment lines imports as described, the
// import names its format, and the page says how many items Meta and Google would take, why not the others
// (image sizes measured from a local image host), and lists the items of one issue. Runs as Alice.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { fixtures } from './fixtures.js';
import { seeNotification, signIn, watchPage } from './helpers.js';

/** Serves JPEGs whose path names their size: /img/800x800/ok.jpg. */
async function startSizedImages(): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const size = /^\/img\/(\d+)x(\d+)\//.exec(request.url ?? '');
    if (!size) return void response.writeHead(404).end('not found');
    void sharp({
      create: { width: Number(size[1]), height: Number(size[2]), channels: 3, background: '#2f9e44' },
    })
      .jpeg()
      .toBuffer()
      .then((jpeg) => response.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Meta's TSV with its reference comments first ("Metadata tags"), four items with known issues. */
function metaTsv(images: string): string {
  const header = [
    'id',
    'title',
    'description',
    'availability',
    'condition',
    'price',
    'link',
    'image_link',
    'brand',
    'gtin',
  ];
  const item = (id: string, title: string, size: string, brand: string, gtin: string) => [
    id,
    title,
    `${title}, made to last`,
    'in stock',
    'new',
    '19.00 EUR',
    `https://shop.adloom.test/${id}`,
    `${images}/img/${size}/${id}.jpg`,
    brand,
    gtin,
  ];
  const rows = [
    item('OK-1', 'Linen shirt', '800x800', 'Northwind', '4006381333931'),
    item('SMALL-1', 'Canvas tote', '300x300', 'Northwind', ''),
    item('NOBRAND-1', 'Wool scarf', '800x800', '', ''),
    item('BADGTIN-1', 'Rain jacket', '800x800', 'Northwind', '4006381333932'),
  ];
  return [
    '# ref_application_id 451257172939091',
    '# ref_asset_id 12345',
    header.join('\t'),
    ...rows.map((r) => r.join('\t')),
  ]
    .join('\n')
    .concat('\n');
}

test('a Meta TSV with comment lines imports, and the catalogue says what Meta and Google would refuse', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const f = fixtures();
  const problems = watchPage(page);
  const images = await startSizedImages();
  try {
    await signIn(page, f.users.adminA);
    const name = `Meta feed ${randomUUID().slice(0, 8)}`;
    const file = testInfo.outputPath('meta-feed.tsv');
    writeFileSync(file, metaTsv(images.origin));

    await page.goto(`/clients/${f.clients.acme}/catalogs/new/`);
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByRole('textbox', { name: 'Currency' }).fill('eur');
    await page.getByRole('button', { name: 'Create catalogue' }).click();
    await seeNotification(page, `‘${name}’ was created. Its first import has started.`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // The import skipped the comment lines and names the format it read.
    await page.getByRole('tab', { name: 'Imports' }).click();
    const newest = page.getByRole('table', { name: 'Imports' }).getByRole('row').nth(1);
    await expect(newest.getByRole('cell').nth(1)).toHaveText('Completed', { timeout: 30_000 });
    await expect(newest.getByRole('cell').nth(4)).toHaveText('4');
    await expect(newest.getByRole('cell').last()).toHaveText('TSV');

    // Above the tabs: the share each network would take, once the images are measured.
    const summary = page.getByLabel('Readiness for ad networks');
    await expect(summary).toContainText('Ready for Meta: 50 % (2 of 4)', { timeout: 30_000 });
    await expect(summary).toContainText('Ready for Google: 75 % (3 of 4)');

    await summary.getByRole('button', { name: 'See why' }).click();
    await expect(page.getByRole('tab', { name: 'Diagnostics' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Ready for Meta')).toContainText('2 of 4 items');
    await expect(page.getByLabel('Ready for Google')).toContainText('3 of 4 items');
    await expect(page.getByRole('status').filter({ hasText: 'Main images measured' })).toHaveText(
      'Main images measured: 4 of 4.',
    );
    const issues = page.getByRole('table', { name: 'Issues' });
    const small = issues.getByRole('row').filter({ hasText: 'Image under 500 × 500 px' });
    await expect(small).toContainText('Refused');
    await expect(small).toContainText('Meta');
    await expect(small.getByRole('cell').nth(3)).toHaveText('1');
    await expect(issues.getByRole('row').filter({ hasText: 'Invalid GTIN' })).toContainText('Google');
    await expect(
      issues.getByRole('row').filter({ hasText: 'Missing brand' }).filter({ hasText: 'Refused' }),
    ).toContainText('Meta');

    // "Show items" lists that issue's items; removing the filter shows them all again.
    await small.getByRole('button', { name: 'Show items' }).click();
    await expect(page).toHaveURL(/[?&]issue=image_too_small_meta(&|$)/);
    const items = page.getByRole('table', { name: 'Items' });
    await expect(page.getByText('Only items with: Image under 500 × 500 px')).toBeVisible();
    await expect(items.getByRole('row')).toHaveCount(2);
    await expect(items.getByRole('row').nth(1)).toContainText('Canvas tote');
    await expect(items.getByRole('row').nth(1)).toContainText('19.00 EUR');
    // The item's drawer says what each network would do with it.
    await items.getByRole('button', { name: 'Canvas tote' }).click();
    const drawer = page.getByRole('dialog', { name: 'Canvas tote' });
    const itemIssues = drawer.getByRole('list', { name: 'Ad network issues' });
    await expect(itemIssues).toContainText('Image under 500 × 500 px');
    await expect(itemIssues).toContainText('Refused by Meta');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: 'Show every item' }).click();
    await expect(items.getByRole('row')).toHaveCount(5);

    // The settings keep the currency and offer the format.
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Catalogue settings' });
    await expect(settings.getByRole('textbox', { name: 'Currency' })).toHaveValue('EUR');
    await expect(settings.getByRole('combobox', { name: 'Feed format' })).toHaveValue('Detect from the file');
    await settings.getByRole('button', { name: 'Cancel' }).click();
    expect(problems).toEqual([]);
  } finally {
    await new Promise<void>((resolve) => images.server.close(() => resolve()));
  }
});
