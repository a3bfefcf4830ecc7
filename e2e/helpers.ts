import { expect, type Browser, type Page } from '@playwright/test';
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
