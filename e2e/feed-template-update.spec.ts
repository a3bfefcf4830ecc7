// Template edits reach their feeds (issue 16, items 7 and 8): a template a feed uses is saved from the
// builder, the save asks "1 feed, N ads", updating regenerates the feed on the new version; a save that
// keeps the feed leaves it on the older version, which the feed page names with "Move to the latest
// version" and "Edit the design"; then one creative opens large, downloads, regenerates and leads to its
// catalogue item, and the preview names each item's title and price. Runs as Alice, an admin of Acme.
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { fixtures } from './fixtures.js';
import {
  clientGraphql,
  importCatalog,
  seeNotification,
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

/** A catalogue of two items, its product set, a one-slot library template and a feed of it, generated. */
async function feedOnTemplate(page: Page, run: string) {
  const acme = fixtures().clients.acme;
  const csv = [
    'id,title,price,sale_price,brand,image_link',
    `${run}-A,Red trail shoe,129.00 USD,99.00 USD,Acme,${images.origin}/img/red.jpg`,
    `${run}-B,Blue road shoe,89.00 USD,,Acme,${images.origin}/img/blue.jpg`,
  ].join('\n');
  const catalogId = await importCatalog(page, acme, `E2E versions ${run}`, csv);
  const { createProductSet } = await clientGraphql<{ createProductSet: { productSet: { id: string } } }>(
    page,
    'mutation ($id: ID!) { createProductSet(catalogId: $id, name: "All") { productSet { id } } }',
    { id: catalogId },
  );
  const { templateLibrary } = await clientGraphql<{ templateLibrary: { id: string; slotCount: number }[] }>(
    page,
    'query { templateLibrary { id slotCount } }',
  );
  const starter = templateLibrary.find((template) => template.slotCount === 1);
  expect(starter, 'a one-slot starter template').toBeTruthy();
  const templateName = `E2E versioned ${run}`;
  const { useLibraryTemplate } = await clientGraphql<{ useLibraryTemplate: { template: { id: string } } }>(
    page,
    'mutation ($id: ID!, $name: String) { useLibraryTemplate(libraryTemplateId: $id, name: $name) { template { id } } }',
    { id: starter!.id, name: templateName },
  );
  const templateId = useLibraryTemplate.template.id;
  const feedName = `E2E versions feed ${run}`;
  const { createFeed } = await clientGraphql<{ createFeed: { feed: { id: string } } }>(
    page,
    'mutation ($set: ID!, $name: String!, $tpl: ID!) { createFeed(productSetId: $set, name: $name, designs: [{ templateId: $tpl }]) { feed { id } } }',
    { set: createProductSet.productSet.id, name: feedName, tpl: templateId },
  );
  const feedUrl = `/clients/${acme}/feeds/${createFeed.feed.id}/`;
  return { catalogId, templateId, feedName, feedUrl };
}

/** Waits on the feed page until every item has its final state. */
async function expectGenerated(page: Page) {
  const progress = page.getByRole('progressbar', { name: 'Generation progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 120_000 });
  await expect(page.getByText('Ready', { exact: true })).toBeVisible({ timeout: 30_000 });
}

/** Saves the template open in the builder, answers the question about its feeds; returns the name saved. */
async function saveAnswering(page: Page, answer: RegExp, asked: string): Promise<string> {
  const name = await page.getByRole('textbox', { name: 'Template name' }).inputValue();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const question = page.getByRole('dialog', { name: 'Update the feeds that use this template?' });
  await expect(question).toContainText(asked);
  // Updating is the default: the focused answer.
  await expect(question.getByRole('button', { name: 'Update feeds' })).toBeFocused();
  await question.getByRole('button', { name: answer }).click();
  // Saving uploads a thumbnail and queues the feed again: slow on a loaded machine.
  await expect(page.getByRole('alert').filter({ hasText: 'Template updated' })).toBeVisible({
    timeout: 60_000,
  });
  await seeNotification(page, 'Template updated');
  return name;
}

test('a template saved with its feeds updated or kept, then one creative opened large', async ({ page }) => {
  test.setTimeout(240_000);
  const problems = watchPage(page);
  await signIn(page, fixtures().users.adminA);
  const run = randomUUID().slice(0, 8);
  const { catalogId, templateId, feedName, feedUrl } = await feedOnTemplate(page, run);
  await page.goto(feedUrl);
  await expectGenerated(page);
  const design = page.getByRole('region', { name: 'Designs' }).getByRole('article', { name: 'Design 1' });
  await expect(design).toContainText('version 1');

  // Edited and saved: "1 feed, 2 ads" use it; updating moves the feed to version 2 and regenerates it.
  const builderUrl = `/clients/${fixtures().clients.acme}/products/templates/${templateId}/`;
  await page.goto(builderUrl);
  await expect(page.getByTestId('builder-canvas').locator('canvas').first()).toBeVisible();
  await saveAnswering(page, /^Update feeds$/, '1 feed, 2 ads use this template.');
  await page.goto(feedUrl);
  await expect(design).toContainText('version 2');
  await expectGenerated(page);
  await expect(design.getByRole('status').filter({ hasText: 'Older version' })).toHaveCount(0);

  // Saved again, keeping the feed: it stays on version 2 and says so, with the two ways forward.
  await page.goto(builderUrl);
  await expect(page.getByTestId('builder-canvas').locator('canvas').first()).toBeVisible();
  const savedName = await saveAnswering(page, /^Keep them on version 2$/, '1 feed, 2 ads use this template.');
  await page.goto(feedUrl);
  const older = design.getByRole('status').filter({ hasText: 'Older version' });
  await expect(older).toContainText(`Uses version 2 of ‘${savedName}’; the newest is version 3.`);
  await expect(design.getByRole('img', { name: `Thumbnail of ${savedName}` })).toBeVisible();
  await expect(older.getByRole('link', { name: 'Edit the design' })).toHaveAttribute('href', builderUrl);
  await older.getByRole('button', { name: 'Move to the latest version' }).click();
  await seeNotification(page, 'Moved to version 3: 2 items queued.');
  await expect(design).toContainText('version 3');
  await expect(older).toHaveCount(0);
  await expectGenerated(page);

  // The item filter is edited with the rule editor from the feed page.
  await page.getByRole('button', { name: 'Edit designs and filters' }).click();
  const edit = page.getByRole('dialog', { name: `Edit designs: ${feedName}` });
  const filter = edit.getByRole('group', { name: 'Item filter' });
  await filter.getByRole('button', { name: 'Add rule' }).click();
  await filter.getByRole('combobox', { name: 'Field' }).click();
  await page.getByRole('option', { name: 'Title', exact: true }).click();
  await filter.getByRole('combobox', { name: 'Operator' }).click();
  await page.getByRole('option', { name: 'contains', exact: true }).click();
  await filter.getByRole('textbox', { name: 'Value' }).fill('shoe');
  await expect(filter.getByRole('status', { name: 'Matching items' })).toHaveText('2 items match');
  await edit.getByRole('button', { name: 'Save and regenerate' }).click();
  await seeNotification(page, `‘${feedName}’ was saved: 2 items queued.`);
  await expect(design).toContainText('"title"');
  await expectGenerated(page);

  // A creative opened large: the ad, the item's title, price and id; the arrow goes to the next item.
  await page.getByRole('navigation', { name: 'Feed pages' }).getByRole('link', { name: 'Creatives' }).click();
  await page
    .getByLabel('Creatives')
    .getByRole('button', { name: `Open item ${run}-A` })
    .click();
  let viewer = page.getByRole('dialog', { name: `Item ${run}-A` });
  const ad = viewer.getByRole('img', { name: `Ad of item ${run}-A` });
  await expect(ad).toBeVisible();
  await expect.poll(() => ad.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(viewer.getByRole('heading', { name: 'Red trail shoe' })).toBeVisible();
  await expect(viewer).toContainText('129.00 USD');
  await expect(viewer).toContainText(`Item id ${run}-A`);

  // Downloaded under the feed's and the item's names.
  const download = page.waitForEvent('download');
  await viewer.getByRole('link', { name: 'Download' }).click();
  const slug = feedName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  expect((await download).suggestedFilename()).toBe(`${slug}_${run}-A.jpg`);

  // Made again: done when the notification says so (its inputs did not change, so its ad stays).
  await viewer.getByRole('button', { name: 'Regenerate' }).click();
  await seeNotification(page, `The ad of item ${run}-A was made again.`);
  await expect(viewer.getByRole('button', { name: 'Regenerate' })).toBeEnabled();

  await viewer.getByRole('button', { name: 'Next ad' }).click();
  viewer = page.getByRole('dialog', { name: `Item ${run}-B` });
  await expect(viewer.getByRole('heading', { name: 'Blue road shoe' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  viewer = page.getByRole('dialog', { name: `Item ${run}-A` });
  await expect(viewer.getByRole('heading', { name: 'Red trail shoe' })).toBeVisible();

  // The item in its catalogue.
  await viewer.getByRole('link', { name: 'Open in catalogue' }).click();
  await expect(page).toHaveURL(`/clients/${fixtures().clients.acme}/catalogs/${catalogId}/?item=${run}-A`);
  await expect(page.getByRole('dialog').filter({ hasText: 'Red trail shoe' })).toBeVisible();

  // The preview names each item's title and price under its ad.
  await page.goto(`${feedUrl}preview/`);
  const card = page.getByLabel('Preview').getByRole('article', { name: `Item ${run}-A` });
  await expect(card).toContainText('Red trail shoe');
  await expect(card).toContainText('99.00 USD (was 129.00 USD)');

  expect(problems).toEqual([]);
});
