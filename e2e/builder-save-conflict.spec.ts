// Two people edit one template (issue 14, item 18): a save from an older version than the newest is
// refused, and the builder says who changed the template, then offers to reload it or save a copy.
// Alice (admin of Acme) and Umar (a member of Acme) each in their own browser context.
import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { fixtures } from './fixtures.js';
import { expectEditing, openTab, seeNotification, signIn, watchPage } from './helpers.js';

const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });
const nameInput = (page: Page) => page.getByRole('textbox', { name: 'Template name' });
const drawnLayers = (page: Page) => page.getByTestId('builder-canvas').locator('canvas.lower-canvas');
const conflictDialog = (page: Page) => page.getByRole('dialog', { name: 'This template was changed' });

async function signedInPage(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watchPage(page);
  await signIn(page, email);
  return { page, problems };
}

/** Counts the page's UpdateTemplate requests: one per click on Save, never a retry on its own. */
function countUpdates(page: Page) {
  const sent = { count: 0 };
  page.on('request', (request) => {
    if (/"operationName":"UpdateTemplate"/.test(request.postData() ?? '')) sent.count += 1;
  });
  return sent;
}

async function addText(page: Page) {
  await openTab(page, 'TEXT');
  await page.getByRole('button', { name: 'Text', exact: true }).click();
}

test('a stale save shows who changed the template; Reload loads their version, Save as a copy keeps mine', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const f = fixtures();
  const alice = await signedInPage(browser, f.users.adminA);
  const umar = await signedInPage(browser, f.users.userA);

  // Alice makes the template: one image slot.
  const name = `E2E shared ${randomUUID().slice(0, 8)}`;
  await alice.page.goto(`/clients/${f.clients.acme}/products/templates/create/`);
  await openTab(alice.page, 'IMAGES');
  await alice.page.getByRole('button', { name: 'Image slot', exact: true }).click();
  await nameInput(alice.page).fill(name);
  await saveButton(alice.page).click();
  await seeNotification(alice.page, 'Template created');
  const id = await expectEditing(alice.page, name);
  await expect(drawnLayers(alice.page)).toHaveAttribute('data-rendered-layers', '1');
  const aliceUpdates = countUpdates(alice.page);

  // Umar opens it too, renames it and saves: version 2.
  await umar.page.goto(`/clients/${f.clients.acme}/products/templates/${id}/`);
  await expectEditing(umar.page, name);
  await expect(drawnLayers(umar.page)).toHaveAttribute('data-rendered-layers', '1');
  const umarName = `${name} by Umar`;
  await nameInput(umar.page).fill(umarName);
  await saveButton(umar.page).click();
  await seeNotification(umar.page, 'Template updated');

  // Alice, still on version 1, adds a text and saves: refused, with who changed it and which version.
  await addText(alice.page);
  await expect(drawnLayers(alice.page)).toHaveAttribute('data-rendered-layers', '2');
  await saveButton(alice.page).click();
  const dialog = conflictDialog(alice.page);
  await expect(dialog).toContainText(/The template was changed by Umar User at .+ \(version 2\)\./);
  expect(aliceUpdates.count).toBe(1);
  await expect(alice.page.getByRole('alert').filter({ hasText: 'Failed to save template' })).toHaveCount(0);

  // Cancel keeps her change and her version; saving again asks again (one request per click).
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(drawnLayers(alice.page)).toHaveAttribute('data-rendered-layers', '2');
  await saveButton(alice.page).click();
  await expect(dialog).toContainText('(version 2)');
  expect(aliceUpdates.count).toBe(2);

  // Reload asks first; then the builder shows Umar's version and her text is gone.
  await dialog.getByRole('button', { name: 'Reload', exact: true }).click();
  await expect(dialog).toContainText('Load version 2? Your changes');
  await dialog.getByRole('button', { name: 'Discard my changes and reload' }).click();
  await expect(dialog).toBeHidden();
  await expect(nameInput(alice.page)).toHaveValue(umarName);
  await expect(drawnLayers(alice.page)).toHaveAttribute('data-rendered-layers', '1');

  // From Umar's version her next save goes through: version 3.
  await addText(alice.page);
  await expect(drawnLayers(alice.page)).toHaveAttribute('data-rendered-layers', '2');
  await saveButton(alice.page).click();
  await seeNotification(alice.page, 'Template updated');

  // Umar, still on version 2, adds a text too and saves: refused by Alice's version 3. He saves a copy.
  await addText(umar.page);
  await addText(umar.page);
  await expect(drawnLayers(umar.page)).toHaveAttribute('data-rendered-layers', '3');
  await saveButton(umar.page).click();
  const umarDialog = conflictDialog(umar.page);
  await expect(umarDialog).toContainText(/The template was changed by Alice Admin at .+ \(version 3\)\./);
  await umarDialog.getByRole('button', { name: 'Save as a copy' }).click();
  await seeNotification(umar.page, 'Template created');

  // The copy is a new template with his document (two texts), opened in the builder.
  const copyId = await expectEditing(umar.page, `Copy of ${umarName}`);
  expect(copyId).not.toBe(id);
  await expect(nameInput(umar.page)).toHaveValue(`Copy of ${umarName}`);
  await expect(drawnLayers(umar.page)).toHaveAttribute('data-rendered-layers', '3');

  // The shared template still has Alice's version 3 (one text), read fresh.
  await umar.page.goto(`/clients/${f.clients.acme}/products/templates/${id}/`);
  await expectEditing(umar.page, umarName);
  await expect(drawnLayers(umar.page)).toHaveAttribute('data-rendered-layers', '2');

  expect(alice.problems).toEqual([]);
  expect(umar.problems).toEqual([]);
});
