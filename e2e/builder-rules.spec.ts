// Builder rules of the product spec (sections 2, 4, 5, 7, 8 and 9) that the unit tests check on their own,
// here as the user meets them in the browser: a reopened template saved unchanged is the same document, a
// canvas size out of range is refused with its reason, undo keeps 50 steps, saving uploads a JPEG thumbnail
// (at most 1080 on its long side, named by the download rule) before it saves the SVG, 'Failed to save
// template' stays until closed, the cmd shortcuts are the ctrl ones, and leaving with unsaved work asks
// first. Runs as Umar, a client user (no admin) of Acme: no other spec counts Acme's templates.
//
// Spec section 4's "a template with no SVG string cannot be edited" has no test here: the server refuses an
// empty (or blank) templateString on every path that writes one (analyseTemplate in
// apps/server/src/modules/templates/template-analysis.ts: create, update, restore, duplicate, the library),
// so no such template can exist for the builder to refuse.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page, type Request } from '@playwright/test';
import sharp from 'sharp';
import { BUILDER_ERRORS, SAVE_REASONS } from '@adloom/template';
import { fixtures } from './fixtures.js';
import {
  blur,
  clientGraphql,
  layerIds,
  layerRows,
  openTab,
  seeNotification,
  signIn,
  watchPage,
} from './helpers.js';

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });
const undoButton = (page: Page) => page.getByRole('button', { name: 'Undo', exact: true });
const redoButton = (page: Page) => page.getByRole('button', { name: 'Redo', exact: true });
const zoomLabel = (page: Page) => page.getByTestId('zoom-percentage');
const drawnLayers = (page: Page) => page.getByTestId('builder-canvas').locator('canvas.lower-canvas');
const keepProportions = (page: Page) => page.getByRole('checkbox', { name: 'Keep proportions' });

const base = () => `/clients/${fixtures().clients.acme}`;
const EDIT_ROUTE = /\/products\/templates\/([0-9a-f-]{36})\/$/;

/** The GraphQL operation a request of the page carries, if it is one. */
function operationOf(request: Request): string | undefined {
  return /"operationName":"(\w+)"/.exec(request.postData() ?? '')?.[1];
}

async function openNewTemplate(page: Page) {
  await page.goto(`${base()}/products/templates/create/`);
  await expect(page.getByTestId('builder-canvas').locator('canvas.upper-canvas')).toBeVisible();
}

/** Adds an image slot (it lands in the middle of the visible canvas); returns where, read from X and Y. */
async function addImageSlot(page: Page): Promise<{ x: number; y: number }> {
  await openTab(page, 'IMAGES');
  await page.getByRole('button', { name: 'Image slot', exact: true }).click();
  await expect(field(page, 'X')).toBeVisible();
  return { x: Number(await field(page, 'X').inputValue()), y: Number(await field(page, 'Y').inputValue()) };
}

/** Types a value into a field of the properties panel, as a user does (click, select all, type), and Enter. */
async function typeInto(page: Page, name: string, value: number) {
  const input = field(page, name);
  await input.click();
  await input.press('Control+a');
  await input.pressSequentially(String(value));
  await input.press('Enter');
}

/** Sets the canvas size in the Canvas properties (nothing selected), "Keep proportions" off. */
async function setCanvasSize(page: Page, width: number, height: number) {
  await expect(page.getByText('Canvas', { exact: true })).toBeVisible();
  await keepProportions(page).uncheck();
  await typeInto(page, 'Width', width);
  await typeInto(page, 'Height', height);
  await expect(field(page, 'Width')).toHaveValue(String(width));
  await expect(field(page, 'Height')).toHaveValue(String(height));
}

