// The builder's layers panel and per-layer dynamic settings (issue 6): rename, lock, hide, reorder by
// dragging (and with the keyboard), undo of a reorder, a group's members reordered within their group, and
// a slot's settings kept through save and reload. Runs as Alice, an admin of Acme.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createBuilderDocument, createBuilderLayer, writeBuilderMetadata } from '@adloom/template';
import { fixtures } from './fixtures.js';
import {
  blur,
  expectEditing,
  layerIds,
  layerRows,
  moveSelectedTo,
  openTab,
  seeNotification,
  showFields,
  signIn,
  watchPage,
  zoomTo100,
} from './helpers.js';

/**
 * Signs in as Alice and returns the base path of her workspace, Acme. The client id is read from where
 * signing in lands, not from the fixtures file, which a browser run on another port may have rewritten
 * (the users' e-mails are the same in every run).
 */
async function signInToAcme(page: Page): Promise<string> {
  await signIn(page, fixtures().users.adminA);
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}\//);
  const clientId = /\/clients\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
  return `/clients/${clientId}`;
}

const propertyX = (page: Page) => page.getByRole('textbox', { name: 'X', exact: true });
const upperCanvas = (page: Page) => page.getByTestId('builder-canvas').locator('canvas.upper-canvas');

/**
 * How many pixels of the drawn canvas (fabric's lower canvas, no selection handles) inside a box of
 * template units are the rating's star yellow (#FFB400).
 */
async function yellowPixels(page: Page, box: { left: number; top: number; width: number; height: number }) {
  return page
    .getByTestId('builder-canvas')
    .locator('canvas.lower-canvas')
    .evaluate((element, area) => {
      const canvas = element as HTMLCanvasElement;
      const scale = canvas.width / canvas.clientWidth;
      const context = canvas.getContext('2d')!;
      const { data } = context.getImageData(
        Math.round(area.left * scale),
        Math.round(area.top * scale),
        Math.round(area.width * scale),
        Math.round(area.height * scale),
      );
      let count = 0;
      for (let at = 0; at < data.length; at += 4) {
        if (data[at]! > 230 && data[at + 1]! > 150 && data[at + 1]! < 210 && data[at + 2]! < 60) count += 1;
      }
      return count;
    }, box);
}

/**
 * A builder-made template, 400 × 400: a product image slot (bottom right, so it may be saved) under the
 * group Trio of three overlapping 160 × 160 squares, drawn red, then green, then blue:
 * red (40, 40), green (120, 40), blue (80, 120). Each pair overlaps somewhere the third does not.
 */
function trioSvg(name: string): string {
  const body = [
    '<rect id="MAIN_001" x="300" y="300" width="80" height="80"/>',
    '<g id="trio">',
    '<rect id="red" x="40" y="40" width="160" height="160" fill="#ff0000"/>',
    '<rect id="green" x="120" y="40" width="160" height="160" fill="#00ff00"/>',
    '<rect id="blue" x="80" y="120" width="160" height="160" fill="#0000ff"/>',
    '</g>',
  ].join('');
  const names = { MAIN_001: 'Product image', trio: 'Trio', red: 'Red', green: 'Green', blue: 'Blue' };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">${body}</svg>`;
  const layers = Object.entries(names).map(([id, layerName]) => createBuilderLayer(id, { name: layerName }));
  return writeBuilderMetadata(svg, createBuilderDocument({ name, width: 400, height: 400, layers }));
}

/** Points of the trio template inside all three squares, and inside red and blue only. */
const ALL_THREE = { x: 160, y: 160 };
const RED_AND_BLUE = { x: 100, y: 160 };

