// The template builder's "Done when" walkthrough (issue 6), as a marketer does it: from a blank canvas, two
// image slots (the second one copied and pasted and nudged from the keyboard), a logo slot, a price with
// superscript cents, a sale badge shown only on sale and a star rating; zoom, delete, undo and redo from
// the keyboard; the live preview drawn with real catalogue items, one on sale and one not; saved, reopened,
// changed from the keyboard and saved again. Runs as Umar, a client user (no admin) of Acme. The product
// photos come from a small HTTP server on 127.0.0.1 (the e2e server allow-lists that host).
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { fixtures } from './fixtures.js';
import {
  blur,
  canvasInk,
  clientGraphql,
  countPixels,
  importCatalog,
  layerIds,
  layerRows,
  moveSelectedTo,
  openTab,
  type Raster,
  seeNotification,
  showFields,
  shownRaster,
  signIn,
  startImageServer,
  watchPage,
  zoomTo100,
} from './helpers.js';

const PHOTOS = { green: '#43a047', purple: '#8e24aa' } as const;
const BADGE = '#ff0000';

type Box = { left: number; top: number; width: number; height: number };
/** Where the marketer puts each layer (template units; the live preview is drawn at 1080 × 1080). */
const LAYOUT = {
  firstSlot: { left: 40, top: 40, width: 400, height: 400 },
  secondSlot: { left: 600, top: 40, width: 400, height: 400 },
  logo: { left: 40, top: 740 },
  price: { left: 40, top: 480 },
  badge: { left: 820, top: 820, width: 200, height: 200 },
  rating: { left: 600, top: 520, width: 223, height: 40 },
} as const;
/** The price's box in the preview: its text box (400 wide) and room for a line of size 64. */
const PRICE_AREA: Box = { left: 40, top: 470, width: 400, height: 120 };

const isGreen = (r: number, g: number, b: number) => g > 130 && r < 110 && b < 110;
const isPurple = (r: number, g: number, b: number) => r > 100 && r < 190 && g < 80 && b > 130;
const isBadgeRed = (r: number, g: number, b: number) => r > 200 && g < 60 && b < 60;
const isWhite = (r: number, g: number, b: number) => r > 245 && g > 245 && b > 245;
/** The rating's filled stars (#FFB400). */
const isStar = (r: number, g: number, b: number) => r > 230 && g > 150 && g < 210 && b < 60;
/** Text: dark and grey, unlike the photos, the badge and the white background. */
const isInk = (r: number, g: number, b: number) => r < 90 && g < 90 && b < 90;

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const undoButton = (page: Page) => page.getByRole('button', { name: 'Undo', exact: true });
const redoButton = (page: Page) => page.getByRole('button', { name: 'Redo', exact: true });
const zoomLabel = (page: Page) => page.getByTestId('zoom-percentage');
const upperCanvas = (page: Page) => page.getByTestId('builder-canvas').locator('canvas.upper-canvas');

/** Types a value into a field of the properties panel and leaves it with Enter. */
async function typeInto(page: Page, name: string, value: string | number) {
  const input = field(page, name);
  await input.fill(String(value));
  await input.press('Enter');
  await expect(input).toHaveValue(String(value));
}

/** Moves the selected layer by typing its position into the properties panel. */
async function placeAt(page: Page, at: { left: number; top: number }) {
  await typeInto(page, 'X', at.left);
  await typeInto(page, 'Y', at.top);
}

/** Names the selected layer in the properties panel's Layer data. */
async function nameLayer(page: Page, name: string) {
  await typeInto(page, 'Layer name', name);
  await expect(page.getByLabel('Properties').getByText(name, { exact: true })).toBeVisible();
}

/** The layer names the layers panel lists, front-most first. */
async function layerNames(page: Page): Promise<string[]> {
  return layerRows(page).evaluateAll((rows) =>
    rows.map(
      (row) =>
        row
          .querySelector('[aria-label^="Select "]')
          ?.getAttribute('aria-label')
          ?.replace(/^Select /, '') ?? '',
    ),
  );
}

