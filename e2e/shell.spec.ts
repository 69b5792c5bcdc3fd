import { test, expect, expectNoAxeViolations } from './fixtures';

test('the home page names Reconcile in English', async ({ page }) => {
  await page.goto('/en');
  await expect(page).toHaveTitle(/Reconcile/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Kubernetes');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'Reconcile home' })).toBeVisible();
});

test('the home page names Reconcile in Korean', async ({ page }) => {
  await page.goto('/ko');
  await expect(page).toHaveTitle(/Reconcile/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('쿠버네티스');
  await expect(page.getByRole('link', { name: '코스', exact: true })).toBeVisible();
});

test('the first visit picks the language from Accept-Language', async ({ browser, baseURL }) => {
  const korean = await browser.newContext({ locale: 'ko-KR', extraHTTPHeaders: { 'Accept-Language': 'ko-KR,ko;q=0.9' } });
  const page = await korean.newPage();
  await page.goto(`${baseURL}/`);
  await expect(page).toHaveURL(/\/ko$/);
  await korean.close();
});

test('switching language keeps the page and is remembered', async ({ page }) => {
  await page.goto('/en/courses');
  await page.getByRole('link', { name: 'Switch to Korean' }).click();
  await expect(page).toHaveURL(/\/ko\/courses$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/ko$/);
});

test('unknown pages show the localized 404', async ({ page }) => {
  const response = await page.goto('/en/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/ko/no-such-page');
  await expect(page.getByRole('heading', { name: '페이지를 찾을 수 없습니다' })).toBeVisible();
});

test('the health endpoint reports the database', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok', database: 'ok' });
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/en');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
});

test('the theme toggle persists across reloads with no flash', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/en');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  const toggle = page.getByRole('button', { name: 'Dark mode' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  // The attribute is set by the head script before hydration: check the first paint's DOM.
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'light');
});

test('the theme follows the system until the learner chooses', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/en');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

for (const path of ['/en', '/en/sign-in', '/en/sign-up', '/en/courses', '/ko', '/ko/courses']) {
  test(`axe finds no violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expectNoAxeViolations(page);
  });
}

test('axe finds no violations in dark mode', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/en');
  await expectNoAxeViolations(page);
});
