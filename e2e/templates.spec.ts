// The template screens of issue 4: the library, the templates grid with its card menu and version history,
// SVG import with upload progress, and the template page. Runs as Alice, an admin of Acme.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createBuilderDocument, writeBuilderMetadata } from '@adloom/template';
import { fixtures } from './fixtures.js';
import { clientGraphql, seeNotification, signIn, watchPage } from './helpers.js';

/** A small builder-made template, as apps/server/test/fixtures/templates.ts makes it (one image slot). */
function builderSvg(extra = '') {
  const width = 1080;
  const height = 1080;
  const body = [
    `<rect id="MAIN_BLUR" x="0" y="0" width="${width}" height="${height}"/>`,
    '<rect id="MAIN_001" x="40" y="40" width="300" height="300"/>',
    '<rect id="LOGO_MAIN" x="40" y="900" width="200" height="80"/>',
    '<text title="{title} {price}" data-x="400" data-y="900" data-width="600" font-family="Open Sans" font-size="40">{title} {price}</text>',
    extra,
  ].join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
  return writeBuilderMetadata(svg, createBuilderDocument({ width, height }));
}

/** Opens the menu of a template card and picks `item`. */
async function cardMenu(page: Page, card: Locator, item: string) {
  await card.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

const graphql = clientGraphql;

/** Saves the template's current SVG again, so it has one more version (the builder would do this). */
async function saveNewVersion(page: Page, id: string) {
  const { productCatalogTemplate: template } = await graphql<{
    productCatalogTemplate: { name: string; templateString: string };
  }>(page, 'query ($id: ID!) { productCatalogTemplate(id: $id) { name templateString } }', { id });
  const saved = await graphql<{ updateProductCatalogTemplate: { error: unknown } }>(
    page,
    `
      mutation ($id: ID!, $name: String!, $templateString: String!) {
        updateProductCatalogTemplate(id: $id, name: $name, templateString: $templateString) {
          error {
            message
          }
        }
      }
    `,
    { id, name: template.name, templateString: template.templateString },
  );
  expect(saved.updateProductCatalogTemplate.error).toBeNull();
}

test('the library, the templates grid, version history, SVG import, archive and delete', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const f = fixtures();
  const problems = watchPage(page);
  await signIn(page, f.users.adminA);
  const base = `/clients/${f.clients.acme}`;

  // The products hub leads to the library and to the catalogues.
  await page.goto(`${base}/products/`);
  await expect(
    page.getByRole('region', { name: 'Catalogues' }).getByRole('link', { name: 'Open catalogues' }),
  ).toHaveAttribute('href', /\/catalogs\/$/);
  await page.getByRole('link', { name: 'Browse the library' }).click();
  await expect(page).toHaveURL(`${base}/products/templates/library/`);

  // Filtering by a tag shows exactly as many starter templates as the tag's count says.
  const cards = page.getByLabel('Starter templates').getByRole('article');
  await expect(cards.first()).toBeVisible();
  const filters = page.getByRole('region', { name: 'Filter by tag' });
  const tagBox = filters.getByRole('checkbox').first();
  const tagLabel = (await filters.locator('label').first().innerText()).trim();
  const count = Number(/\((\d+)\)$/.exec(tagLabel)?.[1]);
  expect(count).toBeGreaterThan(0);
  await tagBox.check();
  await expect(cards).toHaveCount(count);

  // Using a template copies it and opens its page.
  const starter = cards.first();
  const starterName = (await starter.getAttribute('aria-label'))!;
  await starter.getByRole('button', { name: /Use this template/ }).click();
  await seeNotification(page, 'Template created');
  await expect(page).toHaveURL(new RegExp(`${base}/products/templates/[0-9a-f-]{36}/$`));
  const templateId = /templates\/([0-9a-f-]{36})\/$/.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { level: 1, name: starterName })).toBeVisible();
  await page.getByRole('tab', { name: 'LAYERS', exact: true }).click();
  await expect(page.locator('[data-testid="layer-row"][data-layer-id^="MAIN"]').first()).toBeVisible();

  // The templates grid shows it; duplicating makes a copy.
  await page.getByRole('navigation').getByRole('link', { name: 'Templates', exact: true }).click();
  await expect(page).toHaveURL(`${base}/products/templates/`);
  // Found by its link: the same starter may have been used before.
  const copied = page
    .getByRole('article', { name: starterName, exact: true })
    .filter({ has: page.locator(`a[href$="/${templateId}/"]`) });
  await expect(copied).toBeVisible();
  const copies = page.getByRole('article', { name: `Copy of ${starterName}`, exact: true });
  const copiesBefore = await copies.count();
  await cardMenu(page, copied, 'Duplicate');
  await seeNotification(page, `‘Copy of ${starterName}’ was created.`);
  await expect(copies).toHaveCount(copiesBefore + 1);

  // Version history: after a second save, version 1 is restored as version 3.
  await saveNewVersion(page, templateId);
  await cardMenu(page, copied, 'Version history');
  const drawer = page.getByRole('dialog', { name: `Version history: ${starterName}` });
  await expect(drawer.getByRole('listitem')).toHaveCount(2);
  await expect(drawer.getByRole('listitem', { name: 'Version 2' })).toContainText('Current');
  await drawer.getByRole('button', { name: 'Restore version 1' }).click();
  const confirm = page.getByRole('dialog', { name: 'Restore version 1?' });
  await confirm.getByRole('button', { name: 'Restore', exact: true }).click();
  await seeNotification(page, 'Version 1 restored as version 3');
  await expect(drawer.getByRole('listitem')).toHaveCount(3);
  await expect(drawer.getByRole('listitem', { name: 'Version 3' })).toContainText('Current');
  await expect(drawer.getByRole('listitem', { name: 'Version 3' })).toContainText('Restored from version 1');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(copied).toContainText('Version 3');

  // Importing an SVG uploads it with a progress bar, then saves it as a template.
  const importName = `E2E import ${randomUUID().slice(0, 8)}`;
  const svgFile = testInfo.outputPath(`${importName}.svg`);
  writeFileSync(svgFile, builderSvg());
  await page.route('**/uploads/', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  let chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import SVG' }).click();
  await (await chooser).setFiles(svgFile);
  // The bar (its track, with the percentage beside the file name) shows while the upload is held back.
  const uploadStatus = page.getByRole('status').filter({ hasText: `Uploading ${importName}.svg…` });
  await expect(uploadStatus).toBeVisible();
  await expect(uploadStatus).toContainText('%');
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeAttached();
  await seeNotification(page, 'Template created');
  await page.unroute('**/uploads/');
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveCount(0);
  const imported = page.getByRole('article', { name: importName, exact: true });
  await expect(imported).toContainText('1080 × 1080');
  await expect(imported).toContainText('Version 1');
  await expect(imported.getByRole('img', { name: `Thumbnail of ${importName}` })).toBeVisible();

  // An SVG with a script is refused with the server's reason.
  const unsafeFile = testInfo.outputPath('unsafe template.svg');
  writeFileSync(unsafeFile, builderSvg('<script>alert(1)</script>'));
  chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import SVG' }).click();
  await (await chooser).setFiles(unsafeFile);
  await seeNotification(page, /The template contains content that is not allowed/);
  await expect(page.getByRole('article', { name: 'unsafe template', exact: true })).toHaveCount(0);

  // Search by name, and the state when nothing matches.
  const search = page.getByRole('textbox', { name: 'Search' });
  await search.fill(importName);
  await expect(page.getByRole('article')).toHaveCount(1);
  await search.fill('no template has this name');
  await expect(page.getByText('No template matches your search.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(imported).toBeVisible();

  // Archive moves it out of the list; it is deleted from the archived list after a confirmation.
  await cardMenu(page, imported, 'Archive');
  await seeNotification(page, `‘${importName}’ was archived.`);
  await expect(imported).toBeHidden();
  await page.getByRole('switch', { name: 'Show archived' }).check();
  await expect(imported).toContainText('Archived');
  await cardMenu(page, imported, 'Delete');
  const deleteDialog = page.getByRole('dialog', { name: 'Delete template' });
  await expect(deleteDialog).toContainText(
    `Delete ‘${importName}’? Its versions are deleted too. This cannot be undone.`,
  );
  await deleteDialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await seeNotification(page, `‘${importName}’ was deleted.`);
  await expect(imported).toHaveCount(0);

  expect(problems).toEqual([]);
});

test('the create page, a template page not found, and a template not made with the builder', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const f = fixtures();
  const problems = watchPage(page);
  await signIn(page, f.users.adminA);
  const base = `/clients/${f.clients.acme}`;

  // The create page also offers the library and an SVG import that opens the new template.
  await page.goto(`${base}/products/templates/create/`);
  await expect(page.getByRole('link', { name: 'Start from the library' })).toHaveAttribute(
    'href',
    `${base}/products/templates/library/`,
  );
  const importName = `E2E create ${randomUUID().slice(0, 8)}`;
  const svgFile = testInfo.outputPath(`${importName}.svg`);
  writeFileSync(svgFile, builderSvg());
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import SVG' }).click();
  await (await chooser).setFiles(svgFile);
  await seeNotification(page, 'Template created');
  await expect(page).toHaveURL(new RegExp(`${base}/products/templates/[0-9a-f-]{36}/$`));
  await expect(page.getByRole('heading', { level: 1, name: importName })).toBeVisible();
  await page.getByRole('tab', { name: 'LAYERS', exact: true }).click();
  await expect(page.locator('[data-testid="layer-row"][data-layer-id="MAIN_001"]')).toBeVisible();

  const missing = randomUUID();
  await page.goto(`${base}/products/templates/${missing}/`);
  await expect(page.getByText(`Template ${missing} not found`)).toBeVisible();

  const plainSvg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1500" viewBox="0 0 1000 1500">' +
    '<rect id="MAIN_001" x="0" y="0" width="1000" height="1000"/></svg>';
  const created = await graphql<{ createProductCatalogTemplate: { template: { id: string } } }>(
    page,
    `
      mutation ($templateString: String!) {
        createProductCatalogTemplate(name: "Plain SVG", templateString: $templateString) {
          template {
            id
          }
        }
      }
    `,
    { templateString: plainSvg },
  );
  const { id } = created.createProductCatalogTemplate.template;
  await page.goto(`${base}/products/templates/${id}/`);
  await expect(
    page.getByText('Cannot edit template that was not created with the template builder.'),
  ).toBeVisible();
  await expect(page).toHaveURL(`${base}/products/templates/`, { timeout: 15_000 });
  await expect(page.getByRole('article', { name: 'Plain SVG', exact: true }).first()).toBeVisible();

  expect(problems).toEqual([]);
});