/** Saves a new template under `name`; returns its id (the page is on its edit route). */
async function saveNew(page: Page, name: string): Promise<string> {
  await page.getByRole('textbox', { name: 'Template name' }).fill(name);
  await saveButton(page).click();
  await seeNotification(page, BUILDER_ERRORS.templateCreated);
  await expect(page).toHaveURL(EDIT_ROUTE);
  return EDIT_ROUTE.exec(new URL(page.url()).pathname)![1]!;
}

async function savedTemplate(page: Page, id: string) {
  const { productCatalogTemplate } = await clientGraphql<{
    productCatalogTemplate: { templateString: string; versionNumber: number; thumbnailUrl: string | null };
  }>(
    page,
    'query ($id: ID!) { productCatalogTemplate(id: $id) { templateString versionNumber thumbnailUrl } }',
    { id },
  );
  return productCatalogTemplate;
}

/**
 * The saved template's thumbnail is the checked copy of `upload`: the address of a stored key of the client
 * (a version 8 uuid where the upload's key has a version 4 one), serving the bytes that were uploaded.
 */
async function expectThumbnailOf(
  page: Page,
  id: string,
  upload: { key: string; file: Buffer },
  fileName: string,
) {
  const { thumbnailUrl } = await savedTemplate(page, id);
  const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';
  expect(thumbnailUrl).toMatch(
    new RegExp(`^/files/clients/${fixtures().clients.acme}/template-thumbnails/${uuid}/${fileName}$`),
  );
  expect(thumbnailUrl).not.toBe(`/files/${upload.key}`);
  const served = await page.request.get(thumbnailUrl!);
  expect(served.status()).toBe(200);
  expect((await served.body()).equals(upload.file)).toBe(true);
}

/** The parts of a multipart/form-data body by field name: their headers and bytes. */
function multipartParts(body: Buffer, contentType: string) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  expect(boundary, `a multipart body (${contentType})`).toBeTruthy();
  const delimiter = Buffer.from(`--${boundary![1] ?? boundary![2]}`);
  const parts = new Map<string, { headers: string; data: Buffer }>();
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    // Each part: CRLF, its headers, a blank line, its bytes, CRLF before the next delimiter.
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, split).toString('utf8');
    const name = /name="([^"]*)"/.exec(headers)?.[1];
    if (name !== undefined) parts.set(name, { headers, data: part.subarray(split + 4) });
    start = next;
  }
  return parts;
}

const SAVE_OPERATIONS = new Set(['CreateUploadDestination', 'CreateBuilderTemplate', 'UpdateTemplate']);

/**
 * Records each save's thumbnail upload (its form fields and file) and the order of the save's requests. The
 * upload's answer is held until it is recorded, so a request sent after it was answered is recorded after.
 */
async function watchSaves(page: Page) {
  const events: string[] = [];
  const uploads: { key: string; fileName: string; contentType: string; file: Buffer }[] = [];
  page.on('request', (request) => {
    const operation = operationOf(request);
    if (operation && SAVE_OPERATIONS.has(operation)) events.push(`${operation} sent`);
  });
  await page.route('**/uploads/', async (route) => {
    const request = route.request();
    events.push('upload sent');
    const parts = multipartParts(
      request.postDataBuffer() ?? Buffer.alloc(0),
      (await request.allHeaders())['content-type'] ?? '',
    );
    const file = parts.get('file');
    uploads.push({
      key: parts.get('key')?.data.toString('utf8') ?? '',
      fileName: /filename="([^"]*)"/.exec(file?.headers ?? '')?.[1] ?? '',
      contentType: parts.get('Content-Type')?.data.toString('utf8') ?? '',
      file: file?.data ?? Buffer.alloc(0),
    });
    const response = await route.fetch();
    events.push(`upload answered ${response.status()}`);
    await route.fulfill({ response });
  });
  return { events, uploads };
}

/** Console errors and failed requests of the test's page (the failed-save test fails a request on purpose). */
let problems: string[] = [];

test.beforeEach(async ({ page }) => {
  problems = watchPage(page);
  await signIn(page, fixtures().users.userA);
});

