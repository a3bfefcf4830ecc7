import { expect, test } from '@playwright/test';
import { fixtures } from './fixtures.js';
import { signIn } from './helpers.js';

test('the terms modal appears when the flag is on, and not after accepting', async ({ page }) => {
  const f = fixtures();
  await signIn(page, f.users.terms);
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Accept' }).click();
  await expect(modal).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard overview' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('an expired plan lands on /plan-expired/ and keeps client routes behind it', async ({ page }) => {
  const f = fixtures();
  await signIn(page, f.users.expired);
  await expect(page).toHaveURL(`/clients/${f.clients.expired}/plan-expired/`);
  await page.goto(`/clients/${f.clients.expired}/catalogs/`);
  await expect(page).toHaveURL(`/clients/${f.clients.expired}/plan-expired/`);
  await page.goto(`/clients/${f.clients.expired}/billing/`);
  await expect(page).toHaveURL(`/clients/${f.clients.expired}/billing/`);
});

test('a user with several clients switches between them', async ({ page }) => {
  const f = fixtures();
  await signIn(page, f.users.multi);
  await expect(page).toHaveURL(
    new RegExp(`/clients/(${f.clients.acme}|${f.clients.bravo})/dashboard/overview/`),
  );
  const target = page.url().includes(f.clients.acme) ? 'Bravo' : 'Acme';
  await page.getByRole('combobox', { name: /client/i }).selectOption({ label: target });
  await expect(page).toHaveURL(
    new RegExp(`/clients/${target === 'Bravo' ? f.clients.bravo : f.clients.acme}/`),
  );
});

test('demo mode is kept locally as the string true or false', async ({ page }) => {
  const f = fixtures();
  await signIn(page, f.users.adminA);
  const stored = () => page.evaluate(() => localStorage.getItem('demoMode'));
  const before = await stored();
  expect([null, 'false']).toContain(before);
  await page
    .getByRole('button', { name: /account menu|AA/i })
    .first()
    .click();
  // No Facebook status: nothing writes one until the Meta integration does.
  await expect(page.getByRole('menu')).not.toContainText('Facebook');
  await page.getByRole('menuitemcheckbox', { name: /demo mode/i }).click();
  await expect.poll(stored).toBe('true');
  await page.reload();
  await expect(page.getByText('Demo mode').first()).toBeVisible();
  expect(await stored()).toBe('true');
});

test('the sidebar starts expanded, marks unbuilt areas "Coming soon", and collapses', async ({ page }) => {
  const f = fixtures();
  await signIn(page, f.users.adminA);
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByText('Products', { exact: true })).toBeVisible();
  // Unbuilt areas say so in the sidebar; the areas that work do not.
  await expect(nav.getByRole('link', { name: /^Video ads/ })).toContainText('Coming soon');
  await expect(nav.getByRole('link', { name: /^DPA performance/ })).not.toContainText('Coming soon');
  await expect(nav.getByRole('link', { name: /^Performance/ })).not.toContainText('Coming soon');
  await expect(nav.getByRole('link', { name: /^Sage assistant/ })).toContainText('Coming soon');
  await expect(nav.getByRole('link', { name: /^Templates/ })).not.toContainText('Coming soon');
  await expect(nav.getByRole('link', { name: /^Catalogues/ })).not.toContainText('Coming soon');
  // The landing page is the overview dashboard: its filters, or what to connect when there is no data.
  const main = page.getByRole('main');
  await expect(
    main.getByRole('combobox', { name: 'Date range' }).or(main.getByRole('link', { name: 'Connect Meta' })),
  ).toBeVisible();
  await nav.getByRole('link', { name: /^Catalogues/ }).click();
  await expect(page).toHaveURL(`/clients/${f.clients.acme}/catalogs/`);
  await page.getByRole('button', { name: /collapse sidebar/i }).click();
  await expect(nav.getByText('Products', { exact: true })).toBeHidden();
  await expect(nav.getByRole('link', { name: 'Video ads (coming soon)', exact: true })).toBeVisible();
  await page.getByRole('button', { name: /expand sidebar/i }).click();
  await expect(nav.getByText('Products', { exact: true })).toBeVisible();
});
