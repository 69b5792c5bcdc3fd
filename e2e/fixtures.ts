// Every e2e test gets a page whose requests are watched: anything that leaves this
// machine (a CDN, fonts, telemetry) fails the test that caused it.
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isLocalUrl(raw: string): boolean {
  if (raw.startsWith('data:') || raw.startsWith('blob:') || raw.startsWith('about:')) return true;
  try {
    return LOCAL_HOSTS.has(new URL(raw).hostname);
  } catch {
    return false;
  }
}

export const test = base.extend<{ outsideRequests: string[] }>({
  outsideRequests: [
    async ({ context }, use) => {
      const outside: string[] = [];
      context.on('request', (request) => {
        if (!isLocalUrl(request.url())) outside.push(request.url());
      });
      await use(outside);
      expect(outside, 'requests that left localhost').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

let counter = 0;
export function uniqueEmail(prefix = 'learner'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@e2e.test`;
}

export const PASSWORD = 'correct-horse-battery';

/**
 * A client address of its own for each new learner: the suite plays dozens of learners
 * from one machine, and the app's per-IP sign-up limit (20 an hour, the first hop of
 * X-Forwarded-For as a load balancer sends it) is about real clients, not this suite.
 */
let clients = 0;
function newClientAddress(): string {
  clients += 1;
  return `10.${200 + (test.info().workerIndex % 50)}.${clients >> 8}.${clients & 255}`;
}

export async function signUp(page: Page, email: string, password = PASSWORD, locale = 'en') {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': newClientAddress() });
  await page.goto(`/${locale}/sign-up`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(new RegExp(`/${locale}/courses$`));
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/en/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
}

/** Runs a line in the page's (first) lab or lesson terminal and waits until it has finished. */
export async function runInTerminal(page: Page, line: string) {
  const input = page.getByRole('textbox', { name: 'Terminal', exact: true });
  await expect(input).toBeEnabled();
  await input.fill(line);
  await input.press('Enter');
  await expect(page.getByRole('log', { name: 'Terminal output' })).toContainText(line);
  await expect(page.getByText('Running…')).toHaveCount(0);
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary).toEqual([]);
}

/**
 * Waits until React has hydrated the element: its DOM node carries React's props. Until
 * then the server's markup is on the page and nothing handles a key or a drag on it.
 */
export async function waitForHydration(locator: Locator) {
  await expect.poll(() => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps$'))), { message: 'the element was never hydrated' }).toBe(true);
}
