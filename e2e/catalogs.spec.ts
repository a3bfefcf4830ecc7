// The catalogue screens of issue 5: a catalogue created from an uploaded CSV, its import report, item
// search (kept in the URL) and details, mapping an unknown column and importing again, and a product set
// built with the rule editor while its live count changes. Runs as Alice, an admin of Acme.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { fixtures } from './fixtures.js';
import { seeNotification, signIn, watchPage } from './helpers.js';

/** A 1×1 PNG served for every item image, so the page loads no picture from outside. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const IMAGES = 'https://images.adloom.test';

// Ten items: SKU-09's price cannot be read; "colour" is not a catalogue column.
const ITEMS: [id: string, title: string, brand: string, price: string, colour: string][] = [
  ['SKU-01', 'Linen shirt', 'Northwind', '59.00 USD', 'sand'],
  ['SKU-02', 'Canvas tote', 'Northwind', '25.00 USD', 'blue'],
  ['SKU-03', 'Wool scarf', 'Northwind', '45.50 USD', 'red'],
  ['SKU-04', 'Rain jacket', 'Northwind', '120.00 USD', 'green'],
  ['SKU-05', 'Leather belt', 'Acme', '35.00 USD', 'brown'],
  ['SKU-06', 'Cotton socks', 'Acme', '9.99 USD', 'white'],
  ['SKU-07', 'Sun hat', 'Acme', '49.99 USD', 'red'],
  ['SKU-08', 'Denim jeans', 'Acme', '89.00 USD', 'blue'],
  ['SKU-09', 'Mystery box', 'Acme', 'cheap', 'grey'],
  ['SKU-10', 'Silk tie', 'Bravo', '50.00 USD', 'black'],
];

function catalogCsv(): string {
  const header = 'id,title,description,availability,price,link,image_link,additional_image_link,brand,colour';
  const rows = ITEMS.map(([id, title, brand, price, colour]) => {
    const key = id.toLowerCase();
    const more = id === 'SKU-03' ? `"${IMAGES}/${key}-back.png,${IMAGES}/${key}-side.png"` : '';
    return [
      id,
      title,
      `"${title}, made to last."`,
      id === 'SKU-04' ? 'out of stock' : 'in stock',
      price,
      `https://shop.adloom.test/products/${key}`,
      `${IMAGES}/${key}.png`,
      more,
      brand,
      colour,
    ].join(',');
  });
  return `${[header, ...rows].join('\n')}\n`;
}

/** Picks `option` in a Mantine select. */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(select).toHaveValue(option);
}

/** The cells of the newest import's row in the imports table. */
function newestImportCells(page: Page) {
  return page.getByRole('table', { name: 'Imports' }).getByRole('row').nth(1).getByRole('cell');
}

