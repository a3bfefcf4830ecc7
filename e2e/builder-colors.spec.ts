// Brand colours in the template builder (issue 6, item 7) and the paint of shapes: a colour of the brand
// kit picked from the swatches and drawn on the canvas, kept through save and reload; a colour field's
// edits undone in one step; a new colour saved from the builder (shown at once, 'New Color', the spec's
// messages) and listed by the brand kit; a save refused at the kit's 20-colour limit taking its swatch
// away again. Runs as Bob, admin of Bravo, whose brand kit no other browser test touches.
import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { fixtures } from './fixtures.js';
import { blur, clientGraphql, seeNotification, showFields, signIn, watchPage, zoomTo100 } from './helpers.js';

const SAVED = 'Successfully saved color to the Brand Kit.';
const FAILED = 'Failed to save. Please try again.';
const LIMIT = 'The brand kit can hold at most 20 colours. Delete one to add another.';

const graphql = <T>(page: Page, clientId: string, query: string, variables: Record<string, unknown> = {}) =>
  clientGraphql<T>(page, query, variables, clientId);

async function addKitColour(page: Page, clientId: string, name: string, textContent: string) {
  const data = await graphql<{ createBrandKitItem: { error: { message: string } | null } }>(
    page,
    clientId,
    `
      mutation ($name: String!, $textContent: String) {
        createBrandKitItem(name: $name, type: COLOR, textContent: $textContent) {
          error {
            message
          }
        }
      }
    `,
    { name, textContent },
  );
  expect(data.createBrandKitItem.error).toBeNull();
}

/** Holds the next createBrandKitItem request until `release` is called: the optimistic state can be seen. */
async function holdNextBrandKitSave(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen!: () => void;
  const requested = new Promise<void>((resolve) => (seen = resolve));
  await page.route(
    '**/api/clients/**',
    async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (body?.operationName !== 'CreateBrandKitItem') return route.fallback();
      seen();
      await released;
      return route.fallback();
    },
    { times: 1 },
  );
  return { requested, release };
}

/** The colour of the canvas at a point of the template (its own units), as [r, g, b]. */
async function canvasPixel(page: Page, x: number, y: number): Promise<number[]> {
  return page
    .getByTestId('builder-canvas')
    .locator('canvas.lower-canvas')
    .evaluate(
      (canvas: HTMLCanvasElement, [px, py]) => {
        const scale = canvas.width / canvas.clientWidth;
        const data = canvas
          .getContext('2d')!
          .getImageData(Math.round(px! * scale), Math.round(py! * scale), 1, 1);
        return [data.data[0]!, data.data[1]!, data.data[2]!];
      },
      [x, y],
    );
}

const rgb = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));

async function numberField(page: Page, name: string): Promise<number> {
  return Number(await page.getByRole('textbox', { name, exact: true }).inputValue());
}

/** Opens a colour field's dropdown and returns it. */
async function openColourField(page: Page, label: string): Promise<Locator> {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  const dropdown = page.getByRole('dialog', { name: `${label} colour` });
  await expect(dropdown).toBeVisible();
  return dropdown;
}

