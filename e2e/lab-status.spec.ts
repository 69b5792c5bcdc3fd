// The lab page says where a signed-in learner stands in it: nothing before an attempt
// (and nothing for a guest, whose attempts are not kept), "Not passed yet" after a failing
// one, "Passed on <date>" once the solution passed, with links to the attempts' replays.
import { test, expect, expectNoAxeViolations, signUp, uniqueEmail } from './fixtures';
import { labSolution, newIdempotencyKey, postAttempt } from './grading-fixtures';

const LAB = 'rollback-bad-image';
const TITLE = 'Recover from a bad image with a rollback';

test('the lab page shows the learner’s status: none, not passed yet, then passed with its replay', async ({ page }) => {
  test.setTimeout(120_000);
  const status = page.getByRole('region', { name: 'Your attempts' });

  // a guest, then a learner who has not submitted: no status at all
  await page.goto(`/en/labs/${LAB}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByTestId('lab-status')).toHaveCount(0);
  await signUp(page, uniqueEmail('lab-status'));
  await page.goto(`/en/labs/${LAB}`);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await expect(page.getByTestId('lab-status')).toHaveCount(0);

  // Submit with nothing done: not passed; the status under the title says so at once, the workspace as it was
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Passed|Not passed yet/ })).toContainText('Not passed yet', { timeout: 30_000 });
  await expect(status).toContainText('Not passed yet — 1 attempt');
  await expect(page.getByRole('status').filter({ hasText: /Passed|Not passed yet/ })).toContainText('Not passed yet');
  await page.reload();
  await expect(status).toContainText('Not passed yet — 1 attempt');
  await expect(status).toContainText(/Best: \d of 3 goals/);
  await expect(status).not.toContainText('Passed on');
  // one attempt: its link is enough, no list of one
  await expect(status.getByRole('group')).toHaveCount(0);
  const lastReplay = status.getByRole('link', { name: 'Replay the last attempt' });
  await expect(lastReplay).toHaveAttribute('href', new RegExp(`^/en/labs/${LAB}/attempts/[^/]+$`));

  // the reference solution passes: after a reload, "Passed on …" and its replay
  const passing = (await (await postAttempt(page, LAB, { actionLog: labSolution(LAB), idempotencyKey: newIdempotencyKey() })).json()) as { passed: boolean; attemptId: string };
  expect(passing.passed).toBe(true);
  await page.reload();
  await expect(status).toContainText(/Passed on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M \S+/);
  await expect(status).toContainText('2 attempts');
  await expect(status).not.toContainText('Not passed yet');
  await expectNoAxeViolations(page);

  // both attempts, newest first, behind a disclosure
  await status.getByText('Your 2 attempts, newest first').click();
  const listed = status.getByRole('listitem');
  await expect(listed).toHaveCount(2);
  await expect(listed.nth(0)).toContainText('Passed, 3 of 3 goals');
  await expect(listed.nth(1)).toContainText(/Not passed, \d of 3 goals/);
  await expect(listed.nth(0).getByRole('link')).toHaveAttribute('href', `/en/labs/${LAB}/attempts/${passing.attemptId}`);

  // in Korean, on a phone, in dark mode: the same, without scrolling sideways
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/ko/labs/${LAB}`);
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'dark';
  });
  const statusKo = page.getByRole('region', { name: '내 시도' });
  await expect(statusKo).toContainText(/\d{4}년 \d{1,2}월 \d{1,2}일 \d{2}:\d{2} \S+에 통과/);
  await expect(statusKo).toContainText('2번 시도');
  expect(await statusKo.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);

  // the link opens the attempt that passed
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/en/labs/${LAB}`);
  await status.getByRole('link', { name: 'Replay the attempt that passed' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/labs/${LAB}/attempts/${passing.attemptId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Your attempt: ${TITLE}`);
  await expect(page.getByRole('region', { name: 'Verdict' })).toContainText('Passed');
});
