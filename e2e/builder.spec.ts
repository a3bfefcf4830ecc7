// The template builder (issue 6): adding layers, every spec shortcut, typing without triggering them,
// saving a new template (redirect to its edit route) and loading it again. Runs as Alice, an admin of Acme.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { SAVE_REASONS } from '@adloom/template';
import { fixtures } from './fixtures.js';
import {
  blur,
  layerIds,
  layerRows,
  moveSelectedTo,
  openTab,
  signIn,
  watchPage,
  zoomTo100,
} from './helpers.js';

const zoom = (page: Page) => page.getByTestId('zoom-percentage');
const propertyX = (page: Page) => page.getByRole('textbox', { name: 'X', exact: true });
const propertyY = (page: Page) => page.getByRole('textbox', { name: 'Y', exact: true });

test('builds a template with the canvas, the shortcuts and save, then loads it again', async ({ page }) => {
  test.setTimeout(120_000);
  const f = fixtures();
  const problems = watchPage(page);
  await signIn(page, f.users.adminA);
  const base = `/clients/${f.clients.acme}`;

  await page.goto(`${base}/products/templates/create/`);
  await expect(page.getByTestId('builder-canvas').locator('canvas').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Redo' })).toBeDisabled();

  // Saving is refused with the reason while the template has no image slot.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: SAVE_REASONS.dynamicLayer })).toBeVisible();

  // The canvas clicked in template units: at 100 % (the builder opens fitted).
  await zoomTo100(page);

  // One layer from each of SHAPES, IMAGES and TEXT, placed at (40, 40), (60, 60) and (80, 80).
  await openTab(page, 'SHAPES');
  await page.getByRole('button', { name: 'Rectangle', exact: true }).click();
  await moveSelectedTo(page, 40, 40);
  await openTab(page, 'IMAGES');
  await page.getByRole('button', { name: 'Image slot', exact: true }).click();
  await moveSelectedTo(page, 60, 60);
  await openTab(page, 'TEXT');
  await page.getByRole('button', { name: 'Text', exact: true }).click();
  await moveSelectedTo(page, 80, 80);
  await openTab(page, 'LAYERS');
  await expect(layerRows(page)).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Undo' })).toBeEnabled();

  // Select the image slot; arrows nudge it by 1, shift+arrow by 10.
  await page.getByRole('button', { name: 'Select Product image' }).click();
  await expect(propertyX(page)).toHaveValue('60');
  await blur(page);
  await page.keyboard.press('ArrowRight');
  await expect(propertyX(page)).toHaveValue('61');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(propertyY(page)).toHaveValue('70');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await expect(propertyX(page)).toHaveValue('60');
  await expect(propertyY(page)).toHaveValue('69');

  // Undo and redo.
  await page.keyboard.press('Control+z');
  await expect(propertyY(page)).toHaveValue('70');
  await page.keyboard.press('Control+z');
  await expect(propertyX(page)).toHaveValue('61');
  await page.keyboard.press('Control+Shift+z');
  await expect(propertyX(page)).toHaveValue('60');
  await expect(page.getByRole('button', { name: 'Redo' })).toBeEnabled();

  // Copy and paste: a second slot with a new id.
  await page.keyboard.press('Control+c');
  await page.keyboard.press('Control+v');
  await expect(layerRows(page)).toHaveCount(4);
  const ids = await layerIds(page);
  expect(new Set(ids).size).toBe(4);
  expect(ids.filter((id) => id.startsWith('MAIN_'))).toEqual(['MAIN_002', 'MAIN_001']);
  await expect(propertyX(page)).toHaveValue('70');

  // Delete and Backspace remove the selection.
  await page.keyboard.press('Delete');
  await expect(layerRows(page)).toHaveCount(3);
  await page.keyboard.press('Control+z');
  await expect(layerRows(page)).toHaveCount(4);
  await page.getByRole('button', { name: 'Select Product image' }).first().click();
  await blur(page);
  await page.keyboard.press('Backspace');
  await expect(layerRows(page)).toHaveCount(3);

  // Zoom out, in and back to 100%.
  await expect(zoom(page)).toHaveText('100%');
  await page.keyboard.press('Control+Equal');
  await expect(zoom(page)).toHaveText('110%');
  await page.keyboard.press('Control+Minus');
  await page.keyboard.press('Control+Minus');
  await expect(zoom(page)).toHaveText('90%');
  await page.keyboard.press('Control+Digit0');
  await expect(zoom(page)).toHaveText('100%');

  // Dragging an object on the canvas is one change: its position follows, and one undo puts it back.
  const canvas = page.getByTestId('builder-canvas').locator('canvas.upper-canvas');
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 50, box.y + 150);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1)
    await page.mouse.move(box.x + 50 + step * 10, box.y + 150 + step * 10);
  await page.mouse.up();
  await expect(propertyX(page)).toHaveValue('140');
  await expect(propertyY(page)).toHaveValue('140');
  await blur(page);
  await page.keyboard.press('Control+z');
  await expect(propertyX(page)).toHaveValue('40');

  // Editing a text on the canvas changes its template string; Backspace there edits the text, not the layers.
  await page.mouse.dblclick(box.x + 280, box.y + 117);
  await page.keyboard.press('End');
  await page.keyboard.type(' {title}x');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('textbox', { name: 'Text', exact: true })).toHaveValue('Text {title}');
  await expect(layerRows(page)).toHaveCount(3);

  // The safe-zone overlay is drawn over the canvas, not into the template.
  await page.getByRole('combobox', { name: 'Safe zone' }).click();
  await page.getByRole('option', { name: 'TikTok' }).click();
  await expect(page.getByTestId('safe-zone-overlay')).toHaveAttribute('data-zone', 'TIKTOK');

  // Typing in the name field is typing: Backspace and the arrows stay in the field.
  const name = `E2E builder ${randomUUID().slice(0, 8)}`;
  const nameInput = page.getByRole('textbox', { name: 'Template name' });
  await nameInput.fill(`${name}x`);
  await nameInput.press('Backspace');
  await nameInput.press('ArrowLeft');
  await nameInput.press('Control+Minus');
  await expect(nameInput).toHaveValue(name);
  await expect(layerRows(page)).toHaveCount(3);
  await expect(zoom(page)).toHaveText('100%');
  const before = await layerIds(page);

  // Leaving with unsaved changes asks first.
  await page.getByRole('navigation').getByRole('link', { name: 'Templates', exact: true }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(`${base}/products/templates/create/`);
  await expect(layerRows(page)).toHaveCount(3);

  // Save: the new template's edit route.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Template created' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${base}/products/templates/[0-9a-f-]{36}/$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Loaded again from the server: the same layers. The page asks for the template once, as it loads
  // (apps/web/src/app/askEarly.ts), and the builder takes that answer instead of asking again.
  // Without that, the builder could only ask once the session's answer had come.
  const events: string[] = [];
  const operation = (body: string | null) => /"operationName":"(\w+)"/.exec(body ?? '')?.[1];
  page.on('request', (request) => {
    if (operation(request.postData()) === 'BuilderTemplate') events.push('template asked');
  });
  page.on('response', (response) => {
    if (operation(response.request().postData()) === 'Session') events.push('session answered');
  });
  await page.reload();
  await openTab(page, 'LAYERS');
  await expect(layerRows(page)).toHaveCount(3);
  expect(events.filter((event) => event === 'template asked')).toHaveLength(1);
  expect(events.indexOf('template asked')).toBeLessThan(events.indexOf('session answered'));
  expect(await layerIds(page)).toEqual(before);
  await expect(page.getByRole('textbox', { name: 'Template name' })).toHaveValue(name);

  expect(problems).toEqual([]);
});

