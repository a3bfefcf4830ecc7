// A new marketer's first hour (issue 16, "Done when"), through the screens only: sign in, a catalogue
// uploaded from a file, a product set, a starter template from the library whose canvas is at once the ad
// drawn with the catalogue's first item (product view), an edit, a save, a feed made of it and generated;
// then the template edited again and saved with its feed updated (the default answer), the feed
// regenerated on the new version, and one of its ads opened large. Runs as Alice, an admin of Acme; the
// product photos come from a small HTTP server on 127.0.0.1 (the e2e server allow-lists that host).
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { fixtures } from './fixtures.js';
import { clientGraphql, openTab, seeNotification, signIn, startImageServer, watchPage } from './helpers.js';

const PHOTOS = { red: '#e53935', blue: '#1e88e5' } as const;

test.use({ viewport: { width: 1440, height: 900 } });

let images: { server: Server; origin: string };
test.beforeAll(async () => {
  images = await startImageServer(PHOTOS);
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => images.server.close(() => resolve()));
});

const lowerCanvas = (page: Page) => page.getByTestId('builder-canvas').locator('canvas.lower-canvas');

/** The share of the builder canvas's pixels that are the first item's red photo. */
function redShare(page: Page) {
  return lowerCanvas(page).evaluate((canvas: HTMLCanvasElement) => {
    const { width, height } = canvas;
    const data = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
    let red = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i]! > 180 && data[i + 1]! < 110 && data[i + 2]! < 110) red += 1;
    }
    return red / (width * height);
  });
}

/** Times the product view has drawn the ad since the template opened. */
async function productDraws(page: Page): Promise<number> {
  return Number(await lowerCanvas(page).getAttribute('data-product-draws'));
}

/** Saves from the keyboard (Ctrl+S, never the browser's "Save page as"). */
async function saveWithKeys(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Control+s');
}

/** A save draws and uploads the thumbnail and may queue feeds: slow on a loaded machine. */
async function expectSaved(page: Page) {
  await expect(page.getByRole('alert').filter({ hasText: 'Template updated' })).toBeVisible({
    timeout: 60_000,
  });
  await seeNotification(page, 'Template updated');
}

