// Snapping in the template builder (spec sections 2 and 9): a dragged object snaps to another's edge within
// 4 units with a red guide drawn meanwhile, and so does the edge a resize handle drags. Runs as Alice, an
// admin of Acme, on a new template at zoom 100% (one canvas unit is one screen pixel).
import { expect, test, type Page } from '@playwright/test';
import { fixtures } from './fixtures.js';
import { moveSelectedTo, signIn, watchPage, zoomTo100 } from './helpers.js';

test.use({ viewport: { width: 1600, height: 1200 } });

const propertyX = (page: Page) => page.getByRole('textbox', { name: 'X', exact: true });
const propertyY = (page: Page) => page.getByRole('textbox', { name: 'Y', exact: true });

type Rgba = [number, number, number, number];

/** The pixels of the canvas's drawing (lower) or its overlay of guides and handles (upper), in canvas units. */
async function pixels(page: Page, layer: 'lower' | 'upper', points: [number, number][]): Promise<Rgba[]> {
  return page
    .getByTestId('builder-canvas')
    .locator(`canvas.${layer}-canvas`)
    .evaluate((element, at) => {
      const canvas = element as HTMLCanvasElement;
      const ratio = canvas.width / canvas.clientWidth;
      const context = canvas.getContext('2d')!;
      return at.map(([x, y]) => {
        const data = context.getImageData(Math.floor(x * ratio), Math.floor(y * ratio), 1, 1).data;
        return [data[0]!, data[1]!, data[2]!, data[3]!] as Rgba;
      });
    }, points);
}

const isRed = ([r, g, b, a]: Rgba) => a > 40 && r > 150 && g < 100 && b < 100;

/** Whether a red guide crosses the small square around (x, y) on the overlay (a 1-unit line is antialiased). */
async function redGuideAt(page: Page, x: number, y: number): Promise<boolean> {
  const around: [number, number][] = [];
  for (let dx = -2; dx <= 2; dx += 1) for (let dy = -2; dy <= 2; dy += 1) around.push([x + dx, y + dy]);
  return (await pixels(page, 'upper', around)).some(isRed);
}

/** Moves the mouse from one canvas point to another in small steps, button held, and leaves it held. */
async function dragTo(
  page: Page,
  origin: { x: number; y: number },
  from: [number, number],
  to: [number, number],
) {
  await page.mouse.move(origin.x + from[0], origin.y + from[1]);
  await page.mouse.down();
  const steps = 12;
  for (let step = 1; step <= steps; step += 1) {
    await page.mouse.move(
      origin.x + from[0] + ((to[0] - from[0]) * step) / steps,
      origin.y + from[1] + ((to[1] - from[1]) * step) / steps,
    );
  }
}

test('a dragged object and a resized edge snap to another object within 4 units, with a red guide', async ({
  page,
}) => {
  const problems = watchPage(page);
  await signIn(page, fixtures().users.adminA);
  // Alice's client, from where signing in took her (not from the fixtures file other runs may rewrite).
  await expect(page).toHaveURL(/\/clients\/[^/]+\//);
  const clientId = /\/clients\/([^/]+)\//.exec(page.url())![1];
  await page.goto(`/clients/${clientId}/products/templates/create/`);
  const canvas = page.getByTestId('builder-canvas').locator('canvas.upper-canvas');
  await expect(canvas).toBeVisible();
  // At 100 %, one canvas unit is one screen pixel (the builder opens fitted).
  await zoomTo100(page);

  // A: 200 × 200 moved to (40, 40). B: moved to (400, 303).
  await page.getByRole('tab', { name: 'SHAPES', exact: true }).click();
  await page.getByRole('button', { name: 'Rectangle', exact: true }).click();
  await moveSelectedTo(page, 40, 40);
  await page.getByRole('button', { name: 'Rectangle', exact: true }).click();
  await propertyX(page).fill('400');
  await propertyY(page).fill('303');
  await expect(propertyX(page)).toHaveValue('400');
  await expect(propertyY(page)).toHaveValue('303');
  const origin = (await canvas.boundingBox())!;

  // Drag B left by 157: its left edge would stop at 243, 3 from A's right edge (240), so it snaps there.
  await dragTo(page, origin, [500, 400], [343, 400]);
  // While the button is held, a red guide runs down x = 240, also between A (to y 240) and B (from y 303).
  await expect.poll(() => redGuideAt(page, 240, 270)).toBe(true);
  await page.mouse.up();
  await expect(propertyX(page)).toHaveValue('240');
  await expect(propertyY(page)).toHaveValue('303');
  // The guides go with the drag.
  await expect.poll(() => redGuideAt(page, 240, 270)).toBe(false);

  // Select A, then drag its bottom handle (at (140, 240)) down to 301, 2 above B's top: it snaps to 303.
  await page.mouse.click(origin.x + 140, origin.y + 140);
  await expect(propertyX(page)).toHaveValue('40');
  await dragTo(page, origin, [140, 240], [140, 301]);
  // The guide runs along y = 303 across both objects (A's own border is drawn over its part).
  await expect.poll(() => redGuideAt(page, 300, 303)).toBe(true);
  await page.mouse.up();
  await expect.poll(() => redGuideAt(page, 300, 303)).toBe(false);
  // A's top stayed; its bottom edge is now B's top: the row above 303 is A's, the row below it is empty
  // (once nothing is selected: the selection's border is drawn along the edges).
  await expect(propertyY(page)).toHaveValue('40');
  await page.mouse.click(origin.x + 600, origin.y + 150);
  await expect(page.getByText('Select a layer to see its properties.')).toBeVisible();
  // The canvas draws the deselected scene on its next frame: read until it has (a busy CI machine is slow).
  const rows = () =>
    pixels(page, 'lower', [
      [140, 302.5],
      [140, 303.5],
      [140, 600],
    ]);
  await expect
    .poll(async () => {
      const [inside, , background] = await rows();
      return JSON.stringify(inside) !== JSON.stringify(background);
    })
    .toBe(true);
  const [, below, background] = await rows();
  expect(below).toEqual(background);

  expect(problems).toEqual([]);
});
