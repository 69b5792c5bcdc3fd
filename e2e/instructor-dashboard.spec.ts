// The instructor dashboard (../shared/DESIGN.md §4): a learner answers a quiz question and
// submits a lab; the seeded admin then sees those numbers on the dashboard's pages in
// English and Korean and in a CSV download; a learner is refused the pages and the export;
// the pages pass an axe scan in light and dark mode. Other specs share the database, so
// figures are compared before and after this learner's work, never assumed from zero.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations, signIn, signUp, uniqueEmail } from './fixtures';
import { insertAccounts } from './database';
import { labSolution, newIdempotencyKey, postAttempt } from './grading-fixtures';

const COURSE = 'kubernetes-internals';
const QUESTION = 'ox-deployment-is-a-record';
const LAB = 'etcd-quorum-recovery';
const ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' };

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 800 };

/** How far the page scrolls sideways past the window (0 or less: not at all). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** A name for this run's rows, so searches find only them whatever other tests left in the database. */
function runStamp(): string {
  return Date.now().toString(36);
}

/** The numbers in a summary-table row's cells (attempts, learners, …), read as integers. */
async function cellNumbers(row: Locator): Promise<number[]> {
  const cells = await row.getByRole('cell').allTextContents();
  return cells.map((c) => Number(/^[\d,]+/.exec(c.trim())?.[0]?.replaceAll(',', '') ?? Number.NaN));
}

async function questionRow(page: Page, locale = 'en'): Promise<Locator> {
  await page.goto(`/${locale}/instructor/questions`);
  return page.locator(`tr[data-question-id="${QUESTION}"]`).first();
}

async function labRow(page: Page, locale = 'en'): Promise<Locator> {
  await page.goto(`/${locale}/instructor/labs`);
  return page.locator(`tr[data-lab-id="${LAB}"]`);
}

