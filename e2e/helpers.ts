import { expect, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { E2E_PASSWORD, fixtures, sentMailsFile } from './fixtures.js';

/**
 * A catalogue item's picture whose host is an image server of an earlier browser test (startImageServer),
 * closed by now: the builder opens on the latest catalogue's item by default (product view, the PREVIEW
 * list), so its picture fails through the server's item image route (502) or straight from the page
 * (connection refused). The builder says so in its preview bar; not a page error.
 */
const goneItemPicture = (status: number, url: string) =>
  status === 502 && url.includes('/live-preview/image?');
const closedImageServer = (url: string) => /^http:\/\/127\.0\.0\.1:\d+\/img\//.test(url);

/** Collects console errors and failed requests so a test can assert a page loaded cleanly. */
export function watchPage(page: Page) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    if (/status of 502/.test(msg.text()) && goneItemPicture(502, msg.location().url)) return;
    if (/ERR_CONNECTION_REFUSED/.test(msg.text()) && closedImageServer(msg.location().url)) return;
    problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    // Navigations away abort pending fetches; those are not failures of the page.
    const error = req.failure()?.errorText;
    if (error === 'net::ERR_CONNECTION_REFUSED' && closedImageServer(req.url())) return;
    if (error !== 'net::ERR_ABORTED')
      problems.push(`request failed: ${req.method()} ${req.url()} ${req.failure()?.errorText}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400 && !goneItemPicture(res.status(), res.url()))
      problems.push(`HTTP ${res.status()}: ${res.request().method()} ${res.url()}`);
  });
  return problems;
}

export async function signIn(page: Page, email: string, password = E2E_PASSWORD) {
  await page.goto('/login/local/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login\//);
}

/** The CSRF token a page would send, read from its cookie. */
export async function csrfToken(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === 'adloom_csrf')?.value ?? '';
}

/**
 * The newest link under `path` mailed to `email`, read from the mails the e2e server sent (the staff
 * outbox keeps links redacted). Waits a little for the mail to be written.
 */
export async function mailedLink(email: string, path: string): Promise<string> {
  const escaped = path.replace(/[/.]/g, '\\$&');
  const pattern = new RegExp(`(http\\S+${escaped}\\?token=\\S+)`);
  for (let attempt = 0; attempt < 50; attempt++) {
    const mails = readFileSync(sentMailsFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string; text: string });
    const link = mails
      .filter((mail) => mail.to === email)
      .map((mail) => pattern.exec(mail.text)?.[1])
      .filter(Boolean)
      .at(-1);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${path} link in the mails to ${email}`);
}

/**
 * A client-scoped GraphQL call with the page's session, as the app makes it (Acme's unless `clientId`
 * is given); fails the test on an HTTP or GraphQL error.
 */
