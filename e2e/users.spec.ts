import { expect, test } from '@playwright/test';
import { fixtures } from './fixtures.js';
import { mailedLink, signIn, watchPage } from './helpers.js';

test('an admin invites a user, who creates an account from the mailed link and signs in', async ({
  page,
  browser,
}) => {
  const f = fixtures();
  const email = `invitee-${Date.now()}@e2e.test`;
  const problems = watchPage(page);
  await signIn(page, f.users.adminA);
  await page.goto(`/clients/${f.clients.acme}/users/`);
  await page.getByRole('button', { name: 'Invite user' }).click();
  await page.getByRole('dialog').getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  // No mail server in the tests: no "Invitation sent", but the link to pass on, the one the mail holds.
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('No mail was sent')).toBeVisible();
  const link = await dialog.getByLabel('Invitation link').inputValue();
  expect(link).toBe(await mailedLink(email, '/register/linking/'));
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Invitation sent')).toHaveCount(0);
  await expect(page.getByText(email).first()).toBeVisible();
  expect(problems).toEqual([]);

  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await invitee.goto(link);
  await expect(invitee.getByText('Acme').first()).toBeVisible();
  await invitee.getByLabel('First name').fill('Ivy');
  await invitee.getByLabel('Last name').fill('Invitee');
  await invitee.getByLabel('Password').fill('ivy password 1');
  await invitee.getByRole('button', { name: /create account|accept/i }).click();
  await expect(invitee).toHaveURL(`/clients/${f.clients.acme}/dashboard/overview/`);
  await inviteeContext.close();

  // Signing in again with the chosen password works.
  const again = await browser.newContext();
  const p2 = await again.newPage();
  await signIn(p2, email, 'ivy password 1');
  await expect(p2).toHaveURL(`/clients/${f.clients.acme}/dashboard/overview/`);
  await again.close();

  // The admin sees the new member.
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(email) })).toBeVisible();
});

test('an admin deactivates and reactivates a user', async ({ page }) => {
  const f = fixtures();
  await signIn(page, f.users.adminA);
  await page.goto(`/clients/${f.clients.acme}/users/`);
  const row = page.getByRole('row', { name: new RegExp(f.users.multi) });
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('row', { name: new RegExp(f.users.multi) })).toHaveCount(0);
  await page.goto(`/clients/${f.clients.acme}/users/inactive/`);
  const inactive = page.getByRole('row', { name: new RegExp(f.users.multi) });
  await inactive.getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByRole('row', { name: new RegExp(f.users.multi) })).toHaveCount(0);
  await page.goto(`/clients/${f.clients.acme}/users/`);
  await expect(page.getByRole('row', { name: new RegExp(f.users.multi) })).toBeVisible();
});

test('someone new registers, verifies the e-mail by the mailed link and creates a workspace', async ({
  page,
}) => {
  const email = `founder-${Date.now()}@e2e.test`;
  const problems = watchPage(page);
  await page.goto('/register/');
  await page.getByLabel('First name').fill('Fran');
  await page.getByLabel('Last name').fill('Founder');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('founder password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/register\/verify\/$/);
  await expect(page.getByText('Check your inbox')).toBeVisible();

  const link = await mailedLink(email, '/register/verify/');

  await page.goto(link);
  await expect(page).toHaveURL(/\/register\/client\/$/);
  await page.getByLabel('Workspace name').fill('Fran’s Shop');
  await page.getByRole('button', { name: /create workspace/i }).click();
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}\/dashboard\/overview\/$/);
  await expect(page.getByText('Fran’s Shop').first()).toBeVisible();
  expect(problems).toEqual([]);
});
