// Layers that will vanish (issue 16, item 2): a feed on a library template with a star rating, over a
// catalogue without a rating column, warns before generating, in the New feed dialog before it is created
// and on the feed page ("The Star rating layer will be empty for 2 of 2 items (this catalogue has no
// rating column)."); in the builder, with the catalogue's item chosen,
// the layers panel marks the rating layer with the reason and the canvas outlines it. Runs as Alice.
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { fixtures } from './fixtures.js';
import {
  clientGraphql,
  importCatalog,
  layerRows,
  openTab,
  signIn,
  startImageServer,
  watchPage,
} from './helpers.js';

let images: { server: Server; origin: string };
test.beforeAll(async () => {
  images = await startImageServer({ red: '#e53935', blue: '#1e88e5' });
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => images.server.close(() => resolve()));
});

test('the feed page and the builder say which layers will vanish, and why', async ({ page }) => {
  test.setTimeout(180_000);
  const problems = watchPage(page);
  const acme = fixtures().clients.acme;
  await signIn(page, fixtures().users.adminA);
  const run = randomUUID().slice(0, 8);
  // Two items, no rating column; the first on sale.
  const catalogId = await importCatalog(
    page,
    acme,
    `E2E layer warnings ${run}`,
    [
      'id,title,price,sale_price,brand,image_link',
      `${run}-A,Silk scarf,129.00 USD,99.00 USD,Maison,${images.origin}/img/red.jpg`,
      `${run}-B,Wool scarf,89.00 USD,,Maison,${images.origin}/img/blue.jpg`,
    ].join('\n'),
  );
  await clientGraphql(
    page,
    'mutation ($id: ID!) { createProductSet(catalogId: $id, name: "All") { productSet { id } } }',
    { id: catalogId },
  );
  const { templateLibrary } = await clientGraphql<{ templateLibrary: { id: string; name: string }[] }>(
    page,
    'query { templateLibrary { id name } }',
  );
  const starter = templateLibrary.find((template) => template.name === 'Blur Luxe');
  expect(starter, 'the Blur Luxe starter (a star rating and a sale badge)').toBeTruthy();
  const { useLibraryTemplate } = await clientGraphql<{ useLibraryTemplate: { template: { id: string } } }>(
    page,
    'mutation ($id: ID!, $name: String) { useLibraryTemplate(libraryTemplateId: $id, name: $name) { template { id } } }',
    { id: starter!.id, name: `E2E rated ${run}` },
  );
  const templateId = useLibraryTemplate.template.id;

  // The New feed dialog warns while it is filled in, before "Create feed" starts generating.
  await page.goto(`/clients/${acme}/products/`);
  await page.getByRole('region', { name: 'Feeds' }).getByRole('button', { name: 'New feed' }).click();
  const dialog = page.getByRole('dialog', { name: 'New feed' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(`E2E warned feed ${run}`);
  await dialog.getByRole('combobox', { name: 'Catalogue' }).click();
  await page.getByRole('option', { name: `E2E layer warnings ${run}` }).click();
  await dialog.getByRole('combobox', { name: 'Product set' }).click();
  await page.getByRole('option', { name: /^All \(/ }).click();
  await dialog.getByRole('group', { name: 'Design 1' }).getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: `E2E rated ${run}` }).click();
  const title = 'Some layers will not show in every ad';
  const draftWarnings = dialog.getByRole('region', { name: title });
  await expect(draftWarnings.getByRole('listitem').filter({ hasText: 'Star rating' })).toHaveText(
    'The Star rating layer will be empty for 2 of 2 items (this catalogue has no rating column).',
  );
  await dialog.getByRole('button', { name: 'Create feed' }).click();

  // The feed page warns too, one line per layer, counted over the feed's items.
  await expect(page).toHaveURL(new RegExp(`/clients/${acme}/feeds/[0-9a-f-]{36}/$`));
  const warnings = page.getByRole('region', { name: title });
  await expect(warnings.getByRole('listitem').filter({ hasText: 'Star rating' })).toHaveText(
    'The Star rating layer will be empty for 2 of 2 items (this catalogue has no rating column).',
  );
  await expect(warnings.getByRole('listitem').filter({ hasText: 'Sale price' })).toHaveText(
    'The Sale price layer will be hidden for 1 of 2 items (not on sale).',
  );

  // The builder, with the catalogue's item chosen (the catalogue updated last): the rating layer is marked.
  await page.goto(`/clients/${acme}/products/templates/${templateId}/`);
  await openTab(page, 'LAYERS');
  const rating = layerRows(page).filter({ hasText: 'Star rating' });
  const mark = rating.getByRole('img', { name: 'Empty for this item: this catalogue has no rating column' });
  await expect(mark).toBeVisible({ timeout: 30_000 });
  await mark.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Empty for this item: this catalogue has no rating column',
  );
  // And outlined on the canvas, with the other layers that vanish for this item.
  const canvas = page.getByLabel('Template canvas');
  await expect
    .poll(async () => Number((await canvas.getAttribute('data-vanish-marks')) ?? 0))
    .toBeGreaterThan(0);
  // A layer that shows has no mark.
  await expect(layerRows(page).filter({ hasText: 'Product photo' }).getByTestId('vanish-mark')).toHaveCount(
    0,
  );

  expect(problems).toEqual([]);
});
