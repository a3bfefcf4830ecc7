// The builder works like a design tool (issue 16, items 4-6), in a 1024 × 768 window: it opens fitted
// with the side panel folded, new layers land in the middle of what is visible, each offset from the last,
// in a colour that shows; the keys of Canva and Figma (ctrl+a, Esc, ctrl+d, ctrl+g, [ ], shift+1, ctrl+s,
// ?), ctrl+wheel zooms around the pointer, the panels fold so the canvas grows, slots read 'Product
// image 1 (fill)', and the view is remembered per template. Runs as Alice, an admin of Acme.
import { expect, test, type Page } from '@playwright/test';
import { fixtures } from './fixtures.js';
import { blur, expectEditing, layerRows, openTab, signIn, watchPage } from './helpers.js';

const zoomLabel = (page: Page) => page.getByTestId('zoom-percentage');
const viewport = (page: Page) => page.getByTestId('canvas-viewport');
const upperCanvas = (page: Page) => page.getByTestId('builder-canvas').locator('canvas.upper-canvas');
const propertyX = (page: Page) => page.getByRole('textbox', { name: 'X', exact: true });
const propertyY = (page: Page) => page.getByRole('textbox', { name: 'Y', exact: true });

/** The zoom as drawn: the 1080-unit wide canvas's width on screen. */
async function drawnZoom(page: Page): Promise<number> {
  return (await upperCanvas(page).boundingBox())!.width / 1080;
}

/** The colour drawn at the canvas's middle (its lower canvas, where fabric draws the layers). */
async function canvasMiddle(page: Page): Promise<number[]> {
  return page
    .getByTestId('builder-canvas')
    .locator('canvas.lower-canvas')
    .evaluate((element) => {
      const canvas = element as HTMLCanvasElement;
      const pixel = canvas.getContext('2d')!.getImageData(canvas.width / 2, canvas.height / 2, 1, 1).data;
      return [pixel[0]!, pixel[1]!, pixel[2]!];
    });
}

async function zoomPercent(page: Page): Promise<number> {
  return Number((await zoomLabel(page).textContent())!.replace('%', ''));
}

/** The whole canvas shows inside the viewport. */
async function expectFitted(page: Page) {
  await expect(async () => {
    const box = (await viewport(page).boundingBox())!;
    const canvas = (await upperCanvas(page).boundingBox())!;
    expect(canvas.x).toBeGreaterThanOrEqual(box.x);
    expect(canvas.y).toBeGreaterThanOrEqual(box.y);
    expect(canvas.x + canvas.width).toBeLessThanOrEqual(box.x + box.width);
    expect(canvas.y + canvas.height).toBeLessThanOrEqual(box.y + box.height);
  }).toPass();
}