test('a template reopened and saved unchanged is saved as the same document', async ({ page }) => {
  await openNewTemplate(page);
  await addImageSlot(page);
  await openTab(page, 'TEXT');
  await page.getByRole('button', { name: 'Text', exact: true }).click();
  await openTab(page, 'SHAPES');
  await page.getByRole('button', { name: 'Rectangle', exact: true }).click();
  const id = await saveNew(page, `E2E rules same ${randomUUID().slice(0, 8)}`);
  const first = await savedTemplate(page, id);
  expect(first.versionNumber).toBe(1);

  // Reopened from the server and drawn; nothing changed. Save is offered whether or not anything changed.
  await page.reload();
  await expect(drawnLayers(page)).toHaveAttribute('data-rendered-layers', '3');
  await openTab(page, 'LAYERS');
  await expect(layerRows(page)).toHaveCount(3);
  await expect(undoButton(page)).toBeDisabled();
  await expect(saveButton(page)).toBeEnabled();
  await saveButton(page).click();
  await seeNotification(page, BUILDER_ERRORS.templateUpdated);

  // A new version, byte for byte the first.
  const second = await savedTemplate(page, id);
  expect(second.versionNumber).toBe(2);
  expect(second.templateString).toBe(first.templateString);
  expect(problems).toEqual([]);
});

test('a canvas size pushed past 3000 by "Keep proportions" is refused with the reason, and nothing is saved', async ({
  page,
}) => {
  const saves: string[] = [];
  page.on('request', (request) => {
    const operation = operationOf(request);
    if (operation === 'CreateUploadDestination' || operation === 'CreateBuilderTemplate')
      saves.push(operation);
  });
  await openNewTemplate(page);
  // 3000 × 1000, then proportions kept: a height of 1500 makes the width 4500.
  await setCanvasSize(page, 3000, 1000);
  await keepProportions(page).check();
  await typeInto(page, 'Height', 1500);
  await expect(field(page, 'Height')).toHaveValue('1500');
  await expect(field(page, 'Width')).toHaveValue('4500');
  await addImageSlot(page);

  await page
    .getByRole('textbox', { name: 'Template name' })
    .fill(`E2E rules size ${randomUUID().slice(0, 8)}`);
  await saveButton(page).click();
  await expect(page.getByRole('alert').filter({ hasText: SAVE_REASONS.size })).toBeVisible();
  await expect(page).toHaveURL(`${base()}/products/templates/create/`);
  await expect(page.getByRole('alert').filter({ hasText: BUILDER_ERRORS.templateCreated })).toHaveCount(0);
  expect(saves).toEqual([]);
  expect(problems).toEqual([]);
});

test('undo keeps the last 50 steps: of 51 arrow nudges, the first cannot be undone', async ({ page }) => {
  await openNewTemplate(page);
  const { x } = await addImageSlot(page);
  const xIs = (value: number) => expect(field(page, 'X')).toHaveValue(String(value));
  await blur(page);
  for (let step = 0; step < 51; step += 1) await page.keyboard.press('ArrowRight');
  await xIs(x + 51);

  for (let step = 0; step < 50; step += 1) await page.keyboard.press('Control+z');
  await xIs(x + 1);
  await expect(undoButton(page)).toBeDisabled();
  await expect(redoButton(page)).toBeEnabled();
  // Nothing more to undo from the keyboard either.
  await page.keyboard.press('Control+z');
  await xIs(x + 1);
  await page.keyboard.press('Control+Shift+z');
  await xIs(x + 2);
  expect(problems).toEqual([]);
});