test('the admin sees a learner’s answer and lab attempt on the dashboard, in both languages and as CSV', async ({ page, browser }) => {
  // a long walk through every page, in two languages, with two axe scans
  test.setTimeout(120_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('link', { name: 'Instructor' })).toBeVisible();
  const [attemptsBefore, learnersBefore] = await cellNumbers(await questionRow(page));
  const chosenBefore = page.locator(`#q-objects-and-processes-${QUESTION}`).getByRole('table', { name: /What learners chose/ });
  // with no answers yet the question has no table, only "No answers yet."
  const falseBefore = (await chosenBefore.count()) === 0 ? 0 : Number(await chosenBefore.getByRole('row').filter({ hasText: 'False' }).getByRole('cell').nth(1).textContent());
  const [labAttemptsBefore, labLearnersBefore] = await cellNumbers(await labRow(page));

  // a learner answers question 1 of lesson 1 wrongly and passes the lab
  const learnerPage = await browser.newPage();
  const learner = uniqueEmail('dashboard');
  await signUp(learnerPage, learner);
  await learnerPage.goto(`/en/courses/${COURSE}/lessons/objects-and-processes`);
  const card = learnerPage.getByRole('article', { name: /^Question 1 of \d+/ });
  await card.getByRole('radio', { name: 'False', exact: true }).check();
  await card.getByRole('button', { name: 'Check answer' }).click();
  await expect(card.getByRole('heading', { name: /Not quite/ })).toBeVisible();
  await expect(card.getByRole('status')).toContainText('Saved to your progress.');
  const verdict = await postAttempt(learnerPage, LAB, { actionLog: labSolution(LAB), idempotencyKey: newIdempotencyKey() });
  expect(verdict.status()).toBe(200);
  expect(((await verdict.json()) as { passed: boolean }).passed).toBe(true);

  // the learner is refused the dashboard and the export
  await learnerPage.goto('/en/instructor/questions');
  await expect(learnerPage.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  const refused = await learnerPage.request.get('/api/instructor/export/learners.csv?locale=en', { failOnStatusCode: false });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ error: 'Only instructors and administrators can download dashboard data.' });
  await learnerPage.close();

  // questions: one more answer by one more learner, and "False" chosen once more
  const row = await questionRow(page);
  await expect(row).toBeVisible();
  const [attemptsAfter, learnersAfter] = await cellNumbers(row);
  expect(attemptsAfter).toBe(attemptsBefore! + 1);
  expect(learnersAfter).toBe(learnersBefore! + 1);
  const details = page.locator(`#q-objects-and-processes-${QUESTION}`);
  await expect(details.getByRole('heading', { level: 3 })).toContainText('A Deployment is only an object stored in etcd');
  const falseRow = details.getByRole('table', { name: /What learners chose/ }).getByRole('row').filter({ hasText: 'False' });
  await expect(falseRow).toContainText('✗ Wrong');
  await expect(falseRow.getByRole('cell').nth(1)).toHaveText(String(falseBefore + 1));
  await expect(details.getByRole('table', { name: /Misconceptions revealed/ })).toContainText('deployment-is-a-process');

  // labs: one more attempt, and the learner counted as tried and passed
  const lab = await labRow(page);
  const [labAttemptsAfter, labLearnersAfter] = await cellNumbers(lab);
  expect(labAttemptsAfter).toBe(labAttemptsBefore! + 1);
  expect(labLearnersAfter).toBe(labLearnersBefore! + 1);
  await expect(lab.getByRole('rowheader')).toHaveText('Surviving etcd member failures: restore the quorum');

  // learners: the learner's row, on the last page (other specs add learners too)
  await page.goto('/en/instructor/learners?page=999999');
  const learnerRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: learner, exact: true }) });
  await expect(learnerRow).toContainText('0% (0/1)');
  await expect(learnerRow.getByRole('cell').nth(3)).toHaveText(/^1\/\d+$/);
  await expect(page.getByRole('navigation', { name: 'Instructor dashboard' }).getByRole('link', { name: 'Learners' })).toHaveAttribute('aria-current', 'page');
  // the learner's own page, and from it the replay of their passing attempt
  await learnerRow.getByRole('link', { name: learner, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(learner);
  await expect(page.getByRole('heading', { name: 'Lab attempts' })).toBeVisible();
  const learnerUrl = page.url();
  // the question the learner got wrong, with its text: lesson 1 is open because its latest answer is wrong
  const answers = page.locator('[data-answers-lesson="objects-and-processes"]');
  await expect(answers).toHaveAttribute('open', '');
  await expect(answers.locator('summary')).toContainText(/1\. Objects and processes 1 of \d+ answered · 1 wrong at the latest answer/);
  const answerRow = answers.getByRole('table', { name: /^Answers of .* in Objects and processes$/ }).locator(`tr[data-question-id="${QUESTION}"]`);
  await expect(answerRow.getByRole('rowheader')).toContainText('Q1');
  await expect(answerRow.getByRole('rowheader')).toContainText('A Deployment is only an object stored in etcd');
  await expect(answerRow.getByRole('cell')).toHaveText(['✗ Wrong', '1', '✗ Wrong']);
  await expect(page.locator('[data-answers-lesson="watch-chain"]')).toHaveCount(0);
  await expectNoAxeViolations(page);
  // on a phone the tables scroll in their own regions: the hidden "Replay" header no longer widens the page
  await page.setViewportSize(PHONE);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize(DESKTOP);
  await page.getByRole('link', { name: /Replay/ }).first().click();
  await expect(page).toHaveURL(new RegExp(`/en/labs/${LAB}/attempts/`));

  // sorting: by labs passed, most first, then reversed; the order survives paging
  await page.goto('/en/instructor/learners');
  await page.getByRole('columnheader', { name: 'Labs passed' }).getByRole('link').click();
  await expect(page).toHaveURL(/[?&]sort=labs&dir=desc/);
  await expect(page.getByRole('columnheader', { name: 'Labs passed' })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('table')).toContainText('sorted by Labs passed, descending');
  const passedCounts = async () => (await page.getByRole('row').filter({ has: page.getByRole('rowheader') }).evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[3]?.textContent ?? ''))).map((x) => Number(x.split('/')[0]));
  const most = await passedCounts();
  expect(most.length).toBeGreaterThan(0);
  expect(most).toEqual([...most].sort((a, b) => b - a));
  await page.getByRole('columnheader', { name: 'Labs passed' }).getByRole('link').click();
  await expect(page.getByRole('columnheader', { name: 'Labs passed' })).toHaveAttribute('aria-sort', 'ascending');
  const fewest = await passedCounts();
  expect(fewest).toEqual([...fewest].sort((a, b) => a - b));
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Back to sign-up order' }).click();
  await expect(page).toHaveURL(/\/en\/instructor\/learners$/);
  await expect(page.getByRole('table')).toContainText('in sign-up order');

  // overview: completion per lesson and the role counts
  await page.goto('/en/instructor');
  await expect(page.getByRole('table', { name: /Lessons, out of \d+ learners?/ })).toContainText('Objects and processes');
  await expect(page.getByRole('link', { name: 'Users and roles' }).first()).toBeVisible();

  // Korean
  await page.goto('/ko/instructor/questions');
  await expect(page.getByRole('heading', { level: 1, name: '문제' })).toBeVisible();
  const koDetails = page.locator(`#q-objects-and-processes-${QUESTION}`);
  await expect(koDetails.getByRole('heading', { level: 3 })).toContainText('Deployment는 etcd에 저장된 오브젝트일 뿐');
  await expect(koDetails.getByRole('table', { name: /학습자가 고른 답/ }).getByRole('row').filter({ hasText: 'X (거짓)' })).toContainText('✗ 오답');
  await page.goto('/ko/instructor/labs');
  await expect(page.locator(`tr[data-lab-id="${LAB}"]`).getByRole('rowheader')).toHaveText('etcd 멤버 장애에서 살아남기: 쿼럼 되찾기');
  await expect(page.getByRole('columnheader', { name: '통과한 학습자' })).toBeVisible();
  await page.goto('/ko/instructor/learners?page=999999');
  await expect(page.getByRole('rowheader', { name: learner, exact: true })).toBeVisible();
  await page.goto(learnerUrl.replace('/en/', '/ko/'));
  await expect(page.locator('[data-answers-lesson="objects-and-processes"] summary')).toContainText('최근 답 1개 오답');
  await expect(page.locator(`[data-answers-lesson="objects-and-processes"] tr[data-question-id="${QUESTION}"]`).getByRole('cell')).toHaveText(['✗ 오답', '1', '✗ 오답']);

  // CSV: downloaded through the page's link, UTF-8 with a BOM, the learner's line in it
  await page.goto('/en/instructor/learners');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download learners (CSV)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^reconcile-learners-en-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).split('\r\n');
  expect(lines[0]).toBe('email,name,joined_at,lessons_completed,quiz_attempts,quiz_correct,quiz_correct_pct,lab_attempts,labs_passed,last_activity');
  const mine = lines.find((l) => l.startsWith(`${learner},`));
  expect(mine?.split(',').slice(3, 9)).toEqual(['0', '1', '0', '0', '1', '1']);
  expect(bytes.toString('utf8')).not.toMatch(/argon2|passwordHash/);

  const labsCsv = await page.request.get('/api/instructor/export/labs.csv?locale=ko');
  expect(labsCsv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(await labsCsv.text()).toContain(`${LAB},etcd 멤버 장애에서 살아남기: 쿼럼 되찾기,${labAttemptsAfter},`);
  expect((await page.request.get('/api/instructor/export/secrets.csv', { failOnStatusCode: false })).status()).toBe(404);
});

