import { expect, type Page } from '@playwright/test';
import { E2E_PASSWORD } from './fixtures.js';

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