test('saving uploads a JPEG thumbnail, at most 1080 on its long side and named by the download rule, before the SVG', async ({
  page,
}) => {
  const run = randomUUID().slice(0, 8);
  // The download rule (spec section 5): lowercased, every non-alphanumeric character an underscore, .jpg.
  const name = `Rules & Thumb ${run}`;
  const fileName = `rules___thumb_${run}.jpg`;
  const saves = await watchSaves(page);

  // A 1080 × 1080 canvas: a thumbnail of exactly 1080 × 1080.
  await openNewTemplate(page);
  await addImageSlot(page);
  const id = await saveNew(page, name);
  expect(saves.events).toEqual([
    'CreateUploadDestination sent',
    'upload sent',
    'upload answered 201',
    'CreateBuilderTemplate sent',
  ]);
  expect(saves.uploads).toHaveLength(1);
  const square = saves.uploads[0]!;
  expect(square.contentType).toBe('image/jpeg');
  expect(square.fileName).toBe(fileName);
  expect(square.key).toMatch(
    new RegExp(`^clients/${fixtures().clients.acme}/template-thumbnails/[0-9a-f-]{36}/${fileName}$`),
  );
  expect(await sharp(square.file).metadata()).toMatchObject({ format: 'jpeg', width: 1080, height: 1080 });
  // The saved template points at that upload's checked copy (issue 14, item 13: an upload is used once and
  // kept under a key no upload destination names), which holds exactly the bytes sent.
  await expectThumbnailOf(page, id, square, fileName);

  // Reopened at 2000 × 1000: the thumbnail is scaled down to 1080 × 540.
  await page.reload();
  await expect(drawnLayers(page)).toHaveAttribute('data-rendered-layers', '1');
  saves.events.length = 0;
  await setCanvasSize(page, 2000, 1000);
  await saveButton(page).click();
  await seeNotification(page, BUILDER_ERRORS.templateUpdated);
  expect(saves.events).toEqual([
    'CreateUploadDestination sent',
    'upload sent',
    'upload answered 201',
    'UpdateTemplate sent',
  ]);
  expect(saves.uploads).toHaveLength(2);
  const wide = saves.uploads[1]!;
  expect(wide.fileName).toBe(fileName);
  expect(await sharp(wide.file).metadata()).toMatchObject({ format: 'jpeg', width: 1080, height: 540 });
  await expectThumbnailOf(page, id, wide, fileName);
  expect(problems).toEqual([]);
});

test("'Failed to save template' stays after the other notifications go, and the work stays unsaved", async ({
  page,
}) => {
  // The page's clock is Playwright's, so the test moves time on instead of waiting for it.
  await page.clock.install();
  await openNewTemplate(page);
  // A notification that goes by itself: the reason a template without an image slot is refused.
  await saveButton(page).click();
  const reason = page.getByRole('alert').filter({ hasText: SAVE_REASONS.dynamicLayer });
  await expect(reason).toBeVisible();
  await addImageSlot(page);
  const name = `E2E rules failed ${randomUUID().slice(0, 8)}`;
  await page.getByRole('textbox', { name: 'Template name' }).fill(name);

  // The server fails the save.
  const refuse = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
    const operation = operationOf(route.request());
    if (operation === 'CreateBuilderTemplate' || operation === 'UpdateTemplate')
      await route.fulfill({ status: 500, contentType: 'text/plain', body: 'E2E: the server failed' });
    else await route.fallback();
  };
  await page.route(`**/api/clients/${fixtures().clients.acme}/`, refuse);
  await saveButton(page).click();
  const failed = page.getByRole('alert').filter({ hasText: BUILDER_ERRORS.saveFailed });
  await expect(failed).toBeVisible();

  // Past the 10 s a notification shows for: the reason is gone, the failure is still there.
  await page.mouse.move(0, 0);
  await page.clock.fastForward(11_000);
  await expect(reason).toBeHidden();
  await expect(failed).toBeVisible();

  // The work is still in the editor, unsaved: leaving asks first.
  await expect(page).toHaveURL(`${base()}/products/templates/create/`);
  await expect(page.getByRole('textbox', { name: 'Template name' })).toHaveValue(name);
  await openTab(page, 'LAYERS');
  expect(await layerIds(page)).toEqual(['MAIN_001']);
  await page.getByRole('navigation').getByRole('link', { name: 'Templates', exact: true }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();

  // Once the server answers again, the same work saves.
  await page.unroute(`**/api/clients/${fixtures().clients.acme}/`, refuse);
  await saveButton(page).click();
  await seeNotification(page, BUILDER_ERRORS.templateCreated);
  await expect(page).toHaveURL(EDIT_ROUTE);
  await expect(failed).toBeVisible();
});

