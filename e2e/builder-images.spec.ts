// The builder's IMAGES tab (issue 6): uploaded pictures scaled down to the canvas (a JPEG stays a JPEG,
// anything else becomes a PNG), drawn on the canvas, one undo step each, kept through save and reload;
// a placeholder while a picture loads; the brand kit's logos as pictures and in the logo slot; the
// image slots; the slideshow and video slots with the spec's slideshow defaults, in their saved ids and
// the template's slots. Runs as Bob, an admin of Bravo (whose brand kit no other test fills with logos).
import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import sharp from 'sharp';
import { fixtures } from './fixtures.js';
import {
  blur,
  clientGraphql,
  moveSelectedTo,
  openTab,
  showFields,
  signIn,
  watchPage,
  zoomTo100,
} from './helpers.js';

type Rgb = [number, number, number];
type Upload = { name: string; mimeType: string; buffer: Buffer };

const layerRows = (page: Page) => page.getByTestId('layer-row');
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const placeholder = (page: Page) => page.getByTestId('image-import-placeholder');

async function chooseFiles(page: Page, button: Locator, files: Upload[]) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(files);
}

/** A picture of two colours side by side: `left` on the left half, `right` on the right. */
async function halves(width: number, height: number, left: string, right: string) {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: left } }).composite([
    {
      input: await sharp({ create: { width: width - half, height, channels: 3, background: right } })
        .png()
        .toBuffer(),
      left: half,
      top: 0,
    },
  ]);
}

/** Random pixels: a PNG that compresses badly, as large as a photo saved as PNG. */
function noisePng(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The colour the canvas shows at (x, y) in template units (zoom 1). */
async function canvasPixel(page: Page, x: number, y: number): Promise<Rgb> {
  const canvas = page.getByTestId('builder-canvas').locator('canvas.lower-canvas');
  return canvas.evaluate(
    (element: HTMLCanvasElement, at) => {
      const ratio = element.width / element.getBoundingClientRect().width;
      const data = element.getContext('2d')!.getImageData(at.x * ratio, at.y * ratio, 1, 1).data;
      return [data[0]!, data[1]!, data[2]!] as Rgb;
    },
    { x, y },
  );
}

const near = (actual: Rgb, expected: Rgb, tolerance = 24) =>
  actual.every((value, index) => Math.abs(value - expected[index]!) <= tolerance);

async function expectPixel(page: Page, x: number, y: number, expected: Rgb) {
  await expect
    .poll(async () => near(await canvasPixel(page, x, y), expected), { timeout: 10_000 })
    .toBe(true);
}

async function expectSelectedBox(page: Page, box: { x: number; y: number; width: number; height: number }) {
  await expect(field(page, 'X')).toHaveValue(String(box.x));
  await expect(field(page, 'Y')).toHaveValue(String(box.y));
  await expect(field(page, 'Width')).toHaveValue(String(box.width));
  await expect(field(page, 'Height')).toHaveValue(String(box.height));
}

/**
 * Signs Bob in and returns Bravo's id, read from where he lands (his only workspace): browser tests of
 * other parts may rewrite the shared fixtures file while this one runs against its own server.
 */
async function signInToBravo(page: Page): Promise<string> {
  await signIn(page, fixtures().users.adminB);
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}\//);
  return /\/clients\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
}

const graphql = <T>(page: Page, clientId: string, query: string, variables: Record<string, unknown> = {}) =>
  clientGraphql<T>(page, query, variables, clientId);

/** The saved template's pictures: each <image>'s id, size and the decoded picture's format and size. */
async function savedPictures(page: Page, clientId: string, id: string) {
  const { productCatalogTemplate } = await graphql<{ productCatalogTemplate: { templateString: string } }>(
    page,
    clientId,
    'query ($id: ID!) { productCatalogTemplate(id: $id) { templateString } }',
    { id },
  );
  const images = [...productCatalogTemplate.templateString.matchAll(/<image\b[^>]*>/g)].map((m) => m[0]);
  return Promise.all(
    images.map(async (tag) => {
      const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
      const href = attribute('xlink:href') ?? attribute('href') ?? '';
      const match = /^data:(image\/[a-z+]+);base64,(.*)$/.exec(href);
      const meta = match ? await sharp(Buffer.from(match[2]!, 'base64')).metadata() : null;
      return {
        id: attribute('id') ?? null,
        width: Number(attribute('width')),
        height: Number(attribute('height')),
        type: match?.[1] ?? href.slice(0, 30),
        format: meta?.format,
        pixels: meta ? `${meta.width}x${meta.height}` : null,
      };
    }),
  );
}

