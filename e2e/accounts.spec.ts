import { test, expect, uniqueEmail, PASSWORD, signUp, signIn, signOut } from './fixtures';

test('a learner signs up, signs out and signs in again', async ({ page }) => {
  const email = uniqueEmail();
  await signUp(page, email);
  await expect(page.getByRole('link', { name: 'Account' })).toBeVisible();
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Learner', { exact: true })).toBeVisible();
  await signOut(page);
  // Signed out: the account page asks to sign in.
  await page.goto('/en/account');
  await expect(page).toHaveURL(/\/en\/sign-in\?next=/);
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/en\/account$/);
});

test('a wrong password says only that email or password is wrong', async ({ page }) => {
  const email = uniqueEmail();
  await signUp(page, email);
  await signOut(page);
  await signIn(page, email, 'not-the-password');
  await expect(page.locator('form').getByRole('alert')).toHaveText('Email or password is wrong.');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await signIn(page, uniqueEmail('nobody'), 'whatever-password');
  await expect(page.locator('form').getByRole('alert')).toHaveText('Email or password is wrong.');
});

test('a duplicate email and a short password get their field errors', async ({ page }) => {
  const email = uniqueEmail();
  await signUp(page, email);
  await signOut(page);
  await page.goto('/en/sign-up');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('An account with this email already exists.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByText('Use at least 10 characters.')).toBeVisible();
});

test('Korean sign-up shows Korean errors', async ({ page }) => {
  await page.goto('/ko/sign-up');
  await page.getByLabel('이메일').fill('bad');
  await page.getByLabel('비밀번호').fill('short');
  await page.getByRole('button', { name: '회원가입' }).click();
  await expect(page.getByText('올바른 이메일 주소를 입력하세요', { exact: false })).toBeVisible();
});

test('a learner is refused the instructor area, page and link', async ({ page }) => {
  await signUp(page, uniqueEmail());
  await expect(page.getByRole('link', { name: 'Instructor' })).toHaveCount(0);
  await page.goto('/en/instructor');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await page.goto('/en/instructor/users');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
});

test('a signed-out visitor is sent to sign in from the instructor area', async ({ page }) => {
  await page.goto('/en/instructor');
  await expect(page).toHaveURL(/\/en\/sign-in\?next=%2Fen%2Finstructor|\/en\/sign-in\?next=\/en\/instructor/);
});

test('the seeded admin reaches the instructor area and can promote a learner', async ({ page, browser }) => {
  const learner = uniqueEmail('promote');
  const other = await browser.newPage();
  await signUp(other, learner);
  await other.close();

  await signIn(page, 'admin@e2e.test', 'e2e-admin-password');
  await expect(page.getByRole('link', { name: 'Instructor' })).toBeVisible();
  await page.goto('/en/instructor/users');
  await page.getByLabel(`Role for ${learner}`).selectOption('instructor');
  const row = page.getByRole('row').filter({ hasText: learner });
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByRole('status')).toHaveText('Role updated.');
});

test('sign-in is rate-limited per account with a clear message', async ({ page }) => {
  const email = uniqueEmail('limited');
  await signUp(page, email);
  await signOut(page);
  for (let i = 0; i < 8; i++) {
    await signIn(page, email, `wrong-password-${i}`);
    await expect(page.locator('form').getByRole('alert')).toHaveText('Email or password is wrong.');
  }
  await signIn(page, email, PASSWORD);
  await expect(page.locator('form').getByRole('alert')).toContainText('Too many attempts');
});

test('a learner changes their password on the account page: other sessions end, the new password signs in', async ({ page, browser }) => {
  const email = uniqueEmail('newpass');
  await signUp(page, email);
  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await signIn(other, email, PASSWORD);
    await expect(other).toHaveURL(/\/en\/courses$/);

    await page.goto('/en/account');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
    await form.getByLabel('New password again').fill('a brand new passphrase');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('That is not your current password.')).toBeVisible();
    await expect(form.getByLabel('Current password')).toBeFocused();

    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
    await form.getByLabel('New password again').fill('a brand new passphrase');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('status')).toHaveText('Your password is changed. 1 other session was signed out.');

    // the other browser is signed out; this one is not
    await other.goto('/en/account');
    await expect(other).toHaveURL(/\/en\/sign-in\?next=/);
    await page.goto('/en/account');
    await expect(page).toHaveURL(/\/en\/account$/);
    await signOut(page);
    await signIn(page, email, PASSWORD);
    await expect(page.locator('form').getByRole('alert')).toHaveText('Email or password is wrong.');
    await signIn(page, email, 'a brand new passphrase');
    await expect(page).toHaveURL(/\/en\/courses$/);
  } finally {
    await elsewhere.close();
  }
});
