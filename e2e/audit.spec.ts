// Issue 14, items 9 and 17 in the browser. A feed is created in the new feed dialog while the network
// sends its create request twice (a retry of the same submit): one feed exists, because the dialog sends
// one idempotency key per submit. Then its export token is rotated on the feed page: the old URL is
// refused at once, the new one works, and the rotation shows in the workspace's audit log (Alice, an
// admin of Acme) and in the staff portal's (Sam). Catalogue, product set and template come from the API.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { fixtures } from './fixtures.js';
import { clientGraphql, importCatalog, seeNotification, signIn, watchPage } from './helpers.js';

async function prepare(page: Page, run: string) {
  const acme = fixtures().clients.acme;
  const catalogName = `E2E audit catalogue ${run}`;
  const catalogId = await importCatalog(
    page,
    acme,
    catalogName,
    ['id,title,price,brand,availability', `${run}-1,Audited shoe,49.00 USD,Acme,in stock`].join('\n'),
  );
  const setName = `Audited set ${run}`;
  const { createProductSet } = await clientGraphql<{ createProductSet: { error: unknown } }>(
    page,
    'mutation ($catalogId: ID!, $name: String!) { createProductSet(catalogId: $catalogId, name: $name) { productSet { id } error { message } } }',
    { catalogId, name: setName },
  );
  expect(createProductSet.error).toBeNull();
  const { templateLibrary } = await clientGraphql<{ templateLibrary: { id: string; slotCount: number }[] }>(
    page,
    'query { templateLibrary { id slotCount } }',
  );
  const starter = templateLibrary.find((template) => template.slotCount === 1);
  expect(starter, 'a one-slot starter template').toBeTruthy();
  const templateName = `E2E audit template ${run}`;
  const { useLibraryTemplate } = await clientGraphql<{ useLibraryTemplate: { error: unknown } }>(
    page,
    'mutation ($id: ID!, $name: String) { useLibraryTemplate(libraryTemplateId: $id, name: $name) { template { id } error { message } } }',
    { id: starter!.id, name: templateName },
  );
  expect(useLibraryTemplate.error).toBeNull();
  return { catalogName, setName, templateName };
}

async function feedsNamed(page: Page, name: string): Promise<string[]> {
  const { feeds } = await clientGraphql<{ feeds: { id: string; name: string }[] }>(
    page,
    'query { feeds { id name } }',
  );
  return feeds.filter((feed) => feed.name === name).map((feed) => feed.id);
}