async function selectInLayers(page: Page, name: string) {
  await openTab(page, 'LAYERS');
  await page.getByRole('button', { name: `Select ${name}`, exact: true }).click();
  await expect(page.getByLabel('Properties').getByText(name, { exact: true })).toBeVisible();
  // The shortcuts that follow go to the page, not to the row.
  await blur(page);
}

/** The canvas is drawn at the zoom: its width on the page is the template's 1080 units times the zoom. */
async function expectZoom(page: Page, percent: number) {
  await expect(zoomLabel(page)).toHaveText(`${percent}%`);
  await expect
    .poll(async () => Math.round((await upperCanvas(page).boundingBox())?.width ?? 0))
    .toBe(Math.round((1080 * percent) / 100));
}

/**
 * The price as drawn: its whole part reaches the baseline; its cents, the rightmost ink, are raised
 * (superscript: size 0.4, baseline -0.39 of the font size) and much smaller.
 */
function priceShape(raster: Raster) {
  const ink: { x: number; y: number }[] = [];
  for (let y = PRICE_AREA.top; y < PRICE_AREA.top + PRICE_AREA.height; y += 1)
    for (let x = PRICE_AREA.left; x < PRICE_AREA.left + PRICE_AREA.width; x += 1) {
      const i = (y * raster.width + x) * 3;
      if (isInk(raster.data[i]!, raster.data[i + 1]!, raster.data[i + 2]!)) ink.push({ x, y });
    }
  const xs = ink.map((p) => p.x);
  const ys = ink.map((p) => p.y);
  const [left, right] = [Math.min(...xs), Math.max(...xs)];
  const cents = ink.filter((p) => p.x > right - (right - left) * 0.15);
  const whole = ink.filter((p) => p.x < left + (right - left) * 0.3);
  const heightOf = (points: { y: number }[]) =>
    Math.max(...points.map((p) => p.y)) - Math.min(...points.map((p) => p.y));
  return {
    ink: ink.length,
    baseline: Math.max(...ys),
    wholeBottom: Math.max(...whole.map((p) => p.y)),
    centsBottom: Math.max(...cents.map((p) => p.y)),
    wholeHeight: heightOf(whole),
    centsHeight: heightOf(cents),
  };
}

function expectSuperscriptPrice(raster: Raster) {
  const shape = priceShape(raster);
  expect(shape.ink).toBeGreaterThan(300);
  expect(shape.wholeBottom).toBeGreaterThanOrEqual(shape.baseline - 2);
  // Raised by 0.39 × 64 ≈ 25 units, and 0.4 of the size.
  expect(shape.centsBottom).toBeLessThan(shape.baseline - 15);
  expect(shape.centsHeight).toBeLessThan(shape.wholeHeight * 0.6);
}

function boxOf(at: { left: number; top: number }, size: { width: number; height: number }): Box {
  return { ...at, ...size };
}

/** The pixels of a box, shrunk by a margin so anti-aliased edges do not count. */
function inside(box: Box, margin = 6): Box {
  return {
    left: box.left + margin,
    top: box.top + margin,
    width: box.width - 2 * margin,
    height: box.height - 2 * margin,
  };
}

const area = (box: Box) => box.width * box.height;

let images: { server: Server; origin: string };
test.beforeAll(async () => {
  images = await startImageServer(PHOTOS);
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => images.server.close(() => resolve()));
});