test('uploaded pictures fit the canvas, keep JPEG, become PNG otherwise, and survive save and reload', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const problems = watchPage(page);
  const clientId = await signInToBravo(page);
  const base = `/clients/${clientId}`;
  await page.goto(`${base}/products/templates/create/`);
  // The template's own drawing, not the ad drawn with a catalogue item (the product view).
  await showFields(page);
  await expect(page.getByTestId('builder-canvas').locator('canvas').first()).toBeVisible();
  // The canvas read in template units: at 100 % (the builder opens fitted).
  await zoomTo100(page);
  await openTab(page, 'IMAGES');
  const upload = page.getByRole('button', { name: 'Upload picture' });

  // A 2000 × 1500 JPEG in a 1080 × 1080 canvas: 1080 × 810, centred, red on the left and blue on the right.
  const photo = await (await halves(2000, 1500, '#ff0000', '#0000ff')).jpeg({ quality: 95 }).toBuffer();
  await chooseFiles(page, upload, [{ name: 'beach photo.jpg', mimeType: 'image/jpeg', buffer: photo }]);
  await expectSelectedBox(page, { x: 0, y: 135, width: 1080, height: 810 });
  await expectPixel(page, 270, 540, [255, 0, 0]);
  await expectPixel(page, 810, 540, [0, 0, 255]);
  // Above and below it, the white background.
  await expectPixel(page, 540, 60, [255, 255, 255]);

  // One undo step: undo removes the picture and leaves nothing to undo; redo brings it back.
  await blur(page);
  await page.keyboard.press('Control+z');
  await expectPixel(page, 270, 540, [255, 255, 255]);
  await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
  await page.keyboard.press('Control+Shift+z');
  await expectPixel(page, 270, 540, [255, 0, 0]);

  // A PNG that fits stays a PNG at its own size; a WebP larger than the canvas becomes a PNG that fits.
  const png = await (await halves(600, 400, '#00ff00', '#ffff00')).png().toBuffer();
  await chooseFiles(page, upload, [{ name: 'badge.png', mimeType: 'image/png', buffer: png }]);
  await expectSelectedBox(page, { x: 240, y: 340, width: 600, height: 400 });
  await expectPixel(page, 300, 540, [0, 255, 0]);
  const webp = await (await halves(1600, 3200, '#ff00ff', '#00ffff')).webp({ lossless: true }).toBuffer();
  await chooseFiles(page, upload, [{ name: 'tall.webp', mimeType: 'image/webp', buffer: webp }]);
  await expectSelectedBox(page, { x: 270, y: 0, width: 540, height: 1080 });
  await expectPixel(page, 300, 20, [255, 0, 255]);
  await expectPixel(page, 780, 20, [0, 255, 255]);

  // A file that is not a picture is refused with what to do, and nothing is added.
  await chooseFiles(page, upload, [{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') }]);
  await expect(
    page.getByRole('alert').filter({ hasText: 'choose a PNG, JPEG, WebP, GIF or SVG file' }),
  ).toBeVisible();

  // A large PNG (random pixels: about 3 MB, like a photo saved as PNG) still lets the template save.
  await chooseFiles(page, upload, [
    { name: 'noise.png', mimeType: 'image/png', buffer: await noisePng(1000, 1000) },
  ]);
  await expectSelectedBox(page, { x: 40, y: 40, width: 1000, height: 1000 });

  // A picture dropped on the canvas lands centred where it is dropped.
  const dropped = await (await halves(200, 100, '#000080', '#008000')).png().toBuffer();
  const transfer = await page.evaluateHandle((base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
    return data;
  }, dropped.toString('base64'));
  const upper = page.getByTestId('builder-canvas').locator('canvas.upper-canvas');
  const canvasBox = (await upper.boundingBox())!;
  const point = { clientX: canvasBox.x + 300, clientY: canvasBox.y + 400 };
  await upper.dispatchEvent('dragover', { dataTransfer: transfer, ...point });
  await upper.dispatchEvent('drop', { dataTransfer: transfer, ...point });
  // (The canvas may sit at a fraction of a pixel on the page: within a unit.)
  await expect(field(page, 'Width')).toHaveValue('200');
  await expect(field(page, 'Height')).toHaveValue('100');
  expect(Math.abs(Number(await field(page, 'X').inputValue()) - 200)).toBeLessThanOrEqual(1);
  expect(Math.abs(Number(await field(page, 'Y').inputValue()) - 350)).toBeLessThanOrEqual(1);
  await expectPixel(page, 250, 400, [0, 0, 128]);

  // The product image slot and the logo slot (Bravo's brand kit has no logo yet: a plain slot).
  // Both land in the middle of the visible canvas: moved to the bottom right, off the pixels read below.
  await page.getByRole('button', { name: 'Image slot', exact: true }).click();
  await moveSelectedTo(page, 640, 640);
  await page.getByRole('button', { name: 'Logo', exact: true }).click();
  await moveSelectedTo(page, 700, 700);
  await openTab(page, 'LAYERS');
  await expect(layerRows(page)).toHaveCount(7);
  const before = await layerRows(page).evaluateAll((rows) =>
    rows.map((row) => row.getAttribute('data-layer-id')),
  );
  expect(before).toContain('LOGO_MAIN');
  expect(before).toContain('MAIN_001');

  const name = `E2E pictures ${randomUUID().slice(0, 8)}`;
  await page.getByRole('textbox', { name: 'Template name' }).fill(name);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // About 4 MB of pictures to send and check: more time than a plain save.
  await expect(page.getByRole('alert').filter({ hasText: 'Template created' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveURL(new RegExp(`${base}/products/templates/[0-9a-f-]{36}/$`));
  const id = /templates\/([0-9a-f-]{36})\//.exec(page.url())![1]!;

  // What the server keeps: the pictures themselves, JPEG as JPEG and the others as PNG, at their fitted size.
  const pictures = await savedPictures(page, clientId, id);
  expect(pictures).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        width: 1080,
        height: 810,
        type: 'image/jpeg',
        format: 'jpeg',
        pixels: '1080x810',
      }),
      expect.objectContaining({
        width: 600,
        height: 400,
        type: 'image/png',
        format: 'png',
        pixels: '600x400',
      }),
      expect.objectContaining({
        width: 540,
        height: 1080,
        type: 'image/png',
        format: 'png',
        pixels: '540x1080',
      }),
      expect.objectContaining({
        width: 1000,
        height: 1000,
        type: 'image/png',
        format: 'png',
        pixels: '1000x1000',
      }),
    ]),
  );

  // Reopened: the same layers, the pictures drawn again.
  await page.reload();
  await openTab(page, 'LAYERS');
  await expect(layerRows(page)).toHaveCount(7);
  expect(
    await layerRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-layer-id'))),
  ).toEqual(before);
  await expectPixel(page, 20, 540, [255, 0, 0]);
  await expectPixel(page, 300, 20, [255, 0, 255]);

  expect(problems).toEqual([]);
});

