// The integrations page of issue 18: an Ads Manager export (the server's en-by-day fixture) imported from
// the Ads Manager export card completes, with its counts, days and currency, and leads to the overview; a
// file that is not an export fails with the missing columns named. Runs as Bob, an admin of Bravo, so that
// Acme's performance data stays what other tests import.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { fixtures } from './fixtures.js';
import { seeNotification, signIn, watchPage } from './helpers.js';

const exports = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../apps/server/test/fixtures/ads-manager',
);

/** The cells of the newest import's row in the Ads Manager imports table. */
function newestImportCells(page: Page) {
  return page.getByRole('table', { name: 'Ads Manager imports' }).getByRole('row').nth(1).getByRole('cell');
}

async function importExport(page: Page, fileName: string) {
  const card = page.getByRole('region', { name: 'Ads Manager export' });
  await card.locator('input[type="file"]').setInputFiles(path.join(exports, fileName));
  await seeNotification(page, `${fileName} is being imported.`);
}

test('an Ads Manager export imported from the integrations page', async ({ page }) => {
  test.setTimeout(90_000);
  const f = fixtures();
  const problems = watchPage(page);
  await signIn(page, f.users.adminB);
  const base = `/clients/${f.clients.bravo}`;

  await page.goto(`${base}/integrations/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Shopify' })).toContainText('Not built yet');
  await expect(page.getByRole('region', { name: 'Klaviyo' })).toContainText('Not built yet');
  await expect(page.getByRole('region', { name: 'Shopify' }).getByRole('button')).toHaveCount(0);

  // A file that is not an export fails and says which columns are missing.
  await importExport(page, 'not-an-export.csv');
  await expect(newestImportCells(page).nth(1)).toHaveText('Failed', { timeout: 30_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'The import failed' })).toContainText(
    'Amount spent',
  );

  // The export by day completes (the page polls): its rows, days and currency, and the way to the overview.
  await importExport(page, 'en-by-day.csv');
  await expect(newestImportCells(page).nth(1)).toHaveText('Completed', { timeout: 30_000 });
  await expect(newestImportCells(page).nth(2)).toContainText('en-by-day.csv');
  // Five ad-day rows (the export's total row is not an ad's).
  await expect(newestImportCells(page).nth(4)).toHaveText('5');
  await expect(newestImportCells(page).nth(5)).toHaveText('0');
  await expect(newestImportCells(page).nth(6)).toHaveText('1 Mar 2026 – 2 Mar 2026 (2 days)');
  await expect(newestImportCells(page).nth(7)).toHaveText('USD');
  await page.getByRole('link', { name: 'See the overview' }).click();
  await expect(page).toHaveURL(`${base}/dashboard/overview/?from=2026-03-01&to=2026-03-02`);

  expect(problems).toEqual([]);
});