test('draws every kind a panel adds, and keeps them through save and load', async ({ page }) => {
  test.setTimeout(90_000);
  const f = fixtures();
  const problems = watchPage(page);
  await signIn(page, f.users.adminA);
  const base = `/clients/${f.clients.acme}`;
  await page.goto(`${base}/products/templates/create/`);

  // The canvas dragged in template units: at 100 % (the builder opens fitted); each new layer is moved
  // 20 further than the one before, from (40, 40).
  await zoomTo100(page);
  const added = [
    ['SHAPES', 'Rectangle'],
    ['SHAPES', 'Ellipse'],
    ['SHAPES', 'Line'],
    ['IMAGES', 'Image slot'],
    ['TEXT', 'Text'],
    ['WIDGETS', 'Star Rating'],
  ] as const;
  for (const [index, [tab, button]] of added.entries()) {
    await openTab(page, tab);
    await page.getByRole('button', { name: button, exact: true }).click();
    await moveSelectedTo(page, 40 + index * 20, 40 + index * 20);
  }
  await openTab(page, 'LAYERS');
  await expect(layerRows(page)).toHaveCount(6);
  const before = await layerIds(page);
  expect(before).toContain('RATING');

  // A selection box picks several layers; an arrow nudges them all in one step.
  const canvas = page.getByTestId('builder-canvas').locator('canvas.upper-canvas');
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 290);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1)
    await page.mouse.move(box.x + 30 + step * 26, box.y + 290 - step * 26);
  await page.mouse.up();
  await expect(page.getByText('6 layers selected')).toBeVisible();
  await blur(page);
  await page.keyboard.press('ArrowRight');
  // Dragging the selection moves every member (one step too).
  await page.mouse.move(box.x + 51, box.y + 150);
  await page.mouse.down();
  for (let step = 1; step <= 4; step += 1)
    await page.mouse.move(box.x + 51 + step * 5, box.y + 150 + step * 5);
  await page.mouse.up();
  await expect(page.getByText('6 layers selected')).toBeVisible();
  // (Where it lands depends on snapping; the members keep their distances.)
  await page.getByRole('button', { name: 'Select Rectangle' }).click();
  await expect(propertyX(page)).not.toHaveValue('41');
  const rectX = Number(await propertyX(page).inputValue());
  expect(rectX).toBeGreaterThan(50);
  await page.getByRole('button', { name: 'Select Ellipse' }).click();
  await expect(propertyX(page)).toHaveValue(String(rectX + 20));
  await blur(page);
  await page.keyboard.press('Control+z');
  await expect(propertyX(page)).toHaveValue('61');
  await page.keyboard.press('Control+z');
  await expect(propertyX(page)).toHaveValue('60');

  // Hide, lock and reorder from the layers panel.
  await page.getByRole('button', { name: 'Hide Ellipse' }).click();
  await page.getByRole('button', { name: 'Lock Line' }).click();
  await page.getByRole('button', { name: 'Move Star Rating down' }).click();
  const reordered = await layerIds(page);
  expect(reordered.slice(0, 2)).toEqual([before[1], before[0]]);

  const name = `E2E kinds ${randomUUID().slice(0, 8)}`;
  await page.getByRole('textbox', { name: 'Template name' }).fill(name);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Template created' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${base}/products/templates/[0-9a-f-]{36}/$`));
  await page.reload();
  await openTab(page, 'LAYERS');
  await expect(layerRows(page)).toHaveCount(6);
  expect(await layerIds(page)).toEqual(reordered);
  await expect(page.getByRole('button', { name: 'Show Ellipse' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unlock Line' })).toBeVisible();

  // Rename (double-click the name) and delete from the layers panel.
  await page.getByRole('button', { name: 'Select Rectangle' }).dblclick();
  const rename = page.getByRole('textbox', { name: 'Name of Rectangle' });
  await rename.fill('Backdrop');
  await rename.press('Enter');
  await expect(page.getByRole('button', { name: 'Select Backdrop' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Backdrop' }).click();
  await expect(layerRows(page)).toHaveCount(5);
  await blur(page);
  await page.keyboard.press('Control+z');
  await expect(layerRows(page)).toHaveCount(6);

  // The PREVIEW tab opens: the catalogue picker, or where to import one when Acme has none yet.
  await openTab(page, 'PREVIEW');
  await expect(page.getByRole('tabpanel', { name: 'PREVIEW' })).toContainText(/catalogue/i);
  await openTab(page, 'LAYERS');

  // Saving again updates the same template.
  await page.getByRole('button', { name: 'Move Star Rating up' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Template updated' })).toBeVisible();

  expect(problems).toEqual([]);
});