/** Which square the drawn canvas (fabric's lower canvas) shows at a point of the template. */
async function colourAt(page: Page, point: { x: number; y: number }): Promise<string> {
  return page
    .getByTestId('builder-canvas')
    .locator('canvas.lower-canvas')
    .evaluate((element, at) => {
      const canvas = element as HTMLCanvasElement;
      const scale = canvas.width / canvas.clientWidth;
      const [red = 0, green = 0, blue = 0] = canvas
        .getContext('2d')!
        .getImageData(Math.round(at.x * scale), Math.round(at.y * scale), 1, 1).data;
      if (red > 200 && green < 60 && blue < 60) return 'red';
      if (red < 60 && green > 200 && blue < 60) return 'green';
      if (red < 60 && green < 60 && blue > 200) return 'blue';
      return `rgb(${red}, ${green}, ${blue})`;
    }, point);
}

/** The ids of the listed group members, top first. */
async function memberIds(page: Page): Promise<string[]> {
  return page
    .getByTestId('group-member')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-layer-id') ?? ''));
}

/** Drags a row by its handle with the mouse until it is over another row, then drops it. */
async function dragRow(page: Page, from: string, to: string, where: 'above' | 'below') {
  const handle = (await page.getByRole('button', { name: `Drag ${from}`, exact: true }).boundingBox())!;
  const target = (await page.getByRole('button', { name: `Drag ${to}`, exact: true }).boundingBox())!;
  const startX = handle.x + handle.width / 2;
  const startY = handle.y + handle.height / 2;
  const endY = where === 'above' ? target.y - 10 : target.y + target.height + 30;
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1)
    await page.mouse.move(startX, startY + ((endY - startY) * step) / 12);
  await page.mouse.up();
}

