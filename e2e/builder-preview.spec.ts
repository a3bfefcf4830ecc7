// The builder's previews (issue 6): the live preview draws the unsaved template in the browser with the
// inputs generation uses, follows edits, steps through the items, and shows in the bottom preview bar;
// and it draws what generation produces: the same saved template and item rendered by the server preview
// (startAdGenerationJob) match it pixel for pixel within a small tolerance. Then every server-preview
// message of spec section 4 and 8 that a test can reach. The product photos come from a small HTTP server
// on 127.0.0.1 (the e2e server allow-lists that host). Runs as Alice, an admin of Acme.
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { fixtures } from './fixtures.js';
import {
  clientGraphql,
  countPixels,
  expectEditing,
  importCatalog,
  openTab,
  type Raster,
  rasterOf,
  shownRaster,
  signIn,
  startImageServer,
} from './helpers.js';

/** The client the signed-in page works in (Alice has one: Acme), read from the page's address. */
function clientOf(page: Page): string {
  const id = /\/clients\/([0-9a-f-]{36})\//.exec(page.url())?.[1];
  expect(id, `a client page, not ${page.url()}`).toBeTruthy();
  return id!;
}

const PHOTOS = { red: '#e53935', blue: '#1e88e5' } as const;

const isRed = (r: number, g: number, b: number) => r > 180 && g < 110 && b < 110;
const isBlue = (r: number, g: number, b: number) => b > 180 && r < 110 && g < 170;
/** Text: dark and grey, unlike the photos and the white background. */
const isText = (r: number, g: number, b: number) => r < 90 && g < 90 && b < 90;

/** The share of pixels whose channels differ by more than `tolerance` (of 255). */
function differingShare(a: Raster, b: Raster, tolerance: number): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let differing = 0;
  for (let i = 0; i < a.data.length; i += 3) {
    if (
      Math.abs(a.data[i]! - b.data[i]!) > tolerance ||
      Math.abs(a.data[i + 1]! - b.data[i + 1]!) > tolerance ||
      Math.abs(a.data[i + 2]! - b.data[i + 2]!) > tolerance
    )
      differing += 1;
  }
  return differing / (a.width * a.height);
}

/** Sets the selected text layer's template string in the properties panel. */
async function setText(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Text', exact: true });
  await box.fill(text);
  await box.blur();
}

let images: { server: Server; origin: string };
test.beforeAll(async () => {
  images = await startImageServer(PHOTOS);
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => images.server.close(() => resolve()));
});

