// Saving in the template builder (issue 6): every save rule refuses with its reason, and the tags
// (automatic ones shown as they will be computed, chosen style and industry tags) are saved and loaded
// again. Runs as Alice, an admin of Acme.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { BUILDER_ERRORS, SAVE_REASONS } from '@adloom/template';
import { fixtures } from './fixtures.js';
import { openTab, signIn, watchPage } from './helpers.js';

const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });
const refusal = (page: Page, reason: string) => page.getByRole('alert').filter({ hasText: reason });

test('refuses to save with each rule of spec section 5, then saves', async ({ page }) => {
  const f = fixtures();
  const problems = watchPage(page);
  await signIn(page, f.users.adminA);
  await page.goto(`/clients/${f.clients.acme}/products/templates/create/`);
  await expect(page.getByTestId('builder-canvas').locator('canvas').first()).toBeVisible();

  // No dynamic layer.
  await saveButton(page).click();
  await expect(refusal(page, SAVE_REASONS.dynamicLayer)).toBeVisible();
  await openTab(page, 'IMAGES');
  await page.getByRole('button', { name: 'Image slot', exact: true }).click();

  // An editor error: a rating outside 1 to 5 is refused with the spec's text, and blocks saving.
  await openTab(page, 'WIDGETS');
  await page.getByRole('button', { name: 'Star Rating', exact: true }).click();
  const rating = page.getByRole('textbox', { name: 'Preview rating' });
  await expect(rating).toHaveValue('3.5');
  await rating.fill('7');
  await expect(page.getByRole('alert').filter({ hasText: BUILDER_ERRORS.ratingOutOfRange })).toBeVisible();
  await saveButton(page).click();
  await expect(refusal(page, BUILDER_ERRORS.ratingOutOfRange).nth(1)).toBeVisible();
  await page.getByRole('alert', { name: 'Editor error' }).getByRole('button').click();

  // A name over 100 characters.
  const nameInput = page.getByRole('textbox', { name: 'Template name' });
  await nameInput.fill('n'.repeat(101));
  await saveButton(page).click();
  await expect(refusal(page, SAVE_REASONS.nameLength)).toBeVisible();

  // With a valid name it saves.
  await nameInput.fill(`E2E rules ${randomUUID().slice(0, 8)}`);
  await saveButton(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Template created' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('shows the automatic tags and saves the chosen style and industry tags', async ({ page }) => {
  const f = fixtures();
  const problems = watchPage(page);
  await signIn(page, f.users.adminA);
  await page.goto(`/clients/${f.clients.acme}/products/templates/create/`);
  await expect(page.getByTestId('builder-canvas').locator('canvas').first()).toBeVisible();

  await openTab(page, 'IMAGES');
  await page.getByRole('button', { name: 'Image slot', exact: true }).click();
  await page.getByRole('button', { name: 'Image slot', exact: true }).click();
  await openTab(page, 'TEXT');
  await page.getByRole('button', { name: 'Text', exact: true }).click();

  await page.getByRole('button', { name: 'Tags', exact: true }).click();
  const auto = page.getByTestId('auto-tags');
  await expect(auto).toContainText('1080x1080');
  await expect(auto).toContainText('2 dynamic images');
  await expect(auto).toContainText('Text');

  // A style of the library (any case) and a new one, created on save; one industry.
  const styleKey = `Vivid ${randomUUID().slice(0, 6)}`;
  const style = page.getByRole('combobox', { name: 'Style' });
  await style.fill('minimal');
  await style.press('Enter');
  await style.fill(styleKey);
  await style.press('Enter');
  await style.press('Tab');
  const tagsDialog = page.getByRole('dialog', { name: 'Template tags' });
  await tagsDialog.getByRole('combobox', { name: 'Industry' }).click();
  await page.getByRole('option', { name: 'Fashion' }).click();
  await tagsDialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: 'Tags (3)' })).toBeVisible();

  const name = `E2E tags ${randomUUID().slice(0, 8)}`;
  await page.getByRole('textbox', { name: 'Template name' }).fill(name);
  await saveButton(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Template created' })).toBeVisible();
  await expect(page).toHaveURL(/\/products\/templates\/[0-9a-f-]{36}\/$/);

  // Loaded again: the same three tags; the new style is now a known one.
  await page.reload();
  await page.getByRole('button', { name: 'Tags (3)' }).click();
  const dropdown = page.getByRole('dialog', { name: 'Template tags' });
  await expect(dropdown).toContainText('Minimal');
  await expect(dropdown).toContainText(styleKey);
  await expect(page.getByRole('combobox', { name: 'Industry' })).toHaveValue('Fashion');
  expect(problems).toEqual([]);
});
