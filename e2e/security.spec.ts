// The security review's fixes as a browser sees them: the pages' headers, a session that
// ends when the browser signs in again, sign-in's `next` given twice, a name instructors
// would see spoofed, and one lab grading at a time per learner.
import { test, expect, signUp, uniqueEmail, PASSWORD } from './fixtures';
import { labSolution, newIdempotencyKey, postAttempt } from './grading-fixtures';

const LAB = 'etcd-quorum-recovery';
const SLOW_LAB = 'rolling-update';

test('pages carry the security headers, and no X-Powered-By', async ({ page }) => {
  for (const url of ['/en', '/en/sign-in', `/en/labs/${LAB}`]) {
    const response = await page.goto(url);
    const headers = response!.headers();
    expect(headers['cross-origin-opener-policy'], url).toBe('same-origin');
    expect(headers['x-frame-options'], url).toBe('DENY');
    expect(headers['x-content-type-options'], url).toBe('nosniff');
    expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    expect(headers['x-powered-by'], url).toBeUndefined();
  }
});

test('signing in from a tab opened earlier ends the session the browser had: its cookie no longer signs anyone in', async ({ page, browser }) => {
  const email = uniqueEmail('rotate');
  const early = await page.context().newPage();
  await early.goto('/en/sign-in');
  await signUp(page, email);
  const sessionCookie = async () => (await page.context().cookies()).find((c) => c.name === 'reconcile_session')!;
  const first = await sessionCookie();
  expect(first).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

  await early.getByLabel('Email').fill(email);
  await early.getByLabel('Password').fill(PASSWORD);
  await early.getByRole('button', { name: 'Sign in' }).click();
  await expect(early).toHaveURL(/\/en\/courses$/);
  const second = await sessionCookie();
  expect(second.value).not.toBe(first.value);

  const stale = await browser.newContext();
  try {
    await stale.addCookies([{ name: first.name, value: first.value, url: new URL(page.url()).origin }]);
    const stalePage = await stale.newPage();
    await stalePage.goto('/en/account');
    await expect(stalePage).toHaveURL(/\/en\/sign-in\?next=/);
  } finally {
    await stale.close();
  }
  // the new session is the one that works
  await page.goto('/en/account');
  await expect(page).toHaveURL(/\/en\/account$/);
});

test('a signed-in visitor sent to sign-in with two next parameters gets the courses, not an error', async ({ page }) => {
  await signUp(page, uniqueEmail('next'));
  const response = await page.goto('/en/sign-in?next=/en/account&next=//evil.example');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/en\/courses$/);
});

test('sign-up refuses a name with a right-to-left override', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '10.249.0.1' });
  await page.goto('/en/sign-up');
  await page.getByLabel('Email').fill(uniqueEmail('spoof'));
  await page.getByLabel('Name (optional)').fill('\u202Enimda');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Your name cannot contain control characters or invisible formatting marks.')).toBeVisible();
  await expect(page).toHaveURL(/\/en\/sign-up$/);
});

test('a learner has one submission graded at a time: two different ones at once are one verdict and one 429', async ({ page }) => {
  await signUp(page, uniqueEmail('eager'));
  // a grading that takes a second or so (a Kubernetes lab, then ten simulated minutes): the
  // second request arrives while the first is still graded, however fast this machine is
  const slow = [...labSolution(SLOW_LAB), { type: 'tick', ticks: 60_000 }];
  const answers = await Promise.all([
    postAttempt(page, SLOW_LAB, { actionLog: slow, idempotencyKey: newIdempotencyKey() }),
    postAttempt(page, SLOW_LAB, { actionLog: slow, idempotencyKey: newIdempotencyKey() }),
  ]);
  expect(answers.map((a) => a.status()).sort()).toEqual([200, 429]);
  const refused = answers.find((a) => a.status() === 429)!;
  expect(refused.headers()['retry-after']).toBe('5');
  expect(await refused.json()).toMatchObject({ error: { code: 'in-progress' } });
});