test('brand kit logos: a placeholder while one loads, placed as a picture, shown in the logo slot', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const problems = watchPage(page);
  const clientId = await signInToBravo(page);
  const base = `/clients/${clientId}`;

  // Bravo's first logo: 400 × 200, orange on the left and green on the right.
  await page.goto(`${base}/brand-kit/`);
  const logos = page.getByRole('region', { name: 'Logos', exact: true });
  const logoName = `wordmark ${randomUUID().slice(0, 6)}`;
  const logo = await (await halves(400, 200, '#ff8800', '#00aa00')).png().toBuffer();
  await chooseFiles(page, logos.getByRole('button', { name: 'Upload logos' }), [
    { name: `${logoName}.png`, mimeType: 'image/png', buffer: logo },
  ]);
  await expect(logos.getByRole('article', { name: logoName })).toBeVisible();

  await page.goto(`${base}/products/templates/create/`);
  // The template's own drawing, not the ad drawn with a catalogue item (the product view).
  await showFields(page);
  await expect(page.getByTestId('builder-canvas').locator('canvas').first()).toBeVisible();
  // The placeholder measured in screen pixels: at 100 % (the builder opens fitted).
  await zoomTo100(page);
  await openTab(page, 'IMAGES');
  const place = page.getByRole('button', { name: `Place logo ${logoName}` });
  await expect(place).toBeVisible();

  // The logo's file is held back: meanwhile a placeholder stands where it will land, and nothing is added.
  let release: (() => void) | undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const logoFile = (url: URL) => url.pathname.startsWith('/files/') && url.pathname.endsWith('.png');
  const hold = async (route: Route) => {
    await held;
    await route.continue();
  };
  await page.route(logoFile, hold);
  await place.click();
  await expect(placeholder(page)).toBeVisible();
  await expect(placeholder(page)).toHaveAccessibleName(`Placing ${logoName}`);
  // Where the logo will land: 400 × 200 in the middle of the canvas.
  const box = (await placeholder(page).boundingBox())!;
  expect([Math.round(box.width), Math.round(box.height)]).toEqual([400, 200]);
  await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
  release!();
  await expect(placeholder(page)).toHaveCount(0);
  await expectSelectedBox(page, { x: 340, y: 440, width: 400, height: 200 });
  await expectPixel(page, 440, 540, [255, 136, 0]);
  await expectPixel(page, 640, 540, [0, 170, 0]);
  await page.unroute(logoFile, hold);
  // The placeholder was no step of its own: one undo removes the logo, and there is nothing left to undo.
  await blur(page);
  await page.keyboard.press('Control+z');
  await expectPixel(page, 440, 540, [255, 255, 255]);
  await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();

  // A logo that cannot be downloaded: the placeholder goes, the error says so, nothing is added.
  await page.route(logoFile, (route) => route.fulfill({ status: 503, body: 'busy' }));
  await place.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load image' })).toBeVisible();
  await expect(placeholder(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
  await page.unroute(logoFile);

  // The logo slot shows the brand's first logo in a box of its shape; the ad gets the logo there.
  await expect(page.getByText(`The brand kit's first logo (${logoName}) in each ad.`)).toBeVisible();
  await page.getByRole('button', { name: 'Logo', exact: true }).click();
  // It lands in the middle of what is visible; moved to the top left corner to be read there.
  await moveSelectedTo(page, 40, 40);
  await expectSelectedBox(page, { x: 40, y: 40, width: 300, height: 150 });
  await expectPixel(page, 80, 115, [255, 136, 0]);
  await expectPixel(page, 300, 115, [0, 170, 0]);
  // The blurred background goes under everything else.
  await page.getByRole('button', { name: 'Blurred background', exact: true }).click();
  await expectSelectedBox(page, { x: 0, y: 0, width: 1080, height: 1080 });
  await openTab(page, 'LAYERS');
  await expect(layerRows(page)).toHaveCount(2);
  await expect(layerRows(page).first()).toHaveAttribute('data-layer-id', 'LOGO_MAIN');
  await expect(layerRows(page).last()).toHaveAttribute('data-layer-id', 'MAIN_BLUR');

  // The 503 was the test's own doing (the browser logs it too).
  expect(problems.filter((problem) => !/HTTP 503|status of 503/.test(problem))).toEqual([]);
});

test('slideshow and video slots: added from IMAGES with the slideshow defaults, saved in their ids, listed as slots', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = watchPage(page);
  const clientId = await signInToBravo(page);
  const base = `/clients/${clientId}`;
  await page.goto(`${base}/products/templates/create/`);
  await expect(page.getByTestId('builder-canvas').locator('canvas').first()).toBeVisible();
  await openTab(page, 'IMAGES');
  await expect(
    page.getByText('Their timing (2 s a slide, 0.3 s transition, up to 4 slides) is saved with the template'),
  ).toBeVisible();

  const name = page.getByRole('textbox', { name: 'Layer name', exact: true });
  const type = page.getByRole('combobox', { name: 'Dynamic layer type' });
  const timing = {
    duration: page.getByRole('textbox', { name: 'Slide duration (seconds)' }),
    transition: page.getByRole('textbox', { name: 'Transition (seconds)' }),
    maxSlides: page.getByRole('textbox', { name: 'Max slides' }),
  };
  /** The layer data of the selected slot: its name, its type and the slideshow defaults. */
  const expectSlot = async (layerName: string, typeLabel: string) => {
    await expect(name).toHaveValue(layerName);
    await expect(type).toHaveValue(typeLabel);
    await expect(timing.duration).toHaveValue('2');
    await expect(timing.transition).toHaveValue('0.3');
    await expect(timing.maxSlides).toHaveValue('4');
    // An input slot: the slot fields, and no sale or stock conditions.
    await expect(
      page.getByRole('switch', { name: 'Contain (fit the whole image in the box)' }),
    ).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'On sale (is sale)' })).toHaveCount(0);
  };

  // Each is added selected, a slot box of the image slot's size.
  await page.getByRole('button', { name: 'Slideshow slot', exact: true }).click();
  await expect(field(page, 'Width')).toHaveValue('400');
  await expectSlot('Slideshow', 'Slideshow slot');
  await page.getByRole('button', { name: 'Video slot', exact: true }).click();
  await expectSlot('Video', 'Video slot');

  // The layers panel lists both with their role; selected there, the layer data says the same.
  const slideshowId = 'MAIN_001_SLIDESHOW[d=2;t=0.3;n=4]';
  const videoId = 'MAIN_002_VIDEO[d=2;t=0.3;n=4]';
  const ids = () =>
    layerRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-layer-id')));
  await openTab(page, 'LAYERS');
  await expect(layerRows(page)).toHaveCount(2);
  expect((await ids()).sort()).toEqual([slideshowId, videoId]);
  const row = (id: string) => page.locator(`[data-testid="layer-row"][data-layer-id="${id}"]`);
  // Named as a marketer reads them, numbered in input order (never by the ids).
  await expect(row(slideshowId).getByTestId('layer-roles')).toHaveText('Slideshow 1 (fill)');
  await expect(row(videoId).getByTestId('layer-roles')).toHaveText('Video 2 (fill)');
  await page.getByRole('button', { name: 'Select Slideshow', exact: true }).click();
  await expectSlot('Slideshow', 'Slideshow slot');

  // Saved (a slideshow or video slot is the dynamic layer a template needs).
  await page
    .getByRole('textbox', { name: 'Template name' })
    .fill(`E2E slideshow ${randomUUID().slice(0, 8)}`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Template created' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${base}/products/templates/[0-9a-f-]{36}/$`));
  const id = /templates\/([0-9a-f-]{36})\//.exec(page.url())![1]!;

  // The saved SVG carries the options in the ids (template-format.md section 2); the server reads the
  // slots from them, in slot order, with their type and timing.
  type SavedSlot = {
    id: string;
    index: number;
    type: string;
    maxSlides: number;
    features: { key: string; value: string }[];
  };
  const { productCatalogTemplate: saved } = await graphql<{
    productCatalogTemplate: { templateString: string; slots: SavedSlot[] };
  }>(
    page,
    clientId,
    'query ($id: ID!) { productCatalogTemplate(id: $id) { templateString slots { id index type maxSlides features { key value } } } }',
    { id },
  );
  expect(saved.templateString).toContain(`id="${slideshowId}"`);
  expect(saved.templateString).toContain(`id="${videoId}"`);
  const slots = [...saved.slots].sort((a, b) => a.index - b.index);
  expect(slots).toMatchObject([
    { id: slideshowId, type: 'SLIDESHOW', maxSlides: 4 },
    { id: videoId, type: 'VIDEO', maxSlides: 4 },
  ]);
  for (const slot of slots) {
    expect(slot.features).toEqual(
      expect.arrayContaining([
        { key: 'slideDuration', value: '2' },
        { key: 'transition', value: '0.3' },
        { key: 'maxSlides', value: '4' },
      ]),
    );
  }

  // Reopened: the same slots, the same layer data.
  await page.reload();
  await openTab(page, 'LAYERS');
  await expect(layerRows(page)).toHaveCount(2);
  expect((await ids()).sort()).toEqual([slideshowId, videoId]);
  await page.getByRole('button', { name: 'Select Video', exact: true }).click();
  await expectSlot('Video', 'Video slot');
  await page.getByRole('button', { name: 'Select Slideshow', exact: true }).click();
  await expectSlot('Slideshow', 'Slideshow slot');

  expect(problems).toEqual([]);
});