test('layers panel: rename, lock, hide, and reorder by dragging with undo', async ({ page }) => {
  test.setTimeout(90_000);
  const problems = watchPage(page);
  const base = await signInToAcme(page);
  await page.goto(`${base}/products/templates/create/`);
  // The template's own drawing, not the ad drawn with a catalogue item (the product view).
  await showFields(page);

  // The canvas read and clicked in template units: at 100 % (the builder opens fitted).
  await zoomTo100(page);

  // A rectangle (40, 40, 200 × 200) under a star rating (from 60, 60) that overlaps it.
  await openTab(page, 'SHAPES');
  await page.getByRole('button', { name: 'Rectangle', exact: true }).click();
  await moveSelectedTo(page, 40, 40);
  await openTab(page, 'WIDGETS');
  await page.getByRole('button', { name: 'Star Rating', exact: true }).click();
  await moveSelectedTo(page, 60, 60);
  await openTab(page, 'LAYERS');
  await expect(layerRows(page)).toHaveCount(2);
  // Top of the list is the front-most layer; each row shows its role.
  expect(await layerIds(page)).toEqual(['RATING', 'rect']);
  await expect(layerRows(page).first().getByTestId('layer-roles')).toHaveText('Rating');
  const insideRectangle = { left: 40, top: 40, width: 200, height: 200 };
  await expect.poll(() => yellowPixels(page, insideRectangle)).toBeGreaterThan(200);

  // Rename: double-click, Escape cancels, Enter saves; the pencil button renames too.
  await page.getByRole('button', { name: 'Select Rectangle' }).dblclick();
  const rename = page.getByRole('textbox', { name: 'Name of Rectangle' });
  await rename.fill('Nothing');
  await rename.press('Escape');
  await expect(page.getByRole('button', { name: 'Select Rectangle' })).toBeVisible();
  await page.getByRole('button', { name: 'Select Rectangle' }).dblclick();
  await rename.fill('Backdrop');
  await rename.press('Enter');
  await expect(page.getByRole('button', { name: 'Select Backdrop' })).toBeVisible();
  await page.getByRole('button', { name: 'Rename Star Rating' }).click();
  await page.getByRole('textbox', { name: 'Name of Star Rating' }).fill('Stars');
  await page.getByRole('textbox', { name: 'Name of Star Rating' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Select Stars' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Select Nothing' })).toHaveCount(0);

  // Shift-click adds to the selection; a click alone selects one layer.
  await page.getByRole('button', { name: 'Select Backdrop' }).click();
  await page.getByRole('button', { name: 'Select Stars' }).click({ modifiers: ['Shift'] });
  await expect(layerRows(page).and(page.locator('[aria-selected="true"]'))).toHaveCount(2);
  await page.getByRole('button', { name: 'Select Stars' }).click();
  await expect(layerRows(page).and(page.locator('[aria-selected="true"]'))).toHaveCount(1);

  // Drag the rectangle to the top of the list: it is drawn over the stars.
  await dragRow(page, 'Backdrop', 'Stars', 'above');
  await expect.poll(() => layerIds(page)).toEqual(['rect', 'RATING']);
  await expect.poll(() => yellowPixels(page, insideRectangle)).toBe(0);

  // One undo puts the order back.
  await blur(page);
  await page.keyboard.press('Control+z');
  await expect.poll(() => layerIds(page)).toEqual(['RATING', 'rect']);
  await expect.poll(() => yellowPixels(page, insideRectangle)).toBeGreaterThan(200);
  // And the name is still the renamed one (the reorder was one step of its own).
  await expect(page.getByRole('button', { name: 'Select Backdrop' })).toBeVisible();

  // The keyboard drags too: the handle, space, arrow up, space.
  const handle = page.getByRole('button', { name: 'Drag Backdrop', exact: true });
  await handle.focus();
  // Each key waits for the drag's announcement: the keyboard sensor acts on the next frame.
  await page.keyboard.press('Space');
  await expect(page.getByText('Backdrop is over position 2 of 2.')).toBeAttached();
  // A key pressed while the sensor is still starting is dropped (rarely, under load): press again until the
  // move is announced; at the top, a further ArrowUp changes nothing.
  await expect(async () => {
    await page.keyboard.press('ArrowUp');
    await expect(page.getByText('Backdrop is over position 1 of 2.')).toBeAttached({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press('Space');
  await expect.poll(() => layerIds(page)).toEqual(['rect', 'RATING']);
  await page.getByRole('button', { name: 'Move Backdrop down' }).click();
  await expect.poll(() => layerIds(page)).toEqual(['RATING', 'rect']);

  // Hide: the stars are not drawn; show them again.
  await page.getByRole('button', { name: 'Hide Stars' }).click();
  await expect.poll(() => yellowPixels(page, { left: 0, top: 0, width: 400, height: 400 })).toBe(0);
  await page.getByRole('button', { name: 'Show Stars' }).click();
  await expect.poll(() => yellowPixels(page, insideRectangle)).toBeGreaterThan(200);

  // Lock: a click on the canvas no longer selects the rectangle.
  const canvas = (await upperCanvas(page).boundingBox())!;
  await page.mouse.click(canvas.x + 140, canvas.y + 200);
  await expect(propertyX(page)).toHaveValue('40');
  await page.getByRole('button', { name: 'Lock Backdrop' }).click();
  await expect(page.getByText('Select a layer to see its properties.')).toBeVisible();
  await page.mouse.click(canvas.x + 140, canvas.y + 200);
  await expect(page.getByText('Select a layer to see its properties.')).toBeVisible();
  await page.getByRole('button', { name: 'Select Backdrop' }).click();
  await expect(propertyX(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Unlock Backdrop' }).click();
  await page.mouse.click(canvas.x + 140, canvas.y + 200);
  await expect(propertyX(page)).toHaveValue('40');

  // Delete, and undo.
  await page.getByRole('button', { name: 'Delete Stars' }).click();
  await expect(layerRows(page)).toHaveCount(1);
  await blur(page);
  await page.keyboard.press('Control+z');
  await expect(layerRows(page)).toHaveCount(2);

  expect(problems).toEqual([]);
});

test("a group's members reorder by dragging within their group, with undo, and keep the order on save", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const problems = watchPage(page);
  const base = await signInToAcme(page);
  await page.goto(`${base}/products/templates/create/`);

  // Import the trio template; it opens in the builder.
  const name = `E2E group ${randomUUID().slice(0, 8)}`;
  const svgFile = testInfo.outputPath(`${name}.svg`);
  writeFileSync(svgFile, trioSvg(name));
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import SVG' }).click();
  await (await chooser).setFiles(svgFile);
  await seeNotification(page, 'Template created');
  await expectEditing(page, name);
  // The canvas read in template units: at 100 % (the builder opens fitted).
  await expect(upperCanvas(page)).toBeVisible();
  await zoomTo100(page);

  // Selecting the group lists its members, front-most first; blue is drawn on top.
  await openTab(page, 'LAYERS');
  await expect.poll(() => layerIds(page)).toEqual(['trio', 'MAIN_001']);
  await page.getByRole('button', { name: 'Select Trio' }).click();
  await expect.poll(() => memberIds(page)).toEqual(['blue', 'green', 'red']);
  await expect.poll(() => colourAt(page, ALL_THREE)).toBe('blue');
  await expect.poll(() => colourAt(page, RED_AND_BLUE)).toBe('blue');

  // Drag red to the top of the members: it is drawn over the others.
  await dragRow(page, 'Red', 'Blue', 'above');
  await expect.poll(() => memberIds(page)).toEqual(['red', 'blue', 'green']);
  await expect.poll(() => colourAt(page, ALL_THREE)).toBe('red');
  expect(await layerIds(page)).toEqual(['trio', 'MAIN_001']);

  // One undo puts the whole drag back.
  await blur(page);
  await page.keyboard.press('Control+z');
  await expect.poll(() => memberIds(page)).toEqual(['blue', 'green', 'red']);
  await expect.poll(() => colourAt(page, ALL_THREE)).toBe('blue');

  // The keyboard drags a member too: its handle, space, arrow up, space.
  await page.getByRole('button', { name: 'Drag Green', exact: true }).focus();
  // Each key waits for the drag's announcement: the keyboard sensor acts on the next frame.
  await page.keyboard.press('Space');
  await expect(page.getByText('Green is over position 2 of 3.')).toBeAttached();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('Green is over position 1 of 3.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect.poll(() => memberIds(page)).toEqual(['green', 'blue', 'red']);
  await expect.poll(() => colourAt(page, ALL_THREE)).toBe('green');

  // A member dragged down past its group, onto the next top-level layer, stays in the group: at its bottom.
  await dragRow(page, 'Blue', 'Product image', 'below');
  await expect.poll(() => memberIds(page)).toEqual(['green', 'red', 'blue']);
  await expect.poll(() => colourAt(page, RED_AND_BLUE)).toBe('red');
  expect(await layerIds(page)).toEqual(['trio', 'MAIN_001']);

  // Saved and loaded again, the members keep their order.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await seeNotification(page, 'Template updated');
  await page.reload();
  await openTab(page, 'LAYERS');
  await expect.poll(() => layerIds(page)).toEqual(['trio', 'MAIN_001']);
  await page.getByRole('button', { name: 'Select Trio' }).click();
  await expect.poll(() => memberIds(page)).toEqual(['green', 'red', 'blue']);
  await expect.poll(() => colourAt(page, ALL_THREE)).toBe('green');
  await expect.poll(() => colourAt(page, RED_AND_BLUE)).toBe('red');

  expect(problems).toEqual([]);
});

test("a slot's alignment, contain and slideshow settings survive save and reload", async ({ page }) => {
  test.setTimeout(90_000);
  const problems = watchPage(page);
  const base = await signInToAcme(page);
  await page.goto(`${base}/products/templates/create/`);

  await openTab(page, 'IMAGES');
  await page.getByRole('button', { name: 'Image slot', exact: true }).click();
  await openTab(page, 'LAYERS');
  await page.getByRole('button', { name: 'Select Product image' }).click();
  await expect(layerRows(page).first().getByTestId('layer-roles')).toHaveText('Product image 1 (fill)');

  const horizontal = page.getByRole('radiogroup', { name: 'Horizontal alignment' });
  const vertical = page.getByRole('radiogroup', { name: 'Vertical alignment' });
  await expect(horizontal.getByRole('radio', { name: 'Center' })).toBeChecked();
  await expect(vertical.getByRole('radio', { name: 'Middle' })).toBeChecked();
  await horizontal.getByText('Left', { exact: true }).click();
  await vertical.getByText('Bottom', { exact: true }).click();
  const contain = page.getByRole('switch', { name: 'Contain (fit the whole image in the box)' });
  await expect(contain).not.toBeChecked();
  await contain.click();
  await expect(contain).toBeChecked();
  await expect.poll(() => layerIds(page)).toEqual(['MAIN_001_CONTAIN_LEFT_BOTTOM']);

  // Make it a slideshow; the number of slides typed is one undo step however many keys it took.
  await page.getByRole('combobox', { name: 'Dynamic layer type' }).click();
  await page.getByRole('option', { name: 'Slideshow slot' }).click();
  await expect.poll(() => layerIds(page)).toEqual(['MAIN_001_CONTAIN_LEFT_BOTTOM_SLIDESHOW[d=2;t=0.3;n=4]']);
  const maxSlides = page.getByRole('textbox', { name: 'Max slides' });
  await maxSlides.fill('');
  await maxSlides.pressSequentially('12');
  await blur(page);
  await expect.poll(() => layerIds(page)).toEqual(['MAIN_001_CONTAIN_LEFT_BOTTOM_SLIDESHOW[d=2;t=0.3;n=12]']);
  await page.keyboard.press('Control+z');
  await expect.poll(() => layerIds(page)).toEqual(['MAIN_001_CONTAIN_LEFT_BOTTOM_SLIDESHOW[d=2;t=0.3;n=4]']);
  await expect(maxSlides).toHaveValue('4');
  await page.keyboard.press('Control+Shift+z');
  await expect(maxSlides).toHaveValue('12');

  // The layer's thumbnail is a small jpeg of it, taken from the canvas.
  await page.getByRole('button', { name: 'Take thumbnail' }).click();
  const thumbnail = page.getByRole('img', { name: 'Thumbnail of Product image' });
  await expect(thumbnail).toHaveAttribute('src', /^data:image\/jpeg;base64,/);

  // A slot offers no sale or stock conditions (its id cannot carry them).
  await expect(page.getByRole('switch', { name: 'On sale (is sale)' })).toHaveCount(0);

  const name = `E2E layers ${randomUUID().slice(0, 8)}`;
  await page.getByRole('textbox', { name: 'Template name' }).fill(name);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Template created' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${base}/products/templates/[0-9a-f-]{36}/$`));

  await page.reload();
  await openTab(page, 'LAYERS');
  await expect.poll(() => layerIds(page)).toEqual(['MAIN_001_CONTAIN_LEFT_BOTTOM_SLIDESHOW[d=2;t=0.3;n=12]']);
  await page.getByRole('button', { name: 'Select Product image' }).click();
  await expect(horizontal.getByRole('radio', { name: 'Left' })).toBeChecked();
  await expect(vertical.getByRole('radio', { name: 'Bottom' })).toBeChecked();
  await expect(contain).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Dynamic layer type' })).toHaveValue('Slideshow slot');
  await expect(maxSlides).toHaveValue('12');
  await expect(page.getByRole('textbox', { name: 'Slide duration (seconds)' })).toHaveValue('2');
  await expect(page.getByRole('textbox', { name: 'Transition (seconds)' })).toHaveValue('0.3');
  await expect(thumbnail).toHaveAttribute('src', /^data:image\/jpeg;base64,/);

  expect(problems).toEqual([]);
});