test('a marketer builds, previews, saves, reopens and changes a template, the shortcuts from the keyboard', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const problems = watchPage(page);
  const run = randomUUID().slice(0, 8);

  // 1. Umar signs in and opens a new template: a blank canvas, nothing to undo or redo.
  await signIn(page, fixtures().users.userA);
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}\//);
  const clientId = /\/clients\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
  const base = `/clients/${clientId}`;
  await page.goto(`${base}/products/templates/create/`);
  // The template's own drawing, not the ad drawn with a catalogue item (the product view).
  await showFields(page);
  await expect(upperCanvas(page)).toBeVisible();
  // The builder opens fitted to its window; this walk works at 100 %.
  await zoomTo100(page);
  await expect(undoButton(page)).toBeDisabled();
  await expect(redoButton(page)).toBeDisabled();
  await openTab(page, 'LAYERS');
  await expect(layerRows(page)).toHaveCount(0);
  await expect(page.getByText('No layers yet.')).toBeVisible();
  await expect(page.getByText('Select a layer to see its properties.')).toBeVisible();

  // 2. IMAGES: an image slot, selected where it lands.
  await openTab(page, 'IMAGES');
  await page.getByRole('button', { name: 'Image slot', exact: true }).click();
  // It lands in the middle of the visible canvas; the walk lays it out at the top left.
  await moveSelectedTo(page, LAYOUT.firstSlot.left, LAYOUT.firstSlot.top);
  await expect(field(page, 'X')).toHaveValue(String(LAYOUT.firstSlot.left));
  await expect(field(page, 'Y')).toHaveValue(String(LAYOUT.firstSlot.top));
  await expect(field(page, 'Width')).toHaveValue(String(LAYOUT.firstSlot.width));
  await expect(field(page, 'Height')).toHaveValue(String(LAYOUT.firstSlot.height));
  await expect(undoButton(page)).toBeEnabled();

  // The second slot: ctrl+c, ctrl+v; the copy is a new layer with its own id, 10 units further, selected.
  await blur(page);
  await page.keyboard.press('Control+c');
  await page.keyboard.press('Control+v');
  await expect(field(page, 'X')).toHaveValue('50');
  await expect(field(page, 'Y')).toHaveValue('50');
  await openTab(page, 'LAYERS');
  await expect(layerRows(page)).toHaveCount(2);
  expect(await layerIds(page)).toEqual(['MAIN_002', 'MAIN_001']);
  await expect(layerRows(page).first()).toHaveAttribute('aria-selected', 'true');

  // Arrows nudge it by exactly 1 unit, shift+arrows by 10.
  await blur(page);
  await page.keyboard.press('ArrowRight');
  await expect(field(page, 'X')).toHaveValue('51');
  await expect(field(page, 'Y')).toHaveValue('50');
  await page.keyboard.press('ArrowDown');
  await expect(field(page, 'Y')).toHaveValue('51');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(field(page, 'X')).toHaveValue('61');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(field(page, 'Y')).toHaveValue('61');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await expect(field(page, 'X')).toHaveValue('60');
  await expect(field(page, 'Y')).toHaveValue('60');
  // The other slot stayed where it was.
  await page.getByRole('button', { name: 'Select Product image' }).last().click();
  await expect(field(page, 'X')).toHaveValue(String(LAYOUT.firstSlot.left));
  await page.getByRole('button', { name: 'Select Product image' }).first().click();
  await expect(field(page, 'X')).toHaveValue('60');

  // Laid out beside the first slot and named.
  await placeAt(page, LAYOUT.secondSlot);
  await expect(field(page, 'Width')).toHaveValue(String(LAYOUT.secondSlot.width));
  await nameLayer(page, 'Second image');
  expect(await layerNames(page)).toEqual(['Second image', 'Product image']);
  expect(await layerIds(page)).toEqual(['MAIN_002', 'MAIN_001']);

  // The logo slot (the brand kit's first logo, if it has one, in each ad).
  await openTab(page, 'IMAGES');
  await page.getByRole('button', { name: 'Logo', exact: true }).click();
  await openTab(page, 'LAYERS');
  await expect(layerRows(page)).toHaveCount(3);
  await expect(layerRows(page).first()).toHaveAttribute('data-layer-id', 'LOGO_MAIN');
  await expect(layerRows(page).first().getByTestId('layer-roles')).toHaveText('Logo');
  await expect(page.getByLabel('Properties').getByText('Logo', { exact: true })).toBeVisible();
  await placeAt(page, LAYOUT.logo);
  const logoBox: Box = {
    ...LAYOUT.logo,
    width: Number(await field(page, 'Width').inputValue()),
    height: Number(await field(page, 'Height').inputValue()),
  };
  expect(logoBox.width).toBeGreaterThan(0);
  expect(logoBox.height).toBeGreaterThan(0);

  // 3. TEXT: the price with superscript cents, put in with "Insert placeholder" over the selected text.
  await openTab(page, 'TEXT');
  await page.getByRole('button', { name: 'Text', exact: true }).click();
  const text = field(page, 'Text');
  await expect(text).toHaveValue('Text');
  await expect.poll(() => canvasInk(page)).toBeGreaterThan(0);
  const wordInk = await canvasInk(page);
  await text.click();
  await text.press('Control+a');
  await page.getByRole('button', { name: 'Insert placeholder' }).click();
  await page.getByRole('textbox', { name: 'Search fields' }).fill('price_super');
  await page.getByRole('option', { name: /^\{price_super\}/ }).click();
  await expect(text).toHaveValue('{price_super}');
  await expect(text).toBeFocused();
  // The canvas draws the template string: more ink than the word it replaced.
  await expect.poll(() => canvasInk(page)).toBeGreaterThan(wordInk * 2);
  await nameLayer(page, 'Price');
  await placeAt(page, LAYOUT.price);

  // 4. The sale badge: a red square shown only when the item is on sale (its id gets the SALE prefix).
  await openTab(page, 'SHAPES');
  await page.getByRole('button', { name: 'Rectangle', exact: true }).click();
  await placeAt(page, LAYOUT.badge);
  await expect(field(page, 'Width')).toHaveValue(String(LAYOUT.badge.width));
  await expect(field(page, 'Height')).toHaveValue(String(LAYOUT.badge.height));
  const fill = field(page, 'Fill');
  await fill.click();
  await fill.fill(BADGE);
  await fill.press('Enter');
  await expect(fill).toHaveValue(BADGE);
  await nameLayer(page, 'Sale badge');
  const onSale = page.getByRole('switch', { name: 'On sale (is sale)' });
  await expect(onSale).not.toBeChecked();
  await onSale.click();
  await expect(onSale).toBeChecked();

  // 5. WIDGETS: the star rating.
  await openTab(page, 'WIDGETS');
  await page.getByRole('button', { name: 'Star Rating', exact: true }).click();
  await expect(field(page, 'Preview rating')).toHaveValue('3.5');
  await placeAt(page, LAYOUT.rating);

  // Every layer, front-most first, with its role.
  await openTab(page, 'LAYERS');
  const names = ['Star Rating', 'Sale badge', 'Price', 'Logo', 'Second image', 'Product image'];
  const ids = ['RATING', 'SALE', 'text', 'LOGO_MAIN', 'MAIN_002', 'MAIN_001'];
  await expect(layerRows(page)).toHaveCount(6);
  expect(await layerNames(page)).toEqual(names);
  expect(await layerIds(page)).toEqual(ids);
  const roles = layerRows(page).getByTestId('layer-roles');
  await expect(roles).toHaveText([
    'Rating',
    'Sale',
    'Logo',
    'Product image 2 (fill)',
    'Product image 1 (fill)',
  ]);
  await expect(page.getByTestId('builder-canvas').locator('canvas.lower-canvas')).toHaveAttribute(
    'data-rendered-layers',
    '6',
  );

  // 6. The keyboard: zoom in, out and back to 100 %.
  await blur(page);
  await page.keyboard.press('Control+Equal');
  await expectZoom(page, 110);
  await page.keyboard.press('Control+Minus');
  await expectZoom(page, 100);
  await page.keyboard.press('Control+Minus');
  await expectZoom(page, 90);
  await page.keyboard.press('Control+Digit0');
  await expectZoom(page, 100);

  // Delete removes the selected badge; ctrl+z brings it back (with its sale condition), ctrl+shift+z
  // removes it again, and ctrl+z once more brings it back for good.
  await selectInLayers(page, 'Sale badge');
  await page.keyboard.press('Delete');
  await expect(layerRows(page)).toHaveCount(5);
  expect(await layerNames(page)).not.toContain('Sale badge');
  await expect(redoButton(page)).toBeDisabled();
  await page.keyboard.press('Control+z');
  await expect(layerRows(page)).toHaveCount(6);
  expect(await layerIds(page)).toEqual(ids);
  await expect(redoButton(page)).toBeEnabled();
  await page.keyboard.press('Control+Shift+z');
  await expect(layerRows(page)).toHaveCount(5);
  // Nothing left to redo.
  await expect(redoButton(page)).toBeDisabled();
  await page.keyboard.press('Control+z');
  await expect(layerRows(page)).toHaveCount(6);
  expect(await layerNames(page)).toEqual(names);
  expect(await layerIds(page)).toEqual(ids);
  await expect(redoButton(page)).toBeEnabled();
  await expect(undoButton(page)).toBeEnabled();
  // Backspace deletes too; ctrl+z undoes it.
  await selectInLayers(page, 'Star Rating');
  await page.keyboard.press('Backspace');
  await expect(layerRows(page)).toHaveCount(5);
  await page.keyboard.press('Control+z');
  await expect(layerRows(page)).toHaveCount(6);
  expect(await layerIds(page)).toEqual(ids);

  // 7. PREVIEW with real catalogue items: one on sale (129 down to 99) and one at full price; each has two
  // photos, in opposite order, and a rating.
  const catalogName = `E2E walkthrough catalogue ${run}`;
  await importCatalog(
    page,
    clientId,
    catalogName,
    [
      'id,title,price,sale_price,brand,availability,image_link,additional_image_link,rating',
      `${run}-S,Green trail shoe,129.00 USD,99.00 USD,Acme,in stock,${images.origin}/img/green.jpg,${images.origin}/img/purple.jpg,4.5`,
      `${run}-F,Purple road shoe,89.00 USD,,Acme,in stock,${images.origin}/img/purple.jpg,${images.origin}/img/green.jpg,2`,
    ].join('\n'),
  );
  await openTab(page, 'PREVIEW');
  await page.getByRole('combobox', { name: 'Catalogue' }).click();
  await page.getByRole('option', { name: new RegExp(catalogName) }).click();
  const live = page.getByRole('region', { name: 'Live preview' });

  await page.getByRole('button', { name: /Green trail shoe/ }).click();
  const saleImage = live.getByRole('img', { name: 'Live preview of Green trail shoe' });
  await expect(saleImage).toBeVisible({ timeout: 30_000 });
  const sale = await shownRaster(saleImage);
  expect([sale.width, sale.height]).toEqual([1080, 1080]);
  // The slots show the item's photos in order; the badge is drawn; the price has raised cents; stars.
  const firstSlot = inside(LAYOUT.firstSlot);
  const secondSlot = inside(LAYOUT.secondSlot);
  const badge = inside(LAYOUT.badge);
  const rating = boxOf(LAYOUT.rating, LAYOUT.rating);
  expect(countPixels(sale, isGreen, firstSlot)).toBeGreaterThan(area(firstSlot) * 0.95);
  expect(countPixels(sale, isPurple, secondSlot)).toBeGreaterThan(area(secondSlot) * 0.95);
  expect(countPixels(sale, isBadgeRed, badge)).toBeGreaterThan(area(badge) * 0.95);
  expectSuperscriptPrice(sale);
  const saleStars = countPixels(sale, isStar, rating);
  expect(saleStars).toBeGreaterThan(500);
  // Nothing else is red: the badge is the only one.
  expect(countPixels(sale, isBadgeRed)).toBeLessThan(area(LAYOUT.badge) * 1.05);

  await page.getByRole('button', { name: /Purple road shoe/ }).click();
  const fullImage = live.getByRole('img', { name: 'Live preview of Purple road shoe' });
  await expect(fullImage).toBeVisible({ timeout: 30_000 });
  const full = await shownRaster(fullImage);
  expect(countPixels(full, isPurple, firstSlot)).toBeGreaterThan(area(firstSlot) * 0.95);
  expect(countPixels(full, isGreen, secondSlot)).toBeGreaterThan(area(secondSlot) * 0.95);
  // Not on sale: no badge anywhere, the background where it would be.
  expect(countPixels(full, isBadgeRed)).toBe(0);
  expect(countPixels(full, isWhite, badge)).toBe(area(badge));
  expectSuperscriptPrice(full);
  // 89 is not 129: the price is the item's. Two stars fill less than four and a half.
  expect(priceShape(full).ink).not.toBe(priceShape(sale).ink);
  const fullStars = countPixels(full, isStar, rating);
  expect(fullStars).toBeGreaterThan(100);
  expect(fullStars).toBeLessThan(saleStars * 0.7);
  // The logo slot shows the brand kit's first logo when the kit has one (another test may have added
  // logos to Acme's); without one, generation and the live preview leave logo layers out.
  const { brandKit } = await clientGraphql<{ brandKit: { logos: { id: string }[] } }>(
    page,
    '{ brandKit { logos { id } } }',
    {},
    clientId,
  );
  for (const drawn of [sale, full]) {
    const notWhite = area(logoBox) - countPixels(drawn, isWhite, logoBox);
    if (brandKit.logos.length > 0) expect(notWhite).toBeGreaterThan(area(logoBox) * 0.3);
    else expect(notWhite).toBe(0);
  }

  // 8. Save: the new template's edit route.
  const name = `E2E walkthrough ${run}`;
  await page.getByRole('textbox', { name: 'Template name' }).fill(name);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await seeNotification(page, 'Template created');
  await expect(page).toHaveURL(new RegExp(`${base}/products/templates/[0-9a-f-]{36}/$`));
  const templateId = /templates\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // What was saved: the badge's id carries SALE, the price its placeholder (template-format.md).
  const saved = async () =>
    (
      await clientGraphql<{ productCatalogTemplate: { templateString: string } }>(
        page,
        'query ($id: ID!) { productCatalogTemplate(id: $id) { templateString } }',
        { id: templateId },
        clientId,
      )
    ).productCatalogTemplate.templateString;
  const svg = await saved();
  expect(svg).toMatch(/<rect\b[^>]*\bid="SALE"/);
  expect(svg).toContain('title="{price_super}"');

  // 9. Reopened: the same layers with the same names, drawn; nothing to undo yet.
  await page.reload();
  await expect(page.getByTestId('builder-canvas').locator('canvas.lower-canvas')).toHaveAttribute(
    'data-rendered-layers',
    '6',
  );
  await openTab(page, 'LAYERS');
  await expect(layerRows(page)).toHaveCount(6);
  expect(await layerNames(page)).toEqual(names);
  expect(await layerIds(page)).toEqual(ids);
  await expect(undoButton(page)).toBeDisabled();
  await expect(redoButton(page)).toBeDisabled();

  // Changed from the keyboard: the rating moves 3 right and 10 down.
  await selectInLayers(page, 'Star Rating');
  await expect(field(page, 'X')).toHaveValue(String(LAYOUT.rating.left));
  await expect(field(page, 'Y')).toHaveValue(String(LAYOUT.rating.top));
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(field(page, 'X')).toHaveValue(String(LAYOUT.rating.left + 3));
  await expect(field(page, 'Y')).toHaveValue(String(LAYOUT.rating.top + 10));
  await expect(undoButton(page)).toBeEnabled();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await seeNotification(page, 'Template updated');
  await expect(page).toHaveURL(`${base}/products/templates/${templateId}/`);

  // Loaded again: the change is kept, and the rest is as it was.
  await page.reload();
  await openTab(page, 'LAYERS');
  await expect(layerRows(page)).toHaveCount(6);
  expect(await layerNames(page)).toEqual(names);
  await selectInLayers(page, 'Star Rating');
  await expect(field(page, 'X')).toHaveValue(String(LAYOUT.rating.left + 3));
  await expect(field(page, 'Y')).toHaveValue(String(LAYOUT.rating.top + 10));
  await selectInLayers(page, 'Sale badge');
  await expect(field(page, 'X')).toHaveValue(String(LAYOUT.badge.left));
  await expect(page.getByRole('switch', { name: 'On sale (is sale)' })).toBeChecked();
  await selectInLayers(page, 'Price');
  await expect(field(page, 'Text')).toHaveValue('{price_super}');

  // 10. The page logged no errors.
  expect(problems).toEqual([]);
});