test('brand colours in the builder: pick, draw, undo, save to the kit, and the kit limit', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const f = fixtures();
  const problems = watchPage(page);
  await signIn(page, f.users.adminB);
  // Bob's only workspace is Bravo: its id comes from where he lands, not from the fixtures file, which the
  // last test server to start (maybe another run's) has written.
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}\//);
  const bravo = /\/clients\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
  const base = `/clients/${bravo}`;

  // A brand colour made in the brand kit screen.
  await page.goto(`${base}/brand-kit/`);
  const colours = page.getByRole('region', { name: 'Colours', exact: true });
  await colours.getByRole('button', { name: 'Add colour' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add colour' });
  await dialog.getByLabel('Name').fill('Bravo teal');
  await dialog.getByRole('textbox', { name: 'Colour' }).fill('#00897b');
  await dialog.getByRole('button', { name: 'Save colour' }).click();
  await seeNotification(page, SAVED);

  // The builder: an image slot (saving needs one), then a rectangle above it.
  await page.goto(`${base}/products/templates/create/`);
  // The template's own drawing, not the ad drawn with a catalogue item (the product view).
  await showFields(page);
  await expect(page.getByTestId('builder-canvas').locator('canvas').first()).toBeVisible();
  // With nothing selected, the canvas settings show.
  await expect(page.getByRole('textbox', { name: 'Background', exact: true })).toHaveValue('#ffffff');
  await page.getByRole('tab', { name: 'IMAGES', exact: true }).click();
  await page.getByRole('button', { name: 'Image slot', exact: true }).click();
  await page.getByRole('tab', { name: 'SHAPES', exact: true }).click();
  await page.getByRole('button', { name: 'Rectangle', exact: true }).click();
  const fill = page.getByRole('textbox', { name: 'Fill', exact: true });
  const defaultFill = await fill.inputValue();
  const centre = {
    x: (await numberField(page, 'X')) + (await numberField(page, 'Width')) / 2,
    y: (await numberField(page, 'Y')) + (await numberField(page, 'Height')) / 2,
  };
  // The canvas read in template units: at 100 % (the builder opens fitted).
  await zoomTo100(page);
  await expect.poll(() => canvasPixel(page, centre.x, centre.y)).toEqual(rgb(defaultFill));

  // Picked from the brand swatches: the field and the canvas show it.
  let dropdown = await openColourField(page, 'Fill');
  await dropdown.getByRole('button', { name: 'Bravo teal #00897b' }).click();
  await expect(fill).toHaveValue('#00897b');
  await expect.poll(() => canvasPixel(page, centre.x, centre.y)).toEqual(rgb('#00897b'));
  await blur(page);

  // Dragging in the picker changes the colour many times; one undo puts the swatch's colour back.
  dropdown = await openColourField(page, 'Fill');
  const saturation = dropdown.locator('.mantine-ColorPicker-saturation');
  const area = (await saturation.boundingBox())!;
  await page.mouse.move(area.x + area.width * 0.2, area.y + area.height * 0.2);
  await page.mouse.down();
  for (let step = 1; step <= 8; step += 1)
    await page.mouse.move(
      area.x + area.width * (0.2 + step * 0.08),
      area.y + area.height * (0.2 + step * 0.06),
    );
  await page.mouse.up();
  await expect(fill).not.toHaveValue('#00897b');
  await blur(page);
  await page.keyboard.press('Control+z');
  await expect(fill).toHaveValue('#00897b');
  await expect.poll(() => canvasPixel(page, centre.x, centre.y)).toEqual(rgb('#00897b'));
  await page.keyboard.press('Control+z');
  await expect(fill).toHaveValue(defaultFill);
  await expect.poll(() => canvasPixel(page, centre.x, centre.y)).toEqual(rgb(defaultFill));
  await page.keyboard.press('Control+Shift+z');
  await expect(fill).toHaveValue('#00897b');

  // Saved and opened again: the rectangle keeps its brand colour.
  const name = `E2E colours ${randomUUID().slice(0, 8)}`;
  await page.getByRole('textbox', { name: 'Template name' }).fill(name);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Template created' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${base}/products/templates/[0-9a-f-]{36}/$`));
  await page.reload();
  await page.getByRole('tab', { name: 'LAYERS', exact: true }).click();
  await page.getByRole('button', { name: 'Select Rectangle' }).click();
  await expect(fill).toHaveValue('#00897b');
  await expect.poll(() => canvasPixel(page, centre.x, centre.y)).toEqual(rgb('#00897b'));

  // A new colour saved from the builder: shown at once in every colour field, then kept.
  await fill.click();
  await fill.fill('#ff5722');
  await fill.press('Enter');
  await expect.poll(() => canvasPixel(page, centre.x, centre.y)).toEqual(rgb('#ff5722'));
  dropdown = await openColourField(page, 'Fill');
  let held = await holdNextBrandKitSave(page);
  await dropdown.getByRole('button', { name: 'Save to brand kit' }).click();
  await held.requested;
  await expect(dropdown.getByRole('button', { name: 'New Color #ff5722' })).toBeVisible();
  const stroke = await openColourField(page, 'Stroke');
  await expect(stroke.getByRole('button', { name: 'New Color #ff5722' })).toBeVisible();
  await expect(stroke.getByRole('button', { name: 'New Color #ff5722' })).toHaveAttribute('data-pending');
  held.release();
  await expect(page.getByRole('alert').filter({ hasText: SAVED })).toBeVisible();
  const saved = stroke.getByRole('button', { name: 'New Color #ff5722' });
  await expect(saved).toBeVisible();
  await expect(saved).not.toHaveAttribute('data-pending');
  await seeNotification(page, SAVED);

  // The brand kit screen lists it.
  const kitPage = await context.newPage();
  await kitPage.goto(`${base}/brand-kit/`);
  const kitColours = kitPage.getByRole('region', { name: 'Colours', exact: true });
  await expect(kitColours.getByRole('article', { name: 'New Color' })).toContainText('#ff5722');
  await expect(kitColours).toContainText('2 of 20 colours');

  // Meanwhile the kit fills up to its limit of 20 elsewhere; a save from the builder is refused.
  for (let i = 3; i <= 20; i += 1)
    await addKitColour(kitPage, bravo, `Filler ${i}`, `#0000${(i + 10).toString(16).padStart(2, '0')}`);
  await kitPage.close();
  await fill.click();
  await fill.fill('#123456');
  await fill.press('Enter');
  dropdown = await openColourField(page, 'Fill');
  held = await holdNextBrandKitSave(page);
  await dropdown.getByRole('button', { name: 'Save to brand kit' }).click();
  await held.requested;
  await expect(dropdown.getByRole('button', { name: 'New Color #123456' })).toBeVisible();
  held.release();
  await expect(page.getByRole('alert').filter({ hasText: FAILED })).toBeVisible();
  await expect(dropdown.getByRole('button', { name: 'New Color #123456' })).toHaveCount(0);
  await expect(dropdown.getByRole('note')).toHaveText(LIMIT);
  await expect(dropdown.getByRole('button', { name: 'Save to brand kit' })).toBeDisabled();
  await expect(dropdown.getByRole('button', { name: /^Filler 20 / })).toBeVisible();
  await seeNotification(page, FAILED);

  expect(problems).toEqual([]);
});
