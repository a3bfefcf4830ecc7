// The feed screens of issue 5, part 4: the new feed dialog on the products hub, the feed page with its
// progress, counts, designs and export URLs, the creatives gallery with its status filter and item detail,
// the preview and a design's page. The test prepares a template, a catalogue and a product set through the
// API; the catalogue's product images come from a small HTTP server the test runs on 127.0.0.1 (the e2e
// server allow-lists that host). Runs as Alice, an admin of Acme.
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { fixtures } from './fixtures.js';
import {
  clientGraphql,
  importCatalog,
  seeNotification,
  signIn,
  startImageServer,
  watchPage,
} from './helpers.js';

const graphql = clientGraphql;

/** Picks `option` in a Mantine select. */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(select).toHaveValue(option);
}

/** Imports the file as a new catalogue, waits for the import, and defines a product set of every item. */
async function prepareProductSet(page: Page, run: string, csv: string) {
  const catalogName = `E2E feed catalogue ${run}`;
  const catalogId = await importCatalog(page, fixtures().clients.acme, catalogName, csv);
  const setName = `Every item ${run}`;
  const { createProductSet } = await graphql<{
    createProductSet: { productSet: { id: string; itemCount: number }; error: unknown };
  }>(
    page,
    `
      mutation ($catalogId: ID!, $name: String!) {
        createProductSet(catalogId: $catalogId, name: $name) {
          productSet {
            id
            itemCount
          }
          error {
            message
          }
        }
      }
    `,
    { catalogId, name: setName },
  );
  expect(createProductSet.error).toBeNull();
  expect(createProductSet.productSet.itemCount).toBe(5);
  return { catalogName, setName };
}

/** Copies a one-slot starter template of the library into the workspace under `name`. */
async function prepareTemplate(page: Page, name: string) {
  const { templateLibrary } = await graphql<{ templateLibrary: { id: string; slotCount: number }[] }>(
    page,
    'query { templateLibrary { id slotCount } }',
  );
  const starter = templateLibrary.find((template) => template.slotCount === 1);
  expect(starter, 'a one-slot starter template').toBeTruthy();
  const { useLibraryTemplate } = await graphql<{ useLibraryTemplate: { error: unknown } }>(
    page,
    `
      mutation ($id: ID!, $name: String) {
        useLibraryTemplate(libraryTemplateId: $id, name: $name) {
          template {
            id
          }
          error {
            message
          }
        }
      }
    `,
    { id: starter!.id, name },
  );
  expect(useLibraryTemplate.error).toBeNull();
}

let images: { server: Server; origin: string };
test.beforeAll(async () => {
  images = await startImageServer({ red: '#e53935', blue: '#1e88e5', green: '#43a047' });
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => images.server.close(() => resolve()));
});

