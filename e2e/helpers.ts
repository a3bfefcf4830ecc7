import { expect, type Browser, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { E2E_PASSWORD, fixtures } from './fixtures.js';

/** Collects console errors and failed requests so a test can assert a page loaded cleanly. */
export function watchPage(page: Page) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    // Navigations away abort pending fetches; those are not failures of the page.
    if (req.failure()?.errorText !== 'net::ERR_ABORTED')
      problems.push(`request failed: ${req.method()} ${req.url()} ${req.failure()?.errorText}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.request().method()} ${res.url()}`);
  });
  return problems;
}

export async function signIn(page: Page, email: string, password = E2E_PASSWORD) {
  await page.goto('/login/local/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login\//);
}

/** The CSRF token a page would send, read from its cookie. */
export async function csrfToken(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === 'adloom_csrf')?.value ?? '';
}

/** No SMTP in the tests: staff open the portal's outbox and read the link mailed to `email` under `path`. */
export async function mailedLink(browser: Browser, email: string, path: string): Promise<string> {
  const context = await browser.newContext();
  try {
    const staff = await context.newPage();
    await signIn(staff, fixtures().users.staff);
    await staff.goto('/portal/outbox/');
    await staff.getByText(email).first().click();
    const escaped = path.replace(/[/.]/g, '\\$&');
    const mailText = await staff
      .getByText(new RegExp(`${escaped}\\?token=`))
      .first()
      .innerText();
    const link = new RegExp(`(http\\S+${escaped}\\?token=\\S+)`).exec(mailText)?.[1];
    if (!link) throw new Error(`no ${path} link in the mail to ${email}`);
    return link;
  } finally {
    await context.close();
  }
}

/**
 * A client-scoped GraphQL call with the page's session, as the app makes it (Acme's unless `clientId`
 * is given); fails the test on an HTTP or GraphQL error.
 */
export async function clientGraphql<T>(
  page: Page,
  query: string,
  variables: Record<string, unknown> = {},
  clientId: string = fixtures().clients.acme,
): Promise<T> {
  const response = await page.request.post(`/api/clients/${clientId}/`, {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: { query, variables },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

/** Serves one product photo (600 × 800 JPEG) per named colour under /img/{name}.jpg; anything else is a 404. */
export async function startImageServer(
  colours: Readonly<Record<string, string>>,
): Promise<{ server: Server; origin: string }> {
  const photos = new Map<string, Buffer>();
  for (const [name, background] of Object.entries(colours))
    photos.set(
      `/img/${name}.jpg`,
      await sharp({ create: { width: 600, height: 800, channels: 3, background } })
        .jpeg()
        .toBuffer(),
    );
  const server = createServer((request, response) => {
    const photo = photos.get(request.url ?? '');
    if (photo) response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * Waits for a notification, then closes it so a later one with the same words is not mistaken for it. A
 * click during the notification's entrance can be lost, so it is clicked again until the notification goes.
 */
export async function seeNotification(page: Page, text: string | RegExp) {
  const notification = page.getByRole('alert').filter({ hasText: text }).last();
  await expect(notification).toBeVisible();
  await expect(async () => {
    if (await notification.isVisible()) await notification.getByRole('button').click({ timeout: 2_000 });
    await expect(notification).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}