export async function clientGraphql<T>(
  page: Page,
  query: string,
  variables: Record<string, unknown> = {},
  clientId: string = fixtures().clients.acme,
): Promise<T> {
  const response = await page.request.post(`/api/clients/${clientId}/`, {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: { query, variables },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

/** Serves one product photo (600 × 800 JPEG) per named colour under /img/{name}.jpg; anything else is a 404. */
export async function startImageServer(
  colours: Readonly<Record<string, string>>,
): Promise<{ server: Server; origin: string }> {
  const photos = new Map<string, Buffer>();
  for (const [name, background] of Object.entries(colours))
    photos.set(
      `/img/${name}.jpg`,
      await sharp({ create: { width: 600, height: 800, channels: 3, background } })
        .jpeg()
        .toBuffer(),
    );
  const server = createServer((request, response) => {
    const photo = photos.get(request.url ?? '');
    if (photo) response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * Waits for a notification, then closes it so a later one with the same words is not mistaken for it. A
 * click during the notification's entrance can be lost, so it is clicked again until the notification goes.
 */
export async function seeNotification(page: Page, text: string | RegExp) {
  const notification = page.getByRole('alert').filter({ hasText: text }).last();
  await expect(notification).toBeVisible();
  await expect(async () => {
    if (await notification.isVisible()) await notification.getByRole('button').click({ timeout: 2_000 });
    await expect(notification).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** Opens a side tab of the template builder (SHAPES, IMAGES, TEXT, LAYERS, WIDGETS, PREVIEW). */
export async function openTab(page: Page, tab: string) {
  await page.getByRole('tab', { name: tab, exact: true }).click();
}

/**
 * After a template's first save (or an SVG import): the builder is on the new template's edit route and
 * shows it loaded, its name as the heading. Until then the create screen may still be on the page, and a
 * click would land on it. Returns the template's id.
 */
export async function expectEditing(page: Page, name: string): Promise<string> {
  await expect(page).toHaveURL(/\/products\/templates\/[0-9a-f-]{36}\/$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return /templates\/([0-9a-f-]{36})\/$/.exec(page.url())![1]!;
}

/** Builder shortcuts go to the page, not to a focused button or tab (the tabs have their own arrow keys). */
export async function blur(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** The template builder's layers panel rows, front-most first. */
export const layerRows = (page: Page) => page.getByTestId('layer-row');

/** The SVG ids of the layers panel's rows, front-most first. */
export async function layerIds(page: Page): Promise<string[]> {
  return layerRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-layer-id') ?? ''));
}

/**
 * Uploads a CSV catalogue file of the client the way the app does (a presigned POST: every form field,
 * then Content-Type, then the file last, the S3 protocol) and returns its stored key.
 */
export async function uploadCatalogFile(
  page: Page,
  clientId: string,
  fileName: string,
  csv: string,
): Promise<string> {
  const { createUploadDestination: answer } = await clientGraphql<{
    createUploadDestination: {
      uploadDestination: { url: string; formFields: { key: string; value: string }[] };
      error: unknown;
    };
  }>(
    page,
    `
      mutation ($key: String!) {
        createUploadDestination(key: $key, uploadType: CATALOG_FILE, contentType: "text/csv") {
          uploadDestination {
            url
            formFields {
              key
              value
            }
          }
          error {
            message
          }
        }
      }
    `,
    { key: fileName },
    clientId,
  );
  expect(answer.error).toBeNull();
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {};
  for (const { key, value } of answer.uploadDestination.formFields) multipart[key] = value;
  multipart['Content-Type'] = 'text/csv';
  multipart.file = { name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) };
  const uploaded = await page.request.post(answer.uploadDestination.url, { multipart });
  expect(uploaded.ok()).toBe(true);
  const key = /<Key>([^<]+)<\/Key>/.exec(await uploaded.text())?.[1];
  expect(key).toBeTruthy();
  return key!;
}

/**
 * Imports `csv` as a new catalogue of the client (uploadCatalogFile, then createCatalog), waits for the
 * import to complete, and returns the catalogue's id.
 */
export async function importCatalog(
  page: Page,
  clientId: string,
  name: string,
  csv: string,
): Promise<string> {
  const key = await uploadCatalogFile(page, clientId, `${name}.csv`, csv);
  const { createCatalog } = await clientGraphql<{
    createCatalog: { catalog: { id: string }; error: unknown };
  }>(
    page,
    'mutation ($name: String!, $key: String!) { createCatalog(name: $name, uploadKey: $key) { catalog { id } error { message } } }',
    { name, key },
    clientId,
  );
  expect(createCatalog.error).toBeNull();
  await expect
    .poll(
      async () =>
        (
          await clientGraphql<{ catalog: { imports: { status: string }[] } }>(
            page,
            'query ($id: ID!) { catalog(id: $id) { imports { status } } }',
            { id: createCatalog.catalog.id },
            clientId,
          )
        ).catalog.imports[0]?.status,
      { timeout: 30_000 },
    )
    .toBe('completed');
  return createCatalog.catalog.id;
}

/** An image's pixels, RGB without alpha, row by row. */
export interface Raster {
  data: Buffer;
  width: number;
  height: number;
}

export async function rasterOf(bytes: Buffer): Promise<Raster> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The PNG an <img> of the page shows (a data: URL, as the builder's live preview), as pixels. */
export async function shownRaster(image: Locator): Promise<Raster> {
  const src = (await image.getAttribute('src')) ?? '';
  expect(src).toMatch(/^data:image\/png;base64,/);
  return rasterOf(Buffer.from(src.slice(src.indexOf(',') + 1), 'base64'));
}

/** How many pixels pass `test` (r, g, b); within `box` (pixels of the raster) when given. */
export function countPixels(
  raster: Raster,
  test: (r: number, g: number, b: number) => boolean,
  box: { left: number; top: number; width: number; height: number } = {
    left: 0,
    top: 0,
    width: raster.width,
    height: raster.height,
  },
): number {
  let count = 0;
  for (let y = Math.max(0, box.top); y < Math.min(raster.height, box.top + box.height); y += 1)
    for (let x = Math.max(0, box.left); x < Math.min(raster.width, box.left + box.width); x += 1) {
      const i = (y * raster.width + x) * 3;
      if (test(raster.data[i]!, raster.data[i + 1]!, raster.data[i + 2]!)) count += 1;
    }
  return count;
}

/** How many pixels of the drawn canvas (not the selection overlay) are dark: the ink of the black text. */
export function canvasInk(page: Page) {
  return page
    .getByTestId('builder-canvas')
    .locator('canvas.lower-canvas')
    .evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! < 200) dark += 1;
      return dark;
    });
}

/**
 * Shows the template builder's fields (the template as the builder draws it) instead of the product view
 * (the ad drawn with a catalogue item, on whenever the client has a catalogue with items): for tests about
 * the fields' own drawing. The choice is remembered (localStorage) for the rest of the test, reloads too.
 */
export async function showFields(page: Page) {
  await page.getByRole('radiogroup', { name: 'Canvas view' }).getByText('Fields', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Fields' })).toBeChecked();
}

/**
 * The builder opens fitted to its window (issue 16); a test that reads or clicks the canvas in template
 * units zooms to 100 % first (ctrl+0). Layers added while fitted land centred on the whole canvas.
 */
export async function zoomTo100(page: Page) {
  // Right after the page opens, the key may come before the builder listens for it: pressed again then.
  await expect(page.getByTestId('builder-canvas').locator('canvas.upper-canvas')).toBeVisible();
  await expect(async () => {
    await blur(page);
    await page.keyboard.press('Control+Digit0');
    await expect(page.getByTestId('zoom-percentage')).toHaveText('100%', { timeout: 2_000 });
  }).toPass();
}

/** Moves the builder's selected layer to (x, y) in template units through its X and Y properties. */
export async function moveSelectedTo(page: Page, x: number, y: number) {
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  await field('X').fill(String(x));
  await field('Y').fill(String(y));
  await expect(field('X')).toHaveValue(String(x));
  await expect(field('Y')).toHaveValue(String(y));
}
