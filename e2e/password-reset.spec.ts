// A learner who forgot their password, on a site that sends no email: the admin makes a
// one-time reset link on Users and roles and hands it over; the learner, in a browser of
// their own, chooses the new password, which ends their sessions; the link never works
// again. Instructors cannot make links: the page is an admin's.
import { test, expect, expectNoAxeViolations, PASSWORD, signIn, signUp, uniqueEmail } from './fixtures';

const ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' };
const NEW_PASSWORD = 'a passphrase only I know';

test('an admin makes a reset link; the learner sets a new password with it, once', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const learner = uniqueEmail('reset');
  // the learner signed in elsewhere: the reset signs that browser out
  const elsewhere = await browser.newContext();
  const fresh = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await signUp(other, learner);

    await page.emulateMedia({ colorScheme: 'light' });
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/en\/courses$/);
    await page.goto(`/en/instructor/users?q=${encodeURIComponent(learner)}`);
    const row = page.getByRole('row').filter({ hasText: learner });
    const create = row.getByRole('button', { name: `Create reset link for ${learner}` });
    await expect(create).toHaveText('Create reset link');
    await create.click();
    const note = row.getByRole('status').filter({ hasText: 'A reset link for' });
    await expect(note).toContainText(`A reset link for ${learner}: valid for 1 hour (until `);
    await expect(note).toContainText('It is shown only now');
    const field = row.getByRole('textbox', { name: `Reset link for ${learner}` });
    await expect(field).toBeFocused();
    const first = await field.inputValue();
    expect(first).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/en\/reset-password\/[A-Za-z0-9_-]{43}$/);

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await row.getByRole('button', { name: 'Copy' }).click();
    await expect(row.getByRole('status').last()).toHaveText('Copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

    // a second link, made from the keyboard, replaces the first
    await create.focus();
    await page.keyboard.press('Enter');
    await expect(field).not.toHaveValue(first);
    await expect(field).toBeFocused();
    const link = await field.inputValue();
    await page.getByRole('button', { name: 'Dark mode' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectNoAxeViolations(page);

    // the learner, signed out in a browser of their own
    const learnerPage = await fresh.newPage();
    await learnerPage.goto(first);
    await expect(learnerPage.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    const opened = await learnerPage.goto(link);
    // the secret in the path leaves no Referer behind, by header as well as by meta tag
    expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
    expect(opened?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect(learnerPage.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expect(learnerPage.getByText(`For the account ${learner}.`)).toBeVisible();
    await expect(learnerPage.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(learnerPage.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
    await expectNoAxeViolations(learnerPage);

    await learnerPage.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await learnerPage.getByLabel('New password again').fill(`${NEW_PASSWORD}!`);
    await learnerPage.getByRole('button', { name: 'Set new password' }).click();
    await expect(learnerPage.getByText('The two new passwords are not the same.')).toBeVisible();
    await expect(learnerPage.getByLabel('New password again')).toBeFocused();

    await learnerPage.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await learnerPage.getByLabel('New password again').fill(NEW_PASSWORD);
    await learnerPage.getByRole('button', { name: 'Set new password' }).click();
    await expect(learnerPage).toHaveURL(/\/en\/sign-in\?reset=done$/);
    await expect(learnerPage.getByRole('status')).toHaveText('Your new password is set, and the account was signed out everywhere. Sign in with the new password.');

    // the old password no longer signs in, the new one does, and the other browser was signed out
    await signIn(learnerPage, learner, PASSWORD);
    await expect(learnerPage.locator('form').getByRole('alert')).toHaveText('Email or password is wrong.');
    await signIn(learnerPage, learner, NEW_PASSWORD);
    await expect(learnerPage).toHaveURL(/\/en\/courses$/);
    await other.goto('/en/account');
    await expect(other).toHaveURL(/\/en\/sign-in\?next=/);

    // the link works once
    await other.goto(link);
    await expect(other.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    await expect(other.getByText('The link is unknown, has expired or has already been used.')).toBeVisible();
    await expect(other.getByLabel('New password', { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(other);
    await other.getByRole('link', { name: 'Go to sign in' }).click();
    await expect(other).toHaveURL(/\/en\/sign-in$/);

    await other.goto(`/ko/reset-password/${'x'.repeat(43)}`);
    await expect(other.getByRole('heading', { name: '이 링크는 쓸 수 없습니다' })).toBeVisible();
  } finally {
    await elsewhere.close();
    await fresh.close();
  }
});

test('an instructor makes no reset links: Users and roles is refused to them', async ({ page, browser }) => {
  const instructor = uniqueEmail('instructor');
  const theirs = await browser.newContext();
  try {
    const instructorPage = await theirs.newPage();
    await signUp(instructorPage, instructor);

    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/en\/courses$/);
    await page.goto(`/en/instructor/users?q=${encodeURIComponent(instructor)}`);
    const row = page.getByRole('row').filter({ hasText: instructor });
    await row.getByLabel(`Role for ${instructor}`).selectOption('instructor');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(row.getByRole('status')).toHaveText('Role updated.');
    // the admin's own row offers the account page instead of a link
    await page.goto(`/en/instructor/users?q=${encodeURIComponent(ADMIN.email)}`);
    const own = page.getByRole('row').filter({ hasText: ADMIN.email });
    await expect(own.getByRole('link', { name: 'Change yours on your account page' })).toHaveAttribute('href', '/en/account');
    await expect(own.getByRole('button', { name: /Create reset link/ })).toHaveCount(0);

    await instructorPage.goto('/en/instructor');
    await expect(instructorPage.getByRole('navigation', { name: 'Instructor dashboard' })).toBeVisible();
    await instructorPage.goto('/en/instructor/users');
    await expect(instructorPage.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
    await expect(instructorPage.getByRole('button', { name: /Create reset link/ })).toHaveCount(0);
  } finally {
    await theirs.close();
  }
});
