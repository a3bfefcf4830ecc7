import { expect, test } from '@playwright/test';
import { fixtures } from './fixtures.js';
import { signIn, watchPage } from './helpers.js';

test('signs in from /login/, lands on the dashboard overview and signs out', async ({ page }) => {
  const f = fixtures();
  const problems = watchPage(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\/$/);
  await page.getByRole('link', { name: /sign in with email/i }).click();
  await expect(page).toHaveURL(/\/login\/local\/$/);
  await page.getByLabel('Email').fill(f.users.adminA);
  await page.getByLabel('Password').fill('e2e password 1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`/clients/${f.clients.acme}/dashboard/overview/`);
  await expect(page.getByRole('heading', { name: 'Dashboard overview' })).toBeVisible();
  // The overview: its filters, or what to connect when there is no data (demo mode is the user's choice).
  await expect(
    page.getByRole('combobox', { name: 'Date range' }).or(page.getByRole('link', { name: 'Connect Meta' })),
  ).toBeVisible();
  expect(problems).toEqual([]);

  await page
    .getByRole('button', { name: /account menu|AA/i })
    .first()
    .click();
  await page.getByRole('menuitem', { name: /sign out/i }).click();
  await expect(page).toHaveURL(/\/login\//);
  await page.goto(`/clients/${f.clients.acme}/users/`);
  await expect(page).toHaveURL(/\/login\//);
});

test('a wrong password shows the error and signs nobody in', async ({ page }) => {
  const f = fixtures();
  await page.goto('/login/local/');
  await page.getByLabel('Email').fill(f.users.adminA);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The e-mail or password is incorrect.')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/local\/$/);
});

test('the Auth0 button is absent when Auth0 is not configured', async ({ page }) => {
  await page.goto('/login/');
  await expect(page.getByRole('link', { name: /sign in with email/i })).toBeVisible();
  await expect(page.getByText(/auth0/i)).toHaveCount(0);
});

test('token sign-in switches to the generic branding', async ({ page, browser }) => {
  const f = fixtures();
  await signIn(page, f.users.staff);
  await page.goto(`/portal/clients/${f.clients.acme}/`);
  const row = page.getByRole('row', { name: new RegExp(f.users.userA) });
  await row.getByRole('button', { name: /sign-in link/i }).click();
  const url = await page.getByRole('textbox', { name: /sign-in link/i }).inputValue();
  expect(url).toContain('/auth/login/token/?token=');

  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(url);
  await expect(other).toHaveURL(`/clients/${f.clients.acme}/overview/`);
  await expect(other.getByText('Platform').first()).toBeVisible();
  await expect(other.getByText('Adloom')).toHaveCount(0);
  await context.close();
});