test('the cmd shortcuts do what the ctrl ones do', async ({ page }) => {
  await openNewTemplate(page);
  const { x, y } = await addImageSlot(page);
  const xIs = (value: number) => expect(field(page, 'X')).toHaveValue(String(value));
  const yIs = (value: number) => expect(field(page, 'Y')).toHaveValue(String(value));
  await blur(page);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await xIs(x + 1);
  await yIs(y + 1);

  // Undo and redo.
  await page.keyboard.press('Meta+z');
  await yIs(y);
  await page.keyboard.press('Meta+z');
  await xIs(x);
  await page.keyboard.press('Meta+Shift+z');
  await xIs(x + 1);
  await expect(redoButton(page)).toBeEnabled();

  // Copy and paste: a second slot with a new id, 10 units further.
  await page.keyboard.press('Meta+c');
  await page.keyboard.press('Meta+v');
  await openTab(page, 'LAYERS');
  await expect(layerRows(page)).toHaveCount(2);
  expect(await layerIds(page)).toEqual(['MAIN_002', 'MAIN_001']);
  await xIs(x + 11);

  // Zoom to 100% (the builder opens fitted), in, out and back to 100%.
  await blur(page);
  await page.keyboard.press('Meta+Digit0');
  await expect(zoomLabel(page)).toHaveText('100%');
  await page.keyboard.press('Meta+Equal');
  await expect(zoomLabel(page)).toHaveText('110%');
  await page.keyboard.press('Meta+Minus');
  await page.keyboard.press('Meta+Minus');
  await expect(zoomLabel(page)).toHaveText('90%');
  await page.keyboard.press('Meta+Digit0');
  await expect(zoomLabel(page)).toHaveText('100%');
  expect(problems).toEqual([]);
});

/** Closes the page as a user closing the tab would (beforeunload runs); returns the dialogs it asked. */
async function closeTab(page: Page): Promise<string[]> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });
  const closed = page.waitForEvent('close');
  await page.close({ runBeforeUnload: true });
  await closed;
  return dialogs;
}

test('closing the tab with unsaved work asks first; with nothing unsaved it does not', async ({
  page,
  context,
}) => {
  // Nothing changed yet (the page was clicked, so the browser would let it ask).
  const untouched = await context.newPage();
  const untouchedProblems = watchPage(untouched);
  await openNewTemplate(untouched);
  await openTab(untouched, 'IMAGES');
  await openTab(untouched, 'LAYERS');
  expect(await closeTab(untouched)).toEqual([]);

  // An image slot added and not saved.
  const unsaved = await context.newPage();
  const unsavedProblems = watchPage(unsaved);
  await openNewTemplate(unsaved);
  await addImageSlot(unsaved);
  await openTab(unsaved, 'LAYERS');
  await expect(layerRows(unsaved)).toHaveCount(1);
  expect(await closeTab(unsaved)).toEqual(['beforeunload']);

  // The same work, saved.
  await openNewTemplate(page);
  await addImageSlot(page);
  await saveNew(page, `E2E rules leave ${randomUUID().slice(0, 8)}`);
  await expect(drawnLayers(page)).toHaveAttribute('data-rendered-layers', '1');
  expect(await closeTab(page)).toEqual([]);
  expect([...untouchedProblems, ...unsavedProblems, ...problems]).toEqual([]);
});