test('works like a design tool at 1024 × 768: fit, placement, keys, wheel zoom, panels, remembered view', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const f = fixtures();
  const problems = watchPage(page);
  let downloads = 0;
  page.on('download', () => (downloads += 1));
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, f.users.adminA);
  await page.goto(`/clients/${f.clients.acme}/products/templates/create/`);
  await expect(upperCanvas(page)).toBeVisible();

  // Opened fitted, below 100 %, the side panel folded to its tabs and the app's sidebar to its icons in a
  // narrow window.
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  const properties = page.getByRole('region', { name: 'Properties panel' });
  await expectFitted(page);
  expect(await zoomPercent(page)).toBeLessThan(100);
  await expect(page.getByRole('button', { name: 'Rectangle', exact: true })).toBeHidden();
  await expect(properties).toBeVisible();

  // A tab opens the panel again; at 1024 px the properties fold meanwhile, and the canvas stays fitted.
  await openTab(page, 'SHAPES');
  await expect(properties).toBeHidden();
  await expectFitted(page);
  await page.getByRole('button', { name: 'Rectangle', exact: true }).click();
  // Centred on the visible canvas and painted in a colour that shows: the middle is the new blue.
  await expect.poll(() => canvasMiddle(page)).toEqual([0x4c, 0x6e, 0xf5]);
  await page.getByRole('button', { name: 'Ellipse', exact: true }).click();
  // The properties back (the side panel folds): the ellipse landed 20 further than the rectangle.
  await page.getByRole('button', { name: 'Show or hide the properties' }).click();
  await expect(page.getByRole('button', { name: 'Ellipse', exact: true })).toBeHidden();
  await expect(propertyX(page)).toHaveValue('460');
  await expect(propertyY(page)).toHaveValue('460');
  await openTab(page, 'IMAGES');
  await page.getByRole('button', { name: 'Image slot', exact: true }).click();
  await expect(page.getByRole('region', { name: 'In this template' })).toContainText(
    'Product image 1 (fill)',
  );

  // Ctrl+A selects every layer, never the page's text; Esc deselects.
  await openTab(page, 'LAYERS');
  await expect(layerRows(page)).toHaveCount(3);
  await expect(layerRows(page).getByTestId('layer-roles')).toHaveText(['Product image 1 (fill)']);
  await blur(page);
  await page.keyboard.press('Control+a');
  await expect(layerRows(page).and(page.locator('[aria-selected="true"]'))).toHaveCount(3);
  expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
  await page.keyboard.press('Escape');
  await expect(layerRows(page).and(page.locator('[aria-selected="true"]'))).toHaveCount(0);

  // Ctrl+D duplicates the selection (not a bookmark); ctrl+g groups, ctrl+shift+g ungroups.
  await page.getByRole('button', { name: 'Select Rectangle' }).click();
  await blur(page);
  await page.keyboard.press('Control+d');
  await expect(layerRows(page)).toHaveCount(4);
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Control+g');
  await expect(layerRows(page)).toHaveCount(1);
  await page.keyboard.press('Control+Shift+g');
  await expect(layerRows(page)).toHaveCount(4);
  // ] brings the selection forward, shift+[ sends it to the back.
  await page.getByRole('button', { name: 'Select Ellipse' }).click();
  await blur(page);
  const names = () => layerRows(page).getByRole('button', { name: /^Select / });
  await expect(names()).toHaveText(['Rectangle', 'Product image', 'Ellipse', 'Rectangle']);
  await page.keyboard.press('BracketRight');
  await expect(names()).toHaveText(['Rectangle', 'Ellipse', 'Product image', 'Rectangle']);
  await page.keyboard.press('Shift+BracketLeft');
  await expect(names()).toHaveText(['Rectangle', 'Product image', 'Rectangle', 'Ellipse']);

  // Ctrl+wheel zooms around the pointer: the canvas point under it stays under it. (From 100 %: a canvas
  // smaller than its viewport is centred, as in Canva, so the point can only stay once the canvas fills it.)
  await page.keyboard.press('Control+Digit0');
  await expect(zoomLabel(page)).toHaveText('100%');
  const box = (await upperCanvas(page).boundingBox())!;
  const area = (await viewport(page).boundingBox())!;
  const pointer = { x: area.x + area.width * 0.3, y: area.y + area.height * 0.6 };
  const before = await drawnZoom(page);
  const unitBefore = { x: (pointer.x - box.x) / before, y: (pointer.y - box.y) / before };
  await page.mouse.move(pointer.x, pointer.y);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -100);
  await page.keyboard.up('Control');
  await expect.poll(() => drawnZoom(page)).toBeGreaterThan(before * 1.1);
  const after = await drawnZoom(page);
  const moved = (await upperCanvas(page).boundingBox())!;
  expect(Math.abs((pointer.x - moved.x) / after - unitBefore.x)).toBeLessThan(3);
  expect(Math.abs((pointer.y - moved.y) / after - unitBefore.y)).toBeLessThan(3);

  // Ctrl+0 is 100 %; shift+1 fits again.
  await page.keyboard.press('Control+Digit0');
  await expect(zoomLabel(page)).toHaveText('100%');
  await page.keyboard.press('Shift+Digit1');
  await expectFitted(page);

  // Folding the side panel gives the canvas its room; the canvas stays fitted (at 1024 × 768, with the app's
  // sidebar folded too, the window's height is what limits it).
  const narrow = (await viewport(page).boundingBox())!.width;
  const fittedWithPanel = await zoomPercent(page);
  await page.getByRole('button', { name: 'Show or hide the side panel' }).click();
  await expect(layerRows(page)).toHaveCount(0);
  await expect.poll(async () => (await viewport(page).boundingBox())!.width).toBeGreaterThan(narrow + 150);
  await expectFitted(page);
  expect(await zoomPercent(page)).toBeGreaterThanOrEqual(fittedWithPanel);

  // "?" lists every shortcut, ctrl+s among them.
  await blur(page);
  await page.keyboard.press('Shift+Slash');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('row', { name: /Select all layers\s*Ctrl\+A/ })).toBeVisible();
  await expect(sheet.getByRole('row', { name: /^Save\s*Ctrl\+S/ })).toBeVisible();
  await expect(sheet.getByRole('row', { name: /Zoom to fit\s*Shift\+1/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // Ctrl+S saves like the Save button (the first save opens the new template) and never the page.
  await blur(page);
  await page.keyboard.press('Control+s');
  const id = await expectEditing(page, 'New Template');
  expect(downloads).toBe(0);

  // The view goes on after the save (both panels folded) and is remembered for this template.
  await expect(properties).toBeHidden();
  await expect(page.getByRole('button', { name: 'Rectangle', exact: true })).toBeHidden();
  await blur(page);
  await page.keyboard.press('Control+Equal');
  const zoomed = await zoomLabel(page).textContent();
  await expect
    .poll(() => page.evaluate((key) => window.localStorage.getItem(key), `adloom.builder.${id}.view`))
    .toContain(`"zoom":${Number(zoomed!.replace('%', '')) / 100}`);
  await page.reload();
  await expect(upperCanvas(page)).toBeVisible();
  await expect(zoomLabel(page)).toHaveText(zoomed!);
  await expect(properties).toBeHidden();
  await expect(layerRows(page)).toHaveCount(0);
  expect(problems).toEqual([]);
});
