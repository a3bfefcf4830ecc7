// The builder's product view (issue 16, item 1): with a catalogue item chosen, the canvas shows the ad as the
// renderer draws it (the item's photo in the slot, the title cut by its filter), not the template's fields;
// Shift+P switches to the fields and back; a text edited on the canvas edits its template string and the
// ad follows. The canvas is compared with the renderer's own picture of the same template and item (the
// live preview). Product photos come from a small HTTP server on 127.0.0.1. Runs as Alice, admin of Acme.
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { blur, importCatalog, openTab, signIn, startImageServer } from './helpers.js';
import { fixtures } from './fixtures.js';

const PHOTOS = { red: '#e53935' } as const;

test.use({ viewport: { width: 1440, height: 900 } });

let images: { server: Server; origin: string };
test.beforeAll(async () => {
  images = await startImageServer(PHOTOS);
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => images.server.close(() => resolve()));
});

const lowerCanvas = (page: Page) => page.getByTestId('builder-canvas').locator('canvas.lower-canvas');

/** Types a value into a field of the properties panel and leaves it with Enter. */
async function typeInto(page: Page, name: string, value: string | number) {
  const input = page.getByLabel('Properties').getByRole('textbox', { name, exact: true });
  await input.fill(String(value));
  await input.press('Enter');
}

/** The canvas at 100 % (the builder may open fitted to its window), compared pixel for pixel below. */
async function zoomToFull(page: Page) {
  const reset = page.getByRole('button', { name: 'Reset zoom', exact: true });
  if (await reset.isEnabled()) await reset.click();
  await expect(page.getByTestId('zoom-percentage')).toHaveText('100%');
}

/**
 * What the canvas shows against `image` (a PNG the renderer drew, as an <img>): the share of the canvas's
 * pixels more than 24/255 away from the picture scaled to the canvas, and how many of them are photo red.
 */
function compareCanvas(page: Page, image: Locator) {
  return image.evaluate(async (img: HTMLImageElement) => {
    const canvas = document.querySelector<HTMLCanvasElement>(
      '[data-testid="builder-canvas"] canvas.lower-canvas',
    )!;
    const { width, height } = canvas;
    const shown = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
    const scratch = document.createElement('canvas');
    scratch.width = width;
    scratch.height = height;
    const context = scratch.getContext('2d')!;
    context.drawImage(img, 0, 0, width, height);
    const drawn = context.getImageData(0, 0, width, height).data;
    let differing = 0;
    let red = 0;
    for (let i = 0; i < shown.length; i += 4) {
      if ([0, 1, 2].some((c) => Math.abs(shown[i + c]! - drawn[i + c]!) > 24)) differing += 1;
      if (shown[i]! > 180 && shown[i + 1]! < 110 && shown[i + 2]! < 110) red += 1;
    }
    return { differing: differing / (width * height), red: red / (width * height) };
  });
}

test('the canvas shows the ad drawn with the chosen item; Shift+P shows the fields; a text is edited in place', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const acme = fixtures().clients.acme;
  await signIn(page, fixtures().users.adminA);
  const run = randomUUID().slice(0, 8);
  const catalogName = `E2E product view ${run}`;
  await importCatalog(
    page,
    acme,
    catalogName,
    [
      'id,title,price,brand,availability,image_link',
      `${run}-A,Explorer backpack with rain cover,129.00 USD,Trailhead,in stock,${images.origin}/img/red.jpg`,
    ].join('\n'),
  );

  // A template with an image slot and a cut title, the slot at the top, the text below it.
  await page.goto(`/clients/${acme}/products/templates/create/`);
  await expect(lowerCanvas(page)).toBeVisible();
  await zoomToFull(page);
  await openTab(page, 'IMAGES');
  await page.getByRole('button', { name: 'Image slot', exact: true }).click();
  await typeInto(page, 'X', 100);
  await typeInto(page, 'Y', 40);
  await openTab(page, 'TEXT');
  await page.getByRole('button', { name: 'Text', exact: true }).click();
  const textField = page.getByRole('textbox', { name: 'Text', exact: true });
  await textField.fill('{title|maxlength:12}');
  await textField.blur();
  await typeInto(page, 'X', 100);
  await typeInto(page, 'Y', 460);

  // The item, chosen in PREVIEW: the canvas becomes the ad the renderer draws (the live preview's picture).
  await openTab(page, 'PREVIEW');
  await page.getByRole('combobox', { name: 'Catalogue' }).click();
  await page.getByRole('option', { name: new RegExp(catalogName) }).click();
  await page.getByRole('button', { name: /Explorer backpack/ }).click();
  const rendered = page
    .getByRole('region', { name: 'Live preview' })
    .getByRole('img', { name: 'Live preview of Explorer backpack with rain cover' });
  await expect(rendered).toBeVisible({ timeout: 30_000 });
  await expect(lowerCanvas(page)).toHaveAttribute('data-product-view', 'drawn', { timeout: 30_000 });
  await expect(page.getByRole('radio', { name: /^Product/ })).toBeChecked();
  await expect(async () => {
    const shown = await compareCanvas(page, rendered);
    // The photo fills the slot (400 × 400 of 1080 × 1080: 13.7 %) and the canvas is the renderer's picture.
    expect(shown.red).toBeGreaterThan(0.12);
    expect(shown.differing).toBeLessThan(0.01);
  }).toPass({ timeout: 20_000 });

  // Shift+P: the template's fields (a grey slot, the template string); again: the ad.
  await blur(page);
  await page.keyboard.press('Shift+P');
  await expect(lowerCanvas(page)).toHaveAttribute('data-product-view', 'fields');
  await expect(page.getByRole('radio', { name: 'Fields' })).toBeChecked();
  const fields = await compareCanvas(page, rendered);
  expect(fields.red).toBe(0);
  expect(fields.differing).toBeGreaterThan(0.05);
  await page.keyboard.press('Shift+P');
  await expect(lowerCanvas(page)).toHaveAttribute('data-product-view', 'drawn');
  await expect.poll(async () => (await compareCanvas(page, rendered)).differing).toBeLessThan(0.01);

  // A double click on the drawn title edits its template string; the ad follows the new one.
  const draws = Number(await lowerCanvas(page).getAttribute('data-product-draws'));
  const box = (await page.getByTestId('builder-canvas').locator('canvas.upper-canvas').boundingBox())!;
  const scale = box.width / 1080;
  await page.mouse.dblclick(box.x + 300 * scale, box.y + 490 * scale);
  await expect(textField).toHaveValue('{title|maxlength:12}');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('{brand|uppercase}');
  await page.keyboard.press('Escape');
  await expect(textField).toHaveValue('{brand|uppercase}');
  await expect
    .poll(async () => Number(await lowerCanvas(page).getAttribute('data-product-draws')), { timeout: 20_000 })
    .toBeGreaterThan(draws);
  // The live preview draws the new template too; the canvas is again its picture.
  await expect(async () => {
    expect((await compareCanvas(page, rendered)).differing).toBeLessThan(0.01);
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Preview bar' }).getByRole('alert')).toHaveCount(0);
});