test('the live preview draws what generation produces, follows edits and steps through the items', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const f = fixtures();
  await signIn(page, f.users.adminA);
  await page.waitForURL(/\/clients\/[0-9a-f-]{36}\//);
  const run = randomUUID().slice(0, 8);
  const catalogName = `E2E preview catalogue ${run}`;
  await importCatalog(
    page,
    clientOf(page),
    catalogName,
    [
      'id,title,price,brand,availability,image_link,material',
      `${run}-A,Red trail shoe,129.00 USD,Acme,in stock,${images.origin}/img/red.jpg,mesh`,
      `${run}-B,Blue road shoe,89.00 USD,Acme,in stock,${images.origin}/img/blue.jpg,canvas`,
      `${run}-C,Shoe with a lost picture,29.00 USD,Acme,in stock,${images.origin}/img/lost.jpg,leather`,
    ].join('\n'),
  );

  // A template with an image slot and the item's title.
  await page.goto(`/clients/${clientOf(page)}/products/templates/create/`);
  await expect(page.getByTestId('builder-canvas').locator('canvas').first()).toBeVisible();
  const bar = page.getByRole('region', { name: 'Preview bar' });
  // The catalogue imported last is chosen for the preview (and the canvas's product view): its first item.
  await expect(bar.getByTestId('preview-bar-item')).toHaveText('Red trail shoe', { timeout: 15_000 });
  await openTab(page, 'IMAGES');
  await page.getByRole('button', { name: 'Image slot', exact: true }).click();
  await openTab(page, 'TEXT');
  await page.getByRole('button', { name: 'Text', exact: true }).click();
  await setText(page, '{title}');

  // Before a save the server preview has no version to generate; the live preview draws the unsaved one.
  await openTab(page, 'PREVIEW');
  const server = page.getByRole('region', { name: 'Server preview' });
  const live = page.getByRole('region', { name: 'Live preview' });
  await expect(server).toContainText('Save the template to see it generated on the server.');
  await page.getByRole('combobox', { name: 'Catalogue' }).click();
  await page.getByRole('option', { name: new RegExp(catalogName) }).click();
  await page.getByRole('button', { name: /Red trail shoe/ }).click();
  const redLive = live.getByRole('img', { name: 'Live preview of Red trail shoe' });
  await expect(redLive).toBeVisible({ timeout: 30_000 });
  const first = await shownRaster(redLive);
  expect(first.width).toBe(1080);
  // The slot shows the item's photo, the text its title.
  expect(countPixels(first, isRed)).toBeGreaterThan(10_000);
  const titleInk = countPixels(first, isText);
  expect(titleInk).toBeGreaterThan(500);

  // With the catalogue chosen, 'Insert placeholder' also offers its own columns.
  await page.getByRole('button', { name: 'Insert placeholder' }).click();
  await expect(page.getByText("Your catalogue's columns")).toBeVisible();
  await expect(page.getByRole('option', { name: /^\{material\}/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // The bottom bar shares the state: the item's title, and expanded, the items drawn side by side.
  await expect(bar.getByTestId('preview-bar-item')).toHaveText('Red trail shoe');
  await bar.getByRole('button', { name: 'Expand the preview bar' }).click();
  await expect(bar.getByRole('img', { name: 'Live preview of Red trail shoe' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(bar.getByRole('img', { name: 'Live preview of Blue road shoe' })).toBeVisible({
    timeout: 30_000,
  });
  expect(
    countPixels(await shownRaster(bar.getByRole('img', { name: 'Live preview of Blue road shoe' })), isBlue),
  ).toBeGreaterThan(10_000);
  // An item whose photo is gone cannot be drawn, and the thumbnail says why.
  await expect(bar.getByRole('alert')).toContainText('could not be drawn', { timeout: 30_000 });

  // Saved, the same template and item generated on the server match the live preview.
  await page.getByRole('textbox', { name: 'Template name' }).fill(`E2E preview ${run}`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Template created' })).toBeVisible();
  const templateId = await expectEditing(page, `E2E preview ${run}`);
  // Its thumbnail (the templates list's card) is the ad drawn with the chosen item: the slot shows its photo.
  const { productCatalogTemplate } = await clientGraphql<{
    productCatalogTemplate: { thumbnailUrl: string | null };
  }>(page, 'query ($id: ID!) { productCatalogTemplate(id: $id) { thumbnailUrl } }', { id: templateId });
  const card = await rasterOf(
    await (await page.request.get(productCatalogTemplate.thumbnailUrl ?? '')).body(),
  );
  expect(countPixels(card, isRed)).toBeGreaterThan(10_000);
  // The edit route loads the template afresh, and loading clears the preview (spec section 4).
  await openTab(page, 'PREVIEW');
  await page.getByRole('combobox', { name: 'Catalogue' }).click();
  await page.getByRole('option', { name: new RegExp(catalogName) }).click();
  await page.getByRole('button', { name: /Red trail shoe/ }).click();
  await expect(live.getByRole('img', { name: 'Live preview of Red trail shoe' })).toBeVisible({
    timeout: 30_000,
  });
  const serverImage = server.getByRole('img', { name: 'Server preview of Red trail shoe' });
  await expect(serverImage).toBeVisible({ timeout: 60_000 });
  const generated = await rasterOf(
    await (await page.request.get((await serverImage.getAttribute('src')) ?? '')).body(),
  );
  const drawn = await shownRaster(live.getByRole('img', { name: 'Live preview of Red trail shoe' }));
  // The server stores JPEG (quality 90): its artefacts stay within 24/255 but for a few edge pixels.
  const share = differingShare(drawn, generated, 24);
  console.log(
    `live preview vs generated ad: ${(share * 100).toFixed(3)} % of pixels differ by more than 24/255`,
  );
  test.info().annotations.push({ type: 'live vs generated', description: `${(share * 100).toFixed(3)} %` });
  expect(share).toBeLessThan(0.005);

  // An edit is drawn again: a longer text puts more ink on the picture.
  await openTab(page, 'LAYERS');
  await page.getByRole('button', { name: 'Select Text', exact: true }).click();
  await setText(page, '{title} {title}');
  await openTab(page, 'PREVIEW');
  await expect
    .poll(
      async () =>
        countPixels(
          await shownRaster(live.getByRole('img', { name: 'Live preview of Red trail shoe' })),
          isText,
        ),
      {
        timeout: 30_000,
      },
    )
    .toBeGreaterThan(titleInk * 1.5);

  // Stepping: the next item, its photo, and the bar follows.
  await live.getByRole('button', { name: 'Next item' }).click();
  await expect(live).toContainText('2 of 3');
  const blueLive = live.getByRole('img', { name: 'Live preview of Blue road shoe' });
  await expect(blueLive).toBeVisible({ timeout: 30_000 });
  const blue = await shownRaster(blueLive);
  expect(countPixels(blue, isBlue)).toBeGreaterThan(10_000);
  expect(countPixels(blue, isRed)).toBe(0);
  await expect(bar.getByTestId('preview-bar-item')).toHaveText('Blue road shoe');
  await live.getByRole('button', { name: 'Previous item' }).click();
  await expect(live).toContainText('1 of 3');
});

test('the server preview shows each state of the ad generation job', async ({ page }) => {
  test.setTimeout(180_000);
  const f = fixtures();
  await signIn(page, f.users.adminA);
  await page.waitForURL(/\/clients\/[0-9a-f-]{36}\//);
  const run = randomUUID().slice(0, 8);
  const catalogName = `E2E preview states ${run}`;
  await importCatalog(
    page,
    clientOf(page),
    catalogName,
    [
      'id,title,price,brand,availability,image_link',
      `${run}-A,Red trail shoe,129.00 USD,Acme,in stock,${images.origin}/img/red.jpg`,
      `${run}-B,Shoe with a lost picture,29.00 USD,Acme,in stock,${images.origin}/img/lost.jpg`,
    ].join('\n'),
  );
  await page.goto(`/clients/${clientOf(page)}/products/templates/create/`);
  await openTab(page, 'IMAGES');
  await page.getByRole('button', { name: 'Image slot', exact: true }).click();
  await page.getByRole('textbox', { name: 'Template name' }).fill(`E2E preview states ${run}`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Template created' })).toBeVisible();
  await expectEditing(page, `E2E preview states ${run}`);

  await openTab(page, 'PREVIEW');
  const server = page.getByRole('region', { name: 'Server preview' });
  await page.getByRole('combobox', { name: 'Catalogue' }).click();
  await page.getByRole('option', { name: new RegExp(catalogName) }).click();
  await expect(server).toContainText('Pick an item to see the saved template generated with it.');

  // COMPLETED with an adResult error: the item's photo is gone.
  await page.getByRole('button', { name: /Shoe with a lost picture/ }).click();
  await expect(server.getByRole('alert')).toHaveText(/Error generating preview/, { timeout: 60_000 });

  // PENDING/RUNNING then COMPLETED with an ad: the first ad's picture.
  await page.getByRole('button', { name: /Red trail shoe/ }).click();
  await expect(server.getByRole('img', { name: 'Server preview of Red trail shoe' })).toBeVisible({
    timeout: 60_000,
  });

  // A slot setting changed and saved: the preview of the new version sends the new version's settings.
  await openTab(page, 'LAYERS');
  await page.getByRole('button', { name: 'Select Product image', exact: true }).click();
  await page.getByLabel('Contain (fit the whole image in the box)').check();
  const restarted = page.waitForRequest(
    (request) => /"operationName":"BuilderStartAdGenerationJob"/.test(request.postData() ?? ''),
    { timeout: 60_000 },
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Template updated' })).toBeVisible();
  await openTab(page, 'PREVIEW');
  const sent = (await restarted).postDataJSON() as {
    variables: { adConfigs: { slots: { features: { key: string; value: string }[] }[] }[] };
  };
  expect(sent.variables.adConfigs[0]!.slots[0]!.features).toContainEqual({ key: 'isContain', value: 'true' });
  await expect(server.getByRole('img', { name: 'Server preview of Red trail shoe' })).toBeVisible({
    timeout: 60_000,
  });

  // The answers generation does not give on demand, put in the place of the server's.
  const answers: [string, string, Record<string, unknown> | 'abort'][] = [
    [
      'Failed to generate preview',
      'BuilderFetchAdGenerationJob',
      {
        fetchAdGenerationJob: {
          status: 'COMPLETED',
          errorInfo: null,
          adResult: { error: null, adItems: [] },
        },
      },
    ],
    [
      'Unable to get ad generation status',
      'BuilderFetchAdGenerationJob',
      { fetchAdGenerationJob: { status: 'FAILED', errorInfo: 'worker lost', adResult: null } },
    ],
    [
      'Unable to read ad generation payload',
      'BuilderStartAdGenerationJob',
      { startAdGenerationJob: { adJobResult: null, error: null } },
    ],
    [
      'Unable to start ad generation',
      'BuilderStartAdGenerationJob',
      { startAdGenerationJob: { adJobResult: null, error: { code: 'UNAVAILABLE', message: 'No workers' } } },
    ],
    ['Something went wrong. Please try again later', 'BuilderStartAdGenerationJob', 'abort'],
  ];
  for (const [message, operation, data] of answers) {
    const endpoint = `**/api/clients/${clientOf(page)}/`;
    await page.route(endpoint, async (route) => {
      if (!(route.request().postData() ?? '').includes(operation)) return route.fallback();
      if (data === 'abort') return route.abort('connectionrefused');
      return route.fulfill({ json: { data } });
    });
    // A new run: pick the other item, then this one again.
    await page.getByRole('button', { name: /Shoe with a lost picture/ }).click();
    await page.getByRole('button', { name: /Red trail shoe/ }).click();
    await expect(server.getByRole('alert')).toHaveText(new RegExp(message), { timeout: 30_000 });
    await page.unroute(endpoint);
  }
  // Try again runs it once more, with the server's real answers.
  await server.getByRole('button', { name: 'Try again' }).click();
  await expect(server.getByRole('img', { name: 'Server preview of Red trail shoe' })).toBeVisible({
    timeout: 60_000,
  });
});
