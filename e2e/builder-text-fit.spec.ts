// Text auto-fit on the builder's canvas (issue 6, Deliver 8): a template whose long title has a fit rule
// opens with the title shrunk into its box, as the renderer draws it; in a brand-kit font, measured with
// the brand font's file as the renderer measures it. Runs as Alice, an admin of Acme.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { loadTextFonts, type FontSource } from '@adloom/renderer';
import { fileFontSource } from '@adloom/renderer/server';
import { fitSizeOf } from '../apps/web/src/features/builder/engine/text-measure.js';
import {
  addLayers,
  createDynamicImageLayer,
  createModel,
  createTextLayer,
  type TextLayer,
} from '../apps/web/src/features/builder/model/index.js';
import { modelToSvg } from '../apps/web/src/features/builder/svg/modelToSvg.js';
import { fixtures } from './fixtures.js';
import { clientGraphql, csrfToken, signIn, watchPage, zoomTo100 } from './helpers.js';

const BOX = { left: 40, top: 60, width: 420, height: 150 };
const TITLE = 'Explorer waterproof hiking backpack with padded laptop sleeve';

/** The title as the first test places it; `fit` turns auto-fit on for the box. */
function titleText(fit: boolean, init: Partial<TextLayer> = {}): TextLayer {
  return createTextLayer({
    ...BOX,
    text: TITLE,
    fontFamily: 'Open Sans',
    fontWeight: 700,
    fontSize: 90,
    textAlign: 'left',
    fill: '#000000',
    fit: fit ? { height: BOX.height, minFontSize: 16 } : null,
    ...init,
  });
}

async function createTemplate(page: Page, fit: boolean | TextLayer): Promise<string> {
  const model = addLayers(createModel({ name: 'Fit', width: 500, height: 400 }), [
    createDynamicImageLayer('IMAGE', { left: 0, top: 300, width: 100, height: 100 }),
    typeof fit === 'boolean' ? titleText(fit) : fit,
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

/**
 * The lowest dark pixel of the canvas, in template units, once the drawing has settled (and, given a
 * `family`, once the page has that font).
 */
async function inkBottom(page: Page, id: string, family?: string): Promise<number> {
  await page.goto(`/clients/${fixtures().clients.acme}/products/templates/${id}/`);
  const canvas = page.getByTestId('builder-canvas').locator('canvas').first();
  await expect(canvas).toBeVisible();
  // Measured at 100 % (the builder opens fitted to its window).
  await zoomTo100(page);
  await page.evaluate(() => document.fonts.ready);
  if (family) {
    await expect
      .poll(() =>
        page.evaluate(
          (wanted) =>
            [...document.fonts].some(
              (face) => face.family.replace(/^"|"$/g, '') === wanted && face.status === 'loaded',
            ),
          family,
        ),
      )
      .toBe(true);
  }
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

/** A font of the platform's font assets (@fontsource), uploaded as a brand-kit font. */
function fontAsset(family: string, file: string): Buffer {
  const require = createRequire(import.meta.url);
  const renderer = path.dirname(require.resolve('@adloom/renderer/package.json'));
  const dir = path.dirname(require.resolve(`@fontsource/${family}/package.json`, { paths: [renderer] }));
  return readFileSync(path.join(dir, 'files', file));
}

/** The size the renderer fits the text at, the brand font (bytes) given as the request's custom font. */
async function rendererFitSize(layer: TextLayer, brandFont: Buffer | null): Promise<number> {
  const catalogue = fileFontSource();
  const source: FontSource = {
    catalogueFont: (file, signal) => catalogue.catalogueFont(file, signal),
    customFont: async () => brandFont!,
  };
  const [faces] = await loadTextFonts(
    [{ request: { family: layer.fontFamily, weight: 400, italic: false }, characters: layer.text }],
    {
      source,
      customFonts: brandFont ? [{ family: layer.fontFamily, url: 'brand-font' }] : [],
      warn: () => undefined,
    },
  );
  return fitSizeOf(layer, faces!);
}

test('a title in a brand-kit font is fitted with the brand font, as the renderer fits it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const problems = watchPage(page);
  await signIn(page, fixtures().users.adminA);

  // A narrow brand font (Anton, from the platform's font assets), uploaded as the brand kit screen does.
  const family = 'Fit Brand';
  await page.goto(`/clients/${fixtures().clients.acme}/brand-kit/`);
  const fonts = page.getByRole('region', { name: 'Fonts', exact: true });
  const chooser = page.waitForEvent('filechooser');
  await fonts.getByRole('button', { name: 'Upload font' }).click();
  await (
    await chooser
  ).setFiles([
    {
      name: 'fit brand.woff',
      mimeType: 'font/woff',
      buffer: fontAsset('anton', 'anton-latin-400-normal.woff'),
    },
  ]);
  const dialog = page.getByRole('dialog', { name: 'Upload font' });
  await dialog.getByRole('checkbox', { name: /hold a licence/ }).check();
  await dialog.getByRole('button', { name: 'Upload font' }).click();
  await expect(fonts.getByRole('article', { name: family })).toBeVisible();

  try {
    const { fontFamilies } = await clientGraphql<{
      fontFamilies: { family: string; fontUrl: string | null }[];
    }>(page, '{ fontFamilies { family fontUrl } }');
    const fontUrl = fontFamilies.find((font) => font.family === family)?.fontUrl;
    expect(fontUrl).toBeTruthy();
    const file = await page.request.get(fontUrl!);
    expect(file.ok()).toBe(true);
    const brandFont = Buffer.from(await file.body());

    // A box where the brand font and the renderer's fallback (Open Sans) fit the title at different sizes.
    const text = titleText(true, {
      fontFamily: family,
      fontWeight: 400,
      width: 300,
      fit: { height: 200, minFontSize: 16 },
    });
    const expected = await rendererFitSize(text, brandFont);
    const fallback = await rendererFitSize(text, null);
    expect(expected).toBeLessThan(90);
    expect(expected).not.toBe(fallback);

    // The canvas draws the fitted title as it draws the same title at the renderer's size without a fit.
    const fittedId = await createTemplate(page, text);
    const fitted = await inkBottom(page, fittedId, family);
    const atSize = await inkBottom(
      page,
      await createTemplate(page, { ...text, fit: null, fontSize: expected }),
      family,
    );
    expect(fitted).toBe(atSize);
    expect(fitted).toBeLessThanOrEqual(text.top + 200 + 2);

    // The auto-fit control names the same size.
    await page.goto(`/clients/${fixtures().clients.acme}/products/templates/${fittedId}/`);
    await page.getByRole('tab', { name: 'LAYERS', exact: true }).click();
    await page.getByRole('button', { name: 'Select Text', exact: true }).click();
    await expect(page.getByTestId('text-fit-note')).toContainText(`Shown at ${expected} (of 90).`);
  } finally {
    // The other browser tests count Acme's brand fonts.
    const { brandKit } = await clientGraphql<{ brandKit: { fonts: { id: string; name: string }[] } }>(
      page,
      '{ brandKit { fonts { id name } } }',
    );
    for (const font of brandKit.fonts.filter((item) => item.name === family))
      await clientGraphql(page, 'mutation ($id: ID!) { deleteBrandKitItem(id: $id) { deletedId } }', {
        id: font.id,
      });
  }

  expect(problems).toEqual([]);
});
