import { expect, test } from '@playwright/test';
import { fixtures } from './fixtures.js';
import { csrfToken, signIn } from './helpers.js';

test('a user of one client is sent to /unauthorized/ for another client and refused by its API', async ({
  page,
}) => {
  const f = fixtures();
  await signIn(page, f.users.userA);
  for (const path of ['dashboard/overview/', 'users/', 'products/templates/']) {
    await page.goto(`/clients/${f.clients.bravo}/${path}`);
    await expect(page).toHaveURL(`/clients/${f.clients.bravo}/unauthorized/`);
    await expect(page.getByRole('heading', { name: /unauthori[sz]ed|no access/i }).first()).toBeVisible();
  }
  const refused = await page.request.post(`/api/clients/${f.clients.bravo}/`, {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: { query: '{ client { id name } }' },
  });
  expect(refused.status()).toBe(403);
  const body = await refused.json();
  expect(body.data).toBeUndefined();
  expect(body.errors[0].extensions.code).toBe('FORBIDDEN');

  const own = await page.request.post(`/api/clients/${f.clients.acme}/`, {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: { query: '{ client { name } }' },
  });
  expect((await own.json()).data.client.name).toBe('Acme');
});

test('a non-admin sees that only admins manage users', async ({ page }) => {
  const f = fixtures();
  await signIn(page, f.users.userA);
  await page.goto(`/clients/${f.clients.acme}/users/`);
  await expect(page.getByText('Only admins can manage users')).toBeVisible();
});
