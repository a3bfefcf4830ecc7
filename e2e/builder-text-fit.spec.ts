// Text auto-fit on the builder's canvas (issue 6, Deliver 8): a template whose long title has a fit rule
// opens with the title shrunk into its box, as the renderer draws it. Runs as Alice, an admin of Acme.
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  addLayers,
  createDynamicImageLayer,
  createModel,
  createTextLayer,
} from '../apps/web/src/features/builder/model/index.js';
import { modelToSvg } from '../apps/web/src/features/builder/svg/modelToSvg.js';
import { fixtures } from './fixtures.js';
import { csrfToken, signIn } from './helpers.js';

const BOX = { left: 40, top: 60, width: 420, height: 150 };
const TITLE = 'Explorer waterproof hiking backpack with padded laptop sleeve';

async function createTemplate(page: Page, fit: boolean): Promise<string> {
  const model = addLayers(createModel({ name: 'Fit', width: 500, height: 400 }), [
    createDynamicImageLayer('IMAGE', { left: 0, top: 300, width: 100, height: 100 }),
    createTextLayer({
      ...BOX,
      text: TITLE,
      fontFamily: 'Open Sans',
      fontWeight: 700,
      fontSize: 90,
      textAlign: 'left',
      fill: '#000000',
      fit: fit ? { height: BOX.height, minFontSize: 16 } : null,
    }),
  ]);
  const response = await page.request.post(`/api/clients/${fixtures().clients.acme}/`, {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: {
      query: `mutation ($templateString: String!) {
        createProductCatalogTemplate(name: "Fit", templateString: $templateString) { template { id } }
      }`,
      variables: { templateString: modelToSvg(model) },
    },
  });
  const body = (await response.json()) as {
    data: { createProductCatalogTemplate: { template: { id: string } } };
  };
  return body.data.createProductCatalogTemplate.template.id;
}

/** The lowest dark pixel of the canvas, in template units, once the drawing has settled. */
async function inkBottom(page: Page, id: string): Promise<number> {
  await page.goto(`/clients/${fixtures().clients.acme}/products/templates/${id}/`);
  const canvas = page.getByTestId('builder-canvas').locator('canvas').first();
  await expect(canvas).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  let previous = -1;
  let bottom = -2;
  // Fonts and the fitted size arrive asynchronously: wait until two readings agree.
  for (let attempt = 0; attempt < 20 && bottom !== previous; attempt += 1) {
    await page.waitForTimeout(500);
    previous = bottom;
    const box = (await canvas.boundingBox())!;
    const { data, info } = await sharp(await canvas.screenshot())
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const scale = info.width / 500;
    bottom = 0;
    for (let y = 0; y < Math.round(295 * scale); y += 1) {
      for (let x = 0; x < info.width; x += 1) if (data[(y * info.width + x) * 3]! < 100) bottom = y;
    }
    bottom = Math.round(bottom / scale);
    expect(box.width).toBeGreaterThan(0);
  }
  return bottom;
}

test('a long title with auto-fit opens shrunk into its box; without it, it runs past the box', async ({
  page,
}) => {
  await signIn(page, fixtures().users.adminA);
  const fitted = await inkBottom(page, await createTemplate(page, true));
  expect(fitted).toBeGreaterThan(BOX.top + BOX.height / 2);
  expect(fitted).toBeLessThanOrEqual(BOX.top + BOX.height + 2);
  const unfitted = await inkBottom(page, await createTemplate(page, false));
  expect(unfitted).toBeGreaterThan(BOX.top + BOX.height + 50);
});