test('Users and roles pages through every account, finds one by email or name, and changes a role from any page', async ({ page }) => {
  // more accounts than a page holds, the newest last; the form would take minutes to make them
  const stamp = runStamp();
  const emails = Array.from({ length: 60 }, (_, i) => `pager-${stamp}-${String(i).padStart(2, '0')}@e2e.test`);
  insertAccounts(emails.map((email, i) => ({ email, name: `페이저${stamp}-${i}` })));
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('link', { name: 'Instructor' })).toBeVisible();

  // the true total: every account the overview counts by role
  await page.goto('/en/instructor');
  const roleCounts = await page.locator('.fact-row dd').allTextContents();
  const total = roleCounts.reduce((n, c) => n + Number(c.replaceAll(',', '')), 0);
  await page.goto('/en/instructor/users');
  const pages = Math.ceil(total / 50);
  const users = page.getByRole('region', { name: 'Users and roles' }).getByRole('table');
  await expect(users.locator('caption')).toHaveText(`${total.toLocaleString('en')} accounts, newest first, page 1 of ${pages}`);
  const rows = users.locator('tbody tr');
  await expect(rows).toHaveCount(50);
  await expect(rows.first().getByRole('rowheader')).toHaveText(emails[59]!);

  // page 2 through the pager: the oldest of this run's accounts is there, and its role changes from there
  const pager = page.getByRole('navigation', { name: 'Pages of accounts' });
  await expect(pager).toContainText(`Page 1 of ${pages}`);
  await expect(pager.getByRole('link', { name: 'Page 1', exact: true })).toHaveCount(0);
  await pager.getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/instructor\/users\?page=2$/);
  await expect(page.locator('caption')).toContainText(`page 2 of ${pages}`);
  const oldest = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: emails[0], exact: true }) });
  await oldest.getByLabel(`Role for ${emails[0]}`).selectOption('instructor');
  await oldest.getByRole('button', { name: 'Save' }).click();
  await expect(oldest.getByRole('status')).toHaveText('Role updated.');
  await page.reload();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(page.getByLabel(`Role for ${emails[0]}`)).toHaveValue('instructor');

  // a search by email, then by name; the role changes from the search's result too
  const search = page.getByRole('searchbox', { name: 'Find an account by email or name' });
  await search.fill(`pager-${stamp}-07`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=pager-${stamp}-07`));
  await expect(page.locator('caption')).toHaveText(`1 account of ${total.toLocaleString('en')} with “pager-${stamp}-07” in the email or name, page 1 of 1`);
  await page.getByLabel(`Role for ${emails[7]}`).selectOption('admin');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Role updated.');
  await page.reload();
  await expect(page.getByLabel(`Role for ${emails[7]}`)).toHaveValue('admin');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await search.fill(`페이저${stamp}-33`);
  await search.press('Enter');
  await expect(page.locator('tbody tr').getByRole('rowheader')).toHaveText([emails[33]!]);
  // % and _ are themselves, not wildcards; "Show all" ends the search
  await search.fill('%');
  await search.press('Enter');
  await expect(page.getByText('No account has “%” in its email or name.')).toBeVisible();
  await page.getByRole('link', { name: 'Show all' }).click();
  await expect(page).toHaveURL(/\/en\/instructor\/users$/);

  // a bad page number is page 1, one past the end the last page
  await page.goto('/en/instructor/users?page=abc');
  await expect(page.locator('caption')).toContainText('page 1 of');
  await page.goto('/ko/instructor/users?page=999999');
  await expect(page.locator('caption')).toContainText(`${pages}쪽 중 ${pages}쪽`);
  await expect(page.getByRole('searchbox', { name: '이메일이나 이름으로 계정 찾기' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the learners page finds learners by email or name, sorts names as people read them, pages with numbers and fits a 1280 px screen', async ({ page }) => {
  const stamp = runStamp();
  const long = `L${'o'.repeat(78)}ng`;
  const named = ['최수아99', '최수아315', '최수아51', '최수아75', long];
  insertAccounts([...named.map((name, i) => ({ email: `roster-${stamp}-named${i}@e2e.test`, name })), ...Array.from({ length: 55 }, (_, i) => ({ email: `roster-${stamp}-${String(i).padStart(2, '0')}@e2e.test` }))]);
  await page.setViewportSize(DESKTOP);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('link', { name: 'Instructor' })).toBeVisible();

  // search from a sorted table: the order stays, and the caption says how many match
  await page.goto('/en/instructor/learners?sort=name&dir=asc');
  await page.getByRole('searchbox', { name: 'Find a learner by email or name' }).fill(`roster-${stamp}`);
  await page.getByRole('button', { name: 'Search' }).click();
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ sort: 'name', dir: 'asc', q: `roster-${stamp}` });
  const table = page.getByRole('table');
  await expect(table.locator('caption')).toHaveText(/^Learners with “roster-.*” in the email or name \(60 of [\d,]+\), page 1 of 2 · sorted by Name, ascending$/);
  // names in the page language's order with digits as numbers (not 최수아315 before 최수아51), a long name cut with its whole text in the title
  const names = table.locator('tbody tr td:nth-child(2)');
  await expect(names.first().locator('bdi')).toHaveAttribute('title', long);
  expect((await names.allTextContents()).slice(0, 6)).toEqual([long, '최수아51', '최수아75', '최수아99', '최수아315', '—']);

  // the table fits the screen, with that 80-character name in it
  const region = page.getByRole('region', { name: 'Learners' });
  expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  // numbered pages keep the search and the order
  const pager = page.getByRole('navigation', { name: 'Pages of learners' });
  await expect(pager).toContainText('Page 1 of 2');
  await pager.getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ sort: 'name', dir: 'asc', q: `roster-${stamp}`, page: '2' });
  await expect(table.locator('caption')).toContainText('page 2 of 2');
  await expect(table.locator('tbody tr')).toHaveCount(10);
  await pager.getByRole('link', { name: /Previous page/ }).click();
  await expect(table.locator('caption')).toContainText('page 1 of 2');

  // the quiz column says what it measures; bad values fall back to the defaults
  await expect(page.getByText('Quiz answers right: the share of all the learner’s answers')).toBeVisible();
  await page.goto(`/en/instructor/learners?sort=passwordHash&dir=sideways&page=-3&q=${encodeURIComponent(`roster-${stamp}-named`)}`);
  await expect(table.locator('caption')).toHaveText(/\(5 of [\d,]+\), page 1 of 1 · in sign-up order$/);
  await page.goto('/en/instructor/learners?q=%25');
  await expect(page.getByText('No learner has “%” in their email or name.')).toBeVisible();
  await page.goto(`/ko/instructor/learners?q=roster-${stamp}&sort=name`);
  // Korean puts Hangul first
  expect((await page.getByRole('table').locator('tbody tr td:nth-child(2)').allTextContents()).slice(0, 5)).toEqual(['최수아51', '최수아75', '최수아99', '최수아315', long]);
  await expectNoAxeViolations(page);
});

test('the questions page filters by lesson and shows each question’s text', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('link', { name: 'Instructor' })).toBeVisible();
  await page.goto('/en/instructor/questions');
  await page.getByLabel('Lesson', { exact: true }).selectOption({ label: 'Raft: how etcd members agree' });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/en\/instructor\/questions\?lesson=raft$/);
  const all = page.getByRole('table', { name: /^Correctness per question/ });
  const headers = await all.getByRole('rowheader').allTextContents();
  expect(headers.length).toBeGreaterThan(0);
  for (const h of headers) expect(h).toMatch(/^Raft: how etcd members agree · Q\d+.{10,}/);
  await expect(page.getByRole('heading', { level: 2, name: /Objects and processes/ })).toHaveCount(0);
  // the question's text, not only "Q1"
  await page.goto('/en/instructor/questions');
  await expect(page.locator(`tr[data-question-id="${QUESTION}"]`).first().getByRole('rowheader')).toContainText('A Deployment is only an object stored in etcd');
  await page.goto('/en/instructor/questions?lesson=no-such-lesson');
  await expect(page.getByRole('heading', { level: 2, name: /Objects and processes/ })).toBeVisible();
});

test('the labs page lists labs in the course’s order, and a goal’s failure figure opens the attempts that failed it', async ({ page, browser }) => {
  // a learner's attempt that fails the lab's goals: nothing applied
  const learnerPage = await browser.newPage();
  const learner = uniqueEmail('goal-failure');
  await signUp(learnerPage, learner);
  const verdict = await postAttempt(learnerPage, LAB, { actionLog: [], idempotencyKey: newIdempotencyKey() });
  const graded = (await verdict.json()) as { passed: boolean; goals: { id: string; passed: boolean }[] };
  expect(graded.passed).toBe(false);
  const failedGoal = graded.goals.find((g) => !g.passed)!.id;
  await learnerPage.close();

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('link', { name: 'Instructor' })).toBeVisible();
  // labs in the course's order (course.yaml), not by id
  await page.goto('/en/instructor/labs');
  const ids = await page.locator('tr[data-lab-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-lab-id')));
  expect(ids.slice(0, 4)).toEqual(['first-deployment', 'broken-link', 'etcd-read-the-truth', 'etcd-quorum-recovery']);
  // a goal's failure figure opens the attempts that failed it, with the learner and the replay
  const goals = page.locator(`#lab-${LAB}`).getByRole('table');
  const failed = goals.locator(`a[href$="/goals/${failedGoal}"]`);
  await expect(failed).toHaveAccessibleName(/^\d+% \(\d+\/\d+\) — see the attempts that failed it$/);
  const figure = (await failed.textContent())!;
  const [, failedCount, evaluatedCount] = /\((\d+)\/(\d+)\)/.exec(figure)!;
  await failed.click();
  await expect(page).toHaveURL(new RegExp(`/en/instructor/labs/${LAB}/goals/${failedGoal}$`));
  await expect(page.getByText(new RegExp(`^Failed in ${failedCount} of ${evaluatedCount} attempts, by \\d+ learners?\\.`))).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: learner }) });
  await expect(row).toHaveCount(1);
  await expectNoAxeViolations(page);
  await page.setViewportSize(PHONE);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize(DESKTOP);
  await row.getByRole('link', { name: /^Replay the attempt by / }).click();
  await expect(page).toHaveURL(new RegExp(`/en/labs/${LAB}/attempts/`));
  await page.goBack();
  await page.goto(page.url().replace('/en/', '/ko/'));
  await expect(page.getByRole('heading', { level: 2, name: '이 목표를 놓친 시도' })).toBeVisible();
  expect((await page.request.get(`/en/instructor/labs/${LAB}/goals/no-such-goal`, { failOnStatusCode: false })).status()).toBe(404);
});