test('a feed created once despite a repeated submit; its export token rotated and audited', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const f = fixtures();
  const problems = watchPage(page);
  await signIn(page, f.users.adminA);
  const run = randomUUID().slice(0, 8);
  const { catalogName, setName, templateName } = await prepare(page, run);
  const base = `/clients/${f.clients.acme}`;

  // The network sends the create request twice, as a retry of a submit whose answer was lost would.
  let sentKeys: unknown[] = [];
  await page.route('**/api/clients/*/', async (route) => {
    const body = route.request().postDataJSON() as { query?: string; variables?: Record<string, unknown> };
    if (!body?.query?.includes('mutation CreateFeed')) return route.continue();
    sentKeys.push(body.variables?.idempotencyKey);
    const [first, second] = await Promise.all([route.fetch(), route.fetch()]);
    expect(second.status()).toBe(200);
    await route.fulfill({ response: first });
  });
  await page.goto(`${base}/products/`);
  await page.getByRole('region', { name: 'Feeds' }).getByRole('button', { name: 'New feed' }).click();
  const dialog = page.getByRole('dialog', { name: 'New feed' });
  const feedName = `E2E audited feed ${run}`;
  await dialog.getByRole('textbox', { name: 'Name' }).fill(feedName);
  await dialog.getByRole('combobox', { name: 'Catalogue' }).click();
  await page.getByRole('option', { name: catalogName }).click();
  await dialog.getByRole('combobox', { name: 'Product set' }).click();
  await page.getByRole('option', { name: setName }).click();
  const design = dialog.getByRole('group', { name: 'Design 1' });
  await design.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: templateName }).click();
  await dialog.getByRole('button', { name: 'Create feed' }).click();
  await seeNotification(page, `‘${feedName}’ was created`);
  await expect(page).toHaveURL(new RegExp(`${base}/feeds/[0-9a-f-]{36}/$`));
  await page.unroute('**/api/clients/*/');
  expect(sentKeys).toHaveLength(1);
  expect(sentKeys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(await feedsNamed(page, feedName)).toHaveLength(1);
  sentKeys = [];

  // Rotating the export token: a confirmation says the old URLs stop at once; the new URLs are shown.
  await expect(page.getByRole('heading', { level: 1, name: feedName })).toBeVisible();
  const exportUrls = page.getByRole('region', { name: 'Export URLs' });
  const xml = exportUrls.getByRole('textbox', { name: 'XML feed (RSS 2.0 with g: fields)' });
  const csv = exportUrls.getByRole('textbox', { name: 'CSV feed' });
  const oldXml = await xml.inputValue();
  const oldCsv = await csv.inputValue();
  expect((await page.request.get(oldXml)).status()).toBe(200);
  await exportUrls.getByRole('button', { name: 'Rotate export token' }).click();
  const confirm = page.getByRole('dialog', { name: 'Rotate export token' });
  await expect(confirm).toContainText('The current URLs stop working at once');
  await confirm.getByRole('button', { name: 'Rotate token' }).click();
  await seeNotification(page, /Export token rotated/);
  await expect(xml).not.toHaveValue(oldXml);
  await expect(csv).not.toHaveValue(oldCsv);
  const newXml = await xml.inputValue();
  expect(newXml).toMatch(/\/export\/clients\/.+\.xml$/);
  // An ad network with the old URL is refused; the new URLs answer.
  const signedOut = await browser.newContext();
  expect((await signedOut.request.get(oldXml)).status()).toBe(404);
  expect((await signedOut.request.get(oldCsv)).status()).toBe(404);
  const fetched = await signedOut.request.get(newXml);
  expect(fetched.status()).toBe(200);
  expect(await fetched.text()).toContain(`<title>${feedName}</title>`);
  expect((await signedOut.request.get(await csv.inputValue())).status()).toBe(200);
  await signedOut.close();

  // The workspace's audit log (the Users screen's Audit log tab) shows who rotated which feed.
  await page.goto(`${base}/users/`);
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(`${base}/users/audit-log/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  // Its subtitle says what the log lists, once, not what the members tabs are for.
  await expect(page.getByText(/^Who changed roles, removed members/)).toHaveCount(1);
  await expect(page.getByText('Who can work in this workspace')).toHaveCount(0);
  const log = page.getByRole('table', { name: 'Audit log' });
  const rotated = log
    .getByRole('row')
    .filter({ hasText: 'Export token rotated' })
    .filter({ hasText: feedName });
  await expect(rotated).toHaveCount(1);
  await expect(rotated).toContainText(f.users.adminA);
  // Filtered by action, only rotations are listed.
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Export token rotated', exact: true }).click();
  await expect(log.getByRole('row').filter({ hasText: 'Export token rotated' }).first()).toBeVisible();
  await expect(log.getByRole('row').filter({ hasText: 'Feed exported' })).toHaveCount(0);
  expect(problems).toEqual([]);

  // Staff see it in the portal's audit log, with the client, filtered to Acme.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  const staffProblems = watchPage(staff);
  await signIn(staff, f.users.staff);
  await staff.goto('/portal/audit-log/');
  await expect(staff.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await staff.getByRole('combobox', { name: 'Client' }).click();
  await staff.getByRole('option', { name: 'Acme', exact: true }).click();
  const portalLog = staff.getByRole('table', { name: 'Audit log' });
  const portalRow = portalLog
    .getByRole('row')
    .filter({ hasText: 'Export token rotated' })
    .filter({ hasText: feedName });
  await expect(portalRow).toHaveCount(1);
  await expect(portalRow).toContainText('Acme');
  await expect(portalRow).toContainText(f.users.adminA);
  expect(staffProblems).toEqual([]);
  await staffContext.close();
});