test('a feed from a product set: progress, counts, export URL, creatives, item detail, preview and design', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const f = fixtures();
  const problems = watchPage(page);
  await signIn(page, f.users.adminA);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: f.baseUrl });
  const base = `/clients/${f.clients.acme}`;
  const run = randomUUID().slice(0, 8);
  // Sorted by id as the gallery lists them: three with a photo, one without, one whose photo is missing.
  const id = (letter: string) => `${run}-${letter}`;
  const csv = [
    'id,title,price,brand,availability,image_link',
    `${id('A')},Red trail shoe,129.00 USD,Acme,in stock,${images.origin}/img/red.jpg`,
    `${id('B')},Blue road shoe,89.00 USD,Acme,in stock,${images.origin}/img/blue.jpg`,
    `${id('C')},Green hiking boot,159.00 USD,Acme,in stock,${images.origin}/img/green.jpg`,
    `${id('D')},Shoe without a picture,19.00 USD,Acme,in stock,`,
    `${id('E')},Shoe with a lost picture,29.00 USD,Acme,in stock,${images.origin}/img/lost.jpg`,
  ].join('\n');
  const templateName = `E2E feed template ${run}`;
  await prepareTemplate(page, templateName);
  const { catalogName, setName } = await prepareProductSet(page, run, csv);

  // The products hub has a Feeds section; its button opens the new feed dialog.
  await page.goto(`${base}/products/`);
  const feedsSection = page.getByRole('region', { name: 'Feeds' });
  await feedsSection.getByRole('button', { name: 'New feed' }).click();
  const dialog = page.getByRole('dialog', { name: 'New feed' });
  await expect(dialog).toContainText('An item takes the first design whose filter it passes');
  const feedName = `E2E feed ${run}`;
  await dialog.getByRole('textbox', { name: 'Name' }).fill(feedName);
  await dialog.getByRole('combobox', { name: 'Catalogue' }).click();
  await page.getByRole('option', { name: catalogName }).click();
  await dialog.getByRole('combobox', { name: 'Product set' }).click();
  await page.getByRole('option', { name: setName }).click();

  // Designs: a second one can be added and removed; the first takes the template, contain, and a filter.
  await dialog.getByRole('button', { name: 'Add a design' }).click();
  await expect(dialog.getByRole('group', { name: 'Design 2' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove design 2' }).click();
  await expect(dialog.getByRole('group', { name: 'Design 2' })).toHaveCount(0);
  const design = dialog.getByRole('group', { name: 'Design 1' });
  await design.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: templateName }).click();
  await expect(design.getByRole('img', { name: `Thumbnail of ${templateName}` })).toBeVisible();
  // The switches start as the template's slot has them; the design turns 'Contain' the other way.
  const contain = design.getByRole('switch', { name: /^Contain / });
  const designedContain = await contain.isChecked();
  const fit = designedContain ? 'Cover' : 'Contain';
  await contain.click({ force: true });
  await expect(contain).toBeChecked({ checked: !designedContain });
  // The placement also starts as the template's; the design moves the image to another side.
  const horizontal = design.getByRole('radiogroup', { name: 'Horizontal position' });
  const side = (await horizontal.getByRole('radio', { name: 'Left' }).isChecked()) ? 'Right' : 'Left';
  await horizontal.getByText(side, { exact: true }).click();
  await expect(horizontal.getByRole('radio', { name: side })).toBeChecked();
  // The item filter is the product-set rule editor: an unfinished rule is refused, then brand is Acme.
  const filter = design.getByRole('group', { name: 'Item filter' });
  await filter.getByRole('button', { name: 'Add rule' }).click();
  await choose(page, filter.getByRole('combobox', { name: 'Field' }), 'Brand');
  await choose(page, filter.getByRole('combobox', { name: 'Operator' }), 'contains');
  await dialog.getByRole('button', { name: 'Create feed' }).click();
  await expect(filter.getByRole('alert')).toHaveText(
    'Finish the item filter’s rules marked in red, or remove them.',
  );
  await choose(page, filter.getByRole('combobox', { name: 'Operator' }), 'is');
  await filter.getByRole('textbox', { name: 'Value' }).fill('Acme');
  await expect(filter.getByRole('status', { name: 'Matching items' })).toHaveText('5 items match');
  await dialog.getByRole('button', { name: 'Create feed' }).click();
  await seeNotification(page, `‘${feedName}’ was created: 5 items queued.`);

  // The feed page: the progress bar reaches every item, then the counts say what became of each.
  await expect(page).toHaveURL(new RegExp(`${base}/feeds/[0-9a-f-]{36}/$`));
  const feedUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: feedName })).toBeVisible();
  const progress = page.getByRole('progressbar', { name: 'Generation progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 120_000 });
  await expect(page.getByRole('region', { name: 'Generation' })).toContainText('5 of 5 items');
  await expect(page.getByText('Ready', { exact: true })).toBeVisible();
  const counts = page.getByRole('region', { name: 'Counts' });
  await expect(counts.getByRole('link', { name: 'Generated: 3' })).toBeVisible();
  await expect(counts.getByRole('link', { name: 'No input images: 1' })).toBeVisible();
  await expect(counts.getByRole('link', { name: 'Failed: 1' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry failed' })).toBeVisible();
  const designCard = page.getByRole('region', { name: 'Designs' }).getByRole('article', { name: 'Design 1' });
  await expect(designCard).toContainText(templateName);
  await expect(designCard).toContainText(fit);
  await expect(designCard).toContainText(`Horizontal position: ${side}`);
  await expect(designCard).not.toContainText('Vertical position');
  await expect(designCard).toContainText('"brand"');

  // The XML export URL is copied, and lists exactly the items that have an ad.
  const exportUrls = page.getByRole('region', { name: 'Export URLs' });
  const xmlLabel = 'XML feed (RSS 2.0 with g: fields)';
  const xmlUrl = await exportUrls.getByRole('textbox', { name: xmlLabel }).inputValue();
  expect(xmlUrl).toMatch(/\/export\/clients\/.+\.xml$/);
  await exportUrls.getByRole('button', { name: `Copy the ${xmlLabel} URL` }).click();
  await expect(exportUrls.getByRole('button', { name: `Copied the ${xmlLabel} URL` })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(xmlUrl);
  const exported = await page.request.get(xmlUrl);
  expect(exported.ok()).toBe(true);
  const xml = await exported.text();
  expect(xml.match(/<item>/g)).toHaveLength(3);
  for (const letter of ['A', 'B', 'C']) expect(xml).toContain(id(letter));
  for (const letter of ['D', 'E']) expect(xml).not.toContain(id(letter));
  expect(xml).toMatch(/<g:image_link>http[^<]+\/files\/[^<]+\.jpg<\/g:image_link>/);

  // The creatives: every item, then only the failed one (in the URL) with its error and a retry.
  await page.getByRole('navigation', { name: 'Feed pages' }).getByRole('link', { name: 'Creatives' }).click();
  await expect(page).toHaveURL(`${feedUrl}creatives/`);
  const gallery = page.getByLabel('Creatives');
  await expect(gallery.getByRole('article')).toHaveCount(5);
  const statusFilter = page.getByRole('radiogroup', { name: 'Status' });
  await statusFilter.getByText(/^Failed · /).click();
  await expect(page).toHaveURL(`${feedUrl}creatives/?status=FAILED`);
  await expect(gallery.getByRole('article')).toHaveCount(1);
  const failed = gallery.getByRole('article', { name: `Item ${id('E')}` });
  await expect(failed).toContainText('Failed');
  await expect(failed).toContainText(/404|not found/i);
  await page.getByRole('button', { name: 'Retry failed' }).click();
  await seeNotification(page, '1 item queued again.');
  await expect(gallery.getByRole('article', { name: `Item ${id('E')}` })).toContainText('Failed', {
    timeout: 60_000,
  });

  // Generated only, then one item's detail: the ad large and the catalogue fields.
  await statusFilter.getByText(/^Generated · /).click();
  await expect(page).toHaveURL(`${feedUrl}creatives/?status=GENERATED`);
  await expect(gallery.getByRole('article')).toHaveCount(3);
  await gallery.getByRole('button', { name: `Open item ${id('A')}` }).click();
  await expect(page).toHaveURL(`${feedUrl}creatives/?status=GENERATED&item=${id('A')}`);
  const drawer = page.getByRole('dialog', { name: `Item ${id('A')}` });
  await expect(drawer.getByRole('img', { name: `Ad of item ${id('A')}` })).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Red trail shoe' })).toBeVisible();
  await expect(drawer).toContainText('129.00 USD');
  await expect(drawer.getByRole('img', { name: `Original image of item ${id('A')}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(`${feedUrl}creatives/?status=GENERATED`);

  // The preview: the generated ads, and the items' original images for comparison.
  await page.getByRole('navigation', { name: 'Feed pages' }).getByRole('link', { name: 'Preview' }).click();
  const preview = page.getByLabel('Preview');
  await expect(preview.getByRole('img', { name: /^Ad of item / })).toHaveCount(3);
  await page.getByRole('radiogroup', { name: 'Show' }).getByText('Original images').click();
  const originals = preview.getByRole('img', { name: /^Original image of item / });
  await expect(originals).toHaveCount(3);
  await expect(preview).toContainText('Green hiking boot');
  for (const original of await originals.all())
    await expect.poll(() => original.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);

  // The design's page: its template, its slot features, and the ads that took it.
  await page.goto(feedUrl);
  await page.getByRole('link', { name: 'Open design 1' }).click();
  await expect(page).toHaveURL(new RegExp(`${feedUrl}design/[0-9a-f-]{36}/$`));
  await expect(page.getByRole('heading', { name: 'Design 1 of 1' })).toBeVisible();
  await expect(page.getByRole('link', { name: templateName })).toBeVisible();
  const slotTable = page.getByRole('table', { name: 'Slot features' });
  await expect(slotTable).toContainText(`${fit}This feed`);
  await expect(slotTable.getByRole('columnheader', { name: 'Horizontal position' })).toBeVisible();
  await expect(slotTable).toContainText(`${side}This feed`);
  await expect(page.getByRole('status').filter({ hasText: 'took this design' })).toHaveText(
    '3 of 3 generated ads took this design.',
  );

  expect(problems).toEqual([]);
});
