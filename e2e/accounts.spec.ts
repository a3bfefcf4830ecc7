import { expect, test, type Browser, type Page } from '@playwright/test';
import { csrfToken, mailedLink, seeNotification, signIn, watchPage } from './helpers.js';

// The user's own account (issue 14, item 6): a forgotten password, and the sessions list with revoke.

const FIRST_PASSWORD = 'first password 1';

/** A new user with a workspace of their own, registered and verified in `page`'s browser. */
async function newUserWithWorkspace(page: Page, tag: string): Promise<string> {
  const email = `${tag}-${Date.now()}@e2e.test`;
  const registered = await page.request.post('/auth/register/', {
    data: { email, password: FIRST_PASSWORD, firstName: 'Rita', lastName: 'Reset' },
  });
  expect(registered.status()).toBe(202);
  // Opened in the browser that registered: signed in with the password chosen at registration.
  await page.goto(await mailedLink(email, '/register/verify/'));
  await expect(page).toHaveURL(/\/register\/client\/$/);
  const created = await page.request.post('/api/', {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: { query: 'mutation { createWorkspace(name: "Rita’s Shop") { client { id } error { message } } }' },
  });
  expect(created.ok()).toBe(true);
  return email;
}

async function signedInPage(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}

test('a forgotten password: the mailed link sets a new one, once, and the user signs in with it', async ({
  page,
  browser,
}) => {
  const email = await newUserWithWorkspace(page, 'forgot');
  await page.context().clearCookies();

  const context = await browser.newContext();
  const visitor = await context.newPage();
  const problems = watchPage(visitor);
  await visitor.goto('/login/local/');
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(visitor).toHaveURL(/\/login\/forgot\/$/);
  await expect(visitor.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(visitor.getByLabel('Email')).toHaveValue(email);
  await visitor.getByRole('button', { name: 'Send reset link' }).click();
  await expect(visitor.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(visitor.getByText(email)).toBeVisible();

  const link = await mailedLink(email, '/login/reset/');
  await visitor.goto(link);
  // The token leaves the address bar at once.
  await expect(visitor).toHaveURL(/\/login\/reset\/$/);
  await visitor.getByLabel('New password', { exact: true }).fill('second password 2');
  await visitor.getByLabel('Repeat the new password').fill('second password 2');
  await visitor.getByRole('button', { name: 'Set password' }).click();
  await expect(visitor).toHaveURL(/\/login\/local\/$/);
  await expect(visitor.getByText('Your new password is set. Sign in with it.')).toBeVisible();
  expect(problems).toEqual([]);

  // The old password no longer works; the new one does.
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByLabel('Password').fill(FIRST_PASSWORD);
  await visitor.getByRole('button', { name: 'Sign in' }).click();
  await expect(visitor.getByText('The e-mail or password is incorrect.')).toBeVisible();
  await visitor.getByLabel('Password').fill('second password 2');
  await visitor.getByRole('button', { name: 'Sign in' }).click();
  await expect(visitor).toHaveURL(/\/clients\/[0-9a-f-]{36}\/dashboard\/overview\/$/);
  await context.close();

  // The link worked once.
  const again = await browser.newContext();
  const late = await again.newPage();
  await late.goto(link);
  await late.getByLabel('New password', { exact: true }).fill('third password 3');
  await late.getByLabel('Repeat the new password').fill('third password 3');
  await late.getByRole('button', { name: 'Set password' }).click();
  await expect(late.getByText('This link is invalid, has already been used or has expired.')).toBeVisible();
  await expect(late.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await again.close();
});

test('the sessions list shows where the user is signed in; one or all others can be signed out', async ({
  page,
  browser,
}) => {
  const email = await newUserWithWorkspace(page, 'sessions');
  const problems = watchPage(page);
  const laptop = await signedInPage(browser, email, FIRST_PASSWORD);
  const phone = await signedInPage(browser, email, FIRST_PASSWORD);

  await page.goto('/');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  await expect(page).toHaveURL(/\/account\/$/);
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Your sessions' }).locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'This browser' })).toHaveCount(1);
  await expect(rows.first()).toContainText('127.0.0.1');

  // Sign out one other session: it is gone from the list, and that browser is signed out.
  await rows
    .filter({ hasNotText: 'This browser' })
    .first()
    .getByRole('button', { name: /^Sign out/ })
    .click();
  await seeNotification(page, /was signed out/);
  await expect(rows).toHaveCount(2);

  // Sign out all the others.
  await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out others' }).click();
  await seeNotification(page, 'Your other sessions were signed out.');
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();

  for (const other of [laptop, phone]) {
    await other.goto('/');
    await expect(other).toHaveURL(/\/login\//);
  }
  // This browser is still signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('changing the password needs the current one and signs the other sessions out', async ({
  page,
  browser,
}) => {
  const email = await newUserWithWorkspace(page, 'change');
  const other = await signedInPage(browser, email, FIRST_PASSWORD);
  await page.goto('/account/');
  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password', { exact: true }).fill('changed password 2');
  await page.getByLabel('Repeat the new password').fill('changed password 2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is incorrect.')).toBeVisible();

  await page.getByLabel('Current password').fill(FIRST_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await seeNotification(page, 'Your password is changed. Your other sessions were signed out.');
  await expect(page.getByRole('table', { name: 'Your sessions' }).locator('tbody tr')).toHaveCount(1);
  await other.goto('/');
  await expect(other).toHaveURL(/\/login\//);
  await signIn(other, email, 'changed password 2');
});
