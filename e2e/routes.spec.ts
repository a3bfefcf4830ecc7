import { expect, test } from '@playwright/test';
import { clientRoutes, portalRoutes } from '../apps/web/src/app/routes.js';
import { fixtures } from './fixtures.js';
import { signIn, watchPage } from './helpers.js';

const fill = (path: string, id: string) =>
  path.replace(/:[A-Za-z]+/g, (m) => (m === ':id' || m === ':clientId' ? id : 'sample-1'));

test('every client route opens with no console error and no failed request', async ({ page }) => {
  test.setTimeout(240_000);
  const f = fixtures();
  await signIn(page, f.users.adminA);
  const problems = watchPage(page);
  for (const route of clientRoutes) {
    const url = `/clients/${f.clients.acme}/${fill(route.path, 'sample-1')}`;
    await page.goto(url);
    await expect(page.getByRole('heading', { name: route.title, exact: true }).first(), url).toBeVisible();
    await page.waitForLoadState('networkidle');
    if (route.screen === 'placeholder')
      await expect(page.getByText('This area is not built yet.'), url).toBeVisible();
    expect(problems, url).toEqual([]);
  }
});

test('every portal route opens for staff with no console error and no failed request', async ({ page }) => {
  const f = fixtures();
  await signIn(page, f.users.staff);
  const problems = watchPage(page);
  for (const route of portalRoutes) {
    const url = `/portal/${fill(route.path, f.clients.acme)}`;
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main')).toBeVisible();
    expect(problems, url).toEqual([]);
  }
});

test('the portal is refused to a client user', async ({ page }) => {
  const f = fixtures();
  await signIn(page, f.users.adminA);
  await page.goto('/portal/clients/');
  await expect(page.getByText(/only staff/i)).toBeVisible();
});