test('a signed-out visitor gets a 401 from the export and is sent to sign in from the pages', async ({ page }) => {
  const r = await page.request.get('/api/instructor/export/questions.csv?locale=ko', { failOnStatusCode: false });
  expect(r.status()).toBe(401);
  expect(((await r.json()) as { error: string }).error).toBe('이 파일을 내려받으려면 강사 계정으로 로그인하세요.');
  await page.goto('/en/instructor/labs');
  await expect(page).toHaveURL(/\/en\/sign-in\?next=%2Fen%2Finstructor%2Flabs$/);
});

test('the dashboard pages pass an axe scan, in light and dark mode', async ({ page }) => {
  // axe reads every cell of the questions page (seventy-odd questions with their answer tables): about half a minute a scan on two cores
  test.setTimeout(150_000);
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('link', { name: 'Instructor' })).toBeVisible();
  for (const path of ['/en/instructor', '/en/instructor/questions', '/en/instructor/labs', '/en/instructor/learners', '/ko/instructor/content']) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: /Instructor dashboard|강사 대시보드/ })).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await page.goto('/en/instructor');
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectNoAxeViolations(page);
  await page.goto('/en/instructor/questions');
  await expectNoAxeViolations(page);
  // keyboard: Tab moves along the dashboard's links and the focused one shows an outline
  const nav = page.getByRole('navigation', { name: 'Instructor dashboard' });
  await nav.getByRole('link', { name: 'Overview' }).focus();
  await page.keyboard.press('Tab');
  const questions = nav.getByRole('link', { name: 'Questions' });
  await expect(questions).toBeFocused();
  expect(await questions.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
});

test('on a phone no dashboard page scrolls sideways: wide tables scroll in their own regions', async ({ page, browser }) => {
  // a learner with a lab attempt, so their page has the attempts table and its replay column
  const learnerPage = await browser.newPage();
  const learner = uniqueEmail('phone');
  await signUp(learnerPage, learner);
  expect((await postAttempt(learnerPage, LAB, { actionLog: [], idempotencyKey: newIdempotencyKey() })).status()).toBe(200);
  await learnerPage.close();

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('link', { name: 'Instructor' })).toBeVisible();
  await page.setViewportSize(PHONE);
  for (const path of ['/en/instructor', '/en/instructor/questions', '/ko/instructor/labs', '/en/instructor/learners', '/ko/instructor/users', '/en/instructor/content']) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: /Instructor dashboard|강사 대시보드/ })).toBeVisible();
    expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
  }
  await page.goto(`/en/instructor/learners?q=${encodeURIComponent(learner)}`);
  await page.getByRole('link', { name: learner, exact: true }).click();
  await expect(page.getByRole('table', { name: /^Lab attempts of / })).toBeVisible();
  expect(await sidewaysOverflow(page), page.url()).toBeLessThanOrEqual(0);
});