test('a catalogue from an uploaded CSV: import report, items, column mapping and a product set', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const f = fixtures();
  const problems = watchPage(page);
  await page.route(`${IMAGES}/**`, (route) => route.fulfill({ contentType: 'image/png', body: PIXEL }));
  await signIn(page, f.users.adminA);
  const base = `/clients/${f.clients.acme}`;
  const name = `E2E catalogue ${randomUUID().slice(0, 8)}`;
  const csvFile = testInfo.outputPath('products.csv');
  writeFileSync(csvFile, catalogCsv());

  // The list leads to the form, which offers the two template downloads.
  await page.goto(`${base}/catalogs/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogues' })).toBeVisible();
  await page.getByRole('link', { name: 'New catalogue' }).first().click();
  await expect(page).toHaveURL(`${base}/catalogs/new/`);
  for (const format of ['csv', 'xml']) {
    const link = page.getByRole('link', { name: `${format.toUpperCase()} template` });
    await expect(link).toHaveAttribute('href', `/export/catalog-template.${format}`);
    expect((await page.request.get(`/export/catalog-template.${format}`)).ok()).toBe(true);
  }

  // Creating it uploads the file with a progress bar, then opens the new catalogue.
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.locator('input[type="file"]').setInputFiles(csvFile);
  await page.route('**/uploads/', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Create catalogue' }).click();
  const uploadStatus = page.getByRole('status').filter({ hasText: 'Uploading products.csv…' });
  await expect(uploadStatus).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeAttached();
  await seeNotification(page, `‘${name}’ was created. Its first import has started.`);
  await page.unroute('**/uploads/');
  await expect(page).toHaveURL(new RegExp(`${base}/catalogs/[0-9a-f-]{36}/$`));
  const catalogUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // The import completes (the page polls): 9 items added, 1 row rejected with its reason.
  await page.getByRole('tab', { name: 'Imports' }).click();
  await expect(newestImportCells(page).nth(1)).toHaveText('Completed', { timeout: 30_000 });
  await expect(newestImportCells(page).nth(4)).toHaveText('9');
  await expect(newestImportCells(page).nth(8)).toHaveText('1');
  const rejected = page.getByRole('table', { name: 'Rejected rows' });
  await expect(rejected.getByRole('row')).toHaveCount(2);
  await expect(rejected.getByRole('row').nth(1)).toContainText('SKU-09');
  await expect(rejected.getByRole('row').nth(1)).toContainText('Invalid price “cheap” in column price');
  await expect(page.getByText('9 items · Uploaded file')).toBeVisible();

  // Items: the search goes to the server and into the URL; an item opens in a drawer.
  await page.getByRole('tab', { name: 'Items' }).click();
  const items = page.getByRole('table', { name: 'Items' });
  await expect(items.getByRole('row')).toHaveCount(10);
  await page.getByRole('textbox', { name: 'Search' }).fill('scarf');
  await expect(page).toHaveURL(/[?&]searchString=scarf(&|$)/);
  await expect(items.getByRole('row')).toHaveCount(2);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue('scarf');
  await expect(items.getByRole('row')).toHaveCount(2);
  await items.getByRole('button', { name: 'Wool scarf' }).click();
  const drawer = page.getByRole('dialog', { name: 'Wool scarf' });
  await expect(drawer.getByLabel('Images').getByRole('img', { name: /Wool scarf$/ })).toHaveCount(3);
  await expect(drawer.getByRole('table', { name: 'Item fields' })).toContainText('45.50 USD');
  await expect(
    drawer.getByRole('table', { name: 'Extra fields' }).getByRole('row', { name: 'colour red' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Mapping the unknown column to a custom label, then importing the file again.
  await page.getByRole('tab', { name: 'Imports' }).click();
  const mapping = page.getByRole('region', { name: 'Map columns' });
  await choose(page, mapping.getByRole('combobox', { name: 'Use column colour as' }), 'custom_label_0');
  await mapping.getByRole('button', { name: 'Save mapping' }).click();
  await seeNotification(page, 'The column mapping was saved.');
  const chooser = page.waitForEvent('filechooser');
  await mapping.getByRole('button', { name: 'Upload the file again' }).click();
  await (await chooser).setFiles(csvFile);
  await seeNotification(page, 'The import has started.');
  await expect(page.getByRole('table', { name: 'Imports' }).getByRole('row')).not.toHaveCount(0);
  await expect(newestImportCells(page).nth(1)).toHaveText('Completed', { timeout: 30_000 });
  await expect(newestImportCells(page).nth(5)).toHaveText('9');
  await expect(mapping).toBeHidden();
  await page.getByRole('tab', { name: 'Items' }).click();
  await items.getByRole('button', { name: 'Wool scarf' }).click();
  await expect(drawer.getByRole('table', { name: 'Custom labels' }).getByRole('row').first()).toContainText(
    'red',
  );
  await expect(drawer.getByText('The feed had no columns beyond the catalogue fields.')).toBeVisible();
  await page.keyboard.press('Escape');

  // The new-set dialog opens from the URL; the count follows the rules as they are built.
  await page.goto(`${catalogUrl}?newProductSetModalOpen=true`);
  const dialog = page.getByRole('dialog', { name: 'New product set' });
  const count = dialog.getByRole('status', { name: 'Matching items' });
  await expect(count).toHaveText('9 items match');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Northwind under 50');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await choose(page, dialog.getByRole('combobox', { name: 'Field' }).first(), 'Brand');
  await dialog.getByRole('textbox', { name: 'Value' }).first().fill('Northwind');
  await expect(count).toHaveText('4 items match');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await choose(page, dialog.getByRole('combobox', { name: 'Field' }).nth(1), 'Price');
  await choose(page, dialog.getByRole('combobox', { name: 'Operator' }).nth(1), 'is below');
  await expect(count).toHaveText('Finish the rules to count the matching items.');
  await dialog.getByRole('textbox', { name: 'Value' }).nth(1).fill('50.00');
  await expect(count).toHaveText('2 items match');
  await expect(dialog.getByText('Items where brand is Northwind and price below 50.00.')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'First matching items' })).toContainText('Canvas tote');
  await expect(dialog.getByRole('list', { name: 'First matching items' })).toContainText('Wool scarf');

  // The raw JSON has the price in cents; a wrong filter shows the server's message under the editor.
  await dialog.getByRole('switch', { name: 'Edit as JSON' }).check();
  const json = dialog.getByRole('textbox', { name: /Filter/ });
  await expect(json).toHaveValue(/"price_amount": \{\s*"lt": 5000\s*\}/);
  await json.fill('{"and": [{"brand": {"eq": "Northwind"}}, {"price_amount": {"contains": "5"}}]}');
  await expect(dialog.getByRole('alert').filter({ hasText: 'The filter is not valid' })).toContainText(
    "and[1].price_amount: 'contains' needs a text field; price_amount is a number",
  );
  await json.fill('{"and": [{"brand": {"eq": "Northwind"}}, {"price_amount": {"lt": 5000}}]}');
  await expect(count).toHaveText('2 items match');
  await dialog.getByRole('switch', { name: 'Edit as JSON' }).uncheck();
  await expect(dialog.getByRole('textbox', { name: 'Value' }).nth(1)).toHaveValue('50.00');

  // Saved, the set is listed with its count, and the dialog's parameter leaves the URL.
  await dialog.getByRole('button', { name: 'Create product set' }).click();
  await seeNotification(page, '‘Northwind under 50’ was created.');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(catalogUrl);
  const set = page
    .getByRole('table', { name: 'Product sets' })
    .getByRole('row')
    .filter({ hasText: 'Northwind under 50' });
  await expect(set).toContainText('Brand is Northwind and price below 50.00');
  await expect(set.getByRole('cell').nth(2)).toHaveText('2');

  // Editing shows the stored rules again, the price as a decimal.
  await set.getByRole('button', { name: 'Edit Northwind under 50' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit product set: Northwind under 50' });
  await expect(edit.getByRole('combobox', { name: 'Field' }).nth(1)).toHaveValue('Price');
  await expect(edit.getByRole('textbox', { name: 'Value' }).nth(1)).toHaveValue('50.00');
  await expect(edit.getByRole('status', { name: 'Matching items' })).toHaveText('2 items match');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  // The list shows the catalogue with its count and last import.
  await page.goto(`${base}/catalogs/`);
  const row = page.getByRole('table', { name: 'Catalogues' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Uploaded file');
  await expect(row).toContainText('Completed');
  await expect(row.getByRole('cell').nth(3)).toHaveText('9');

  expect(problems).toEqual([]);
});