/** Waits on the feed page until every item has its final state. */
async function expectGenerated(page: Page, items: number) {
  const progress = page.getByRole('progressbar', { name: 'Generation progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 120_000 });
  await expect(page.getByRole('region', { name: 'Generation' })).toContainText(`${items} of ${items} items`);
  await expect(page.getByText('Ready', { exact: true })).toBeVisible({ timeout: 30_000 });
}

test('a new marketer’s first hour: catalogue, library template in product view, edit, save, feed, update, ad opened large', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const f = fixtures();
  const base = `/clients/${f.clients.acme}`;
  const problems = watchPage(page);
  const run = randomUUID().slice(0, 8);
  await signIn(page, f.users.adminA);

  // A catalogue from a file: two products with photos.
  const catalogName = `First hour ${run}`;
  const csvFile = testInfo.outputPath('first-hour.csv');
  writeFileSync(
    csvFile,
    [
      'id,title,price,sale_price,brand,availability,image_link',
      `${run}-A,Red trail running shoe,129.00 USD,99.00 USD,Trailhead,in stock,${images.origin}/img/red.jpg`,
      `${run}-B,Blue road running shoe,89.00 USD,,Trailhead,in stock,${images.origin}/img/blue.jpg`,
    ].join('\n'),
  );
  await page.getByRole('navigation').getByRole('link', { name: 'Catalogues', exact: true }).click();
  await page.getByRole('link', { name: 'New catalogue' }).first().click();
  await page.getByRole('textbox', { name: 'Name' }).fill(catalogName);
  await page.locator('input[type="file"]').setInputFiles(csvFile);
  await page.getByRole('button', { name: 'Create catalogue' }).click();
  await seeNotification(page, `‘${catalogName}’ was created. Its first import has started.`);
  await expect(page).toHaveURL(new RegExp(`${base}/catalogs/[0-9a-f-]{36}/$`));
  const catalogUrl = new URL(page.url()).pathname;
  await expect(page.getByText('2 items · Uploaded file')).toBeVisible({ timeout: 30_000 });

  // A product set of every item.
  const setName = `Everything ${run}`;
  await page.goto(`${catalogUrl}?newProductSetModalOpen=true`);
  const setDialog = page.getByRole('dialog', { name: 'New product set' });
  await expect(setDialog.getByRole('status', { name: 'Matching items' })).toHaveText('2 items match');
  await setDialog.getByRole('textbox', { name: 'Name' }).fill(setName);
  await setDialog.getByRole('button', { name: 'Create product set' }).click();
  await seeNotification(page, `‘${setName}’ was created.`);

  // A starter template from the library (one with a single product image slot).
  const { templateLibrary } = await clientGraphql<{
    templateLibrary: { id: string; name: string; slotCount: number }[];
  }>(page, 'query { templateLibrary { id name slotCount } }');
  const starter = templateLibrary.find((template) => template.slotCount === 1)!;
  expect(starter, 'a one-slot starter template').toBeTruthy();
  await page.getByRole('navigation').getByRole('link', { name: 'Template library', exact: true }).click();
  await page
    .getByLabel('Starter templates')
    .getByRole('article', { name: starter.name, exact: true })
    .getByRole('button', { name: /Use this template/ })
    .click();
  await seeNotification(page, 'Template created');
  await expect(page).toHaveURL(new RegExp(`${base}/products/templates/[0-9a-f-]{36}/$`));
  const builderUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: starter.name })).toBeVisible();

  // The canvas is the ad: drawn with the first item of the catalogue imported last, its red photo in the slot.
  await expect(lowerCanvas(page)).toHaveAttribute('data-product-view', 'drawn', { timeout: 60_000 });
  await expect(page.getByRole('radio', { name: /^Product/ })).toBeChecked();
  await expect.poll(() => redShare(page), { timeout: 30_000 }).toBeGreaterThan(0.02);

  // An edit: a text with the item's brand; the ad is drawn again with it.
  const draws = await productDraws(page);
  await openTab(page, 'TEXT');
  await page.getByRole('button', { name: 'Text', exact: true }).click();
  const textField = page.getByLabel('Properties').getByRole('textbox', { name: 'Text', exact: true });
  await textField.fill('{brand|uppercase}');
  await textField.blur();
  await expect.poll(() => productDraws(page), { timeout: 30_000 }).toBeGreaterThan(draws);

  // Saved from the keyboard: no feed uses it yet, so nothing is asked.
  await saveWithKeys(page);
  await expectSaved(page);

  // A feed of it over the product set, generated.
  await page.goto(`${base}/products/`);
  await page.getByRole('region', { name: 'Feeds' }).getByRole('button', { name: 'New feed' }).click();
  const feedDialog = page.getByRole('dialog', { name: 'New feed' });
  const feedName = `First hour feed ${run}`;
  await feedDialog.getByRole('textbox', { name: 'Name' }).fill(feedName);
  await feedDialog.getByRole('combobox', { name: 'Catalogue' }).click();
  await page.getByRole('option', { name: catalogName }).click();
  await feedDialog.getByRole('combobox', { name: 'Product set' }).click();
  await page.getByRole('option', { name: setName }).click();
  await feedDialog
    .getByRole('group', { name: 'Design 1' })
    .getByRole('combobox', { name: 'Template' })
    .click();
  await page.getByRole('option', { name: starter.name }).first().click();
  await feedDialog.getByRole('button', { name: 'Create feed' }).click();
  await seeNotification(page, `‘${feedName}’ was created: 2 items queued.`);
  await expect(page).toHaveURL(new RegExp(`${base}/feeds/[0-9a-f-]{36}/$`));
  const feedUrl = new URL(page.url()).pathname;
  await expectGenerated(page, 2);
  const design = page.getByRole('region', { name: 'Designs' }).getByRole('article', { name: 'Design 1' });
  await expect(design).toContainText('version 2');

  // Edited again and saved: the question counts the feed and its ads; updating is the default answer.
  await page.goto(builderUrl);
  await expect(lowerCanvas(page)).toHaveAttribute('data-product-view', 'drawn', { timeout: 60_000 });
  await openTab(page, 'TEXT');
  await page.getByRole('button', { name: 'Text', exact: true }).click();
  await textField.fill('{price}');
  await textField.blur();
  await saveWithKeys(page);
  const question = page.getByRole('dialog', { name: 'Update the feeds that use this template?' });
  await expect(question).toContainText('1 feed, 2 ads use this template.');
  await expect(question.getByRole('button', { name: 'Update feeds' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectSaved(page);

  // The feed moved to the new version and generated its ads again.
  await page.goto(feedUrl);
  await expect(design).toContainText('version 3');
  await expectGenerated(page, 2);

  // One ad opened large.
  await page.getByRole('navigation', { name: 'Feed pages' }).getByRole('link', { name: 'Creatives' }).click();
  await page
    .getByLabel('Creatives')
    .getByRole('button', { name: `Open item ${run}-A` })
    .click();
  const viewer = page.getByRole('dialog', { name: `Item ${run}-A` });
  const ad = viewer.getByRole('img', { name: `Ad of item ${run}-A` });
  await expect.poll(() => ad.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(viewer.getByRole('heading', { name: 'Red trail running shoe' })).toBeVisible();

  expect(problems).toEqual([]);
});
